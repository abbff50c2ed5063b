# Sourced by the GUI tests (gui-test.sh, gegl-filter-test.sh): a work
# folder, an Xvfb display, a private GIMP profile, waiting, and cleaning up
# GIMP and the display however the test ends.
#   gui_session_start OUTDIR NAME SCREEN   e.g. gui_session_start "$outdir" gui-test 1280x900
# sets profile (GIMP's user folder), work (kept when the test fails, or with TESSERA_KEEP_GUI_TEST=1),
# DISPLAY, HOME and the XDG folders; the test puts gimp_pid (setsid) in
# gimp_pid.  GIMP's output is expected in "$work/gimp.log".

xvfb_pid=
gimp_pid=
work=

log () { printf '%6.1f s  %s\n' "$(( $(date +%s%N) / 1000000 - t0 ))e-3" "$*"; }
fail () { log "FAIL: $*"; exit 1; }
t0=$(( $(date +%s%N) / 1000000 ))

gui_session_cleanup () {
  local status=$?
  # GIMP runs in its own process group (setsid): its plug-ins go with it.
  if [ -n "$gimp_pid" ]; then
    kill -TERM -- "-$gimp_pid" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 -- "-$gimp_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL -- "-$gimp_pid" 2>/dev/null || true
  fi
  if [ -n "$xvfb_pid" ]; then
    kill -TERM "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  if [ $status -ne 0 ]; then
    echo "---- GIMP's output (last 40 lines)"
    tail -n 40 "$work/gimp.log" 2>/dev/null || true
  fi
  if [ -n "$work" ]; then
    if [ "${TESSERA_KEEP_GUI_TEST:-0}" = 1 ] || [ $status -ne 0 ]; then
      echo "work folder kept: $work"
    else
      rm -rf "$work"
    fi
  fi
  exit $status
}

# Waits up to $1 seconds for command "$2..." to succeed, polling; gives up
# at once when GIMP has exited.
wait_for () {
  local limit=$1; shift
  local end=$(( $(date +%s) + limit ))
  until "$@"; do
    [ "$(date +%s)" -lt "$end" ] || return 1
    if [ -n "$gimp_pid" ] && ! kill -0 "$gimp_pid" 2>/dev/null; then
      log "GIMP exited"
      return 1
    fi
    sleep 0.25
  done
}

gui_session_start () {
  local outdir=$1 name=$2 screen=$3

  mkdir -p "$outdir"
  work=$(mktemp -d "$outdir/$name.XXXXXX")
  trap gui_session_cleanup EXIT
  trap 'exit 130' INT TERM

  # English labels and window titles, whatever the machine's locale.
  export LC_ALL=C.UTF-8 LANGUAGE=en

  # Xvfb picks a free display number itself and writes it to fd 3.
  Xvfb -displayfd 3 -screen 0 "${screen}x24" -nolisten tcp -noreset \
    3>"$work/display" >"$work/xvfb.log" 2>&1 &
  xvfb_pid=$!
  wait_for 20 test -s "$work/display" || fail "Xvfb did not start"
  export DISPLAY=":$(head -n 1 "$work/display")"
  log "Xvfb on $DISPLAY"

  export HOME="$work/home"
  export XDG_CONFIG_HOME="$HOME/.config"
  export XDG_CACHE_HOME="$HOME/.cache"
  export XDG_DATA_HOME="$HOME/.local/share"
  # GIMP names its user folder after its version: ask it, once, before the
  # GUI starts.
  profile=$("$(dirname "${BASH_SOURCE[0]}")/../../tools/gimp-user-folder")
  case $profile in
    "$HOME"/*) log "GIMP's user folder: $profile" ;;
    *) fail "GIMP did not name its user folder inside $HOME (got '$profile')" ;;
  esac
  printf '(show-welcome-dialog no)\n(check-updates no)\n(show-tips no)\n' >>"$profile/gimprc"
}
