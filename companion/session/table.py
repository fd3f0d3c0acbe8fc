"""Table rules: what a card seen or a typed command means for a game, and the queries.

The generic rules work for any engine from its `legal()` list: a card seen becomes the
one legal action that names it (fields that legal actions disagree on but the engine can
default, such as where a card came from, are left to the engine); a command becomes the
legal action of its type. A game may add hooks (Tatsu does, below) for better refusals
and richer answers. Everything here is pure: it returns actions and sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Event, Game, Rejected, State
from companion.speech.phrasebook import Phrasebook


@dataclass
class Hints:
    """What the table told the companion besides the card: who asked whom, whose zone."""

    source: int | None = None  # Tatsu: the hand the next card comes from ("demande Est")
    zone_seat: int | None = None  # the seat whose zone of the image the card was seen in
    target: int | None = None  # a seat named by a command ("donne Est")
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Waiting:
    """A card seen that needs a command to become an action (e.g. which seat it goes to)."""

    card: str
    candidates: tuple[Mapping[str, Any], ...]


class TableRules:
    """Generic table rules for any registered game."""

    def __init__(self, game: Game, book: Phrasebook) -> None:
        self.game = game
        self.book = book

    # -- cards and commands -> actions ------------------------------------------------------
    def _candidates(self, state: State, pred: Any) -> list[Mapping[str, Any]]:
        return [a for s in self.game.seats_of(state) for a in self.game.legal(state, s) if pred(a)]

    def default_card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | None:
        """The action a card most likely means, used to get the rules' own refusal."""
        return None

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Waiting:
        """The action a card seen means now; Rejected with the reason when it means none."""
        candidates = self._candidates(state, lambda a: a.get("card") == card)
        if hints.zone_seat is not None:
            candidates = [a for a in candidates if a.get("seat") in (None, hints.zone_seat)]
        if hints.source is not None:
            candidates = [a for a in candidates if a.get("from", hints.source) == hints.source]
        if not candidates:
            default = self.default_card_action(state, card, hints)
            if default is not None:
                self.game.apply(state, default)  # raises the rules' reason
                return default
            raise Rejected("card_not_now")
        return _common(candidates, card)

    def command_action(self, state: State, kind: str, seat: int, hints: Hints) -> dict[str, Any]:
        """The legal action of type ``kind`` for ``seat`` (or its target); Rejected if none."""
        candidates = self._candidates(
            state, lambda a: a.get("type") == kind and a.get("seat", seat) in (seat, hints.target)
        )
        if hints.target is not None:
            candidates = [a for a in candidates if hints.target in (a.get("seat"), a.get("to"))]
        if len(candidates) == 1 or (candidates and all(dict(c) == dict(candidates[0]) for c in candidates)):
            return dict(candidates[0])
        if not candidates:
            raise Rejected("not_now")
        common = _common(candidates, None)
        if isinstance(common, Waiting):
            raise Rejected("ambiguous")
        return common

    # -- what the companion says on request -----------------------------------------------
    def actor(self, state: State) -> int | None:
        """The seat expected to act now, if the game has one."""
        view = self.game.public_view(state)
        turn = view.get("actor", view.get("turn"))
        return turn if isinstance(turn, int) else None

    def turn_text(self, state: State) -> str:
        if self.game.is_over(state):
            return self.book.text("session", "turn_over", {})
        seat = self.actor(state)
        return self.book.seat_name(seat) if seat is not None else self.book.text("session", "not_now", {})

    def hand_cards(self, state: State, seat: int) -> list[str] | None:
        hand = self.game.private_view(state, seat).get("hand")
        return list(hand) if isinstance(hand, list | tuple) else None

    def hand_text(self, state: State, seat: int) -> str:
        hand = self.hand_cards(state, seat)
        if hand is None:
            return self.book.text("session", "hand_unknown", {})
        if not hand:
            return self.book.text("session", "hand_empty", {})
        return self.book.text("session", "hand", {"cards": hand})

    def trick_text(self, state: State) -> str:
        return self.table_text(state)

    def table_text(self, state: State) -> str:
        return self.book.text("session", "table_empty", {})

    def scores_text(self, state: State) -> str:
        scores = self.game.scores(state)
        text = ", ".join(f"{self.book.seat_name(s)} {v}" for s, v in scores.items())
        return self.book.text("session", "scores", {"text": text})

    def out_text(self, state: State) -> str:
        out = self.game.public_view(state).get("out")
        if not out:
            return self.book.text("session", "out_none", {})
        return self.book.text("session", "out", {"cards": list(out)})

    def legal_text(self, state: State, seat: int) -> str:
        actions = self.game.legal(state, seat)
        cards = sorted({a["card"] for a in actions if "card" in a})
        if cards:
            return self.book.text("session", "legal", {"cards": cards})
        kinds = sorted({str(a.get("type")) for a in actions})
        if kinds:
            return self.book.text("session", "legal_other", {"what": ", ".join(kinds)})
        return self.book.text("session", "legal_none", {})

    def rules_text(self) -> str:
        return self.book.text("session", "rules", {})

    def parse_line(self, state: State, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | None:
        """A typed line that is no common command, in the game's own words: an action to
        apply, events answering a question (addressed to ``seat``), or None if it means
        nothing here. Raise Rejected with a reason for a line that is the game's but wrong.
        ``card`` is the card the camera saw last, waiting for words that say what it does."""
        return None

    def clears_table(self, events: Sequence[Event]) -> bool:
        """True when these events take the cards off the table (a trick picked up). By
        default every card is taken away once read: the synthetic table keeps no layout."""
        return True


def _common(candidates: Sequence[Mapping[str, Any]], card: str | None) -> dict[str, Any] | Waiting:
    """The fields all candidates share; Waiting when they differ in type or seat."""
    first = dict(candidates[0])
    if any(c.get("type") != first.get("type") or c.get("seat") != first.get("seat") for c in candidates):
        if card is None:
            return Waiting("", tuple(candidates))
        return Waiting(card, tuple(candidates))
    return {k: v for k, v in first.items() if all(c.get(k) == v for c in candidates)}


class TatsuTable(TableRules):
    """Tatsu: a card seen goes in front of the seat whose turn it is."""

    def default_card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | None:
        from companion.games.tatsu.state import turn_seat

        front = turn_seat(state)
        if front is None:
            return None
        action: dict[str, Any] = {"type": "play", "seat": front, "card": card}
        if hints.source is not None:
            action["from"] = hints.source
        return action

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Waiting:
        from companion.games.tatsu.state import turn_seat

        over = self.game.is_over(state)
        if hints.zone_seat is not None and hints.zone_seat != turn_seat(state) and not over:
            raise Rejected("not_turn", seat=turn_seat(state))
        action = self.default_card_action(state, card, hints)
        if action is None:
            raise Rejected("game_over")
        self.game.apply(state, action)  # the rules' own reason if it is refused
        return action

    def actor(self, state: State) -> int | None:
        from companion.games.tatsu.state import actor

        return actor(state)

    def turn_text(self, state: State) -> str:
        from companion.games.tatsu.state import actor, turn_seat

        if self.game.is_over(state):
            return self.book.text("session", "turn_over", {})
        front, who = turn_seat(state), actor(state)
        clan = state.clans[front]
        if who != front:
            return self.book.text("session", "turn_for", {"seat": front, "clan": clan, "actor": who})
        return self.book.text("session", "turn", {"seat": front, "clan": clan})

    def table_text(self, state: State) -> str:
        view = self.game.public_view(state)
        plays = [
            self.book.render(Event("all", "play" if p["from"] in (None, p["seat"]) else "play_for",
                                   {"seat": p["seat"], "card": p["card"], "from": p["from"]}))
            for p in view["trick"]
        ]
        n = view["trick_no"]
        joined = " ; ".join(p.rstrip(".") for p in plays)
        text = (self.book.text("session", "trick", {"n": n, "plays": joined}) if plays
                else self.book.text("session", "trick_empty", {"n": n}))
        if view["pending"]:
            text += " " + self.book.text("session", "pending", {"cards": view["pending"]})
        return text

    def scores_text(self, state: State) -> str:
        view = self.game.public_view(state)
        if state.players == 4:
            parts = [self.book.text("session", "scores_team", {"clan": clan, "score": state.totals[seat]})
                     for clan, seat in (("Y", state.clans.index("Y")), ("R", state.clans.index("R")))]
            text = ", ".join(parts)
        else:
            text = ", ".join(f"{self.book.seat_name(int(s))} {v}" for s, v in view["scores"].items()
                             if int(s) < state.players)
        return self.book.text("session", "scores", {"text": text})

    def legal_text(self, state: State, seat: int) -> str:
        from companion.games.tatsu.state import actor

        if actor(state) != seat:
            return self.turn_text(state)
        actions = self.game.legal(state, self.game.public_view(state)["turn"])
        mine = sorted({a["card"] for a in actions if a.get("from") == seat})
        if mine:
            return self.book.text("session", "legal", {"cards": mine})
        return self.book.text("session", "legal_none", {}) + " " + self.rules_text()

    def clears_table(self, events: Sequence[Event]) -> bool:
        return any(e.key in ("trick_won", "fusion", "fusion_lost", "cards_lost") for e in events)


class DojoTable(TableRules):
    """Dojo: the dealer shows each tatami (told to him alone), then says whom it goes to;
    challenges, swaps and placements are commands; a dojo is described row by row."""

    def actor(self, state: State) -> int | None:
        phase = self.game.public_view(state)["phase"]
        if phase in ("trophy", "recruit"):
            return state.dealer
        if phase == "challenge":
            return self.game.public_view(state)["asked"]
        return None

    def turn_text(self, state: State) -> str:
        if self.game.is_over(state):
            return self.book.text("session", "turn_over", {})
        view = self.game.public_view(state)
        if view["phase"] == "challenge" and view["asked"] is not None:
            return self.book.render(Event("all", "ask", {"seat": view["asked"], "dealer": state.dealer}))
        if view["phase"] == "training":
            return self.book.render(Event("all", "training", {}))
        if view["phase"] == "trophy":
            return self.book.render(Event("all", "flip_trophy", {"seat": state.dealer}))
        return self.book.render(Event("all", "recruit", {"seat": state.dealer}))

    def hand_text(self, state: State, seat: int) -> str:
        tatami = self.game.private_view(state, seat).get("tatami")
        if tatami is None:
            return self.book.text("session", "hand_empty", {})
        return self.book.render(Event(seat, "dojo_hand", {"card": tatami}))

    def describe(self, state: State, seat: int, viewer: int) -> str:
        from companion.games.dojo.describe import describe

        return " ".join(self.book.render(e) for e in describe(state, seat, viewer))

    def table_text(self, state: State) -> str:
        view = self.game.public_view(state)
        parts = [self.book.render(Event("all", "trophy_stays", {"cards": view["trophies_in_play"]}))] \
            if view["trophies_in_play"] else []
        return " ".join(parts) or self.book.text("session", "table_empty", {})

    def scores_text(self, state: State) -> str:
        text = ", ".join(f"{self.book.seat_name(s)} {v}" for s, v in self.game.scores(state).items())
        return self.book.text("session", "scores", {"text": text})

    def legal_text(self, state: State, seat: int) -> str:
        from companion.games.dojo.describe import offer_places

        if self.game.public_view(state)["phase"] == "training" and state.pending[seat] is not None:
            return " ".join(self.book.render(e) for e in offer_places(state, seat))
        return super().legal_text(state, seat)

    def place_action(self, state: State, seat: int, words: str) -> dict[str, Any]:
        """A placement from words: "0 1", "gauche de renard jaune", "under 1 1"..."""
        from companion.games.dojo.describe import cells_of
        from companion.games.dojo.places import parse_place

        cells = cells_of(state, seat)
        if not cells and not words.strip():  # the first tatami needs no words: it is the 0,0 place
            return {"type": "place", "seat": seat, "row": 0, "col": 0}
        row, col = parse_place(words, cells)
        return {"type": "place", "seat": seat, "row": row, "col": col}

    def clears_table(self, events: Sequence[Event]) -> bool:
        return True  # a tatami shown goes face down to its owner; a trophy goes beside the pile


_TABLES: dict[str, type[TableRules]] = {"tatsu": TatsuTable, "dojo": DojoTable}


def table_rules(game: Game, book: Phrasebook) -> TableRules:
    """The table rules of a game (its own hooks, or the generic ones)."""
    from companion.session.games import TABLES  # judo, Shodan, samurai (they build on this module)

    return {**_TABLES, **TABLES}.get(game.name, TableRules)(game, book)
