"""SVG primitives every game's picture uses (private; generic: imports no game).

A game's ``svg`` module draws its own components on a :class:`Canvas` (subclassed with its
marks) and hands the tree to :func:`document`, which sizes it, titles it and writes it out. The
colours of ink, paper and lines are the same in every game's pictures.

>>> canvas = Canvas(None)
>>> node = canvas.element("rect", x=1, class_="piece", data_zone="pool")
>>> document(canvas.root, natural_width=100, height=40.4, width=50, title="A game")
'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" font-family="DejaVu Sans, Helvetica, \
Arial, sans-serif" viewBox="0 0 100 40" width="50" height="20"><title>A game</title><rect x="1" \
class="piece" data-zone="pool" /></svg>'
>>> ink_on("#ffffff") == INK, ink_on("#000000"), tint("#000000", 0.5)
(True, '#ffffff', '#808080')
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Generic, TypeVar

__all__ = ["INK", "LINE", "PAPER", "SVG_NS", "Canvas", "document", "ink_on", "tint"]

#: The SVG namespace.
SVG_NS = "http://www.w3.org/2000/svg"
#: Dark ink: text, outlines.
INK = "#23272b"
#: The background.
PAPER = "#fbfaf7"
#: Thin lines: boxes, spaces.
LINE = "#8a8f96"

_T = TypeVar("_T")


def ink_on(fill: str) -> str:
    """Dark or white letters, whichever reads better on ``fill`` (``#rrggbb``, by its
    luminance)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def tint(fill: str, white: float) -> str:
    """``fill`` (``#rrggbb``) mixed with white, ``white`` its share (0 to 1): the colour of an
    empty space."""
    rgb = [int(fill[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


class Canvas(Generic[_T]):
    """The SVG tree under construction, for a game's component ``table``; a game's subclass
    adds one method per kind of mark."""

    def __init__(self, table: _T) -> None:
        """An empty picture.

        Args:
            table: the game's component table (for the subclass's marks).
        """
        self.table = table
        self.root = ET.Element("svg", xmlns=SVG_NS, version="1.1")
        self.root.set("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif")

    def element(self, tag: str, parent: ET.Element | None = None, /, **attrs: object) -> ET.Element:
        """A new element under ``parent`` (default: the root), its attributes given as keywords
        (``font_size`` is ``font-size``, ``class_`` is ``class``).

        Args:
            tag: the element's tag.
            parent: where it goes.
            **attrs: its attributes, in order.

        Returns:
            The element.
        """
        node = ET.SubElement(self.root if parent is None else parent, tag)
        for key, value in attrs.items():
            node.set(key.rstrip("_").replace("_", "-"), str(value))
        return node


def document(
    root: ET.Element, *, natural_width: int, height: float, width: int | None, title: str
) -> str:
    """A picture as a standalone SVG document: its view box (the natural size), its size (scaled
    to ``width`` pixels wide when given, the height following) and its title first.

    Args:
        root: the picture's root element.
        natural_width: the width it is drawn at.
        height: the height it is drawn at.
        width: the width to show it at (default: the natural width).
        title: its title.

    Returns:
        The document.
    """
    root.set("viewBox", f"0 0 {natural_width} {height:.0f}")
    scale = 1.0 if width is None else width / natural_width
    root.set("width", str(width if width is not None else natural_width))
    root.set("height", str(round(height * scale)))
    heading = ET.Element("title")
    heading.text = title
    root.insert(0, heading)
    return ET.tostring(root, encoding="unicode")
