"""`--web`: the phones' pages of a game, opened beside the keyboard (companion.web).

The links are written on the laptop's screen (text only: a screen reader does not spell a
token aloud), and said in one short line. A server that cannot start says so in one line and
the game goes on at the keyboard; a synthetic table then plays the phones' seats itself.
"""

from __future__ import annotations

from pathlib import Path

from companion.messages import os_reason
from companion.session import Session
from companion.session.options import SessionOptions
from companion.speech.announcer import Announcer


def open_pages(session: Session, ann: Announcer, *, lan: bool, port: int,
               cards: Path | None = None) -> object | None:
    """Serve the table's pages; the server (to stop at the end), or None when it could not start."""
    from companion.web.pages import say
    from companion.web.seats import TABLE, Tables
    from companion.web.server import WebError, WebServer

    opts = session.opts
    lang = opts.lang
    names = [session.book.seat_name(s) for s in range(opts.seats)]
    tables = Tables(sorted(opts.phones), names, lang)
    server = WebServer(tables, session.post, game_name=session.deck.name(lang), lan=lan, port=port)
    try:
        server.start()
    except WebError as err:
        session.say(session.opts.me, err.text(lang))
        give_back_phones(session)
        return None
    ann.attach(tables)
    ann.set_private_elsewhere(opts.phones)
    session.pages = tables
    session.page_links = [say(lang, "cli.link_seat", seat=names[seat], url=server.url(seat))
                          for seat in sorted(opts.phones)]
    session.page_links.append(say(lang, "cli.link_table", url=server.url(TABLE)))
    ann.text.line(say(lang, "cli.links"))
    for line in session.page_links:
        ann.text.line(line)
    ann.text.line(say(lang, "cli.lan", address=server.address) if lan else say(lang, "cli.local_only"))
    if opts.phones:
        seats = ", ".join(names[s] for s in sorted(opts.phones))
        session.say(opts.me, say(lang, "cli.said_open", seats=seats))
    if cards is not None:
        from printables.seat_cards import write_seat_cards

        note = say(lang, "cli.card_note")
        printed = [(names[s], server.url(s), note) for s in sorted(opts.phones)]
        printed.append((say(lang, "cli.table_card"), server.url(TABLE), say(lang, "cli.table_note")))
        try:
            write_seat_cards(printed, cards, lang)
            session.say(opts.me, say(lang, "cli.cards_written", path=cards))
        except OSError as err:
            session.say(opts.me, say(lang, "cli.cards_failed", reason=os_reason(err, lang)))
    return server


def give_back_phones(session: Session) -> None:
    """No pages: the phones' seats are the synthetic table's again (or people at the real table)."""
    opts: SessionOptions = session.opts
    if session.table is not None:
        opts.bots = opts.bots | opts.phones
    opts.phones = frozenset()
