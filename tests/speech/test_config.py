"""Speech configuration: routes, backends, voices, and where config and cache live."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.speech.config import Route, RouteError, SpeechConfig, cache_dir, config_dir
from companion.speech.prebuild import deck_phrases


def test_routes_name_a_device_or_one_channel_of_it() -> None:
    assert Route.parse("seat_north") == Route("seat_north", "both")
    assert Route.parse("table:left") == Route("table", "left")
    assert Route.parse("hw:1,0:right") == Route("hw:1,0", "right")  # ALSA names may hold colons
    assert Route.parse("default") == Route(None) and Route.parse("speechd").is_speechd
    with pytest.raises(RouteError):
        Route.parse(":left")


def test_config_file_maps_seats_by_name_or_number(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('backend = "speechd"\nrate = 250\nvolume = 0.8\n[voices]\nfr = "roa/fr-be"\n'
                    '[routes]\nall = "table"\nnord = "seat_north"\n2 = "seat_south:right"\n')
    config = SpeechConfig.load(path)
    assert (config.backend, config.rate, config.volume) == ("speechd", 250, 0.8)
    assert config.voices == {"fr": "roa/fr-be"}
    assert config.routes == {"all": Route("table"), 0: Route("seat_north"), 2: Route("seat_south", "right")}


@pytest.mark.parametrize(
    "text",
    ['backend = "loud"', "rate = 5", "rate = 'fast'", "volume = 2.0", '[routes]\nmars = "table"',
     "[voices]\nde = 'x'", "rate = [", "routes = 3"],
)
def test_bad_values_are_refused_with_a_reason(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text + "\n")
    with pytest.raises(RouteError):
        SpeechConfig.load(path)


def test_missing_file_gives_defaults_french_voice_on_the_default_device(home: Path) -> None:
    config = SpeechConfig.load()
    assert config.backend == "builtin" and config.routes == {"all": Route(None)}


def test_folders_follow_companion_home_then_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "h"))
    assert cache_dir() == tmp_path / "h" / "cache" and config_dir() == tmp_path / "h"
    monkeypatch.delenv("COMPANION_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "c"))
    assert cache_dir() == tmp_path / "c" / "companion"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_dir() == tmp_path / ".cache" / "companion"


def test_deck_phrases_are_every_card_name_and_seat_name() -> None:
    from card_codes import load_deck

    phrases = deck_phrases(load_deck("tatsu"), "fr")
    assert len(phrases) == 32 and phrases[0] == "Esprit jaune 1, 3 points" and phrases[-4:] == [
        "Nord", "Est", "Sud", "Ouest"]
