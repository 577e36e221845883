"""Nica's Continuous Guess Who, played: a Monte Carlo estimate of p_inf that never uses its closed form.

Nica (2016, section 3) defines a game on real pools (Definition 3.1) and a strategy for both players, the *bidding
ansatz* (Definition 3.3), and proves closed forms for Player 1's chance p_inf (Propositions 3.8 and 3.9).  Here the
game itself is played, many times, from the rules alone: write the smaller pool as 2^k beta with beta in (1, 2];
the player to move, with pool 2^k alpha, is *in the weeds* if alpha > 2 and bids 2^k, otherwise he has *the upper
hand* and bids half his pool.  A bid b leaves the bidder b with probability b / pool, else pool - b.  A player
loses if from some moment on he is in the weeds forever: a game is scored once the player in the weeds has
alpha > 2^40, from where the chance of ever escaping is below 2^-39 (Lemma 3.6's geometric series, 2/alpha, is the
only fact used, and only to stop).  Pools are rescaled by powers of 2 as they shrink, which changes nothing in the
rules (every integer level k is allowed).

The estimate is a float with a standard error: it is a check of the exact closed form by a different computation,
not a value to use (``papers.nica.p_inf`` is exact).

>>> est = play_continuous(4, 2, games=4000, seed=1)
>>> abs(est.p - 1 / 3) < 4 * est.standard_error
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..rules import check_int

__all__ = ["ContinuousEstimate", "play_continuous", "DECIDED_ALPHA"]

#: A game is scored when the player in the weeds has alpha above this: his chance of ever escaping is 2/alpha.
DECIDED_ALPHA = 2.0 ** 40
_MAX_HALF_MOVES = 100_000


@dataclass(frozen=True)
class ContinuousEstimate:
    """Player 1's share of wins in ``games`` games of Continuous Guess Who from (x, y), Player 1 to move."""

    x: Fraction
    y: Fraction
    games: int
    wins: int
    seed: int

    @property
    def p(self) -> float:
        return self.wins / self.games

    @property
    def standard_error(self) -> float:
        """The binomial standard error sqrt(p (1 - p) / games) (at least 1/games, so never 0)."""
        return max((self.p * (1 - self.p) / self.games) ** 0.5, 1 / self.games)

    def agrees_with(self, value, within: float = 4.0) -> bool:
        """True when ``value`` lies within ``within`` standard errors of the estimate."""
        return abs(self.p - float(value)) <= within * self.standard_error


def _positive(v, name: str) -> Fraction:
    try:
        if isinstance(v, (str, bool)):
            raise TypeError
        f = Fraction(v)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be a positive number (an int, a Fraction or a float), got {v!r}") from None
    if not 0 < f < 2 ** 60:
        raise ValueError(f"{name} must be a positive number below 2**60, got {v!r}")
    return f


def play_continuous(x, y, games: int = 10_000, seed: int = 0) -> ContinuousEstimate:
    """Play ``games`` games of Continuous Guess Who from pools (x, y), Player 1 to move, both players following the
    bidding ansatz; Player 1's wins are counted.  Deterministic for a given ``seed``; ``1 <= games <= 10**6``."""
    x, y = _positive(x, "x"), _positive(y, "y")
    games = check_int(games, "games", 1, 10**6)
    seed = check_int(seed, "seed", 0, 2**32 - 1)
    rng = np.random.default_rng(seed)
    mover = np.full(games, float(x))          # the pool of the player to move
    other = np.full(games, float(y))
    first_moves = np.ones(games, dtype=bool)  # is the player to move Player 1?
    winner_is_first = np.zeros(games, dtype=bool)
    live = np.arange(games)
    for _ in range(_MAX_HALF_MOVES):
        if live.size == 0:
            break
        a, b, p1 = mover[live], other[live], first_moves[live]
        low = np.minimum(a, b)
        level = np.exp2(np.ceil(np.log2(low)) - 1)          # 2^k < min(a, b) <= 2^(k+1)
        fix = level >= low                                   # floating point at exact powers of 2
        level[fix] /= 2
        alpha = a / level
        weeds = alpha > 2
        done = weeds & (alpha > DECIDED_ALPHA)
        winner_is_first[live[done]] = ~p1[done]              # the mover is in the weeds for good: he loses
        go = ~done
        a, b, p1, level, weeds = a[go], b[go], p1[go], level[go], weeds[go]
        bid = np.where(weeds, level, a / 2)
        keep = rng.random(a.size) < bid / a
        new_a = np.where(keep, bid, a - bid)
        scale = np.exp2(-np.floor(np.log2(np.minimum(new_a, b))))   # back to pools near 1 (a change of level)
        ids = live[go]
        mover[ids], other[ids], first_moves[ids] = b * scale, new_a * scale, ~p1
        live = ids
    else:
        raise RuntimeError(f"{live.size} games undecided after {_MAX_HALF_MOVES} half-moves")
    return ContinuousEstimate(x, y, games, int(winner_is_first.sum()), seed)
