"""The page layout the guide and the worksheets share: A4, Helvetica, reportlab's platypus, and a foot on
every page with the title, the page number and the content licence (:func:`guesswho_apps.licence.notice`).

reportlab is the standard Python library for laid-out PDF text (paragraphs that wrap, tables that split across
pages); ``invariant=True`` fixes the creation date and the document id, so the same input gives the same bytes.
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
from reportlab.lib.units import mm
from reportlab.platypus import (KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table,
                                TableStyle)

from ..licence import notice

__all__ = ["A4", "mm", "STYLES", "inline", "paragraph", "table", "build", "PageBreak", "Spacer", "KeepTogether",
           "Paragraph", "GRID"]

_base = getSampleStyleSheet()
STYLES = {
    "title": ParagraphStyle("title", parent=_base["Title"], fontSize=20, leading=24, spaceAfter=6),
    "h1": ParagraphStyle("h1", parent=_base["Heading1"], fontSize=16, leading=19, spaceBefore=4, spaceAfter=4),
    "h2": ParagraphStyle("h2", parent=_base["Heading2"], fontSize=12.5, leading=15, spaceBefore=8, spaceAfter=3,
                         keepWithNext=1),
    "body": ParagraphStyle("body", parent=_base["BodyText"], fontSize=10, leading=13.2, spaceAfter=3),
    "small": ParagraphStyle("small", parent=_base["BodyText"], fontSize=8.5, leading=10.5),
    "cell": ParagraphStyle("cell", parent=_base["BodyText"], fontSize=9, leading=11),
    "bullet": ParagraphStyle("bullet", parent=_base["BodyText"], fontSize=10, leading=13.2, leftIndent=12,
                             bulletIndent=2, spaceAfter=2),
}

#: a plain grid for tables to write in
GRID = [("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8"))]

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


def _footer(title: str):
    """The foot of every page: the title and the page number, and under them the content licence."""
    def draw(canvas, doc):
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.drawString(18 * mm, 10 * mm, title)
        canvas.drawRightString(A4[0] - 18 * mm, 10 * mm, f"page {doc.page}")
        canvas.setFont("Helvetica", 7)
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
