"""The live session, at the unit seam: cards and typed lines in, what each seat hears out."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from card_codes import LabelErrorKind
from companion.engine import get_game, replay
from companion.information import AID
from companion.journal import open_record
from companion.session import Session, SessionOptions

from .conftest import Recorder, record_actions

YELLOW_HAND = ["Y-P1-V3", "Y-P2-V1", "Y-P3-V1", "Y-X1", "R-P1-V3", "R-P2-V1", "R-X1"]


def seen(card: str, seat: int | None = None) -> SimpleNamespace:
    return SimpleNamespace(kind="seen", card=card, seat=seat, error=None)


def test_a_card_seen_is_played_recorded_then_announced(make_session, tmp_path: Path) -> None:
    session, rec = make_session()
    rec.clear()
    session.handle_vision(seen("Y-P4-V1"))
    assert rec.texts("all") == ["Nord : Esprit jaune 4."]
    assert record_actions(tmp_path / "game.jsonl") == [{"type": "play", "seat": 0, "card": "Y-P4-V1"}]
    assert rec.record_at_announce[-1] == 2, "the action was on disk before it was announced"
    assert ("label_read", "all") in rec.earcons


def test_a_wrong_card_is_refused_without_naming_it_and_changes_nothing(make_session, tmp_path: Path) -> None:
    session, rec = make_session()
    before = session.match.state
    rec.clear()
    session.handle_vision(seen("R-P5-V1"))  # North is yellow
    assert rec.texts("all") == ["Carte refusée : Devant Nord, une carte jaune."]
    assert "rouge 5" not in " ".join(rec.texts())
    assert session.match.state is before
    assert record_actions(tmp_path / "game.jsonl") == []
    assert ("label_refused", "all") in rec.earcons


def test_a_card_already_played_is_refused(make_session) -> None:
    session, rec = make_session()
    session.handle_vision(seen("Y-P4-V1"))
    session.handle_vision(seen("R-P2-V1"))
    rec.clear()
    session.handle_vision(seen("Y-P4-V1"))
    assert rec.texts("all") == ["Carte refusée : cette carte est déjà jouée."]
    assert len(session.match.states) == 3


def test_unknown_labels_are_said_once_each_with_their_kind(make_session) -> None:
    session, rec = make_session()
    rec.clear()
    for kind, text in [(LabelErrorKind.NOT_OURS, "Étiquette inconnue."),
                       (LabelErrorKind.BAD_CHECK, "Étiquette mal lue : montrez-la à nouveau."),
                       (LabelErrorKind.OTHER_GAME, "Carte d'un autre jeu.")]:
        session.handle_vision(SimpleNamespace(kind="unknown", card=None, seat=None, error=kind))
        assert rec.texts("all")[-1] == text
    assert len(session.match.states) == 1


def test_a_card_in_another_seats_zone_is_refused(make_session) -> None:
    session, rec = make_session()
    rec.clear()
    session.handle_vision(seen("Y-P4-V1", seat=2))
    assert rec.texts("all") == ["Carte refusée : Pas maintenant : c'est à Nord."]


def my_hand_scanned_and_north_led(session) -> None:  # type: ignore[no-untyped-def]
    """South (seat 2) registers their hand by showing it; North leads the yellow 4."""
    session.handle_line("scanne")
    for card in YELLOW_HAND:
        session.handle_vision(seen(card))
    session.handle_line("fin")
    session.handle_vision(seen("Y-P4-V1"))


def test_queries_answer_the_asking_seat_only(make_session) -> None:
    session, rec = make_session(me=2)
    my_hand_scanned_and_north_led(session)
    rec.clear()
    for line in ["main", "pli", "score", "tour", "restantes", "règles", "coups"]:
        session.handle_line(line)
    answers = rec.texts()
    assert all(a == 2 for a, _ in rec.lines), "every answer goes to the asking seat"
    assert answers[0].startswith("Votre main : 1 : Esprit jaune 1, 3 points ; 2 : Esprit jaune 2")
    assert answers[1] == "Pli 1 : Nord : Esprit jaune 4."
    assert answers[2] == "Scores : Jaunes 0, Rouges 0."
    assert answers[3] == "À Est : une carte rouge."
    assert answers[4] == "Le reste ne se voit pas sur la table."  # equal information: no memory of cards
    assert "fusion" in answers[5]
    assert answers[6] == "Règles du texte : aucune variante de la table."  # the house rules (issue 27)
    assert answers[7].startswith("« règles options » : chaque option et ses choix.")
    assert answers[8] == "À Est : une carte rouge."  # not my turn: whose it is


def test_restantes_counts_the_cards_i_have_not_seen_when_the_table_allows_memory(make_session) -> None:
    session, rec = make_session(me=2, information=AID)
    my_hand_scanned_and_north_led(session)
    rec.clear()
    session.handle_line("restantes")
    assert rec.texts()[-1].startswith("20 cartes pas encore vues"), "not my 7 cards, not the one played"


def test_hand_registration_by_scanning_is_private(make_session) -> None:
    session, rec = make_session(me=2)
    rec.clear()
    session.handle_line("scan")
    for card in YELLOW_HAND:
        session.handle_vision(seen(card))
    session.handle_vision(seen(YELLOW_HAND[0]))  # shown twice: counted once
    session.handle_line("done")
    private = rec.texts(2)
    assert private[0].startswith("Montrez vos cartes")
    assert any(t.startswith("Sud, en main : Esprit jaune 1, 3 points") for t in private)
    assert not any("Esprit jaune 1, 3 points" in t for t in rec.texts("all")), "the hand never goes public"
    assert "Sud a 4 jaunes et 3 rouges." in rec.texts("all")  # the backs show the colours
    assert session.game.private_view(session.match.state, 2)["hand"] == YELLOW_HAND


def test_ask_sets_where_the_next_card_comes_from(make_session, tmp_path: Path) -> None:
    session, rec = make_session()
    session.handle_line("demande Est")
    session.handle_vision(seen("Y-P4-V1"))
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "play", "seat": 0, "card": "Y-P4-V1",
                                                            "from": 1}
    assert rec.texts("all")[-1] == "Est pour Nord : Esprit jaune 4."


def test_undo_asks_first_and_is_recorded(make_session, tmp_path: Path) -> None:
    session, rec = make_session()
    session.handle_vision(seen("Y-P4-V1"))
    rec.clear()
    session.handle_line("annule")
    assert rec.texts(0) == ["Annuler votre coup : Nord : Esprit jaune 4 ? Dites oui ou non."]
    session.handle_line("non")
    assert len(session.match.states) == 2 and rec.texts(0)[-1] == "Rien n'est annulé."
    session.handle_line("annule")
    session.handle_line("oui")
    assert len(session.match.states) == 1
    assert rec.texts("all")[-1] == "Nord reprend son coup : Nord : Esprit jaune 4."
    assert record_actions(tmp_path / "game.jsonl")[-1] == {"type": "undo"}
    session.handle_vision(seen("Y-P4-V1"))  # the same card may be played again
    assert len(session.match.states) == 2


def test_typos_get_the_nearest_command_and_change_nothing(make_session) -> None:
    session, rec = make_session()
    rec.clear()
    session.handle_line("scroes")
    session.handle_line("xyzzy")
    assert rec.texts(0) == ["Commande inconnue : scroes. Vouliez-vous dire « score » ?",
                            "Commande inconnue : xyzzy."]
    assert len(session.match.states) == 1


def test_manual_entry_when_a_label_will_not_read(make_session) -> None:
    session, rec = make_session()
    session.handle_line("carte Y-P4-V1")
    session.handle_line("carte ZZZ")
    assert rec.texts("all")[-1] == "Nord : Esprit jaune 4."
    assert rec.texts(0)[-1] == "Carte inconnue : ZZZ."


def test_repeat_says_the_last_batch_again(make_session) -> None:
    session, rec = make_session()
    session.handle_vision(seen("Y-P4-V1"))
    rec.clear()
    session.handle_line("répète")
    assert rec.texts() == ["Nord : Esprit jaune 4."]


def test_a_record_that_cannot_be_written_changes_nothing(make_session, monkeypatch) -> None:
    session, rec = make_session()

    def full(action: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session.journal, "append", full)
    rec.clear()
    session.handle_vision(seen("Y-P4-V1"))
    refusal = "Impossible d'écrire la partie (disque plein) : rien n'est changé."
    assert rec.texts("all") == [refusal]
    assert len(session.match.states) == 1


def test_resume_rebuilds_the_game_and_says_where_it_stands(make_session, tmp_path: Path) -> None:
    session, _ = make_session()
    for card in ["Y-P4-V1", "R-P2-V1", "Y-P1-V3"]:
        session.handle_vision(seen(card))
    session.close()
    rec = Recorder()
    resumed = Session(SessionOptions(record=None, resume=tmp_path / "game.jsonl", setup=False), rec)
    resumed.open()
    assert resumed.match.state == session.match.state
    assert rec.texts(0)[0] == "Reprise de la partie : 3 actions relues."
    assert rec.texts(0)[-1] == "À Ouest : une carte rouge."
    resumed.handle_vision(seen("R-P3-V1"))
    header, actions, _ = open_record(tmp_path / "game.jsonl")
    assert replay(get_game("tatsu"), 4, header.options, actions).state == resumed.match.state


def test_setup_accepts_with_one_key_or_changes_the_dealer(tmp_path: Path) -> None:
    rec = Recorder()
    session = Session(SessionOptions(record=tmp_path / "g.jsonl"), rec)
    session.open()
    team = "Équipe jaune, avec Sud assis en face de vous."
    assert session.setup_text() == f"Tatsu, 4 joueurs. Nord donne. Vous êtes Nord. {team}"
    session.handle_line("donneur Est")
    assert rec.texts(0)[-2] == f"Tatsu, 4 joueurs. Est donne. Vous êtes Nord. {team}"
    session.handle_line("")
    assert session.started
    assert "Manche 1. Est donne et commence." in rec.texts("all")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_english_too(make_session, lang: str) -> None:
    session, rec = make_session(lang=lang)
    rec.clear()
    session.handle_line("help" if lang == "en" else "aide")
    assert rec.texts(0)[0] == ("Commands:" if lang == "en" else "Commandes :")


def test_a_play_is_said_in_the_voice_of_the_seat_it_is_about(make_session) -> None:
    session, rec = make_session()
    rec.clear()
    session.handle_vision(seen("Y-P4-V1"))
    session.handle_line("score")
    heard = [("Nord : Esprit jaune 4.", 0), ("Scores : Jaunes 0, Rouges 0.", None)]
    assert list(zip(rec.texts(), rec.speakers, strict=True)) == heard
    rec.clear()
    session.handle_line("répète")  # the last announcement again (not the answer), in the same voice
    assert list(zip(rec.texts(), rec.speakers, strict=True)) == heard[:1]
    phrases = session.fixed_phrases()
    assert ("Est : Esprit jaune 4.", 1) in phrases and "Esprit jaune 4" in phrases  # card names: neutral


def test_speech_commands_reach_the_announcer(make_session) -> None:
    session, rec = make_session()
    rec.clear()
    for line in ("plus vite", "moins vite", "bref", "détaillé", "normal", "chut"):
        session.handle_line(line)
    assert rec.calls == [("faster", None), ("slower", None), ("verbosity", "brief"),
                         ("verbosity", "detailed"), ("verbosity", "normal"), ("stop", 0)]
    assert rec.lines == []  # the announcer says the new rate or level itself


def test_the_stop_word_acts_at_once_from_the_keyboard_thread(tmp_path: Path) -> None:
    import io

    rec = Recorder()
    session = Session(SessionOptions(record=tmp_path / "g.jsonl", me=2), rec)
    session.read_lines(io.StringIO("chut\nmain\ntais-toi\n")).join(5)
    stops = [c for c in rec.calls if c[0] != "keyboard_seat"]
    assert stops == [("stop", 2), ("stop", 2)]  # without waiting for the game's queue
    posted = [session.inbox.get_nowait() for _ in range(session.inbox.qsize())]
    assert posted == [("line", "main"), ("eof", None)]


def test_the_keyboard_seat_chosen_at_set_up_owns_the_braille_display(tmp_path: Path) -> None:
    rec = Recorder()
    session = Session(SessionOptions(record=tmp_path / "g.jsonl"), rec)
    session.open()
    session.handle_line("moi Sud")
    assert ("keyboard_seat", 2) in rec.calls


def test_the_voice_of_a_public_event_is_the_seat_the_table_rules_say_it_is_about(make_session,
                                                                                 monkeypatch) -> None:
    session, rec = make_session()
    rec.clear()
    monkeypatch.setattr(session.rules, "subject", lambda event: 3)  # a game's own `subject` hook
    session.handle_vision(seen("Y-P4-V1"))
    session.handle_line("main")  # a private answer: the companion's own voice
    assert rec.speakers == [3, None]


def test_speech_commands_work_at_the_set_up_prompt_too(tmp_path: Path) -> None:
    rec = Recorder()
    session = Session(SessionOptions(record=tmp_path / "g.jsonl"), rec)
    session.open()
    for line in ("plus vite", "bref"):
        session.handle_line(line)
    calls = [c for c in rec.calls if c[0] != "keyboard_seat"]
    assert calls == [("faster", None), ("verbosity", "brief")] and not session.started


def test_requests_and_typed_cards_are_checked_and_a_typo_runs_on_yes(make_session, tmp_path: Path) -> None:
    """B3, B4, W2, A3: asking oneself is refused with the reason; "Fantome" without its accent is
    the Ghost; colours and the Ghost's open hand are said to me alone; a card typed that is not
    mine is refused and changes nothing; a typo's suggestion runs on "oui"."""
    session, rec = make_session(seats=3, me=0)
    while actions := session.game.table_actions(session.match.state, random.Random(1)):
        for action in actions:
            assert session.apply(action)
    before, played = session.match.state, len(record_actions(tmp_path / "game.jsonl"))
    rec.clear()
    session.handle_line("demande Nord")
    assert rec.lines == [(0, "Vous ne pouvez pas vous demander une carte à vous-même.")]
    rec.clear()
    for line in ("couleurs", "fantôme"):
        session.handle_line(line)
    assert [a for a, _ in rec.lines] == [0, 0]
    assert rec.texts(0)[0].startswith("Couleurs : Nord ") and "Fantôme " in rec.texts(0)[0]
    assert rec.texts(0)[1].startswith("Main du Fantôme : ")
    theirs = next(c for c in before.hands[1] if c.startswith("Y"))  # East's yellow card, typed by me
    rec.clear()
    session.handle_line(theirs)
    assert session.match.state is before and rec.lines and all(a == 0 for a, _ in rec.lines)
    assert len(record_actions(tmp_path / "game.jsonl")) == played
    rec.clear()
    session.handle_line("mian")
    session.handle_line("oui")
    assert rec.texts(0)[-1].startswith("Votre main : 1 : ")
    rec.clear()
    session.handle_line("demande Fantome")
    assert rec.lines == [("all", "Nord demande au Fantôme de jouer pour lui.")]
