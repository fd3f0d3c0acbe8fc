"""Laid mode: a play is a card put down, not a card held; a covered card laid is the same card;
seat zones from --zones and from a calibration."""

from __future__ import annotations

import math

import pytest

from card_codes import encode, load_deck
from companion.vision import (
    GONE,
    SEEN,
    SHOWN,
    LabelTracker,
    SeatMap,
    ZoneError,
    calibrate,
    format_zones,
    parse_zones,
)
from companion.vision.decoders import Detection

TATSU = load_deck("tatsu")
A, B = encode(TATSU, "Y-P1-V3"), encode(TATSU, "R-X3")
FPS = 30


def det(text: str, x: float, y: float, size: float = 40) -> Detection:
    h = size / 2
    return Detection(text, ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)), code="tag")


def feed(tracker: LabelTracker, frames: list[list[Detection]]) -> list:
    return [e for i, dets in enumerate(frames) for e in tracker.update(i / FPS, dets, frame=i)]


def slide_in(text: str, frames: int = 12, rest: int = 30, x: float = 640, y: float = 360
             ) -> list[list[Detection]]:
    """A card pushed in from below, slowing down, then lying still."""
    out = []
    for k in range(frames):
        f = 1 - k / frames
        out.append([det(text, x, y + 300 * f * f)])
    return out + [[det(text, x, y)]] * rest


def test_a_card_slid_in_is_played_once_it_comes_to_rest_not_while_it_moves() -> None:
    events = feed(LabelTracker(game="tatsu", laid=True), slide_in(A))
    seen = [e for e in events if e.kind == SEEN]
    assert [(e.card, e.frame) for e in seen] == [("Y-P1-V3", 13)]  # the first read after it stopped
    assert not [e for e in events if e.kind == SHOWN]


def test_a_card_that_did_not_come_in_one_way_needs_two_reads_at_rest() -> None:
    """Laid at the first read at rest only after three steps one way (pushed in, stopped); a
    card carried back and forth, or seen moving only twice, lies still one frame longer."""
    two_steps = [[det(A, 640, y)] for y in (400, 380)] + [[det(A, 640, 360)]] * 10
    back_and_forth = [[det(A, 640, y)] for y in (400, 370, 400, 370)] + [[det(A, 640, 370)]] * 10
    for frames in (two_steps, back_and_forth):
        seen = [e.frame for e in feed(LabelTracker(game="tatsu", laid=True), frames) if e.kind == SEEN]
        first_still = next(i for i in range(1, len(frames)) if frames[i][0].quad == frames[i - 1][0].quad)
        assert seen == [first_still + 1]


def test_a_card_held_in_a_trembling_hand_is_shown_never_played() -> None:
    frames = []
    for k in range(90):  # three seconds of a hand's tremor: 2-4 px at 4 and 9 Hz
        t = k / FPS
        dx = 3 * math.sin(2 * math.pi * 4.1 * t) + 1.5 * math.sin(2 * math.pi * 8.7 * t)
        dy = 2.5 * math.sin(2 * math.pi * 3.3 * t + 2)
        frames.append([det(B, 300 + dx, 500 + dy)])
    events = feed(LabelTracker(game="tatsu", laid=True), frames)
    assert [(e.kind, e.card) for e in events if e.kind != GONE] == [(SHOWN, "R-X3")]


def test_a_card_held_then_put_down_and_left_is_played_after_it_lies_still() -> None:
    """0.6 s still once a card laid has shown where the table is; 1.8 s before (a fan held
    still for a moment cannot yet be told from a card put down by its place)."""
    held = [[det(B, 300 + 3 * math.sin(k), 500)] for k in range(30)]
    events = feed(LabelTracker(game="tatsu", laid=True), held + [[det(B, 300, 500)]] * 70)
    assert [e.kind for e in events] == [SHOWN, SEEN]
    assert 30 + 1.8 * FPS - 1 <= events[1].frame <= 30 + 1.8 * FPS + 3
    tracker = LabelTracker(game="tatsu", laid=True)
    first = [e.kind for e in feed(tracker, slide_in(A, x=700, y=450))]
    later = [[det(A, 700, 450), *d] for d in held + [[det(B, 300, 500)]] * 40]
    events = [e for i, dets in enumerate(later) for e in tracker.update(2 + i / FPS, dets, frame=i)]
    assert first == [SEEN] and [e.kind for e in events] == [SHOWN, SEEN]
    assert 30 + 0.6 * FPS - 1 <= events[1].frame <= 30 + 0.6 * FPS + 3


