"""The card game's tally, played by the computer: many games from one small state (n, m), where you open with the
move you choose and both players then play perfectly; the running frequency of your wins, and (when asked) the
exact chance it settles to.  A model (:class:`TallyModel`) and a thin view (:class:`TallyExplorer`), for lesson 00.

>>> t = TallyModel(n=3, m=1, k=0, games=600, seed=1)
>>> t.move, t.exact, 150 < t.wins < 250
('guess', Fraction(1, 3), True)
"""

from __future__ import annotations

from types import SimpleNamespace
import random
from fractions import Fraction

from ..caches import bounded_lru_cache
from ..game.simulate import simulate_game
from ..game.solver import cached_solution
from ..game.strategies import opening, optimal
from ..rules import GUESS, format_move, latex_fraction
from ..templating import render_macro
from .base import FigureView, Flag, Integer, WidgetModel, check_int, checked, observe, validate

__all__ = ["TallyModel", "TallyExplorer"]

#: the most games one tally plays
MAX_GAMES = 2000


@bounded_lru_cache(64, "widgets.tally: simulated games")
def _results(n: int, m: int, k: int, games: int, seed: int) -> tuple:
    perfect = optimal("official")
    first = GUESS if k == 0 else (k, n - k)
    me = opening(first, (n, m), perfect)
    rng = random.Random(seed)
    return tuple(simulate_game(me, perfect, n, m, rng=rng) for _ in range(games))


class TallyModel(WidgetModel):
    """The state (n, m) with 2 <= n <= max_n, 1 <= m <= max_m (official rules), the first move k (0: guess,
    1 <= k <= n/2: ask about k suspects), the number of games and the seed of the random games; ``reveal`` shows
    the exact chance.  Every game is played by :func:`guesswho_lib.game.simulate.simulate_game`."""

    max_n = Integer(3, lo=2, hi=12)
    max_m = Integer(2, lo=1, hi=12)
    n = Integer(2)
    m = Integer(2)
    k = Integer(0)
    games = Integer(200, lo=1, hi=MAX_GAMES)
    seed = Integer(0, lo=0, hi=2**31)
    reveal = Flag(False)

    def __init__(self, n=2, m=2, k=0, games=200, seed=0, reveal=False, max_n=3, max_m=2):
        super().__init__(max_n=max_n, max_m=max_m, n=n, m=m, k=k, games=games, seed=seed, reveal=reveal)

    @validate("n")
    def _n_in_range(self, proposal):
        return checked(check_int, proposal["value"], "n", 2, self.max_n)

    @validate("m")
    def _m_in_range(self, proposal):
        return checked(check_int, proposal["value"], "m", 1, self.max_m)

    @validate("k")
    def _k_a_decision(self, proposal):
        return checked(check_int, proposal["value"], "k", 0, self.n // 2)

    @observe("n")
    def _keep_k_legal(self, change):
        self.k = min(self.k, self.n // 2)

    @property
    def move(self) -> str:
        """The first move in words: "guess", or the split asked about ("1:2")."""
        return "guess" if self.k == 0 else format_move((self.k, self.n - self.k))

    @property
    def results(self) -> tuple:
        """True/False for each game, in order: did you win?"""
        return _results(self.n, self.m, self.k, self.games, self.seed)

    @property
    def wins(self) -> int:
        return sum(self.results)

    @property
    def running(self) -> list:
        """Your frequency of wins after 1, 2, ..., games games."""
        out, w = [], 0
        for i, won in enumerate(self.results, 1):
            w += won
            out.append(w / i)
        return out

    @property
    def exact(self) -> Fraction:
        """The exact chance of your first move, both players playing perfectly afterwards (the recurrence)."""
        return cached_solution("official", max(self.n, self.m)).value(
            self.n, self.m, GUESS if self.k == 0 else (self.k, self.n - self.k))

    def describe(self) -> str:
        t = SimpleNamespace(n=self.n, m=self.m, move=self.move, wins=self.wins, games=self.games,
                            frequency=f"{self.wins / self.games:.3f}", exact="")
        if self.reveal:
            t.exact, t.exact_float = latex_fraction(self.exact), f"{float(self.exact):.3f}"
        return render_macro("widgets.html", "tally", t)


class TallyExplorer(FigureView):
    """Sliders for (n, m), the first move and the number of games; a button for a new set of games; the running
    frequency of your wins, and the exact chance once "show the exact chance" is ticked."""

    def __init__(self, n=2, m=2, k=0, games=200, seed=0, reveal=False, max_n=3, max_m=2, model=None):
        import ipywidgets as W

        super().__init__(model if model is not None else TallyModel(n, m, k, games, seed, reveal, max_n, max_m),
                         figsize=(6.0, 3.0))
        md = self.model
        self.n = W.IntSlider(value=md.n, min=2, max=md.max_n, description="n (yours)")
        self.m = W.IntSlider(value=md.m, min=1, max=md.max_m, description="m (theirs)")
        self.k = W.IntSlider(value=md.k, min=0, max=md.n // 2, description="first move k")
        self.games = W.IntSlider(value=md.games, min=1, max=MAX_GAMES, step=1, description="games",
                                 continuous_update=False)
        self.reveal = W.Checkbox(value=md.reveal, description="show the exact chance")
        self.again = W.Button(description="Play them again")
        self.bind_all("n", "m", "k", "games", "reveal")
        self.on_click(self.again, self.play_again)
        self.info = W.HTMLMath()
        self.ax = self.fig.add_subplot()
        (self.line,) = self.ax.plot([], [], lw=1.5)
        (self.exact_line,) = self.ax.plot([], [], ls="--", color="k", lw=1)
        self.ax.set_ylim(0, 1)
        self.ax.set_xlabel("games played")
        self.ax.set_ylabel("frequency of your wins")
        self.ax.grid(alpha=0.3)
        self.lay_out([self.n, self.m, self.k, self.games, self.reveal, self.again], below=[self.info])

    def play_again(self):
        """A fresh set of random games (the next seed)."""
        self.model.seed = self.model.seed + 1

    def limits(self):
        md = self.model
        self.n.max, self.m.max, self.k.max = md.max_n, md.max_m, md.n // 2

    def picture_words(self) -> str:
        md = self.model
        words = (f"From ({md.n}, {md.m}), first move {md.move}: set {md.seed + 1} of {md.games} random games, your "
                 f"wins {md.wins} of {md.games} at the end, a frequency of {md.wins / md.games:.3f}")
        if md.reveal:
            words += f"; the dashed line is the exact chance, {float(md.exact):.3f}"
        return words + "."

    def update(self):
        md = self.model
        running = md.running
        self.line.set_data(range(1, len(running) + 1), running)
        self.ax.set_xlim(0, max(2, md.games))
        self.exact_line.set_data([0, md.games] if md.reveal else [], [float(md.exact)] * 2 if md.reveal else [])
        self.ax.set_title(f"({md.n}, {md.m}), first move: {md.move}")
        self.info.value = md.describe()
        self.render()
