"""Draw and save every registered figure, deterministically, and write the gallery ``figures/README.md``.

Files are written as PNG and PDF with fixed metadata (no dates, no software versions), so regenerating them on the
same library versions changes no bytes (``python -m guesswho_lib figures``; the figures are in :mod:`.gallery`).
A figure with text outside its canvas (a clipped title, axis label or tick label) is refused (:func:`clipped_texts`).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from .registry import FIGURES

__all__ = ["save_deterministic", "figure_names", "make_all", "gallery_markdown", "clipped_texts", "ClippedFigure"]

_PNG_META = {"Software": None}
_PDF_META = {"Creator": None, "Producer": None, "CreationDate": None, "ModDate": None}


def save_deterministic(fig, stem: Path, formats=("png", "pdf"), dpi: int = 120) -> list[Path]:
    """Save ``fig`` as ``stem.png`` and ``stem.pdf`` with no timestamps or version strings.

    A file is only rewritten when its bytes change, so an unchanged figure keeps its mtime too."""
    import matplotlib

    paths = []
    with matplotlib.rc_context({"svg.hashsalt": "guesswho", "pdf.compression": 6}):
        for fmt in formats:
            buf = io.BytesIO()
            meta = _PNG_META if fmt == "png" else _PDF_META
            fig.savefig(buf, format=fmt, dpi=dpi, metadata=meta)
            path = Path(f"{stem}.{fmt}")
            data = buf.getvalue()
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
            paths.append(path)
    return paths


class ClippedFigure(ValueError):
    """A figure would be saved with text outside its canvas."""


def clipped_texts(fig) -> list[str]:
    """The texts of ``fig`` drawn (partly) outside its canvas: titles, axis labels, tick labels (of every axis,
    z included) and legends, each as "what: text".  Draws the figure with the Agg renderer."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height

    def outside(bb) -> bool:
        return bb is not None and (bb.x0 < -0.5 or bb.y0 < -0.5 or bb.x1 > width + 0.5 or bb.y1 > height + 0.5)

    found = []
    title = fig._suptitle if fig._suptitle is not None and fig._suptitle.get_text() else None
    for t in ([title] if title is not None else []) + list(fig.legends):
        if outside(t.get_window_extent(renderer)):
            found.append(f"figure title: {t.get_text()}" if t is title else "a figure legend")
    for ax in fig.axes:
        for what, t in (("title", ax.title), ("left title", ax._left_title), ("right title", ax._right_title)):
            if t.get_visible() and t.get_text() and outside(t.get_window_extent(renderer)):
                found.append(f"{what}: {t.get_text()}")
        for letter in "xyz":
            axis = getattr(ax, f"{letter}axis", None)
            if axis is not None and axis.get_visible() and outside(axis.get_tightbbox(renderer)):
                found.append(f"{letter} axis (label or tick labels): {axis.label.get_text()}")
        legend = ax.get_legend()
        if legend is not None and outside(legend.get_window_extent(renderer)):
            found.append(f"legend of the axes titled {ax.get_title()!r}")
    return found


def _register_all() -> None:
    from . import gallery  # noqa: F401 - registers the figures; imported only when needed (it loads matplotlib)


def figure_names() -> list[str]:
    """The names of every figure (file stems), in gallery order."""
    _register_all()
    return list(FIGURES)


def make_all(out: Path, fast: bool = False, only: str | None = None, progress=None) -> list[Path]:
    """Draw and save every figure (those whose name contains ``only``) into the folder ``out``; with
    ``only=None`` also the gallery ``README.md``.  ``progress(i, total, name)`` is called before each figure."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _register_all()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    specs = [s for s in FIGURES.values() if only is None or only in s.name]
    for i, spec in enumerate(specs):
        if progress:
            progress(i, len(specs), spec.name)
        with matplotlib.rc_context({"figure.dpi": 100, "font.family": "DejaVu Sans"}):
            fig = spec.make(fast)
            clipped = clipped_texts(fig)
            if clipped:
                plt.close(fig)
                raise ClippedFigure(f"figure {spec.name}: text outside the canvas: {'; '.join(clipped)}")
            written += save_deterministic(fig, out / spec.name)
            plt.close(fig)
    if only is None:
        (out / "README.md").write_text(gallery_markdown(), encoding="utf-8", newline="\n")
        written.append(out / "README.md")
    return written


def gallery_markdown() -> str:
    _register_all()
    lines = ["# Figures", "",
             "Regenerate them all with `python -m guesswho_lib figures --out figures/` (add `--fast` for small grids).",
             "Every figure is computed from exact values; the files are byte-for-byte reproducible.", ""]
    for spec in FIGURES.values():
        lines += [f"## {spec.title}", "", f"![{spec.title}]({spec.name}.png)", "",
                  spec.caption, "", f"Files: [`{spec.name}.png`]({spec.name}.png), [`{spec.name}.pdf`]({spec.name}.pdf)", ""]
    return "\n".join(lines).rstrip() + "\n"
