"""Shodan typed commands: words (+ the camera's card) become engine actions the rules accept."""

from __future__ import annotations

import pytest

from companion.engine import Rejected
from companion.games.shodan.commands import to_action, words_of
from companion.games.shodan.state import cards
from companion.speech.phrasebook import Phrasebook
from tests.games.shodan.helpers import idle, refill, started

NORTH = ["POS-1-1", "ATK-8-1", "TEC-2-1", "NOT-3-1", "DIV-1-1"]
SOUTH = ["POS-2-1", "ATK-6-1", "DIV-4-1", "NOT-4-1", "DIV-5-1"]


def test_words_fold_accents_and_join_two_word_colours() -> None:
    assert words_of("Pioche VERT clair") == ["pioche", "clair"]
    assert words_of("clôture 2, défausse") == ["cloture", "2", "defausse"]


def test_a_whole_technique_played_by_commands_and_the_camera() -> None:
    m = started([NORTH, SOUTH])
    s = m.state
    m.apply(to_action("nouvelle", 0, s, card="POS-1-1"))
    assert to_action("pioche rouge", 0, m.state) == {"type": "draw", "seat": 0, "pile": "RED"}
    take = {"type": "draw", "seat": 0, "pile": "BLUE", "face_up": True}
    assert to_action("prends bleu", 0, m.state) == take
    assert to_action("draw light green up", 0, m.state)["face_up"] is True
    m.apply(to_action("pioche jaune", 0, m.state))
    idle(m, 1)
    m.apply(to_action("sur 1", 0, m.state, card="ATK-8-1"))
    refill(m, 0)
    idle(m, 1)
    m.apply(to_action("pose sur 1", 0, m.state, card="TEC-2-1"))
    events = m.apply(to_action("Clôture 1", 0, m.state))
    assert events[0].key == "closed"


def test_interactive_and_notion_commands() -> None:
    m = started([NORTH, SOUTH])
    m.apply(to_action("nouvelle", 0, m.state, card="NOT-3-1"))
    refill(m, 0)
    m.apply(to_action("nouvelle", 1, m.state, card="POS-2-1"))
    refill(m, 1)
    action = to_action("hakama 2 position", 0, m.state)
    assert action == {"type": "interactive", "seat": 0, "card": "DIV-1-1", "technique": 2,
                      "target": "POS-2-1"}
    m.apply(action)
    refill(m, 0)
    senpai = to_action("senpai nord rouge 8 non", 1, m.state)
    assert senpai["partner"] == 0 and senpai["ask"] == "ATK-8-1" and senpai["given"] is False
    with pytest.raises(Rejected) as err:
        m.apply(senpai)  # North is known to hold it
    assert err.value.code == "partner_has_it"
    m.apply(to_action("defausse", 1, m.state, card="DIV-5-1"))
    refill(m, 1)
    action = to_action("active atémi sud", 0, m.state, card="ATK-6-1")
    assert action == {"type": "activate", "seat": 0, "notion": "NOT-3-1", "victim": 1, "card": "ATK-6-1"}
    m.apply(action)
    m.apply(to_action("fini", 0, m.state))
    assert m.state.turn == 1



def test_senpai_asks_for_a_card_by_its_name_as_well_as_by_its_colour_and_number() -> None:
    m = started([NORTH, SOUTH])  # North holds yokomen uchi, the red 8
    by_name = to_action("senpai Nord Yokomen Uchi sur 1", 1, m.state)
    assert by_name == to_action("senpai nord rouge 8 sur 1", 1, m.state)
    assert by_name["ask"] == "ATK-8-1" and by_name["given"] is True and by_name["technique"] == 1
    # the longest name said: the technique card irimi nage, not the notion irimi
    assert cards()[to_action("senpai nord irimi nage non", 1, m.state)["ask"]].kind == "technique"
    assert cards()[to_action("senpai nord irimi non", 1, m.state)["ask"]].power == "IRIMI"

@pytest.mark.parametrize(("line", "card", "code"), [
    ("", None, "command_empty"), ("saute", None, "command_unknown"), ("pioche", None, "command_pile"),
    ("clôture", None, "command_number"), ("sur 1", None, "command_card"),
    ("uke", "POS-1-1", "command_number"),
    ("senpai rouge 8 oui", None, "command_seat"), ("senpai nord bidule sur 1", None, "command_senpai_card"),
    ("active", None, "command_power"), ("active kamae", None, "command_no_notion"),
    ("hakama 1 attaque", None, "unknown_technique"),
])
def test_unclear_lines_get_a_spoken_reason(line: str, card: str | None, code: str) -> None:
    m = started([NORTH, SOUTH])
    with pytest.raises(Rejected) as err:
        to_action(line, 0, m.state, card=card)
    assert err.value.code == code
    for lang in ("fr", "en"):
        assert Phrasebook(lang, "shodan").has("reasons", code)
