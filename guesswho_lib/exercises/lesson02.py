"""Exercises for lesson 02: the (4, 4) exception and Theorem 2.1 (Cushing et al., sections 1-2)."""

from __future__ import annotations

import numbers
from fractions import Fraction

from ..papers.cushing import n_less
from ..game.rules import GUESS
from ..game.solver import cached_solution
from . import exercise
from .answers import Feedback, as_decision, capitalised, decision_problem, fraction_feedback


def _states_not_n_less(N: int) -> set:
    """States 2 <= n, m <= N where asking about n_< suspects is not optimal, from the exact solver."""
    t = cached_solution("official", N)
    return {(n, m) for n in range(2, N + 1) for m in range(2, N + 1)
            if t.value(n, m, (n_less(n), n - n_less(n))) != t.P(n, m)}


def _halving_cost(N: int):
    """(largest loss, states where it happens) of halving instead of playing optimally, 2 <= n, m <= N."""
    t = cached_solution("official", N)
    best, where = Fraction(-1), []
    for n in range(2, N + 1):
        for m in range(2, N + 1):
            loss = t.P(n, m) - t.value(n, m, (n // 2, n - n // 2))
            if loss > best:
                best, where = loss, [(n, m)]
            elif loss == best:
                where.append((n, m))
    return best, where


@exercise("02.1", "Halving at (4, 4)", level=1,
          hint="Ask about 2 of your 4: your opponent moves from (4, 2) either way. What is P(4, 2)?")
def _ex1(answer):
    t = cached_solution("official", 4)
    return fraction_feedback(answer, t.value(4, 4, (2, 2)), "your chance when you split [2 : 2] at (4, 4)", {
        t.P(4, 4): "that is the BEST you can do at (4, 4), but the question asks about the split [2 : 2].",
        1 - t.value(4, 4, (2, 2)): "that is your opponent's chance after your [2 : 2] question; you want yours.",
    })


@exercise("02.2", "The best question at (4, 4)", level=1,
          expects="the size k of the group to ask about (0 for a guess)",
          hint="Use the TrySplit widget: try k = 0 (guess), 1 and 2.")
def _ex2(answer):
    t = cached_solution("official", 4)
    best = [0 if mv is GUESS else mv[0] for mv in t.optimal_moves(4, 4)]
    k = as_decision(answer, 4)
    if k is None:
        return Feedback(False, decision_problem(answer, 4))
    if k in best:
        return Feedback(True, f"Ask about ONE suspect: the split [1 : 3] wins with probability {t.P(4, 4)}, "
                              f"more than halving ({t.value(4, 4, (2, 2))}).")
    why = {0: f"a guess wins only {t.value(4, 4, GUESS)}.",
           2: f"that is halving, the natural answer, but [2 : 2] wins only {t.value(4, 4, (2, 2))}: "
              "it leaves your opponent at (4, 2), from which they win often."}
    if k not in why:
        why[k] = f"it wins {t.value(4, 4, (k, 4 - k))}, less than the best, {t.P(4, 4)}."
    return Feedback(False, f"You chose k = {k}: " + why[k])


@exercise("02.3", "Find every exception", level=2, expects="a set of pairs (n, m) computed with the solver",
          hint="For each (n, m) with 2 <= n, m <= 40 compare t.value(n, m, (nl, n - nl)) with t.P(n, m), "
               "where nl = n_less(n) from guesswho_lib.papers.cushing.")
def _ex3(answer):
    right = _states_not_n_less(40)
    try:
        got = {(int(n), int(m)) for n, m in answer}
    except (TypeError, ValueError):
        return Feedback(False, f"Give a set (or list) of pairs (n, m), e.g. {{(4, 4), (5, 7)}}; you gave {answer!r}.")
    if got == right:
        return Feedback(True, f"Exactly {sorted(right)}: the three sporadic exceptions of Theorem 2.1, and no others "
                              "up to 40.")
    missing, extra = sorted(right - got), sorted(got - right)
    msg = []
    if missing:
        msg.append(f"you missed {missing}")
    if extra:
        t = cached_solution("official", 40)
        bad = [s for s in extra if not (2 <= s[0] <= 40 and 2 <= s[1] <= 40)]
        if bad:
            msg.append(f"{bad} are outside 2 <= n, m <= 40")
        ok = [s for s in extra if s not in bad]
        if ok:
            n, m = ok[0]
            msg.append(f"at {ok[0]} asking about n_< = {n_less(n)} IS optimal (value {t.P(n, m)})")
    return Feedback(False, capitalised("; ".join(msg) + "."))


@exercise("02.4", "n_< for a big board", level=2, expects="a whole number",
          hint="n_< = floor(n/4) + floor((n+1)/4) for n >= 3 (Theorem 2.1).")
def _ex4(answer):
    n = 2026
    right = n_less(n)
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return Feedback(False, f"Give a whole number, the size of the group to ask about; you gave {answer!r}.")
    if answer == right:
        return Feedback(True, f"2026_< = {right}: with 2026 suspects, ask about {right} of them, not {n // 2}.")
    if answer == n // 2:
        return Feedback(False, f"{answer} is halving. For n = 2 mod 4 Theorem 2.1 asks for one fewer.")
    if answer == n - right:
        return Feedback(False, f"{answer} is n_>, the other group. n_< is the smaller one.")
    return Feedback(False, f"{answer} is not n_< for n = {n}.")


@exercise("02.5", "Where does halving cost the most (neither player down to one suspect)?", level=3,
          expects="a pair (n, m)",
          hint="For every (n, m) with 2 <= n, m <= 30 compute P(n, m) - t.value(n, m, (n//2, n - n//2)).")
def _ex5(answer):
    loss, where = _halving_cost(30)
    try:
        n, m = (int(x) for x in answer)
    except (TypeError, ValueError):
        return Feedback(False, f"Give the board state as a pair (n, m); you gave {answer!r}.")
    if (n, m) in where:
        return Feedback(True, f"At {(n, m)} halving loses {loss} of win probability"
                              + (f" (tied with {[s for s in where if s != (n, m)]})." if len(where) > 1 else "."))
    t = cached_solution("official", 30)
    if not (2 <= n <= 30 and 2 <= m <= 30):
        return Feedback(False, f"{(n, m)} is outside the range 2 <= n, m <= 30.")
    mine = t.P(n, m) - t.value(n, m, (n // 2, n - n // 2))
    return Feedback(False, f"At {(n, m)} halving loses {mine}; somewhere else it loses {loss}.")
