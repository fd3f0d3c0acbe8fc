"""One module per game engine; each registers itself at its bottom."""
