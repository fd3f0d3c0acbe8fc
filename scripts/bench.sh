#!/usr/bin/env bash
# The benchmarks of bench/, against the budgets of the design, with the audio device up.
set -uo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/audio_up.sh)"
trap 'bash scripts/audio_down.sh' EXIT
shopt -s nullglob
status=0
for b in bench/bench_*.py; do
  echo "== $b"
  .venv/bin/python "$b" || status=1
done
exit $status
