"""Widgets for lesson 07: play against an imperfect chooser and watch the decoding (Paz & Peterfreund).

Models hold all state and logic (tested headless): :class:`ImperfectGameModel` (one game of a guessing
strategy against a chooser who may lie or not know) and :class:`FormulaModel` (a set of characters as a
question in words).  Views only draw them: :class:`ImperfectGameWidget` (also ``play_widget(model)``) and
:class:`FormulaWidget` (also ``formula_widget(model)``).

    >>> m = ImperfectGameModel(strategy="Hamming code (VAL)", chooser="VAL adversarial", secret="Mira")
    >>> m.play_to_end()
    >>> m.guess, m.correct, len(m.transcript)
    ('Mira', True, 9)
"""

from __future__ import annotations


import traitlets

from ..board.questions import describe
from ..board.traits import Board, load_board
from ..caches import bounded_lru_cache
from ..imperfect.adversaries import Ari, Honest, Natan, Val
from ..imperfect.strategies import BinarySearch, LiarSearch, ari_strategy, natan_strategy, val_strategy
from ..templating import render_macro
from .base import Choice, Integer, InvalidValue, Names, View, WidgetModel, changes_state, observe, validate

__all__ = ["STRATEGIES", "CHOOSERS", "BoardModel", "ImperfectGameModel", "ImperfectGameWidget", "play_widget",
           "FormulaModel", "FormulaWidget", "formula_widget"]

# name -> factory(n) of a guesser
STRATEGIES = {
    "binary search (Theorem 4)": lambda n: BinarySearch(n),
    "binary search, re-ask after don't know": lambda n: BinarySearch(n, erasures=1),
    "binary code (NATAN, Theorem 5)": natan_strategy,
    "parity code (ARI, Theorem 8)": ari_strategy,
    "Hamming code (VAL)": val_strategy,
    "optimal liar search (one lie)": lambda n: LiarSearch(n, 1),
}

# name -> factory(secret index, seed) of a chooser
CHOOSERS = {
    "honest": lambda s, seed: Honest(s),
    "NATAN": lambda s, seed: Natan(s),
    "ARI adversarial": lambda s, seed: Ari(s, 1, "adversarial"),
    "ARI random": lambda s, seed: Ari(s, 1, "random", seed=seed, rate=0.3),
    "VAL adversarial": lambda s, seed: Val(s, 1, "adversarial"),
    "VAL random": lambda s, seed: Val(s, 1, "random", seed=seed, rate=0.3),
}


@bounded_lru_cache(4096, "widgets.imperfect: questions in words")
def _words(board: Board, mask: int, max_words: int) -> str:
    """The question whose yes-set is ``mask``, in words (shared by all games)."""
    return describe(board, mask, max_words).text


class BoardModel(WidgetModel):
    """A model on a board of characters (:class:`~guesswho_lib.board.traits.Board`), the project's own by default."""

    board = traitlets.Instance(Board)

    @traitlets.default("board")
    def _the_project_board(self):
        return load_board()

    def __init__(self, board=None, **state):
        super().__init__(**({} if board is None else {"board": board}), **state)


class ImperfectGameModel(BoardModel):
    """One game on the board: a strategy (guesser), a chooser and a secret character.

    :meth:`step` asks one question (against NATAN, who only answers a complete list: all of them at once),
    :meth:`play_to_end` finishes the game.  ``transcript`` holds (question number, question in words,
    answer); ``log`` the decoder's steps.  Changing a setting starts a new game.
    """

    strategy = Choice(tuple(STRATEGIES))
    chooser = Choice(tuple(CHOOSERS))
    secret = traitlets.Unicode("Ada")
    seed = Integer(0, lo=0)
    max_words = Integer(3, lo=1, hi=8)     # exact formula search up to this many literals, then greedy
    transcript = traitlets.Tuple()

    def __init__(self, strategy="binary search (Theorem 4)", chooser="honest", secret="Ada", seed=0,
                 board=None, max_words=3):
        super().__init__(board, strategy=strategy, chooser=chooser, secret=secret, seed=seed, max_words=max_words)
        self._start()

    @validate("secret")
    def _secret_on_the_board(self, proposal):
        name = proposal["value"]
        if name not in self.board.names:
            raise InvalidValue(f"secret must name one of the {self.board.n} characters of the board "
                               f"({', '.join(self.board.names[:4])}, ...), got {name!r}")
        return name

    @observe("board", "strategy", "chooser", "secret", "seed")
    def _settings_changed(self, change):
        if self.secret in self.board.names:      # (while the constructor sets the board, the secret may lag)
            self._start()

    def _start(self):
        self.guesser = STRATEGIES[self.strategy](self.board.n)
        self.opponent = CHOOSERS[self.chooser](self.board.index(self.secret), self.seed)
        self.transcript = ()

    @changes_state
    def reset(self, **changes) -> None:
        """Start a new game, with ``changes`` to strategy, chooser, secret or seed."""
        allowed = ("strategy", "chooser", "secret", "seed")
        for k in changes:
            if k not in allowed:
                raise ValueError(f"can only change {', '.join(allowed)}, not {k!r}")
        self.set(**changes)
        self._start()

    # --- playing -----------------------------------------------------------------------------
    @property
    def blocked(self) -> bool:
        """True if the chooser only answers a complete list of questions but the strategy is adaptive."""
        return self.opponent.all_at_once and not self.guesser.predetermined

    @property
    def message(self) -> str:
        if self.blocked:
            return (f"{self.chooser} only answers a complete list of questions: pick a predetermined strategy "
                    "(a code).")
        return ""

    @property
    def done(self) -> bool:
        if self.blocked:
            return True
        if self.guesser.predetermined:
            return len(self.guesser.answers) == len(self.guesser.questions)
        return self.guesser.result() is not None or len(self.guesser.asked) >= self.guesser.budget

    def _record(self, question: int, answer) -> None:
        self.transcript = self.transcript + ((len(self.transcript) + 1, _words(self.board, question, self.max_words),
                                              answer),)

    @changes_state
    def step(self) -> None:
        """Ask the next question (or, against NATAN, hand in all questions at once)."""
        if self.done:
            return
        if self.opponent.all_at_once:
            qs = self.guesser.all_questions()
            for _ in qs:
                self.guesser.next_question()
            for q, a in zip(qs, self.opponent.answer_all(qs)):
                self.guesser.receive(a)
                self._record(q, a)
            return
        q = self.guesser.next_question()
        if q is None:
            return
        a = self.opponent.answer(q, self.guesser)
        self.guesser.receive(a)
        self._record(q, a)

    @changes_state
    def play_to_end(self) -> None:
        while not self.done:
            before = len(self.guesser.asked)
            self.step()
            if len(self.guesser.asked) == before:
                break

    # --- what the view shows -----------------------------------------------------------------
    @property
    def guess(self) -> str | None:
        r = self.guesser.result()
        return None if r is None else self.board.names[r]

    @property
    def correct(self) -> bool:
        return self.guess == self.secret

    @property
    def log(self) -> list[str]:
        return list(self.guesser.log)

    def candidates(self) -> list[str]:
        """Characters still possible (adaptive strategies), with their implied lies."""
        g = self.guesser
        if hasattr(g, "lie_count"):
            return [f"{self.board.names[i]} ({v} lie{'s' if v != 1 else ''})" for i, v in sorted(g.lie_count.items())]
        if hasattr(g, "candidates"):
            return [self.board.names[i] for i in range(self.board.n) if g.candidates >> i & 1]
        return []

    def lies_told(self) -> int:
        return getattr(self.opponent, "used", 0) if isinstance(self.opponent, Val) else 0

    def html(self) -> str:
        verdict = budget = ""
        if self.done and not self.blocked:
            verdict = (f"Guess: {self.guess} ({'correct' if self.correct else 'WRONG'}) after "
                       f"{len(self.guesser.asked)} questions")
            budget = f" (budget {self.guesser.budget})."
        return render_macro("widgets.html", "imperfect_game", self.message, self.transcript, self.candidates(),
                            self.log, verdict, budget)


