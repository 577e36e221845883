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
import math
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
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (Flowable, KeepTogether, PageBreak, SimpleDocTemplate, Spacer, Table, TableStyle)
from reportlab.platypus import Paragraph as _Paragraph

from ..licence import notice

__all__ = ["A4", "mm", "STYLES", "inline", "paragraph", "table", "build", "PageBreak", "Spacer", "KeepTogether",
           "Paragraph", "GRID", "FONT", "grid_table", "part_row", "AnswerLines", "TEXT_WIDTH", "fraction_markup"]

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

# ---- built-up fractions ------------------------------------------------------------------------------------------
# reportlab's paragraphs set text on one line; a fraction is drawn by a callback at its place in the line (onDraw)
# and followed by a no-break space as wide as the fraction, so that the line keeps room for it.  The numerator and
# the denominator go into the paragraph's own text, with the plain text's brackets and slash unseen (render mode 3):
# the PDF's text reads "9/16", as the Markdown does, while the page shows 9 over 16.
_FRACTION = "fraction"
_FRACTIONS: dict = {}
_TAG = re.compile(r"<(/?)(i|b|super|sub)>")


def _runs(markup: str, size: float) -> list:
    """The markup of a numerator or a denominator as runs (text, font, size, rise)."""
    runs, italic, bold, level = [], False, False, 0
    pos = 0
    for m in list(_TAG.finditer(markup)) + [None]:
        text = html.unescape(markup[pos:m.start() if m else len(markup)])
        if text:
            face = FONT + ("-Bold" if bold else "") + ("-Italic" if italic and not bold else "")
            face = f"{FONT}-BoldItalic" if bold and italic else face
            runs.append((text, face, size * 0.72 if level else size, size * 0.38 * level))
        if m:
            on = not m.group(1)
            if m.group(2) == "i":
                italic = on
            elif m.group(2) == "b":
                bold = on
            else:
                level += (1 if on else -1) * (1 if m.group(2) == "super" else -1)
            pos = m.end()
    return runs


def _width(runs) -> float:
    return sum(pdfmetrics.stringWidth(t, f, s) for t, f, s, _ in runs)


def fraction_markup(numerator: str, denominator: str, unseen: tuple, size: float) -> str:
    """A built-up fraction in a paragraph's markup: ``numerator`` over ``denominator`` (markup, type ``size``), and
    ``unseen`` (the plain text's brackets and slash: before, between, after) in the text layer only."""
    key = f"f{len(_FRACTIONS)}"
    entry = (_runs(numerator, size), _runs(denominator, size), tuple(unseen), size)
    key = next((k for k, v in _FRACTIONS.items() if v == entry), key)
    _FRACTIONS[key] = entry
    width = max(_width(entry[0]), _width(entry[1])) + 0.3 * size
    unit = pdfmetrics.stringWidth("\xa0", FONT, 1)
    count = math.ceil(width / (unit * size))          # no-break spaces no larger than the fraction's type
    return (f'<onDraw name="{_FRACTION}" label="{key}"/><font size="{width / (unit * count):.3f}">'
            + "\xa0" * count + "</font>")


def _draw_fraction(canvas, kind, key) -> None:
    num, den, (before, between, after), size = _FRACTIONS[key]
    info = canvas._curr_tx_info
    tx, x, y = info["tx"], info["cur_x"], info["cur_y"]
    width = max(_width(num), _width(den)) + 0.3 * size
    axis = y + 0.3 * size
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.line(x + 0.05 * size, axis, x + width - 0.05 * size, axis)
    canvas.restoreState()

    def unseen(text, at):
        if text:
            tx.setTextOrigin(at, y)
            tx.setFont(FONT, size, tx._leading)
            tx.setTextRenderMode(3)
            tx.textOut(text)
            tx.setTextRenderMode(0)

    def put(runs, base):
        at = x + (width - _width(runs)) / 2
        for text, face, s, rise in runs:
            tx.setTextOrigin(at, base + rise)
            tx.setFont(face, s, tx._leading)     # the paragraph's leading kept
            tx.textOut(text)
            at += pdfmetrics.stringWidth(text, face, s)

    unseen(before, x)
    put(num, axis + 0.3 * size)
    unseen(between, x + width / 2)
    put(den, axis - 1.0 * size)
    unseen(after, x + width)
    tx.setTextOrigin(x, y)


class _Canvas(Canvas):
    """reportlab's canvas, with the callback that draws built-up fractions."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setNamedCB(_FRACTION, _draw_fraction)


_LOOSE: dict = {}


def Paragraph(markup: str, style, **kwargs) -> _Paragraph:
    """reportlab's paragraph; one that holds a built-up fraction has its lines further apart, to make room for it."""
    if f'name="{_FRACTION}"' in markup:
        if style.name not in _LOOSE:
            _LOOSE[style.name] = ParagraphStyle(f"{style.name}-fractions", parent=style,
                                                leading=style.leading + 0.75 * style.fontSize,
                                                spaceBefore=style.spaceBefore + 0.5 * style.fontSize)
        style = _LOOSE[style.name]
    return _Paragraph(markup, style, **kwargs)


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
        doc.build(list(story), onFirstPage=_footer(title), onLaterPages=_footer(title), canvasmaker=_Canvas)
    finally:
        if saved is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = saved
    return path
