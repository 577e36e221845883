"""Choosers who break the rules (Paz & Peterfreund, section 2.4), a game loop, exhaustive checks.

* :class:`Honest` answers every question truthfully, one at a time.
* :class:`Natan` (Not-At-Time-ANswering) answers truthfully but only all questions at once.
* :class:`Ari` (Answers Relatively Insecure) may say "don't know" at most ``max_unknown`` times.
* :class:`Val` (Valid At Large) may lie at most ``max_lies`` times.

Ari and Val choose *where* to misbehave in one of three ways: ``positions`` (an explicit set of
question numbers, 0-based: what the exhaustive checks enumerate), ``"random"`` (seeded), or
``"adversarial"`` (Ari: "don't know" as early as possible; Val: the answer, truthful or a lie the
budget still allows, that leaves the guesser the most Berlekamp volume).

For a fixed secret character and a deterministic guesser, a run is decided by the positions of
the lies and the "don't know" answers alone, so enumerating all position sets is an exhaustive check
over every possible behaviour of the chooser (:func:`check_all_runs`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from ..rules import check_int
from .minimum import volume
from .strategies import Guesser

__all__ = ["Chooser", "Honest", "Natan", "Ari", "Val", "Run", "play", "check_all_runs", "ExhaustiveReport"]


class Chooser:
    """Knows the secret character; answers questions (bit masks of the yes set)."""
    name = "chooser"
    all_at_once = False

    def __init__(self, secret: int):
        self.secret = check_int(secret, "secret", 0, 10**6)
        self.asked = 0

    def truth(self, mask: int) -> str:
        return "yes" if mask >> self.secret & 1 else "no"

    def answer(self, mask: int, guesser: Guesser | None = None) -> str:
        a = self._answer(mask, guesser)
        self.asked += 1
        return a

    def _answer(self, mask, guesser):
        return self.truth(mask)

    def answer_all(self, masks: list[int]) -> list[str]:
        return [self.answer(m) for m in masks]


class Honest(Chooser):
    name = "honest"


class Natan(Chooser):
    """Answers truthfully, but only a complete list of questions (non-adaptive guesser)."""
    name = "NATAN"
    all_at_once = True

    def answer(self, mask, guesser=None):
        raise RuntimeError("NATAN answers all the questions at once: use answer_all(questions)")

    def answer_all(self, masks):
        self.asked += len(masks)
        return [self.truth(m) for m in masks]


def _positions(positions, limit_name, limit):
    pos = frozenset(positions)
    if len(pos) > limit:
        raise ValueError(f"positions must contain at most {limit_name} = {limit} question numbers, got {len(pos)}")
    if any(not isinstance(p, int) or p < 0 for p in pos):
        raise ValueError("positions must be non-negative question numbers (0-based)")
    return pos


class _Misbehaving(Chooser):
    def __init__(self, secret, limit, mode, positions, seed, rate, limit_name, all_at_once):
        super().__init__(secret)
        self.limit = check_int(limit, limit_name, 0, 50)
        if mode not in ("adversarial", "random", "positions"):
            raise ValueError(f"mode must be 'adversarial', 'random' or 'positions', got {mode!r}")
        self.mode = "positions" if positions is not None else mode
        self.positions = _positions(positions, limit_name, limit) if positions is not None else None
        self.rng = random.Random(seed)
        self.rate = rate
        self.used = 0
        self.all_at_once = all_at_once

    def _misbehave_now(self, mask, guesser) -> bool:
        if self.used >= self.limit:
            return False
        if self.mode == "positions":
            return self.asked in self.positions
        if self.mode == "random":
            return self.rng.random() < self.rate
        return self._adversarial(mask, guesser)

    def _answer(self, mask, guesser):
        if self._misbehave_now(mask, guesser):
            self.used += 1
            return self._bad(mask)
        return self.truth(mask)


class Ari(_Misbehaving):
    """Says "don't know" at most ``max_unknown`` times."""
    name = "ARI"

    def __init__(self, secret, max_unknown: int = 1, mode: str = "adversarial", positions=None,
                 seed=None, rate: float = 0.3, all_at_once: bool = False):
        super().__init__(secret, max_unknown, mode, positions, seed, rate, "max_unknown", all_at_once)

    def _bad(self, mask):
        return "?"

    def _adversarial(self, mask, guesser):
        return True                       # as early as possible: the information is lost for sure


class Val(_Misbehaving):
    """Lies at most ``max_lies`` times."""
    name = "VAL"

    def __init__(self, secret, max_lies: int = 1, mode: str = "adversarial", positions=None,
                 seed=None, rate: float = 0.3, all_at_once: bool = False):
        super().__init__(secret, max_lies, mode, positions, seed, rate, "max_lies", all_at_once)
        self._lies_vs: dict[int, int] | None = None      # lies each character would imply

    def _bad(self, mask):
        return "no" if self.truth(mask) == "yes" else "yes"

    def answer(self, mask, guesser=None):
        a = super().answer(mask, guesser)
        if self._lies_vs is not None:
            self._track(mask, a)
        return a

    def _track(self, mask, a):
        for i in list(self._lies_vs):
            if bool(mask >> i & 1) != (a == "yes"):
                self._lies_vs[i] += 1

    def _adversarial(self, mask, guesser):
        """Lie when the lie leaves more Berlekamp volume than the truth (ties: tell the truth)."""
        n = guesser.n if guesser is not None else max(self.secret + 1, mask.bit_length())
        if self._lies_vs is None:
            self._lies_vs = {i: 0 for i in range(n)}
        budget = guesser.budget if guesser is not None else self.asked + 1
        q_left = max(budget - self.asked - 1, 0)

        def vol_after(ans):
            counts = [0] * (self.limit + 1)
            for i, l in self._lies_vs.items():
                l2 = l + (bool(mask >> i & 1) != (ans == "yes"))
                if l2 <= self.limit:
                    counts[l2] += 1
            return volume(tuple(counts), q_left)

        truth = self.truth(mask)
        return vol_after(self._bad(mask)) > vol_after(truth)


@dataclass
class Run:
    """One game: the questions, the answers, the guesser's log and its verdict."""
    secret: int
    questions: list[int]
    answers: list[str]
    guess: int | None
    log: list[str] = field(default_factory=list)

    @property
    def correct(self) -> bool:
        return self.guess == self.secret

    @property
    def used(self) -> int:
        return len(self.questions)


