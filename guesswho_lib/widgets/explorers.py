"""Interactive explorers for the lessons, split into a model and a view.

* A *model* (``HeatmapModel``, ``MoveMapModel``, ``TrySplitModel``, ``ScaleModel``) is plain Python: it
  holds the state (rule set, board size, the highlighted state, ...), checks it, and computes everything
  that is shown, exactly.  Models are tested without any browser.
* A *view* (``HeatmapExplorer``, ``MoveMapExplorer``, ``TrySplit``, ``ScaleExplorer``) builds ipywidgets
  controls and one matplotlib figure, and only displays the model: moving a control sets the model, and
  the model's change redraws the figure.  Artists are created once and updated in place
  (``image.set_data``, ``marker.set_data``); the figure is rendered to PNG into an ``ipywidgets.Image``, which
  works in JupyterLab, Colab, Binder and Voila without any matplotlib widget backend.

In a notebook::

    import guesswho_lib as gw
    from guesswho_lib.widgets.explorers import HeatmapExplorer
    HeatmapExplorer(N=24)          # displays itself
"""

from __future__ import annotations

import io
import math
import time
from fractions import Fraction

import numpy as np

from ..plots import tables as plots
from ..game.rules import GUESS, RULES, check_int, get_rules
from ..game.solver import MAX_N, cached_solution

__all__ = ["HeatmapModel", "HeatmapExplorer", "MoveMapModel", "MoveMapExplorer", "TrySplitModel", "TrySplit",
           "ScaleModel", "ScaleExplorer", "format_move", "latex_fraction"]


def format_move(move) -> str:
    """'guess', or '[1 : 3]' for the question that splits your suspects into groups of 1 and 3."""
    return "guess" if move is GUESS else "[" + " : ".join(map(str, move)) + "]"


def latex_fraction(f: Fraction) -> str:
    """A fraction as LaTeX, e.g. ``\\frac{9}{16}``."""
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else rf"\frac{{{f.numerator}}}{{{f.denominator}}}"


class _Model:
    """Minimal observer pattern: views register a callback that runs after every change."""

    def __init__(self):
        self._listeners = []

    def on_change(self, callback):
        self._listeners.append(callback)

    def _changed(self):
        for cb in list(self._listeners):
            cb(self)


