"""The companion's eyes: frame sources, tag and QR decoders, the label tracker, seat zones, the grid reader,
the layout watcher (boards and grids).

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
from companion.vision.tracker import GONE, SEEN, SHOWN, UNKNOWN, CardEvent, LabelTracker, Zone
from companion.vision.watch import LayoutEvent, LayoutWatcher, watch_layout
from companion.vision.zones import SeatMap, ZoneError, calibrate, format_zones, parse_zones

__all__ = [
    "BACK",
    "DECODERS",
    "GONE",
    "LOST",
    "SEEN",
    "SHOWN",
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
    "LayoutEvent",
    "LayoutWatcher",
    "LiveReader",
    "Look",
    "ResilientSource",
    "SeatMap",
    "Shown",
    "SourceError",
    "SyntheticTable",
    "Zone",
    "ZoneError",
    "calibrate",
    "format_zones",
    "grid_script",
    "make_decoder",
    "open_live",
    "open_source",
    "parse_zones",
    "read_grid",
    "track_source",
    "watch_layout",
    "write_video",
]
