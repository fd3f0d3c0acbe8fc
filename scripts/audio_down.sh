#!/usr/bin/env bash
# Stop the PulseAudio server started by audio_up.sh.
if [ -z "${PA_DIR:-}" ]; then echo 'PA_DIR is not set' >&2; exit 1; fi
[ -f "$PA_DIR/keeper.pids" ] && kill $(cat "$PA_DIR/keeper.pids") 2>/dev/null
PULSE_SERVER="unix:$PA_DIR/native" pactl exit 2>/dev/null || true
rm -rf "$PA_DIR"
