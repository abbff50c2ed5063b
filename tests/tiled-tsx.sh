#!/bin/sh
# Tiled loads the tileset `tessera render --wang corner` writes beside its
# atlas, and finds the corner Wang set with its 16 tiles and two colours:
# exported to JSON by Tiled's own command line (Tiled drops a Wang set it
# cannot read and still succeeds, so the export is what is checked).
#   tiled-tsx.sh TESSERA
set -eu
cli=$1
if ! command -v tiled >/dev/null 2>&1; then
  echo "SKIP: Tiled is not installed (Debian: apt-get install tiled; tools/install-build-deps does)"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$cli" render clouds palette=grass --size 32x32 --wang corner --terrain sand --output "$dir/set.png"
QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=$dir HOME=$dir \
  tiled --export-tileset json "$dir/set.tsx" "$dir/set.json" 2>"$dir/tiled.err" ||
  { cat "$dir/set.json" "$dir/tiled.err" >&2 2>/dev/null; echo "tiled failed" >&2; exit 1; }
json=$(tr -d ' \n\t' <"$dir/set.json")
fail () { echo "tiled-tsx: $1; Tiled exported:" >&2; cat "$dir/set.json" >&2; exit 1; }
case $json in *'"type":"corner"'*) ;; *) fail "no corner Wang set" ;; esac
case $json in *'"name":"grass"'*'"name":"sand"'*) ;; *) fail "not the colours grass and sand" ;; esac
[ "$(printf %s "$json" | grep -o '"wangid"' | wc -l)" -eq 16 ] || fail "not 16 Wang tiles"
case $json in *'"imagewidth":128'*) ;; *) fail "not the 128-pixel atlas" ;; esac
echo "$(QT_QPA_PLATFORM=offscreen HOME=$dir tiled --version 2>/dev/null) read the corner set"
