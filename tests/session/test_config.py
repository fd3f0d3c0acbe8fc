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
