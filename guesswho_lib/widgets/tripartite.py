"""Widgets for paradox questions and three-way splits (Cushing et al., section 3).
"""

from __future__ import annotations

from typing import Callable, Sequence


from ..game.rules import GUESS, check_int
from ..game.solver import cached_solution
from ..papers.paradox import EXPLODES, NO, YES, answer_groups, paradox_answer, paradox_question, paradox_question_in_traits, split_of_question, suspect_names
from ..plots.tripartite import plot_three_way_values
from .figure_widget import FigureWidget

__all__ = ["ParadoxQuestionWidget", "TripartiteSplitWidget"]



class ParadoxQuestionWidget(FigureWidget):
    """Pick X, Y and the opponent's mystery person; read the question (*) and its answer.

    State: ``question`` (text), ``groups`` (answer -> names), ``answer`` for the chosen person,
    ``move`` (the split it makes), and ``value``/``best`` = its exact win probability at
    (len(suspects), m) against the optimal value, tripartite rules."""

    def __init__(self, suspects: Sequence[str] | None = None, m: int = 8):
        import ipywidgets as w

        self.suspects = tuple(suspects) if suspects is not None else suspect_names(8)
        if len(self.suspects) < 3:
            raise ValueError(f"suspects must hold at least 3 names, got {len(self.suspects)}")
        self.X = w.SelectMultiple(options=self.suspects, value=self.suspects[:2], description="X", rows=8)
        self.Y = w.SelectMultiple(options=self.suspects, value=self.suspects[2:5], description="Y", rows=8)
        self.person = w.Dropdown(options=self.suspects, value=self.suspects[2], description="their person")
        self.m = w.IntSlider(value=check_int(m, "m", 1, 64), min=1, max=64, description="m (opponent)")
        self._setup([self.X, self.Y, self.person, self.m], with_figure=False,
                    layout=w.HBox([self.X, self.Y, w.VBox([self.person, self.m])]))

    def compute(self):
        X, Y = set(self.X.value), set(self.Y.value)
        groups = answer_groups(self.suspects, X, Y)
        state = {"groups": groups, "answer": paradox_answer(self.person.value, X, Y),
                 "overlap": sorted(X & Y, key=self.suspects.index)}
        state["question"] = paradox_question(X, Y, order=self.suspects) if (X or Y) else ""
        state["in_traits"] = paradox_question_in_traits(self.suspects, X, Y) if (X or Y) else None
        move = split_of_question(self.suspects, X, Y)
        state["move"] = move
        n, m = len(self.suspects), self.m.value
        sol = cached_solution("tripartite", max(n, m))
        state["value"] = sol.value(n, m, move) if len(move) >= 2 else None
        state["best"] = sol.P(n, m)
        return state

    def describe(self) -> str:
        s = self.state
        if not s["question"]:
            return "<i>Choose at least one name for X or Y.</i>"
        lines = ["<pre>" + s["question"] + "</pre>"]
        if s["in_traits"]:
            lines.append(f"Said with the board's traits: <i>{s['in_traits']}</i>")
        lines.append(f"If their person is <b>{self.person.value}</b>, the answer is <b>{s['answer']}</b>.")
        for a in (YES, NO, EXPLODES):
            lines.append(f"{a}: {', '.join(s['groups'][a]) or '(nobody)'}")
        if s["overlap"]:
            lines.append(f"(names in both X and Y always give 'yes': {', '.join(s['overlap'])})")
        if s["value"] is None:
            lines.append("This question tells you nothing: every suspect gives the same answer.")
        else:
            lines.append(f"Split {s['move']} of your {len(self.suspects)} suspects against {self.m.value}: "
                         f"you win with probability {s['value']} (best possible {s['best']}).")
        return "<br>".join(lines)


class TripartiteSplitWidget(FigureWidget):
    """Sliders n and m: every paradox question (a, b, c) coloured by its exact value, optimal ones ringed.

    State: ``P_tripartite``, ``P_official``, ``optimal`` (all optimal moves), ``printed`` (the move of
    Theorem 3.1 as printed, when ``printed_move`` is given) and ``printed_optimal``."""

    def __init__(self, N: int = 40, n: int = 12, m: int = 12, printed_move: Callable | None = None):
        import ipywidgets as w

        N = check_int(N, "N", 3, 1024)
        self.sol = cached_solution("tripartite", N)
        self.official = cached_solution("official", N)
        self.printed_move = printed_move
        self.n = w.IntSlider(value=check_int(n, "n", 3, N), min=3, max=N, description="n (you)")
        self.m = w.IntSlider(value=check_int(m, "m", 1, N), min=1, max=N, description="m (opponent)")
        self._setup([self.n, self.m])

    def compute(self):
        n, m = self.n.value, self.m.value
        state = {"P_tripartite": self.sol.P(n, m), "P_official": self.official.P(n, m),
                 "optimal": self.sol.optimal_moves(n, m), "printed": None, "printed_optimal": None}
        if self.printed_move is not None:
            mv = self.printed_move(n, m)
            state["printed"] = mv
            if mv is None or (mv is not GUESS and sum(mv) != n):
                state["printed_optimal"] = False  # no move at all, or parts that do not add up to n
            else:
                state["printed_optimal"] = self.sol.value(n, m, mv) == state["P_tripartite"]
        return state

    def describe(self) -> str:
        s = self.state
        txt = (f"P = {s['P_tripartite']} ({float(s['P_tripartite']):.4f}) with paradox questions, "
               f"{s['P_official']} ({float(s['P_official']):.4f}) without. Optimal: {', '.join(map(str, s['optimal']))}.")
        if self.printed_move is not None:
            mv = s["printed"]
            if mv is None:
                txt += "<br>Theorem 3.1 as printed gives <b>no move</b> here."
            elif mv is not GUESS and sum(mv) != self.n.value:
                txt += f"<br>Theorem 3.1 as printed says {mv}: <b>not a split of {self.n.value}</b>."
            else:
                verdict = "optimal" if s["printed_optimal"] else "<b>NOT optimal</b>"
                txt += f"<br>Theorem 3.1 as printed says {mv}: {verdict}."
        return txt

    def draw(self, ax):
        return plot_three_way_values(ax, self.sol, self.n.value, self.m.value)


