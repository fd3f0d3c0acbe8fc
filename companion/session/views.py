"""What a seat's own page shows besides its lines: its hand, the table, the scores and whose
turn, as the seat may know them (the same answers as "main", "table", "score" and "tour",
within sight), and the answers a question for this seat offers, as buttons.

Pure data: the web layer (companion.web) writes it as HTML; the session builds it in its own
thread, after each change, for each seat that has a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.engine import Answer, Event, Rejected
from companion.engine.table import Ask, Question, scores_answer
from companion.session.awaiting import Confirm, Which, question_of
from companion.session.host import Host

SECTIONS = ("turn", "hand", "table", "scores")  # in the order a page shows them
FREQUENT = ("hand", "legal", "table", "scores", "turn", "repeat", "undo")  # a page's command buttons


@dataclass(frozen=True)
class SeatView:
    """A page's standing text: ``sections`` (a name of SECTIONS, its line), ``answers`` (what
    a button shows, the line it sends) for what the table asks of this seat now, ``asked``
    the question itself (empty: none), ``buttons`` the frequent commands (label, line)."""

    sections: tuple[tuple[str, str], ...] = ()
    answers: tuple[tuple[str, str], ...] = ()
    asked: str = ""
    buttons: tuple[tuple[str, str], ...] = field(default=())


class Pages(Protocol):
    """Where the views go (companion.web.seats.Tables): a seat's page, the table view."""

    def show(self, seat: int, view: SeatView) -> None: ...
    def show_table(self, view: SeatView) -> None: ...


class SeatViews:
    """Builds each page's view from the game as the session holds it."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def buttons(self) -> tuple[tuple[str, str], ...]:
        lang = self.host.opts.lang
        words = [str(self.host.commands.spec(name)[lang][0]) for name in FREQUENT]
        return tuple((word, word) for word in words)

    def view(self, seat: int) -> SeatView:
        host = self.host
        if host.match is None or not host.started:
            return SeatView(buttons=self.buttons())
        state = host.match.state
        book, pipeline = host.book, host.pipeline
        sections: list[tuple[str, str]] = []
        for name in SECTIONS:
            try:
                events = (self.turn(seat) if name == "turn" else host.rules.answer(name, Ask(state, seat)))
            except Rejected:
                continue
            if events:
                sections.append((name, book.line(pipeline.in_sight(events, seat))))
        answers, asked = self.answers(seat)
        return SeatView(tuple(sections), answers, asked, self.buttons())

    def turn(self, seat: int) -> list[Event]:
        """Whose turn, as the seat hears it: "À vous." first when the table waits for this seat."""
        host = self.host
        assert host.match is not None
        state = host.match.state
        said = host.rules.turn(state, seat)
        mine = not host.game.is_over(state) and host.rules.due(state, seat)
        return [Answer(seat, "your_turn"), *said] if mine else said

    def answers(self, seat: int) -> tuple[tuple[tuple[str, str], ...], str]:
        """The buttons that answer what the table asks of ``seat`` now, and the question."""
        host = self.host
        waiting = host.awaiting
        lang = host.opts.lang
        if isinstance(waiting, Confirm) and waiting.seat in (None, seat):
            yes, no = (str(host.commands.spec(n)[lang][0]) for n in ("yes", "no"))
            return ((yes, yes), (no, no)), waiting.asked
        if isinstance(waiting, Which) and waiting.seat == seat:
            return tuple((host.book.card_name(c), str(n)) for n, c in enumerate(waiting.cards, 1)), ""
        question = question_of(waiting)
        if host.match is None:
            return (), ""
        if question is None:
            return self.moves(seat), ""
        who = question.seat if question.seat is not None else host.rules.actor(host.match.state)
        if (host.opts.me if who is None else who) != seat:
            return (), ""
        asked = host.book.render(question.prompt) if question.prompt is not None else ""
        if question.card:  # a card shown waits for words: the seats it may go to, the moves it allows
            return self.gives(question) + self.moves(seat), asked
        card_word = str(host.commands.spec("card")[lang][0])
        cards = list(question.labels) or sorted({str(a["card"]) for a in question.choices if "card" in a})
        return tuple((host.book.card_name(c), f"{card_word} {c}") for c in cards), asked

    def moves(self, seat: int) -> tuple[tuple[str, str], ...]:
        """The game's own action words this seat may say now ("défi", "passe", "échange"): the
        commands of kind "action" whose action is legal for it."""
        host = self.host
        assert host.match is not None
        types = {str(a.get("type")) for a in host.game.legal(host.match.state, seat)}
        words = [str(spec[host.opts.lang][0]) for spec in self.game_commands("action")
                 if spec.get("action") in types]
        return tuple((word, word) for word in words)

    def gives(self, question: Question) -> tuple[tuple[str, str], ...]:
        """ "donne Est": the seats a card shown may go to (the game's "give" command)."""
        host = self.host
        specs = self.game_commands("give")
        if not specs:
            return ()
        word = str(specs[0][host.opts.lang][0])
        seats = sorted({s for a in question.choices for s in (a.get("seat"), a.get("to"))
                        if isinstance(s, int)})
        lines = [f"{word} {host.book.seat_name(s)}" for s in seats]
        return tuple((line, line) for line in lines)

    def game_commands(self, kind: str) -> list[Mapping[str, Any]]:
        return [spec for spec in self.host.commands.table.values() if spec.get("kind") == kind]

    def table_view(self) -> SeatView:
        """The public page (a tablet, a TV): whose turn and the scores, nothing private."""
        host = self.host
        if host.match is None or not host.started:
            return SeatView()
        state = host.match.state
        sections: list[tuple[str, str]] = []
        actor = host.rules.actor(state)
        if host.game.is_over(state):
            sections.append(("turn", host.book.text("session", "table_over", {})))
        elif actor is not None:
            sections.append(("turn", host.book.text("session", "table_turn", {"seat": actor})))
        table = self.public("table")
        if table:
            sections.append(("table", table))
        sections.append(("scores", self.public("scores") or host.book.line(
            scores_answer(host.game, state, host.opts.me))))
        return SeatView(tuple(sections))

    def public(self, name: str) -> str:
        """An answer ("table", "scores") as the game says it, when every seat hears the same
        words ("" otherwise: an answer that says "you", names a seat's own cards or total, is
        not the table's)."""
        host = self.host
        assert host.match is not None
        state = host.match.state
        try:
            said = {host.book.line(host.pipeline.in_sight(host.rules.answer(name, Ask(state, seat)), seat))
                    for seat in host.game.seats_of(state)}
        except Rejected:
            return ""
        return said.pop() if len(said) == 1 else ""
