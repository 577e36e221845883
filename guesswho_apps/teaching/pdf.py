"""The page layout every PDF of the kit shares: A4, reportlab's platypus, and a foot on every page with the title,
the page number and the content licence (:func:`guesswho_apps.licence.notice`).

reportlab is the standard Python library for laid-out PDF text (paragraphs that wrap, tables that split across
pages); ``invariant=True`` fixes the creation date and the document id, so the same input gives the same bytes.
The type is Bitstream Vera, which reportlab ships (so every machine prints the same), embedded: it has the signs
mathematics needs (≤ ≥ ≠ − × ∞), which the PDF's built-in Helvetica lacks.
Text is the small HTML subset reportlab reads (``<b>``, ``<i>``, ``<font face="Courier">``), which
:func:`inline` makes from the guide's Markdown.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (Flowable, KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table,
                                TableStyle)

from ..licence import notice

__all__ = ["A4", "mm", "STYLES", "inline", "paragraph", "table", "build", "PageBreak", "Spacer", "KeepTogether",
           "Paragraph", "GRID", "FONT", "grid_table", "part_row", "AnswerLines", "TEXT_WIDTH"]

#: the type family (Bitstream Vera, shipped with reportlab): regular, bold, italic, bold italic
FONT = "Vera"
for _name, _file in ((FONT, "Vera.ttf"), (f"{FONT}-Bold", "VeraBd.ttf"), (f"{FONT}-Italic", "VeraIt.ttf"),
                     (f"{FONT}-BoldItalic", "VeraBI.ttf")):
    if _name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(_name, _file))
pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=f"{FONT}-Bold", italic=f"{FONT}-Italic",
                              boldItalic=f"{FONT}-BoldItalic")

_base = getSampleStyleSheet()


def _style(name, parent, **kw):
    bold = parent in ("Title", "Heading1", "Heading2", "Heading3")
    return ParagraphStyle(name, parent=_base[parent], fontName=f"{FONT}-Bold" if bold else FONT, **kw)


STYLES = {
    "title": _style("title", "Title", fontSize=19, leading=23, spaceAfter=6),
    "h1": _style("h1", "Heading1", fontSize=15, leading=18, spaceBefore=4, spaceAfter=4),
    "h2": _style("h2", "Heading2", fontSize=12, leading=15, spaceBefore=8, spaceAfter=3, keepWithNext=1),
    "h3": _style("h3", "Heading3", fontSize=10.5, leading=13, spaceBefore=5, spaceAfter=2, keepWithNext=1),
    "body": _style("body", "BodyText", fontSize=10, leading=13.4, spaceAfter=3),
    "p": _style("p", "BodyText", fontSize=10, leading=13.4, spaceAfter=3),
    "small": _style("small", "BodyText", fontSize=8.5, leading=10.8),
    "cell": _style("cell", "BodyText", fontSize=9, leading=11.2),
    "cell-center": _style("cell-center", "BodyText", fontSize=10, leading=12, alignment=TA_CENTER),
    "marks": _style("marks", "BodyText", fontSize=10, leading=13.4, alignment=TA_RIGHT),
    "display": _style("display", "BodyText", fontSize=10.5, leading=15, alignment=TA_CENTER, spaceBefore=2,
                      spaceAfter=5),
    "bullet": _style("bullet", "BodyText", fontSize=10, leading=13.4, leftIndent=12, bulletIndent=2, spaceAfter=2,
                     bulletFontName=FONT),
}

#: a plain grid for tables to write in
GRID = [("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTNAME", (0, 0), (-1, 0), f"{FONT}-Bold"),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8"))]

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def inline(text: str, code_tag: tuple[str, str] = ('<font face="Courier">', "</font>")) -> str:
    """Markdown's inline marks (``**bold**``, ``*italic*``, ```code```) as HTML tags; everything else escaped.

    >>> inline("**Ask** *first*: `gw.P(4, 4)` & <why>")
    '<b>Ask</b> <i>first</i>: <font face="Courier">gw.P(4, 4)</font> &amp; &lt;why&gt;'
    """
    parts = _CODE.split(text)
    out = []
    for k, part in enumerate(parts):
        if k % 2:
            out.append(code_tag[0] + html.escape(part, quote=False) + code_tag[1])
        else:
            part = html.escape(part, quote=False)
            part = _BOLD.sub(r"<b>\1</b>", part)
            out.append(_ITALIC.sub(r"<i>\1</i>", part))
    return "".join(out)


def paragraph(text: str, style: str = "body") -> Paragraph:
    """A paragraph of Markdown-marked text."""
    if style == "bullet":
        return Paragraph(inline(text), STYLES["bullet"], bulletText="\u2022")
    return Paragraph(inline(text), STYLES[style])


def table(rows, widths=None, style=(), header=True, height=None) -> Table:
    """A table of strings (or flowables) with a grid; ``height`` fixes every row's height (space to write)."""
    rows = [[Paragraph(("<b>%s</b>" if k == 0 and header else "%s") % inline(c), STYLES["cell"])
             if isinstance(c, str) and len(c) > 18 else c for c in row] for k, row in enumerate(rows)]
    t = Table(rows, colWidths=widths, rowHeights=height, repeatRows=1 if header else 0)
    t.setStyle(TableStyle((GRID if header else GRID[:2]) + list(style)))
    return t


