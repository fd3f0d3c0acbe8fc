"""End to end in a real terminal (tmux): a blind player's keyboard and ears, nothing else.

`companion play tatsu --synthetic` runs as a person would run it: the synthetic table plays
the other three seats through the real camera path (frames, decoder, tracker), and the
test types at the prompt and reads the screen, as a screen reader would.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from card_codes import load_deck
from companion.engine import get_game, replay
from companion.journal import open_record
from companion.speech.phrasebook import STRICT_ENV

from .tmux import NEEDS_TMUX, Terminal

ROOT = Path(__file__).resolve().parents[2]
COMPANION = str(Path(sys.executable).with_name("companion"))
NAMES = {card.name("fr"): card.id for card in load_deck("tatsu")}

pytestmark = NEEDS_TMUX


def env(home: Path) -> dict[str, str]:
    keep = {k: os.environ[k] for k in ("PATH", "PULSE_SERVER", "XDG_CONFIG_HOME", "HOME", STRICT_ENV)
            if k in os.environ}
    return {**keep, "COMPANION_HOME": str(home), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}


def cards_in(line: str) -> list[str]:
    """Card ids named in a spoken list ("a ; b et c"), its first sentence."""
    found = []
    for part in re.split(r" ; | et ", line.strip().split(". ", 1)[0].rstrip(".")):
        if part.strip() in NAMES:
            found.append(NAMES[part.strip()])
    return found


class Player:
    """The person at the keyboard: types, waits for what the companion says."""

    def __init__(self, term: Terminal) -> None:
        self.term = term
        self.mark = 0

    def wait(self, text: str, timeout: float = 60.0) -> str:
        screen = self.term.wait_for(text, timeout, after=self.mark)
        self.mark = screen.index(text, self.mark) + len(text)
        return screen

    def wait_any(self, texts: list[str], timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.term.screen()
            hits = [screen.find(t, self.mark) for t in texts if screen.find(t, self.mark) >= 0]
            if hits:
                self.mark = min(hits) + 1
                return screen
            time.sleep(0.1)
        raise AssertionError(f"none of {texts} appeared; screen:\n{self.term.screen()[-3000:]}")

    def whole_line(self, at: int, timeout: float = 10.0) -> str:
        """The screen line holding position ``at``, once it is fully written (a sentence ends
        with a full stop or a question mark; a loaded machine may show half a line first)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.term.screen()
            start = screen.rfind("\n", 0, at) + 1
            end = screen.find("\n", at)
            line = screen[start:end if end >= 0 else None]
            if (end >= 0 and line.rstrip().endswith((".", "?", "!"))) or time.monotonic() > deadline:
                return line
            time.sleep(0.1)

    def ask(self, line: str, answer: str, timeout: float = 30.0) -> str:
        """Type a line and return the first screen line holding ``answer`` after it."""
        self.term.type(line)
        self.wait(answer, timeout)
        return self.whole_line(self.mark)

    def play_my_turn(self) -> str:
        """Wait for my turn, ask what I may play, play the first card offered (or ask East). Asked
        to play for another seat on the way, I choose its first card (the rules let me choose)."""
        while True:
            screen = self.wait_any(["\nÀ vous.", "Choisissez : "])  # my own line: no seat before it
            if screen.startswith("\nÀ vous.", self.mark - 1):
                self.mark += len("\nÀ vous.") - 1
                break
            first = re.search(r"Choisissez : (\d+) : ", self.whole_line(self.mark))  # its number in my hand
            assert first, self.whole_line(self.mark)
            self.term.type(first.group(1))
            self.wait("Sud pour ")
        self.term.type("coups")
        self.wait_any(["Vous pouvez jouer", "Rien à jouer"])
        line = self.whole_line(self.mark - 1)
        line = line[line.find("Vous pouvez jouer") if "Vous pouvez jouer" in line else line.find("Rien"):]
        offered = cards_in(line.split(":", 1)[-1]) if line.startswith("Vous pouvez") else []
        if not offered:
            asked = re.search(r"demandez à (.*)\.$", line)  # the seats that have a card for me
            assert asked, line
            seat = re.split(r", | ou ", asked.group(1))[0]
            self.term.type(f"demande {seat}")
            self.wait(f"{seat} pour Sud")
            return "asked"
        card = offered[0]
        self.term.type(card)
        self.wait(load_deck("tatsu").card(card).name("fr") + ".")
        return card


def start(tmp_path: Path, record: Path, *extra: str) -> Terminal:
    # a resumed game needs no --me: the record remembers who is at the keyboard (Sud)
    me = [] if "--resume" in extra else ["--me", "sud"]
    cmd = [COMPANION, "play", "tatsu", "--synthetic", "--text", *me, "--seed", "7",
           "--record", str(record), *extra]
    return Terminal(cmd, ROOT, env(tmp_path / "home"))


