"""Dojo scoring from the rule text: rows 1/3/6/10 by the most frequent disciple with raccoons
joining it, columns of three equal belts, trophies from the deck file; the options D5, D6, D4."""

from __future__ import annotations

import pytest

from companion.games.dojo.scoring import score_cells


def grid(rows: list[list[str]]) -> dict[tuple[int, int], str]:
    return {(r, c): card for r, row in enumerate(rows) for c, card in enumerate(row)}


# Row 0: one of each (1); row 1: two foxes (3); row 2: three bears (6). Belts all different.
MIXED = [["FOX-1-1", "BEAR-2-1", "CRANE-3-1", "MONKEY-4-1"],
         ["FOX-2-1", "FOX-3-1", "TIGRESS-4-1", "CRANE-5-1"],
         ["BEAR-3-2", "BEAR-4-1", "BEAR-5-1", "MONKEY-1-1"]]


@pytest.mark.parametrize("count, points", [(1, 1), (2, 3), (3, 6), (4, 10)])
def test_a_row_scores_by_the_count_of_its_most_frequent_disciple(count: int, points: int) -> None:
    foxes = ["FOX-1-1", "FOX-2-1", "FOX-3-1", "FOX-4-1"][:count]
    others = ["BEAR-5-1", "CRANE-5-1", "MONKEY-5-1"][:4 - count]
    b = score_cells(grid([foxes + others]))
    assert (b.rows[0].count, b.rows[0].points) == (count, points)


def test_three_rows_add_up_and_different_belts_score_no_column() -> None:
    b = score_cells(grid(MIXED), 4)
    assert [r.points for r in b.rows] == [1, 3, 6]
    assert [r.disciple for r in b.rows][1:] == ["FOX", "BEAR"]
    assert b.column_points == 0 and b.trophy_points == 4 and b.total == 14


def test_raccoons_join_the_best_disciple_of_their_row() -> None:
    row = ["RACCOON-1-1", "BEAR-2-1", "FOX-3-1", "FOX-4-1"]  # 2 foxes + the raccoon: 3 -> 6
    assert score_cells(grid([row])).rows[0].points == 6
    two = ["RACCOON-1-1", "RACCOON-2-1", "BEAR-3-1", "FOX-4-1"]  # 1 + 2 raccoons: 3 -> 6
    assert score_cells(grid([two])).rows[0].points == 6


def test_a_row_of_raccoons_only_is_four_of_a_kind() -> None:
    row = ["RACCOON-1-1", "RACCOON-1-2", "RACCOON-2-1", "RACCOON-2-2"]
    b = score_cells(grid([row]))
    assert (b.rows[0].disciple, b.rows[0].count, b.rows[0].points) == ("RACCOON", 4, 10)


def test_a_column_of_three_equal_belts_scores_the_belt_raccoons_keeping_their_belt() -> None:
    rows = [["FOX-5-1", "BEAR-2-1", "FOX-1-1", "CRANE-4-1"],
            ["BEAR-5-1", "CRANE-2-1", "RACCOON-1-1", "CRANE-4-2"],
            ["RACCOON-5-1", "MONKEY-2-1", "TIGRESS-1-1", "RACCOON-3-1"]]
    b = score_cells(grid(rows))
    assert [c.belt for c in b.columns] == [5, 2, 1, None]  # the last raccoon is green, not blue
    assert b.column_points == 8
    any_belt = score_cells(grid(rows), raccoon_belts="any")  # D6 alternative: raccoons match any belt
    assert any_belt.column_points == 12


def test_one_disciple_for_all_raccoons_when_the_option_says_so() -> None:
    rows = [["RACCOON-1-1", "FOX-2-1", "FOX-3-1", "BEAR-4-1"],
            ["RACCOON-1-2", "BEAR-2-2", "BEAR-3-2", "CRANE-4-2"]]
    assert [r.points for r in score_cells(grid(rows)).rows] == [6, 6]
    assert sum(r.points for r in score_cells(grid(rows), raccoons="one_disciple").rows) == 9


def test_a_four_by_three_dojo_is_scored_turned_with_the_free_orientation() -> None:
    tall = {(r, c): card for c, col in enumerate(MIXED) for r, card in enumerate(col)}  # MIXED transposed
    b = score_cells(tall, orientation="free")
    assert b.turned and sorted(r.points for r in b.rows) == [1, 3, 6]


def test_an_empty_dojo_scores_its_trophies_only() -> None:
    b = score_cells({}, 3)
    assert (b.rows, b.columns, b.total) == ((), (), 3)
