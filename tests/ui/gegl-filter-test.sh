#!/usr/bin/env bash
# The GEGL operation in the real GIMP 3 GUI, under Xvfb, as a user finds it:
#   1. GIMP starts with a private profile whose ~/.local/share/gegl-0.4/
#      plug-ins holds the freshly built module; a batch shows a white image.
#   2. Filters ▸ Render ▸ Tessera: Live Filter (Editable)… opens the filter
#      dialog (the menu entry is the last of Render's); the whole canvas
#      shows the texture (on-canvas preview) — screenshot for the README.
#   3. The seed's "+" changes the property: the canvas preview changes.
#   4. OK: the layer carries one tessera:texture filter (the batch, told by
#      a file, reads gimp-drawable-get-filters); the fx button shows the
#      layer's filter list — screenshot for the README.
#
#   gegl-filter-test.sh MODULE OUTDIR SRCDIR
# Needs gimp-3, gimp-console-3, Xvfb, xdotool, ImageMagick (import, convert, compare).
set -euo pipefail

module=$(readlink -f "$1")
outdir=$(readlink -f "$2")
srcdir=$(readlink -f "$3")
. "$(dirname "$(readlink -f "$0")")/gui-session.sh"
gui_session_start "$outdir" gegl-gui 1400x900

# The module, where GIMP's GEGL looks for a user's operations.
mkdir -p "$XDG_DATA_HOME/gegl-0.4/plug-ins"
cp "$module" "$XDG_DATA_HOME/gegl-0.4/plug-ins/tessera-gegl.so"

script="
(let* ((img (car (gimp-image-new 480 360 RGB)))
       (lay (car (gimp-layer-new img \"bg\" 480 360 RGB-IMAGE 100 LAYER-MODE-NORMAL))))
  (gimp-image-insert-layer img lay 0 0)
  (gimp-drawable-fill lay FILL-WHITE)
  (gimp-display-new img)
  (let loop ((n 0)) (if (and (< n 2400) (not (file-exists? \"$work/ok-pressed\"))) (begin (usleep 50000) (loop (+ n 1)))))
  (let ((fs (car (gimp-drawable-get-filters lay))))
    (call-with-output-file \"$work/filters.txt\"
      (lambda (p) (display (vector-length fs) p) (display \" \" p)
                  (if (> (vector-length fs) 0)
                      (display (car (gimp-drawable-filter-get-operation-name (vector-ref fs 0))) p))))))"
setsid gimp-3 --no-splash --batch-interpreter=plug-in-script-fu-eval -b "$script" >"$work/gimp.log" 2>&1 &
gimp_pid=$!

image_window () { xdotool search --onlyvisible --name ' – GIMP$' 2>/dev/null | head -n 1; }
filter_window () { xdotool search --onlyvisible --name '^Tessera Texture \(tessera:texture\)$' 2>/dev/null | head -n 1; }
has_image () { [ -n "$(image_window)" ]; }
has_filter () { [ -n "$(filter_window)" ]; }
no_filter () { [ -z "$(filter_window)" ]; }
wait_for 90 has_image || fail "GIMP's image window did not show"
sleep 2
eval "$(xdotool getwindowgeometry --shell "$(image_window)")"   # X Y WIDTH HEIGHT of the image window
log "image window at ${X},${Y}"

# The menu bar's Filters, then Render (keyboard: GIMP's menus are the same
# size whatever the theme), then the last entry of Render.
xdotool mousemove $(( X + 426 )) $(( Y + 12 )) click 1; sleep 1
xdotool key --clearmodifiers Up Up Up Up; sleep 0.3   # Development, Animation, Web, Render
xdotool key --clearmodifiers Right; sleep 0.8
xdotool key --clearmodifiers Up; sleep 0.3
xdotool key --clearmodifiers Return
wait_for 60 has_filter || fail "Filters > Render > Tessera: Live Filter (Editable) did not open the filter"
log "the filter dialog is open"
# Beside the image window, so the whole canvas shows (there is no window
# manager to place it).
xdotool windowmove "$(filter_window)" $(( X + 952 )) "$Y"
sleep 1

# The canvas: the 480x360 image at 100 %.
canvas_crop () {   # canvas_crop OUT
  import -window root "$work/screen.png"
  convert "$work/screen.png" -crop "470x350+$(( X + 218 ))+$(( Y + 134 ))" +repage "$1"
}
# Pixels that differ between two images, counted the same way by every
# ImageMagick (7.1.2's compare -metric AE no longer counts pixels).
pixels_differ () {
  convert "$1" "$2" -compose difference -composite -colorspace Gray -threshold 0 \
    -format '%[fx:round(mean*w*h)]' info:
}
settled () {   # two screenshots a second apart are the same
  canvas_crop "$work/a.png"; sleep 1; canvas_crop "$work/b.png"
  [ "$(pixels_differ "$work/a.png" "$work/b.png")" = 0 ]
}
wait_for 30 settled || fail "the canvas preview never settled"
cp "$work/b.png" "$work/before.png"
spread=$(convert "$work/before.png" -colorspace Gray -format '%[fx:standard_deviation]' info:)
log "canvas preview spread: $spread"
awk -v s="$spread" 'BEGIN { exit !(s > 0.05) }' || fail "the canvas shows no texture (spread $spread)"
mkdir -p "$srcdir/docs/screenshots"
import -window root "$outdir/gegl-filter-screen.png"
convert "$outdir/gegl-filter-screen.png" -crop "1340x610+$X+$Y" +repage \
  "$srcdir/docs/screenshots/gegl-filter.png"

# The seed's "+": the second row of the dialog, near its right end (left of
# the scroll bar the dialog gets when its rows outgrow the screen).
eval "$(xdotool getwindowgeometry --shell "$(filter_window)" | sed 's/^/D/')"
xdotool mousemove $(( DX + DWIDTH - 28 )) $(( DY + 115 )) click 1
sleep 1
wait_for 30 settled || fail "the canvas preview never settled after the seed changed"
changed=$(pixels_differ "$work/before.png" "$work/b.png")
log "pixels changed on the canvas after seed +1: $changed"
[ "$changed" -gt 50000 ] || fail "the canvas preview did not change with the seed ($changed pixels)"

# OK, by its mnemonic
xdotool windowfocus --sync "$(filter_window)" 2>/dev/null || true
xdotool key --clearmodifiers alt+o
wait_for 30 no_filter || fail "OK did not close the filter dialog"
sleep 1
# The layer's fx button (Layers dialog) lists its filters.
xdotool mousemove $(( X + 796 )) $(( Y + 511 )) click 1
sleep 1.5
import -window root "$outdir/gegl-filter-list-screen.png"
convert "$outdir/gegl-filter-list-screen.png" -crop "949x610+$X+$Y" +repage \
  "$srcdir/docs/screenshots/gegl-filter-list.png"
xdotool key --clearmodifiers Escape
touch "$work/ok-pressed"
wait_for 60 test -s "$work/filters.txt" || fail "the batch did not report the layer's filters"
log "layer filters: $(cat "$work/filters.txt")"
[ "$(cat "$work/filters.txt")" = "1 tessera:texture" ] || fail "the layer does not carry the filter"
log "PASS"
