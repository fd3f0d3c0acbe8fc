"""The default decoder reads camera tags on every frame and QR codes as often as the table needs."""

from __future__ import annotations

import pytest

from card_codes import encode, load_deck
from companion.vision import make_decoder
from companion.vision.decoders import QR_CONFIRM, QR_PROBE_EVERY, TAG_IDLE
from kit.realism import Coaster, Laid, TableCamera, TableClip


@pytest.fixture(scope="module")
def frames() -> dict[str, object]:
    deck = load_deck("tatsu")
    card = [Laid("Y-P4-V1", 0.0, (0.0, 0.0), slide=0.01)]
    camera = TableCamera(400, 55)

    def frame(scene: list, code: str) -> object:
        return TableClip(deck, scene, camera=camera, duration=0.3, code=code).render(0.1)

    return {"tag": frame(card, "tag"), "qr": frame(card, "qr"),
            "coaster": frame([*card, Coaster((120.0, 0.0))], "tag")}


def passes(decoder, image, n: int) -> tuple[int, list[set[str]]]:  # type: ignore[no-untyped-def]
    reads = [{d.text for d in decoder.decode(image)} for _ in range(n)]
    return decoder.stats["qr"], reads


def test_a_table_of_camera_tags_pays_one_qr_pass_in_four(frames) -> None:  # type: ignore[no-untyped-def]
    qr, reads = passes(make_decoder(), frames["tag"], 12)
    assert qr == 12 // QR_PROBE_EVERY
    assert all(r == {encode(load_deck("tatsu"), "Y-P4-V1")} for r in reads)


def test_a_first_qr_only_label_is_read_on_every_frame_once_found(frames) -> None:  # type: ignore[no-untyped-def]
    decoder = make_decoder()
    qr, reads = passes(decoder, frames["qr"], 12)
    assert qr == 12  # found by the first frame's probe, then every frame
    assert all(r == {encode(load_deck("tatsu"), "Y-P4-V1")} for r in reads)
    assert decoder.stats["tags"] == 12  # tags are still looked for on every frame, for a while


@pytest.mark.slow
def test_a_table_of_qr_only_labels_then_looks_for_tags_one_frame_in_four(frames) -> None:  # type: ignore[no-untyped-def]
    decoder = make_decoder()
    n = TAG_IDLE + 1 + 4 * QR_PROBE_EVERY
    passes(decoder, frames["qr"], n)
    assert decoder.stats["qr"] == n
    assert decoder.stats["tags"] == TAG_IDLE + 1 + 4  # then one frame in four
    card = encode(load_deck("tatsu"), "Y-P4-V1")
    read = [card in {d.text for d in decoder.decode(frames["tag"])} for _ in range(2 * QR_PROBE_EVERY)]
    first = read.index(True)  # a tag label laid there: found by the next tag probe, then every frame
    assert first < QR_PROBE_EVERY and all(read[first:]) and not any(read[:first])


def test_a_code_that_is_no_card_is_read_long_enough_to_be_refused_once(frames) -> None:  # type: ignore[no-untyped-def]
    qr, reads = passes(make_decoder(), frames["coaster"], 12)
    url = "HTTPS://EXAMPLE.ORG/MENU"
    assert [url in r for r in reads[:1 + QR_CONFIRM]] == [True] * (1 + QR_CONFIRM)  # 3 in a row: refused once
    assert qr == 1 + QR_CONFIRM + (12 - 1 - QR_CONFIRM) // QR_PROBE_EVERY
