"""`companion rules GAME` (issue 27): every option a table may choose, read to a person; house
rules given by --option are shown in force; a bad one is one line."""

from __future__ import annotations

from typer.testing import CliRunner

from companion.cli.common import app
from companion.engine import get_game
from companion.house_rules import house_options

runner = CliRunner()


def test_rules_lists_every_house_option_with_its_default_and_what_is_in_force() -> None:
    done = runner.invoke(app, ["rules", "tatsu", "--seats", "3", "--option", "ghost_hand=red"])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0] == ("Tatsu, 11 options. Règles de la table : À trois : la main du Fantôme : "
                        "vue du seul joueur rouge.")
    for option in house_options(get_game("tatsu")):
        assert any(ln.startswith(f"{option.name} : ") for ln in lines), option.name
    assert "Par défaut : visible de tous. En vigueur : vue du seul joueur rouge (ghost_hand=red)." in lines
    assert "Le texte dit : « La partie s’arrête dès qu’une équipe atteint cinq cent points »." in lines
    assert all(len(ln) <= 200 for ln in lines)
    assert not any(ln.startswith(("seed : ", "dealer : ")) for ln in lines), "technical options left out"


def test_rules_in_english_and_a_bad_option_in_one_line() -> None:
    done = runner.invoke(app, ["rules", "judo", "--lang", "en"])
    assert done.exit_code == 0 and "die: Who rolls the GAKE die" in done.output
    assert "Default: the table, with its own die (\"die ippon\"). In force: the same." in done.output
    bad = runner.invoke(app, ["rules", "judo", "--option", "die=dice"])
    assert bad.exit_code == 2
    assert bad.output.strip() == "Valeur refusée pour die : dice. Choix : table, companion."
