"""What each page may show: a seat's log holds the public lines and its own, the table view's
the public ones only; tokens are long, new for each game, and only an exact one opens a page."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.session.views import SeatView
from companion.web.pages import seat_page, table_page
from companion.web.seats import TABLE, Tables


def test_a_seat_sees_the_public_lines_and_its_own_and_the_table_view_the_public_ones_only() -> None:
    tables = Tables([1, 3], ["Nord", "Est", "Sud", "Ouest"], "fr")
    tables.deliver("all", "Nord joue Esprit jaune 4.", urgent=False, speaker=0)
    tables.deliver(1, "Est, en main : Esprit rouge 2.", urgent=False, speaker=None)
    tables.deliver(3, "À vous.", urgent=True, speaker=None)
    tables.deliver(0, "Nord, en main : Fusion jaune.", urgent=False, speaker=None)  # the keyboard's
    east = [(line.text, line.private, line.urgent) for line in tables.snapshot(1)[0]]
    west = [(line.text, line.private, line.urgent) for line in tables.snapshot(3)[0]]
    table = [line.text for line in tables.snapshot(TABLE)[0]]
    assert east == [("Nord joue Esprit jaune 4.", False, False),
                    ("Est, en main : Esprit rouge 2.", True, False)]
    assert west == [("Nord joue Esprit jaune 4.", False, False), ("À vous.", True, True)]
    assert table == ["Nord joue Esprit jaune 4."]


def test_a_page_back_after_a_drop_gets_exactly_what_it_missed() -> None:
    tables = Tables([1], ["Nord", "Est"], "fr")
    for n in range(5):
        tables.deliver("all", f"ligne {n}", urgent=False, speaker=None)
    missed, _view, last = tables.snapshot(1, since=3)
    assert [line.text for line in missed] == ["ligne 3", "ligne 4"] and last == 5


def test_tokens_are_128_bits_new_for_each_game_and_open_their_own_page_only() -> None:
    one, two = Tables([1, 2], ["N", "E", "S"], "fr"), Tables([1, 2], ["N", "E", "S"], "fr")
    assert all(len(token) >= 22 for token in one.tokens.values())  # 16 bytes, base64
    assert not set(one.tokens.values()) & set(two.tokens.values())
    for seat, token in one.tokens.items():
        assert one.seat_of(token) == seat
        assert two.seat_of(token) is None  # an old game's link opens nothing
        assert one.seat_of(token[:-1]) is None and one.seat_of(token + "x") is None
    assert one.seat_of("") is None


@given(st.text(max_size=40))
def test_no_other_string_opens_a_page(guess: str) -> None:
    tables = Tables([1], ["N", "E"], "fr")
    assert tables.seat_of(guess) is None


def test_html_and_control_characters_in_names_and_lines_show_as_text() -> None:
    tables = Tables([1], ["Nord", "<script>alert(1)</script>"], "fr")
    tables.deliver("all", '<img src=x onerror="alert(2)"> joue.', urgent=False, speaker=None)
    lines, _view, last = tables.snapshot(1)
    view = SeatView(sections=(("hand", "<b>main</b>"),), answers=(("<i>carte</i>", 'carte "><x>'),))
    page = seat_page("fr", tables.seat_names[1], "Tatsu <3", lines, view, last)
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img" not in page and "&lt;img src=x" in page
    assert "<b>main" not in page and "<i>carte" not in page and '"><x>' not in page
    assert "Tatsu &lt;3" in page
    public = table_page("fr", "Tatsu", lines, SeatView(), last)
    assert "<img" not in public
