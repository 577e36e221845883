"""Widgets for paradox questions and three-way splits (Cushing et al., section 3): models and thin views.

>>> q = ParadoxQuestionModel(suspect_names(9), m=6, X=("Ada",), Y=("Bram", "Chidi", "Dara", "Elif"))
>>> q.move, q.value == q.best
((1, 4, 4), True)
"""

from __future__ import annotations

from types import SimpleNamespace

import traitlets

from ..rules import format_move
from ..rules import normalise_move
from ..game.solver import cached_solution
from ..board.paradox import (EXPLODES, NO, YES, answer_groups, paradox_answer, paradox_question,
                              paradox_question_in_traits, split_of_question, suspect_names)
from ..plots.tripartite import plot_three_way_values
from ..templating import render_macro
from .base import FigureView, Integer, InvalidType, InvalidValue, Names, View, WidgetModel, check_int, checked, validate

__all__ = ["ParadoxQuestionModel", "ParadoxQuestionWidget", "TripartiteSplitModel", "TripartiteSplitWidget"]


# ---- the paradox question --------------------------------------------------------------------------------
class ParadoxQuestionModel(WidgetModel):
    """The question (*) "Is your person in X, OR in Y AND the answer to this question is no?" on a board of
    ``suspects``, the answer for the opponent's ``person``, and the exact value of the split it makes at
    (len(suspects), m) under the tripartite rules, against the best possible (Cushing et al., section 3)."""

    suspects = Names()
    m = Integer(8, lo=1, hi=64)
    X = Names()
    Y = Names()
    person = traitlets.Unicode()

    def __init__(self, suspects=None, m=8, X=None, Y=None, person=None):
        names = tuple(suspects) if suspects is not None else suspect_names(8)
        super().__init__(suspects=names, m=m, X=tuple(names[:2]) if X is None else X,
                         Y=tuple(names[2:5]) if Y is None else Y,
                         person=names[min(2, len(names) - 1)] if person is None else person)

    @validate("suspects")
    def _at_least_three(self, proposal):
        names = proposal["value"]
        if len(names) < 3 or len(set(names)) != len(names):
            raise InvalidValue(f"suspects must hold at least 3 different names, got {names!r}")
        return names

    @validate("X", "Y")
    def _on_the_board(self, proposal):
        name, value = proposal["trait"].name, proposal["value"]
        for x in value:
            if x not in self.suspects:
                raise InvalidValue(f"{name} must name suspects on the board, got {x!r}")
        return tuple(sorted(set(value), key=self.suspects.index))

    @validate("person")
    def _person_on_the_board(self, proposal):
        if proposal["value"] not in self.suspects:
            raise InvalidValue(f"person must be one of the suspects, got {proposal['value']!r}")
        return proposal["value"]

    @property
    def asked(self) -> bool:
        """False while X and Y are both empty (no question yet)."""
        return bool(self.X or self.Y)

    @property
    def question(self) -> str:
        return paradox_question(self.X, self.Y, order=self.suspects) if self.asked else ""

    @property
    def in_traits(self):
        """The question said with the board's traits, or None if they cannot say it."""
        return paradox_question_in_traits(self.suspects, self.X, self.Y) if self.asked else None

    @property
    def groups(self) -> dict:
        """Answer -> the suspects who give it."""
        return answer_groups(self.suspects, self.X, self.Y)

    @property
    def answer(self) -> str:
        return paradox_answer(self.person, self.X, self.Y)

    @property
    def overlap(self) -> list:
        """Names in both X and Y (they always answer yes)."""
        return [x for x in self.X if x in self.Y]

    @property
    def move(self) -> tuple:
        """The split of the suspects that the question makes (group sizes, sorted)."""
        return split_of_question(self.suspects, self.X, self.Y)

    @property
    def value(self):
        """Exact win probability of asking the question at (len(suspects), m); None if it tells nothing."""
        if len(self.move) < 2:
            return None
        n, m = len(self.suspects), self.m
        return cached_solution("tripartite", max(n, m)).value(n, m, self.move)

    @property
    def best(self):
        n, m = len(self.suspects), self.m
        return cached_solution("tripartite", max(n, m)).P(n, m)

    def describe(self) -> str:
        q = SimpleNamespace(asked=self.asked)
        if self.asked:
            groups = [(a, ", ".join(self.groups[a])) for a in (YES, NO, EXPLODES)]
            q = SimpleNamespace(asked=True, question=self.question, in_traits=self.in_traits, person=self.person,
                                answer=self.answer, groups=groups, overlap=", ".join(self.overlap), value=self.value,
                                move=self.move, suspects=len(self.suspects), m=self.m, best=self.best)
        return render_macro("widgets.html", "paradox_question", q)


