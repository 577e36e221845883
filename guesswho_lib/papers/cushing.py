"""Cushing, Gipp, Levick, Rickinson and Stewart, "Optimal play in Guess Who?", section 2, as checked code.

Under the official rules (ask a yes/no question, or guess; a wrong guess loses), Theorem 2.1 says that
at board state (n, m) it is optimal to

* guess when n = 1 or m = 1;
* at (4, 4), (6, 4) and (10, 4) ask about a group of 1, 3 and 5 suspects respectively;
* everywhere else ask about a group of n_< suspects, where n_< = floor(n/4) + floor((n+1)/4)
  (and 2_< = 1).

Decisions follow the paper: an integer k with 1 <= k <= n/2 (ask "is your person among these k?"),
or 0 for a guess.  :func:`cushing` turns a decision into a move of this library: ``GUESS`` or the
split ``(k, n - k)``.  Everything is integer arithmetic, so it works for any board size.

Every statement of section 2 that can be checked is a claim in :mod:`guesswho_lib.claims.statements.cushing`
(ids ``cushing.*``), checked against the exact solver by ``python -m guesswho_lib verify --only cushing``.

>>> n_less(24), n_greater(24)
(12, 12)
>>> cushing(4, 4), cushing(24, 24), cushing(10**18 + 3, 7)
((1, 3), (12, 12), (500000000000000001, 500000000000000002))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import GUESS, check_int

__all__ = ["n_less", "n_greater", "n_less_as_printed", "n_greater_as_printed", "decision", "cushing", "EXCEPTIONS",
           "Table1Row", "TABLE_1", "TABLE_1_CORRECTED", "table1", "table1_row", "a004524"]

SOURCE = "Cushing et al., section 2"

#: The three sporadic states of Theorem 2.1 and the decision k played there instead of n_<.
EXCEPTIONS = {(4, 4): 1, (6, 4): 3, (10, 4): 5}


# ---- n_< and n_> (Theorem 2.1, Remark 2.2) -----------------------------------------------------------
def n_less_as_printed(n) -> int:
    """floor(n/4) + floor((n+1)/4), the printed formula for n_< (Theorem 2.1) without the n = 2 modification.

    >>> n_less_as_printed(2), n_less(2)
    (0, 1)
    """
    n = check_int(n, "n", 0)
    return n // 4 + (n + 1) // 4


def n_greater_as_printed(n) -> int:
    """floor((n+2)/4) + floor((n+3)/4), the printed formula for n_> (Remark 2.2 (ii)), no n = 2 modification.

    >>> n_greater_as_printed(2), n_greater(2)
    (2, 1)
    """
    n = check_int(n, "n", 0)
    return (n + 2) // 4 + (n + 3) // 4


def n_less(n) -> int:
    """n_< of Theorem 2.1: the size of the smaller group to ask about.

    n_< = floor(n/4) + floor((n+1)/4) for n >= 3, and 2_< = 1 (the paper's modification at n = 2:
    the formula would give 0).  Defined for n >= 2, the boards that can be split.

    >>> [n_less(n) for n in range(2, 11)]
    [1, 1, 2, 2, 2, 3, 4, 4, 4]
    """
    n = check_int(n, "n", 2)
    return 1 if n == 2 else n_less_as_printed(n)


def n_greater(n) -> int:
    """n_> of Remark 2.2 (ii): floor((n+2)/4) + floor((n+3)/4), the larger group, so (n_<, n_>) is a split.

    At n = 2 we set 2_> = 1 to match the modification 2_< = 1 (the printed formula gives 2, and then
    n_< + n_> = 3; see the claim ``cushing.rem2.2.ii``).

    >>> [n_greater(n) for n in range(2, 11)]
    [1, 2, 2, 3, 4, 4, 4, 5, 6]
    """
    n = check_int(n, "n", 2)
    return 1 if n == 2 else n_greater_as_printed(n)


def decision(n, m) -> int:
    """S(n, m) of Theorem 2.1 as the paper writes it: 0 = guess, k >= 1 = ask about a group of k.

    >>> decision(1, 5), decision(7, 1), decision(4, 4), decision(6, 4), decision(10, 4), decision(10, 5)
    (0, 0, 1, 3, 5, 4)
    """
    n = check_int(n, "n", 1)
    m = check_int(m, "m", 1)
    if n == 1 or m == 1:
        return 0
    return EXCEPTIONS.get((n, m)) or n_less(n)


def cushing(n, m):
    """The optimal strategy S(n, m) of Cushing et al., Theorem 2.1, as a strategy ``(n, m) -> move``.

    Returns ``GUESS`` for decision 0, otherwise the split ``(k, n - k)``.  Valid for all positive
    integers n, m (pure integer arithmetic; no upper bound, Remark 2.2 (i)).

    >>> cushing(1, 9), cushing(9, 1), cushing(2, 2), cushing(6, 4), cushing(6, 5)
    (GUESS, GUESS, (1, 1), (3, 3), (2, 4))
    """
    k = decision(n, m)
    return GUESS if k == 0 else (k, int(n) - k)


# ---- Table 1 (Lemma 2.3) ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Table1Row:
    """One printed row of Table 1: when it applies, and (n-k)_< = n_< - k_X + c, (n-k)_> = n_> - k_Y - c.

    ``less`` is ("k_>", c) or ("k_<", c) for the (n-k)_< column; ``greater`` likewise for (n-k)_>.
    """

    n_printed: str
    k_printed: str
    n_mod4: tuple          # residues of n mod 4 (empty: use n_equals)
    n_equals: int | None   # the row "n = 4"
    k_mod4: tuple          # residues of k mod 4
    k_at_least: int        # 3 for the first block, 2 for the k = 2 block
    k_equals: int | None
    less: tuple            # ("k_>" or "k_<", constant)
    greater: tuple

    def applies(self, n: int, k: int) -> bool:
        if self.k_equals is not None and k != self.k_equals:
            return False
        if k < self.k_at_least or k % 4 not in self.k_mod4:
            return False
        if self.n_equals is not None:
            return n == self.n_equals
        return n % 4 in self.n_mod4

    def values(self, n: int, k: int) -> tuple[int, int]:
        kk = {"k_<": n_less(k), "k_>": n_greater(k)}
        return (n_less(n) - kk[self.less[0]] + self.less[1],
                n_greater(n) - kk[self.greater[0]] + self.greater[1])


_ANY = (0, 1, 2, 3)

#: Table 1 of Cushing et al. (Lemma 2.3), row by row as printed.  The specific row "n = 4, k = 2"
#: comes before "n = 0, 2 mod 4, k = 2" (which it overrides).
TABLE_1 = (
    Table1Row("0", "any", (0,), None, _ANY, 3, None, ("k_>", 0), ("k_<", 0)),
    Table1Row("1", "0, 1", (1,), None, (0, 1), 3, None, ("k_<", 0), ("k_>", 0)),
    Table1Row("1", "2, 3", (1,), None, (2, 3), 3, None, ("k_<", -1), ("k_>", +1)),
    Table1Row("2", "any", (2,), None, _ANY, 3, None, ("k_<", 0), ("k_>", 0)),
    Table1Row("3", "0, 1", (3,), None, (0, 1), 3, None, ("k_>", 0), ("k_<", 0)),
    Table1Row("3", "2, 3", (3,), None, (2, 3), 3, None, ("k_>", +1), ("k_<", -1)),
    Table1Row("4", "2", (), 4, _ANY, 2, 2, ("k_>", 0), ("k_<", 0)),
    Table1Row("0, 2 mod 4", "2", (0, 2), None, _ANY, 2, 2, ("k_<", -1), ("k_>", +1)),
    Table1Row("1, 3 mod 4", "2", (1, 3), None, _ANY, 2, 2, ("k_>", 0), ("k_<", 0)),
)

#: Table 1 with its one wrong row repaired (claim ``cushing.table1``): the printed row "n = 0, 2 mod 4, k = 2"
#: is right for n = 0 mod 4 only; for n = 2 mod 4, (n-2)_< = n_< - k_< + 1 (= n_<) and (n-2)_> = n_> - k_> - 1.
TABLE_1_CORRECTED = TABLE_1[:7] + (
    Table1Row("0 mod 4", "2", (0,), None, _ANY, 2, 2, ("k_<", -1), ("k_>", +1)),
    Table1Row("2 mod 4", "2", (2,), None, _ANY, 2, 2, ("k_<", +1), ("k_>", -1)),
    TABLE_1[8],
)


def _check_table1_args(n, k) -> tuple[int, int]:
    n = check_int(n, "n", 4)
    k = check_int(k, "k", 2, n // 2)
    return n, k


def table1_row(n, k, table=None) -> Table1Row:
    """The row of Table 1 that applies to (n, k), for n >= 4 and 2 <= k <= n/2 (Lemma 2.3).

    ``table`` is :data:`TABLE_1_CORRECTED` (the default) or :data:`TABLE_1` (as printed)."""
    n, k = _check_table1_args(n, k)
    return next(r for r in (TABLE_1_CORRECTED if table is None else table) if r.applies(n, k))


def table1(n, k, table=None) -> tuple[int, int]:
    """((n-k)_<, (n-k)_>) computed from n_<, n_>, k_<, k_> by Table 1 (Lemma 2.3), 4 <= n, 2 <= k <= n/2.

    By default the corrected table; pass ``table=TABLE_1`` for the rows as printed, which are wrong for
    k = 2 and n = 2 mod 4:

    >>> table1(10, 3), (n_less(7), n_greater(7))
    ((3, 4), (3, 4))
    >>> table1(10, 2), table1(10, 2, table=TABLE_1), (n_less(8), n_greater(8))
    ((4, 4), (2, 6), (4, 4))
    """
    n, k = _check_table1_args(n, k)
    return table1_row(n, k, table).values(n, k)


# ---- OEIS A004524 (Remark 2.2 (iii)) ------------------------------------------------------------------
def a004524(i) -> int:
    """OEIS A004524, "Three even followed by one odd", offset 0: 0, 0, 0, 1, 2, 2, 2, 3, 4, ...

    Implemented from the name, not from the paper's formula: the terms come in blocks of four,
    (2j, 2j, 2j, 2j+1) for j = 0, 1, 2, ...

    >>> [a004524(i) for i in range(12)]
    [0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 4, 5]
    """
    i = check_int(i, "i", 0)
    j, r = divmod(i, 4)
    return 2 * j + (1 if r == 3 else 0)