# ---- heat map of P(n, m) --------------------------------------------------------------------------
class HeatmapModel(_Model):
    """State of the heat map explorer: rule set, board size N and a highlighted state (n, m).

    >>> h = HeatmapModel("official", N=8, n=4, m=4)
    >>> h.P, [format_move(mv) for mv, _ in h.moves]
    (Fraction(9, 16), ['[1 : 3]'])
    >>> h.set(N=3).n, h.m          # the highlighted state is kept on the board
    (3, 3)
    """

    def __init__(self, rules="official", N=24, n=4, m=4, max_N=256):
        super().__init__()
        self.max_N = check_int(max_N, "max_N", 2, MAX_N)
        self.rules = get_rules(rules).name
        self.N = check_int(N, "N", 2, self.max_N)
        self.n = check_int(n, "n", 1, self.N)
        self.m = check_int(m, "m", 1, self.N)

    def set(self, rules=None, N=None, n=None, m=None):
        """Change any of the state; n and m are moved onto the board if N shrinks.  Returns self."""
        if rules is not None:
            self.rules = get_rules(rules).name
        if N is not None:
            self.N = check_int(N, "N", 2, self.max_N)
            self.n, self.m = min(self.n, self.N), min(self.m, self.N)
        if n is not None:
            self.n = check_int(n, "n", 1, self.N)
        if m is not None:
            self.m = check_int(m, "m", 1, self.N)
        self._changed()
        return self

    @property
    def solution(self):
        return cached_solution(self.rules, self.N)   # shared and grown by doubling: switching back is free

    @property
    def grid(self) -> np.ndarray:
        """``grid[n-1, m-1] = P(n, m)`` as floats, for the picture."""
        return plots.heatmap_grid(self.solution, self.N)

    @property
    def over(self) -> bool:
        """True when the game is already decided (or cannot occur) at the highlighted state."""
        r = get_rules(self.rules)
        return r.one_left_wins and (self.n == 1 or self.m == 1)

    @property
    def P(self):
        """Exact P(n, m) at the highlighted state (None where the state cannot occur)."""
        if get_rules(self.rules).one_left_wins and self.n == self.m == 1:
            return None
        return self.solution.P(self.n, self.m)

    @property
    def moves(self) -> list:
        """Every optimal move at the highlighted state with its exact value: [(move, Fraction), ...]."""
        if self.P is None:
            return []
        sol = self.solution
        return [(mv, sol.value(self.n, self.m, mv)) for mv in sol.optimal_moves(self.n, self.m)]

    def describe(self) -> str:
        """HTML text for the view: P(n, m) and the optimal moves."""
        n, m = self.n, self.m
        if self.P is None:
            return f"<b>(n, m) = ({n}, {m})</b>: cannot occur under the {self.rules!r} rules."
        head = (f"<b>(n, m) = ({n}, {m})</b>, {self.rules} rules: "
                f"$P({n}, {m}) = {latex_fraction(self.P)}$ &asymp; {float(self.P):.4f}")
        if self.over:
            who = "you have won" if n == 1 else "your opponent has won"
            return head + f"<br>The game is already over: {who}."
        items = "".join(f"<li>{format_move(mv)}: ${latex_fraction(v)}$</li>" for mv, v in self.moves)
        return head + f"<br>Optimal moves:<ul style='margin:0'>{items}</ul>"


class _FigureView:
    """A matplotlib Figure rendered to PNG into an ipywidgets.Image, plus controls around it."""

    def __init__(self, figsize=(5.2, 4.4), dpi=72):
        import ipywidgets as W
        from matplotlib.figure import Figure
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        FigureCanvasAgg(self.fig)
        self.image = W.Image(format="png")
        self.last_update_seconds = 0.0
        self._syncing = False
        self._layout_frozen = False
        self._background = None

    def _bind(self, controls: dict):
        """Send each control's new value to ``model.set(key=value)``, and redraw whenever the model changes.
        While :meth:`update` copies the model back into the controls (``_syncing``), nothing is sent."""
        for key, w in controls.items():
            w.observe(lambda ch, key=key: None if self._syncing else self.model.set(**{key: ch["new"]}), names="value")
        self.model.on_change(lambda _: self.update())

    def render(self, overlay=()):
        """Draw the figure and put the PNG into the Image widget.

        The layout is computed on the first render only (constrained layout costs as much as drawing),
        then frozen.  ``overlay`` artists (e.g. a marker) are left out of the full drawing, which is kept
        as a background, and drawn on top; :meth:`render_overlay` then only redraws them (blitting)."""
        canvas = self.fig.canvas
        for a in overlay:
            a.set_visible(False)
        canvas.draw()
        if self.fig.get_layout_engine() is not None and not self._layout_frozen:
            self.fig.set_layout_engine("none")
            self._layout_frozen = True
        self._background = canvas.copy_from_bbox(self.fig.bbox) if overlay else None
        for a in overlay:
            a.set_visible(True)
            a.axes.draw_artist(a)
        self._encode()

    def render_overlay(self, overlay):
        """Redraw only the ``overlay`` artists over the background saved by :meth:`render`."""
        if self._background is None:
            return self.render(overlay)
        self.fig.canvas.restore_region(self._background)
        for a in overlay:
            a.axes.draw_artist(a)
        self._encode()

    def _encode(self):
        from PIL import Image
        canvas = self.fig.canvas
        buf = io.BytesIO()
        Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba()).save(
            buf, format="png", compress_level=1)
        self.image.value = buf.getvalue()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


