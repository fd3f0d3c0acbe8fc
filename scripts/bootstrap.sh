#!/usr/bin/env bash
# Install what companion needs on a Debian machine, quickly when it is all there.
# Debian packages first (as root, or with sudo), then a .venv with the project
# installed in editable mode. Safe to run again: each step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBS=(
  libzbar0                 # pyzbar, the second decoder
  espeak-ng libespeak-ng1  # the speech synthesizer behind pyttsx3
  libportaudio2            # sounddevice
  libasound2-plugins       # ALSA's pulse plugin, so PortAudio sees PulseAudio sinks by name
  pulseaudio pulseaudio-utils  # the null-sink audio device the tests record from
  speech-dispatcher speech-dispatcher-espeak-ng  # the spd-say backend
  liblouis20 liblouis-data # Braille translation
  liblouis-bin             # lou_translate: tests compare our Braille with liblouis's own tool
  poppler-utils            # pdftoppm, to rasterise label sheets in tests
  fonts-dejavu-core        # large print and ink Braille glyphs
  tmux                     # the end-to-end terminal tests
  sox                      # measuring recorded audio in tests and benchmarks
)

# one dpkg-query for all: the second run of `make test` should cost well under a second
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${DEBS[@]}" 2>/dev/null | awk '$4 == "installed" { print $1 }')
missing=()
for p in "${DEBS[@]}"; do
  grep -qx "$p" <<<"$installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
stamp=.venv/.installed
if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv"
  "$PY" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "bootstrap: installing companion and its Python dependencies into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[test]"
  touch "$stamp"
fi