#: the width of the text: the page less its margins and the frame's padding
TEXT_WIDTH = A4[0] - 36 * mm - 12


def grid_table(cells, widths=None, header=True, heights=None) -> Table:
    """A table of flowables with a grid (the header row shaded); ``heights`` fixes rows' heights (space to write).
    Widths wider than the text are scaled down to it."""
    if widths and sum(widths) > TEXT_WIDTH:
        widths = [w * TEXT_WIDTH / sum(widths) for w in widths]
    t = Table(cells, colWidths=widths, rowHeights=heights, repeatRows=1 if header else 0, hAlign="LEFT")
    style = list(GRID) if header else list(GRID[:3])
    style += [("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 3),
              ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    t.setStyle(TableStyle(style))
    return t


def part_row(markup: str, marks: str) -> Table:
    """An exam part: its text, and its marks at the right margin, as the boards print them."""
    t = Table([[Paragraph(markup, STYLES["body"]), Paragraph(marks, STYLES["marks"])]],
              colWidths=[TEXT_WIDTH - 16 * mm, 16 * mm], hAlign="LEFT")
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                           ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 2)]))
    return t


class AnswerLines(Flowable):
    """Space to answer: ``n`` dotted lines across the text width, 8 mm apart."""

    def __init__(self, n: int, gap: float = 8 * mm):
        super().__init__()
        self.n, self.gap = n, gap

    def wrap(self, available_width, available_height):
        self.width = available_width
        return available_width, self.n * self.gap + 2 * mm

    def draw(self):
        c = self.canv
        c.saveState()
        c.setStrokeColor(colors.HexColor("#9a9a9a"))
        c.setLineWidth(0.4)
        c.setDash(1, 2)
        for k in range(self.n):
            y = self.n * self.gap - (k + 1) * self.gap + 2 * mm
            c.line(0, y, self.width, y)
        c.restoreState()


def _footer(title: str):
    """The foot of every page: the title and the page number, and under them the content licence."""
    def draw(canvas, doc):
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.drawString(18 * mm, 10 * mm, title)
        canvas.drawRightString(A4[0] - 18 * mm, 10 * mm, f"page {doc.page}")
        canvas.setFont(FONT, 7)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(18 * mm, 6 * mm, notice("footer"))
        canvas.restoreState()
    return draw


#: The date every PDF records (2000-01-01 00:00 UTC, as seconds since 1970), whatever the environment says.
FIXED_DATE = "946684800"


def build(path, story: list, title: str, subject: str = "") -> Path:
    """Write ``story`` to an A4 PDF at ``path`` with fixed metadata (same story, same bytes)."""
    path = Path(path)
    doc = SimpleDocTemplate(str(path), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=18 * mm, title=title, author="guesswho_lib", subject=subject,
                            creator="guesswho_apps.teaching", producer="guesswho_apps.teaching (reportlab)",
                            invariant=True)
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_DATE     # reportlab's invariant date reads it: the same date always
    try:
        doc.build(list(story), onFirstPage=_footer(title), onLaterPages=_footer(title))
    finally:
        if saved is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = saved
    return path
