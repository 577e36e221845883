"""Tournaments between strategies: Monte Carlo win rates beside the exact values.

:func:`tournament` plays many random games for every ordered pair of strategies (each pair twice: each
strategy once as the first mover) and reports the observed win rate of the first mover with a Wilson
confidence interval, next to the exact win probability from :func:`guesswho_lib.game.walk.evaluate`.  The exact
value should lie inside the interval for about ``confidence`` of the pairs; this is a check of the
simulation and of the exact evaluator against each other, and a lesson in how many games an
experiment needs (the interval shrinks like 1/sqrt(games)).

A game is simulated exactly as the recurrence describes it (Cushing et al., equation (1)): a question
splitting n suspects into groups g_1, ..., g_r lands in group g_i with probability g_i/n, because the
opponent's person is uniformly random among the n suspects; a guess is right with probability 1/n.  The
simulation draws from :func:`guesswho_lib.rules.outcomes`, the same step the exact values are built on.

Randomised strategies (such as ``gw.strategies.optimal(rules, seed=...)``, which breaks ties at random)
are *frozen* for a tournament: the move a strategy picks the first time it meets a state is kept for
that state.  The simulation and the exact evaluation then describe the same deterministic strategy.

>>> from guesswho_lib import strategies
>>> res = tournament({"optimal": strategies.optimal(), "halving": strategies.halving}, N=4, games=200, seed=1)
>>> res.row("optimal", "halving").exact      # exact value as in gw.evaluate
Fraction(3, 4)
>>> res.all_agree()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Callable

from ..rules import format_fraction, format_percent
from . import strategies as _strategies
from ..rules import LOSE, WIN, Rules, check_int, check_state, get_rules, step, strategy_move
from ..templating import render
from .walk import evaluate

#: Games one tournament plays in all (games per match times matches), at most.
TOURNAMENT_GAME_LIMIT = 10**6
#: Moves in all the games of one tournament, at most; a tournament that needs more stops with
#: :class:`TooManyMoves` (strategies that remove few suspects a move make long games on a large board).
TOURNAMENT_MOVE_LIMIT = 10**7


class TooManyMoves(ValueError):
    """A tournament's games needed more than :data:`TOURNAMENT_MOVE_LIMIT` moves in all; it was stopped."""


__all__ = ["tournament", "wilson_interval", "simulate_game", "HeadToHead", "TournamentResult", "TooManyMoves",
           "TOURNAMENT_GAME_LIMIT", "TOURNAMENT_MOVE_LIMIT"]


