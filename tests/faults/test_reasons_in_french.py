"""Reasons said in the user's language, never the system's English (issue 28, finding 9).

Before: a braille server name no resolver knows was "Braille : pas d'afficheur (pas de serveur
braille à nosuchhost.invalid:1 (Name or service not known))"; speech-dispatcher's failures
were its own English words ("exit code 1", "no answer", the last line spd-say wrote); a
failure inside the voice's worker was "RuntimeError: ..." in a French line.
"""

from __future__ import annotations

import errno
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from companion.messages import os_reason
from companion.speech.speechd import SpeechdSpeaker

from .conftest import COMPANION, TIMEOUT, child_env

ENGLISH = ("Name or service", "not known", "No route", "timed out", "Invalid", "exit code", "no answer",
           "Error", "error:", "Connection", "Cross-device")


@pytest.mark.parametrize("error", [
    socket.gaierror(socket.EAI_NONAME, "Name or service not known"),
    TimeoutError("timed out"),
    OSError(errno.EHOSTUNREACH, "No route to host"),
    OSError(errno.ETIMEDOUT, "Connection timed out"),
    OSError(errno.EXDEV, "Invalid cross-device link"),
    OSError("a library's own words"),
], ids=["unknown-host", "timeout", "unreachable", "timed-out", "other-errno", "no-errno"])
def test_a_system_error_is_said_in_words_of_the_users_language(error: OSError) -> None:
    french, english = os_reason(error, "fr"), os_reason(error, "en")
    assert french != english and not any(word in french for word in ENGLISH), french
    assert str(error) not in french and str(error) not in english


def test_speech_dispatcher_failing_is_said_in_french(tmp_path: Path) -> None:
    spd = tmp_path / "spd-say"
    spd.write_text("#!/bin/sh\necho 'Failed to connect to Speech Dispatcher: error: timed out' >&2\nexit 1\n")
    spd.chmod(0o755)
    said: list[str] = []
    SpeechdSpeaker("fr", said.append, command=str(spd)).say("Bonjour.")
    assert said == ["spd-say s'est arrêté avec le code 1"]
    SpeechdSpeaker("en", said.append, command=str(spd)).say("Hello.")
    assert said[1] == "spd-say stopped with code 1"


def braille_line(home: Path, host: str, *lang: str) -> str:
    """`companion play tatsu --synthetic` with braille on at ``host``: the braille line it says."""
    env = child_env(home)
    for setting in ("braille=on", f"braille_host={host}"):
        subprocess.run([COMPANION, "config", "--set", setting], env=env, capture_output=True,
                       timeout=TIMEOUT, check=True)
    process = subprocess.Popen([COMPANION, "play", "tatsu", "--synthetic", "--text", *lang], env=env,
                               cwd=home, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    assert process.stdin is not None and process.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)  # type: ignore[arg-type]
    reader.start()
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and not any(ln.startswith("Braille") for ln in lines):
        time.sleep(0.1)
    process.stdin.write("quitte\n")
    process.stdin.close()
    process.wait(timeout=TIMEOUT)
    reader.join(TIMEOUT)
    assert not any("Traceback" in ln for ln in lines), lines
    return next((ln.strip() for ln in lines if ln.startswith("Braille")), "")


def test_a_braille_server_no_resolver_knows_is_said_in_french(home: Path) -> None:
    line = braille_line(home, "nosuchhost.invalid:1")
    assert line == ("Braille : pas d'afficheur (pas de serveur braille à nosuchhost.invalid:1 "
                    "(nom de machine inconnu)). Je continue sans."), line


def test_the_same_in_english(home: Path) -> None:
    line = braille_line(home, "nosuchhost.invalid:1", "--lang", "en")
    assert line.startswith("Braille: no display") and "(unknown host name)" in line, line


def test_a_synthesis_file_that_is_no_wav_is_said_in_french(tmp_path: Path) -> None:
    from companion.speech.synth import SynthError, _read_wav

    path = tmp_path / "phrase.wav"
    path.write_bytes(b"not a wav at all")
    with pytest.raises(SynthError) as caught:
        _read_wav(path)
    assert caught.value.text("fr") == "format WAV inattendu de la synthèse"
