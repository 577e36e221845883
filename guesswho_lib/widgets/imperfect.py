"""Widgets for lesson 07: play against an imperfect chooser and watch the decoding.

Model/view split: :class:`PlayModel` holds all state and logic (tested headless); :func:`play_widget`
and :func:`formula_widget` only draw it with ipywidgets.

    >>> m = PlayModel(strategy="Hamming code (VAL)", chooser="VAL adversarial", secret="Mira")
    >>> m.play_to_end()
    >>> m.guess, m.correct, len(m.transcript)
    ('Mira', True, 9)
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..imperfect.adversaries import Ari, Honest, Natan, Val
from ..board.traits import Board, load_board
from ..board.questions import describe
from ..imperfect.strategies import BinarySearch, LiarSearch, ari_strategy, natan_strategy, val_strategy

__all__ = ["PlayModel", "STRATEGIES", "CHOOSERS", "play_widget", "FormulaModel", "formula_widget"]

_WORDS: dict = {}          # (board, mask, max_words) -> question text, shared by all games

# name -> factory(n) of a guesser
STRATEGIES = {
    "binary search (Theorem 4)": lambda n: BinarySearch(n),
    "binary search, re-ask after don't know": lambda n: BinarySearch(n, erasures=1),
    "binary code (NATAN, Theorem 5)": natan_strategy,
    "parity code (ARI, Theorem 8)": ari_strategy,
    "Hamming code (VAL)": val_strategy,
    "optimal liar search (one lie)": lambda n: LiarSearch(n, 1),
}

CHOOSERS = {
    "honest": lambda s, seed: Honest(s),
    "NATAN": lambda s, seed: Natan(s),
    "ARI adversarial": lambda s, seed: Ari(s, 1, "adversarial"),
    "ARI random": lambda s, seed: Ari(s, 1, "random", seed=seed, rate=0.3),
    "VAL adversarial": lambda s, seed: Val(s, 1, "adversarial"),
    "VAL random": lambda s, seed: Val(s, 1, "random", seed=seed, rate=0.3),
}


@dataclass
class PlayModel:
    """One game on the board: a strategy (guesser), a chooser and a secret character.

    ``step()`` asks one question (NATAN: all of them at once), ``play_to_end()`` finishes the game.
    ``transcript`` holds (question number, question in words, answer); ``log`` the decoder's steps.
    """
    strategy: str = "binary search (Theorem 4)"
    chooser: str = "honest"
    secret: str = "Ada"
    seed: int = 0
    board: Board = field(default_factory=load_board)
    max_words: int = 3      # exact formula search up to this many literals, then a greedy formula

    def __post_init__(self):
        self.reset()

    def reset(self, **changes) -> None:
        for k, v in changes.items():
            if k not in ("strategy", "chooser", "secret", "seed"):
                raise ValueError(f"can only change strategy, chooser, secret or seed, not {k!r}")
            setattr(self, k, v)
        if self.strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {list(STRATEGIES)}, got {self.strategy!r}")
        if self.chooser not in CHOOSERS:
            raise ValueError(f"chooser must be one of {list(CHOOSERS)}, got {self.chooser!r}")
        self.guesser = STRATEGIES[self.strategy](self.board.n)
        self.opponent = CHOOSERS[self.chooser](self.board.index(self.secret), self.seed)
        self.transcript: list[tuple[int, str, str]] = []
        self.message = ""
        if self.opponent.all_at_once and not self.guesser.predetermined:
            self.message = (f"{self.chooser} only answers a complete list of questions: pick a "
                            "predetermined strategy (a code).")

    # --- playing -----------------------------------------------------------------------------
    @property
    def blocked(self) -> bool:
        return self.opponent.all_at_once and not self.guesser.predetermined

    @property
    def done(self) -> bool:
        if self.blocked:
            return True
        if self.guesser.predetermined:
            return len(self.guesser.answers) == len(self.guesser.questions)
        return self.guesser.result() is not None or len(self.guesser.asked) >= self.guesser.budget

    def _words(self, mask: int) -> str:
        key = (self.board, mask, self.max_words)
        if key not in _WORDS:
            _WORDS[key] = describe(self.board, mask, self.max_words).text
        return _WORDS[key]

    def step(self) -> None:
        """Ask the next question (or, against NATAN, hand in all questions at once)."""
        if self.done:
            return
        if self.opponent.all_at_once:
            qs = self.guesser.all_questions()
            for _ in qs:
                self.guesser.next_question()
            answers = self.opponent.answer_all(qs)
            for q, a in zip(qs, answers):
                self.guesser.receive(a)
                self.transcript.append((len(self.transcript) + 1, self._words(q), a))
            return
        q = self.guesser.next_question()
        if q is None:
            return
        a = self.opponent.answer(q, self.guesser)
        self.guesser.receive(a)
        self.transcript.append((len(self.transcript) + 1, self._words(q), a))

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
        rows = "".join(f"<tr><td>{k}</td><td>{html.escape(t)}</td><td><b>{a}</b></td></tr>"
                       for k, t, a in self.transcript)
        parts = [f"<p>{html.escape(self.message)}</p>" if self.message else "",
                 f"<table><tr><th>#</th><th>question</th><th>answer</th></tr>{rows}</table>"]
        cands = self.candidates()
        if cands:
            parts.append(f"<p>Still possible ({len(cands)}): {html.escape(', '.join(cands))}</p>")
        if self.log:
            parts.append("<p>Decoding:</p><ul>" + "".join(f"<li>{html.escape(s)}</li>" for s in self.log) + "</ul>")
        if self.done and not self.blocked:
            verdict = "correct" if self.correct else "WRONG"
            parts.append(f"<p><b>Guess: {self.guess} ({verdict}) after {len(self.guesser.asked)} "
                         f"questions</b> (budget {self.guesser.budget}).</p>")
        return "".join(parts)


def play_widget(model: PlayModel | None = None):
    """Dropdowns for strategy, chooser and secret; buttons to ask one question or play to the end."""
    import ipywidgets as W
    m = model or PlayModel()
    strategy = W.Dropdown(options=list(STRATEGIES), value=m.strategy, description="strategy")
    chooser = W.Dropdown(options=list(CHOOSERS), value=m.chooser, description="chooser")
    secret = W.Dropdown(options=list(m.board.names), value=m.secret, description="secret")
    ask = W.Button(description="Ask next question")
    finish = W.Button(description="Play to the end")
    out = W.HTML(m.html())

    def redraw(*_):
        out.value = m.html()

    def restart(*_):
        m.reset(strategy=strategy.value, chooser=chooser.value, secret=secret.value)
        redraw()

    for w in (strategy, chooser, secret):
        w.observe(restart, names="value")
    ask.on_click(lambda _b: (m.step(), redraw()))
    finish.on_click(lambda _b: (m.play_to_end(), redraw()))
    box = W.VBox([W.HBox([strategy, chooser, secret]), W.HBox([ask, finish]), out])
    box.model, box.controls = m, dict(strategy=strategy, chooser=chooser, secret=secret, ask=ask,
                                        finish=finish, out=out)
    return box


@dataclass
class FormulaModel:
    """Pick characters; get the shortest question in words whose yes-set is exactly them."""
    board: Board = field(default_factory=load_board)
    selected: tuple = ()
    max_size: int = 6

    def question(self):
        return describe(self.board, set(self.selected), self.max_size)

    def html(self) -> str:
        q = self.question()
        size = "" if q.formula is None else f" ({q.formula.size} literals, {q.kind})"
        return f"<p><b>{html.escape(q.text)}</b>{size}</p>"


def formula_widget(model: FormulaModel | None = None):
    import ipywidgets as W
    m = model or FormulaModel()
    pick = W.SelectMultiple(options=list(m.board.names), value=tuple(m.selected), rows=12,
                            description="characters")
    out = W.HTML(m.html())

    def update(*_):
        m.selected = tuple(pick.value)
        out.value = m.html()

    pick.observe(update, names="value")
    box = W.VBox([pick, out])
    box.model, box.controls = m, dict(pick=pick, out=out)
    return box