def wilson_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a success probability after ``wins`` successes in ``games`` trials.

    Unlike the naive interval p +- z sqrt(p(1-p)/g) it never leaves [0, 1] and is not empty when
    p = 0 or 1 (E. B. Wilson, J. Amer. Statist. Assoc. 22 (1927) 209-212).

    >>> lo, hi = wilson_interval(75, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.657, 0.8245)
    """
    games = check_int(games, "games", 1)
    wins = check_int(wins, "wins", 0, games)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ValueError(f"confidence must be a number strictly between 0 and 1, got {confidence!r}")
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    # At p = 0 or 1 the interval touches 0 or 1 exactly; say so rather than trust the rounding.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def _sampling_step(n: int, m: int, move, rules: Rules):
    """:func:`~guesswho_lib.rules.outcomes` in whole numbers, for drawing one outcome: ``(ends, results)``.

    The opponent's person is the k-th of the mover's n suspects, k uniform in 0..n-1; the outcome
    ``results[i]`` happens when ``ends[i-1] <= k < ends[i]`` (each probability p of outcomes is p*n of the n)."""
    ends, results, k = [], [], 0
    for p, res in step(n, m, move, rules):
        k += p.numerator * n // p.denominator
        ends.append(k)
        results.append(res)
    assert k == n, "the outcomes of a move must cover all n suspects"
    return tuple(ends), tuple(results)


class _Frozen:
    """A strategy whose move at each state is fixed the first time it is asked (and checked for legality)."""

    def __init__(self, name: str, strategy: Callable, rules: Rules):
        self.name, self.strategy, self.rules = name, strategy, rules
        self.moves: dict = {}
        self.steps: dict = {}
        self.__name__ = name

    def __call__(self, n, m):
        key = (n, m)
        move = self.moves.get(key)
        if move is None:
            move = strategy_move(self.strategy, n, m, self.rules, f"strategy {self.name!r}")
            self.moves[key] = move
        return move

    def step(self, n: int, m: int):
        """The frozen move at (n, m) as :func:`_sampling_step` gives it; a bool (does the mover win?) where the
        game is already decided (race-to-one rules)."""
        t = self.rules.terminal_A(n, m)
        frozen = (t == n * m) if t is not None else _sampling_step(n, m, self(n, m), self.rules)
        self.steps[(n, m)] = frozen
        return frozen


def simulate_game(strategy_a, strategy_b, n, m, rules="official", rng=None) -> bool:
    """Play one random game from (n, m), A to move; return True if A wins.

    Each move is drawn from :func:`~guesswho_lib.rules.outcomes`, the one step of the game that the
    exact values use too (through :func:`_sampling_step`, its whole-number form, kept per state).

    >>> from guesswho_lib import strategies
    >>> simulate_game(strategies.halving, strategies.halving, 1, 5, rng=random.Random(0))  # A names its last suspect
    True
    """
    rules = get_rules(rules)
    n, m = check_state(n, m)
    rng = random.Random() if rng is None else rng
    if not callable(getattr(rng, "randrange", None)):
        raise TypeError(f"rng must be None or a random.Random, got {type(rng).__name__}")
    # A state never comes back within one game (n + m falls at every move), so freezing a strategy for one game
    # changes nothing; a tournament passes strategies frozen for all its games.
    players = [s if isinstance(s, _Frozen) and (s.rules is rules or s.rules == rules) else _Frozen(name, s, rules)
               for name, s in (("strategy_a", strategy_a), ("strategy_b", strategy_b))]
    return _play(players, n, m, rng)[0]


def _play(players, n: int, m: int, rng) -> tuple[bool, int]:
    """One game between two frozen players from (n, m), the first to move: (does the first win?, moves)."""
    who = 0
    moves = 0
    while True:
        moves += 1
        player = players[who]
        step = player.steps.get((n, m))
        if step is None:
            step = player.step(n, m)
        if step is True or step is False:   # race-to-one rules: (1, m) is a win, (n, 1) a loss for the mover
            return step == (who == 0), moves
        ends, results = step
        k = rng.randrange(n)                 # where the opponent's person sits among the mover's n suspects
        i = 0
        while k >= ends[i]:
            i += 1
        res = results[i]
        if res is WIN:
            return who == 0, moves
        if res is LOSE:
            return who == 1, moves
        n, m = res
        who = 1 - who


@dataclass(frozen=True)
class HeadToHead:
    """One pairing of a tournament: ``games`` games with ``first`` moving first from ``start``, and the observed and
    exact win rates of ``first``.  (A best-of match between two players is :class:`guesswho_lib.game.match.Match`.)"""

    first: str
    second: str
    start: tuple
    games: int
    wins: int
    low: float
    high: float
    exact: Fraction

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def agrees(self) -> bool:
        """True when the exact value lies inside the confidence interval."""
        return self.low <= self.exact <= self.high


@dataclass(frozen=True)
class TournamentResult:
    """All matches of a tournament.  ``print(result)`` shows a table; ``result.row(a, b)`` one match."""

    rules: str
    start: tuple
    games: int
    seed: object
    confidence: float
    matches: tuple

    def row(self, first: str, second: str) -> HeadToHead:
        for mt in self.matches:
            if mt.first == first and mt.second == second:
                return mt
        raise ValueError(f"no match with {first!r} moving first against {second!r}; matches: "
                         + ", ".join(f"{mt.first} v {mt.second}" for mt in self.matches))

    def all_agree(self) -> bool:
        return all(mt.agrees for mt in self.matches)

    def standings(self) -> dict:
        """Each strategy's exact average win probability over its matches (as first and as second mover)."""
        total: dict[str, list] = {}
        for mt in self.matches:
            total.setdefault(mt.first, []).append(mt.exact)
            total.setdefault(mt.second, []).append(1 - mt.exact)
        return dict(sorted(((k, sum(v) / len(v)) for k, v in total.items()), key=lambda kv: -kv[1]))

    def to_text(self) -> str:
        n, m = self.start
        pct = format_percent(self.confidence, 0)
        head = (f"Tournament under the {self.rules!r} rules from ({n}, {m}), {self.games} games per match, "
                f"seed {self.seed}; win rate of the first mover with a {pct} Wilson interval.")
        cols = ["first", "second", "wins", "rate", f"{pct} interval", "exact", "exact ~", "agrees"]
        rows = []
        for mt in self.matches:
            ex = mt.exact
            rows.append([mt.first, mt.second, f"{mt.wins}/{mt.games}", f"{mt.rate:.4f}",
                         f"[{mt.low:.4f}, {mt.high:.4f}]",
                         format_fraction(ex),
                         f"{float(ex):.4f}", "yes" if mt.agrees else "NO"])
        widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c) for i, c in enumerate(cols)]
        line = lambda r: "  ".join(x.ljust(w) for x, w in zip(r, widths)).rstrip()
        out = [head, line(cols), line(["-" * w for w in widths])] + [line(r) for r in rows]
        agree = sum(mt.agrees for mt in self.matches)
        out.append(f"{agree} of {len(self.matches)} exact values lie inside their interval.")
        return "\n".join(out)

    __str__ = to_text

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        return render("text.html", text=self.to_text())


