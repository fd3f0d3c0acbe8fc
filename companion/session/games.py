"""Table rules of the judo card game, Shodan and the samurai board game, for the live companion.

Each class turns what a blind player types (the game's own pure parser: `judo_words`,
`shodan_commands`, `samurai_commands`) and the cards the camera sees into engine actions,
and answers the questions a player who cannot see the table asks. Pure: actions and
sentences out, nothing said or recorded here. Questions are answered to the asking seat.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import Event, Rejected, State
from companion.session.table import Hints, TableRules, Waiting

_SPOT = re.compile(r"^(?:en|sur|at|on|to|a|à)?\s*([a-i][1-9])$", re.IGNORECASE)


def _to(seat: int, events: Sequence[Event]) -> list[Event]:
    """The same answers, addressed to ``seat`` only (a question is answered to its asker)."""
    return [Event(seat, e.key, dict(e.params)) for e in events]


def _is_card_word(game: str, line: str) -> bool:
    """True for a line that is one card's id or label payload."""
    from card_codes import load_deck, try_decode

    word = line.strip().upper()
    if " " in word or not word:
        return False
    return word in load_deck(game) or not isinstance(try_decode(word, game), Exception)


class _GameTable(TableRules):
    """What the three games share: spoken lists of events, a hand as card names."""

    def say_events(self, events: Sequence[Event]) -> str:
        return " ".join(self.book.render(e) for e in events)

    def session(self, key: str, **params: Any) -> str:
        return self.book.text("session", key, params)