def test_a_laid_card_covered_by_a_reading_hand_then_uncovered_is_the_same_card_silently() -> None:
    tracker = LabelTracker(game="tatsu", laid=True)
    frames = slide_in(A) + [[]] * 90 + [[det(A, 640, 360)]] * 20 + [[]] * 45  # covered three seconds
    events = feed(tracker, frames)
    assert [e.kind for e in events] == [SEEN, GONE, GONE]
    tracker.forget()  # the round is over: the same card laid again is a new play
    again = [e for i, d in enumerate([[det(A, 640, 360)]] * 5) for e in tracker.update(10 + i / FPS, d)]
    assert [e.kind for e in again] == [SEEN]


def test_a_laid_card_moved_far_and_put_down_again_is_a_new_play_a_nudge_is_not() -> None:
    """Two players' Tatsu: a face-up card of a line is taken into the trick, lifted out of view
    or pushed in view; a hand reading a card's tactile code shifts it a little."""
    lifted = slide_in(A) + [[]] * 10 + slide_in(A, x=900, y=200)
    pushed = slide_in(A) + [[det(A, 640 + 30 * k, 360)] for k in range(1, 8)] + [[det(A, 850, 360)]] * 10
    nudged = slide_in(A) + [[]] * 20 + [[det(A, 660, 370)]] * 20
    for frames, plays in ((lifted, 2), (pushed, 2), (nudged, 1)):
        seen = [e for e in feed(LabelTracker(game="tatsu", laid=True), frames) if e.kind == SEEN]
        assert len(seen) == plays


def test_without_laid_mode_a_held_card_is_seen_as_before() -> None:
    frames = [[det(B, 300 + 3 * math.sin(k), 500)] for k in range(10)]
    assert [e.kind for e in feed(LabelTracker(game="tatsu"), frames)] == [SEEN]


def test_zones_from_places_and_boxes_and_the_seat_of_a_laid_card() -> None:
    places = parse_zones("1@0.5,0.85; nord@0.5,0.15", 2, {"Nord": 1, "Sud": 0})
    assert places.seat_at(0.45, 0.7) == 0 and places.seat_at(0.6, 0.3) == 1
    boxes = parse_zones("1:0,0.5,1,1;2:0,0,1,0.5", 2)
    assert boxes.seat_at(0.2, 0.9) == 0 and boxes.seat_at(0.2, 0.1) == 1
    assert parse_zones(format_zones(places), 2) == places
    tracker = LabelTracker(game="tatsu", laid=True, zones=places)
    events = feed(tracker, slide_in(A, x=640, y=100))
    assert [(e.kind, e.seat) for e in events] == [(SEEN, 1)]


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"), ("1@0.5", "two numbers"), ("5@0.5,0.5", "from 1 to 4"), ("ouest@0.1,0.5", "unknown seat"),
    ("1@0.5,1.5", "from 0 to 1"), ("1:0.5,0.5,0.2,0.9", "x0 < x1"), ("1@0.5,0.5;1@0.2,0.2", "twice"),
    ("1@0.5,0.5;2:0,0,1,1", "not both"), ("1 0.5 0.5", "write SEAT@x,y"), ("1@a,b", "write SEAT@x,y"),
])
def test_a_bad_zones_value_gets_a_short_reason(text: str, reason: str) -> None:
    with pytest.raises(ZoneError, match=reason):
        parse_zones(text, 4, {"Nord": 0})


