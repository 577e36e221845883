"""A text alternative for a matplotlib figure: what it shows, in words, for a reader who cannot see it.

It is read from the figure itself (titles, axis labels, legends, colour bars, the kinds of artists), so every
figure of the lessons gets one without writing it by hand: the lessons' website puts it in the ``alt`` of the
picture, and the widgets' pictures carry it as theirs (the ``alt`` of their ``<img>``).
"""

from __future__ import annotations

__all__ = ["describe_figure"]


def _kind(ax) -> str:
    """What an axes draws, in a few words."""
    from matplotlib.collections import PathCollection
    from matplotlib.container import BarContainer

    kinds = []
    if getattr(ax, "name", "") == "3d":
        kinds.append("a 3D surface" if ax.collections else "a 3D plot")
    elif ax.images:
        kinds.append("a heat map")
    if any(isinstance(c, BarContainer) for c in ax.containers):
        kinds.append("a bar chart")
    if any(isinstance(c, PathCollection) for c in ax.collections):
        kinds.append("points")
    lines = [ln for ln in ax.lines if ln.get_visible()]
    curves = [ln for ln in lines if ln.get_linestyle() not in ("None", "", " ")]
    if curves and "a 3D plot" not in kinds:
        kinds.append("a curve" if len(curves) == 1 else f"{len(curves)} curves")
    elif lines:
        kinds.append("marked points")
    return " with ".join(kinds[:2]) if kinds else "a diagram"


def _axes_words(ax) -> str:
    """One axes: its title, what it draws, its axis labels and its legend."""
    parts = []
    title = ax.get_title() or ax.get_title("left")
    parts.append(f"{title!r}: {_kind(ax)}" if title else _kind(ax))
    labels = [("horizontal axis", ax.get_xlabel()), ("vertical axis", ax.get_ylabel())]
    if getattr(ax, "name", "") == "3d":
        labels.append(("height", ax.get_zlabel()))
    parts += [f"{where}: {text}" for where, text in labels if text]
    legend = ax.get_legend()
    if legend is not None:
        entries = [t.get_text() for t in legend.get_texts() if t.get_text()]
        if entries:
            parts.append("legend: " + ", ".join(entries))
    return "; ".join(parts)


def describe_figure(fig) -> str:
    """What the figure ``fig`` shows, in one or two sentences (its title, then each of its plots).

    >>> from matplotlib.figure import Figure
    >>> fig = Figure(); ax = fig.add_subplot()
    >>> _ = ax.plot([1, 2], [3, 4], label="official"); _ = ax.legend(); _ = ax.set(xlabel="N", title="P(N, N)")
    >>> describe_figure(fig)
    "Figure: 'P(N, N)': a curve; horizontal axis: N; legend: official."
    """
    colorbars = {id(cb.ax) for ax in fig.axes for cb in [getattr(im, "colorbar", None)
                                                          for im in [*ax.images, *ax.collections]] if cb}
    plots, scales = [], []
    for ax in fig.axes:
        if id(ax) in colorbars:
            label = ax.get_ylabel() or ax.get_xlabel()
            if label:
                scales.append(label)
        elif ax.get_visible():
            plots.append(_axes_words(ax))
    suptitle = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
    head = f"Figure: {suptitle}. " if suptitle else "Figure: "
    if len(plots) > 1:
        body = f"{len(plots)} plots. " + " ".join(f"({k}) {p}." for k, p in enumerate(plots, 1))
    else:
        body = (plots[0] + "." if plots else "a picture.")
    if scales:
        body += " Colour scale: " + ", ".join(scales) + "."
    return head + body
