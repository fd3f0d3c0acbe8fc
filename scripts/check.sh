#!/usr/bin/env bash
# The edit loop's check (make check): lint, strict typing, and the fast tests, in parallel. The slow
# kinds are left to make test: e2e (whole programs in a terminal), audio (the null sinks), realtime
# (a clip at its own speed), slow (a second or more of one core each).
set -uo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check companion card_codes printables kit tests bench || exit 1
.venv/bin/mypy || exit 1
workers=${TEST_WORKERS:-$(nproc)}
exec .venv/bin/python -m pytest -n "$workers" -q -m "not (e2e or audio or realtime or slow)" --durations=5 "$@"
