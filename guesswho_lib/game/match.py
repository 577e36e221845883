"""A best-of-N match, and its exact odds.

Each game of a match is won or lost independently.  A player who wins each game with probability p wins a match
"best of N" (the first to win more than N/2 games) with probability

    sum over k from w to N of  C(N, k) p^k (1 - p)^(N - k),      w = N // 2 + 1,

a binomial sum (playing all N games decides the same winner as stopping early, so the sum may count them all).
When the chance changes from game to game (the first player of each game has the first-move advantage, and the
players take turns to start) the same count runs game by game (:func:`match_chance`).  Everything is exact.

* :func:`best_of`       the binomial sum, from any score;
* :func:`match_chance`  the same with a chance of its own for every game left;
* :class:`Match`        a match being played: the score, who starts the next game, and the exact odds now.

>>> best_of(5, Fraction(9, 16))         # a player who wins 9 games in 16 wins a best of 5 more often
Fraction(322947, 524288)
>>> best_of(1, Fraction(9, 16))
Fraction(9, 16)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..rules import check_int, format_fraction, format_percent
from .record import COMPUTER, YOU

__all__ = ["best_of", "match_chance", "Match"]


def _probability(p, name: str) -> Fraction:
    if isinstance(p, bool) or not isinstance(p, (int, Fraction)):
        raise TypeError(f"{name} must be an exact probability (a Fraction or 0 or 1), got {p!r}")
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"{name} must be between 0 and 1, got {p}")
    return p


def _games(games) -> int:
    games = check_int(games, "games", 1, 99)
    if games % 2 == 0:
        raise ValueError(f"games must be odd (a best-of match needs a winner), got {games}")
    return games


def _score(score, games: int) -> tuple[int, int]:
    if not isinstance(score, (tuple, list)) or len(score) != 2:
        raise TypeError(f"score must be a pair (your wins, the other player's wins), got {score!r}")
    need = games // 2 + 1
    a = check_int(score[0], "score[0]", 0, need)
    b = check_int(score[1], "score[1]", 0, need)
    if a == need and b == need or a + b > games:
        raise ValueError(f"score {score!r} is impossible in a best of {games}")
    return a, b


def best_of(games, p, score=(0, 0)) -> Fraction:
    """The exact chance that a player who wins each game with probability ``p`` wins a best-of-``games`` match,
    from ``score`` (their wins, the other player's wins): the binomial sum of the module's docstring.

    >>> best_of(3, Fraction(1, 2), (1, 0))
    Fraction(3, 4)
    """
    games = _games(games)
    p = _probability(p, "p")
    a, b = _score(score, games)
    need = games // 2 + 1
    if a == need or b == need:
        return Fraction(int(a == need))
    left = games - a - b
    return sum((comb(left, k) * p ** k * (1 - p) ** (left - k) for k in range(need - a, left + 1)), Fraction(0))


def match_chance(chances, games, score=(0, 0)) -> Fraction:
    """The exact chance of winning a best-of-``games`` match from ``score`` when the games left are won with the
    chances ``chances`` (one per game left, in order; the chance of a game played only if the match is still on).

    >>> match_chance([Fraction(9, 16), Fraction(7, 16), Fraction(9, 16)], 3)
    Fraction(1089, 2048)
    """
    games = _games(games)
    a, b = _score(score, games)
    need = games // 2 + 1
    chances = [_probability(p, f"chances[{i}]") for i, p in enumerate(chances)]
    if a == need or b == need:
        return Fraction(int(a == need))
    left = games - a - b
    if len(chances) != left:
        raise ValueError(f"chances must give one chance for each of the {left} games left, got {len(chances)}")
    # dist[w] = the chance of having won w more games so far, the match still on (neither side at ``need``)
    won = Fraction(0)
    dist = {0: Fraction(1)}
    for played, p in enumerate(chances):
        new: dict[int, Fraction] = {}
        for w, q in dist.items():
            lost = played - w
            if a + w + 1 == need:
                won += q * p
            else:
                new[w + 1] = new.get(w + 1, Fraction(0)) + q * p
            if b + lost + 1 < need:
                new[w] = new.get(w, Fraction(0)) + q * (1 - p)
        dist = new
    return won


class Match:
    """A best-of-``games`` match between Player 1 ("you") and Player 2, the players taking turns to start a game
    (Player 1 starts the first if ``you_first``).

    ``start_chance`` is the chance of the player who starts a game, both playing perfectly (P(N, N) for the rule set
    and the board: the first-move advantage).  :meth:`odds` is Player 1's exact chance of winning the match if both
    play perfectly from now on, counting the game in progress at its exact chance now.

    >>> m = Match(3, Fraction(9, 16))
    >>> m.odds()                            # Player 1 starts games 1 and 3
    Fraction(1089, 2048)
    >>> m.record("you"); m.score, m.you_first_next
    ((1, 0), False)
    """

    def __init__(self, games=3, start_chance=Fraction(1, 2), you_first=True):
        self.games = _games(games)
        self.start_chance = _probability(start_chance, "start_chance")
        if not isinstance(you_first, bool):
            raise TypeError(f"you_first must be True or False, got {you_first!r}")
        self.first = you_first
        self.score = (0, 0)
        self.winners: list[str] = []

    @property
    def needed(self) -> int:
        """Wins needed to take the match."""
        return self.games // 2 + 1

    @property
    def over(self) -> bool:
        return max(self.score) >= self.needed

    @property
    def winner(self) -> str | None:
        if not self.over:
            return None
        return YOU if self.score[0] >= self.needed else COMPUTER

    @property
    def you_first_next(self) -> bool:
        """Whether Player 1 starts the next game (the players take turns)."""
        return self.first == (len(self.winners) % 2 == 0)

    def record(self, winner: str):
        """Count a finished game won by ``winner`` ("you" for Player 1, "computer" for Player 2)."""
        if winner not in (YOU, COMPUTER):
            raise ValueError(f"winner must be {YOU!r} (Player 1) or {COMPUTER!r} (Player 2), got {winner!r}")
        if self.over:
            raise ValueError(f"the match is over (score {self.score[0]}-{self.score[1]})")
        self.winners.append(winner)
        self.score = (self.score[0] + (winner == YOU), self.score[1] + (winner == COMPUTER))

    def odds(self, current=None) -> Fraction:
        """Player 1's exact chance of winning the match if both play perfectly from now on; ``current`` is Player
        1's exact chance in the game in progress (None between games: the next game is counted from its start)."""
        if self.over:
            return Fraction(int(self.winner == YOU))
        left = self.games - sum(self.score)
        chances = []
        for k in range(left):
            first = self.first == ((len(self.winners) + k) % 2 == 0)
            chances.append(self.start_chance if first else 1 - self.start_chance)
        if current is not None:
            chances[0] = _probability(current, "current")
        return match_chance(chances, self.games, self.score)

    def text(self, current=None, names=("Player 1", "Player 2")) -> str:
        """The score and the odds in words (``names``: Player 1's and Player 2's, e.g. ("you", "the computer"))."""
        a, b = self.score
        one, two = names
        head = f"Best of {self.games}: {one} {a}, {two} {b}."
        if self.over:
            who = one if self.winner == YOU else two
            return head + f" {who[0].upper() + who[1:]} won the match!"
        p = self.odds(current)
        return (head + f" If both play perfectly from here, {one} win{'' if one == 'you' else 's'} the match with "
                f"probability {format_fraction(p)} (about {format_percent(p)}), {two} with "
                f"{format_fraction(1 - p)}.")
