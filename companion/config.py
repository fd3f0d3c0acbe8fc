"""The user's configuration (TOML) and folders.

Kept: language, voice, rate, volume, speech backend, seat names, audio routes, a voice per
seat (and its stereo place), verbosity, the stop key, the braille display. The file
lives in the user's config folder (`$COMPANION_HOME/config.toml` when COMPANION_HOME is set,
else `$XDG_CONFIG_HOME/companion/config.toml`, else `~/.config/companion/config.toml`);
game records go to the data folder likewise. A missing file means the defaults.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BACKENDS = ("builtin", "speechd", "text")


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message says where and why."""


def config_dir() -> Path:
    """The folder of the user's configuration (and, by default, speech cache)."""
    if home := os.environ.get("COMPANION_HOME"):
        return Path(home)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion"


def data_dir() -> Path:
    if home := os.environ.get("COMPANION_HOME"):
        return Path(home) / "data"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def config_path() -> Path:
    return config_dir() / "config.toml"


@dataclass
class Config:
    """What a player sets once and keeps."""

    lang: str = "fr"
    rate: int = 200  # words per minute
    volume: float = 1.0
    voices: dict[str, str] = field(default_factory=dict)  # language -> espeak-ng voice; empty: default
    latency: str = "low"  # audio output buffer: low or high
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

    def validate(self, where: str = "configuration") -> Config:
        if self.lang not in ("fr", "en"):
            raise ConfigError(f"{where}: lang must be fr or en, not {self.lang!r}")
        if self.backend not in BACKENDS:
            raise ConfigError(f"{where}: backend must be one of {', '.join(BACKENDS)}")
        from companion.speech.config import ConfigError as SpeechConfigError
        from companion.speech.config import SpeechConfig

        try:  # the speech settings are checked by the speech layer that uses them
            SpeechConfig.from_dict(asdict(self))
        except SpeechConfigError as err:
            raise ConfigError(f"{where}: {err}") from err
        from companion.braille.config import BrailleConfig, BrailleConfigError

        try:  # and the braille ones by the braille layer
            BrailleConfig.from_dict(asdict(self))
        except BrailleConfigError as err:
            raise ConfigError(f"{where}: {err}") from err
        return self


def load_config(path: Path | None = None) -> Config:
    """The configuration at ``path`` (default: the user's), or the defaults if there is none."""
    path = path or config_path()
    if not path.is_file():
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc})") from exc
    known = set(Config.__dataclass_fields__)
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"{path}: unknown setting {unknown[0]!r}")
    try:
        return Config(**data).validate(str(path))
    except TypeError as exc:
        raise ConfigError(f"{path}: {exc}") from exc


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
    """Write the configuration atomically; returns the path."""
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(dumps(config.validate()), encoding="utf-8")
    tmp.replace(path)
    return path
