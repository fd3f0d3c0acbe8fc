"""Speech configuration: backend, voices, rate, volume, and routes from audiences to outputs.

The speech settings of the user's one configuration file, ``config.toml`` (see
``companion.config``: in ``$COMPANION_HOME``, else ``$XDG_CONFIG_HOME/companion``)::

    backend = "builtin"       # builtin (pyttsx3 + espeak-ng) | speechd (spd-say) | text
    rate = 200                # words per minute
    volume = 1.0              # 0.0 .. 1.0
    latency = "low"           # output buffer: "low" (~9 ms), "high" (~35 ms) or seconds (0.02)
    [voices]
    fr = "roa/fr"
    en = "gmw/en"
    [routes]                  # audience = output
    all = "table"             # a device by name ("default" for the system's)
    north = "seat_north"      # a seat (name or number) to a whole device...
    south = "table:right"     # ...or to one channel of one: ":left" / ":right"
    # with backend = "speechd", a route "speechd" speaks through speech-dispatcher
    voice_per_seat = "on"     # each seat's public actions in its own voice; "off": one voice
    pan = 0.0                 # 0..1: spread the seats' voices across a stereo table speaker
    stop_key = "tab"          # the key that silences speech at once: tab, escape or off
    [seat_voices]             # seat (name or number) = "VARIANT:PITCH" over the language's voice
    north = "f2:50"           # (defaults: companion/speech/voices.toml)
    [verbosity]               # audience = bref | normal | détaillé (brief, normal, detailed)
    all = "normal"

Pyttsx3 does not report rate and volume back reliably, so these values are the
only source of truth (they go into the cache key too).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from companion.language import LANGS
from companion.paths import config_dir
from companion.speech.audience import PUBLIC, Audience, SpeechError, parse_audience
from companion.speech.verbosity import parse_level
from companion.speech.voices import SeatVoice, VoiceError, check_variant, rate_bounds

BACKENDS = ("builtin", "speechd", "text")
CHANNELS = ("both", "left", "right")
SPEECHD = "speechd"
DEFAULT_RATE = 200
DEFAULT_VOLUME = 1.0
SWITCHES = ("on", "off")
STOP_KEYS = {"tab": "\t", "escape": "\x1b", "off": ""}  # key -> the character the terminal sends
CONFIG_NAME = "config.toml"  # one file for everything a player sets (companion config)


class RouteError(SpeechError, ValueError):
    """A configuration value that cannot be used; the message says which and why
    (messages.toml, area ``route``)."""

    area = "route"


@dataclass(frozen=True)
class Route:
    """An output: a device name (None = the system default), one channel of it or both."""

    device: str | None
    channel: str = "both"

    @classmethod
    def parse(cls, text: str) -> Route:
        text = text.strip()
        if not text:
            raise RouteError("empty")
        device, channel = text, "both"
        for name in CHANNELS:
            if text.endswith(":" + name):
                device, channel = text[: -len(name) - 1], name
        if not device:
            raise RouteError("no_device", route=text)
        if device.lower() == "default":
            return cls(None, channel)
        return cls(device, channel)

    @property
    def is_speechd(self) -> bool:
        return self.device == SPEECHD

    def __str__(self) -> str:
        name = self.device or "default"
        return name if self.channel == "both" else f"{name}:{self.channel}"


@dataclass
class SpeechConfig:
    """Everything the speech layer is told; defaults give French speech on the default device."""

    backend: str = "builtin"
    rate: int = DEFAULT_RATE
    volume: float = DEFAULT_VOLUME
    voices: dict[str, str] = field(default_factory=dict)
    latency: str | float = "low"
    routes: dict[Audience, Route] = field(default_factory=lambda: {PUBLIC: Route(None)})
    voice_per_seat: bool = True
    seat_voices: dict[int, SeatVoice] = field(default_factory=dict)
    pan: float = 0.0
    verbosity: dict[Audience, str] = field(default_factory=dict)
    stop_key: str = "tab"

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise RouteError("unknown_backend", value=self.backend, choices=", ".join(BACKENDS))
        low, high = rate_bounds()
        if not (low <= int(self.rate) <= high):
            raise RouteError("rate", value=self.rate, low=low, high=high)
        if not (0.0 <= float(self.pan) <= 1.0):
            raise RouteError("pan", value=self.pan)
        if self.stop_key not in STOP_KEYS:
            raise RouteError("stop_key", value=self.stop_key, choices=", ".join(STOP_KEYS))
        if not (0.0 <= float(self.volume) <= 1.0):
            raise RouteError("volume", value=self.volume)
        if not (self.latency in ("low", "high") or (
                isinstance(self.latency, float | int) and 0 < self.latency <= 1)):
            raise RouteError("latency", value=self.latency)
        for lang in self.voices:
            if lang not in LANGS:
                raise RouteError("voice_lang", lang=lang)

    @classmethod
    def from_dict(cls, data: dict) -> SpeechConfig:
        try:
            return cls._from_dict(data)
        except RouteError:
            raise
        except (TypeError, ValueError, AttributeError) as err:  # a value of the wrong type
            raise RouteError("bad_value", reason=str(err)) from err

    @classmethod
    def _from_dict(cls, data: dict) -> SpeechConfig:
        routes_in = data.get("routes", {"all": "default"})
        routes: dict[Audience, Route] = {}
        for key, value in routes_in.items():
            try:
                routes[parse_audience(str(key))] = Route.parse(str(value))
            except ValueError as err:  # a RouteError, or a seat parse_audience does not know
                raise RouteError("route", key=key, reason=err) from err
        switch = str(data.get("voice_per_seat", "on")).strip().lower()
        if switch not in SWITCHES:
            raise RouteError("voice_per_seat", value=switch)
        seat_voices: dict[int, SeatVoice] = {}
        for key, value in data.get("seat_voices", {}).items():
            try:
                seat = parse_audience(str(key))
                if seat == PUBLIC:
                    raise RouteError("seat_only", key=key)
                seat_voices[int(seat)] = SeatVoice.parse(str(value))
                check_variant(seat_voices[int(seat)].variant)
            except RouteError:
                raise
            except (ValueError, VoiceError) as err:
                raise RouteError("seat_voices", key=key, reason=err) from err
        verbosity: dict[Audience, str] = {}
        for key, value in data.get("verbosity", {}).items():
            try:
                verbosity[parse_audience(str(key))] = parse_level(str(value))
            except ValueError as err:
                raise RouteError("verbosity", key=key, reason=err) from err
        return cls(
            backend=str(data.get("backend", "builtin")),
            rate=int(data.get("rate", DEFAULT_RATE)),
            volume=float(data.get("volume", DEFAULT_VOLUME)),
            voices={str(k): str(v) for k, v in data.get("voices", {}).items()},
            latency=data.get("latency", "low"),
            routes=routes,
            voice_per_seat=switch == "on",
            seat_voices=seat_voices,
            pan=float(data.get("pan", 0.0)),
            verbosity=verbosity,
            stop_key=str(data.get("stop_key", "tab")).strip().lower(),
        )

    @classmethod
    def load(cls, path: Path | None = None) -> SpeechConfig:
        """The given file, else the user's ``config.toml`` if there is one, else the defaults."""
        path = path or config_dir() / CONFIG_NAME
        if not path.exists():
            return cls()
        try:
            data = tomllib.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
            raise RouteError("file", path=path, reason=err) from err
        return cls.from_dict(data)


def cache_dir() -> Path:
    """``$COMPANION_HOME/cache``, else the XDG cache folder (``~/.cache/companion``)."""
    if home := os.environ.get("COMPANION_HOME"):
        return Path(home) / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "companion"