def _named_strategies(strategies, rules: Rules, rng: random.Random) -> dict:
    if isinstance(strategies, dict):
        items = list(strategies.items())
    elif isinstance(strategies, (list, tuple)):
        items = []
        for s in strategies:
            name = s if isinstance(s, str) else getattr(s, "__name__", None) or repr(s)
            items.append((name, s))
    else:
        raise TypeError("strategies must be a dict {name: strategy} or a list of strategies or the names "
                        f"'optimal', 'halving'; got {type(strategies).__name__}")
    out = {}
    for name, s in items:
        if not isinstance(name, str):
            raise TypeError(f"strategy names must be strings, got {name!r}")
        if name in out:
            raise ValueError(f"two strategies are called {name!r}; give them different names (use a dict)")
        if isinstance(s, str):
            if s == "optimal":
                s = _strategies.optimal(rules, seed=rng.randrange(2**32))
            elif s == "halving":
                s = _strategies.halving
            else:
                raise ValueError(f"unknown strategy name {s!r}: use 'optimal', 'halving' or pass a callable")
        if not callable(s):
            raise TypeError(f"strategy {name!r} must be a callable (n, m) -> move, got {type(s).__name__}")
        out[name] = _Frozen(name, s, rules)
    if len(out) < 1:
        raise ValueError("strategies must contain at least one strategy")
    return out


def tournament(strategies, rules="official", N=24, games=1000, seed=0, start=None, confidence=0.95,
               self_play=None, progress=None) -> TournamentResult:
    """Monte Carlo matches between strategies, with Wilson intervals beside the exact values.

    Parameters
    ----------
    strategies : dict {name: strategy} or list of strategies (callables ``(n, m) -> move``, or the
        names "optimal" and "halving")
    rules : rule-set name
    N : int
        Board size; the games start at (N, N) unless ``start=(n, m)`` is given.
    games : int
        Games per match.  Every ordered pair of different strategies is a match (so each strategy of a
        pair moves first once); with ``self_play=True`` (the default for a single strategy) each
        strategy also plays itself.
    seed : int or None
        Seeds the random games and the tie-breaks of "optimal" given by name; a fixed seed gives the same
        table every time.
    confidence : float
        Confidence level of the Wilson intervals (default 0.95).
    progress : callable or None
        Called as ``progress(games_done, games_in_all, "first v second")`` every 10,000 games and at the end
        (e.g. the command line's progress bar, ``guesswho_lib.cli.progress.progress_bar()``).

    Limits: at most :data:`TOURNAMENT_GAME_LIMIT` games in all (refused up front), at most
    :data:`TOURNAMENT_MOVE_LIMIT` moves in all (stopped with :class:`TooManyMoves`), and the exact values
    within :data:`~guesswho_lib.game.walk.EVALUATE_LIMIT` (:class:`~guesswho_lib.game.walk.TooManyStates`).
    """
    rules = get_rules(rules)
    if start is None:
        n0 = m0 = check_int(N, "N", 1)
    else:
        if not isinstance(start, (tuple, list)) or len(start) != 2:
            raise TypeError(f"start must be a board state (n, m), got {start!r}")
        try:
            n0, m0 = check_state(*start)
        except (TypeError, ValueError) as e:
            raise type(e)(f"start must be a board state (n, m) of positive integers, got {start!r}") from None
    if rules.one_left_wins and n0 == 1 and m0 == 1:
        rules.terminal_A(1, 1)  # raises: (1, 1) cannot occur under race-to-one rules
    games = check_int(games, "games", 1, TOURNAMENT_GAME_LIMIT)
    rng = random.Random(seed)
    players = _named_strategies(strategies, rules, rng)
    if self_play is None:
        self_play = len(players) == 1
    names = list(players)
    pairs = [(a, b) for a in names for b in names if a != b or self_play]
    if games * len(pairs) > TOURNAMENT_GAME_LIMIT:
        raise ValueError(f"games must be at most {TOURNAMENT_GAME_LIMIT // len(pairs):,} with {len(pairs)} "
                         f"match(es) (at most {TOURNAMENT_GAME_LIMIT:,} games in all), got {games:,}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be None or a callable (done, total, label), got {type(progress).__name__}")
    matches = []
    moves_left = TOURNAMENT_MOVE_LIMIT
    total = games * len(pairs)
    for done_pairs, (a, b) in enumerate(pairs):
        sa, sb = players[a], players[b]
        exact = evaluate(sa, sb, n0, m0, rules)
        match_rng = random.Random(rng.randrange(2**63))
        wins = 0
        for g in range(games):
            won, moves = _play((sa, sb), n0, m0, match_rng)
            wins += won
            moves_left -= moves
            if moves_left < 0:
                raise TooManyMoves(f"tournament: the games need more than {TOURNAMENT_MOVE_LIMIT:,} moves in all "
                                   f"(its limit; {a} v {b} stopped after {g + 1:,} games); "
                                   "play fewer games or start from a smaller board")
            if progress is not None and g % 10_000 == 9_999:
                progress(done_pairs * games + g + 1, total, f"{a} v {b}")
        if progress is not None:
            progress((done_pairs + 1) * games, total, f"{a} v {b}")
        low, high = wilson_interval(wins, games, confidence)
        matches.append(HeadToHead(a, b, (n0, m0), games, wins, low, high, exact))
    return TournamentResult(rules.name, (n0, m0), games, seed, confidence, tuple(matches))
