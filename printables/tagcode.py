"""The camera tag's cells: AprilTag 36h11 as OpenCV's aruco module defines it.

A tag is 8 x 8 cells: a black border one cell wide around 6 x 6 data cells; it needs
white around it (the label's own white). OpenCV is imported when a matrix is asked for.
"""

from __future__ import annotations

import functools

TAG_FAMILY = "36h11"
TAG_CELLS = 8  # black border included; the white quiet zone around it is not


@functools.cache
def tag_matrix(tag: int) -> tuple[tuple[bool, ...], ...]:
    """The tag's cells, row by row from its top-left, True for black; ValueError if no such id."""
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)
    count = dictionary.bytesList.shape[0]
    if not 0 <= tag < count:
        raise ValueError(f"tag {tag} is not an AprilTag {TAG_FAMILY} id (0-{count - 1})")
    image = cv2.aruco.generateImageMarker(dictionary, tag, TAG_CELLS, borderBits=1)
    return tuple(tuple(bool(v < 128) for v in row) for row in image)
