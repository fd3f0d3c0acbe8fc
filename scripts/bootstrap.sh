#!/usr/bin/env bash
# Install what companion needs on a Debian machine, quickly when it is all there.
# Step 1: Python 3.11 or newer. Step 2: the Debian packages (as root, or with sudo).
# Step 3: a .venv with the project installed in editable mode. Safe to run again: each
# step checks before it acts, and the second run costs well under a second.
# Every failure says, in one line, which step failed and what to do about it.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

DEBS=(
  libzbar0                 # pyzbar, the second decoder
  espeak-ng libespeak-ng1  # the speech synthesizer behind pyttsx3
  libportaudio2            # sounddevice
  libasound2-plugins       # ALSA's pulse plugin, so PortAudio sees PulseAudio sinks by name
  pulseaudio pulseaudio-utils  # the null-sink audio device the tests record from
  speech-dispatcher speech-dispatcher-espeak-ng  # the spd-say backend
  brltty                   # BrlAPI's server: braille displays, and the braille tests' virtual one
  liblouis20 liblouis-data # Braille translation
  liblouis-bin             # lou_translate: tests compare our Braille with liblouis's own tool
  poppler-utils            # pdftoppm, to rasterise label sheets in tests
  fonts-dejavu-core        # large print and ink Braille glyphs
  tmux                     # the end-to-end terminal tests
  sox                      # measuring recorded audio in tests and benchmarks
)
APT_LOCK_WAIT=${APT_LOCK_WAIT:-120}  # seconds to wait for another program's dpkg lock
LOG=${TMPDIR:-/tmp}/companion-bootstrap.$$.log

fail() {  # fail STEP WHAT-TO-DO: one line, then exit 1
  echo "bootstrap: $1 failed: $2" >&2
  exit 1
}

last_error() {  # the most telling line of a command's output
  grep -E '^(E:|ERROR|error)' "$LOG" 2>/dev/null | tail -n 1 | cut -c1-200
}

# -- step 1: Python --------------------------------------------------------------------------
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1; then
  fail "step 1 (Python)" "no '$PY' found: install Python 3.11 or newer (apt-get install python3), or set PYTHON=/path/to/python3."
fi
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  version=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo '?')
  fail "step 1 (Python)" "$PY is Python $version; companion needs 3.11 or newer (Debian 12 has it), or set PYTHON=/path/to/python3.11."
fi

# -- step 2: Debian packages -----------------------------------------------------------------
# One dpkg-query for all. It exits 1 when any package is unknown to dpkg (never installed):
# that is an answer here, not an error.
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${DEBS[@]}" 2>/dev/null \
              | awk '$4 == "installed" { print $1 }' || true)
  for p in "${DEBS[@]}"; do
    grep -qx -- "$p" <<<"$installed" || missing+=("$p")
  done
else
  echo "bootstrap: not a Debian system (no dpkg-query): skipping the Debian packages; install their equivalents yourself: ${DEBS[*]}" >&2
fi
# The venv module may come without ensurepip (Debian's python3 needs python3-venv).
need_venv_pkg=""
if [ ! -x .venv/bin/python ] && ! "$PY" -c 'import venv, ensurepip' 2>/dev/null; then
  need_venv_pkg="python3-venv"
  [ "$(command -v "$PY")" = /usr/bin/python3 ] || need_venv_pkg=""
  [ -n "$need_venv_pkg" ] && missing+=("$need_venv_pkg")
fi

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      SUDO=(sudo)
    else
      fail "step 2 (Debian packages)" "not root and no sudo: run 'make' as root once, or ask an administrator to run: apt-get install ${missing[*]}"
    fi
  fi
  echo "bootstrap: installing ${#missing[@]} Debian packages (apt-get, a minute or two the first time): ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt_opts=(-o "DPkg::Lock::Timeout=$APT_LOCK_WAIT" -q)
  if ! "${SUDO[@]}" apt-get "${apt_opts[@]}" update >"$LOG" 2>&1; then
    err=$(last_error)
    if grep -q 'Could not get lock' "$LOG"; then
      fail "step 2 (Debian packages, apt-get update)" "another program holds the package lock (${err:-dpkg lock}); wait until it has finished, then run make again."
    fi
    fail "step 2 (Debian packages, apt-get update)" "the package index could not be reached (${err:-no reason given}); check the network and /etc/apt/sources.list, then run make again."
  fi
  if ! "${SUDO[@]}" apt-get "${apt_opts[@]}" install -y --no-install-recommends "${missing[@]}" >"$LOG" 2>&1; then
    err=$(last_error)
    if grep -q 'Could not get lock' "$LOG"; then
      fail "step 2 (Debian packages, apt-get install)" "another program holds the package lock (${err:-dpkg lock}); wait until it has finished, then run make again."
    fi
    fail "step 2 (Debian packages, apt-get install)" "${err:-apt-get install failed}; fix that, then run make again (the full output was in $LOG)."
  fi
  rm -f "$LOG"
fi

# -- step 3: the .venv -----------------------------------------------------------------------
stamp=.venv/.installed
if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv with $("$PY" --version 2>&1)"
  if ! "$PY" -m venv .venv >"$LOG" 2>&1; then
    rm -rf .venv
    fail "step 3 (.venv)" "'$PY -m venv' did not work ($(tail -n 1 "$LOG" | cut -c1-120)); on Debian install python3-venv (apt-get install python3-venv), then run make again."
  fi
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "bootstrap: installing companion and its Python packages into .venv (from PyPI, about a minute the first time)"
  if ! { .venv/bin/python -m pip install -q --upgrade pip && .venv/bin/python -m pip install -q -e ".[test]"; } >"$LOG" 2>&1; then
    err=$(grep -E '^ERROR' "$LOG" | tail -n 1 | cut -c1-200)
    fail "step 3 (.venv, pip install)" "${err:-pip could not install the Python packages}; check access to PyPI, then run make again (the full output is in $LOG)."
  fi
  rm -f "$LOG"
  touch "$stamp"
fi
exit 0
