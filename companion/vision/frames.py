"""Frame sources: a webcam, a network stream, a video file, a folder of images.

Every source hands out `Frame(index, t, image)` through `read()` (None when it has no
frame: the end of a file, or a camera that stopped) and is closed with `close()`.
Timestamps come from the source (file position, or the clock for live cameras), so
everything downstream is timed by frames, not by when the code happened to run.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.messages import ProgramError
from companion.vision.image_check import image_problem

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".tif", ".tiff", ".webp")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".m4v", ".mpg", ".mpeg")
WEBCAM_SIZE = (1280, 720)


@dataclass(frozen=True)
class Frame:
    """One image of a source, its number and its time in seconds from the source's start."""

    index: int
    t: float
    image: Any


class SourceError(ProgramError, OSError):
    """A source that cannot be opened or read; the message says which and why (companion/
    messages.toml, area ``source``)."""

    area = "source"


class FrameSource:
    """Base of every source: iterate, or call read() until it returns None."""

    name: str = "source"
    live: bool = False  # a camera (retry on failure) rather than a file (stop at the end)
    # its frames are drawn when read (the synthetic table): each is drawn once the decoder is free
    # for it, so none is drawn for nothing, none is dropped, and a slow machine slows its clock
    drawn: bool = False

    def read(self) -> Frame | None:
        raise NotImplementedError

    def close(self) -> None:
        """Release the device or file."""

    def __iter__(self) -> Iterator[Frame]:
        while (frame := self.read()) is not None:
            yield frame

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class CaptureSource(FrameSource):
    """cv2.VideoCapture on a webcam index, a stream URL or a video file."""

    def __init__(self, target: int | str, *, size: tuple[int, int] | None = None) -> None:
        # OpenCV's and FFmpeg's own warnings on a failed open would repeat at every retry;
        # the SourceError below says it once, in plain words
        os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
        import cv2

        self.target = target
        self.live = isinstance(target, int) or "://" in str(target)
        self.name = f"camera {target}" if isinstance(target, int) else str(target)
        if not self.live and not Path(str(target)).is_file():
            raise SourceError("no_video_file", path=target)
        log = cv2.utils.logging
        level = log.getLogLevel()
        log.setLogLevel(log.LOG_LEVEL_ERROR)
        try:
            self._cap = cv2.VideoCapture(target)
        finally:
            log.setLogLevel(level)
        if not self._cap.isOpened():
            self._cap.release()
            if isinstance(target, int):
                raise SourceError("no_camera", camera=target)
            raise SourceError("cannot_open" if self.live else "not_video", path=target)
        if isinstance(target, int):
            w, h = size or WEBCAM_SIZE
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, w)
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, h)
            self._cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not a backlog
        fps = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = fps if fps and fps > 0 else 30.0
        self._index = 0
        self._t0 = time.monotonic()

    def frame_count(self) -> int | None:
        import cv2

        n = int(self._cap.get(cv2.CAP_PROP_FRAME_COUNT))
        return None if self.live or n <= 0 else n

    def read(self) -> Frame | None:
        ok, image = self._cap.read()
        if not ok or image is None:
            return None
        i = self._index
        self._index += 1
        t = time.monotonic() - self._t0 if self.live else i / self.fps
        return Frame(i, t, image)

    def close(self) -> None:
        self._cap.release()


class ImageFolderSource(FrameSource):
    """The images of a folder (or a list of image files) in name order, ``fps`` apart.

    An image that cannot be read is skipped and listed in ``unreadable``.
    """

    def __init__(self, paths: Path | str | list[Path], fps: float = 1.0) -> None:
        if isinstance(paths, list):
            self.paths = paths
            self.name = "images"
        else:
            folder = Path(paths)
            if not folder.is_dir():
                raise SourceError("no_folder", path=folder)
            self.paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            self.name = str(folder)
        self.fps = fps
        self.unreadable: list[Path] = []
        self._pos = 0
        self._index = 0

    def read(self) -> Frame | None:
        while self._pos < len(self.paths):
            path = self.paths[self._pos]
            self._pos += 1
            image = read_image(path)
            if image is None:
                self.unreadable.append(path)
                continue
            i = self._index
            self._index += 1
            return Frame(i, i / self.fps, image)
        return None

    @property
    def current_path(self) -> Path | None:
        return self.paths[self._pos - 1] if self._pos else None


def read_image(path: Path | str) -> Any:
    """The image as BGR, or None when the file is missing, not an image (GIF included), or
    too large to decode (`image_problem` says why)."""
    import cv2

    path = Path(path)
    if not path.is_file() or image_problem(path) is not None:
        return None
    try:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    except cv2.error:  # beyond OpenCV's pixel limit, or a decoder's own failure
        return None
    if image is None and path.suffix.lower() == ".gif":  # imread may lack GIF; FFmpeg reads it
        cap = cv2.VideoCapture(str(path))
        ok, image = cap.read() if cap.isOpened() else (False, None)
        cap.release()
        image = image if ok else None
    return image


def open_source(spec: str | int) -> FrameSource:
    """A source from what a user types: a camera index, a URL, a video file or a folder."""
    if isinstance(spec, int) or (isinstance(spec, str) and spec.isdigit()):
        return CaptureSource(int(spec))
    path = Path(spec)
    if "://" in spec:
        return CaptureSource(spec)
    if path.is_dir():
        return ImageFolderSource(path)
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageFolderSource([path])
    return CaptureSource(spec)
