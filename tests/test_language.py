"""One folding for every typed word: case, accents and ligatures ("8 de coeur" is "8 de cœur")."""

from __future__ import annotations

from pathlib import Path

from card_codes import load_deck
from companion.cardnames import spoken_names
from companion.commands import Commands
from companion.language import LANGS, ascii_text, fold


def test_fold_drops_case_accents_and_spells_out_ligatures() -> None:
    assert fold("Répète") == fold("REPETE") == "repete"
    assert fold("Cœur") == fold("COEUR") == "coeur" and fold("Œuf") == "oeuf"
    assert fold("8 de Cœur") == "8 de coeur"
    assert fold("Ex æquo") == "ex aequo"


def test_ascii_text_keeps_the_case_and_the_letters_of_a_ligature() -> None:
    assert ascii_text("Cœur ŒIL été") == "Coeur OEIL ete"


def test_a_card_named_with_oe_answers_to_its_name_typed_on_a_french_keyboard() -> None:
    heart = next(card for card in load_deck("bataille") if card.names["fr"] == "1 de cœur")
    assert "1 de coeur" in spoken_names(heart)


def test_a_command_word_with_a_ligature_folds_the_same_way(tmp_path) -> None:
    words = tmp_path / "commands.toml"
    spec = '[heart]\nkind = "query"\nquery = "out"\nfr = ["cœur"]\nen = ["heart"]\n'
    words.write_text(spec, encoding="utf-8")
    parsed = Commands(words).parse("COEUR")
    assert getattr(parsed, "name", None) == "heart"


def test_one_list_of_languages_and_one_folding() -> None:
    root = Path(__file__).resolve().parents[1] / "companion"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name != "language.py":
            assert "LANGS = " not in text, f"{path}: a list of languages of its own"
            assert 'normalize("NFKD"' not in text, f"{path}: a folding of its own"
    assert LANGS[0] == "fr"  # French by default
