"""Pictures of predetermined-question codes (Paz & Peterfreund, FUN 2022, Theorems 5, 8, 12); take an ``ax``.
"""

from __future__ import annotations

import numpy as np

from ..rules import plural

__all__ = ["plot_code"]

DONT_KNOW = "don't-know"


def plot_code(ax, code, names=None, *, title=None):
    """A predetermined-question code as a picture (Paz & Peterfreund, Theorems 5, 8, 12): one row per
    character, one column per question, dark = "yes".  The title gives the length and the minimum
    distance d (d - 1 "don't know" answers or floor((d-1)/2) lies are survived).  Returns the AxesImage."""
    words = np.array(code.words, dtype=float)
    im = ax.imshow(words, cmap="Greys", vmin=0, vmax=1, aspect="auto", interpolation="nearest")
    ax.set_xticks(range(code.length), [str(i + 1) for i in range(code.length)])
    ax.set_xlabel("question")
    labels = list(names) if names is not None else [str(i + 1) for i in range(code.size)]
    ax.set_yticks(range(code.size), labels, fontsize="x-small")
    d = code.min_distance()
    ax.set_title(title if title is not None else
                 f"{code.name}: {code.length} questions, d = {d}\n"
                 f"survives {plural(d - 1, DONT_KNOW)}, {plural((d - 1) // 2, 'lie')}", fontsize="small")
    return im