class HeatmapExplorer(_FigureView):
    """Heat map of P(n, m) with a rule-set menu, a board-size slider and a highlighted state whose
    optimal moves are listed with their exact values.  ``.model`` is a :class:`HeatmapModel`."""

    def __init__(self, rules="official", N=24, n=4, m=4, max_N=128, model=None):
        import ipywidgets as W

        super().__init__()
        self.model = model if model is not None else HeatmapModel(rules, N, n, m, max_N=max_N)
        md = self.model
        self.rules = W.Dropdown(options=list(RULES), value=md.rules, description="rules")
        self.N = W.IntSlider(value=md.N, min=2, max=md.max_N, description="board N", continuous_update=False)
        self.n = W.IntSlider(value=md.n, min=1, max=md.N, description="n (yours)")
        self.m = W.IntSlider(value=md.m, min=1, max=md.N, description="m (theirs)")
        self.info = W.HTMLMath()   # renders the $...$ fractions
        ax = self.fig.add_subplot()
        self.ax = ax
        self.im = plots.plot_heatmap(ax, md.solution, md.N)
        self.marker = plots.mark_state(ax, md.n, md.m)
        self._drawn = None
        self._bind({"rules": self.rules, "N": self.N, "n": self.n, "m": self.m})
        self.widget = W.HBox([W.VBox([self.rules, self.N, self.n, self.m, self.info]), self.image])
        self.update()

    def update(self):
        """Show the model: new image data, the marker moved, the moves listed (no redraw of the axes)."""
        t0 = time.perf_counter()
        md = self.model
        self._syncing = True
        try:
            self.rules.value = md.rules
            self.N.value = md.N
            self.n.max = self.m.max = md.N
            self.n.value, self.m.value = md.n, md.m
        finally:
            self._syncing = False
        N = md.N
        self.marker.set_data([md.m], [md.n])
        self.info.value = md.describe()
        if self._drawn == (md.rules, N):
            self.render_overlay([self.marker])      # only the marker moved: blit it
        else:
            self.im.set_data(md.grid)               # same artist, new data: no new axes or image
            self.im.set_extent((0.5, N + 0.5, 0.5, N + 0.5))
            self.ax.set_xlim(0.5, N + 0.5)
            self.ax.set_ylim(0.5, N + 0.5)
            self.ax.set_title(f"P(n, m), {md.rules} rules")
            self.render([self.marker])
            self._drawn = (md.rules, N)
        self.last_update_seconds = time.perf_counter() - t0


