"""companion: a talking companion for physical card and board games played by blind players."""

__version__ = "0.1.0"
