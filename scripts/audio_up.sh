#!/usr/bin/env bash
# Start a private PulseAudio server with null sinks (a table speaker and a seat's
# earpiece), so tests and benchmarks play through a real audio device and record
# it back from the sinks' monitors. Prints the environment to eval.
# Recipe measured in the project's speech notes; the keepers stop the 2 s null-sink
# latency that otherwise stalls new streams.
set -euo pipefail
PA_DIR=${PA_DIR:-$(mktemp -d /tmp/companion-pa.XXXXXX)}
export PULSE_SERVER="unix:$PA_DIR/native"
SINKS=(table seat_north seat_south)
args=(--load="module-native-protocol-unix socket=$PA_DIR/native auth-anonymous=1")
for s in "${SINKS[@]}"; do
  args+=(--load="module-null-sink sink_name=$s sink_properties=device.description=$s rate=48000 channels=2 channel_map=front-left,front-right")
done
pulseaudio --daemonize=yes --exit-idle-time=-1 -n --use-pid-file=no \
  --log-target="file:$PA_DIR/pulse.log" "${args[@]}" >/dev/null 2>&1
for _ in $(seq 1 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl set-default-sink table
pactl set-default-source table.monitor
: > "$PA_DIR/keeper.pids"
for s in "${SINKS[@]}"; do
  parec --device="$s.monitor" --latency-msec=10 --raw > /dev/null 2>&1 &
  echo $! >> "$PA_DIR/keeper.pids"
done
for _ in $(seq 1 50); do
  pactl list sinks | awk '/^\tLatency:/ { if ($2 > 100000) slow = 1 } END { exit slow }' && break
  sleep 0.1
done
mkdir -p "$PA_DIR/xdg/alsa"
{
  for s in "${SINKS[@]}"; do
    echo "pcm.$s { type pulse; device \"$s\"; hint { show on description \"$s\" } }"
    echo "pcm.${s}_monitor { type pulse; device \"$s.monitor\"; hint { show on description \"capture of $s\" } }"
  done
  echo 'pcm.!default { type pulse; device "table" }'
} > "$PA_DIR/xdg/alsa/asoundrc"
echo "export PA_DIR=$PA_DIR PULSE_SERVER=$PULSE_SERVER XDG_CONFIG_HOME=$PA_DIR/xdg"
