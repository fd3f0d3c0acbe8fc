"""ISO 7064 MOD 37-36 check characters (hybrid system over 0-9A-Z).

It detects every single-character substitution and most adjacent transpositions.
"""

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_M = len(ALPHABET)


def _checksum(text: str) -> int:
    check = _M // 2
    for ch in text:
        check = (((check or _M) * 2) % (_M + 1) + ALPHABET.index(ch)) % _M
    return check


def check_char(text: str) -> str:
    """The check character to append to ``text`` (characters of ``ALPHABET`` only)."""
    return ALPHABET[(1 - ((_checksum(text) or _M) * 2) % (_M + 1)) % _M]


def is_valid(text_with_check: str) -> bool:
    """True when the last character is the right check for the rest."""
    if not text_with_check or any(ch not in ALPHABET for ch in text_with_check):
        return False
    return _checksum(text_with_check) == 1
