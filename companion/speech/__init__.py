"""Speech and sound: text output, synthesis cache, audio routes, earcons.

The live session uses one object::

    from companion.speech import Announcer, Priority, SpeechConfig

    config = SpeechConfig.load()                   # config.toml, or defaults
    ann = Announcer.from_config(config, lang="fr")
    # or: Announcer("fr", {"all": "table", 0: "seat_north", 2: "table:right"}, backend="builtin")
    ann.prebuild(card_names + seat_names)          # ahead of the game; progress on stderr if slow
    ann.announce("all", "Nord joue Esprit jaune 3.", speaker=0)  # public, in North's voice
    ann.announce(0, "Ta main : ...", Priority.URGENT)           # private: seat 0's route only
    ann.stop()                          # silence now (the keyboard seat's and the table's)
    ann.faster(); ann.slower()          # rate steps, said at the new rate
    ann.choose_verbosity("bref")        # a verbosity.Phrase is said in each audience's form
    ann.earcon("label_read", 0)       # label_read, label_refused, your_turn, trick_won, game_over
    ann.private_backlog(0)                         # seat 0's private messages not heard aloud
    ann.close()                                    # lets queued audio finish, releases devices

Rules it keeps:

- Every announcement is printed first, as one plain line on ``out`` (stdout):
  public and the keyboard seat's own as is (one screen, one seat); another seat's, where a
  screen shows every seat (a demo), as "Nord (privé) : ..." / "North (private): ...".
  No escape codes are ever written; control characters in texts are removed.
- ``backend``: "builtin" (pyttsx3 + espeak-ng WAVs, disk cache, sounddevice
  streams), "speechd" (``spd-say``; seats routed to "speechd" only), "text".
- Audience "all" or a seat number (or a seat name: "nord", "north").
  A private message with no working route is never played aloud: it is kept
  for ``private_backlog(seat)``.
- Priority: LOW, NORMAL, URGENT (0, 1, 2). URGENT drops queued (not started)
  lower-priority phrases of the same output; nothing is cut mid-phrase.
- A missing or lost device, or a synthesizer failure, is said once as a line
  of text; the game goes on in text. No call blocks for long (timeouts).
- ``announce`` and ``earcon`` never block on audio: a worker thread does it.
- Voices (``voices.py``, ``voices.toml``): a public line with a ``speaker`` seat in that
  seat's voice (and stereo place with ``pan``), everything else in the neutral one.
- ``stop`` empties the lanes at once (what the device buffered, one buffer, still sounds)
  and drops queued jobs; later announcements are spoken as usual.
- ``braille=BrailleConfig(...)``: the same lines go to a braille display (``companion.braille``).

Heavy libraries (pyttsx3, sounddevice, numpy) load only when speech is on.
The phrasebook (``phrasebook.py``, ``phrases/``) turns engine events into the
sentences given here.
"""

from __future__ import annotations

from typing import Any

from companion.speech.audience import PUBLIC, Priority
from companion.speech.config import Route, RouteError, SpeechConfig

__all__ = ["PUBLIC", "Announcer", "Priority", "Route", "RouteError", "SpeechConfig", "deck_phrases"]


def __getattr__(name: str) -> Any:
    if name == "Announcer":
        from companion.speech.announcer import Announcer

        return Announcer
    if name == "deck_phrases":
        from companion.speech.prebuild import deck_phrases

        return deck_phrases
    raise AttributeError(name)
