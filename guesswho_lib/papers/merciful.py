"""Merciful guessing: the optimal strategy, stated by us from the exact table (no paper of ours proves it).

Under the "merciful" rules a wrong guess only removes that suspect and passes the turn (O'Neill 2021, as cited
by Cushing et al., section 1, who report that O'Neill "finds that the split-in-half technique is in fact
optimal").  We do not have O'Neill's paper, so this module states the strategy as we read it off the exact
solver's table, and the claim ``merciful.strategy`` (:mod:`guesswho_lib.claims.statements.merciful`) checks it
against that table at every board state up to the verified size recorded in :mod:`guesswho_lib.game.proven`:

* **guess** when n <= 3 or m <= 2: there a guess is strictly better than every question;
* **halve** otherwise, asking about floor(n/2) of your n suspects;
* ties: at n = 4 (m >= 3) and at m = 3 (n >= 4) guessing and halving are both optimal (the rule above
  halves there); for n >= 5 and m >= 4 a guess is never optimal and halving always is (some other splits
  tie with it, e.g. (3, 5) at n = 8).

It lives here, beside the papers' strategies, because :mod:`guesswho_lib.game.proven` (the table of strategies
known to be optimal) takes every strategy from this layer; unlike the others it is a conjecture beyond the
verified range, and says so.

>>> merciful_halving(24, 24), merciful_halving(24, 2), merciful_halving(3, 24)
((12, 12), GUESS, GUESS)
"""

from __future__ import annotations

from ..rules import GUESS, check_int

__all__ = ["SOURCE", "merciful_halving", "guess_is_optimal", "halving_is_optimal"]

#: What the strategy is and where it comes from: the exact solver's table (this library), not a printed theorem.
SOURCE = "guess if n <= 3 or m <= 2, else halve (our statement, from the exact table)"


def guess_is_optimal(n, m) -> bool:
    """Whether guessing is an optimal move at (n, m) under the merciful rules: exactly when n <= 4 or m <= 3.

    >>> [guess_is_optimal(n, 4) for n in (3, 4, 5)], guess_is_optimal(100, 3)
    ([True, True, False], True)
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    return n <= 4 or m <= 3


def halving_is_optimal(n, m) -> bool:
    """Whether the split (floor(n/2), ceil(n/2)) is an optimal move at (n, m): exactly when n >= 4 and m >= 3.

    >>> halving_is_optimal(3, 9), halving_is_optimal(4, 3), halving_is_optimal(9, 2)
    (False, True, False)
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    return n >= 4 and m >= 3


def merciful_halving(n, m):
    """Our optimal strategy for merciful guessing: ``GUESS`` if n <= 3 or m <= 2, else the half split.

    Pure integer arithmetic, so it plays boards of any size; that it is optimal is verified against the exact
    table (claim ``merciful.strategy``) and a conjecture beyond that range.
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if n <= 3 or m <= 2:
        return GUESS
    return (n // 2, n - n // 2)
