"""The user's configuration (TOML) and folders.

Kept: language, voice, rate, volume, speech backend, seat names, audio routes, a voice per
seat (and its stereo place), verbosity, the stop key, the braille display, what answers may
name (equal information or a memory aid). The file
lives in the user's config folder (`$COMPANION_HOME/config.toml` when COMPANION_HOME is set,
else `$XDG_CONFIG_HOME/companion/config.toml`, else `~/.config/companion/config.toml`);
game records go to the data folder likewise. A missing file means the defaults.

A configuration can never stop the program: every value is checked (type, range,
characters) before `config --set` writes it, and a file broken anyway is read key by
key — a bad key takes its default and is named in one line (`read_config`'s problems).
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from card_codes.errors import CompanionError
from card_codes.files import InputFileError, MiB, file_message, read_limited
from companion.braille.config import MODES as BRAILLE_MODES
from companion.braille.config import BrailleConfig, valid_host
from companion.engine import Rejected, games, get_game
from companion.house_rules import assignments, choice_word
from companion.information import EQUAL, INFORMATION
from companion.language import LANGS
from companion.messages import os_reason, text
from companion.paths import config_dir, data_dir
from companion.speech.audience import PUBLIC, parse_audience
from companion.speech.config import STOP_KEYS, SWITCHES, Route, RouteError, SpeechConfig
from companion.speech.phrasebook import Phrasebook
from companion.speech.verbosity import parse_level
from companion.speech.voices import SeatVoice, VoiceError, check_variant, rate_bounds, voice_exists

__all__ = ["Config", "ConfigError", "config_dir", "config_path", "data_dir", "load_config", "problem_line",
           "read_config", "save_config", "set_value"]

BACKENDS = ("builtin", "speechd", "text")
MAX_CONFIG_BYTES = 1 * MiB
MAX_SEAT_NAME = 30
MAX_SEATS = 12
_VOICE_RE = re.compile(r"[A-Za-z0-9_+./-]{1,64}")
_UNSAFE_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class ConfigError(CompanionError, ValueError):
    """A setting that cannot be used: ``key`` names it, ``code`` and ``params`` say why."""

    def __init__(self, key: str, code: str, **params: Any) -> None:
        self.key = key
        self.code = code
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "fr") -> str:
        params = {name: _said(value, lang) for name, value in self.params.items()}
        return text(lang, f"config.{self.code}", key=self.key, **params)


def _said(value: Any, lang: str) -> Any:
    """A parameter of a ConfigError in ``lang``: a file that cannot be read says why (without its
    name: the message names it), an OSError's reason in words."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Rejected):  # a house rule
        return Phrasebook(lang, value[0]).reason(value[1])
    if isinstance(value, InputFileError):
        reasons = {k: (os_reason(v, lang) if isinstance(v, OSError) else v) for k, v in value.params.items()}
        return file_message(lang, value.code, reasons)
    return value


def config_path() -> Path:
    return config_dir() / "config.toml"


@dataclass
class Config:
    """What a player sets once and keeps."""

    lang: str = "fr"
    rate: int = 200  # words per minute
    volume: float = 1.0
    voices: dict[str, str] = field(default_factory=dict)  # language -> espeak-ng voice; empty: default
    latency: str | float = "low"  # audio output buffer: low, high, or seconds (0 < s <= 1)
    backend: str = "builtin"  # builtin (pyttsx3 + cache), speechd (spd-say), text (no speech)
    # seat names per language, in seat order; empty: the phrasebook's defaults
    seat_names: dict[str, list[str]] = field(default_factory=dict)
    # audience -> output: "all" -> the table device; "0", "1"... -> a seat's device,
    # written "DEVICE", "DEVICE:left" or "DEVICE:right"; no route: private facts stay silent
    routes: dict[str, str] = field(default_factory=lambda: {"all": "default"})
    voice_per_seat: str = "on"  # each seat's public actions in its own voice (off: one voice)
    # seat -> "VARIANT:PITCH" (espeak-ng variant over the language's voice); empty: the defaults
    seat_voices: dict[str, str] = field(default_factory=dict)
    pan: float = 0.0  # 0..1: how far apart the seats' voices are across a stereo table speaker
    verbosity: dict[str, str] = field(default_factory=dict)  # audience -> bref, normal, détaillé
    stop_key: str = "tab"  # the key that silences speech at once: tab, escape or off
    braille: str = "auto"  # a braille display through BrlAPI: auto (if one is there), on, off
    braille_host: str = ""  # BrlAPI server ("host:port", ":1"); empty: $BRLAPI_HOST, else local
    # what answers may name: "equal", what a sighted player sees now; "aid", the past as well
    information: str = EQUAL
    # house rules kept per game: "GAME.OPTION" -> value ("GAME.elements" = "cycle"), and named
    # presets: name -> "GAME.OPTION=VALUE; ..." (`--preset NAME`); see house_rules.py
    options: dict[str, str] = field(default_factory=dict)
    presets: dict[str, str] = field(default_factory=dict)

    def validate(self) -> Config:
        """The same configuration with every value checked; ConfigError names the first bad one."""
        for key in SETTINGS:
            setattr(self, key, check(key, getattr(self, key)))
        return self

    def speech(self) -> SpeechConfig:
        """The speech layer's settings, from this configuration (the file is read once)."""
        return SpeechConfig.from_dict(asdict(self))

    def braille_display(self) -> BrailleConfig:
        """The braille layer's settings, from this configuration."""
        return BrailleConfig.from_dict(asdict(self))


