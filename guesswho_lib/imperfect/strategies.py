"""The guesser's strategies against imperfect choosers (Paz & Peterfreund, sections 3-5).

A guesser works on characters ``0 .. n-1``; a question is the bit mask of its *yes* set (turn it
into words with :func:`guesswho_lib.board.questions.describe`).  Answers are ``"yes"``,
``"no"`` or ``"?"`` ("don't know").  Every guesser has the same small interface:

* ``next_question()`` -> mask, or ``None`` when it has finished;
* ``receive(answer)``;
* ``result()`` -> the identified character, or ``None``;
* ``log`` -> human-readable decoding steps (what the widget shows).

Strategies:

* :class:`BinarySearch` (Theorem 4): halve the candidates; after "don't know" ask again.
* :class:`Predetermined` (Theorems 5, 8, 12): the questions of a code, all fixed in advance (so
  NATAN can answer them at once); decoded by filling erasures / correcting lies.
* :class:`LiarSearch` (beyond the paper): the optimal adaptive strategy of Ulam's liar game found
  by :mod:`guesswho_lib.imperfect.minimum`.
"""

from __future__ import annotations

from ..rules import check_int, plural
from ..board.traits import members as _members
from .codes import Code, binary_code, bits_needed, hamming_code, parity_code
from .minimum import best_question

__all__ = ["Guesser", "BinarySearch", "Predetermined", "LiarSearch", "natan_strategy", "ari_strategy",
           "val_strategy", "ANSWERS"]

ANSWERS = ("yes", "no", "?")


def _answer(a) -> str:
    if a is True:
        return "yes"
    if a is False:
        return "no"
    if a is None:
        return "?"
    if a in ANSWERS:
        return a
    raise ValueError(f"answer must be 'yes', 'no' or '?' (or True/False/None), got {a!r}")


