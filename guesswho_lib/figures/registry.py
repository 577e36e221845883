"""``python -m guesswho_lib figures [--out figures/]``: regenerate every figure, deterministically.

Each figure is a function ``make(fast: bool) -> matplotlib.figure.Figure`` registered with :func:`figure`,
built from the same plotting functions the notebooks use (:mod:`guesswho_lib.plots.tables`).  Files are written
as PNG and PDF with fixed metadata (no dates, no software versions), so regenerating them on the same
library versions changes no bytes.  ``figures/README.md`` is the gallery, generated from the captions.
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..cli.main import command

__all__ = ["figure", "FIGURES", "save_deterministic", "make_all", "gallery_markdown"]


@dataclass(frozen=True)
class FigureSpec:
    name: str            # file stem, e.g. "nica-figure1"
    title: str
    caption: str         # what it shows, citing the paper and figure it reproduces or extends
    make: Callable


FIGURES: dict[str, FigureSpec] = {}


def figure(name: str, title: str, caption: str):
    """Register ``make(fast) -> Figure`` under ``name``."""
    def deco(make):
        if name in FIGURES:
            raise ValueError(f"figure {name!r} registered twice")
        FIGURES[name] = FigureSpec(name, title, caption, make)
        return make
    return deco


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


def _register_all() -> None:
    from . import gallery  # noqa: F401  (registers the figures)


def make_all(out: Path, fast: bool = False, only: str | None = None, progress=None) -> list[Path]:
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


@command("figures", "regenerate every figure (PNG and PDF, deterministic) and the gallery figures/README.md")
def _setup(p):
    p.add_argument("--out", default="figures", help="output folder (default: figures/)")
    p.add_argument("--fast", action="store_true", help="small grids (for tests)")
    p.add_argument("--only", default=None, help="only the figures whose name contains this text")

    def run(args) -> int:
        from ..cli.verify import _bar
        paths = make_all(Path(args.out), fast=args.fast, only=args.only, progress=_bar(sys.stderr))
        for pth in paths:
            print(pth)
        return 0
    return run