def test_calibration_takes_one_card_per_seat_in_seat_order() -> None:
    tracker = LabelTracker(game="tatsu", laid=True)
    cards = [encode(TATSU, c) for c in ("Y-P1-V3", "R-X3", "Y-F", "R-F")]
    spots = [(640, 650), (100, 360), (640, 80), (1180, 360)]
    events = []
    for k, (text, (x, y)) in enumerate(zip(cards, spots, strict=True)):
        frames = slide_in(text, x=x, y=y, rest=10)
        for i, dets in enumerate(frames):
            others = [det(c, px, py) for c, (px, py) in zip(cards[:k], spots[:k], strict=True)]
            events += tracker.update(k * 2 + i / FPS, dets + others, frame=i)
    zones = calibrate([e for e in events if e.kind == SEEN], 4)
    assert isinstance(zones, SeatMap) and zones.seats == [0, 1, 2, 3]
    assert [zones.seat_at(x / 1280, y / 720) for x, y in spots] == [0, 1, 2, 3]
    with pytest.raises(ZoneError, match="3 card"):
        calibrate([e for e in events if e.kind == SEEN][:3], 4)


def test_a_laid_card_taken_up_by_its_id_and_put_down_elsewhere_is_a_new_play() -> None:
    tracker = LabelTracker(game="tatsu", laid=True)
    assert [e.kind for e in feed(tracker, slide_in(A))] == [SEEN]
    t0 = len(slide_in(A))
    still = [[det(A, 640, 360)]] * 6  # where it lies: the camera never saw it go
    assert [e for i, d in enumerate(still) for e in tracker.update((t0 + i) / FPS, d)] == []
    tracker.taken_up(["Y-P1-V3"])  # the session says it was picked up to be played (by card id)
    again = [e for i, d in enumerate(still) for e in tracker.update((t0 + 6 + i) / FPS, d)]
    assert [(e.kind, e.card) for e in again] == [(SEEN, "Y-P1-V3")]


def test_cards_forgotten_by_id_when_a_trick_is_taken_away_are_new_plays_later() -> None:
    tracker = LabelTracker(game="tatsu", laid=True)
    feed(tracker, slide_in(A) + [[]] * 45)  # laid, then swept up with its trick

    def laid_again(at: float) -> list[str]:
        frames = [[det(A, 640, 360)]] * 5 + [[]] * 45  # put down, then swept up again
        return [e.kind for i, d in enumerate(frames) for e in tracker.update(at + i / FPS, d)]

    tracker.forget_cards(["R-X3"])  # another card: this one is still remembered
    assert SEEN not in laid_again(5)
    tracker.forget_cards(["Y-P1-V3"])
    assert laid_again(10).count(SEEN) == 1


def box(text: str, x: float, y: float, w: float, h: float) -> Detection:
    """A label seen w px across and h px along the view (a table's foreshortening: h < w)."""
    return Detection(text, ((x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2),
                            (x - w / 2, y + h / 2)), code="tag")


def test_on_a_known_table_a_label_larger_there_or_tilted_against_it_is_held_however_still() -> None:
    """The table's perspective from the card laid (40 x 28 px: a 45° view): a label 1.7 times
    its size, or one not shortened at all, is in a hand, even still for three seconds; a card
    laid elsewhere on the table, its size and shortening as the perspective gives, is played."""
    tracker = LabelTracker(game="tatsu", laid=True)
    assert [e.kind for e in feed(tracker, [[box(A, 640, 420, 40, 28)]] * 40)] == [SEEN]  # 1 s: no table yet
    assert tracker.table.known
    near, steep = encode(TATSU, "Y-X1"), encode(TATSU, "R-P5-V1")
    for held in (box(near, 600, 300, 66, 46), box(steep, 900, 380, 40, 40)):
        frames = [[box(A, 640, 420, 40, 28), held]] * 90
        events = [e for i, d in enumerate(frames) for e in tracker.update(1 + i / FPS, d, frame=i)]
        assert [e.kind for e in events] == [SHOWN], events
        assert tracker.table.fits(held.quad, (1280, 720)) is False
    other = box(encode(TATSU, "R-X3"), 300, 560, 43, 32)  # nearer the camera: a little larger
    events = [e for i, d in enumerate([[other]] * 5) for e in tracker.update(5 + i / FPS, d, frame=i)]
    assert [(e.kind, e.card) for e in events if e.kind != GONE] == [(SEEN, "R-X3")]