# ---------------------------------------------------------------------------------------- judo
class JudoTable(_GameTable):
    """Judo: grips and kuzushi are played by showing them; a throw card waits for its MS
    cards ("M1801 MIP1") or for "projette" (the companion takes them from the hand); a grip
    when both hands hold one waits for "gauche" / "droite"; "défausse" discards the card
    shown; "fini" ends the turn; "manque ISN" and "projections" answer privately."""

    def actor(self, state: State) -> int | None:
        return None if state.over else state.turn

    def turn_text(self, state: State) -> str:
        if state.over:
            return self.book.text("session", "turn_over", {})
        limit = state.opts["time_limit"]
        text = self.session("judo_turn", seat=state.turn, combat=state.combat, turns=state.turns + 1)
        if limit:
            left = (2 * limit if state.golden else limit) - state.turns
            text += " " + self.session("judo_clock", n=left)
        return text

    def hand_text(self, state: State, seat: int) -> str:
        hand = list(state.hands[seat])
        text = self.book.text("session", "hand", {"cards": hand}) if hand else self.session("hand_empty")
        if state.unknown[seat]:
            text += " " + self.session("judo_unseen", n=state.unknown[seat])
        return text

    def table_text(self, state: State) -> str:
        parts = []
        for seat, (left, right) in enumerate(state.grips):
            parts.append(self.session("judo_grips", seat=seat, left=self._grip_name(left),
                                      right=self._grip_name(right)))
        if state.pile:
            card, by = state.pile[-1]
            parts.append(self.session("judo_pile", n=len(state.pile), card=card, seat=by))
        else:
            parts.append(self.session("judo_pile_empty"))
        return " ".join(parts)

    def _grip_name(self, card: str | None) -> str:
        return self.book.card_name(card) if card else self.session("judo_no_grip")

    def scores_text(self, state: State) -> str:
        from companion.games.judo.state import score_params as _score_params

        combat = self.book.render(Event("all", "combat_score", _score_params(state)))
        tai = self.book.render(Event("all", "tai", {"s0": 0, "s1": 1, "t0": state.tai[0],
                                                    "t1": state.tai[1]}))
        return f"{combat} {tai}"

    def legal_text(self, state: State, seat: int) -> str:
        from companion.games.judo.queries import query_events

        if state.over or state.turn != seat:
            return self.turn_text(state)
        if state.to_draw:
            return self.session("judo_draw_first", n=state.to_draw)
        actions = self.game.legal(state, seat)
        plays = sorted({a["card"] for a in actions if a["type"] == "play"})
        parts = [self.book.text("session", "legal", {"cards": plays}) if plays
                 else self.session("judo_no_play")]
        throws = [e for e in query_events(state, seat) if e.key != "can_throw_none"]
        parts += [self.book.render(e) for e in throws]
        if any(a["type"] == "end_turn" for a in actions):
            parts.append(self.session("judo_may_end"))
        if any(a["type"] == "discard" for a in actions):
            parts.append(self.session("judo_may_discard"))
        return " ".join(parts)

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Waiting:
        from companion.games.judo.state import cards

        if state.over:
            raise Rejected("game_over")
        seat = state.turn
        if state.to_draw:  # cards shown while the seat owes cards are its draw
            action: dict[str, Any] = {"type": "draw", "seat": seat, "cards": [card]}
            self.game.apply(state, action)
            return action
        legal = self.game.legal(state, seat)
        kind = cards()[card].kind
        if kind == "throw":
            throws = [a for a in legal if a["type"] == "throw" and a["cards"][0] == card]
            if not throws:
                self.game.apply(state, {"type": "throw", "seat": seat, "cards": [card]})  # the reason
            return Waiting(card, tuple(throws))
        discard = [a for a in legal if a["type"] == "discard" and a["card"] == card]
        plays = [a for a in legal if a["type"] == "play" and a["card"] == card]
        if kind == "grip" and plays and None not in state.grips[seat]:
            return Waiting(card, tuple(plays))  # both hands hold: which one lets go?
        if plays:
            action = {"type": "play", "seat": seat, "card": card}
            if len({a.get("rps") for a in plays}) > 1:
                return Waiting(card, tuple(plays))
            return action
        if discard and kind not in ("grip", "kuzushi"):  # an MS card alone: only a discard
            return Waiting(card, tuple(discard))
        self.game.apply(state, {"type": "play", "seat": seat, "card": card})  # the rules' reason
        raise Rejected("card_not_now")

    def parse_line(self, state: State, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | None:
        from companion.games.judo import queries as judo
        from companion.games.judo import state as judo_state
        from companion.games.judo import words as judo_words

        command = judo_words.parse(line)
        first, _, rest = line.strip().partition(" ")
        if command is None and rest and (head := judo_words.parse(first)) and head.name == "discard":
            named = self._cards_of(state, seat, rest)  # "défausse KDF1": a card named, not shown
            if named and len(named) == 1:
                return {"type": "discard", "seat": seat, "card": named[0]}
        if command is not None:
            if command.name == "lacks":
                return judo.query_events(state, seat, str(command.arg))
            if command.name == "throws":
                return judo.query_events(state, seat)
            if command.name == "done":
                return {"type": "end_turn", "seat": seat}
            if command.name == "draw":
                return {"type": "draw", "seat": seat, "count": command.arg}
            if command.name == "discard":
                if card is None:
                    raise Rejected("judo_show_first")
                return {"type": "discard", "seat": seat, "card": card}
            if command.name == "throw":
                return self._throw(state, seat, card, None)
        info = judo_state.cards()
        if card is not None and info[card].kind == "grip":
            hand = judo_words.hand(line)
            if hand is not None:
                return {"type": "play", "seat": seat, "card": card, "hand": hand}
        if card is not None and info[card].kind == "kuzushi":
            result = judo_words.rps_result(line)
            if result is not None:
                return {"type": "play", "seat": seat, "card": card, "rps": result}
        named = self._cards_of(state, seat, line)
        if named is None:
            return None
        if card is not None and info[card].kind == "throw" and all(info[c].kind == "ms" for c in named):
            return self._throw(state, seat, card, named)
        if len(named) > 1 and info[named[0]].kind == "throw":
            return self._throw(state, seat, named[0], named[1:])
        return None

    def _throw(self, state: State, seat: int, card: str | None, ms: list[str] | None) -> dict[str, Any]:
        if card is None:
            raise Rejected("judo_show_throw")
        if ms is None:  # "projette": the MS cards the hand holds for it
            options = [a for a in self.game.legal(state, seat)
                       if a["type"] == "throw" and a["cards"][0] == card]
            if options:
                return dict(options[0])
            ms = []
        return {"type": "throw", "seat": seat, "cards": [card, *ms]}

    def _cards_of(self, state: State, seat: int, line: str) -> list[str] | None:
        """The cards a line names (ids, label codes, numbers in the hand), or None."""
        from card_codes import load_deck

        deck = load_deck("judo")
        codes = {c.code: c.id for c in deck}
        hand = state.hands[seat]
        out = []
        for word in line.split():
            up = word.upper()
            if up in deck:
                out.append(up)
            elif up in codes:
                out.append(codes[up])
            elif word.isdigit() and 0 < int(word) <= len(hand):
                out.append(hand[int(word) - 1])
            else:
                return None
        return out or None


# ---------------------------------------------------------------------------------------- Shodan
class ShodanTable(_GameTable):
    """Shodan: a card of one's hand shown waits for words ("nouvelle", "sur 2", "défausse",
    "uke 3", "hakama 2 attaque"...); a card drawn face down and shown is learnt (`see`);
    draws, closings and activations are typed; "jury", "techniques", "piles" answer."""

    def actor(self, state: State) -> int | None:
        return None if state.phase in ("setup", "over") else state.turn

    def turn_text(self, state: State) -> str:
        if state.phase == "over":
            return self.book.text("session", "turn_over", {})
        if state.phase == "setup":
            return self.session("shodan_setup")
        return self.session(f"shodan_phase_{state.phase}", seat=state.turn)

    def hand_cards(self, state: State, seat: int) -> list[str] | None:
        return list(state.known[seat]) if 0 <= seat < state.players else None

    def hand_text(self, state: State, seat: int) -> str:
        from companion.games.shodan.state import PILES

        known = list(state.known[seat])
        text = self.book.text("session", "hand", {"cards": known}) if known else self.session("hand_empty")
        for pile, n in zip(PILES, state.unknown[seat], strict=True):
            if n:
                text += " " + self.session("shodan_unknown", n=n, pile=pile)
        return text

    def table_text(self, state: State) -> str:
        return " ".join([self._techniques(state), self._piles(state)])

    def _techniques(self, state: State) -> str:
        from companion.games.shodan.state import tech_cards

        if not state.techniques:
            return self.session("shodan_no_technique")
        parts = []
        for n, tech in enumerate(state.techniques, start=1):
            key = "shodan_tech_closed" if tech.closed else "shodan_tech_open"
            parts.append(self.session(key, n=n, seat=tech.owner, cards=tech_cards(tech)))
            if tech.uke is not None:
                parts.append(self.session("shodan_tech_uke", seat=tech.uke))
        return " ".join(parts)

    def _piles(self, state: State) -> str:
        from companion.games.shodan.state import PILES

        parts = []
        for pile, n, up in zip(PILES, state.draw, state.face_up, strict=True):
            if up:
                parts.append(self.session("shodan_pile", pile=pile, n=n, card=up[-1]))
            else:
                parts.append(self.session("shodan_pile_no_top", pile=pile, n=n))
        if state.final_turns is not None:
            parts.append(self.session("shodan_last_round"))
        return " ".join(parts)

    def scores_text(self, state: State) -> str:
        from companion.games.shodan.scoring import prestige

        parts = [self.session("shodan_prestige", seat=s, **prestige(state, s)) for s in range(state.players)]
        return " ".join(parts)

    def legal_text(self, state: State, seat: int) -> str:
        from companion.games.shodan.scoring import completable

        if state.phase in ("setup", "over") or state.turn != seat:
            return self.turn_text(state)
        actions = self.game.legal(state, seat)
        kinds = sorted({a["type"] for a in actions})
        words = ", ".join(self.session(f"shodan_do_{k}") for k in kinds)
        text = self.session("shodan_may", what=words)
        cards = sorted({a["card"] for a in actions if a["type"] in ("place", "uke") and "card" in a})
        if cards:
            text += " " + self.session("shodan_may_place", cards=cards)
        done = completable(state, seat)
        if done:
            text += " " + self.session("shodan_could_complete", n=len(done))
        return text

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Waiting:
        from companion.games.shodan.state import PILES, cards, located

        if state.phase == "over":
            raise Rejected("game_over")
        info = cards().get(card)
        if info is not None and info.colour in PILES and card not in located(state):
            pile = PILES.index(info.colour)
            owners = [s for s in range(state.players) if state.unknown[s][pile]]
            if owners:  # a card drawn face down, shown to the companion: it learns it
                owner = state.turn if state.turn in owners else owners[0]
                action = {"type": "see", "seat": owner, "card": card}
                self.game.apply(state, action)
                return action
        seat = state.turn
        candidates = [a for a in self.game.legal(state, seat) if a.get("card") == card]
        if not candidates:
            self.game.apply(state, {"type": "place", "seat": seat, "card": card})  # the rules' reason
            raise Rejected("card_not_now")
        return Waiting(card, tuple(candidates))

    def parse_line(self, state: State, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | None:
        from companion.games.shodan.commands import fold, to_action
        from companion.games.shodan.scoring import requirement_events

        words = line.split()
        if not words:
            return None
        query = self._query_word(fold(words[0]))
        if query == "jury":
            return _to(seat, requirement_events(state, seat))
        if query == "techniques":
            return [Event(seat, "say", {"text": self._techniques(state)})]
        if query == "piles":
            return [Event(seat, "say", {"text": self._piles(state)})]
        try:
            return to_action(line, seat, state, card)
        except Rejected as rejected:
            if rejected.code == "command_unknown" and len(words) == 1:
                return None  # a card typed, or a common word: not Shodan's
            raise

    def _query_word(self, word: str) -> str | None:
        from companion.games.shodan.commands import _table

        for name, spelled in _table().get("queries", {}).items():
            if word in spelled:
                return name
        return None


# ---------------------------------------------------------------------------------------- samurai
class SamuraiTable(_GameTable):
    """Samurai: moves, attacks, recruits, markers, events and the end of a turn are typed
    ("archer de Nord en C4", "katana 2 attaque C5", "fin du tour"); questions ("mes unités",
    "menaces", "où est le katana 2", "quoi en D4") answer the asking seat only. A token or an
    event card shown waits for its square ("en C4", "sur B7")."""

    def actor(self, state: State) -> int | None:
        from companion.games.samurai.state import PLAY, REMOVE, SETUP

        if state.phase == SETUP:  # the set-up goes round the seats in order, one player at a time
            return next((s for s in range(state.players) if self.game.legal(state, s)), None)
        if state.phase == PLAY:
            return state.seat
        if state.phase == REMOVE and state.removal:
            return state.removal[0]
        return None

    def _names(self) -> list[str]:
        return [self.book.seat_name(s) for s in range(6)]

    def _answer(self, state: State, name: str, seat: int) -> str:
        from companion.games.samurai.queries import answer

        return self.say_events(answer(state, name, seat))

    def turn_text(self, state: State) -> str:
        from companion.games.samurai.board import TEAMS
        from companion.games.samurai.state import DRAW, REMOVE, SETUP

        if self.game.is_over(state):
            return self.book.text("session", "turn_over", {})
        if state.phase == SETUP:
            return self.session("samurai_setup_turn", seat=self.actor(state))
        if state.phase == REMOVE and state.removal:
            seat, kind, n = state.removal
            return self.book.render(Event("all", "choose_removal", {"seat": seat, "kind": kind, "n": n}))
        if state.phase == DRAW:
            return self.book.render(Event("all", "draw_due", {"team": TEAMS[state.team]}))
        return self.book.render(Event("all", "q_turn", {"seat": state.seat, "cp": state.cp[state.seat]}))

    def hand_text(self, state: State, seat: int) -> str:
        return self._answer(state, "hand", seat)

    def table_text(self, state: State) -> str:
        units = sorted(state.units.values(), key=lambda u: (u.owner, u.id))
        if not units:
            return self.session("table_empty")
        parts = [self.session("samurai_unit_at", unit=u.id, square=u.square, seat=u.owner) for u in units]
        return " ".join(parts)

    def scores_text(self, state: State) -> str:
        return self._answer(state, "score", 0 if state.seat is None else state.seat)

    def legal_text(self, state: State, seat: int) -> str:
        from companion.games.samurai.state import SETUP

        if self.actor(state) != seat:
            return self.turn_text(state)
        actions = self.game.legal(state, seat)
        kinds = sorted({a["type"] for a in actions})
        text = self.session("samurai_may", what=", ".join(self.session(f"samurai_do_{k}") for k in kinds))
        if state.phase == SETUP:
            free = sorted({a["unit"].split("-")[0].lower() for a in actions if a["type"] == "place"})
            squares = sorted({a["at"] for a in actions if a["type"] == "place"})
            return text + " " + self.session("samurai_setup_left", kinds=free, squares=squares)
        return text + " " + self._answer(state, "units", seat)

    def command_action(self, state: State, kind: str, seat: int, hints: Hints) -> dict[str, Any]:
        if kind == "pass":  # "passe": the end of the turn
            return {"type": "end_turn", "seat": seat}
        return super().command_action(state, kind, seat, hints)

    def place_action(self, state: State, seat: int, words: str) -> dict[str, Any]:
        """"pose archer en C2" (the setup)."""
        result = self.parse_line(state, seat, f"pose {words}")
        if not isinstance(result, dict):
            raise Rejected("cmd_need_unit")
        return result

    def card_action(self, state: State, card: str, hints: Hints) -> dict[str, Any] | Waiting:
        from companion.games.samurai.state import DRAW

        kind, _, team = card.partition("-")  # a token: any free one of its type and team will do
        candidates = self._candidates(
            state, lambda a: a.get("card") == card or a.get("unit") == card
            or (a.get("type") in ("place", "recruit") and a["unit"].startswith(f"{kind}-{team[:1]}-")))
        candidates = [{**a, "unit": card} if "unit" in a else a for a in candidates]
        if not candidates:
            if state.phase == DRAW:
                raise Rejected("card_not_now")
            seat = self.actor(state)
            if seat is None:
                raise Rejected("card_not_now")
            self.game.apply(state, {"type": "event", "seat": seat, "card": card})  # the rules' reason
            raise Rejected("card_not_now")
        if len(candidates) == 1:
            return dict(candidates[0])
        return Waiting(card, tuple(candidates))

    def parse_line(self, state: State, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | None:
        from companion.games.samurai.commands import Query, command
        from companion.games.samurai.queries import answer

        spot = _SPOT.match(line.strip()) if card is not None else None
        if spot is not None:  # a token or an event card shown, then "en C4" / "sur B7"
            return self._card_at(state, seat, str(card), spot.group(1).upper())
        if _is_card_word(self.game.name, line):
            return None  # a card typed by its id: shown to the camera, not a board command
        try:
            result = command(line, state, seat, self._names())
        except Rejected as rejected:
            if rejected.code in ("cmd_unknown_word", "cmd_no_verb", "cmd_empty") and len(line.split()) == 1:
                return None  # a card id or a common word: not a board command
            raise
        if isinstance(result, Query):
            return _to(seat, answer(state, result.name, result.seat, result.unit, result.square))
        return result

    def _card_at(self, state: State, seat: int, card: str, square: str) -> dict[str, Any]:
        """A token or an event card shown, then a square said: where it goes."""
        from companion.games.samurai.state import SETUP

        if card.startswith("E"):
            return {"type": "event", "seat": seat, "card": card, "at": square}
        kind = "place" if state.phase == SETUP else "recruit"
        return {"type": kind, "seat": seat, "unit": card, "at": square}

    def clears_table(self, events: Sequence[Event]) -> bool:
        return True


TABLES: Mapping[str, type[TableRules]] = {"judo": JudoTable, "shodan": ShodanTable, "samurai": SamuraiTable}
