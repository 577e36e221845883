"""Exercises for lesson 05: the continuous limit, gently (Nica, sections 1.2 and 3: scaling, log-periodicity,
the first-mover band between 5/8 and 2/3).

Every right answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.any_size import P
from guesswho_lib.papers.nica import p_inf
from ..reader.answers import Exact, Tuple, Whole, YesNo
from ..reader.framework import Answer, exercise

RULES = "nica"

E1_STATE = (12, 20)                                   # 05.1: which board has the same p_inf?
E1_CHOICES = ((6, 12), (24, 40), (15, 23), (36, 40))
E2_CHOICES = (16, 21, 27, 32)                         # 05.2: smallest P(N, N) among these
E3_RANGE = (64, 128)                                  # 05.3: smallest P(N, N) in this range
E4_GAP = Fraction(1, 1_000_000)                       # 05.4: first N with P(N, N) - p_inf(N, N) below this
# The way into 05.4, in three checked steps: the gap at one N, then the first N below a thousandth and below a ten
# thousandth (how far N moves when the target is ten times smaller tells where to look for a millionth).
STEP_N = 12                                           # 05.4a
STEP_GAPS = (Fraction(1, 1000), Fraction(1, 10_000))  # 05.4b, 05.4c


def _pnn(n: int) -> Fraction:
    return P(n, n, RULES)


@exercise("05-zooming-out", "Zooming out", level=1, kind=Tuple(Whole(), Whole(), what="a board state (n, m)"),
          about=f"the board among {', '.join(map(str, E1_CHOICES))} with the same p_inf as {E1_STATE}",
          hint="In the continuous game doubling (or halving) BOTH pools changes nothing.")
def _():
    right = [c for c in E1_CHOICES if p_inf(*c) == p_inf(*E1_STATE)]
    n, m = E1_STATE

    def explain(state):
        if state not in E1_CHOICES:
            return f"that is not one of the four boards {', '.join(map(str, E1_CHOICES))}."
        a, b = state
        if Fraction(a, n) != Fraction(b, m):
            return (f"from {E1_STATE} to {state} the two pools are multiplied by different factors: that changes "
                    "the game.")
        return "multiplying both pools by the same factor is not always enough: only doubling is sure to work."
    return Answer(*right, explain=explain)


@exercise("05-bottom-of-the-wave", "The bottom of the wave", level=1, kind=Whole("a board size N"),
          about=f"the N among {', '.join(map(str, E2_CHOICES))} with the smallest P(N, N)",
          hint="Find where each N sits inside its doubling (between which powers of two?), then look at the wave of "
               "section 3: where inside a doubling is it highest, and where does it dip lowest?")
def _():
    low = min(_pnn(N) for N in E2_CHOICES)
    right = [N for N in E2_CHOICES if _pnn(N) == low]
    wrong = {N: "that is a power of two: the top of the wave, not the bottom." for N in E2_CHOICES if N & (N - 1) == 0}
    wrong |= {N: "where does that N sit inside its doubling, and is that where the wave of section 3 dips lowest?"
              for N in E2_CHOICES if N not in right and N not in wrong}
    return Answer(*right, wrong=wrong,
                  explain=lambda N: None if N in E2_CHOICES else
                  f"{N} is not one of {', '.join(map(str, E2_CHOICES))}.")


@exercise("05-bottom-of-one-doubling", "The bottom of one doubling", level=2, kind=Whole("a board size N"),
          about=f"the N from {E3_RANGE[0]} to {E3_RANGE[1]} with the smallest P(N, N)",
          hint="Predict from the wave where inside the doubling the bottom lies, as a board size; then compare P(N, N) "
               "at your prediction and at its neighbours on both sides.")
def _():
    lo, hi = E3_RANGE
    values = {N: _pnn(N) for N in range(lo, hi + 1)}
    low = min(values.values())

    def explain(N):
        return f"N must be between {lo} and {hi}." if N not in values else None
    return Answer(*[N for N, v in values.items() if v == low],
                  wrong={lo: "that is a power of two, the TOP of the wave.", hi: "that is a power of two, the TOP "
                         "of the wave."}, explain=explain)


def _gap(N: int) -> Fraction:
    return _pnn(N) - p_inf(N, N)


def _first_below(gap: Fraction) -> int:
    """The smallest N >= 2 with P(N, N) - p_inf(N, N) < ``gap``."""
    N = 2
    while _gap(N) >= gap:
        N += 1
    return N


@exercise("05-gap-at-one-board", "A way in: the gap at one board", level=2, step=True, kind=Exact(),
          about=f"the gap P(N, N) - p_inf(N, N) at N = {STEP_N}",
          hint="Both values are exact fractions in the library: the real game's chance with Nica's rules, and the "
               "continuous game's. Subtract the second from the first.")
def _():
    return Answer(_gap(STEP_N), wrong={
        _pnn(STEP_N): "that is P(N, N) alone; the gap is what it has above p_inf(N, N).",
        p_inf(STEP_N, STEP_N): "that is p_inf(N, N) alone; the gap is what P(N, N) has above it.",
    })


def _within(key: str, title: str, level: int, gap: Fraction, hint: str, step: bool = False) -> None:
    """Register an exercise asking for the smallest N with P(N, N) - p_inf(N, N) < ``gap`` (05.4 and two steps of
    its way in)."""
    exercise(key, title, level=level, kind=Whole("a board size N"), step=step,
             about=f"the smallest N with P(N, N) - p_inf(N, N) < {gap}", hint=hint)(lambda: Answer(_first_below(gap)))


_within("05-within-a-thousandth", "A way in: within a thousandth", 2, STEP_GAPS[0],
        "A for loop over N from 2 that works out the gap at each N as in step 05.4a; an if inside it prints N and "
        "stops the loop (break) the first time the gap is below Fraction(1, 1000).", step=True)
_within("05-ten-times-closer", "A way in: ten times closer", 2, STEP_GAPS[1],
        "The loop of step 05.4b with a smaller target. Then compare the two N: by about what factor did N grow when "
        "the target became ten times smaller?", step=True)
_within("05-within-a-millionth", "When is the real game within a millionth of the limit?", 3, E4_GAP,
        "Section 4 prints the gap at a few N, and says how it shrinks as N grows: estimate where it falls below a "
        "millionth, then let a loop check every N up to your estimate, keeping everything a Fraction.")


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, the second on a new board) --
TICKET_BOARD = (7, 3)     # 05.6: the limit along (7, 3), (14, 6), (28, 12), ..., chosen from four numbers it states
TICKET_DOUBLING = 11      # 05.5: P(N, N) across the doubling from 2^11 to 2^12


@exercise("05-ticket-does-it-settle", "Exit ticket: does P(N, N) settle?", level=1, kind=YesNo(),
          about="whether P(N, N) settles down to one number as N grows (Nica's rules)",
          hint="Think of the wave of section 3: what happens to it in each doubling?")
def _():
    low = 2 ** TICKET_DOUBLING
    values = [_pnn(N) for N in range(low, 2 * low + 1, low // 8)]
    return Answer("no" if max(values) - min(values) > Fraction(1, 50) else "yes",
                  wrong={"yes": "the wave of section 3 comes back in every doubling, however big N is."})


def _ticket_choices() -> tuple:
    """The four numbers 05.6 chooses from: P at the first two boards, p_inf at the board and at its mirror image."""
    n, m = TICKET_BOARD
    return P(n, m, RULES), P(2 * n, 2 * m, RULES), p_inf(n, m), p_inf(m, n)


def _ticket_about() -> str:
    """What 05.6 asks: the four numbers, then the board and its first two doublings of both pools."""
    *three, last = _ticket_choices()
    ray = [(k * TICKET_BOARD[0], k * TICKET_BOARD[1]) for k in (1, 2, 4)]
    return (f"the number among {', '.join(map(str, three))} and {last} that P(n, m) approaches along "
            f"{', '.join(map(str, ray))}, ... (Nica's rules)")


@exercise("05-ticket-limit-along-doublings", "Exit ticket: a limit along doublings",
          level=1, kind=Exact(probability=True), about=_ticket_about(),
          hint="Section 2 names the number that the chances along the doublings of a board approach.")
def _():
    n, m = TICKET_BOARD
    first, second, limit, mirror = _ticket_choices()
    return Answer(limit, wrong={
        first: "that is where the chances start, at the first board; the question is where they end up.",
        second: "that is the chance at the second board; do the chances stop moving there?",
        mirror: f"which player has {n} suspects, and which has {m}? Read p_inf's two numbers in that order.",
    })


# ---- the challenge: optional, beyond the stretch, for those who finish early or at home ----------------------------
CHALLENGE_LIMIT = 10 ** 12     # 05.7: the N with 2 <= N <= this where P(N, N) (Nica's rules) is smallest


def _bottom(low: int, high: int) -> int:
    """The N with low <= N <= high, inside one doubling 2^k < N <= 2^(k+1), where P(N, N) is smallest.  There
    P(N, N) = 1 - 2^k/N + (2/3)(4^k + 2)/N^2 (Nica, Theorem 1.1, equation (1.2) with n = m): a convex quadratic in
    1/N, smallest at N = 4(4^k + 2)/(3 * 2^k), so among whole N only the two around that point, or an end of the
    range, can be smallest."""
    k = (high - 1).bit_length() - 1
    vertex = 4 * (4 ** k + 2) // (3 * 2 ** k)
    candidates = {low, high} | {N for N in (vertex, vertex + 1) if low <= N <= high}
    return min(sorted(candidates), key=_pnn)


def doubling_bottoms(limit: int) -> list[int]:
    """The N where P(N, N) (Nica's rules) is smallest in each doubling 2^k < N <= 2^(k+1) that meets 2 <= N <=
    ``limit`` (the last one cut at ``limit``), smallest k first."""
    return [_bottom(max(2 ** k + 1, 2), min(2 ** (k + 1), limit)) for k in range((limit - 1).bit_length())]


@exercise("05-challenge-lowest-point", "Challenge: the lowest point below a million million",
          level=4, kind=Whole("a board size N"),
          about="the N with 2 <= N <= 10^12 at which P(N, N) (Nica's rules) is smallest",
          hint="Two things to find with small loops: where inside each doubling the bottom of the wave sits, compared "
               "with the doubling's power of two (follow it through several doublings), and whether the bottoms of "
               "different doublings are equally low. Then, near where you expect the answer, compare P(N, N) "
               "exactly at a few whole numbers.")
def _():
    bottoms = doubling_bottoms(CHALLENGE_LIMIT)
    lowest = min(bottoms, key=_pnn)
    earlier = {N: "that is the bottom of the wave in an earlier doubling; are the bottoms of all doublings equally "
                  "low?" for N in bottoms if N != lowest and N & (N - 1)}
    powers = {2 ** k: "that is a power of two: the TOP of the wave, not the bottom."
              for k in range(1, CHALLENGE_LIMIT.bit_length())}

    def explain(N):
        if not 2 <= N <= CHALLENGE_LIMIT:
            return "N must be a whole number from 2 to 10^12."
        return None
    return Answer(lowest, wrong={**powers, **earlier, CHALLENGE_LIMIT: "that is the end of the range, not the "
                                 "bottom of a wave."}, explain=explain)
