"""The phrasebook's machinery: forms by verbosity, answers built of answers, no raw keys."""

from __future__ import annotations

import pytest

from companion.engine import Answer, Event
from companion.speech import phrasebook
from companion.speech.phrasebook import MissingPhrase, Phrasebook


@pytest.fixture
def forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """A phrase with a brief and a detailed form, beside one with a single form."""
    tables = {"session": {"told": {"brief": "{seat:seat}.", "normal": "À {seat:seat}.",
                                   "detailed": "C'est à {seat:seat} de jouer."},
                          "plain": "Rien."}}
    monkeypatch.setattr(phrasebook, "_merged", lambda lang, game: {**tables, "seats": {"north": "Nord"}})


@pytest.mark.usefixtures("forms")
@pytest.mark.parametrize(("verbosity", "said"), [("brief", "Nord."), ("normal", "À Nord."),
                                                 ("detailed", "C'est à Nord de jouer.")])
def test_a_listener_hears_the_form_of_their_verbosity(verbosity: str, said: str) -> None:
    book = Phrasebook("fr", verbosity=verbosity)
    assert book.render(Answer(0, "told", {"seat": 0})) == said
    assert book.render(Answer(0, "plain")) == "Rien."  # one form: every verbosity hears it


@pytest.mark.usefixtures("forms")
def test_a_line_of_answers_keeps_each_ones_forms() -> None:
    from companion.speech.verbosity import BRIEF, DETAILED, choose

    line = Phrasebook("fr").line([Answer(0, "told", {"seat": 0}), Answer(0, "plain")])
    assert line == "À Nord. Rien." and choose(line, BRIEF) == "Nord. Rien."
    assert choose(line, DETAILED) == "C'est à Nord de jouer. Rien."


def test_an_unknown_verbosity_is_refused() -> None:
    with pytest.raises(ValueError, match="verbosity"):
        Phrasebook("fr", verbosity="chatty")


def test_answers_are_built_of_answers_and_events() -> None:
    book = Phrasebook("fr", "tatsu", strict=True)
    parts = [Answer(0, "seat_score", {"seat": s, "points": p}) for s, p in ((0, 12), (1, 3))]
    assert book.render(Answer(0, "scores", {"parts": parts})) == "Scores : Nord 12, Est 3."
    plays = [Event("all", "play", {"seat": s, "card": c}) for s, c in ((0, "Y-P1-V3"), (1, "R-X1"))]
    trick = book.render(Answer(0, "trick", {"n": 2, "plays": plays}))
    assert trick == "Pli 2 : Nord : Esprit jaune 1, 3 points ; Est : Multiplicateur rouge fois 1."
    assert book.line([Answer(0, "hand_empty"), Answer(0, "legal_none")]) == (
        "Votre main est vide. Rien à jouer pour vous maintenant.")


def test_a_missing_phrase_is_never_said_as_its_key() -> None:
    lenient = Phrasebook("en", "tatsu", strict=False)
    for said in (lenient.render(Event("all", "no_such_event", {"seat": 1})),
                 lenient.render(Answer(0, "scores", {})),  # a phrase its parameters cannot fill
                 lenient.reason(type("R", (), {"code": "no_such_reason", "params": {}})())):
        assert said == "A message with no text." and "no_such" not in said and "{" not in said
    with pytest.raises(MissingPhrase, match="no_such_event"):
        Phrasebook("en", "tatsu", strict=True).render(Event("all", "no_such_event", {}))


def test_french_elides_de_before_a_name_with_a_vowel_first() -> None:
    fr = Phrasebook("fr", "samurai")
    threat = Event(0, "q_unit_threatened", {"unit": "KATANA-Y-1", "square": "C4", "by": ["ARCHER-R-1"]})
    assert fr.render(threat) == "Samouraï katana jaune 1, en C4, est à portée d'Archer rouge 1."
    by_katana = Event(0, "q_unit_threatened", {"unit": "ARCHER-R-1", "square": "C4", "by": ["KATANA-Y-1"]})
    assert fr.render(by_katana).endswith("à portée de Samouraï katana jaune 1.")
    en = Phrasebook("en", "samurai")
    assert "de Archer" not in en.render(threat) and "d'" not in en.render(threat)
