"""Shodan typed commands: a short line (+ the card the camera saw) -> an engine action.

Pure: the words are data (`words.toml`), the state only resolves names (which
technique slot holds which card, which copy of a notion a seat has on the table). Bad
lines raise `Rejected` with a phrasebook key, like the engine.

Examples (seat = the speaker): "pioche rouge", "prends bleu" (the face-up card),
"sur 2" + card, "nouvelle" + card, "clôture 1", "uke 3" + card, "hakama 2 attaque",
"kaeshi 2", "stage", "senpai sud rouge 8 sur 1 oui" or "senpai sud yokomen uchi sur 1 oui" (the card by
its colour and number, or by its name: the name is what a player who cannot read the card knows; the
"oui" may be left out when the partner's hand is known), "active atémi est" + card taken (or none: the
table rules ask for it), "active ma-ai kamae", "active kamae", "fini", "passe".
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from card_codes import load_deck
from companion.engine import Rejected
from companion.games.shodan.rules import GAME
from companion.games.shodan.state import ShodanState, action_cards, cards, located
from companion.language import fold

WORDS_FILE = Path(__file__).parent / "words.toml"
PAIRS = {("vert", "clair"): "clair", ("verte", "claire"): "clair", ("light", "green"): "light"}



@cache
def _table() -> dict[str, dict[str, Any]]:
    return tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))


def _lookup(section: str, word: str) -> str | None:
    for name, words in _table()[section].items():
        if word in words:
            return name
    return None


def query_word(word: str) -> str | None:
    """The question a folded word asks ("jury", "techniques", "piles"), if any."""
    return next((name for name, spelled in _table().get("queries", {}).items() if word in spelled), None)


def words_of(line: str) -> list[str]:
    """The folded words of a line, with two-word colours joined."""
    raw = [fold(w) for w in line.replace(",", " ").split()]
    out: list[str] = []
    for w in raw:
        if out and (out[-1], w) in PAIRS:
            out[-1] = PAIRS[(out[-1], w)]
        else:
            out.append(w)
    return out


def to_action(line: str, seat: int, state: ShodanState, card: str | None = None) -> dict[str, Any]:
    """The action a typed line means for `seat`; `card` is the card the camera saw, if any."""
    words = words_of(line)
    if not words:
        raise Rejected("command_empty")
    verb = _lookup("verbs", words[0])
    if verb is None:
        raise Rejected("command_unknown", word=words[0])
    rest = words[1:]
    base: dict[str, Any] = {"seat": seat}
    if verb in ("draw", "take"):
        pile = _pile(rest)
        face_up = verb == "take" or any(w in _table()["face_up"]["words"] for w in rest)
        return {"type": "draw", **base, "pile": pile, **({"face_up": True} if face_up else {})}
    if verb in ("done", "pass"):
        return {"type": verb, **base}
    if verb == "close":
        return {"type": "close", **base, "technique": _number(rest)}
    if verb in ("place", "new", "discard", "uke"):
        action = {"type": "place" if verb == "new" else verb, **base, "card": _need_card(card)}
        if verb in ("place", "uke") and _numbers(rest):
            action["technique"] = _number(rest)
        elif verb == "uke":
            raise Rejected("command_number")
        return action
    if verb == "activate":
        return _activate(rest, seat, state, card)
    played = card or _copy_for(state, seat, verb.upper())
    action = {"type": "interactive", **base, "card": played}
    if verb == "hakama":
        index = _number(rest)
        action.update(technique=index, target=_slot_card(state, index, rest))
    elif verb == "kaeshi":
        action["technique"] = _number(rest)
    elif verb == "senpai":
        action.update(_senpai(rest, seat, state))
    return action


def _pile(rest: list[str]) -> str:
    for w in rest:
        pile = _lookup("piles", w)
        if pile:
            return pile
    raise Rejected("command_pile")


def _numbers(rest: list[str]) -> list[int]:
    return [int(w) for w in rest if w.isdigit()]


def _number(rest: list[str]) -> int:
    found = _numbers(rest)
    if not found:
        raise Rejected("command_number")
    return found[0]


def _need_card(card: str | None) -> str:
    if card is None:
        raise Rejected("command_card")
    return card


def _seat_word(rest: list[str], state: ShodanState) -> int:
    keys = GAME.seat_keys(state.players)
    for w in rest:
        key = _lookup("seats", w)
        if key in keys:
            return keys.index(key)
    raise Rejected("command_seat")


def _copy_for(state: ShodanState, seat: int, effect: str) -> str:
    """The copy of an interactive card `seat` plays: one he is known to hold, else an unseen one."""
    info = cards()
    copies = [c for c, i in info.items() if i.effect == effect]
    held = [c for c in copies if c in state.known[seat]]
    if held:
        return held[0]
    free = [c for c in copies if c not in located(state)]
    if not free:
        raise Rejected("not_in_hand", seat=seat, card=copies[0])
    return free[0]


def _slot_card(state: ShodanState, number: int, rest: list[str]) -> str:
    if not 1 <= number <= len(state.techniques):
        raise Rejected("unknown_technique", value=str(number))
    tech = state.techniques[number - 1]
    slot = next((s for w in rest if (s := _lookup("slots", w))), None)
    if slot is None:
        raise Rejected("command_slot")
    card = tech.notions[-1][0] if slot == "notion" and tech.notions else tech.in_slot(slot)
    if not isinstance(card, str):
        raise Rejected("command_slot")
    return card


@cache
def _card_names() -> dict[tuple[str, ...], tuple[str, int]]:
    """Each action card's name (French and English), as folded words -> its colour and number."""
    deck, info = load_deck("shodan"), cards()
    return {tuple(words_of(deck.card(c).name(lang))): (info[c].colour, info[c].number)
            for c in action_cards() for lang in ("fr", "en")}


