#!/usr/bin/env bash
# The test suite: lint and strict typing, then pytest with a real (null-sink) audio device running.
set -uo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check companion card_codes printables tests bench || exit 1
# strict typing of the pure core (the engine, the games, card_codes: pyproject.toml [tool.mypy])
.venv/bin/mypy || exit 1
eval "$(bash scripts/audio_up.sh)"
trap 'bash scripts/audio_down.sh' EXIT
# the user's own config and data folders stay untouched by tests
export COMPANION_HOME=$(mktemp -d /tmp/companion-home.XXXXXX)
.venv/bin/python -m pytest "$@"