def play(guesser: Guesser, chooser: Chooser, max_questions: int | None = None) -> Run:
    """Play one game.  A predetermined guesser facing an all-at-once chooser (NATAN) hands in all
    its questions first; an adaptive guesser cannot play NATAN (``ValueError``)."""
    limit = guesser.budget if max_questions is None else check_int(max_questions, "max_questions", 0, 10**4)
    if chooser.all_at_once:
        if not guesser.predetermined:
            raise ValueError(f"{chooser.name} answers all questions at once: the guesser must be predetermined")
        qs = [guesser.next_question() for _ in range(len(guesser.questions))]
        answers = chooser.answer_all(qs)
        for a in answers:
            guesser.receive(a)
    else:
        while len(guesser.asked) < limit:
            q = guesser.next_question()
            if q is None:
                break
            guesser.receive(chooser.answer(q, guesser))
    return Run(chooser.secret, list(guesser.asked), list(guesser.answers), guesser.result(), list(guesser.log))


@dataclass(frozen=True)
class ExhaustiveReport:
    runs: int
    failures: tuple            # (secret, lie positions, erasure positions) that went wrong
    most_questions: int

    @property
    def ok(self) -> bool:
        return not self.failures


def check_all_runs(make_guesser, n: int, lies: int = 0, erasures: int = 0, horizon: int | None = None,
                   all_at_once: bool = False) -> ExhaustiveReport:
    """Play every secret against every placement of at most ``lies`` lies and at most ``erasures``
    "don't know" answers among the first ``horizon`` questions (default: the guesser's budget),
    and report the runs that failed to identify the secret within budget."""
    check_int(n, "n", 1, 4096)
    check_int(lies, "lies", 0, 5)
    check_int(erasures, "erasures", 0, 5)
    budget = make_guesser().budget
    horizon = budget if horizon is None else horizon
    patterns = []
    for nl in range(lies + 1):
        for lie_pos in combinations(range(horizon), nl):
            rest = [p for p in range(horizon) if p not in lie_pos]
            for ne in range(erasures + 1):
                for er_pos in combinations(rest, ne):
                    patterns.append((lie_pos, er_pos))
    failures, runs, most = [], 0, 0
    for secret in range(n):
        for lie_pos, er_pos in patterns:
            g = make_guesser()
            chooser = _Scripted(secret, set(lie_pos), set(er_pos), all_at_once)
            run = play(g, chooser)
            runs += 1
            most = max(most, run.used)
            if not run.correct or run.used > budget:
                failures.append((secret, lie_pos, er_pos))
    return ExhaustiveReport(runs, tuple(failures), most)


class _Scripted(Chooser):
    """Lies at ``lie_pos`` and says "don't know" at ``er_pos`` (0-based question numbers)."""
    name = "scripted"

    def __init__(self, secret, lie_pos, er_pos, all_at_once):
        super().__init__(secret)
        self.lie_pos, self.er_pos, self.all_at_once = lie_pos, er_pos, all_at_once

    def answer(self, mask, guesser=None):
        t = self.truth(mask)
        k = self.asked
        self.asked += 1
        if k in self.er_pos:
            return "?"
        if k in self.lie_pos:
            return "no" if t == "yes" else "yes"
        return t

    def answer_all(self, masks):
        return [self.answer(m) for m in masks]
