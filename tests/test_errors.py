"""One error base: every exception class of the program derives from `CompanionError`, says
its reason in French and in English (`text(lang)`, ``str()`` the English), and every message
key a raise site names is in both languages of its layer's messages file."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import string
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from card_codes.errors import CompanionError, KeyedError

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("card_codes", "companion", "printables")
# The messages files of the layers: one table per language, the same keys in each.
CATALOGUES = ("card_codes/messages.toml", "companion/messages.toml", "companion/speech/messages.toml",
              "printables/messages.toml")
# Exceptions that stay outside the base, on purpose:
OUTSIDE = {
    # a verdict of the rules, said by the session or the command line with the game's phrasebook
    # (its reasons, seat and card names), which the pure engine may not import (engine/protocol.py)
    "companion.engine.protocol.Rejected",
    # a programming error: a missing phrase must fail the tests (COMPANION_STRICT_PHRASES), and one
    # that reached the guard is logged as the program's fault, not said as a reason (phrasebook.py)
    "companion.speech.phrasebook.MissingPhrase",
}


def modules() -> Iterator[Any]:
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield package
        for found in pkgutil.walk_packages(package.__path__, f"{name}."):
            if not found.name.endswith("__main__"):  # running it runs the program
                yield importlib.import_module(found.name)


def exception_classes() -> list[type[BaseException]]:
    seen: dict[str, type[BaseException]] = {}
    for module in modules():
        for obj in vars(module).values():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module.__name__:
                seen[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [seen[k] for k in sorted(seen)]


def qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def test_every_exception_of_the_program_derives_from_the_one_base() -> None:
    classes = exception_classes()
    assert len(classes) >= 25, [qualified(c) for c in classes]  # the program's, found
    outside = sorted(qualified(c) for c in classes if not issubclass(c, CompanionError))
    assert outside == sorted(OUTSIDE)
    abstract = [qualified(c) for c in classes if issubclass(c, CompanionError) and inspect.isabstract(c)
                and c is not CompanionError]
    assert abstract == []  # each says its text


def _samples() -> dict[str, Callable[[], CompanionError]]:
    """One instance of each error, as its raise sites make it (imports inside: the layers load lazily)."""
    from card_codes import DeckError, LabelError, LabelErrorKind
    from card_codes.errors import Words
    from card_codes.files import InputFileError
    from card_codes.tags import TagTableError
    from companion.braille.brlapi import BrlapiError
    from companion.braille.config import BrailleConfigError
    from companion.commands import CommandError
    from companion.config import ConfigError
    from companion.engine import Rejected
    from companion.engine.discovery import GameSetupError
    from companion.engine.match import ReplayError
    from companion.journal import RecordError
    from companion.messages import ProgramError
    from companion.speech.audience import SpeechError
    from companion.speech.config import RouteError
    from companion.speech.player import AudioError
    from companion.speech.synth import SynthError
    from companion.speech.voices import VoiceError
    from companion.vision.decoders import DecoderError
    from companion.vision.frames import SourceError
    from companion.vision.zones import ZoneError
    from companion.web.server import WebError
    from printables import LabelsError
    from printables.braille import BrailleError
    from printables.label import LabelFitError
    from printables.messages import PrintError
    from printables.sheets import SheetError

    return {qualified(cls): make for cls, make in [
        (DeckError, lambda: DeckError("deck.toml", "Y-1", "missing_attribute", attr="power")),
        (LabelError, lambda: LabelError(LabelErrorKind.OTHER_GAME, "XY.A1B", "other")),
        (InputFileError, lambda: InputFileError("deck.toml", "too_big", size=9, limit=4)),
        (TagTableError, lambda: TagTableError("overlap", file="deck.toml", first=0, last=40, most=586)),
        (KeyedError, lambda: TagTableError("overlap", file="d.toml", first=0, last=9, most=586)),  # a base
        (BrlapiError, lambda: BrlapiError("no_server", host=":0", reason=FileNotFoundError(2, "gone"))),
        (BrailleConfigError, lambda: BrailleConfigError("bad_mode", mode="maybe", choices="auto, on, off")),
        (CommandError, lambda: CommandError("two_meanings", file="c.toml", word="pose", first="a",
                                            second="b")),
        (ConfigError, lambda: ConfigError("lang", "bad_lang", choices="fr, en")),
        (GameSetupError, lambda: GameSetupError(no_deck=["alone"], no_package=["orphan"])),
        (ReplayError, lambda: ReplayError(3, Rejected("wrong_colour"))),
        (RecordError, lambda: RecordError("game.jsonl", 2, "bad_seq", found=4, expected=2)),
        (ProgramError, lambda: CommandError("common", file="c.toml", commands="aide")),
        (SpeechError, lambda: SynthError("no_audio")),
        (RouteError, lambda: RouteError("route", key="mars", reason=RouteError("no_device", route=":left"))),
        (AudioError, lambda: AudioError("cannot_open", device="table", detail="PortAudio error -9996")),
        (SynthError, lambda: SynthError("voice", reason=VoiceError("unknown_variant", variant="'zz9'",
                                                                   examples="f1, f2"))),
        (VoiceError, lambda: VoiceError("pitch_range", voice="f2:150", pitch=150, low=0, high=99)),
        (DecoderError, lambda: DecoderError("unknown", name="aztec", decoders="tag, zxing")),
        (SourceError, lambda: SourceError("no_camera", camera=0)),
        (ZoneError, lambda: ZoneError("same_place")),
        (LabelsError, lambda: LabelsError("on_sheet", sheet="avery-l7630", reason=LabelFitError(
            "braille", reason=BrailleError("no_table", lang="de", known="fr, en")))),
        (BrailleError, lambda: BrailleError("no_fit", card="Y-1", room=Words("no_room"),
                                            tried=[Words("tried", {"text": "ours", "cells": 4})])),
        (LabelFitError, lambda: LabelFitError("too_wide", card="Y-1", need=40.0, room=31.5)),
        (PrintError, lambda: SheetError("overlap", sheet="a4")),
        (SheetError, lambda: SheetError("unknown", name="x", known="a4, a5")),
        (WebError, lambda: WebError("port_taken", port=8730)),
    ]}


def said_ones() -> list[type[CompanionError]]:
    return [c for c in exception_classes() if issubclass(c, CompanionError) and c is not CompanionError]


@pytest.mark.parametrize("cls", said_ones(), ids=qualified)
def test_every_error_says_one_line_in_french_and_in_english(cls: type[CompanionError]) -> None:
    make = _samples().get(qualified(cls))
    assert make is not None, f"add a sample of {qualified(cls)} to this test"
    error = make()
    assert isinstance(error, cls)
    fr, en = error.text("fr"), error.text("en")
    assert str(error) == en
    for line in (fr, en):
        assert line.strip() and "\n" not in line
        assert not re.search(r"\{\w*[!:}]", line), line  # every placeholder filled
        assert not re.match(r"[a-z_]+\.[a-z_]+$", line), line  # a message, not its key
    assert fr != en, "the French line is French"
    assert not re.search(r"\w: ", fr), fr  # French typography: a space before the colon


def test_a_sample_of_each_error_says_french_words_in_french() -> None:
    from companion.speech.synth import SynthError
    from companion.speech.voices import VoiceError

    nested = SynthError("voice", reason=VoiceError("unknown_variant", variant="'zz9'", examples="f1, f2"))
    assert nested.text("fr") == "variante de voix inconnue 'zz9' ; par exemple : f1, f2"
    assert str(nested) == "unknown voice variant 'zz9'; for example: f1, f2"
    samples = _samples()
    labels = samples["printables.LabelsError"]()
    assert labels.text("fr") == ("Planche avery-l7630 : pas de table braille pour la langue « de » ; tables "
                                 "connues : fr, en. Choisissez une planche plus grande, ou --no-braille.")
    assert str(labels) == ("Sheet avery-l7630: no Braille table for language 'de'; known: fr, en. "
                           "Use a larger sheet, or --no-braille.")
    brlapi = samples["companion.braille.brlapi.BrlapiError"]()
    assert brlapi.text("fr") == "pas de serveur braille à :0 (dossier ou fichier introuvable)"  # os_reason


# -- the message keys --------------------------------------------------------------------------------


def _flat(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _catalogue(path: Path) -> dict[str, dict[str, Any]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {lang: _flat(data[lang]) for lang in ("fr", "en")}


def _fields(template: str) -> set[str]:
    return {name.split("!")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_messages_file_says_the_same_things_in_both_languages(name: str) -> None:
    fr, en = _catalogue(ROOT / name).values()
    assert sorted(set(fr) ^ set(en)) == []
    differ = [k for k in fr if isinstance(fr[k], str) and _fields(fr[k]) != _fields(en[k])]
    assert differ == [], "the same parameters in both languages"


def _strings(node: ast.expr) -> list[str]:
    """The keys a call's first argument may be: a string, or either string of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def _keys_raised() -> Iterator[tuple[str, str, str, bool]]:
    """(where, class, "area.key", in both languages) for each ``SomeKeyedError("key", ...)`` of the
    program, and each ``Words("key")``: a key of an error raised in the same module."""
    by_name = {c.__name__: c for c in exception_classes() if issubclass(c, KeyedError) and c.area}

    def known(cls: type[KeyedError], key: str) -> bool:
        return all(f"{cls.area}.{key}" in said for said in _catalogue(cls.messages_file).values())

    for module in modules():
        path = Path(module.__file__ or "")
        if path.suffix != ".py":
            continue
        raised: set[type[KeyedError]] = set()
        words: list[tuple[int, str]] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            keys = _strings(node.args[0])
            if name == "Words":
                words += [(node.lineno, key) for key in keys]
            elif name in by_name:
                cls = by_name[name]
                raised.add(cls)
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                yield from ((where, name, f"{cls.area}.{key}", known(cls, key)) for key in keys)
        for line, key in words:
            yield f"{path.relative_to(ROOT)}:{line}", "Words", key, any(known(cls, key) for cls in raised)


def test_every_key_a_raise_site_names_is_in_french_and_in_english() -> None:
    from card_codes.payload import LabelError, LabelErrorKind
    from companion.messages import MESSAGES_FILE
    from companion.speech.voices import VoiceError
    from printables.label import LabelFitError

    found = list(_keys_raised())
    assert len(found) > 80, len(found)  # the raise sites were seen
    assert [f"{where}: {name}({key!r})" for where, name, key, known in found if not known] == []
    # the keys made at run time: a label's kind, a voice's configuration message
    labels = _catalogue(LabelError.messages_file)
    assert all(f"label.{kind.value}" in said for kind in LabelErrorKind for said in labels.values())
    config = _catalogue(MESSAGES_FILE)
    assert all(f"config.{code}" in said for code in VoiceError.CODES.values() for said in config.values())
    voice = _catalogue(VoiceError.messages_file)
    assert all(f"voice.{key}" in said for key in VoiceError.CODES for said in voice.values())
    printed = _catalogue(LabelFitError.messages_file)
    assert all(f"fit.too_small_{code}" in said for code in ("qr", "tag") for said in printed.values())
    assert all(f"setup.{key}" in said for key in ("no_deck", "no_package", "sep") for said in config.values())