# -- one check per setting: the value as read from TOML (or typed, with from_text) -> the value kept

def _number(key: str, value: Any, from_text: bool, *, integer: bool) -> float:
    if from_text and isinstance(value, str):
        try:
            value = float(value.replace(",", ".")) if not integer else int(value)
        except ValueError:
            raise ConfigError(key, "not_int" if integer else "not_number", value=_shown(value)) from None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ConfigError(key, "not_int" if integer else "not_number", value=_shown(value))
    if integer and value != int(value):
        raise ConfigError(key, "not_int", value=_shown(value))
    return value if integer and isinstance(value, int) else float(value)


def _readable(number: float) -> str:
    """A number as a message says it: 200, 0.5, 1e+308 (never its 309 digits)."""
    if abs(number) < 10**15:
        return str(number)  # 200, 2.0, 0.5 as typed
    return f"{float(number):.6g}"


def _rate(value: Any, from_text: bool) -> int:
    rate = _number("rate", value, from_text, integer=True)
    low, high = rate_bounds()  # the speech layer's: up to the fastest step of "plus vite"
    if not low <= rate <= high:
        raise ConfigError("rate", "out_of_range", value=_readable(rate), low=low, high=high)
    return int(rate)


def _pan(value: Any, from_text: bool) -> float:
    pan = _number("pan", value, from_text, integer=False)
    if not 0.0 <= pan <= 1.0:
        raise ConfigError("pan", "out_of_range", value=_readable(pan), low=0, high=1)
    return pan


def _volume(value: Any, from_text: bool) -> float:
    volume = _number("volume", value, from_text, integer=False)
    if not 0.0 <= volume <= 1.0:
        raise ConfigError("volume", "out_of_range", value=_readable(volume), low=0, high=1)
    return volume


def _latency(value: Any, from_text: bool) -> str | float:
    if value in ("low", "high"):
        return str(value)
    try:  # seconds may come as a number or as text ("0.02"), in the file as after --set
        seconds = _number("latency", value, True, integer=False)
    except ConfigError:
        raise ConfigError("latency", "bad_latency", value=_shown(value)) from None
    if not 0 < seconds <= 1:
        raise ConfigError("latency", "bad_latency", value=_shown(value))
    return seconds


def _choice(key: str, choices: tuple[str, ...]) -> Callable[[Any, bool], str]:
    def check_choice(value: Any, from_text: bool) -> str:
        if value not in choices:
            raise ConfigError(key, "not_one_of", value=_shown(value), choices=", ".join(choices))
        return str(value)

    return check_choice