def _named_card(rest: list[str]) -> tuple[str, int] | None:
    """The colour and number of the card a line names: its longest name found in the line
    ("irimi nage" rather than the notion "irimi")."""
    found = [(len(name), card) for name, card in _card_names().items()
             if any(tuple(rest[i:i + len(name)]) == name for i in range(len(rest) - len(name) + 1))]
    return max(found)[1] if found else None


def _senpai(rest: list[str], seat: int, state: ShodanState) -> dict[str, Any]:
    partner = _seat_word(rest, state)
    numbers = _numbers(rest)
    named = _named_card(rest)
    if named is not None:  # "senpai nord yokomen uchi sur 1": every number left is the technique's
        pile, number = named
    elif any(_lookup("piles", w) for w in rest):  # "senpai nord rouge 8 sur 1"
        pile = _pile(rest)
        if not numbers:
            raise Rejected("command_number")
        number, numbers = numbers[0], numbers[1:]
    else:
        raise Rejected("command_senpai_card")
    answer = next((a for w in rest if (a := _lookup("answers", w))), None)
    info = cards()
    copies = [c for c in action_cards() if (info[c].colour, info[c].number) == (pile, number)]
    if not copies:
        raise Rejected("command_card")
    held = [c for c in copies if c in state.known[partner]]
    free = [c for c in copies if c not in located(state)]
    asked = (held or free or copies)[0]
    if answer is None:  # the partner's answer: the companion knows it when it knows his whole hand
        if any(state.unknown[partner]):
            raise Rejected("command_yes_no")
        answer = "yes" if held else "no"
    out: dict[str, Any] = {"partner": partner, "ask": asked, "given": answer == "yes"}
    if answer == "yes":
        if not numbers:
            raise Rejected("command_number")
        out["technique"] = numbers[0]
    return out


def _activate(rest: list[str], seat: int, state: ShodanState, card: str | None) -> dict[str, Any]:
    powers = [p for w in rest if (p := _lookup("powers", w))]
    if not powers:
        raise Rejected("command_power")
    notion = _notion_of(state, seat, powers[0], used=False)
    action: dict[str, Any] = {"type": "activate", "seat": seat, "notion": notion}
    if powers[0] == "MAAI":
        if len(powers) < 2:
            raise Rejected("command_power")
        action["target"] = _notion_of(state, seat, powers[1], used=True)
    elif powers[0] == "ATEMI":  # the card taken: shown, else drawn blind from the hand (table rules)
        action["victim"] = _seat_word(rest, state)
        if card is not None:
            action["card"] = card
    elif card is not None:
        action["card"] = card
    return action


def _notion_of(state: ShodanState, seat: int, power: str, used: bool) -> str:
    info = cards()
    for tech in state.techniques:
        if tech.owner != seat:
            continue
        for notion, activated in tech.notions:
            if info[notion].power == power and activated == used:
                return notion
    raise Rejected("command_no_notion")

