"""The configuration file: defaults, round trip, clear errors, `companion config`."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.config import Config, ConfigError, config_path, load_config, read_config, save_config


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def test_missing_file_means_defaults(home: Path) -> None:
    assert config_path() == home / "config.toml"
    assert load_config() == Config()


def test_round_trip_keeps_every_setting() -> None:
    config = Config(lang="en", rate=210, backend="speechd",
                    seat_names={"fr": ["Anne", "Bob", "Chloé", "Dan"]},
                    routes={"all": "table", "0": "seat_north:left"})
    save_config(config)
    assert load_config() == config


@pytest.mark.parametrize(
    ("text", "fault"),
    [("lang = 'de'\n", "lang"), ("rate = 9\n", "rate"), ("colour = 1\n", "unknown"),
     ("lang = [\n", "cannot be read"), ("backend = 'loud'\n", "backend")],
)
def test_a_bad_setting_takes_its_default_and_is_named(home: Path, text: str, fault: str) -> None:
    (home / "config.toml").write_text(text + "volume = 0.5\n", encoding="utf-8")
    config, problems = read_config()
    assert len(problems) == 1 and fault in str(problems[0])
    assert isinstance(problems[0], ConfigError)
    assert config.lang == "fr" and config.rate == 200 and config.backend == "builtin"
    assert config.volume == (1.0 if fault == "cannot be read" else 0.5), "the good settings are kept"


def test_config_command_shows_and_sets(home: Path) -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["config"])
    assert shown.exit_code == 0
    assert str(home / "config.toml") in shown.output and "lang = fr" in shown.output
    changed = runner.invoke(
        app, ["config", "--set", "lang=en", "--set", "routes.0=seat_north:left",
              "--set", "seat_names.fr=Anne,Bob,Chloé,Dan"],
    )
    assert changed.exit_code == 0, changed.output
    config = load_config()
    assert config.lang == "en" and config.routes["0"] == "seat_north:left"
    assert config.seat_names["fr"] == ["Anne", "Bob", "Chloé", "Dan"]
    bad = runner.invoke(app, ["config", "--set", "rate=fast"])
    assert bad.exit_code == 2 and "rate" in bad.output
    assert load_config().rate == 200, "a refused change changes nothing"


def test_voices_pan_verbosity_stop_key_and_braille_are_set_and_kept(home: Path) -> None:
    runner = CliRunner()
    changed = runner.invoke(app, [
        "config", "--set", "seat_voices.0=f3:70", "--set", "seat_voices.est=m2", "--set", "pan=0.8",
        "--set", "voice_per_seat=off", "--set", "verbosity.all=bref", "--set", "verbosity.2=détaillé",
        "--set", "stop_key=escape", "--set", "braille=on", "--set", "braille_host=localhost:1",
        "--set", "rate=900"])
    assert changed.exit_code == 0, changed.output
    assert "seat_voices.0 = f3:70" in changed.output and "pan = 0.8" in changed.output
    from companion.braille import BrailleConfig
    from companion.speech import SpeechConfig
    from companion.speech.voices import SeatVoice

    speech = SpeechConfig.load()
    assert speech.seat_voices == {0: SeatVoice("f3", 70), 1: SeatVoice("m2", 50)}
    assert speech.pan == 0.8 and speech.voice_per_seat is False and speech.stop_key == "escape"
    assert speech.verbosity == {"all": "brief", 2: "detailed"} and speech.rate == 900
    assert BrailleConfig.from_dict(vars(load_config())) == BrailleConfig("on", "localhost:1")


@pytest.mark.parametrize(
    ("setting", "fault"),
    # the messages are the configuration's own (issue 18): "KEY: VALUE is out of range (LOW to HIGH)"
    [("seat_voices.0=zz9", "unknown voice variant 'zz9'"), ("seat_voices.0=f2:150", "out of range (0 to 99)"),
     ("seat_voices.all=f2", "for a seat"), ("pan=2", "pan: 2.0 is out of range"),
     ("verbosity.all=loud", "bref, normal or détaillé"), ("stop_key=f1", "tab, escape, off"),
     ("braille=maybe", "auto, on, off"), ("braille_host=a b", "host:number"),
     ("voice_per_seat=yes", "on, off"), ("rate=2000", "out of range (40 to 900)")],
)
def test_bad_speech_and_braille_settings_say_why_and_change_nothing(home: Path, setting: str,
                                                                    fault: str) -> None:
    # the command line speaks the configured language, French by default
    bad = CliRunner().invoke(app, ["config", "--lang", "en", "--set", setting])
    assert bad.exit_code == 2 and fault in bad.output, bad.output
    assert not (home / "config.toml").exists()
