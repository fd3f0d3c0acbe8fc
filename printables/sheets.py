"""Label sheet templates as data (`sheets.toml`): page size and the exact place of every label."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from printables.messages import PrintError

SHEETS_FILE = Path(__file__).parent / "sheets.toml"
SHAPES = ("rect", "round")


class SheetError(PrintError, ValueError):
    """An unknown sheet name or a template whose geometry does not hold together
    (messages.toml, area ``sheet``)."""

    area = "sheet"


@dataclass(frozen=True)
class Cell:
    """One label position on the page, in mm from the page's top-left corner (y downwards)."""

    index: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Sheet:
    """A sheet of labels: page size and grid."""

    name: str
    title: str
    page: str
    page_width: float
    page_height: float
    shape: str
    width: float
    height: float
    columns: int
    rows: int
    left: float
    top: float
    pitch_x: float
    pitch_y: float
    source: str

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def cells(self) -> list[Cell]:
        """The label positions, row by row from the top-left, as a user counts them."""
        return [
            Cell(r * self.columns + c, self.left + c * self.pitch_x, self.top + r * self.pitch_y,
                 self.width, self.height)
            for r in range(self.rows)
            for c in range(self.columns)
        ]

    def check(self) -> None:
        """SheetError unless every label lies on the page and no two labels overlap."""
        if self.shape not in SHAPES:
            raise SheetError("bad_shape", sheet=self.name, shapes=", ".join(SHAPES))
        if self.shape == "round" and self.width != self.height:
            raise SheetError("round_not_square", sheet=self.name)
        if min(self.width, self.height, self.columns, self.rows) <= 0:
            raise SheetError("not_positive", sheet=self.name)
        if self.pitch_x < self.width or self.pitch_y < self.height:
            raise SheetError("overlap", sheet=self.name)
        right = self.left + (self.columns - 1) * self.pitch_x + self.width
        bottom = self.top + (self.rows - 1) * self.pitch_y + self.height
        if self.left < 0 or self.top < 0 or right > self.page_width or bottom > self.page_height:
            raise SheetError("past_edge", sheet=self.name)


def _parse(data: dict, name: str) -> Sheet:
    spec = data["sheets"][name]
    page = data["pages"][spec["page"]]
    sheet = Sheet(
        name=name, title=spec["title"], page=spec["page"],
        page_width=float(page["width"]), page_height=float(page["height"]),
        shape=spec["shape"], width=float(spec["width"]), height=float(spec["height"]),
        columns=int(spec["columns"]), rows=int(spec["rows"]),
        left=float(spec["left"]), top=float(spec["top"]),
        pitch_x=float(spec["pitch_x"]), pitch_y=float(spec["pitch_y"]), source=spec["source"],
    )
    sheet.check()
    return sheet


def _data(path: Path | None) -> dict:
    return tomllib.loads((path or SHEETS_FILE).read_text(encoding="utf-8"))


def default_sheet_name(path: Path | None = None) -> str:
    return str(_data(path)["default"])


def sheet_names(path: Path | None = None) -> list[str]:
    return list(_data(path)["sheets"])


def load_sheets(path: Path | None = None) -> list[Sheet]:
    """Every template, in file order."""
    data = _data(path)
    return [_parse(data, name) for name in data["sheets"]]


def load_sheet(name: str | None = None, path: Path | None = None) -> Sheet:
    """The named template (the default when None); SheetError naming the known ones."""
    data = _data(path)
    name = name or data["default"]
    if name not in data["sheets"]:
        raise SheetError("unknown", name=name, known=", ".join(data["sheets"]))
    return _parse(data, name)