def test_a_trick_with_queries_a_refused_card_and_an_undo(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    # the table's players wait 3 s after my card, as people would: time to say "annule" before
    # the next card is down, however busy the machine (with no wait, the game has moved on)
    term = start(tmp_path, record, "--pace", "3")
    me = Player(term)
    try:
        me.wait("Entrée pour commencer")
        term.type("")
        me.wait("La partie commence.")
        hand_line = me.wait("\nSud, en main : ")
        hand = cards_in(hand_line[me.mark:].split("\n", 1)[0])
        assert len(hand) == 7
        me.wait("\nÀ vous.")
        assert "Votre main" in me.ask("main", "Votre main")
        assert me.ask("pli", "Pli 1").startswith("Pli 1"), "my own answer: no seat's name before it"
        # a red card in front of a yellow seat: refused to me alone, the card never named to the table
        red = next((c for c in hand if c.startswith("R-")), "R-P6-V1")
        refusal = me.ask(red, "Devant Sud, une carte jaune.")
        assert refusal == "Carte refusée : Devant Sud, une carte jaune.", "said to me alone, as my own line"
        assert load_deck("tatsu").card(red).name("fr") not in refusal
        # what may I play? the first card offered, then undo it, then play it again
        offered = me.ask("coups", "Vous pouvez jouer")
        card = cards_in(offered.split(":", 2)[-1])[0]
        name = load_deck("tatsu").card(card).name("fr")
        term.type(card)
        me.wait(f"{name}.")
        me.ask("annule", "Dites oui ou non")
        term.type("oui")
        me.wait("Sud reprend son coup : ")
        me.wait("\nÀ vous.")
        term.type(card)
        me.wait(f"{name}.")
        me.wait_any(["remporte le pli", "Fusion !"])  # the fourth card ends the trick
        assert "Scores : Jaunes 0, Rouges 0. Cette manche : Jaunes " in me.ask("score", "Scores :")
        me.ask("scroes", "Vouliez-vous dire")
        term.type("quitte")
        me.wait("[exited] 0")
    finally:
        term.close()
    header, actions, _ = open_record(record)
    kinds = [a["type"] for _, a in actions]
    assert "undo" in kinds and kinds.count("hand") == 4
    match = replay(get_game("tatsu"), header.seats, header.options, actions)
    assert match.state.trick_no >= 2 or match.state.pending, "the whole first trick was played"
    replayed = subprocess.run([COMPANION, "replay", str(record)], capture_output=True, text=True, check=True)
    assert replayed.stdout.strip()  # the undone card is gone from the replay: the undo is in the record


def play_turns(tmp_path: Path, record: Path, turns: int, *extra: str, kill: bool = False) -> None:
    term = start(tmp_path, record, *extra)
    me = Player(term)
    try:
        if not extra:
            me.wait("Entrée pour commencer")
            term.type("")
        else:
            me.wait("Reprise de la partie")
        for _ in range(turns):
            me.play_my_turn()
        if kill:
            # the companion's own python process, not the shell around it
            found = subprocess.run(["pgrep", "-f", "--", f"python.*companion play.*{record}"],
                                   capture_output=True, text=True)
            pids = [int(p) for p in found.stdout.split() if int(p) != os.getpid()]
            assert pids, "the companion process is running"
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
            me.wait("[exited] 137", timeout=10)
        else:
            term.type("quitte")
            me.wait("[exited] 0")
    finally:
        term.close()


def test_kill_nine_then_resume_reaches_the_same_game_as_an_unbroken_run(tmp_path: Path) -> None:
    unbroken = tmp_path / "unbroken.jsonl"
    play_turns(tmp_path, unbroken, 4)
    broken = tmp_path / "broken.jsonl"
    play_turns(tmp_path, broken, 2, kill=True)
    lines = broken.read_text(encoding="utf-8").splitlines()
    assert lines and json.loads(lines[-1])["action"]["type"] == "play"
    play_turns(tmp_path, broken, 2, "--resume", str(broken))
    a = [act for _, act in open_record(unbroken)[1]]
    b = [act for _, act in open_record(broken)[1]]
    n = min(len(a), len(b))
    assert n > 12 and a[:n] == b[:n], "the resumed game went on exactly as the unbroken one"
    game = get_game("tatsu")
    ha, hb = open_record(unbroken)[0], open_record(broken)[0]
    assert replay(game, 4, ha.options, list(enumerate(a[:n]))).state == \
        replay(game, 4, hb.options, list(enumerate(b[:n]))).state
