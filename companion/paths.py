"""The user's folders: configuration and data (`$COMPANION_HOME` when set, else XDG).

Its own module so that the configuration and the speech layer both find the folders
without importing each other.
"""

from __future__ import annotations

import os
from pathlib import Path


def config_dir() -> Path:
    """The folder of the user's configuration (and, by default, speech cache)."""
    if home := os.environ.get("COMPANION_HOME"):
        return Path(home)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion"


def data_dir() -> Path:
    """The folder of the user's data (game records)."""
    if home := os.environ.get("COMPANION_HOME"):
        return Path(home) / "data"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"
