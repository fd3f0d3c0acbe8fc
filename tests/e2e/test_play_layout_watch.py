"""`companion play --video`: what lies on the table is watched while the game is played.

Samurai: a realism-kit clip films the board (its four corner labels) from beside the table; a game
resumed after its set-up has two of Nord's units on the board, and a hand moves one of them to a
square it may reach. The table hears once where the unit is on the table and where in the game, is
asked whether that is Nord's move, and "oui" plays it (recorded), "non" keeps the game as it is.
Dojo: Nord's dojo of three tatamis lies on the table; Nord lays the tatami they hold beside it, and
is asked whether that is the placing, on the row and column the rules allow. Only what the table
hears (the program's output) and the record are read."""

from __future__ import annotations

import contextlib
import math
import os
import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from card_codes import load_deck
from companion.engine import Match, get_game
from companion.games.samurai.legal import legal_choices
from companion.journal import Journal
from companion.speech.phrasebook import Phrasebook
from companion.vision import write_video
from kit.realism import Laid, TableCamera, TableClip

COMPANION = str(Path(sys.executable).with_name("companion"))
SQUARE_MM = 40.0
TAG_ABOVE_CENTRE_MM = 20.25  # the tag's centre, from the card's centre towards its top (printed labels)
CORNERS = {"NW": (0, 0, 180.0), "NE": (9, 0, 180.0), "SE": (9, 9, 0.0), "SW": (0, 9, 0.0)}
UNIT, STILL = "KATANA-Y-1", "ARCHER-Y-1"  # Nord's: the one moved, and one left where it stands
SAID_MOVED = "Samouraï katana jaune 1 est en {to} sur la table, en {at} dans la partie."
ASKED = "Est-ce le coup de Nord : Samouraï katana jaune 1 en {to} ? Dites oui ou non."


def on_board(card: str, square: str, t: float = 0.0, **kw) -> Laid:  # type: ignore[no-untyped-def]
    """A card whose tag centre lies on a square of the board (north is the far side of the table)."""
    x, y = ord(square[0]) - ord("A") + 0.5, int(square[1:]) - 0.5
    return on_point(card, x, y, 0.0, t, **kw)


def on_point(card: str, x: float, y: float, angle: float, t: float = 0.0, **kw) -> Laid:  # type: ignore[no-untyped-def]
    px, py = (x - 4.5) * SQUARE_MM, (4.5 - y) * SQUARE_MM
    a = math.radians(angle)
    centre = (px - TAG_ABOVE_CENTRE_MM * math.sin(a), py - TAG_ABOVE_CENTRE_MM * math.cos(a))
    return Laid(card, t, centre, angle=angle, **kw)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], str]:
    """A record of a four-player game just after its set-up (random legal placings), the squares
    of Nord's two units, and a square the first may move to; and the clip of that move."""
    folder = tmp_path_factory.mktemp("board-game")
    rules = get_game("samurai")
    match, rng = Match.new(rules, 4, {}), random.Random(1)
    journal = Journal.create(folder / "set-up.jsonl", "samurai", 4, match.options, rules=rules.rules_version)
    while match.state.phase == "setup":
        seat = next(s for s in range(4) if legal_choices(match.state, s))
        action = rng.choice(legal_choices(match.state, seat))
        match.apply(action)
        journal.append(action)
    journal.close()
    state = match.state
    assert state.seat == 0
    squares = {uid: state.units[uid].square for uid in (UNIT, STILL)}
    to = next(a["to"] for a in legal_choices(state, 0) if a["type"] == "move" and a["unit"] == UNIT)
    scene: list = [on_point(f"CORNER-{c}", x, y, a, slide=0.01) for c, (x, y, a) in CORNERS.items()]
    scene += [on_board(STILL, squares[STILL], slide=0.01),
              on_board(UNIT, squares[UNIT], slide=0.01, until=3.0, taken_to="top"),
              on_board(UNIT, to, t=3.8, edge="top", slide=0.5)]  # the move, by a hand
    clip = TableClip(load_deck("samurai"), scene, camera=TableCamera(750, 65), fps=15, duration=7.0, seed=5)
    assert write_video(clip, folder / "move.avi") == 106
    return folder, squares, to