class Guesser:
    """Common bookkeeping: the questions asked, the answers, and a decoding log."""

    predetermined = False

    def __init__(self, n: int, budget: int):
        self.n = check_int(n, "n", 1, 10**6)
        self.budget = budget
        self.asked: list[int] = []
        self.answers: list[str] = []
        self.log: list[str] = []

    def next_question(self) -> int | None:          # pragma: no cover - overridden
        raise NotImplementedError

    def receive(self, answer) -> None:
        if len(self.answers) >= len(self.asked):
            raise RuntimeError("receive() called without a pending question")
        self.answers.append(_answer(answer))
        self._update(self.asked[-1], self.answers[-1])

    def _update(self, mask: int, answer: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def result(self) -> int | None:                  # pragma: no cover - overridden
        raise NotImplementedError

    def _ask(self, mask: int) -> int:
        self.asked.append(mask)
        return mask


class BinarySearch(Guesser):
    """Theorem 4: ask about half of the remaining candidates; repeat the question after "?".

    Uses ceil(log2 n) questions against an honest chooser, plus one per "don't know".
    """

    def __init__(self, n: int, erasures: int = 0):
        super().__init__(n, bits_needed(n) + check_int(erasures, "erasures", 0, 50))
        self.candidates = (1 << n) - 1

    def next_question(self):
        if bin(self.candidates).count("1") <= 1:
            return None
        if self.answers and self.answers[-1] == "?":
            return self._ask(self.asked[-1])
        members = list(_members(self.candidates))
        half = members[: len(members) // 2]
        return self._ask(sum(1 << i for i in half))

    def _update(self, mask, answer):
        before = bin(self.candidates).count("1")
        if answer == "yes":
            self.candidates &= mask
        elif answer == "no":
            self.candidates &= ~mask
        after = bin(self.candidates).count("1")
        self.log.append(f"answer {answer}: {before} -> {after} candidates" if answer != "?" else
                        "answer don't know: nothing learned, the question will be asked again")

    def result(self):
        c = list(_members(self.candidates))
        return c[0] if len(c) == 1 else None


class Predetermined(Guesser):
    """Theorems 5, 8 and 12: character i has codeword v_i; question l is {i : v_i[l] = 1}.

    ``lies`` wrong answers and ``erasures`` "don't know" answers are survived when the code's
    minimum distance is at least 2 * lies + erasures + 1.  The decoder returns the unique character
    whose codeword agrees with the answers except in at most ``lies`` known places.
    """

    predetermined = True

    def __init__(self, code: Code, lies: int = 0, erasures: int = 0):
        check_int(lies, "lies", 0, 50)
        check_int(erasures, "erasures", 0, 50)
        if code.min_distance() < 2 * lies + erasures + 1:
            raise ValueError(f"code must have minimum distance >= 2*lies + erasures + 1 = "
                             f"{2 * lies + erasures + 1}, got {code.min_distance()}")
        super().__init__(code.size, code.length)
        self.code, self.lies, self.erasures = code, lies, erasures
        self.questions = code.questions()
        self._decoded = 0 if code.length == 0 else None      # one character: nothing to ask

    def all_questions(self) -> list[int]:
        return list(self.questions)

    def next_question(self):
        if len(self.asked) < len(self.questions):
            return self._ask(self.questions[len(self.asked)])
        return None

    def _update(self, mask, answer):
        l = len(self.answers)
        bits = [None if a == "?" else int(a == "yes") for a in self.answers]
        alive = sum(1 for w in self.code.words
                    if sum(b is not None and b != w[t] for t, b in enumerate(bits)) <= self.lies)
        self.log.append(f"after question {l} ({answer}): {plural(alive, 'character')} "
                        + ("agrees" if alive == 1 else "agree") + " with the answers so far"
                        + (f" up to {plural(self.lies, 'lie')}" if self.lies else ""))
        if l == len(self.questions):
            self._decode()

    def _decode(self):
        received = tuple(None if a == "?" else int(a == "yes") for a in self.answers)
        self.log.append("answers as bits: " + "".join("?" if b is None else str(b) for b in received))
        erased = [l for l, b in enumerate(received) if b is None]
        if erased and self.code.name.startswith("binary + parity") and len(erased) == 1:
            l = erased[0]
            fill = sum(b for b in received if b is not None) % 2
            self.log.append(f"parity check: the number of 1s must be even, so the '?' in position {l + 1} is {fill}")
        if self.code.name.startswith("shortened Hamming") and not erased:
            syndrome = 0
            for pos, b in enumerate(received, start=1):
                if b:
                    syndrome ^= pos
            self.log.append(f"syndrome (XOR of the positions of the 1s) = {syndrome}: " +
                            ("no lie detected" if syndrome == 0 else
                             f"the answer to question {syndrome} was a lie" if syndrome <= len(received)
                             else "more than one lie"))
        for t in range(self.lies + 1):
            close = self.code.consistent(received, t)
            self.log.append(f"characters within {plural(t, 'lie')} of these answers: {close}")
        self._decoded = self.code.decode(received, self.lies)

    def result(self):
        return self._decoded


class LiarSearch(Guesser):
    """Optimal adaptive play against at most ``lies`` lies and ``erasures`` "don't know" answers,
    following the exact liar-game search (state = numbers of characters with 0, 1, ... lies)."""

    def __init__(self, n: int, lies: int = 1, erasures: int = 0, questions: int | None = None):
        from .minimum import minimum_questions
        check_int(lies, "lies", 0, 10)
        check_int(erasures, "erasures", 0, 50)
        q = minimum_questions(n, lies, erasures).value if questions is None else questions
        super().__init__(n, q)
        self.lies, self.erasures = lies, erasures
        self.lie_count = {i: 0 for i in range(n)}     # candidates and the lies they imply
        self.erasures_left = erasures

    def state(self) -> tuple[int, ...]:
        counts = [0] * (self.lies + 1)
        for v in self.lie_count.values():
            counts[v] += 1
        return tuple(counts)

    def next_question(self):
        if len(self.lie_count) <= 1:
            return None
        q_left = self.budget - len(self.asked)
        x = best_question(self.state(), q_left, self.lies, self.erasures_left)
        if x is None:
            raise RuntimeError(f"no winning question from state {self.state()} with {q_left} questions left")
        mask = 0
        for cls, k in enumerate(x):
            members = sorted(i for i, v in self.lie_count.items() if v == cls)
            for i in members[:k]:
                mask |= 1 << i
        return self._ask(mask)

    def _update(self, mask, answer):
        if answer == "?":
            self.erasures_left -= 1
            self.log.append(f"answer don't know: state stays {self.state()}")
            return
        says_yes = answer == "yes"
        for i in list(self.lie_count):
            if bool(mask >> i & 1) != says_yes:
                self.lie_count[i] += 1
                if self.lie_count[i] > self.lies:
                    del self.lie_count[i]
        self.log.append(f"answer {answer}: state (characters with 0, 1, ... lies) = {self.state()}")

    def result(self):
        return next(iter(self.lie_count)) if len(self.lie_count) == 1 else None


def natan_strategy(n: int) -> Predetermined:
    """Theorem 5 / Corollary 6: ceil(log2 n) predetermined questions (binary code)."""
    return Predetermined(binary_code(n))


def ari_strategy(n: int) -> Predetermined:
    """Theorem 8 + Lemma 9 / Corollary 10: ceil(log2 n) + 1 questions, one "don't know"."""
    return Predetermined(parity_code(n), erasures=1)


def val_strategy(n: int) -> Predetermined:
    """Theorem 12 + Lemma 13 / Corollary 14: a distance-3 code (shortened Hamming), one lie."""
    return Predetermined(hamming_code(n), lies=1)