class ParadoxQuestionWidget(View):
    """Pick X, Y and the opponent's mystery person; read the question (*) and its answer.
    ``.model`` is a :class:`ParadoxQuestionModel`."""

    def __init__(self, suspects=None, m: int = 8, model=None):
        import ipywidgets as w

        super().__init__(model if model is not None else ParadoxQuestionModel(suspects, m=m))
        md = self.model
        self.X = w.SelectMultiple(options=md.suspects, value=md.X, description="X", rows=8)
        self.Y = w.SelectMultiple(options=md.suspects, value=md.Y, description="Y", rows=8)
        self.person = w.Dropdown(options=md.suspects, value=md.person, description="their person")
        self.m = w.IntSlider(value=md.m, min=1, max=64, description="m (opponent)")
        self.bind_all("X", "Y", "person", "m")
        self.info = w.HTML()
        self.widget = w.VBox([self.error_box, w.HBox([self.X, self.Y, w.VBox([self.person, self.m])]), self.info])
        self.show()

    def update(self):
        self.info.value = self.model.describe()


# ---- every three-way split at one state --------------------------------------------------------------
class TripartiteSplitModel(WidgetModel):
    """The state (n, m) under the tripartite rules: P with and without paradox questions, every optimal
    move, and, if ``printed_move`` is given (e.g. Theorem 3.1 as printed), whether its move is optimal."""

    N = Integer(40, lo=3, hi=1024)
    n = Integer(12)
    m = Integer(12)
    printed_move = traitlets.Any(None)

    def __init__(self, N: int = 40, n: int = 12, m: int = 12, printed_move=None):
        super().__init__(N=N, n=n, m=m, printed_move=printed_move)

    @validate("n")
    def _n_on_the_board(self, proposal):
        return checked(check_int, proposal["value"], "n", 3, self.N)

    @validate("m")
    def _m_on_the_board(self, proposal):
        return checked(check_int, proposal["value"], "m", 1, self.N)

    @validate("printed_move")
    def _a_strategy(self, proposal):
        if proposal["value"] is not None and not callable(proposal["value"]):
            raise InvalidType(f"printed_move must be a strategy (n, m) -> move or None, got {proposal['value']!r}")
        return proposal["value"]

    @property
    def solution(self):
        return cached_solution("tripartite", self.N)

    @property
    def P_tripartite(self):
        return self.solution.P(self.n, self.m)

    @property
    def P_official(self):
        return cached_solution("official", self.N).P(self.n, self.m)

    @property
    def optimal(self) -> tuple:
        return self.solution.optimal_moves(self.n, self.m)

    @property
    def printed(self):
        """The printed move at (n, m), or None (no printed_move, or it gives no move here)."""
        return None if self.printed_move is None else self.printed_move(self.n, self.m)

    @property
    def printed_legal(self) -> bool:
        """True if the printed move is a legal move at (n, m) (its groups add up to n)."""
        try:
            normalise_move(self.printed, self.n, self.solution.rules)
        except (TypeError, ValueError):
            return False
        return True

    @property
    def printed_optimal(self):
        """None without a printed_move; False if it gives no legal move; else whether its move is optimal."""
        if self.printed_move is None:
            return None
        return self.printed_legal and self.solution.value(self.n, self.m, self.printed) == self.P_tripartite

    def describe(self) -> str:
        p, q, mv = self.P_tripartite, self.P_official, self.printed
        printed = ("" if self.printed_move is None else "none" if mv is None else "illegal" if not self.printed_legal
                   else "optimal" if self.printed_optimal else "not optimal")
        t = SimpleNamespace(p=p, p_float=f"{float(p):.4f}", q=q, q_float=f"{float(q):.4f}", n=self.n, printed=printed,
                            optimal=", ".join(format_move(m) for m in self.optimal),
                            move=format_move(mv) if printed in ("optimal", "not optimal") else mv)
        return render_macro("widgets.html", "three_way", t)


class TripartiteSplitWidget(FigureView):
    """Sliders n and m: every paradox question (a, b, c) coloured by its exact value, optimal ones ringed.
    ``.model`` is a :class:`TripartiteSplitModel`."""

    relayout = True

    def __init__(self, N: int = 40, n: int = 12, m: int = 12, printed_move=None, model=None):
        import ipywidgets as w

        super().__init__(model if model is not None else TripartiteSplitModel(N, n, m, printed_move),
                         figsize=(6, 4), dpi=90)
        md = self.model
        self.n = w.IntSlider(value=md.n, min=3, max=md.N, description="n (you)")
        self.m = w.IntSlider(value=md.m, min=1, max=md.N, description="m (opponent)")
        self.bind_all("n", "m")
        self.info = w.HTML()
        self.ax = self.fig.add_subplot()
        self.artists = []
        self.widget = w.VBox([self.error_box, w.HBox([self.n, self.m]), self.info, self.image])
        self.show()

    def limits(self):
        self.n.max = self.m.max = self.model.N

    def picture_words(self) -> str:
        md = self.model
        return (f"Every paradox question at (n, m) = ({md.n}, {md.m}); the optimal ones, "
                f"{', '.join(format_move(mv) for mv in md.optimal)}, are ringed.")

    def update(self):
        md = self.model
        self.info.value = md.describe()
        self.ax.clear()
        self.artists = plot_three_way_values(self.ax, md.solution, md.n, md.m)
        self.render()
