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
    words: str | Callable[[], str]   # the caption, or a function computing it (its numbers read off the library)
    make: Callable

    @property
    def caption(self) -> str:
        """What the figure shows, citing the paper and figure it reproduces or extends; every number in it is
        computed by the library (or passed from the constants the figure is drawn with)."""
        return self.words() if callable(self.words) else self.words


FIGURES: dict[str, FigureSpec] = {}


def figure(name: str, title: str, caption):
    """Register ``make(fast) -> Figure`` under ``name``; ``caption`` is the text, or a function computing it."""
    def deco(make):
        if name in FIGURES:
            raise ValueError(f"figure {name!r} registered twice")
        FIGURES[name] = FigureSpec(name, title, caption, make)
        return make
    return deco
