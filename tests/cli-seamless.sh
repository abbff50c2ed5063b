#!/bin/sh
# `tessera seamless`: reads PNG, TIFF, OpenEXR, WebP and JPEG photographs
# (grey, RGB, RGBA, palette; 8, 16 and 32 bits), keeps their depth, and
# refuses bad input with one line naming it, writing nothing.
#   cli-seamless.sh TESSERA PHOTO_DIR
set -eu
cli=$1
photos=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail () { echo "cli-seamless: $1" >&2; exit 1; }

# A PNG's bit depth and colour type (bytes 25 and 26 of the file).
png_kind () { od -An -tu1 -j24 -N2 "$1" | tr -s ' ' | sed 's/^ //'; }

# Photographs of every kind the renderer writes.
"$cli" render clouds --size 48x40 --output "$dir/rgb8.png"
"$cli" render clouds --size 48x40 --depth 16 --output "$dir/rgb16.png"
"$cli" render clouds --size 48x40 --depth 16 --output "$dir/rgb16.tif"
"$cli" render clouds --size 48x40 --depth 32 --output "$dir/float.tif"
"$cli" render clouds --size 48x40 --depth 32 --output "$dir/float.exr"
"$cli" render clouds --size 48x40 --output "$dir/rgb.webp"
"$cli" render clouds --size 48x40 --output "$dir/rgb.jpg"
"$cli" render marble --size 48x40 --depth 16 --output "$dir/marble.png"
cp "$photos/gravel.png" "$dir/grey8.png"

for f in rgb8.png rgb16.png rgb16.tif float.tif float.exr rgb.webp rgb.jpg grey8.png; do
  "$cli" seamless "$dir/$f" --output "$dir/out-$f" --size 64x48 seed=2 ||
    fail "$f was not made seamless"
  [ -s "$dir/out-$f" ] || fail "no tile from $f"
done
# The tile's depth and channels are the photograph's.
for f in rgb8.png rgb16.png marble.png; do
  [ -e "$dir/out-$f" ] || "$cli" seamless "$dir/$f" --output "$dir/out-$f"
  [ "$(png_kind "$dir/out-$f")" = "$(png_kind "$dir/$f")" ] ||
    fail "$f ($(png_kind "$dir/$f")) gave a $(png_kind "$dir/out-$f") PNG"
done
[ "$(png_kind "$dir/out-rgb16.png" | cut -d' ' -f1)" = 16 ] || fail "a 16-bit photograph gave 8 bits"
[ "$(png_kind "$dir/out-marble.png")" = "16 2" ] || fail "a 16-bit RGB photograph gave $(png_kind "$dir/out-marble.png")"
[ "$(png_kind "$dir/out-grey8.png")" = "8 0" ] || fail "a grey photograph gave $(png_kind "$dir/out-grey8.png"), not grey"
"$cli" seamless "$dir/float.exr" --output "$dir/float-to.png" || fail "float to 8-bit PNG"
"$cli" seamless "$dir/marble.png" --output "$dir/to8.png" --depth 8 || fail "--depth 8"
[ "$(png_kind "$dir/to8.png" | cut -d' ' -f1)" = 8 ] || fail "--depth 8 gave $(png_kind "$dir/to8.png")"

# A palette PNG (2 colours, 16 x 16) is expanded to its colours.
python3 - "$dir/indexed.png" <<'PY'
import struct, sys, zlib
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
rows = b''.join(b'\0' + bytes((x ^ y) & 1 for x in range(16)) for y in range(16))
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 16, 16, 8, 3, 0, 0, 0))
    + chunk(b'PLTE', bytes([200, 40, 40, 20, 20, 220])) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
PY
"$cli" seamless "$dir/indexed.png" --output "$dir/out-indexed.png" || fail "palette PNG refused"
[ "$(png_kind "$dir/out-indexed.png")" = "8 2" ] || fail "palette PNG gave $(png_kind "$dir/out-indexed.png"), not RGB"

# Bad input: exit status, one line naming the problem, nothing written,
# an existing target left as it was.
echo "keep" >"$dir/keep.png"
expect_refusal () {
  want=$1 words=$2
  shift 2
  status=0
  "$cli" seamless "$@" --output "$dir/new.png" 2>"$dir/err" || status=$?
  [ "$status" -eq "$want" ] || fail "'$*' exited $status, not $want: $(cat "$dir/err")"
  [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "'$*' did not say one line: $(cat "$dir/err")"
  grep -q -- "$words" "$dir/err" || fail "'$*' said '$(cat "$dir/err")', not '$words'"
  [ ! -e "$dir/new.png" ] || fail "'$*' wrote a file"
  status=0
  "$cli" seamless "$@" --output "$dir/keep.png" 2>/dev/null || status=$?
  [ "$status" -ne 0 ] && [ "$(cat "$dir/keep.png")" = keep ] || fail "'$*' touched the target"
}
expect_refusal 1 "cannot read" "$dir/missing.png"
expect_refusal 1 "is not a PNG, TIFF, OpenEXR, WebP or JPEG file" "$0"
printf '\211PNG\r\n\032\n broken' >"$dir/broken.png"
expect_refusal 1 "damaged PNG" "$dir/broken.png"
"$cli" render clouds --size 12x40 --output "$dir/small.png"
expect_refusal 2 "at least 16 pixels" "$dir/small.png"
expect_refusal 2 "tile size 40000x16" "$dir/rgb8.png" --size 40000x16
expect_refusal 2 "unknown setting\|not a setting" "$dir/rgb8.png" sead=1
expect_refusal 2 "overlap" "$dir/rgb8.png" overlap=2
# An RGBA photograph: refused for JPEG, which has no alpha; its alpha kept
# in PNG.
python3 - "$dir/alpha.png" <<'PY'
import struct, sys, zlib
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
rows = b''.join(b'\0' + b''.join(bytes(((x * 37) % 256, (y * 53) % 256, (x * y) % 256, 64 + (x + y) % 128))
                                   for x in range(32)) for y in range(32))
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 32, 32, 8, 6, 0, 0, 0))
    + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
PY
status=0
"$cli" seamless "$dir/alpha.png" --output "$dir/alpha.jpg" 2>"$dir/err" || status=$?
[ "$status" -eq 2 ] && grep -q "transparency" "$dir/err" && [ ! -e "$dir/alpha.jpg" ] ||
  fail "an RGBA photograph to JPEG: $(cat "$dir/err")"
"$cli" seamless "$dir/alpha.png" --output "$dir/alpha-out.png" || fail "RGBA photograph"
[ "$(png_kind "$dir/alpha-out.png")" = "8 6" ] || fail "RGBA photograph lost its alpha"
echo "seamless: every format read, bad input refused"
