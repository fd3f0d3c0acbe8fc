"""Settings for the whole suite: the phrasebook is strict (a missing or broken phrase fails the
test that meets it, and the programs the tests start inherit it)."""

import os

from companion.speech.phrasebook import STRICT_ENV

os.environ[STRICT_ENV] = "1"