def play(folder: Path, tmp_path: Path, answer: str, asked: str = "Est-ce le coup",
         start: str = "set-up.jsonl", clip: str = "move.avi") -> tuple[list[str], list[str]]:
    """The game of ``start`` resumed on the clip (read frame by frame: `--fast`); ``answer`` typed
    once a line starting with ``asked`` is heard. The lines heard, and the record's lines after."""
    record = tmp_path / "game.jsonl"
    record.write_bytes((folder / start).read_bytes())
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([COMPANION, "play", "--video", str(folder / clip), "--fast", "--resume",
                             str(record), "--text"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=env)
    assert proc.stdin is not None and proc.stdout is not None
    heard: queue.Queue[str] = queue.Queue()
    stdout = proc.stdout
    threading.Thread(target=lambda: [heard.put(line.rstrip("\n")) for line in stdout], daemon=True).start()
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(asked in line for line in lines):
        with contextlib.suppress(queue.Empty):
            lines.append(heard.get(timeout=1))
    proc.stdin.write(f"{answer}\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60  # the rest of the clip, read frame by frame: the board as it is now
    while time.monotonic() < deadline and not any(line.startswith("Fin des images") for line in lines):
        with contextlib.suppress(queue.Empty):
            lines.append(heard.get(timeout=1))
    proc.stdin.write("quitte\n")
    proc.stdin.flush()
    proc.wait(timeout=30)
    time.sleep(0.2)
    while not heard.empty():
        lines.append(heard.get())
    assert proc.returncode == 0, lines
    return lines, record.read_text(encoding="utf-8").splitlines()


def test_a_move_seen_on_the_board_is_said_once_asked_and_played_on_yes(
        game: tuple[Path, dict[str, str], str], tmp_path: Path) -> None:
    folder, squares, to = game
    before = len((folder / "set-up.jsonl").read_text(encoding="utf-8").splitlines())
    lines, record = play(folder, tmp_path, "oui")
    out = "\n".join(lines)
    assert lines.count(SAID_MOVED.format(to=to, at=squares[UNIT])) == 1, out
    assert lines.count(ASKED.format(to=to)) == 1, out
    watched = out.split("À vous.")[-1]  # after the resumed game's summary: what the board made said
    assert "Archer jaune 1" not in watched  # where the game has it: nothing to say
    assert "Carte refusée" not in out and "Dites la case" not in out  # the board's labels are not plays
    assert len(record) == before + 1 and f'"unit": "{UNIT}", "to": "{to}"' in record[-1], record[-1]
    after = out.split(ASKED.format(to=to))[1]
    assert to in after and "Samouraï katana jaune 1" in after, after  # the move announced
    assert SAID_MOVED.format(to=to, at=squares[UNIT]) not in after  # the board agrees now: nothing more


def test_no_keeps_the_game_as_it_is(game: tuple[Path, dict[str, str], str], tmp_path: Path) -> None:
    folder, _squares, to = game
    before = (folder / "set-up.jsonl").read_text(encoding="utf-8").splitlines()
    lines, record = play(folder, tmp_path, "non")
    assert "Rien n'est joué : la partie garde sa position." in lines, "\n".join(lines)  # to the table
    assert lines.count(ASKED.format(to=to)) == 1  # not asked again while the board stays so
    assert record == before


CELL_MM = (70.0, 95.0)  # a tatami's place in its dojo (a 63 x 88 mm card and a gap): column and row pitch
DOJO_AT = (-60.0, 40.0)  # where row 0, column 0 of Nord's dojo lies (mm from the table's middle)


def in_dojo(card: str, row: int, col: int, t: float = 0.0, **kw) -> Laid:  # type: ignore[no-untyped-def]
    """A tatami laid upright for its owner, who sits on the camera's side: rows grow towards them."""
    return Laid(card, t, (DOJO_AT[0] + col * CELL_MM[0], DOJO_AT[1] - row * CELL_MM[1]), **kw)


@pytest.fixture(scope="module")
def dojo_game(tmp_path_factory: pytest.TempPathFactory
              ) -> tuple[Path, str, tuple[int, int], tuple[int, int], str]:
    """A record of a three-player Dojo in which Nord holds a tatami and has three laid, and the
    clip of Nord laying it on a place the rules allow (the one nearest to them); the placement as
    the table hears it."""
    folder = tmp_path_factory.mktemp("dojo-game")
    rules = get_game("dojo")
    match, rng = Match.new(rules, 3, {}), random.Random(2)
    journal = Journal.create(folder / "start.jsonl", "dojo", 3, match.options, rules=rules.rules_version)
    while not (match.state.pending[0] is not None and len(match.state.dojos[0]) >= 3
               and any(a["type"] == "place" for a in rules.legal(match.state, 0))):
        action = rng.choice([a for seat in range(3) for a in rules.legal(match.state, seat)])
        match.apply(action)
        journal.append(action)
    journal.close()
    state = match.state
    held = state.pending[0]
    place = max((a["row"], a["col"]) for a in rules.legal(state, 0) if a["type"] == "place")
    scene: list = [in_dojo(card, r, c, slide=0.01) for r, c, card in state.dojos[0]]
    scene.append(in_dojo(held, *place, t=3.0, edge="bottom", slide=0.5))
    clip = TableClip(load_deck("dojo"), scene, camera=TableCamera(550, 50), fps=15, duration=7.0, seed=6)
    assert write_video(clip, folder / "lay.avi") == 106
    top, left = min(r for r, _c, _card in state.dojos[0]), min(c for _r, c, _card in state.dojos[0])
    said = (place[0] - top + 1, place[1] - left + 1)  # as the player types it: from 1 at the top left
    placed = rules.apply(state, {"type": "place", "seat": 0, "row": place[0], "col": place[1]})[1]
    announced = Phrasebook("fr", "dojo").render(next(e for e in placed if e.key.startswith("placed")))
    return folder, held, place, said, announced


def test_a_tatami_laid_beside_its_dojo_is_asked_and_placed_on_yes(
        dojo_game: tuple[Path, str, tuple[int, int], tuple[int, int], str], tmp_path: Path) -> None:
    folder, held, (row, col), (said_row, said_col), announced = dojo_game
    name = load_deck("dojo").card(held).name("fr")
    asked = f"Nord pose {name} en ligne {said_row}, colonne {said_col} : je le note ? Dites oui ou non."
    before = len((folder / "start.jsonl").read_text(encoding="utf-8").splitlines())
    lines, record = play(folder, tmp_path, "oui", asked=asked, start="start.jsonl", clip="lay.avi")
    out = "\n".join(lines)
    assert lines.count(asked) == 1, out
    assert "sur la table, en ligne" not in out  # the three tatamis lie where the game has them
    assert "Carte refusée" not in out  # the dojo's tatamis are read where they lie, not played
    assert len(record) == before + 1, out
    assert f'"type": "place", "seat": 0, "row": {row}, "col": {col}' in record[-1], record[-1]
    assert announced.startswith(f"Nord pose {name}")
    assert announced in out.split(asked)[1]  # announced as the dojo stands: beside a tatami, or by place
