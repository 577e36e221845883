"""Try a board of your own: write or load a board, flip a trait, and read the first player's exact chance with
one-trait or two-trait questions, beside the idealised game (extension lesson x4).

:class:`BoardLabModel` holds the board as CSV text (the format of ``gw.load_board``), the question set and the
rules, checks them, and computes everything shown (tested headless); :class:`BoardLabWidget` is the thin view.

    >>> m = BoardLabModel()                      # Ann, Ben, Cat and Dan: hat and glasses
    >>> m.result().start, m.result().ideal
    (Fraction(1, 2), Fraction(9, 16))
    >>> m.set(questions="pairs").result().start  # "hat and glasses" picks out Ann: every set is complete
    Fraction(9, 16)
"""

from __future__ import annotations

from types import SimpleNamespace
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources

import traitlets

from ..board.complete import missing_splits
from ..board.designs import DESIGNS, board_csv, load_design
from ..board.solver import solve_board
from ..board.traits import Board, board_from_csv
from ..caches import bounded_lru_cache
from ..game.solver import cached_solution
from ..rules import format_fraction
from ..templating import render_macro
from .base import Choice, InvalidValue, View, WidgetModel, changes_state, checked, validate

__all__ = ["BoardLabModel", "BoardLabWidget", "LabResult", "PRESETS", "MAX_LAB_CHARACTERS"]

#: Largest board the lab solves (two-trait questions check every subset: 2^24 sets, a few seconds).
MAX_LAB_CHARACTERS = 24

_TINY = "name,hat,glasses\nAnn,1,1\nBen,1,0\nCat,0,1\nDan,0,0\n"
_CUBE = ("name,hat,glasses,beard\n" + "".join(f"{n},{i & 1},{i >> 1 & 1},{i >> 2 & 1}\n" for i, n in
                                              enumerate(("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"))))


def _shipped_text() -> str:
    return resources.files("guesswho_lib").joinpath("data/characters.csv").read_text(encoding="utf-8")


#: The boards the lab can load: name -> a function giving its CSV text.
PRESETS = {"Ann, Ben, Cat and Dan (lesson 09)": lambda: _TINY,
           "eight characters, three traits": lambda: _CUBE,
           "the shipped board": _shipped_text}
PRESETS.update({f"designed: {name} ({format_fraction(d.value)})": (lambda name=name: board_csv(load_design(name)))
                for name, d in DESIGNS.items()})


@dataclass(frozen=True)
class LabResult:
    """What the lab shows for one board: the first player's exact chance ``start`` with the chosen questions and
    rules, the idealised game's ``ideal`` with as many characters, the best first questions (in words), how many
    different questions there are, and, when some reachable set is not complete, one of them with the split sizes
    it misses.  ``error`` is set instead when the board cannot be solved (then the values are None)."""

    n: int
    m: int
    start: Fraction | None
    ideal: Fraction | None
    best: tuple
    questions: int
    incomplete: int | None
    example: tuple | None          # (names, missing sizes)
    error: str = ""


@bounded_lru_cache(16, "widgets.board_lab: boards solved")
def _solve(board: Board, questions: str, rules: str) -> LabResult:
    ideal = cached_solution(rules, board.n).P(board.n, board.n) if board.n >= 2 else None
    try:
        sol = solve_board(board, questions, rules, method="complete")
    except ValueError as e:
        return LabResult(board.n, board.m, None, ideal, (), 0, None, None, str(e))
    full = sol.everyone
    best = tuple(m.text for m in sol.best_questions(full, full))
    c = sol.classes.completeness
    example = None
    if c.incomplete:
        loose = min(c.reachable_incomplete, key=lambda s: (bin(int(s)).count("1"), int(s)))
        example = (tuple(sorted(board.names_in(int(loose)))), missing_splits(c, int(loose)))
    return LabResult(board.n, board.m, sol.start, ideal, best, len(sol.question_list), c.incomplete, example)


