"""The labels at rest on the table, watched (a board's pieces, laid-out cards): what differs
from the game is said once while it lasts, and a move seen there is asked to be confirmed
before it is played (`GamePackage.layout` reads them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine import Action
from companion.session.awaiting import Confirm, after, question_of
from companion.session.host import PUBLIC, Host


class LayoutWatch:
    """What the table's layout showed, said and was answered."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.said: set[str] = set()  # what the table's layout contradicts, said once while it lasts
        self.labels: list[Any] = []  # the labels at rest last seen
        self.declined: Action | None = None  # a move seen on the table that was answered "no"

    def watching(self) -> bool:
        host = self.host
        return (host.package.layout is not None and host.opts.watch_layout and host.started
                and host.match is not None)

    def changed(self, labels: Sequence[Any]) -> None:
        """The labels at rest on the table changed: differences said once to the table, a move
        seen there asked to be confirmed."""
        host = self.host
        reading = host.package.layout
        if reading is None or not self.watching():
            return
        news = reading.compare(labels, host.state)
        lines = [host.book.render(e) for e in news.differences]
        self.said &= set(lines)  # a difference gone may be said again if it comes back
        for line in lines:
            if line not in self.said:
                self.said.add(line)
                host.say(PUBLIC, line)
        self.labels = list(labels)
        if news.proposal != self.declined:
            self.declined = None  # the table shows something else now
        waiting = host.awaiting
        asked = waiting if isinstance(waiting, Confirm) and waiting.kind == "layout" else None
        free = asked is not None or waiting is None or waiting is question_of(waiting)  # an undo asked first
        if (news.proposal is not None and news.question is not None and free
                and news.proposal not in (asked.move if asked else None, self.declined)):
            host.awaiting = Confirm("layout", None, move=news.proposal, behind=question_of(waiting))
            host.say(PUBLIC, host.book.render(news.question))
        elif news.proposal is None and asked is not None:
            host.awaiting = after(asked)

    def claims(self, card: str) -> bool:
        """A card the watched layout reads where it lies (a board's piece): the camera does not play it."""
        layout = self.host.package.layout
        return layout is not None and self.watching() and layout.claims(card, self.host.state)

    def answered(self, move: Action | None, yes: bool) -> None:
        """The answer to a move seen on the table: played as the action, or the game kept as it is."""
        host = self.host
        if move is None or not yes:
            self.declined = move  # not asked again while the table shows the same
            host.tell("layout_kept", PUBLIC)
            return
        if host.apply(move, from_camera=True) and host.package.layout is not None:
            news = host.package.layout.compare(self.labels, host.state)
            self.said = {host.book.render(e) for e in news.differences}  # what is left, said already
