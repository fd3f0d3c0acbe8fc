"""Images are measured before they are decoded: a small file can claim a huge picture.

A 124 KB PNG of 32000 × 32000 pixels decodes to gigabytes; a 65535 × 65535 one makes
OpenCV raise. `image_problem` reads only the file's header (PNG, JPEG, GIF, BMP, WebP,
TIFF) and refuses a picture wider or taller than MAX_SIDE, or a file that is not a
regular one. OpenCV's own pixel limit is lowered to the same size for the formats not
measured here (it is read when cv2 is first imported, hence set on import of this module).
"""

from __future__ import annotations

import os
import stat
import struct
from pathlib import Path

MAX_SIDE = 8000  # pixels; a 4K webcam frame is 3840 × 2160
MAX_IMAGE_BYTES = 256 * 1024 * 1024
HEADER_BYTES = 256 * 1024  # a JPEG's size may come after its EXIF block

os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_SIDE * MAX_SIDE))


def image_problem(path: Path | str) -> tuple[str, dict[str, object]] | None:
    """Why the image at ``path`` must not be decoded (a message key and its values), or None."""
    try:
        info = os.stat(path)
    except OSError:
        return ("missing", {})
    if not stat.S_ISREG(info.st_mode):
        return ("not_regular", {})
    if info.st_size > MAX_IMAGE_BYTES:
        return ("file_too_big", {"size": info.st_size, "limit": MAX_IMAGE_BYTES})
    try:
        with open(path, "rb") as f:
            head = f.read(HEADER_BYTES)
    except OSError:
        return ("missing", {})
    size = image_size(head)
    if size is not None and max(size) > MAX_SIDE:
        return ("too_large", {"width": size[0], "height": size[1], "most": MAX_SIDE})
    return None


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) from the first bytes of an image file; None if not measured."""
    try:
        if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
            return struct.unpack(">II", head[16:24])
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return struct.unpack("<HH", head[6:10])
        if head.startswith(b"BM"):
            width, height = struct.unpack("<ii", head[18:26])
            return abs(width), abs(height)
        if head.startswith(b"\xff\xd8"):
            return _jpeg_size(head)
        if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
            return _webp_size(head)
        if head[:4] in (b"II*\x00", b"MM\x00*"):
            return _tiff_size(head)
    except struct.error:
        return None
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    pos = 2
    while pos + 9 <= len(head):
        if head[pos] != 0xFF:
            return None
        marker = head[pos + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            pos += 1 if marker == 0xFF else 2
            continue
        length = struct.unpack(">H", head[pos + 2:pos + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # a start of frame
            height, width = struct.unpack(">HH", head[pos + 5:pos + 9])
            return width, height
        pos += 2 + length
    return None


def _webp_size(head: bytes) -> tuple[int, int] | None:
    kind = head[12:16]
    if kind == b"VP8X":
        width = int.from_bytes(head[24:27], "little") + 1
        height = int.from_bytes(head[27:30], "little") + 1
        return width, height
    if kind == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8 ":
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def _tiff_size(head: bytes) -> tuple[int, int] | None:
    order = "<" if head[:2] == b"II" else ">"
    offset = struct.unpack(order + "I", head[4:8])[0]
    count = struct.unpack(order + "H", head[offset:offset + 2])[0]
    found: dict[int, int] = {}
    for i in range(min(count, 512)):
        entry = head[offset + 2 + 12 * i: offset + 14 + 12 * i]
        tag, kind = struct.unpack(order + "HH", entry[:4])
        if tag in (256, 257):  # ImageWidth, ImageLength: SHORT or LONG
            fmt = "H" if kind == 3 else "I"
            found[tag] = struct.unpack(order + fmt, entry[8:8 + struct.calcsize(fmt)])[0]
    if 256 in found and 257 in found:
        return found[256], found[257]
    return None
