"""Tatsu at the table: a card seen goes in front of the seat whose turn it is (from the hand
"demande" named); the trick, scores and what may be played, said as events.

A card typed at the keyboard is the typist's own: one not in their hand is refused, unless a
request asked for it (the red player also plays the Ghost's cards). "demande Est" is checked
(not oneself, not a seat with no card of the colour), and the seat asked chooses the card: a
person is asked, never played for. Two players: a line is laid place by place (the face-up
card, and the colour under it), a card turned up is named, a face-down card is played by its
place ("dessous 3"), and "table" reads both lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from card_codes import Deck
from companion.engine import Action, Answer, Event, Rejected
from companion.engine.capabilities import Deciding, PlacesNumbered, Placing, Requests
from companion.engine.table import (
    Answerer,
    Hints,
    Question,
    TableRules,
    by_viewer,
    hand_answer,
    played_answer,
)
from companion.games.tatsu.state import (
    CLANS,
    GHOST,
    LAYOUT_SIZE,
    YELLOW,
    TatsuState,
    actor,
    cards,
    hand_summary,
    identified,
    laid_so_far,
    partner,
    pool,
    red_human,
    turn_seat,
    unturned_places,
)

# events after which the cards of the trick leave the table
TRICK_PICKED_UP = ("trick_won", "fusion", "fusion_lost", "cards_lost")
COLOURS = {"Y": ("jaune", "jaunes", "yellow", "y", "j"), "R": ("rouge", "rouges", "red", "r")}
UNDER = ("dessous", "cachee", "cachée", "under", "down")


def colour_word(word: str) -> str | None:
    """ "jaune" / "rouge" (or "yellow" / "red") -> the clan."""
    folded = word.casefold().strip(" .,")
    return next((clan for clan, words in COLOURS.items() if folded in words), None)


class TatsuTable(TableRules[TatsuState], Requests, Deciding, Placing, PlacesNumbered):
    """Tatsu: a card seen goes in front of the seat whose turn it is."""

    earcons: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"trick_won": "trick_won", "game_over": "game_over"})
    clears_on: ClassVar[frozenset[str] | None] = frozenset(TRICK_PICKED_UP)

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(),
                **by_viewer(hand=self.hand, table=self.table, scores=self.scores, progress=self.progress,
                            seat_facts=self.seat_facts, out=self.out, colours=self.colours, ghost=self.ghost,
                            legal=self.legal_moves, trick=self.trick),
                "played": lambda ask: self.played(ask.history, ask.viewer)}

    # -- cards and lines -> actions -----------------------------------------------------------
    def _card_play(self, state: TatsuState, card: str, hints: Hints) -> dict[str, Any] | None:
        """The play a card seen means: in front of the seat on turn, from the hand asked (or the
        typist's own); None when no seat is on turn."""
        front = turn_seat(state)
        if front is None:
            return None
        action: dict[str, Any] = {"type": "play", "seat": front, "card": card}
        source = hints.source if hints.source is not None else self._typist_source(state, card, hints.typist)
        if source is not None:
            action["from"] = source
        if state.players == 2:
            known = identified(state).get(card)
            if known is not None:
                action["slot"] = known[1]
        return action

    def _typist_source(self, state: TatsuState, card: str, typist: int | None) -> int | None:
        """The hand a card typed at the keyboard comes from: the typist's own (the red player's
        may also be the Ghost's); Rejected when it is not theirs."""
        if typist is None:
            return None
        front = turn_seat(state)
        if state.players == 2:
            known = identified(state).get(card)
            if known is not None and known[0] != typist:
                raise Rejected("not_in_layout", seat=typist, card=card)
            if known is None:
                raise Rejected("face_down_by_place")
            return typist
        ghost_turn = state.players == 3 and front == GHOST and typist == red_human(state)
        hand = state.hands[typist]
        if hand is not None and card in hand:
            return typist
        ghost = state.hands[GHOST] if state.players == 3 else None
        if ghost_turn and ghost is not None and card in ghost:
            return GHOST
        if hand is not None:
            raise Rejected("not_in_hand", seat=typist, card=card)
        return typist

    def card_action(self, state: TatsuState, card: str, hints: Hints) -> dict[str, Any] | Question:
        over = self.game.is_over(state)
        if over:
            raise Rejected("game_over")
        if state.players == 2:
            laying = self._laying(state, card, hints)
            if laying is not None:
                return laying
            reveal = self._reveal(state, card)
            if reveal is not None:
                return reveal
        if hints.zone_seat is not None and hints.zone_seat != turn_seat(state):
            raise Rejected("not_turn", seat=turn_seat(state))
        action = self._card_play(state, card, hints)
        if action is None:
            raise Rejected("game_over")
        self.game.apply(state, action)  # the rules' own reason if it is refused
        return action

    def _reveal(self, state: TatsuState, card: str) -> dict[str, Any] | None:
        """2p: a card seen while one turned face up waits to be named is that card."""
        for seat, place, clan in unturned_places(state):
            if cards()[card].clan == clan and card in pool(state, clan):
                return {"type": "reveal", "seat": seat, "card": card, "slot": place}
        return None

    def _laying(self, state: TatsuState, card: str, hints: Hints) -> dict[str, Any] | Question | None:
        """2p, a line being laid: a card seen or typed is the next place's face-up card (the
        colour under it asked when the deal did not say it)."""
        seat = hints.typist if hints.typist is not None else self.actor(state)
        if seat is None or state.tableaux[seat] is not None or state.played:
            return None
        place, down = self._next_place(state, seat)
        action: dict[str, Any] = {"type": "lay", "seat": seat, "slot": place, "card": card}
        if down is None:
            choices = tuple({**action, "down": clan} for clan in CLANS)
            return Question(card, choices, seat, Answer(seat, "lay_colour", {"slot": place}))
        self.game.apply(state, action)
        return action

    def _next_place(self, state: TatsuState, seat: int) -> tuple[int, str | None]:
        draft = state.drafts[seat] or ((None, None),) * LAYOUT_SIZE
        place = next(p for p, (up, _) in enumerate(draft) if up is None)
        return place, draft[place][1]

    def place_action(self, state: TatsuState, seat: int, words: str) -> dict[str, Any]:
        """2p: "pose 3 Y-P4-V1 rouge" lays place 3 (the colour under it when the deal did not
        say it). ValueError when the words name no place."""
        parts = words.split()
        if not parts or not parts[0].isdigit():
            raise ValueError(words)
        action: dict[str, Any] = {"type": "lay", "seat": seat, "slot": int(parts[0]) - 1}
        for word in parts[1:]:
            clan = colour_word(word)
            if clan is not None:
                action["down"] = clan
            elif word.upper() in cards():
                action["card"] = word.upper()
            elif word.isdigit() and (hand := state.hands[seat]) and 0 < int(word) <= len(hand):
                action["card"] = hand[int(word) - 1]
        if "card" not in action:
            raise ValueError(words)
        return action

    def parse_line(self, state: TatsuState, seat: int, line: str, card: str | None = None
                   ) -> dict[str, Any] | list[Event] | Question | None:
        words = line.split()
        if card is not None and len(words) == 1 and colour_word(words[0]) and state.players == 2:
            place, _ = self._next_place(state, seat)  # the colour under the card just shown
            return {"type": "lay", "seat": seat, "slot": place, "card": card, "down": colour_word(words[0])}
        if words and words[0].casefold() in UNDER and state.players == 2:
            return self.face_down(state, seat, words[1:])
        return None

    def face_down(self, state: TatsuState, seat: int, words: list[str]) -> Question:
        """ "dessous 3" (or "dessous Nord 3"): the face-down card at that place of my line (or
        the opponent's) is played; nobody has seen it: the card turned up names it."""
        if turn_seat(state) is None or actor(state) != seat:
            raise Rejected("not_turn", seat=actor(state))
        owner = seat
        numbers = [w for w in words if w.isdigit()]
        others = [w for w in words if not w.isdigit()]
        if others:
            named = [s for s in range(2) if self.seat_names[s].casefold() == others[0].casefold()]
            if not named:
                raise Rejected("bad_seat", value=others[0])
            owner = named[0]
        if not numbers:
            raise Rejected("bad_slot", value="?")
        place = int(numbers[0]) - 1
        front = turn_seat(state)
        assert front is not None
        choices = tuple(a for a in self.game.legal(state, seat)
                        if a.get("type") == "play" and a.get("from") == owner and a.get("slot") == place
                        and a["card"] not in identified(state))
        if not choices:
            probe = {"type": "play", "seat": front, "card": next(iter(pool(state, state.clans[front])), ""),
                     "from": owner, "slot": place}
            self.game.apply(state, probe)  # the rules' reason (a face-up card of the colour first...)
            raise Rejected("bad_slot", value=str(place + 1))
        prompt = Answer(seat, "face_down_show", {"seat": owner, "slot": place})
        return Question(None, choices, seat, prompt, table_draws=True)

    # -- who acts, who chooses --------------------------------------------------------------------
    def actor(self, state: TatsuState) -> int | None:
        if state.players == 2 and not state.played and not state.trick:
            missing: list[int] = [s for s in (state.leader, 1 - state.leader) if state.tableaux[s] is None]
            if missing:
                return missing[0]  # the lines are laid first, the leader's first
        return actor(state)

    def front(self, state: TatsuState) -> int | None:
        return turn_seat(state)

    def acted_by(self, state: TatsuState, action: Action) -> int | None:
        kind = action.get("type")
        if kind == "reveal":
            return None  # the table's: the card under the one played
        if kind in ("hand", "layout", "lay"):
            seat = action.get("seat")
            return seat if isinstance(seat, int) else None
        return actor(state)

    def decider(self, state: TatsuState, action: Action) -> int | None:
        """A play from another seat's hand: that seat chooses the card (the red player for the
        Ghost)."""
        if action.get("type") != "play":
            return None
        source = action.get("from")
        if not isinstance(source, int) or source == actor(state):
            return None
        return red_human(state) if state.players == 3 and source == GHOST else source

    def request(self, state: TatsuState, action: Action, seat: int) -> Question:
        """The seat asked (or the red player for the Ghost) chooses which card to play."""
        front, source = action["seat"], action["from"]
        asker = actor(state)
        assert asker is not None
        plays = [a for a in self.game.legal(state, asker)
                 if a.get("type") == "play" and a.get("from") == source and a.get("seat") == front]
        face_up = [a for a in plays if state.players != 2 or a["card"] in identified(state)]
        choices = tuple(face_up or plays)
        listed, hand = self.by_hand(state, source, choices)
        key = "asked_for_yours" if source == seat else "asked_for"  # "de votre main", not "de Nord"
        prompt = Answer(seat, key, {"asker": asker, "seat": front, "from": source,
                                    "clan": state.clans[front], "cards": listed})
        return Question(None, choices, seat, prompt, self.asked(state, asker, source), numbers=hand)

    def by_hand(self, state: TatsuState, source: int, choices: Sequence[Action]
                ) -> tuple[list[str | None], tuple[str, ...]]:
        """The cards offered from ``source``'s hand, each at its number in that hand (None where a
        card is not offered: "2 : X ; 5 : Y", as `main` or `fantôme` number them), and that hand;
        a hand the companion does not know: the cards offered, numbered 1, 2, …"""
        offered = {str(a["card"]) for a in choices}
        hand = state.hands[source] if 0 <= source < state.seat_count else None
        if hand is None or not offered <= set(hand):
            return list(sorted(offered)), ()
        return [c if c in offered else None for c in hand], tuple(hand)

    def asked(self, state: TatsuState, asker: int, seat: int) -> Event:
        """3p: a card asked for the Ghost is "pour le Fantôme", not "pour lui"."""
        if state.players == 3 and turn_seat(state) == GHOST:
            key = "ghost_chooses" if seat == GHOST else "ask_ghost"  # not "asks the Ghost for the Ghost"
            return Answer("all", key, {"seat": asker, "other": seat})
        return super().asked(state, asker, seat)

    def own_choice(self, state: TatsuState, asker: int, seat: int) -> Question | None:
        """The red player asks the Ghost: he chooses its card, from a numbered list."""
        front = turn_seat(state)
        plays = tuple(a for a in self.game.legal(state, asker)
                      if a.get("type") == "play" and a.get("from") == seat and a.get("seat") == front)
        if front is None or not plays:
            return None
        listed, hand = self.by_hand(state, seat, plays)
        key = "choose_for_ghost" if front == seat == GHOST else "choose_from"
        prompt = Answer(asker, key, {"seat": front, "from": seat, "clan": state.clans[front],
                                               "cards": listed})
        return Question(None, plays, asker, prompt, numbers=hand)

    def source(self, state: TatsuState, asker: int, seat: int) -> int:
        """ "demande Est": checked against what the table knows (the backs show the colours)."""
        if self.game.is_over(state):
            raise Rejected("game_over")
        if actor(state) != asker:
            raise Rejected("not_turn", seat=actor(state))
        if seat == asker:
            raise Rejected("ask_self")
        front = turn_seat(state)
        assert front is not None
        clan = state.clans[front]
        if not state.opts["ask_partner"] and seat == partner(state, front):
            raise Rejected("no_asking_partner")
        if not any(a.get("from") == seat for a in self.game.legal(state, asker)):
            raise Rejected("no_colour", seat=seat, clan=clan)
        return red_human(state) if state.players == 3 and seat == GHOST else seat

    # -- answers -------------------------------------------------------------------------------
    def turn(self, state: TatsuState, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        laying = self.actor(state)
        if state.players == 2 and laying is not None and state.tableaux[laying] is None:
            seat = laying
            place, down = self._next_place(state, seat)
            if seat != viewer:
                return [Answer(viewer, "lay_wait", {"seat": seat})]
            key = "lay_next" if down is not None else "lay_next_colour"
            left = list(state.hands[seat] or ())
            return [Answer(viewer, key, {"slot": place, "down": down, "cards": left})]
        front, who = turn_seat(state), actor(state)
        assert front is not None
        clan = state.clans[front]
        if who != front and who == viewer:
            sources = {a.get("from") for a in self.game.legal(state, viewer) if a.get("type") == "play"}
            if sources and not sources & {front, viewer}:  # neither hand has the colour: ask whom
                seats = sorted(s for s in sources if s is not None)
                return [Answer(viewer, "turn_for_you_ask", {"seat": front, "clan": clan, "seats": seats})]
            return [Answer(viewer, "turn_for_you", {"seat": front, "clan": clan})]
        if who != front:
            return [Answer(viewer, "turn_for", {"seat": front, "clan": clan, "actor": who})]
        return [Answer(viewer, "turn", {"seat": front, "clan": clan})]

    def numbered_by_place(self, state: TatsuState, seat: int) -> bool:
        # two players: the line is laid from numbered choices, then played by place
        return bool(state.players == 2)

    def hand_cards(self, state: TatsuState, seat: int) -> list[str] | None:
        """The cards a seat numbers: its hand; 2 players, once laid, its line by place (an empty
        or unnamed place is "", so that "3" is always place 3)."""
        if state.players == 2 and 0 <= seat < 2 and state.tableaux[seat] is not None:
            return [k.up or "" for k in state.tableaux[seat] or ()]
        hand = state.hands[seat] if 0 <= seat < state.seat_count else None
        return list(hand) if hand is not None else None

    def hand(self, state: TatsuState, viewer: int) -> list[Event]:
        if state.players == 2 and state.tableaux[viewer] is not None:
            return self._line(state, viewer, viewer)
        if viewer == GHOST and state.players == 3:
            return self.ghost(state, red_human(state))
        return hand_answer(self, state, viewer)

    def ghost(self, state: TatsuState, viewer: int) -> list[Event]:
        """3p: the Ghost's hand, open on the table (or the red player's to see)."""
        if state.players != 3:
            raise Rejected("no_ghost")
        if state.opts["ghost_hand"] != "open" and viewer != red_human(state):
            raise Rejected("ghost_hidden", seat=red_human(state))
        hand = state.hands[GHOST]
        if hand is None:
            return [Answer(viewer, "ghost_unknown")]
        if not hand:
            return [Answer(viewer, "ghost_empty")]
        return [Answer(viewer, "ghost_hand", {"cards": list(hand)})]  # numbered: "2" picks the second

    def trick(self, state: TatsuState, viewer: int) -> list[Event]:
        """ "pli": the trick being played (and a fused one waiting), not the lines (`table`)."""
        return self.table(state, viewer, lines=False)

    def table(self, state: TatsuState, viewer: int, lines: bool = True) -> list[Event]:
        view = self.game.public_view(state)
        plays = [Event("all", "play" if p["from"] in (None, p["seat"]) else "play_for",
                       {"seat": p["seat"], "card": p["card"], "from": p["from"]}) for p in view["trick"]]
        n = view["trick_no"]
        out: list[Event] = [Answer(viewer, "trick", {"n": n, "plays": plays}) if plays
                            else Answer(viewer, "trick_empty", {"n": n})]
        if view["pending"]:
            out.append(Answer(viewer, "pending", {"cards": view["pending"]}))
        if state.players == 2 and lines:
            for seat in (viewer, 1 - viewer) if viewer in (0, 1) else (0, 1):
                out += self._line(state, seat, viewer)
        return out

    def _line(self, state: TatsuState, seat: int, viewer: int) -> list[Event]:
        """2p: a line read place by place: the face-up card and the colour under it."""
        tableau = state.tableaux[seat]
        if tableau is None:
            draft = state.drafts[seat]
            if draft is None:
                return [Answer(viewer, "line_none", {"seat": seat})]
            laid = sum(u is not None for u, _ in draft)
            return [Answer(viewer, "line_laying", {"seat": seat, "n": laid})]
        slots = []
        for place, k in enumerate(tableau):
            if k.up is not None:
                key = "slot_up_on" if k.down else "slot_up"
            elif k.colour is not None:
                key = "slot_turned"
            else:
                key = "slot_empty"
            slots.append(Answer(viewer, key, {"slot": place, "card": k.up, "down": k.down, "clan": k.colour}))
        return [Answer(viewer, "line", {"seat": seat, "slots": slots})]

    def scores(self, state: TatsuState, viewer: int) -> list[Event]:
        view = self.game.public_view(state)
        if state.players == 4:
            parts = [Answer(viewer, "scores_team", {"clan": c, "score": state.totals[state.clans.index(c)]})
                     for c in ("Y", "R")]
        else:
            parts = [Answer(viewer, "seat_score", {"seat": int(s), "points": v})
                     for s, v in view["scores"].items() if int(s) < state.players]
        out: list[Event] = [Answer(viewer, "scores", {"parts": parts})]
        if state.captured[0] or state.captured[1] or state.trick_no > 1:
            info = cards()
            clauses: list[Event] = []
            for i, clan in enumerate(CLANS):
                won = state.captured[i]
                factors = sorted(info[c].multiplier for c in won if info[c].multiplier
                                 and info[c].clan == clan)
                points = sum(info[c].points for c in won)
                clauses.append(Answer(viewer, "captured" if factors else "captured_none",
                                      {"clan": clan, "points": points, "factors": factors, "n": len(won)}))
            out.append(Answer(viewer, "this_round", {"parts": clauses}))
        return out

    def progress(self, state: TatsuState, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return []
        return [Answer(viewer, "progress", {"round": state.round, "n": state.trick_no})]

    def seat_facts(self, state: TatsuState, seat: int) -> list[Event]:
        if not 0 <= seat < state.players:
            return []
        clan = state.clans[seat]
        if state.players == 4:
            return [Answer(seat, "you_team", {"clan": clan, "partner": partner(state, seat)})]
        if state.players == 3:
            red = red_human(state)
            yellow = [s for s in range(3) if s != red]
            if seat == red:
                return [Answer(seat, "you_red_ghost", {"others": yellow})]
            return [Answer(seat, "you_yellow", {"partner": next(s for s in yellow if s != seat), "red": red})]
        return [Answer(seat, "you_clan", {"clan": clan})]

    def out(self, state: TatsuState, viewer: int) -> list[Event]:
        """The cards ``viewer`` has not seen: not played, not in their hand, not face up."""
        seen = set(state.played) | set(identified(state))
        if 0 <= viewer < state.seat_count and state.hands[viewer]:
            seen |= set(state.hands[viewer] or ())
        if state.players == 3 and state.hands[GHOST] and (state.opts["ghost_hand"] == "open"
                                                         or viewer == red_human(state)):
            seen |= set(state.hands[GHOST] or ())
        if state.players == 2:
            seen |= {up for d in state.drafts for up, _ in d or () if up}
        unseen = [c for c in cards() if c not in seen]
        if not unseen:
            return [Answer(viewer, "out_none")]
        return [Answer(viewer, "out", {"cards": unseen})]

    def colours(self, state: TatsuState, viewer: int) -> list[Event]:
        """ "couleurs": each seat's colours, as the backs show them."""
        parts: list[Event] = []
        if state.players == 2:
            for seat in range(2):
                tableau = state.tableaux[seat] or ()
                up = [k.colour for k in tableau if k.colour]
                down = [k.down for k in tableau if k.down]
                parts.append(Answer(viewer, "colours_line", {
                    "seat": seat, "up_y": up.count(YELLOW), "up_r": len(up) - up.count(YELLOW),
                    "down_y": down.count(YELLOW), "down_r": len(down) - down.count(YELLOW)}))
            return [Answer(viewer, "colours", {"parts": parts})]
        for seat in range(state.seat_count):
            summary = hand_summary(state, seat)
            if YELLOW in summary:
                parts.append(Answer(viewer, "colours_seat", {"seat": seat, "yellow": summary[YELLOW],
                                                             "red": summary["R"]}))
            else:
                parts.append(Answer(viewer, "colours_unknown", {"seat": seat, "n": summary["size"]}))
        return [Answer(viewer, "colours", {"parts": parts})]

    def legal_moves(self, state: TatsuState, seat: int) -> list[Event]:
        if self.actor(state) != seat:
            return self.turn(state, seat)
        if state.players == 2 and state.tableaux[seat] is None:
            return self.turn(state, seat) + self.hand(state, seat)
        actions = self.game.legal(state, seat)
        front = turn_seat(state)
        out: list[Event] = []
        unregistered = state.players != 2 and state.hands[seat] is None
        # a hand nobody registered: every card of the colour that is in no other registered hand
        # would be listed, which tells where the others' cards are: the colour is all that is said
        mine = [] if unregistered else sorted(
            {a["card"] for a in actions if a.get("from") == seat
             and (state.players != 2 or a["card"] in identified(state))})
        if unregistered and front is not None and any(a.get("from") == seat for a in actions):
            out.append(Answer(seat, "legal_unregistered", {"clan": state.clans[front]}))
        if mine and state.players == 2:  # by place: "3" plays place 3
            places = identified(state)
            slots = [Answer(seat, "slot_up", {"slot": places[c][1], "card": c})
                     for c in sorted(mine, key=lambda c: places[c][1])]
            out.append(Answer(seat, "legal_places", {"slots": slots}))
        elif mine:
            out.append(Answer(seat, "legal", {"cards": mine}))
        if state.players == 3 and front == GHOST:
            ghost = sorted({a["card"] for a in actions if a.get("from") == GHOST})
            if ghost and state.hands[GHOST] is None:  # as for a hand of one's own: the colour only
                out.append(Answer(seat, "legal_ghost_unregistered", {"clan": state.clans[GHOST]}))
            elif ghost:
                out.append(Answer(seat, "legal_ghost", {"cards": ghost}))
        if state.players == 2:
            down = sorted({a["slot"] for a in actions if a.get("from") == seat and "slot" in a
                           and a["card"] not in identified(state)})
            if down:
                out.append(Answer(seat, "legal_down", {"slots": down}))
        asked = sorted({a["from"] for a in actions if a.get("from") not in (None, seat, front)})
        if asked:
            out.append(Answer(seat, "legal_ask" if out else "legal_only_ask", {"seats": asked}))
        return out or [Answer(seat, "legal_none"), Answer(seat, "rules")]

    # -- announcing ------------------------------------------------------------------------
    def played(self, history: Sequence[Event], viewer: int) -> list[Event]:
        """The cards played this round, in order, and who played them."""
        starts = [i for i, e in enumerate(history) if e.key == "round_start"]
        return played_answer(history[starts[-1] if starts else 0:], viewer, closes=TRICK_PICKED_UP)

    # Equal information. Face up: the cards of the trick being played, each in front of its seat;
    # 2 players, the face-up card of each place of both lines (the colours of the cards under them
    # show by their backs, not their names); 3 players, the Ghost's hand, which lies open (option
    # T12 "red": the red player alone sees it). Gone: a trick once won (its winner picks it up and
    # keeps it face down), a fused trick waiting for its winner (set aside, gathered face down: the
    # rules' "personne ne remporte le pli pour le moment"), the cards lost at a round's end, and
    # every card played before. A hand is seen by its holder only.
    def face_up(self, state: TatsuState) -> frozenset[str]:
        seen = {card for _front, card, _hand in state.trick}
        if state.players == 2:
            seen |= {stack.up for line in state.tableaux if line for stack in line if stack.up}
            seen |= set(laid_so_far(state))  # a line being laid: its face-up cards are already seen
        if state.players == 3 and state.opts["ghost_hand"] == "open":
            seen |= set(state.hands[GHOST] or ())
        return frozenset(seen)

    def in_sight(self, state: TatsuState, viewer: int) -> frozenset[str]:
        sight = super().in_sight(state, viewer)
        if state.players == 3 and state.opts["ghost_hand"] == "red" and viewer == red_human(state):
            sight |= frozenset(state.hands[GHOST] or ())
        return sight

    def frequent(self, state: TatsuState, deck: Deck) -> list[Event]:
        """Each "seat plays card" sentence: the most frequent announcement at the table."""
        return [Event("all", "play", {"seat": s, "card": card.id}) for s in self.game.seats_of(state)
                for card in deck]
