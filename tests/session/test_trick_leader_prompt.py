"""A3 (issue 26): my own card ends the trick, I win it and lead the next: "À vous" is said,
though it was my turn before that card too (the turn starts anew)."""

from __future__ import annotations

from types import SimpleNamespace

TRICK = ["Y-P4-V1", "R-P2-V1", "Y-P1-V3", "R-P5-V1"]  # West's red 5 ends it and wins it


def test_the_winner_of_a_trick_who_played_its_last_card_hears_your_turn(make_session) -> None:
    session, rec = make_session(me=3)
    for card in TRICK[:3]:
        session.handle_vision(SimpleNamespace(kind="seen", card=card, seat=None, error=None))
    assert rec.texts(3)[-1] == "À vous. À Ouest : une carte rouge."
    rec.clear()
    session.handle_line("R-P5-V1")  # typed: my own card
    assert rec.texts("all")[-1] == "Ouest remporte le pli : 4 cartes, 6 points."
    assert rec.texts(3)[-1] == "À vous. À Ouest : une carte rouge."
