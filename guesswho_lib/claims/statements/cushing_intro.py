"""The claims of Cushing et al., section 1 about the OTHER rule sets, each checked against the exact solver.

The introduction reports two results of other papers: O'Neill's finding for merciful guessing ("the split-in-half
technique is in fact optimal") and a paraphrase of Nica's optimal strategy for the race-to-one rules ("if they have
more, then split-in-half; if they have fewer, then aim for the closest power of two which is less than theirs"),
with two remarks on Nica's game (a player with two suspects left always wins; guessing may as well be dropped).
Each is registered here (ids ``cushing.sec1.*``), and so are the modelling assumptions of section 1 (the report
lists assumptions in a section of their own).  Our full statement for the merciful rules is ``merciful.strategy``
(:mod:`.merciful`); Nica's own theorem is ``nica.thm1.1.*`` (:mod:`.nica`).
"""

from __future__ import annotations

import numpy as np

from ...board.traits import load_board
from ...rules import Rules
from ...game.solver import solve
from ...rules import split_A
from ..exact_tables import A_table
from .merciful import merciful_values
from ..registry import WRONG_STATEMENT, Check, Register

register = Register(__name__)

__all__ = ["NICA_WITH_GUESSING"]

_SEC1 = "Cushing et al., section 1"

#: Nica's race-to-one rules with the official guess added (a wrong guess loses): the variant Cushing et al. say
#: needs no guessing.
NICA_WITH_GUESSING = Rules("nica with guessing", "Race to one, plus guessing (a wrong guess loses)",
                           "Cushing et al., section 1", max_parts=2, guess="lose", one_left_wins=True)


@register.claim(
    "cushing.sec1.oneill",
    "Merciful guessing (a wrong guess only ends the turn): 'O'Neill finds that the split-in-half technique is "
    "in fact optimal', read as: at every state (n, m) where asking some question is an optimal move, the "
    "half split (floor(n/2), ceil(n/2)) is an optimal move.", _SEC1 + " (O'Neill's result, as reported)")
def _oneill(N):
    A, guess, half, question = merciful_values(N)
    some_question = (question == A)
    some_question[:2, :] = False
    some_question[:, 0] = False
    bad = some_question & (half != A)
    if bad.any():
        a, b = map(int, np.argwhere(bad)[0])
        return Check(False, f"1 <= n, m <= {N}", f"(n, m) = ({a}, {b}): a question is optimal but the half split "
                                                  f"is not")
    only_guess = int(((guess == A) & (question < A))[1:, 1:].sum())
    return Check(True, f"1 <= n, m <= {N}",
                 detail=f"at the other {only_guess} states a guess is strictly better than every question "
                        f"(n <= 3 or m <= 2; see merciful.strategy)")


@register.claim(
    "cushing.sec1.nica_two_left",
    "Nica's rules: a player always wins when they have two suspects left (on their turn, the opponent having "
    "m >= 2): P(2, m) = 1.", _SEC1)
def _two_left(N):
    A = A_table("nica", N)
    m = np.arange(2, N + 1)
    bad = np.nonzero(A[2, 2:] != 2 * m)[0]
    return Check(not len(bad), f"2 <= m <= {N}", f"m = {int(m[bad[0]])}: P(2, m) = {A[2, m[bad[0]]]}/{2 * m[bad[0]]}"
                 if len(bad) else "")


@register.claim(
    "cushing.sec1.nica_no_guessing",
    "Nica's rules: 'for this variant one may as well do away with the guessing mechanic entirely': adding the "
    "official guess (a wrong guess loses) to the race-to-one rules changes no value P(n, m).", _SEC1)
