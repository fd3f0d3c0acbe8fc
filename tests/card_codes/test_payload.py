"""Label payloads: every card round-trips, every misread is caught, nothing crashes."""

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_codes import LabelError, LabelErrorKind, available_games, decode, encode, load_deck

QR_ALNUM = string.digits + string.ascii_uppercase + " $%*+-./:"
ALL = [(g, cid) for g in available_games() for cid in load_deck(g).ids()]


@pytest.mark.parametrize(("game", "card_id"), ALL)
def test_every_card_round_trips(game: str, card_id: str) -> None:
    payload = encode(load_deck(game), card_id)
    label = decode(payload)
    assert (label.game, label.card.id) == (game, card_id)
    assert len(payload) <= 10, "must fit a version 1 QR code at level H"
    assert set(payload) <= set(QR_ALNUM)


def test_payloads_are_unique_across_games() -> None:
    payloads = [encode(load_deck(g), c) for g, c in ALL]
    assert len(set(payloads)) == len(payloads)


def test_dojo_copies_have_distinct_payloads() -> None:
    dojo = load_deck("dojo")
    assert encode(dojo, "FOX-5-1") != encode(dojo, "FOX-5-2")
    assert decode(encode(dojo, "FOX-5-2")).card.id == "FOX-5-2"


@pytest.mark.slow
def test_every_single_character_change_is_detected() -> None:
    for game, card_id in ALL:
        payload = encode(load_deck(game), card_id)
        for i, original in enumerate(payload):
            for ch in QR_ALNUM:
                if ch == original:
                    continue
                changed = payload[:i] + ch + payload[i + 1 :]
                with pytest.raises(LabelError) as err:
                    decode(changed)
                assert err.value.kind in (LabelErrorKind.BAD_CHECK, LabelErrorKind.NOT_OURS), changed


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("", LabelErrorKind.NOT_OURS),
        ("https://example.org/card/12", LabelErrorKind.NOT_OURS),
        ("\x00\xff\xfe binary", LabelErrorKind.NOT_OURS),
        ("TA." + "Y" * 500, LabelErrorKind.NOT_OURS),
        ("ta.y13s", LabelErrorKind.NOT_OURS),
        ("TA.Y13T", LabelErrorKind.BAD_CHECK),
    ],
)
def test_foreign_texts_are_typed_errors(text: str, kind: LabelErrorKind) -> None:
    with pytest.raises(LabelError) as err:
        decode(text)
    assert err.value.kind is kind


def test_unknown_game_and_unknown_card() -> None:
    from card_codes.check import check_char

    with pytest.raises(LabelError) as err:
        decode("ZZ.Y13" + check_char("ZZY13"))
    assert err.value.kind is LabelErrorKind.UNKNOWN_GAME
    with pytest.raises(LabelError) as err:
        decode("TA.Q99" + check_char("TAQ99"))
    assert err.value.kind is LabelErrorKind.UNKNOWN_CARD


def test_a_card_of_another_game_is_refused_when_a_game_is_expected() -> None:
    dojo_payload = encode(load_deck("dojo"), "FOX-5-2")
    with pytest.raises(LabelError) as err:
        decode(dojo_payload, expect_game="tatsu")
    assert err.value.kind is LabelErrorKind.OTHER_GAME
    assert decode(dojo_payload, expect_game="dojo").card.id == "FOX-5-2"


@pytest.mark.slow
@given(st.text())
def test_arbitrary_text_never_crashes_and_never_guesses(text: str) -> None:
    try:
        label = decode(text)
    except LabelError:
        return
    assert encode(load_deck(label.game), label.card.id) == text


@given(st.text(alphabet=QR_ALNUM, min_size=4, max_size=12))
def test_arbitrary_alphanumeric_text_never_crashes(text: str) -> None:
    test_arbitrary_text_never_crashes_and_never_guesses.hypothesis.inner_test(text)
