#!/usr/bin/env bash
# Runs a command with an X display: the current one when DISPLAY is set, else a private Xvfb
# (1280x800, like the end-to-end tests) started here and stopped by its own PID afterwards.
set -euo pipefail
if [ -n "${DISPLAY:-}" ]; then exec "$@"; fi
for n in $(seq 90 139); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { display=":$n"; break; }
done
[ -n "${display:-}" ] || { echo "error: no free X display number for Xvfb" >&2; exit 1; }
# -noreset: without it the server resets whenever its last client leaves, and a program
# connecting during the reset (the bench's next launch) is refused.
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do DISPLAY="$display" xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
DISPLAY="$display" "$@"