def _table(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ConfigError(key, "not_table", value=_shown(value))
    return value


def _safe(key: str, value: Any, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(key, "not_text", value=_shown(value))
    if len(value) > limit or _UNSAFE_RE.search(value):
        raise ConfigError(key, "bad_characters", limit=limit)
    return value.strip()


def _voices(value: Any, from_text: bool) -> dict[str, str]:
    voices = {}
    for lang, voice in _table("voices", value).items():
        key = f"voices.{lang}"
        if lang not in LANGS:
            raise ConfigError(key, "bad_lang", choices=", ".join(LANGS))
        if not isinstance(voice, str) or not _VOICE_RE.fullmatch(voice) or ".." in voice \
                or not voice_exists(voice):  # a voice espeak-ng lacks would silence every game
            raise ConfigError(key, "bad_voice", value=_shown(voice))
        voices[lang] = voice
    return voices


def _house_rule(key: str, entry: str, value: Any) -> str:
    """One house rule "GAME.OPTION" = value, checked against the game's own options."""
    game_name, _, option = entry.partition(".")
    if game_name not in games():
        raise ConfigError(key, "unknown_game_option", value=_shown(game_name), games=", ".join(games()))
    word = choice_word(value) if isinstance(value, bool | int | float) else _safe(key, value, 100)
    game = get_game(game_name)
    try:
        assignments(game, [f"{option}={word}"])
    except Rejected as rejected:
        raise ConfigError(key, "bad_house_rule", reason=(game.name, rejected)) from None
    return word


def _options(value: Any, from_text: bool) -> dict[str, str]:
    return {entry: _house_rule(f"options.{entry}", str(entry), rule)
            for entry, rule in _table("options", value).items()}


def _presets(value: Any, from_text: bool) -> dict[str, str]:
    presets = {}
    for name, items in _table("presets", value).items():
        key = f"presets.{name}"
        text_items = _safe(key, items, 1000)
        for item in (part.strip() for part in text_items.split(";") if part.strip()):
            entry, sep, rule = item.partition("=")
            if not sep:
                raise ConfigError(key, "not_assignment")
            _house_rule(key, entry.strip(), rule.strip())
        presets[_safe(key, name, MAX_SEAT_NAME)] = text_items
    return presets


def _seat_names(value: Any, from_text: bool) -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for lang, seats in _table("seat_names", value).items():
        key = f"seat_names.{lang}"
        if lang not in LANGS:
            raise ConfigError(key, "bad_lang", choices=", ".join(LANGS))
        if from_text and isinstance(seats, str):
            seats = [name.strip() for name in seats.split(",")]
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
            raise ConfigError(key, "not_name_list", value=_shown(seats), most=MAX_SEATS)
        names[lang] = [_safe(key, name, MAX_SEAT_NAME) for name in seats]
        if len({n.casefold() for n in names[lang]}) != len(seats):
            raise ConfigError(key, "names_twice")
    return names


def _routes(value: Any, from_text: bool) -> dict[str, str]:
    # the speech layer owns the route grammar
    routes = {}
    for audience, route in _table("routes", value).items():
        key = f"routes.{audience}"
        try:
            parse_audience(str(audience))
        except ValueError:
            raise ConfigError(key, "bad_audience") from None
        route = _safe(key, route, 100)
        try:
            Route.parse(route)
        except RouteError:
            raise ConfigError(key, "bad_route", value=_shown(route)) from None
        routes[str(audience)] = route
    return routes


def _seat(key: str, seat: Any) -> None:
    """A table key that must name one seat (a number or a name, not "all")."""
    try:
        audience = parse_audience(str(seat))
    except ValueError:
        raise ConfigError(key, "bad_audience") from None
    if audience == PUBLIC:
        raise ConfigError(key, "seat_only")


def _seat_voices(value: Any, from_text: bool) -> dict[str, str]:
    # the speech layer owns the voice grammar (VARIANT:PITCH) and knows espeak-ng's variants
    voices = {}
    for seat, voice in _table("seat_voices", value).items():
        key = f"seat_voices.{seat}"
        _seat(key, seat)
        voice = _safe(key, voice, 40)
        try:
            check_variant(SeatVoice.parse(voice).variant)
        except VoiceError as err:
            raise ConfigError(key, err.code, **{"value": _shown(voice), **err.params}) from None
        voices[str(seat)] = voice
    return voices


def _verbosity(value: Any, from_text: bool) -> dict[str, str]:
    levels = {}
    for audience, level in _table("verbosity", value).items():
        key = f"verbosity.{audience}"
        try:
            parse_audience(str(audience))
        except ValueError:
            raise ConfigError(key, "bad_audience") from None
        level = _safe(key, level, 20)
        try:
            parse_level(level)
        except ValueError:
            raise ConfigError(key, "bad_verbosity", value=_shown(level)) from None
        levels[str(audience)] = level
    return levels


def _braille_host(value: Any, from_text: bool) -> str:
    if isinstance(value, str) and not value.strip():
        return ""  # the default: $BRLAPI_HOST, else the local server
    host = _safe("braille_host", value, 100)
    if not valid_host(host):
        raise ConfigError("braille_host", "bad_braille_host", value=_shown(host))
    return host


SETTINGS: dict[str, Callable[[Any, bool], Any]] = {
    "lang": _choice("lang", LANGS),
    "rate": _rate,
    "volume": _volume,
    "voices": _voices,
    "latency": _latency,
    "backend": _choice("backend", BACKENDS),
    "seat_names": _seat_names,
    "routes": _routes,
    "voice_per_seat": _choice("voice_per_seat", SWITCHES),
    "seat_voices": _seat_voices,
    "pan": _pan,
    "verbosity": _verbosity,
    "stop_key": _choice("stop_key", tuple(STOP_KEYS)),
    "braille": _choice("braille", BRAILLE_MODES),
    "braille_host": _braille_host,
    "information": _choice("information", INFORMATION),
    "options": _options,
    "presets": _presets,
}
# settings written KEY.SUB=VALUE
TABLES = ("routes", "seat_names", "voices", "seat_voices", "verbosity", "options", "presets")


def check(key: str, value: Any, from_text: bool = False) -> Any:
    """The value of setting ``key`` if it can be used (``from_text``: as typed after --set)."""
    if key not in SETTINGS:
        raise ConfigError(key, "unknown")
    return SETTINGS[key](value, from_text)


def _shown(value: Any) -> str:
    """A bad value as it may be quoted in a message: plain and short."""
    shown = _UNSAFE_RE.sub("?", repr(value))
    return shown if len(shown) <= 40 else shown[:39] + "…"


def read_config(path: Path | None = None) -> tuple[Config, list[ConfigError]]:
    """The configuration at ``path`` (default: the user's) and what in it was ignored.

    A missing file is the defaults. A bad key keeps its default; a file that cannot be
    read at all gives every default (and one problem, under the key "*")."""
    path = path or config_path()
    if not path.exists() and not path.is_symlink():
        return Config(), []
    try:
        data = tomllib.loads(read_limited(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except InputFileError as exc:
        return Config(), [ConfigError("*", "unreadable", path=str(path), reason=exc)]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
        return Config(), [ConfigError("*", "unreadable", path=str(path), reason=str(exc))]
    config = Config()
    problems: list[ConfigError] = []
    for key, value in data.items():
        try:
            setattr(config, key, check(key, value))
        except ConfigError as err:
            problems.append(err)
    return config, problems


def problem_line(problem: ConfigError, lang: str) -> str:
    """The one line said for a setting that is ignored (or a file that cannot be read)."""
    key = "config.ignored_file" if problem.key == "*" else "config.ignored"
    return text(lang, key, problem=problem.text(lang))


def load_config(path: Path | None = None) -> Config:
    """The configuration to use: every good setting of the file, defaults for the rest."""
    return read_config(path)[0]


def set_value(config: Config, assignment: str) -> None:
    """Apply one ``KEY=VALUE`` of `config --set`, checked before anything is written.
    ``section.sub=`` with an empty value removes a route, voice, seat names, seat voice or
    verbosity."""
    key, sep, value = assignment.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key:
        raise ConfigError(assignment[:40], "not_assignment")
    section, dot, sub = key.partition(".")
    if section not in SETTINGS or bool(dot) != (section in TABLES) or (dot and not sub):
        raise ConfigError(key[:40], "unknown")
    if not dot:
        setattr(config, section, check(section, value, from_text=True))
        return
    table = dict(getattr(config, section))
    if not value:
        table.pop(sub, None)
    else:
        table[sub] = value
    setattr(config, section, check(section, table, from_text=True))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def dumps(config: Config) -> str:
    """The configuration as TOML text (scalars first, then one table per mapping)."""
    data = asdict(config)
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for key, table in data.items():
        if isinstance(table, dict):
            lines.append(f"\n[{key}]")
            lines += [f"{_toml_value(str(k))} = {_toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def save_config(config: Config, path: Path | None = None) -> Path:
    """Write the configuration atomically (every value checked first); returns the path."""
    path = path or config_path()
    text_out = dumps(config.validate())
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_text(text_out, encoding="utf-8")
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path
