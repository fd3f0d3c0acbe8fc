#!/usr/bin/env bash
# The whole test suite (make test, and so CI): lint and strict typing, then every test, in parallel.
# Each test process starts its own tmux server, data folder and (when a test needs one) PulseAudio
# null-sink server: tests/conftest.py and tests/worker.py. TEST_WORKERS sets how many run at once
# (default: more than the cores, since most tests wait on a terminal, a clip or a sound).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap_browser.sh || exit 1  # Chromium and axe-core, for the phones' pages
.venv/bin/ruff check companion card_codes printables kit tests bench || exit 1
# strict typing of the pure core (the engine, the games, card_codes: pyproject.toml [tool.mypy])
.venv/bin/mypy || exit 1
workers=${TEST_WORKERS:-$(( $(nproc) * 2 ))}
exec .venv/bin/python -m pytest -n "$workers" --dist loadgroup -rR --durations=10 --times-by-folder "$@"
