"""The real board with two-trait questions: our theorem on complete sets (beyond the papers) and what it gives on
the shipped board, each with a computational check.

The theorem and its proof are in :mod:`guesswho_lib.board.complete`.  Two claims:

* ``board.complete.theorem``: the solver by classes (one class per size for the complete sets), which the theorem
  justifies, gives the value of the set-by-set solver at every pair of reachable sets, on boards where the latter
  fits, under every rule set the theorem covers; and the theorem's inequalities hold there state by state;
* ``board.pairs.idealised``: on the shipped 24-character board, with "A and B" / "A or B" questions, every one of
  the 2^24 - 1 sets of suspects is complete, so every state has the idealised value (5/9 at the start).

``N`` (the size of the idealised tables elsewhere in the report) plays no part: the boards are fixed, so each check
runs once and a lesson's statement that restates it reads the same result (cache: the last result of each, emptied
by ``gw.clear_caches()``).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...board.complete import completeness
from ...board.solver import solve_board
from ...board.traits import load_board
from ...caches import bounded_lru_cache
from ...game.solver import solve
from ..registry import Check, Register

register = Register(__name__)

SRC = "this library (complete sets, guesswho_lib.board.complete)"
#: Sub-boards of the shipped board (first character, last character + 1, traits or None for all) small enough for
#: both solvers, and the question sets checked on them.
SUB_BOARDS = ((0, 12, None, "pairs"), (4, 16, ("glasses", "hat", "beard", "earrings", "smiling"), "pairs"),
              (4, 16, ("glasses", "hat", "beard", "earrings", "smiling"), "traits"), (0, 24, None, "traits"))
RULES = ("official", "nica", "merciful")


def _agreement(board, kind, rules) -> str:
    """'' when both methods agree at every pair of reachable sets and the inequalities of the theorem hold there;
    else the first disagreement in words."""
    old = solve_board(board, kind, rules, method="sets")
    new = solve_board(board, kind, rules, method="complete")
    cls = np.array([new.classes.index(int(s)) for s in old.sets])
    old_A = old.table[:old.sets.size].astype(np.int64)
    diff = np.argwhere(new.table[np.ix_(cls, cls)] != old_A)
    if diff.size:
        t, s = map(int, diff[0])
        return (f"{sorted(board.names_in(int(old.sets[s])))} against {sorted(board.names_in(int(old.sets[t])))}: "
                f"A = {int(old_A[t, s])} set by set, {int(new.table[cls[t], cls[s]])} by classes")
    # (iv): holding a complete set is worth at least P, facing one at most P (A = |S||T| P, rows are T)
    ideal = solve(board.n, rules).A
    size = np.bitwise_count(old.sets.astype(np.uint64)).astype(np.int64)
    P = ideal[size[None, :], size[:, None]]
    comp = np.array([bool(new.classes.completeness.is_complete(int(s))) for s in old.sets])
    valid = ~((size[None, :] == 1) & (size[:, None] == 1)) if rules == "nica" else np.ones(P.shape, bool)
    low = valid & comp[None, :] & (old_A < P)
    high = valid & comp[:, None] & (old_A > P)
    for name, bad in (("holding a complete set is worth less than P", low),
                      ("facing a complete set is worth more than P", high)):
        if bad.any():
            t, s = map(int, np.argwhere(bad)[0])
            return (f"{sorted(board.names_in(int(old.sets[s])))} against "
                    f"{sorted(board.names_in(int(old.sets[t])))}: {name}")
    return ""


@register.claim("board.complete.theorem",
       "Complete sets (beyond the papers): call a set of suspects complete if it has at most one member, or if for "
       "every a <= |S|/2 some question splits it into complete parts of sizes a and |S| - a. Under the official, "
       "Nica's and merciful rules a complete set is the best set of its size to hold and the worst to face; complete "
       "sets of one size are interchangeable; V(S, T) = P(|S|, |T|) when both are complete; holding a complete set "
       "is worth at least P(|S|, |T|), facing one at most. So a table with one row per size for the complete sets "
       "and one per other set gives every value.",
       SRC, version="extension",
       note="Proved in guesswho_lib.board.complete (induction on |S| + |T|). Checked: the solver by classes against "
            "the set-by-set solver at every pair of reachable sets, and the inequalities against P, on sub-boards "
            "of the shipped board.")
def _theorem(N):
    return _theorem_on_fixed_boards()


@bounded_lru_cache(1, "claims.board: the complete-sets theorem on fixed boards")
def _theorem_on_fixed_boards():
    looked = []
    for lo, hi, traits, kind in SUB_BOARDS:
        board = load_board()
        board = board.sub_board(board.names[lo:hi], traits)
        for rules in RULES:
            if (rules == "merciful" and board.n > 12) or (rules == "nica" and not board.distinguishable()):
                continue          # merciful: every subset is reachable (2^24 sets); nica: two characters alike
            what = f"characters {lo + 1}-{hi}, {board.m} traits, {kind!r}, {rules}"
            looked.append(what)
            bad = _agreement(board, kind, rules)
            if bad:
                return Check(False, "; ".join(looked), f"{what}: {bad}")
    return Check(True, f"every pair of reachable sets, {len(looked)} boards x rule sets (12 characters with pairs; "
                       f"12 characters and 5 traits; the whole board with one-trait questions)",
                 detail="; ".join(looked))


@register.claim("board.pairs.idealised",
       "Two-trait questions on the shipped 24-character board (beyond the papers): with 'A and B' / 'A or B' "
       "questions (negations allowed) every one of the 2^24 - 1 sets of suspects is complete, so every state has "
       "the idealised value P(|S|, |T|): the first player wins with probability 5/9 under the official rules, "
       "91/144 under Nica's, 2/3 under the merciful ones (one-trait questions: 9/16 official).",
       SRC, version="extension",
       note="Every subset checked (a count over 2^24 sets); the values then follow from the theorem "
            "board.complete.theorem.")
def _pairs(N):
    return _pairs_on_the_shipped_board()


@bounded_lru_cache(1, "claims.board: two-trait questions on the shipped board")
def _pairs_on_the_shipped_board():
    board = load_board()
    c = completeness(board, "pairs")
    if not c.all_complete:
        size = next(k for k, (done, total) in enumerate(c.counts) if done < total)
        return Check(False, "every subset of the shipped board", f"{c.counts[size][1] - c.counts[size][0]} sets of "
                     f"size {size} are not complete")
    for rules, start in (("official", Fraction(5, 9)), ("nica", Fraction(91, 144)), ("merciful", Fraction(2, 3))):
        got = solve_board(board, "pairs", rules).start
        ideal = solve(24, rules).P(24, 24)
        if not got == ideal == start:
            return Check(False, "the start under three rule sets", f"{rules}: {got} on the board, {ideal} idealised, "
                                                                    f"{start} stated")
    return Check(True, f"all {2 ** board.n - 1:,} non-empty subsets of the shipped board; the start under three "
                       f"rule sets")
