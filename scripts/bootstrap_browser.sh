#!/usr/bin/env bash
# What the browser tests need besides `make bootstrap` (make test runs it): Debian's Chromium
# (the headless browser Playwright drives) and axe-core (npm), kept in .venv/npm, out of the repo.
# Quick when both are there; one line saying what failed otherwise.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
LOG=${TMPDIR:-/tmp}/companion-browser.$$.log
AXE_VERSION=4.14.1

fail() {
  echo "bootstrap (browser tests): $1" >&2
  exit 1
}

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "not root and no sudo: ask an administrator to run: apt-get install ${need[*]}"
    SUDO=(sudo)
  fi
  echo "bootstrap: installing ${need[*]} for the browser tests (apt-get, a minute or two the first time)"
  export DEBIAN_FRONTEND=noninteractive
  opts=(-o "DPkg::Lock::Timeout=${APT_LOCK_WAIT:-120}" -q)
  { "${SUDO[@]}" apt-get "${opts[@]}" update && \
    "${SUDO[@]}" apt-get "${opts[@]}" install -y --no-install-recommends "${need[@]}"; } >"$LOG" 2>&1 \
    || fail "apt-get install ${need[*]} failed ($(grep -E '^E:' "$LOG" | tail -n 1 | cut -c1-160)); the full output is in $LOG"
  rm -f "$LOG"
fi

axe=.venv/npm/node_modules/axe-core/axe.min.js
if [ ! -f "$axe" ] || ! grep -q "axe v$AXE_VERSION" "$axe"; then
  echo "bootstrap: installing axe-core $AXE_VERSION for the accessibility tests (npm)"
  mkdir -p .venv/npm
  (cd .venv/npm && npm install --no-audit --no-fund --silent --no-save "axe-core@$AXE_VERSION") >"$LOG" 2>&1 \
    || fail "npm install axe-core failed ($(tail -n 1 "$LOG" | cut -c1-160)); check access to the npm registry"
  rm -f "$LOG"
fi
exit 0