class BoardLabModel(WidgetModel):
    """A board (``text``: CSV in the format of ``gw.load_board``), the questions ("traits": one trait; "pairs":
    two traits with "and"/"or") and the rules ("official" or "nica"); :meth:`result` solves it exactly.

    Actions: :meth:`load` (a preset of :data:`PRESETS`), :meth:`flip` (one character's answer for one trait)."""

    text = traitlets.Unicode(_TINY)
    questions = Choice(("traits", "pairs"))
    rules = Choice(("official", "nica"))

    def __init__(self, text: str = _TINY, questions: str = "traits", rules: str = "official"):
        super().__init__(text=text, questions=questions, rules=rules)

    @validate("text")
    def _a_board(self, proposal):
        board = checked(board_from_csv, proposal["value"], "the board's CSV text")
        if not 2 <= board.n <= MAX_LAB_CHARACTERS:
            raise InvalidValue(f"text: a board needs 2 to {MAX_LAB_CHARACTERS} characters, this one has {board.n}")
        return proposal["value"]

    @property
    def board(self) -> Board:
        return board_from_csv(self.text)

    @changes_state
    def load(self, preset: str):
        """Load one of :data:`PRESETS` (by name)."""
        if preset not in PRESETS:
            raise InvalidValue(f"preset must be one of {list(PRESETS)}, got {preset!r}")
        self.set(text=PRESETS[preset]())

    @changes_state
    def flip(self, name: str, trait: str):
        """Change whether character ``name`` has ``trait`` (the board is then written with one yes/no column per
        trait)."""
        b = self.board
        i = checked(b.index, name)
        checked(b.column, trait)                         # a trait of this board, or a clear error
        j = b.traits.index(trait)
        rows = [list(r) for r in b.rows]
        rows[i][j] ^= 1
        self.set(text=board_csv(Board(b.names, b.traits, tuple(map(tuple, rows)))))

    def result(self) -> LabResult:
        """The exact values for the board, questions and rules now (cached)."""
        return _solve(self.board, self.questions, self.rules)

    def html(self) -> str:
        r = self.result()
        v = SimpleNamespace(n=r.n, m=r.m, rules=self.rules, error=r.error, questions=r.questions,
                            incomplete=r.incomplete, kind="one trait per question" if self.questions == "traits"
                            else "two traits per question (and / or)")
        if not r.error:
            v.start, v.start_float = format_fraction(r.start), f"{float(r.start):.4f}"
            v.ideal, v.ideal_float = format_fraction(r.ideal), f"{float(r.ideal):.4f}"
            v.verdict = ("going first helps" if r.start > Fraction(1, 2) else
                         "going first does not help: it is exactly fair" if r.start == Fraction(1, 2) else
                         "going first is a disadvantage")
            if r.incomplete:
                names, sizes = r.example
                v.example, v.splits = ", ".join(names), " or ".join(f"{a} : {len(names) - a}" for a in sizes)
            v.best = "; ".join(r.best[:6])
            v.more = f" (and {len(r.best) - 6} more)" if len(r.best) > 6 else ""
        return render_macro("widgets.html", "board_lab", v)


class BoardLabWidget(View):
    """Load or type a board, flip a trait, switch to two-trait questions: the exact first-player chance.
    ``.model`` is a :class:`BoardLabModel`."""

    def __init__(self, model: BoardLabModel | None = None):
        import ipywidgets as W

        super().__init__(model if model is not None else BoardLabModel())
        m = self.model
        self.preset = W.Dropdown(options=list(PRESETS), description="board", layout=W.Layout(width="420px"))
        self.load_button = W.Button(description="Load")
        self.on_click(self.load_button, lambda: m.load(self.preset.value))
        self.text = W.Textarea(value=m.text, continuous_update=False, rows=10, layout=W.Layout(width="640px"))
        self.questions = W.ToggleButtons(options=["traits", "pairs"], description="questions")
        self.rules = W.Dropdown(options=["official", "nica"], description="rules")
        self.bind_all("text", "questions", "rules")
        self.who = W.Dropdown(description="character")
        self.trait = W.Dropdown(description="trait")
        self.flip_button = W.Button(description="Flip")
        self.on_click(self.flip_button, lambda: m.flip(self.who.value, self.trait.value))
        self.info = W.HTML()
        self.widget = W.VBox([W.HBox([self.preset, self.load_button]), self.text,
                              W.HBox([self.questions, self.rules]), W.HBox([self.who, self.trait, self.flip_button]),
                              self.error_box, self.info])
        self.show()

    def limits(self):
        b = self.model.board
        if tuple(self.who.options) != b.names:
            self.who.options = b.names
        if tuple(self.trait.options) != b.traits:
            self.trait.options = b.traits

    def update(self):
        self.info.value = self.model.html()
