"""The companion's eyes: frame sources, QR decoders, the label tracker, the grid reader.

Importing this package loads no heavy library; OpenCV, zxing-cpp, pyzbar and segno are
imported inside the functions that use them.
"""

from companion.vision.decoders import DECODERS, Decoder, DecoderError, Detection, make_decoder
from companion.vision.frames import (
    CaptureSource,
    Frame,
    FrameSource,
    ImageFolderSource,
    SourceError,
    open_source,
)
from companion.vision.grid import Grid, read_grid
from companion.vision.live import (
    BACK,
    LOST,
    CameraEvent,
    LiveReader,
    ResilientSource,
    open_live,
    track_source,
)
from companion.vision.synthetic import Camera, Look, Shown, SyntheticTable, grid_script, write_video
from companion.vision.tracker import GONE, SEEN, UNKNOWN, CardEvent, LabelTracker, Zone

__all__ = [
    "BACK",
    "DECODERS",
    "GONE",
    "LOST",
    "SEEN",
    "UNKNOWN",
    "Camera",
    "CameraEvent",
    "CaptureSource",
    "CardEvent",
    "Decoder",
    "DecoderError",
    "Detection",
    "Frame",
    "FrameSource",
    "Grid",
    "ImageFolderSource",
    "LabelTracker",
    "LiveReader",
    "Look",
    "ResilientSource",
    "Shown",
    "SourceError",
    "SyntheticTable",
    "Zone",
    "grid_script",
    "make_decoder",
    "open_live",
    "open_source",
    "read_grid",
    "track_source",
    "write_video",
]
