"""The HTML of the phones' pages and of the table view: plain, structured text (headings, lists,
forms), large and high-contrast, readable with JavaScript off (a refreshed page shows what was
said; every button is a form's), every text escaped (a seat or deck name with HTML in it shows
as text).

With JavaScript, `static/seat.js` keeps the page up to date over a websocket and hands each new
line to a live region, which the screen reader reads at once (the seat's turn and questions
assertively).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from card_codes.messages import render
from companion.session.views import SeatView
from companion.web.seats import Line

MESSAGES_FILE = Path(__file__).with_name("messages.toml")
SHOWN_LINES = 60  # lines a page shows, newest last (the log keeps more, for catching up)
TABLE_LINES = 8  # the table view: the latest announcements only, in large print
SCRIPT_TEXTS = ("reconnecting", "taken", "took_over", "connected", "private", "said_empty",
                "turn", "hand", "table", "scores")


def say(lang: str, key: str, /, **params: object) -> str:
    """A page text (messages.toml) in ``lang``."""
    return render(MESSAGES_FILE, lang, key, params)


def private_mark(lang: str) -> str:
    """ "pour vous : " / "for you: ", before a seat's own line."""
    return say(lang, "page.private") + (" : " if lang == "fr" else ": ")


def lines_html(lines: Sequence[Line], lang: str) -> str:
    if not lines:
        return f'<li class="empty">{escape(say(lang, "page.said_empty"))}</li>'
    items = []
    for line in lines:
        if line.private:
            mark = f'<span class="mine">{escape(private_mark(lang))}</span>'
            items.append(f'<li data-n="{line.n}" class="private">{mark}{escape(line.text)}</li>')
        else:
            items.append(f'<li data-n="{line.n}">{escape(line.text)}</li>')
    return "\n".join(items)


def sections_html(view: SeatView, lang: str) -> str:
    out = []
    for name, text in view.sections:
        heading = escape(say(lang, f"page.{name}"))
        out.append(f'<section aria-labelledby="h-{name}"><h2 id="h-{name}">{heading}</h2>'
                   f'<p id="v-{name}">{escape(text)}</p></section>')
    return "\n".join(out)


def buttons_html(pairs: Sequence[tuple[str, str]]) -> str:
    return "\n".join(f'<li><button type="submit" name="line" value="{escape(line)}">'
                     f"{escape(label)}</button></li>" for label, line in pairs)


def said_html(lang: str, heading: str, lines: Sequence[Line]) -> str:
    """What is said, newest last, and the page's status line."""
    return (f'<section aria-labelledby="h-said"><h2 id="h-said">{escape(say(lang, f"page.{heading}"))}</h2>\n'
            f'<noscript><p>{escape(say(lang, "page.no_script"))}</p></noscript>\n'
            f'<ol id="said">{lines_html(lines, lang)}</ol>\n'
            '<p id="status" class="hint" role="status"></p>\n</section>')


def _page(lang: str, title: str, body: str, last: int, **extra: str) -> str:
    """The whole page; its script's texts and the number of its last line as data attributes."""
    data = {"last": str(last), **extra, **{f"t_{k}": say(lang, f"page.{k}") for k in SCRIPT_TEXTS},
            "t_mark": private_mark(lang)}
    attributes = "".join(f' data-{k.replace("_", "-")}="{escape(v)}"' for k, v in data.items())
    return f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/static/seat.css">
<script src="/static/seat.js" defer></script>
</head>
<body{attributes}>
{body}
</body>
</html>
"""


def asked_html(view: SeatView, lang: str) -> str:
    """What the table asks of this seat, with its answers as buttons (hidden when nothing is)."""
    hidden = "" if view.answers or view.asked else " hidden"
    return (f'<section aria-labelledby="h-asked" id="asked"{hidden}>'
            f'<h2 id="h-asked">{escape(say(lang, "page.asked"))}</h2>'
            f'<p id="asked-text">{escape(view.asked)}</p>'
            f'<form method="post"><ul class="buttons" id="answers">{buttons_html(view.answers)}</ul></form>'
            "</section>")


def seat_page(lang: str, seat_name: str, game: str, lines: Sequence[Line], view: SeatView, last: int) -> str:
    """A seat's own page: what the table asks of it, its commands, its turn, hand, table and
    scores, and what is said (public and its own)."""
    def t(key: str) -> str:
        return escape(say(lang, f"page.{key}"))

    title = say(lang, "page.title_seat", seat=seat_name, game=game)
    body = f"""<header><h1>{escape(title)}</h1></header>
<main>
<div class="sr-only" id="live-polite" aria-live="polite"></div>
<div class="sr-only" id="live-urgent" aria-live="assertive"></div>
{asked_html(view, lang)}
<section aria-labelledby="h-commands"><h2 id="h-commands">{t("commands")}</h2>
<form method="post" id="command">
<label for="line">{t("line_label")}</label>
<p id="line-hint" class="hint">{t("line_hint")}</p>
<div class="row"><input id="line" name="line" type="text" autocomplete="off" autocapitalize="none"
 spellcheck="false" maxlength="200" aria-describedby="line-hint">
<button type="submit">{t("send")}</button></div>
</form>
<form method="post" aria-labelledby="h-frequent"><h3 id="h-frequent">{t("frequent")}</h3>
<ul class="buttons">{buttons_html(view.buttons)}</ul></form>
<p id="speak-row" hidden><input type="checkbox" id="speak"> <label for="speak">{t("speak")}</label></p>
</section>
<div id="view">{sections_html(view, lang)}</div>
{said_html(lang, "said", lines[-SHOWN_LINES:])}
</main>"""
    return _page(lang, title, body, last)


def table_page(lang: str, game: str, lines: Sequence[Line], view: SeatView, last: int) -> str:
    """The public page: whose turn, the scores and the latest announcements, in large print."""
    title = say(lang, "page.title_table", game=game)
    body = f"""<header><h1>{escape(title)}</h1></header>
<main class="table">
<div id="view">{sections_html(view, lang)}</div>
{said_html(lang, "last", lines[-TABLE_LINES:])}
</main>"""
    return _page(lang, title, body, last, table=str(TABLE_LINES))