def _no_guessing(N):
    plain = A_table("nica", N)
    with_guess = np.asarray(solve(N, NICA_WITH_GUESSING).A, dtype=np.int64)
    bad = plain != with_guess
    bad[1, 1] = False                      # (1, 1) cannot occur under Nica's rules
    bad[0, :] = bad[:, 0] = False
    if bad.any():
        a, b = map(int, np.argwhere(bad)[0])
        return Check(False, f"1 <= n, m <= {N}", f"(n, m) = ({a}, {b}): n*m*P = {plain[a, b]} without guessing, "
                                                  f"{with_guess[a, b]} with it")
    return Check(True, f"1 <= n, m <= {N}, (n, m) != (1, 1)")


def _paraphrase_check(corrected: bool):
    """Is the paraphrased bid optimal at every state (m != n for the printed reading)?"""
    def check(N):
        A = A_table("nica", N)
        n = np.arange(N + 1)[:, None]
        m = np.arange(N + 1)[None, :]
        nn, mm = np.broadcast_arrays(n, m)
        low = np.ones_like(m)                               # the largest power of two below m (m >= 2)
        for k in range(1, N.bit_length() + 1):
            low = np.where(m - 1 >= 2 ** k, 2 ** k, low)
        if corrected:
            halve = nn <= 2 * low                       # n <= the smallest power of two >= m
            region = (nn >= 2) & (mm >= 2)
        else:
            halve = mm > nn
            region = (nn >= 2) & (mm >= 2) & (mm != nn)
        bid = np.where(halve, nn // 2, np.broadcast_to(low, nn.shape))
        bid = np.where(region, bid, 1)
        val = split_A(A, nn, mm, (bid, np.where(region, nn - bid, 1)))
        bad = region & (val != A)
        checked = f"2 <= n, m <= {N}" + ("" if corrected else ", m != n (the paraphrase leaves m = n open)")
        if bad.any():
            a, b = map(int, np.argwhere(bad)[0])
            return Check(False, checked, f"(n, m) = ({a}, {b}): the bid {int(bid[a, b])} wins with "
                                         f"{int(val[a, b])}/{a * b}, the optimum is {int(A[a, b])}/{a * b}",
                         f"{int(bad.sum())} failing states")
        return Check(True, checked)
    return check


register.claim_and_correction(
    "cushing.sec1.nica_paraphrase", _SEC1 + " (Nica's strategy, as paraphrased)",
    "The switch between the two bids is not where the opponent has fewer suspects: Nica's Theorem 1.1 bids the "
    "power of two only 'in the weeds', when n exceeds the smallest power of two >= m. For m < n <= that power "
    "(first (n, m) = (10, 9): the paraphrase bids 8, Nica halves) the half split is optimal and the power of two "
    "is not. (The paraphrase also leaves m = n open; there halving is optimal.)",
    ("Nica's rules: an optimal strategy is: if the opponent has more suspects (m > n), split in half; if they have "
     "fewer (m < n), ask about 'the closest power of two which is less than theirs', 2^floor(log2(m-1)).",
     _paraphrase_check(corrected=False)),
    ("Nica's rules, Theorem 1.1 in the paraphrase's words: if n is at most the smallest power of two >= m, split "
     "in half; otherwise ask about the largest power of two below m, 2^floor(log2(m-1)).",
     _paraphrase_check(corrected=True)),
    corrected_source=_SEC1 + " (corrected with Nica, Theorem 1.1)", severity=WRONG_STATEMENT)


# ---- the modelling assumptions of section 1 (a section of their own in the report) ----------------------------
@register.claim(
    "cushing.sec1.subsets", "Section 1 (assumed): a player can always ask about an arbitrary subset X of their "
    "remaining characters ('is the person in set X?'), so only the numbers n and m matter.", _SEC1,
    version="assumption")
def _subsets(N):
    board = load_board()
    names_distinct = len(set(board.names)) == board.n
    rows_distinct = len(set(board.rows)) == board.n
    ok = names_distinct and rows_distinct
    return Check(ok, f"the shipped {board.n}-character board",
                 "" if ok else ("two characters share a name" if not names_distinct else "two characters have "
                                "identical traits"),
                 "met by naming the characters of X, and also by a question about traits, since no two "
                 "characters have identical traits (see paz.assumption1.formulas)")