# ---- map of the optimal question ----------------------------------------------------------------------
def _default_candidates(rules: str) -> tuple[dict, str]:
    """Named rules of thumb for the move map of a rule set, and the name of the 'theorem' rule whose
    failures are highlighted.  They come from the modules that state them (Cushing et al., Nica)."""
    r = get_rules(rules)
    halving = ("halving", lambda n, m: n // 2 if n >= 2 else None)
    if r.name == "nica":
        try:
            from ..papers.nica import bold_bid, in_the_weeds
        except ImportError:   # guesswho_lib.papers.nica not available: halving only
            return dict([halving]), ""
        bold = ("bold bid 2^k (weeds)", lambda n, m: bold_bid(n, m) if in_the_weeds(n, m) is not None else None)
        return dict([bold, halving]), "Nica, Theorem 1.1"
    from ..papers.cushing import n_less
    guess = ("guess", lambda n, m: GUESS if r.guess is not None else None)
    nl = ("n_< (Theorem 2.1)", lambda n, m: n_less(n) if n >= 2 else None)
    return dict([guess, nl, halving]), "Theorem 2.1 without its exceptions"


def _theorem_move(rules: str):
    """The generic rule of the paper for this rule set, as (n, m) -> move, or None if there is none."""
    r = get_rules(rules)
    if r.name == "nica":
        try:
            from ..papers.nica import nica_bold
        except ImportError:
            return None
        return lambda n, m: nica_bold(n, m)
    if r.name in ("official",):
        from ..papers.cushing import n_less
        return lambda n, m: GUESS if n == 1 or m == 1 else n_less(n)
    return None


class MoveMapModel(_Model):
    """State of the move-map explorer: rule set, N, and what the colour shows.

    ``mode="fraction"``: colour = (smallest group of the optimal split) / n (``pick`` chooses between
    several optimal splits); ``mode="rules"``: colour = which rule of thumb is optimal (guess, n_<, halving,
    or Nica's bold bid).  ``exceptions`` lists the states where the paper's generic rule is NOT optimal,
    computed from the exact solution (for the official rules: Theorem 2.1's n_< without its exceptions).
    """

    MODES = ("fraction", "rules")
    PICKS = ("most_balanced", "boldest")

    def __init__(self, rules="official", N=24, mode="fraction", pick="most_balanced", max_N=256):
        super().__init__()
        self.max_N = check_int(max_N, "max_N", 2, MAX_N)
        self.rules = get_rules(rules).name
        self.N = check_int(N, "N", 2, self.max_N)
        self.mode = self._check_choice(mode, "mode", self.MODES)
        self.pick = self._check_choice(pick, "pick", self.PICKS)
        self._cache = {}

    @staticmethod
    def _check_choice(value, name, allowed):
        if value not in allowed:
            raise ValueError(f"{name} must be one of {allowed}, got {value!r}")
        return value

    def set(self, rules=None, N=None, mode=None, pick=None):
        if rules is not None:
            self.rules = get_rules(rules).name
        if N is not None:
            self.N = check_int(N, "N", 2, self.max_N)
        if mode is not None:
            self.mode = self._check_choice(mode, "mode", self.MODES)
        if pick is not None:
            self.pick = self._check_choice(pick, "pick", self.PICKS)
        self._changed()
        return self

    @property
    def solution(self):
        return cached_solution(self.rules, self.N)

    def data(self):
        """(grid, labels): float grid for mode 'fraction' (labels None), category grid and names for 'rules'."""
        key = (self.rules, self.N, self.mode, self.pick)
        if key not in self._cache:
            if self.mode == "fraction":
                self._cache[key] = (plots.move_map_data(self.solution, self.N, self.pick), None)
            else:
                cands, _ = _default_candidates(self.rules)
                cat, names = plots.move_categories(self.solution, cands, self.N)
                self._cache[key] = (np.where(cat < 0, np.nan, cat.astype(float)), names)
        return self._cache[key]

    @property
    def exceptions(self) -> list:
        """States (n, m) <= N where the paper's generic rule is not optimal ([] if the rules have none)."""
        key = ("exceptions", self.rules, self.N)
        if key not in self._cache:
            move = _theorem_move(self.rules)
            if move is None:
                self._cache[key] = []
            else:
                cat, _ = plots.move_categories(self.solution, {"theorem": move}, self.N)
                self._cache[key] = [(n + 1, m + 1) for n, m in zip(*np.nonzero(cat == 1))]
        return self._cache[key]


class MoveMapExplorer(_FigureView):
    """The optimal-move map with a rule-set menu, a board-size slider and a colour-mode menu; the states
    where the paper's generic rule fails are ringed in red."""

    def __init__(self, rules="official", N=24, mode="fraction", pick="most_balanced", max_N=128, model=None):
        import ipywidgets as W
        from matplotlib.colors import ListedColormap

        super().__init__(figsize=(6.4, 4.6))
        self.model = model if model is not None else MoveMapModel(rules, N, mode, pick, max_N=max_N)
        md = self.model
        self.rules = W.Dropdown(options=list(RULES), value=md.rules, description="rules")
        self.N = W.IntSlider(value=md.N, min=2, max=md.max_N, description="board N", continuous_update=False)
        self.mode = W.Dropdown(options=[("smallest group / n", "fraction"), ("which rule is optimal", "rules")],
                               value=md.mode, description="colour")
        self.pick = W.Dropdown(options=[("most balanced optimal split", "most_balanced"),
                                        ("boldest optimal split", "boldest")], value=md.pick, description="if tied")
        self.info = W.HTML()
        self.ax = self.fig.add_subplot()
        self._palette = ["#4c72b0", "#55a868", "#dd8452", "#c44e52"]
        self._cmaps = {"fraction": "magma", "rules": ListedColormap(self._palette)}
        grid, _ = md.data()
        self.im = self.ax.imshow(grid, origin="lower", interpolation="nearest", aspect="equal")
        self.ring = plots.mark_states(self.ax, [])
        self.cbar = self.fig.colorbar(self.im, ax=self.ax, shrink=0.85)
        self._bind({"rules": self.rules, "N": self.N, "mode": self.mode, "pick": self.pick})
        self.widget = W.HBox([W.VBox([self.rules, self.N, self.mode, self.pick, self.info]), self.image])
        self.update()

    def update(self):
        t0 = time.perf_counter()
        md = self.model
        self._syncing = True
        try:
            self.rules.value, self.N.value, self.mode.value, self.pick.value = md.rules, md.N, md.mode, md.pick
        finally:
            self._syncing = False
        N = md.N
        grid, labels = md.data()
        self.im.set_data(grid)
        self.im.set_extent((0.5, N + 0.5, 0.5, N + 0.5))
        if labels is None:
            self.im.set_cmap("magma")
            self.im.set_clim(0.0, 0.5)
            self.cbar.set_ticks([0, 0.125, 0.25, 0.375, 0.5], labels=["guess", "1/8", "1/4", "3/8", "1/2"])
            self.cbar.set_label("smallest group / n")
        else:
            from matplotlib.colors import ListedColormap
            self.im.set_cmap(ListedColormap(self._palette[:len(labels) - 1] + ["#c44e52"]))
            self.im.set_clim(-0.5, len(labels) - 0.5)
            self.cbar.set_ticks(list(range(len(labels))), labels=labels)
            self.cbar.set_label("")
        self.ax.set_xlim(0.5, N + 0.5)
        self.ax.set_ylim(0.5, N + 0.5)
        self.ax.set_xlabel("m = opponent's suspects")
        self.ax.set_ylabel("n = your suspects (you move)")
        self.ax.set_title(f"optimal question, {md.rules} rules")
        exc = md.exceptions
        self.ring.set_data([m for _, m in exc], [n for n, _ in exc])
        _, theorem = _default_candidates(md.rules)
        if exc:
            self.info.value = (f"Red squares: where {theorem or 'the generic rule'} is <b>not</b> optimal: "
                               + ", ".join(f"({n}, {m})" for n, m in exc[:12]) + (" ..." if len(exc) > 12 else ""))
        elif _theorem_move(md.rules) is not None:
            self.info.value = f"{theorem}: optimal at every state with n, m &le; {N}."
        else:
            self.info.value = "No generic rule from the papers for these rules: nothing is ringed."
        self.render()
        self.last_update_seconds = time.perf_counter() - t0


# ---- the (4, 4) activity: try a split ------------------------------------------------------------------
class TrySplitModel(_Model):
    """A student's decision at (n, m): k = 0 is a guess, 1 <= k <= n/2 asks about a group of k.

    >>> t = TrySplitModel(4, 4, k=2)
    >>> t.value, t.best, t.best_decisions
    (Fraction(1, 2), Fraction(9, 16), [1])
    >>> t.set(k=1).is_best
    True
    """

    def __init__(self, n=4, m=4, k=2, rules="official", max_n=24):
        super().__init__()
        self.max_n = check_int(max_n, "max_n", 2, 1024)
        self.rules = get_rules(rules).name
        self.n = check_int(n, "n", 2, self.max_n)
        self.m = check_int(m, "m", 2 if get_rules(rules).one_left_wins else 1, self.max_n)
        self.k = self._check_k(k)

    def _check_k(self, k):
        lo = 0 if get_rules(self.rules).guess is not None else 1
        return check_int(k, "k", lo, self.n // 2)

    def set(self, n=None, m=None, k=None, rules=None):
        """Change the state or the decision; k is clamped to 0..n/2 when n changes.  Returns self."""
        if rules is not None:
            self.rules = get_rules(rules).name
        if n is not None:
            self.n = check_int(n, "n", 2, self.max_n)
        if m is not None:
            self.m = check_int(m, "m", 2 if get_rules(self.rules).one_left_wins else 1, self.max_n)
        lo = 0 if get_rules(self.rules).guess is not None else 1
        self.k = min(max(self.k, lo), self.n // 2)
        if k is not None:
            self.k = self._check_k(k)
        self._changed()
        return self

    @property
    def solution(self):
        return cached_solution(self.rules, max(self.n, self.m))

    @property
    def move(self):
        return GUESS if self.k == 0 else (self.k, self.n - self.k)

    @property
    def values(self) -> dict:
        """Exact value of every decision k at (n, m)."""
        return plots.split_values(self.solution, self.n, self.m)

    @property
    def value(self) -> Fraction:
        return self.solution.value(self.n, self.m, self.move)

    @property
    def best(self) -> Fraction:
        return self.solution.P(self.n, self.m)

    @property
    def best_decisions(self) -> list:
        return [k for k, v in self.values.items() if v == self.best]

    @property
    def is_best(self) -> bool:
        return self.value == self.best

    def explain(self) -> str:
        """The fundamental recurrence with the numbers filled in (HTML with $...$ LaTeX, for HTMLMath)."""
        n, m, k = self.n, self.m, self.k
        sol = self.solution
        lf = latex_fraction
        if k == 0:
            if get_rules(self.rules).guess == "lose":
                calc = (f"Guess: right with probability $\\frac{{1}}{{{n}}}$, and a wrong guess loses, so your chance "
                        f"is ${lf(self.value)}$.")
            else:
                calc = f"Guess: your chance is ${lf(self.value)}$."
        else:
            a, b = k, n - k
            one_left_wins = get_rules(self.rules).one_left_wins

            def opp(g):   # under Nica's rules P(m, 1) = 0 for m >= 2: you are down to one suspect and have won
                note = " (you are down to one suspect: you have won)" if one_left_wins and g == 1 else ""
                return f"$P({m}, {g}) = {lf(sol.P(m, g))}${note}"
            calc = (f"Ask about a group of {a}: with probability $\\frac{{{a}}}{{{n}}}$ your opponent moves from "
                    f"({m}, {a}), where {opp(a)}; with probability $\\frac{{{b}}}{{{n}}}$ from ({m}, {b}), where "
                    f"{opp(b)}.<br>Your chance: $1 - \\frac{{{a}}}{{{n}}} \\cdot {lf(sol.P(m, a))} - "
                    f"\\frac{{{b}}}{{{n}}} \\cdot {lf(sol.P(m, b))} = {lf(self.value)}$")
        verdict = ("<span style='color:green'><b>This is an optimal decision.</b></span>" if self.is_best else
                   f"<span style='color:#c44e52'><b>Not optimal:</b></span> the best is ${lf(self.best)}$, with "
                   + " or ".join("guess" if d == 0 else f"k = {d}" for d in self.best_decisions))
        return f"<b>(n, m) = ({n}, {m})</b>, decision k = {k}<br>{calc}<br>{verdict}"


class TrySplit(_FigureView):
    """The classroom activity "you both have four suspects left: what do you ask?": pick n, m and a
    decision k (0 = guess), see its exact value, compared with every other decision and the best."""

    def __init__(self, n=4, m=4, k=2, rules="official", max_n=24, model=None):
        import ipywidgets as W

        super().__init__(figsize=(5.0, 3.4))
        self.model = model if model is not None else TrySplitModel(n, m, k, rules, max_n)
        md = self.model
        lo_m = 2 if get_rules(md.rules).one_left_wins else 1
        self.n = W.IntSlider(value=md.n, min=2, max=md.max_n, description="n (yours)")
        self.m = W.IntSlider(value=md.m, min=lo_m, max=md.max_n, description="m (theirs)")
        self.k = W.IntSlider(value=md.k, min=0 if get_rules(md.rules).guess else 1, max=md.n // 2,
                             description="decision k")
        self.info = W.HTMLMath()
        self.ax = self.fig.add_subplot()
        self._bind({"n": self.n, "m": self.m, "k": self.k})
        self.widget = W.VBox([W.HBox([W.VBox([self.n, self.m, self.k]), self.image]), self.info])
        self.bars = None
        self.update()

    def update(self):
        t0 = time.perf_counter()
        md = self.model
        self._syncing = True
        try:
            self.k.max = md.n // 2
            self.n.value, self.m.value, self.k.value = md.n, md.m, md.k
        finally:
            self._syncing = False
        self.ax.clear()   # the number of bars changes with n: a small chart, redrawn
        self.bars = plots.plot_split_values(self.ax, md.solution, md.n, md.m, chosen=md.k)
        self.info.value = md.explain()
        self.render()
        self.last_update_seconds = time.perf_counter() - t0


# ---- lesson 04: the same picture at every scale --------------------------------------------------------
class ScaleModel(_Model):
    """Exact P under Nica's rules on the window 2^s <= n, m <= 2^(s+2), drawn in units of 2^s.

    ``s`` is log2 of the scale.  Nica (section 1.2) says P(n, m) = p_inf(n, m) + O(1/(nm)) with p_inf
    unchanged when both pools double, so the picture at s and at s + 1 should look alike, and more so
    as s grows.  ``grid`` holds P on the window; ``limit`` holds p_inf at the same points (from
    :mod:`guesswho_lib.papers.nica`).
    """

    def __init__(self, s=3.0, rules="nica", points=None, max_s=7.0):
        super().__init__()
        self.rules = get_rules(rules).name
        self.max_s = float(max_s)
        self.points = points
        self.s = self._check_s(s)

    def _check_s(self, s):
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not 1.0 <= s <= self.max_s:
            raise ValueError(f"s must be a number between 1 and {self.max_s}, got {s!r}")
        return float(s)

    def set(self, s=None, rules=None):
        if rules is not None:
            self.rules = get_rules(rules).name
        if s is not None:
            self.s = self._check_s(s)
        self._changed()
        return self

    @property
    def window(self) -> tuple[int, int]:
        lo = max(2, math.ceil(2 ** self.s))
        return lo, math.floor(2 ** (self.s + 2))

    @property
    def scale(self) -> float:
        return 2 ** self.s

    @property
    def grid(self) -> np.ndarray:
        """``grid[i, j] = P(lo + i, lo + j)`` over the window (floats, for the picture)."""
        lo, hi = self.window
        sol = cached_solution(self.rules, hi)
        return sol.prob[lo:hi + 1, lo:hi + 1]

    @property
    def limit(self) -> np.ndarray:
        """p_inf at the same integer points (Nica, Definition 3.4), as floats, from the exact integer table
        3*n*m*p_inf(n, m) of :func:`guesswho_lib.papers.nica.p_inf_table`."""
        from ..papers.nica import p_inf_table
        lo, hi = self.window
        k = np.arange(lo, hi + 1, dtype=np.float64)
        return p_inf_table(hi)[lo:hi + 1, lo:hi + 1] / (3.0 * np.outer(k, k))

    @property
    def scaled_gap(self) -> np.ndarray:
        """n m (P(n, m) - p_inf(n, m)) over the window: Remark 3.10 says it is -2/3 in the weeds, 4/3 with
        the upper hand (computed here from the exact integer tables, so it is exact up to float rounding)."""
        from ..papers.nica import p_inf_table
        lo, hi = self.window
        A = cached_solution(self.rules, hi).A[lo:hi + 1, lo:hi + 1].astype(np.float64)
        return (3 * A - p_inf_table(hi)[lo:hi + 1, lo:hi + 1]) / 3.0

    @property
    def extent(self):
        lo, hi = self.window
        u = self.scale
        return ((lo - 0.5) / u, (hi + 0.5) / u, (lo - 0.5) / u, (hi + 0.5) / u)


class ScaleExplorer(_FigureView):
    """Slider over s = log2(scale): exact P(n, m) on 2^s <= n, m <= 2^(s+2) next to the limit p_inf, both
    drawn in units of 2^s; the same picture comes back every time s grows by 1."""

    def __init__(self, s=3.0, max_s=None, model=None):
        import ipywidgets as W

        from ..config import pick
        super().__init__(figsize=(11.0, 3.6))
        max_s = max_s if max_s is not None else pick(7.0, 5.0)
        self.model = model if model is not None else ScaleModel(s, max_s=max_s)
        md = self.model
        self.s = W.FloatSlider(value=md.s, min=1.0, max=md.max_s, step=0.125, description="log2 scale s",
                               continuous_update=False)
        self.info = W.HTML()
        self.ax_exact, self.ax_limit, self.ax_gap = self.fig.subplots(1, 3)
        kw = dict(origin="lower", vmin=0, vmax=1, cmap="viridis", interpolation="nearest", aspect="equal")
        self.im_exact = self.ax_exact.imshow(md.grid, extent=md.extent, **kw)
        self.im_limit = self.ax_limit.imshow(md.limit, extent=md.extent, **kw)
        kw.update(vmin=-1.0, vmax=1.5, cmap="coolwarm")
        self.im_gap = self.ax_gap.imshow(md.scaled_gap, extent=md.extent, **kw)
        for ax, t in ((self.ax_exact, "exact P(n, m), Nica's rules"), (self.ax_limit, "limit p_inf(n, m)"),
                      (self.ax_gap, "n m (P - p_inf)")):
            ax.set_title(t)
            ax.set_xlabel("m / 2^s")
        self.ax_exact.set_ylabel("n / 2^s")
        self.fig.colorbar(self.im_limit, ax=[self.ax_exact, self.ax_limit], shrink=0.8)
        self.fig.colorbar(self.im_gap, ax=self.ax_gap, shrink=0.8, ticks=[-2 / 3, 0, 4 / 3],
                          format=lambda v, _: {-2 / 3: "-2/3", 0: "0", 4 / 3: "4/3"}.get(v, f"{v:.2f}"))
        self.s.observe(lambda ch: None if self._syncing else md.set(s=ch["new"]), names="value")
        md.on_change(lambda _: self.update())
        self.widget = W.VBox([self.s, self.image, self.info])
        self.update()

    def update(self):
        t0 = time.perf_counter()
        md = self.model
        self._syncing = True
        try:
            self.s.value = md.s
        finally:
            self._syncing = False
        grid, limit = md.grid, md.limit
        for im, data in ((self.im_exact, grid), (self.im_limit, limit), (self.im_gap, md.scaled_gap)):
            im.set_data(data)
            im.set_extent(md.extent)
        for ax in (self.ax_exact, self.ax_limit, self.ax_gap):
            ax.set_xlim(1, 4)
            ax.set_ylim(1, 4)
        lo, hi = md.window
        diff = np.nanmax(np.abs(grid - limit))
        self.info.value = (f"s = {md.s:g}: n and m from {lo} to {hi}.  Largest |P &minus; p_inf| on this window: "
                           f"{diff:.4f} (it shrinks like 1/(nm) as s grows).")
        self.render()
        self.last_update_seconds = time.perf_counter() - t0
