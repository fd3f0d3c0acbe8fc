"""Who speaks: a voice per seat for its public actions, a neutral one for the companion.

A `Voice` is what the synthesizer is given: the language's espeak-ng voice ("roa/fr"),
an optional variant laid over it ("f2", from espeak-ng's ``voices/!v``) and a pitch
(espeak-ng's 0-99). A `SeatVoice` is a seat's choice of variant and pitch, written
``VARIANT:PITCH`` in the configuration ("f2:50", "m3", ":70"). The defaults, the stereo
positions of the seats, and the rate steps are data (``voices.toml``).
"""

from __future__ import annotations

import functools
import math
import os
import re
import subprocess
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import ClassVar

from companion.speech.audience import SpeechError

PITCH_RANGE = (0, 99)
_VARIANT_NAME = re.compile(r"^[A-Za-z0-9_ -]{1,40}$")


class VoiceError(SpeechError, ValueError):
    """A seat voice that cannot be used: ``key`` says why (messages.toml, area ``voice``);
    ``code`` is the configuration's message for it (bad_seat_voice, bad_pitch, unknown_variant),
    filled with the same ``params``."""

    area = "voice"
    CODES: ClassVar[dict[str, str]] = {
        "bad_variant": "bad_seat_voice", "bad_pitch_text": "bad_seat_voice", "pitch_range": "bad_pitch",
        "unknown_variant": "unknown_variant"}

    @property
    def code(self) -> str:
        return self.CODES.get(self.key, "bad_seat_voice")


@functools.cache
def _data() -> dict:
    return tomllib.loads(resources.files("companion.speech").joinpath("voices.toml").read_text("utf-8"))


@dataclass(frozen=True)
class Voice:
    """A voice for the synthesizer: base voice id, variant (or None) and pitch."""

    base: str
    variant: str | None = None
    pitch: int = 50

    @property
    def id(self) -> str:
        """The name espeak-ng selects: "roa/fr" or "roa/fr+f2"."""
        return self.base if not self.variant else f"{self.base}+{self.variant}"

    def __str__(self) -> str:
        return f"{self.id}@{self.pitch}"


@dataclass(frozen=True)
class SeatVoice:
    """A seat's variant and pitch, over whatever language voice the game speaks."""

    variant: str | None
    pitch: int

    @classmethod
    def parse(cls, text: str) -> SeatVoice:
        """ "f2:60", "f2" (the default pitch), ":60" (no variant) or "60"."""
        text = str(text).strip()
        variant, sep, pitch_text = text.partition(":")
        if not sep and text.isdigit():
            variant, pitch_text = "", text
        variant = variant.strip()
        if variant and not _VARIANT_NAME.match(variant):
            raise VoiceError("bad_variant", voice=text)
        try:
            pitch = int(pitch_text) if pitch_text.strip() else neutral_pitch()
        except ValueError:
            raise VoiceError("bad_pitch_text", voice=text, low=PITCH_RANGE[0], high=PITCH_RANGE[1]) from None
        if not PITCH_RANGE[0] <= pitch <= PITCH_RANGE[1]:
            raise VoiceError("pitch_range", voice=text, pitch=pitch, low=PITCH_RANGE[0], high=PITCH_RANGE[1])
        return cls(variant or None, pitch)

    def over(self, base: str) -> Voice:
        return Voice(base, self.variant, self.pitch)

    def __str__(self) -> str:
        return f"{self.variant or ''}:{self.pitch}"


def neutral_pitch() -> int:
    return int(_data()["neutral_pitch"])


def default_seat_voices() -> list[SeatVoice]:
    """The seats' voices in seat order (six; a seventh seat and beyond reuse them in turn)."""
    return [SeatVoice(s.get("variant"), int(s["pitch"])) for s in _data()["seats"]]


def seat_voice(seat: int, chosen: dict[int, SeatVoice] | None = None) -> SeatVoice:
    """The voice of ``seat``: the configured one, else the default for that seat."""
    if chosen and seat in chosen:
        return chosen[seat]
    defaults = default_seat_voices()
    return defaults[seat % len(defaults)]


