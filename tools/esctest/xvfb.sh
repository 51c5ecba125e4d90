# Sourced by the scripts that run real xterm (tools/esctest/run-xterm, tools/xcms-calibrate/run):
# start_xvfb DIR starts Xvfb (depth 24, no window manager) on a free display, exports DISPLAY and leaves its
# process id in XVFB_PID; the caller kills it. DIR receives the display number and Xvfb's messages.
start_xvfb() {
  local dir=$1
  # Xvfb picks a free display and writes its number to fd 3 once it accepts connections.
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.out" &
  XVFB_PID=$!
  for _ in $(seq 100); do [ -s "$dir/display" ] && break; sleep 0.1; done
  [ -s "$dir/display" ] || { cat "$dir/xvfb.out" >&2; echo "Xvfb did not start" >&2; return 1; }
  export DISPLAY=:$(cat "$dir/display")
}
