"""The label tracker on timed detections: what the table hears, frame by frame."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from card_codes import LabelErrorKind, encode, load_deck
from companion.vision import GONE, SEEN, UNKNOWN, CardEvent, LabelTracker, Zone
from companion.vision.decoders import Detection

TATSU = load_deck("tatsu")
DOJO = load_deck("dojo")
A = encode(TATSU, "Y-P1-V3")
B = encode(TATSU, "R-X3")
FPS = 10


def det(text: str, x: float = 640, y: float = 360) -> Detection:
    return Detection(text, ((x - 30, y - 30), (x + 30, y - 30), (x + 30, y + 30), (x - 30, y + 30)))


def run(tracker: LabelTracker, frames: Iterable[list[Detection]]) -> list[CardEvent]:
    """Feed one list of detections per frame at FPS; all events in order."""
    out = []
    for i, dets in enumerate(frames):
        out += tracker.update(i / FPS, dets, frame=i)
    return out


def kinds(events: list[CardEvent]) -> list[tuple[str, str | None]]:
    return [(e.kind, e.card) for e in events]


def test_a_card_held_still_is_one_seen_event_on_its_second_read() -> None:
    events = run(LabelTracker(game="tatsu"), [[det(A)]] * 100)
    assert kinds(events) == [(SEEN, "Y-P1-V3")]
    assert events[0].frame == 1 and events[0].t == pytest.approx(0.1)
    assert events[0].game == "tatsu" and events[0].text == A


def test_one_lucky_read_is_not_a_card() -> None:
    assert run(LabelTracker(), [[], [det(A)], [], [], [], []]) == []


def test_flicker_every_other_frame_is_one_card_and_never_gone() -> None:
    frames = [[det(A)] if i % 2 == 0 else [] for i in range(60)]
    events = run(LabelTracker(), frames)
    assert kinds(events) == [(SEEN, "Y-P1-V3")]
    assert events[0].frame == 2  # reads on frames 0 and 2: two of the last three


def test_two_reads_too_far_apart_are_not_confirmed() -> None:
    assert run(LabelTracker(), [[det(A)], [], [], [det(A)], [], [], []]) == []


def test_two_cards_at_once_are_two_events() -> None:
    events = run(LabelTracker(), [[det(A, 300), det(B, 900)]] * 10)
    assert sorted(kinds(events)) == sorted([(SEEN, "Y-P1-V3"), (SEEN, "R-X3")])
    assert {e.frame for e in events} == {1}


def test_a_card_read_twice_in_one_frame_counts_once() -> None:
    events = run(LabelTracker(), [[det(A, 300), det(A, 900)]] * 5)
    assert kinds(events) == [(SEEN, "Y-P1-V3")]


def test_gone_after_missing_for_the_set_time_from_frame_timestamps() -> None:
    frames = [[det(A)]] * 10 + [[]] * 20  # last read at t = 0.9
    events = run(LabelTracker(gone_after=1.0), frames)
    assert kinds(events) == [(SEEN, "Y-P1-V3"), (GONE, "Y-P1-V3")]
    assert events[1].t == pytest.approx(1.9) and events[1].frame == 19


def test_a_short_gap_is_not_gone() -> None:
    frames = [[det(A)]] * 10 + [[]] * 8 + [[det(A)]] * 10
    assert kinds(run(LabelTracker(gone_after=1.0), frames)) == [(SEEN, "Y-P1-V3")]


def test_a_card_leaving_and_coming_back_is_seen_again() -> None:
    frames = [[det(A)]] * 10 + [[]] * 15 + [[det(A)]] * 10
    events = run(LabelTracker(gone_after=1.0), frames)
    assert kinds(events) == [(SEEN, "Y-P1-V3"), (GONE, "Y-P1-V3"), (SEEN, "Y-P1-V3")]
    assert events[2].frame == 26


def test_an_unknown_label_held_for_many_frames_is_one_event_with_its_reason() -> None:
    events = run(LabelTracker(game="tatsu"), [[det("http://example.com")]] * 200)
    assert len(events) == 1
    e = events[0]
    assert (e.kind, e.card, e.error, e.text) == (UNKNOWN, None, LabelErrorKind.NOT_OURS, "http://example.com")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (A[:-1] + ("A" if A[-1] != "A" else "B"), LabelErrorKind.BAD_CHECK),
        (encode(DOJO, "FOX-5-2"), LabelErrorKind.OTHER_GAME),
    ],
)
def test_bad_check_and_other_game_labels_are_unknown_not_guessed(text: str, kind: LabelErrorKind) -> None:
    events = run(LabelTracker(game="tatsu"), [[det(text)]] * 30 + [[]] * 30)
    assert [(e.kind, e.card, e.error) for e in events] == [(UNKNOWN, None, kind)]


def test_without_an_expected_game_any_of_our_decks_is_read() -> None:
    events = run(LabelTracker(), [[det(encode(DOJO, "FOX-5-2"))]] * 3)
    assert [(e.kind, e.game, e.card) for e in events] == [(SEEN, "dojo", "FOX-5-2")]


def test_seat_zones_tell_whose_card_it_is() -> None:
    zones = [Zone(0, (0.0, 0.5, 1.0, 1.0)), Zone(1, (0.0, 0.0, 1.0, 0.5))]
    events = run(LabelTracker(zones=zones), [[det(A, 640, 600), det(B, 640, 100)]] * 3)
    assert {e.card: e.seat for e in events} == {"Y-P1-V3": 0, "R-X3": 1}


def test_finish_reports_cards_still_in_view_as_gone() -> None:
    tracker = LabelTracker()
    run(tracker, [[det(A)]] * 3)
    assert kinds(tracker.finish(1.0)) == [(GONE, "Y-P1-V3")]
    assert tracker.in_view == []


def test_confirm_cannot_exceed_the_window() -> None:
    with pytest.raises(ValueError):
        LabelTracker(confirm=4, window=3)
