"""Games are found, not listed: one source of truth for every command, and a half-added game
(a deck without a package, or a package without a deck) is one error naming both."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from card_codes import available_games
from companion.cli import app
from companion.engine import GameSetupError, discovery, featured_game, games

runner = CliRunner()


def test_every_game_package_has_its_deck_file_and_one_is_featured() -> None:
    assert games() == available_games()
    assert featured_game() in games()


def test_a_deck_without_a_package_or_a_package_without_a_deck_is_one_error_naming_both() -> None:
    with pytest.raises(GameSetupError) as err:
        discovery.check_pairs(["alone", "paired"], ["paired", "orphan"])
    message = str(err.value)
    assert ("alone: a game package (companion/games/alone/) but no deck file "
            "(card_codes/decks/alone.toml)") in message
    assert ("orphan: a deck file (card_codes/decks/orphan.toml) but no game package "
            "(companion/games/orphan/)") in message
    discovery.check_pairs(["paired"], ["paired"])


def test_every_command_says_a_half_added_game_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "available_games", lambda: [*available_games(), "orphan"])
    monkeypatch.setattr(discovery, "_loaded", False)
    for args in (["cards", "orphan"], ["simulate", "orphan"], ["labels", "orphan"], ["play", "orphan"]):
        result = runner.invoke(app, [*args, "--lang", "en"])
        assert result.exit_code == 2, args
        assert result.output.strip() == ("Game set-up: orphan: a deck file (card_codes/decks/orphan.toml) "
                                         "but no game package (companion/games/orphan/)."), args


@pytest.mark.parametrize("command", ["cards", "simulate", "labels", "demo", "play", "photo"])
def test_every_command_knows_the_same_games(command: str) -> None:
    args = [command, "no-such-game"] + (["x.png"] if command == "photo" else [])
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 2
    assert result.output.strip() == f"Unknown game: no-such-game. Games: {', '.join(games())}."
