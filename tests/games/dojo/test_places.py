"""Dojo queries: placement words ("pose 1 2", "gauche de renard jaune"), legal places said
against placed cards, a dojo described row by row and column by column, the running score.

Rows and columns are typed and said as the owner sees the dojo, from 1 at its top left (0: a
new row above, a new column to the left); the record keeps the first tatami at (0, 0)."""

from __future__ import annotations

import pytest

from companion.engine import Rejected
from companion.games.dojo.describe import describe, offer_places, score_events
from companion.games.dojo.places import Place, parse_place, places
from companion.speech.phrasebook import Phrasebook
from tests.games.dojo.helpers import new, recruit

# record (0, 0) yellow fox, (0, 1) blue bear, (1, 1) yellow crane; (0, -1) black monkey: as the
# owner sees it, row 1: monkey, fox, bear; row 2: -, -, crane (column 1 is the monkey's)
CELLS = {(0, 0): "FOX-2-1", (0, 1): "BEAR-4-1", (1, 1): "CRANE-2-1", (0, -1): "MONKEY-5-1"}


@pytest.mark.parametrize("text, cell", [
    ("pose 1 3", (0, 1)),
    ("1 0", (0, -2)),
    ("ligne zero colonne quatre", (-1, 2)),
    ("row 2 column 4", (1, 2)),
    ("gauche de 1 2", (0, -1)),
    ("à gauche du renard", (0, -1)),
    ("droite de l'ours bleu", (0, 2)),
    ("sous l'ours", (1, 1)),
    ("au-dessus de la grue", (0, 1)),
    ("en dessous du Singe noir", (1, -1)),
    ("left of the black monkey", (0, -2)),
    ("right of 2 3", (1, 2)),
    ("under yellow crane", (2, 1)),
    ("above BEAR-4-1", (-1, 1)),
    ("above B41", (-1, 1)),
    ("sous ceinture 5", (1, -1)),
    ("AU-DESSUS DE RENARD", (-1, 0)),
])
def test_placement_words_name_a_cell(text: str, cell: tuple[int, int]) -> None:
    assert parse_place(text, CELLS) == cell


@pytest.mark.parametrize("text, code", [
    ("pose", "place_unclear"),
    ("gauche de", "place_unclear"),
    ("pose 1 2 3", "place_unclear"),
    ("gauche droite de 0 0", "place_unclear"),
    ("sous le tigre", "place_no_card"),
    ("sous jaune", "place_ambiguous"),
    ("sous renard ours", "place_unclear"),
    ("banana 1", "place_unclear"),
])
def test_unclear_words_are_refused_with_a_reason(text: str, code: str) -> None:
    with pytest.raises(Rejected) as err:
        parse_place(text, CELLS)
    assert err.value.code == code
    for lang in ("fr", "en"):
        assert Phrasebook(lang, "dojo").has("reasons", code)


def test_the_ambiguous_reason_names_the_candidates() -> None:
    with pytest.raises(Rejected) as err:
        parse_place("sous jaune", CELLS)
    text = Phrasebook("fr", "dojo").reason(err.value)
    assert text == "Lequel ? Renard, ceinture jaune ; Grue, ceinture jaune."


def test_legal_places_are_said_against_a_neighbouring_card() -> None:
    assert places({}) == [Place(0, 0, None, None)]
    found = places(CELLS)
    assert Place(0, -2, "left", "MONKEY-5-1") in found and Place(1, 2, "right", "CRANE-2-1") in found
    assert Place(-1, 0, "above", "FOX-2-1") in found and Place(2, 1, "under", "CRANE-2-1") in found
    assert all(p.row in range(-1, 3) and p.col in range(-2, 3) for p in found)
    full_width = {(0, c): "FOX-1-1" for c in range(4)}
    assert {(p.row, p.col) for p in places(full_width)} == {(r, c) for r in (-1, 1) for c in range(4)}


def _placed_match():
    m = new(3)
    recruit(m, {0: "FOX-2-1", 1: "BEAR-4-1", 2: "CRANE-2-1"}, "TROPHY-09")
    m.apply({"type": "challenge", "seat": 1})  # blue beats yellow: East takes the trophy
    m.apply({"type": "keep"})  # and keeps his own tatami: then the loser may place
    for seat in range(3):
        m.apply({"type": "place", "seat": seat})
    recruit(m, {0: "FOX-3-1", 1: "BEAR-4-2", 2: "RACCOON-2-1"}, "TROPHY-01")
    m.apply({"type": "place", "seat": 1, "row": 0, "col": -1})
    return m


def test_a_dojo_is_described_row_by_row_then_column_by_column_and_the_hand_to_its_owner_only() -> None:
    m = _placed_match()
    fr = Phrasebook("fr", "dojo", seat_keys=["north", "east", "south"])
    lines = [fr.render(e) for e in describe(m.state, 1, 1)]
    assert lines == [  # a summary, and how to read a row or a column (issue 26: A2)
        "Dojo d'Est : 2 tatamis, 1 ligne sur 3, 2 colonnes sur 4.",
        "Pour une ligne : « dojo Est 1 » (de 1 à 1) ; une colonne : « dojo Est colonne 1 » (de 1 à 2).",
    ]
    parts = [(("row", 1), "Ligne 1 : Ours, ceinture bleue ; Ours, ceinture bleue."),
             (("column", 2), "Colonne 2 : Ours, ceinture bleue."), (("row", 2), "Le dojo d'Est a 1 ligne.")]
    for part, said in parts:
        assert [fr.render(e) for e in describe(m.state, 1, 1, part)] == [said]
    mine = [fr.render(e) for e in describe(m.state, 0, 0)]
    assert mine[-1] == "En main : Renard, ceinture verte."
    assert all(e.audience == 0 for e in describe(m.state, 0, 0))
    theirs = describe(m.state, 0, 2)
    assert all("FOX-3-1" not in str(e.params) for e in theirs)  # the public one: no hand
    assert [e.key for e in describe(new(3).state, 0, 0)] == ["dojo_empty"]


def test_places_are_offered_in_words() -> None:
    m = _placed_match()
    en = Phrasebook("en", "dojo")
    lines = [en.render(e) for e in offer_places(m.state, 0)]
    assert lines[0] == "Fox, green belt: 4 possible places."
    assert "Left of Fox, yellow belt: row 1, column 0." in lines
    assert "Under Fox, yellow belt: row 2, column 1." in lines


def test_the_running_score_lists_rows_columns_trophies_and_total() -> None:
    m = _placed_match()
    fr = Phrasebook("fr", "dojo")
    lines = [fr.render(e) for e in score_events(m.state, 1, 0)]
    assert lines == [
        "Lignes : 3 points.",
        "Ligne 1 : Ours × 2, 3 points.",
        "Colonnes : 0 point.",
        "Trophées (Trophée Taekwondo, 3 points) : 3 points.",
        "Total d'Est : 6 points.",
    ]
