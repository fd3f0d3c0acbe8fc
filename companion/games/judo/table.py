"""The judo game at the table: grips and kuzushi are played by showing them; a throw card waits
for its MS cards ("M1801 MIP1") or for "projette" (the companion takes them from the hand); a
grip when both hands hold one waits for "gauche" / "droite"; "défausse" discards the card
shown; "fini" ends the turn; "manque ISN" and "projections" answer privately."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar

from card_codes import load_deck
from companion.cardnames import norm, spoken_names
from companion.engine import Action, Answer, Event, Rejected
from companion.engine.capabilities import Deciding
from companion.engine.table import Answerer, Hints, Question, TableRules, by_viewer
from companion.games.judo import words
from companion.games.judo.queries import LACKS_FIRST, LACKS_SAID, query_events
from companion.games.judo.state import JudoState, cards, die_data, holds, score_params, sort_of


class JudoTable(TableRules[JudoState], Deciding):
    """The judo game's table rules: cards shown, its own words, the grips and the pile said."""

    # "manque ISN": the answer names the throw asked about, a kind of card the player named himself.
    kind_params: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType(
        {key: frozenset({"card"}) for key in (*LACKS_SAID.values(), *LACKS_FIRST, "lacks_nothing")})

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(), **by_viewer(hand=self.hand, table=self.table, scores=self.scores,
                                                 legal=self.legal_moves, progress=self.progress)}

    def actor(self, state: JudoState) -> int | None:
        return None if state.over else int(state.turn)

    def front(self, state: JudoState) -> int | None:
        return int(state.turn)

    def turn(self, state: JudoState, viewer: int) -> list[Event]:
        if state.over:
            return [Answer(viewer, "turn_over")]
        limit = state.opts["time_limit"]
        out: list[Event] = [Answer(viewer, "judo_turn", {"seat": state.turn, "combat": state.combat,
                                                         "turns": state.turns + 1})]
        if limit:
            left = (2 * limit if state.golden else limit) - state.turns
            out.append(Answer(viewer, "judo_clock", {"n": left}))
        return out

    def hand(self, state: JudoState, viewer: int) -> list[Event]:
        hand = list(state.hands[viewer])
        out: list[Event] = [Answer(viewer, "hand", {"cards": hand}) if hand else Answer(viewer, "hand_empty")]
        if state.unknown[viewer]:
            out.append(Answer(viewer, "judo_unseen", {"n": state.unknown[viewer]}))
        return out

    def table(self, state: JudoState, viewer: int) -> list[Event]:
        out: list[Event] = [Answer(viewer, "judo_grips", {"seat": seat, "left": self._grip(viewer, left),
                                                          "right": self._grip(viewer, right)})
                            for seat, (left, right) in enumerate(state.grips)]
        if state.pile:
            card, by = state.pile[-1]
            out.append(Answer(viewer, "judo_pile", {"n": len(state.pile), "card": card, "seat": by}))
        else:
            out.append(Answer(viewer, "judo_pile_empty"))
        return out

    # Equal information. Face up: the grips each player holds, the top card of the kuzushi pile
    # (the cards under it are covered) and the top card of the discard pile (a card discarded lies
    # face up, digest J7; the ones under it are covered). Gone: the cards of a throw once resolved
    # (they go to the discard pile), everything under a pile's top card. A hand is its holder's.
    def face_up(self, state: JudoState) -> frozenset[str]:
        seen = {card for grips in state.grips for card in grips if card}
        if state.pile:
            seen.add(state.pile[-1][0])
        if state.discard:
            seen.add(state.discard[-1])
        return frozenset(seen)

    def _grip(self, viewer: int, card: str | None) -> list[Event]:
        return [Answer(viewer, "card_name", {"card": card}) if card else Answer(viewer, "judo_no_grip")]

    def scores(self, state: JudoState, viewer: int) -> list[Event]:
        """The combat's score, the TAI track, then the match's length and where it stands: the
        combats to win, the combat and turn now, and the time (the text sets none: a combat ends
        by ippon; the option time_limit counts turns) (issue 26, A6)."""
        target = int(state.opts["tai_length"])
        out = [Event(viewer, "combat_score", score_params(state)),
               Event(viewer, "tai", {"s0": 0, "s1": 1, "t0": state.tai[0], "t1": state.tai[1]}),
               Answer(viewer, "judo_match_length", {"target": target, "most": 2 * target - 1})]
        if state.over:
            return out
        out.append(Answer(viewer, "judo_progress", {"combat": state.combat, "turns": state.turns + 1}))
        limit = state.opts["time_limit"]
        if limit:
            left = (2 * limit if state.golden else limit) - state.turns
            out.append(Answer(viewer, "judo_clock", {"n": left}))
        else:
            out.append(Answer(viewer, "judo_no_clock"))
        return out

    def legal_moves(self, state: JudoState, seat: int) -> list[Event]:
        if state.over or state.turn != seat:
            return self.turn(state, seat)
        if state.to_draw:
            return [Answer(seat, "judo_draw_first", {"n": state.to_draw})]
        actions = self.game.legal(state, seat)
        plays = sorted({a["card"] for a in actions if a["type"] == "play"})
        out: list[Event] = [Answer(seat, "legal", {"cards": plays}) if plays
                            else Answer(seat, "judo_no_play")]
        out += [e for e in query_events(state, seat) if e.key != "can_throw_none"]
        if any(a["type"] == "end_turn" for a in actions):
            out.append(Answer(seat, "judo_may_end"))
        if any(a["type"] == "discard" for a in actions):
            out.append(Answer(seat, "judo_may_discard"))
        return out

    def card_action(self, state: JudoState, card: str, hints: Hints) -> dict[str, Any] | Question:
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
            return Question(card, tuple(throws), seat, Answer(seat, "judo_throw_waiting"))
        # `legal` lists one copy of each sort of card: a copy held makes the same moves (issue 26, F8)
        sort = sort_of(card) if holds(state, seat, card) else None
        same = [{**a, "card": card} for a in legal if "card" in a and sort_of(a["card"]) == sort]
        discard = [a for a in same if a["type"] == "discard"]
        plays = [a for a in same if a["type"] == "play"]
        if kind == "grip" and plays and None not in state.grips[seat]:  # both hands hold
            hands = {a["hand"] for a in plays}
            if len(hands) == 1:  # the card says which hand (grip_hand = by_target): nothing to ask
                return {"type": "play", "seat": seat, "card": card, "hand": hands.pop()}
            return Question(card, tuple(plays), seat, Answer(seat, "judo_which_hand"))  # which one lets go?
        if plays:
            action = {"type": "play", "seat": seat, "card": card}
            if len({a.get("rps") for a in plays}) > 1:  # equal elements: the players' rock-paper-scissors
                return Question(card, tuple(plays), seat, Answer(seat, "judo_rps_yours"))
            return action
        if discard and kind not in ("grip", "kuzushi"):  # an MS card alone: only a discard
            return Question(card, tuple(discard), seat, Answer(seat, "judo_discard_waiting"))
        self.game.apply(state, {"type": "play", "seat": seat, "card": card})  # the rules' reason
        raise Rejected("card_not_now")

    def decider(self, state: JudoState, action: Action) -> int | None:
        """A kuzushi of equal element: the rock-paper-scissors is played by both judokas, and
        the other one says how it went."""
        if action.get("type") == "play" and "rps" in action:
            return 1 - int(action["seat"])
        return None

    def request(self, state: JudoState, action: Action, seat: int) -> Question:
        choices = tuple({**action, "rps": result} for result in ("won", "lost"))
        prompt = Answer(seat, "judo_rps_theirs", {"seat": action["seat"]})
        return Question(str(action["card"]), choices, seat, prompt)

    def progress(self, state: JudoState, viewer: int) -> list[Event]:
        if state.over:
            return []
        return [Answer(viewer, "judo_progress", {"combat": state.combat, "turns": state.turns + 1})]

    def parse_line(self, state: JudoState, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | Question | None:
        if card is not None:  # a card shown waits for words: it is the judoka on turn's
            seat = int(state.turn)
        command = words.parse(line)
        first, _, rest = line.strip().partition(" ")
        if command is None and rest and (head := words.parse(first)) and head.name == "discard":
            named = self._cards_of(state, seat, rest)  # "défausse KDF1", "défausse saisie mD": not shown
            if named is None or len(named) != 1:
                raise Rejected("judo_card_unknown", word=rest.strip())
            return {"type": "discard", "seat": seat, "card": named[0]}
        if command is not None:
            if command.name == "lacks":
                return query_events(state, seat, str(command.arg))
            if command.name == "throws":
                return query_events(state, seat)
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
        info = cards()
        hand, result = words.hand(line), words.rps_result(line)
        if card is not None and info[card].kind == "grip" and hand is not None:
            return {"type": "play", "seat": seat, "card": card, "hand": hand}
        if card is not None and info[card].kind == "kuzushi" and result is not None:
            return {"type": "play", "seat": seat, "card": card, "rps": result}
        if card is None and hand is not None:  # "gauche" answers a grip's question: none waits
            raise Rejected("judo_no_grip_waiting")
        if card is None and result is not None:  # "gagné" answers a rock-paper-scissors: none asked
            raise Rejected("judo_no_tie_waiting")
        named = self._cards_of(state, seat, line)
        if named is None:
            return None
        if card is not None and info[card].kind == "throw" and all(info[c].kind == "ms" for c in named):
            return self._throw(state, seat, card, named)  # the throw shown, then its MS cards typed (F7)
        if len(named) > 1 and info[named[0]].kind == "throw":
            return self._throw(state, seat, named[0], named[1:])
        return None

    def _throw(self, state: JudoState, seat: int, card: str | None, ms: list[str] | None
               ) -> dict[str, Any] | Question:
        action = self._combo(state, seat, card, ms)
        if state.opts["die"] != "table" or "die" in action:
            return action
        self.game.apply(state, {**action, "die": "ECHEC"})  # the combo checked first: its reason now
        # the table's own GAKE die: the players roll it and say its face
        faces = sorted(set(state.opts["die_faces"] or die_data()[0]))
        return Question(None, tuple({**action, "die": face} for face in faces), seat,
                        Answer(seat, "judo_roll_die", {"faces": faces}),
                        words=tuple(words.die_words(face) for face in faces))

    def _combo(self, state: JudoState, seat: int, card: str | None, ms: list[str] | None) -> dict[str, Any]:
        if card is None:
            raise Rejected("judo_show_throw")
        if ms is None:  # "projette": the MS cards the hand holds for it
            options = [a for a in self.game.legal(state, seat)
                       if a["type"] == "throw" and a["cards"][0] == card]
            if options:  # (the die's face is the table's roll, not a choice: asked after)
                return {k: v for k, v in options[0].items() if k != "die"}
            ms = []
        return {"type": "throw", "seat": seat, "cards": [card, *ms]}

    def _cards_of(self, state: JudoState, seat: int, line: str) -> list[str] | None:
        """The cards a line names, one after the other: ids, label codes, numbers in the hand,
        the names the program says ("Saisie mD", "MS rotation 180°", "O-goshi") and the MS
        cards' short names ("T180", "IPPON"), with or without "carte", joined by spaces, "+"
        or "et" ("3 5", "T180 + IPPON"). A name takes a copy from the seat's hand first. None:
        the line is not cards (or a name several sorts of card answer to, none of them held)."""
        deck = load_deck(self.game.name)
        codes = {c.code: c.id for c in deck}
        hand = list(state.hands[seat])
        said = [w for w in norm(line.replace("+", " ")).split() if w not in words.filler_words()]
        out: list[str] = []
        at = 0
        while at < len(said):
            word = said[at]
            up = word.upper()
            found: str | None = None
            if up in deck or up in codes:
                found, at = (up if up in deck else codes[up]), at + 1
            elif word.isdigit():
                if not 0 < int(word) <= len(hand):
                    return None
                found, at = hand[int(word) - 1], at + 1
            else:
                for end in range(len(said), at, -1):  # the longest name first
                    ids = _names().get(" ".join(said[at:end]))
                    if ids:
                        found = _pick(ids, hand, out)
                        if found is None:
                            return None
                        at = end
                        break
            if found is None:
                return None
            out.append(found)
        return out or None


@cache
def _names() -> dict[str, list[str]]:
    """Each name a judo card answers to (in either language, and the MS cards' short names) -> the
    ids of the cards with that name, in deck order."""
    out: dict[str, list[str]] = {}
    for card in load_deck("judo"):
        for name in spoken_names(card) | {norm(w) for w in words.ms_words(card.get("ms", ""))}:
            out.setdefault(name, []).append(card.id)
    return out


def _pick(ids: list[str], hand: list[str], taken: list[str]) -> str | None:
    """The card a name means: a copy in the hand not named already on the line, else (a card not
    held: the rules will say so) the first of one sort; None: several sorts, none held."""
    free = [c for c in ids if c in hand and hand.count(c) > taken.count(c)]
    if free and len({sort_of(c) for c in free}) == 1:
        return free[0]
    if not free and len({sort_of(c) for c in ids}) == 1:
        return ids[0]
    return None