class ImperfectGameWidget(View):
    """Menus for strategy, chooser and secret; buttons to ask one question or play to the end.
    ``.model`` is an :class:`ImperfectGameModel`."""

    def __init__(self, model: ImperfectGameModel | None = None):
        import ipywidgets as W

        super().__init__(model if model is not None else ImperfectGameModel())
        m = self.model
        self.strategy = W.Dropdown(options=list(STRATEGIES), value=m.strategy, description="strategy")
        self.chooser = W.Dropdown(options=list(CHOOSERS), value=m.chooser, description="chooser")
        self.secret = W.Dropdown(options=list(m.board.names), value=m.secret, description="secret")
        self.bind_all("strategy", "chooser", "secret")
        self.ask_button = W.Button(description="Ask next question")
        self.finish_button = W.Button(description="Play to the end")
        self.on_click(self.ask_button, lambda: self.model.step())
        self.on_click(self.finish_button, lambda: self.model.play_to_end())
        self.info = W.HTML()
        self.widget = W.VBox([W.HBox([self.strategy, self.chooser, self.secret]),
                              W.HBox([self.ask_button, self.finish_button]), self.error_box, self.info])
        self.show()

    def update(self):
        self.info.value = self.model.html()


def play_widget(model: ImperfectGameModel | None = None) -> ImperfectGameWidget:
    """The lesson's game against an imperfect chooser: ``play_widget(ImperfectGameModel(...))``."""
    return ImperfectGameWidget(model)


class FormulaModel(BoardModel):
    """Pick characters; get the shortest question in words whose yes-set is exactly them."""

    selected = Names()
    max_size = Integer(6, lo=1, hi=8)

    def __init__(self, board=None, selected=(), max_size=6):
        super().__init__(board, selected=selected, max_size=max_size)

    @validate("selected")
    def _names_on_the_board(self, proposal):
        value = proposal["value"]
        for name in value:
            if name not in self.board.names:
                raise InvalidValue(f"selected must name characters of the board, got {name!r}")
        return value

    def question(self):
        return describe(self.board, set(self.selected), self.max_size)

    def html(self) -> str:
        q = self.question()
        size = "" if q.formula is None else f" ({q.formula.size} literals, {q.kind})"
        return render_macro("widgets.html", "formula", q.text, size)


class FormulaWidget(View):
    """A list of characters to pick; the question in words.  ``.model`` is a :class:`FormulaModel`."""

    def __init__(self, model: FormulaModel | None = None):
        import ipywidgets as W

        super().__init__(model if model is not None else FormulaModel())
        m = self.model
        self.pick = W.SelectMultiple(options=list(m.board.names), value=m.selected, rows=12, description="characters")
        self.bind(self.pick, "selected")
        self.info = W.HTML()
        self.widget = W.VBox([self.pick, self.error_box, self.info])
        self.show()

    def update(self):
        self.info.value = self.model.html()


def formula_widget(model: FormulaModel | None = None) -> FormulaWidget:
    """The lesson's question-in-words widget: ``formula_widget(FormulaModel(selected=(...)))``."""
    return FormulaWidget(model)
