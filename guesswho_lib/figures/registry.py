"""The register of figures: each figure is a function ``make(fast: bool) -> matplotlib.figure.Figure``
registered with :func:`figure` (by :mod:`.gallery`), built from the same plotting functions the notebooks use.

:mod:`.build` draws and saves them (``python -m guesswho_lib figures``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["figure", "FIGURES", "FigureSpec"]


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
