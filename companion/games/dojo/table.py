"""Dojo at the table: the dealer shows each tatami (told to him alone), then says whom it goes
to; challenges, swaps and placements are commands; a dojo is described row by row.

Places are typed and said as the owner sees the dojo ("pose 1 2": row 1, column 2, from its
top left; relative words, "à droite du renard", still work). After a won challenge the winner
decides first ("échange" or "garde"); everyone holding a tatami is asked to lay it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine import Action, Answer, Event, Rejected
from companion.engine.capabilities import Giving, Placing
from companion.engine.table import Answerer, Hints, Question, TableRules, by_viewer
from companion.games.dojo.describe import cells_of, describe, offer_places, score_events
from companion.games.dojo.places import beside, parse_place, to_view
from companion.games.dojo.rounds import challenge_order, may_receive
from companion.games.dojo.scoring import check_cell
from companion.games.dojo.state import CHALLENGE, RECRUIT, ROUNDS, TRAINING, TROPHY, DojoState, tatamis


class DojoTable(TableRules[DojoState], Giving, Placing):
    """Dojo's table rules: who acts in each phase, the dojos described, placements in words."""

    def answers(self) -> Mapping[str, Answerer]:
        return {**super().answers(),
                **by_viewer(hand=self.hand, table=self.table, scores=self.scores, out=self.out,
                            progress=self.progress, legal=self.legal_moves, seat_facts=self.seat_facts),
                # "dojo" / "dojo Est": a dojo row by row, then column by column
                "describe": lambda ask: describe(ask.state, ask.viewer if ask.target is None else ask.target,
                                                 ask.viewer, ask.part)}

    def actor(self, state: DojoState) -> int | None:
        if state.over:
            return None
        if state.swap_offer is not None:  # the winner decides before anyone else moves on
            return int(state.swap_offer[0])
        phase = state.phase
        if phase in (TROPHY, RECRUIT):
            return int(state.dealer)
        if phase == CHALLENGE:
            asked = self.game.public_view(state)["asked"]
            return asked if isinstance(asked, int) else None
        return None

    def due(self, state: DojoState, seat: int) -> bool:
        """In training everyone holding a tatami lays it (the loser of a duel once the winner
        has decided)."""
        if self.actor(state) is not None or state.over:
            return self.actor(state) == seat
        return state.phase == TRAINING and 0 <= seat < state.seats and state.pending[seat] is not None

    def acted_by(self, state: DojoState, action: Action) -> int | None:
        if action.get("type") in ("swap", "keep"):
            return state.swap_offer[0] if state.swap_offer else None
        if action.get("type") == "place":
            return int(action["seat"])
        return super().acted_by(state, action)

    def turn(self, state: DojoState, viewer: int) -> list[Event]:
        if self.game.is_over(state):
            return [Answer(viewer, "turn_over")]
        view = self.game.public_view(state)
        if state.swap_offer is not None:
            winner, loser = state.swap_offer
            if viewer == winner:
                return [Answer(viewer, "dojo_swap_yours", {"loser": loser, "card": state.pending[viewer],
                                                           "other": state.pending[loser]})]
            return [Answer(viewer, "dojo_swap_wait", {"seat": winner})]
        if view["phase"] == CHALLENGE and view["asked"] is not None:
            if view["asked"] == viewer:  # said to the table as a fact; asked of me as a question
                return [Answer(viewer, "dojo_ask_yours", {"dealer": state.dealer})]
            return [Event(viewer, "ask", {"seat": view["asked"], "dealer": state.dealer})]
        if view["phase"] == TRAINING:
            card = state.pending[viewer] if 0 <= viewer < state.seats else None
            if card is not None:
                key = "dojo_place_first" if not state.dojos[viewer] else "dojo_place_yours"
                return [Answer(viewer, key, {"card": card})]
            return [Event(viewer, "training", {})]
        if view["phase"] == TROPHY:
            return [Event(viewer, "flip_trophy", {"seat": state.dealer})]
        if viewer == state.dealer:
            return [deal_prompt(state)]
        return [Event(viewer, "recruit", {"seat": state.dealer})]

    def hand(self, state: DojoState, viewer: int) -> list[Event]:
        tatami = self.game.private_view(state, viewer).get("tatami")
        if tatami is None:
            return [Answer(viewer, "hand_empty")]
        return [Event(viewer, "dojo_hand", {"card": tatami})]


    def table(self, state: DojoState, viewer: int) -> list[Event]:
        """The trophy in play, then each dojo in a word (its size; "dojo Est" reads it)."""
        view = self.game.public_view(state)
        out: list[Event] = []
        if view["trophies_in_play"]:
            out.append(Event(viewer, "trophy_stays", {"cards": view["trophies_in_play"]}))
        parts = [Answer(viewer, "dojo_table_seat", {"seat": s, "n": len(state.dojos[s])})
                 for s in range(state.seats) if state.dojos[s]]
        if parts:
            out.append(Answer(viewer, "dojo_table", {"parts": parts}))
        return out or [Answer(viewer, "table_empty")]

    # Equal information. Face up: every dojo's tatamis, the trophy in play on top of its pile, the
    # trophies each player has won (kept in front of him), and the two tatamis a challenge turned
    # over ("les deux joueurs retournent alors leur carte") until they are laid. A tatami received
    # stays face down in front of its holder, who looked at it: his alone. Gone: what the dealer saw
    # of the tatamis he handed out (he no longer sees them once given), the tatamis still in the
    # draw pile and the trophies under the top one.
    def face_up(self, state: DojoState) -> frozenset[str]:
        seen = {card for dojo in state.dojos for _row, _col, card in dojo}
        seen |= set(state.in_play) | {trophy for won in state.won for trophy in won}
        seen |= {card for seat in state.shown if (card := state.pending[seat]) is not None}
        return frozenset(seen)

    def in_sight(self, state: DojoState, viewer: int) -> frozenset[str]:
        held = state.pending[viewer] if 0 <= viewer < state.seats else None
        return self.face_up(state) | ({held} if held is not None else set())
    def scores(self, state: DojoState, viewer: int) -> list[Event]:
        parts = [Answer(viewer, "seat_score", {"seat": s, "points": v})
                 for s, v in self.game.scores(state).items()]
        out: list[Event] = [Answer(viewer, "scores", {"parts": parts})]
        if 0 <= viewer < state.seats:
            out += score_events(state, viewer, viewer)
        return out

    def out(self, state: DojoState, viewer: int) -> list[Event]:
        """The tatamis ``viewer`` has not seen: in the pile, or held face down by another."""
        seen = {card for dojo in state.dojos for _, _, card in dojo}
        seen |= {card for s in state.shown if (card := state.pending[s]) is not None}
        if 0 <= viewer < state.seats:
            held = state.pending[viewer]
            if held is not None:
                seen.add(held)
            if viewer == state.dealer:  # he saw every tatami he handed out this round
                seen |= {c for c in state.pending if c is not None}
        unseen = [c for c in tatamis() if c not in seen]
        counts = Counter(tatamis()[c].disciple for c in unseen)
        parts = [Answer(viewer, "dojo_out_disciple", {"disciple": d, "n": n})
                 for d, n in sorted(counts.items())]
        return [Answer(viewer, "dojo_out", {"n": len(unseen), "parts": parts})]

    def progress(self, state: DojoState, viewer: int) -> list[Event]:
        if state.over:
            return []
        where = {"round": state.round, "rounds": ROUNDS, "seat": state.dealer}
        return [Answer(viewer, "dojo_progress", where)]

    def legal_moves(self, state: DojoState, seat: int) -> list[Event]:
        if state.over:
            return [Answer(seat, "turn_over")]
        if state.swap_offer is not None and state.swap_offer[0] == seat:
            return self.turn(state, seat)
        if state.phase == TRAINING and state.pending[seat] is not None:
            if state.swap_offer is not None and state.swap_offer[1] == seat:
                return self.turn(state, seat)
            return offer_places(state, seat)
        if state.phase == CHALLENGE and self.actor(state) == seat:
            return [Answer(seat, "dojo_may_challenge", {"dealer": state.dealer})]
        if state.phase == RECRUIT and seat == state.dealer:
            return [deal_prompt(state)]
        asked = self.actor(state)
        if state.phase == CHALLENGE and seat in challenge_order(state) and asked is not None:
            return [Answer(seat, "dojo_wait_ask", {"seat": asked})]
        return [Answer(seat, "legal_none")]

    def card_action(self, state: DojoState, card: str, hints: Hints) -> dict[str, Any] | Question:
        """A tatami shown while dealing: the dealer is asked to whom it goes, among the seats left
        (the last one goes by itself: there is no choice left)."""
        action = super().card_action(state, card, hints)
        if isinstance(action, Question) and state.phase == RECRUIT:
            seats = may_receive(state)
            others = [s for s in seats if s != state.dealer]  # himself: "donne moi"
            key = "dojo_give_to" if state.dealer in seats else "dojo_give_to_others"
            return replace(action, seat=state.dealer, prompt=Answer(state.dealer, key, {"seats": others}))
        return action

    def nothing_to_give(self, state: DojoState, seat: int, history: Sequence[Event]) -> Rejected | None:
        """ "donne Est" with no tatami shown: after the deal, to whom the last tatami went by
        itself; to a seat that does not deal, who does."""
        if state.over:
            return None
        if seat != state.dealer:
            return Rejected("dealer_gives", seat=state.dealer)
        if state.phase in (TROPHY, RECRUIT):
            return None
        start = max((i for i, e in enumerate(history) if e.key == "round_start"), default=0)
        last = next((e for e in reversed(history[start:]) if e.key in ("given", "kept")), None)
        if last is None:
            return Rejected("recruit_over")
        key = "recruit_done" if last.key == "given" else "recruit_done_kept"
        return Rejected(key, seat=last.params["seat"])

    def place_action(self, state: DojoState, seat: int, words: str) -> dict[str, Any] | Question:
        """A placement from words: "1 2" (row 1, column 2 from the top left), "gauche de renard
        jaune", "sous 1 1"..."""
        cells = cells_of(state, seat)
        if not cells:  # the first tatami needs no words: it is the 0,0 place
            return {"type": "place", "seat": seat, "row": 0, "col": 0}
        try:
            row, col = parse_place(words, cells)
        except Rejected as rejected:
            if rejected.code != "place_ambiguous":
                raise
            return self.which_place(seat, words, cells, list(rejected.params["cards"]))
        try:
            check_cell(list(cells), (row, col), state.opts["orientation"])
        except Rejected as rejected:  # the reason says the place as the owner does
            if "row" in rejected.params:
                said = to_view(cells, (row, col))
                raise Rejected(rejected.code, row=said[0], col=said[1]) from None
            raise
        return {"type": "place", "seat": seat, "row": row, "col": col}

    def which_place(self, seat: int, words: str, cells: dict[tuple[int, int], str],
                    cards: list[str]) -> Question:
        """ "Lequel ?": several placed tatamis fit the words; the answer (a number, or the
        tatami's name) picks the place beside that one."""
        choices = []
        for card in cards:
            row, col = beside(words, cells, card)
            choices.append({"type": "place", "seat": seat, "row": row, "col": col})
        prompt = Answer(seat, "dojo_place_which", {"cards": cards})
        return Question(None, tuple(choices), seat, prompt, labels=tuple(cards))

    def seat_facts(self, state: DojoState, seat: int) -> list[Event]:
        return [Answer(seat, "dojo_you_deal")] if seat == state.dealer else []


def deal_prompt(state: DojoState) -> Answer:
    """What the dealer does now: show the next tatami and say whom it goes to ("donne moi" only
    while he has none); the last goes by itself to the one seat left."""
    seats = may_receive(state)
    if sum(p is None for p in state.pending) == 1:
        if seats[0] == state.dealer:
            return Answer(state.dealer, "dojo_deal_last_yours")
        return Answer(state.dealer, "dojo_deal_last", {"seat": seats[0]})
    key = "dojo_deal_yours" if state.dealer in seats else "dojo_deal_others"
    return Answer(state.dealer, key, {"seats": [s for s in seats if s != state.dealer]})  # himself: "moi"
