#!/usr/bin/env bash
# The dialog in the real GIMP 3 GUI, under Xvfb, driven like a user would:
#
#   1. GIMP starts with a private profile whose plug-ins/tessera/tessera is
#      the freshly built plug-in; a Script-Fu batch sets GIMP's foreground
#      and background colours, makes a white 256x192 image, shows it and
#      runs the plug-in interactively.
#   2. When the dialog shows: screenshot (the test's output dir, and
#      docs/screenshots/dialog.png for the README), press "New seed"
#      (Ctrl+N), screenshot again.  The region that changed is the preview:
#      it must be large, not flat, and show exactly what OK then writes.
#   3. OK (Alt+O): the batch exports the layer; it must hold the texture,
#      in the foreground/background colours (first use).
#   4. The batch runs the plug-in again on a second white image: Escape
#      must leave it white.
#
#   gui-test.sh PLUGIN OUTDIR SRCDIR
# Needs gimp-3, gimp-console-3, Xvfb, xdotool, ImageMagick (import, convert), python3.
# TESSERA_KEEP_GUI_TEST=1 keeps the work folder (profile, exports, logs).
set -euo pipefail

plugin=$(readlink -f "$1")
outdir=$(readlink -f "$2")
srcdir=$(readlink -f "$3")
here=$(dirname "$(readlink -f "$0")")
check="python3 $here/gui-check.py"

. "$here/gui-session.sh"
gui_session_start "$outdir" gui-test 1280x900

# An exported PNG is complete: it exists, decodes, and its size stopped
# changing (GIMP may still be writing it when it first appears).
png_ready () {
  local size
  size=$(stat -c %s "$1" 2>/dev/null) || return 1
  [ "$size" -gt 0 ] || return 1
  sleep 0.3
  [ "$(stat -c %s "$1")" = "$size" ] && identify "$1" >/dev/null 2>&1
}

# ---- the profile: the plug-in -----------------------------------------------
mkdir -p "$profile/plug-ins/tessera"
cp "$plugin" "$profile/plug-ins/tessera/tessera"

# ---- the batch ------------------------------------------------------------
# Foreground and background: the colours a first use of the dialog takes.
fg="32 64 160"
bg="250 235 200"
script="
(let* ((make (lambda ()
               (let* ((img (car (gimp-image-new 256 192 RGB)))
                      (lay (car (gimp-layer-new img \"bg\" 256 192 RGB-IMAGE 100
                                                LAYER-MODE-NORMAL))))
                 (gimp-image-insert-layer img lay 0 0)
                 (gimp-drawable-fill lay FILL-WHITE)
                 (gimp-display-new img)
                 (list img lay))))
       (run (lambda (il)
              (catch #f (plug-in-tessera #:run-mode RUN-INTERACTIVE
                                         #:image (car il)
                                         #:drawables (vector (cadr il))))))
       (save (lambda (il file)
               (gimp-file-save RUN-NONINTERACTIVE (car il) file -1)))
       (one (begin (gimp-context-set-foreground (list $fg))
                   (gimp-context-set-background (list $bg))
                   (make))))
  (save one \"$work/before-ok.png\")
  (run one)
  (save one \"$work/after-ok.png\")
  (let ((two (make)))
    (save two \"$work/before-cancel.png\")
    (run two)
    (save two \"$work/after-cancel.png\")))"

setsid gimp-3 --no-splash --batch-interpreter=plug-in-script-fu-eval -b "$script" \
  >"$work/gimp.log" 2>&1 &
gimp_pid=$!
log "GIMP started"

dialog_window () {
  # The newest toplevel titled like the dialog.
  xdotool search --onlyvisible --name '^Tessera Textures$' 2>/dev/null | tail -n 1
}
has_dialog () { [ -n "$(dialog_window)" ]; }
no_dialog () { [ -z "$(dialog_window)" ]; }

shoot_window () {   # shoot_window WINDOW FILE
  import -window "$1" "$2" 2>/dev/null
}

# Screenshots of the window until two in a row are identical: the preview
# has settled (renders are a few ms; GIMP's preview timer 200 ms).
shoot_settled () {   # shoot_settled WINDOW FILE
  local prev="$work/settle-a.png" next="$work/settle-b.png"
  shoot_window "$1" "$prev"
  for _ in $(seq 1 40); do
    sleep 0.3
    shoot_window "$1" "$next"
    if $check same "$prev" "$next" >/dev/null; then
      cp "$next" "$2"
      return 0
    fi
    mv "$next" "$prev"
  done
  return 1
}

# ---- run 1: look, change, OK ------------------------------------------------
wait_for 240 has_dialog || fail "the dialog did not show within 240 s"
win=$(dialog_window)
log "dialog shown (window $win)"
xdotool windowfocus --sync "$win" 2>/dev/null || true

shoot_settled "$win" "$work/dialog-1.png" || fail "the dialog never settled"
import -window root "$outdir/gui-dialog-screen.png"
geometry=$(xdotool getwindowgeometry --shell "$win")
eval "$geometry"   # X Y WIDTH HEIGHT
convert "$outdir/gui-dialog-screen.png" -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage \
  "$outdir/gui-dialog.png"
mkdir -p "$srcdir/docs/screenshots"
cp "$outdir/gui-dialog.png" "$srcdir/docs/screenshots/dialog.png"
log "screenshots: $outdir/gui-dialog-screen.png, docs/screenshots/dialog.png"

xdotool key --clearmodifiers ctrl+n
sleep 0.5
shoot_settled "$win" "$work/dialog-2.png" || fail "the dialog never settled after New seed"
cp "$work/dialog-2.png" "$outdir/gui-dialog-new-seed.png"
region=$($check preview-region "$work/dialog-1.png" "$work/dialog-2.png") ||
  fail "no preview-sized region changed after New seed: $region"
log "the preview changed: $region"

xdotool key --clearmodifiers alt+o
wait_for 30 no_dialog || fail "OK did not close the dialog"
wait_for 60 png_ready "$work/after-ok.png" || fail "no export after OK within 60 s"
log "OK: the layer was exported"
$check rendered "$work/before-ok.png" "$work/after-ok.png" $fg $bg ||
  fail "the layer does not hold the texture"
$check preview-matches "$work/dialog-2.png" $region "$work/after-ok.png" ||
  fail "the preview does not show what OK rendered"

# ---- run 2: Cancel ------------------------------------------------------------
wait_for 120 has_dialog || fail "the second dialog did not show within 120 s"
win=$(dialog_window)
log "second dialog shown (window $win)"
xdotool windowfocus --sync "$win" 2>/dev/null || true
sleep 0.5
xdotool key --clearmodifiers Escape
wait_for 30 no_dialog || fail "Escape did not close the dialog"
wait_for 60 png_ready "$work/after-cancel.png" || fail "no export after Cancel within 60 s"
$check same "$work/before-cancel.png" "$work/after-cancel.png" ||
  fail "Cancel changed the layer"
log "Cancel: the layer is unchanged"
log "PASS"