def pan_gains(seat: int | None, seats: int, width: float) -> tuple[float, float]:
    """(left, right) gains placing ``seat`` of ``seats`` across the stereo field.

    Seats are spread evenly from left (seat 0) to right (the last), ``width`` 0..1 being
    how far apart the outer ones are; None (the companion's own voice) is in the centre.
    Constant power, so a voice is as loud wherever it is; no panning: (1, 1)."""
    if seats < 2 or width <= 0:
        return (1.0, 1.0)
    position = 0.0 if seat is None else width * (2 * (seat % seats) / (seats - 1) - 1)
    angle = (position + 1) * math.pi / 4  # 0 (left) .. pi/2 (right)
    return (math.cos(angle), math.sin(angle))


def rate_steps() -> list[int]:
    return [int(r) for r in _data()["rate"]["steps"]]


def rate_bounds() -> tuple[int, int]:
    rate = _data()["rate"]
    return int(rate["minimum"]), int(rate["maximum"])


def next_rate(rate: int, faster: bool) -> int:
    """The next step above (or below) ``rate``; the end step when there is none."""
    steps = rate_steps()
    if faster:
        return next((s for s in steps if s > rate), steps[-1])
    return next((s for s in reversed(steps) if s < rate), steps[0])


def espeak_data_dir() -> Path | None:
    """espeak-ng's data folder, or None without espeak-ng. The library only knows it once
    initialized (which the synthesizer's thread alone may do), so ask the command instead."""
    if folder := os.environ.get("ESPEAK_DATA_PATH"):
        return Path(folder) / "espeak-ng-data"
    try:
        done = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True, timeout=5,
                              check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"Data at:\s*(\S+)", done.stdout)
    return Path(found.group(1)) if found else None


@functools.cache
def known_voices() -> frozenset[str]:
    """Every way espeak-ng names a voice it has (its file "roa/fr", short id "fr", language
    "fr-fr", name), lower case; empty when espeak-ng is not installed (nothing to check by)."""
    try:
        done = subprocess.run(["espeak-ng", "--voices"], capture_output=True, text=True, timeout=10,
                              check=False)
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    names: set[str] = set()
    for line in done.stdout.splitlines()[1:]:
        fields = line.split()
        if len(fields) >= 5:
            _pty, language, _gender, name, file = fields[:5]
            names |= {language.lower(), name.lower(), file.lower(), file.rsplit("/", 1)[-1].lower()}
    return frozenset(names)


def voice_exists(voice: str) -> bool:
    """Whether espeak-ng has ``voice`` (a variant after "+" checked too); True when espeak-ng
    is not there to ask."""
    known = known_voices()
    base, plus, variant = voice.partition("+")
    if plus and variants() and variant not in variants():
        return False
    return not known or base.lower() in known


@functools.cache
def variants() -> frozenset[str]:
    """The variant names espeak-ng has (empty when it is not installed)."""
    folder = espeak_data_dir()
    if folder is None or not (folder / "voices" / "!v").is_dir():
        return frozenset()
    return frozenset(p.name for p in (folder / "voices" / "!v").iterdir() if p.is_file())


def check_variant(variant: str | None) -> None:
    """VoiceError for a variant espeak-ng does not have (espeak-ng itself would ignore it)."""
    known = variants()
    if variant and known and variant not in known:
        close = sorted(v for v in known if v.lower().startswith(variant[:1].lower()))[:8] or sorted(known)[:8]
        raise VoiceError("unknown_variant", variant=repr(variant), examples=", ".join(close))


@dataclass
class TableVoices:
    """Which voice says a line, and where across the table speaker: a public line about a
    seat (its ``speaker``) in that seat's voice and place, everything else in the neutral
    voice in the centre."""

    base: dict[str, str]  # language -> espeak-ng voice ("roa/fr"), maybe with a variant
    per_seat: bool = True
    chosen: dict[int, SeatVoice] | None = None
    pan: float = 0.0
    seats: int = 4

    def voice(self, lang: str, public: bool, speaker: int | None) -> Voice:
        base, _, own_variant = self.base[lang].partition("+")
        if public and speaker is not None and self.per_seat:
            seat = seat_voice(speaker, self.chosen)
            return Voice(base, seat.variant or own_variant or None, seat.pitch)
        return Voice(base, own_variant or None, neutral_pitch())

    def gains(self, public: bool, speaker: int | None) -> tuple[float, float]:
        if not public or self.pan <= 0:
            return (1.0, 1.0)
        return pan_gains(speaker, self.seats, self.pan)
