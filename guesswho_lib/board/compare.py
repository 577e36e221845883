"""The real board against the idealised game: what asking only about traits costs, as data.

In the idealised game (Cushing et al., section 2) a player may split their suspects into any two groups,
so only the sizes matter: P_ideal(|mine|, |theirs|).  On a board (:func:`~guesswho_lib.board.solver.solve_board`)
only trait questions count.  The *restriction cost* of a state is

    cost(mine, theirs) = P_ideal(|mine|, |theirs|) - P_board(mine, theirs),

an exact Fraction; ``|mine| |theirs| cost`` is an integer.  It can be negative: the opponent is
restricted too, so a board can favour the player to move.  A state's *idealised optimal move is not
askable* when no move of ``gw.solve(n).optimal_moves(|mine|, |theirs|)`` (a guess, or a split into groups
of those sizes) can be made with one question on the board.

Everything here is data for tables, heat maps and lessons; nothing is drawn.

    >>> from guesswho_lib.board.solver import solve_board
    >>> c = compare_with_ideal(solve_board())
    >>> c.start_ideal, c.start_board
    (Fraction(5, 9), Fraction(9, 16))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..rules import GUESS
from ..game.solver import Solution, solve
from .solver import BoardSolution, popcount

__all__ = ["IdealComparison", "SizeCell", "FirstQuestion", "compare_with_ideal", "restriction_cost",
           "ideal_move_askable", "first_questions", "informed_opponent"]

_STATISTICS = ("mean", "max", "min", "unaskable", "worse", "better")


def _check_solution(solution) -> BoardSolution:
    if not isinstance(solution, BoardSolution):
        raise TypeError(f"solution must be a BoardSolution (from solve_board), got {type(solution).__name__}")
    return solution


def _ideal(solution: BoardSolution) -> Solution:
    return solve(solution.board.n, solution.rules)


@dataclass(frozen=True)
class SizeCell:
    """The pairs of reachable sets with |mine| = a and |theirs| = b, and their restriction costs.

    ``count`` pairs; ``unaskable`` of them have no idealised optimal move on the board; ``worse`` /
    ``better`` lose / gain against the idealised game; ``min``, ``max``, ``mean`` of the cost (exact)."""

    a: int
    b: int
    count: int
    unaskable: int
    worse: int
    better: int
    min: Fraction
    max: Fraction
    mean: Fraction


@dataclass(frozen=True)
class IdealComparison:
    """The whole comparison of one board solution with the idealised game (see :func:`compare_with_ideal`)."""

    rules: str
    questions: str
    n: int
    family_size: int
    pairs: int
    start_board: Fraction
    start_ideal: Fraction
    unaskable_pairs: int
    worse_pairs: int
    better_pairs: int
    largest_loss: tuple          # (cost, mine, theirs)
    largest_gain: tuple          # (cost, mine, theirs), cost < 0 when the board helps the mover somewhere
    cells: dict                  # (a, b) -> SizeCell

    def grid(self, statistic: str = "mean") -> np.ndarray:
        """Float array G[a, b] of one statistic per size pair, for a heat map (NaN where no pair exists).

        ``statistic``: 'mean', 'max', 'min' (of the cost), or 'unaskable', 'worse', 'better' (share of pairs)."""
        if statistic not in _STATISTICS:
            raise ValueError(f"statistic must be one of {_STATISTICS}, got {statistic!r}")
        G = np.full((self.n + 1, self.n + 1), np.nan)
        for (a, b), c in self.cells.items():
            v = getattr(c, statistic)
            G[a, b] = float(v) if statistic in ("mean", "max", "min") else v / c.count
        return G


def _available_codes(solution: BoardSolution) -> list[set]:
    """For each reachable set (in solution order): the codes of the split sizes its questions allow."""
    qs = solution.question_list
    p = max((len(q.answer_sets) for q in qs), default=2)
    Q = np.zeros((len(qs), p), dtype=np.uint64)
    for i, q in enumerate(qs):
        Q[i, :len(q.answer_sets)] = q.answer_sets
    out = []
    base = solution.board.n + 1
    for S in solution.sets:
        sizes = popcount((S & Q).ravel()).reshape(len(qs), p)
        ok = (sizes > 0).sum(axis=1) >= 2
        sizes = np.sort(sizes[ok], axis=1)
        codes = np.zeros(sizes.shape[0], dtype=np.int64)
        for j in range(p):
            codes = codes * base + sizes[:, j]
        out.append(set(codes.tolist()))
    return out


def _move_code(move, base: int, p: int) -> int | None:
    if move is GUESS:
        return None
    sizes = [0] * (p - len(move)) + sorted(move)
    code = 0
    for s in sizes:
        code = code * base + s
    return code


def _askable_matrix(solution: BoardSolution, ideal: Solution) -> np.ndarray:
    """ok[s, b]: some idealised optimal move at (|S|, b) can be asked on the board at set S (True where the
    idealised game has no move: nica's finished states)."""
    n = solution.board.n
    qs = solution.question_list
    p = max((len(q.answer_sets) for q in qs), default=2)
    avail = _available_codes(solution)
    ok = np.ones((solution.family_size, n + 1), dtype=bool)
    wanted = {}
    for s, S in enumerate(solution.sets):
        a = bin(int(S)).count("1")
        for b in range(1, n + 1):
            if solution.rules.one_left_wins and (a == 1 or b == 1):
                continue
            if (a, b) not in wanted:
                moves = ideal.optimal_moves(a, b)
                wanted[a, b] = (GUESS in moves, {_move_code(m, n + 1, p) for m in moves if m is not GUESS})
            guess, codes = wanted[a, b]
            ok[s, b] = guess or bool(codes & avail[s])
    return ok


def compare_with_ideal(solution: BoardSolution) -> IdealComparison:
    """Compare every pair of reachable sets of ``solution`` with the idealised game of the same size and rules.

    Exact throughout (integers ``|mine| |theirs| cost``, Fractions in the result).  Time and memory grow
    like |R|^2."""
    solution = _check_solution(solution)
    if solution.method != "sets":
        raise ValueError("solution must have a row for every reachable set: solve_board(..., method='sets') "
                         f"(this one was solved by complete sets, method={solution.method!r})")
    ideal = _ideal(solution)
    n = solution.board.n
    size = popcount(solution.sets)
    order = np.argsort(size, kind="stable")
    bounds = {int(k): (int(np.searchsorted(size[order], k)), int(np.searchsorted(size[order], k, side="right")))
              for k in np.unique(size)}
    ok = _askable_matrix(solution, ideal)
    Aideal = ideal.A.astype(np.int64)
    cells = {}
    loss, gain = (0, None), (0, None)
    for b, (t0, t1) in bounds.items():
        tidx = order[t0:t1]
        for a, (s0, s1) in bounds.items():
            if solution.rules.one_left_wins and a == 1 and b == 1:
                continue
            sidx = order[s0:s1]
            block = solution.table[np.ix_(tidx, sidx)].astype(np.int64)     # A_board(S, T), rows T
            cost = Aideal[a, b] - block
            ab = a * b
            count = cost.size
            unask = int((~ok[sidx, b]).sum()) * len(tidx)
            lo, hi = int(cost.min()), int(cost.max())
            cells[a, b] = SizeCell(a, b, count, unask, int((cost > 0).sum()), int((cost < 0).sum()),
                                   Fraction(lo, ab), Fraction(hi, ab), Fraction(int(cost.sum()), ab * count))
            if Fraction(hi, ab) > loss[0]:
                i, j = np.unravel_index(int(cost.argmax()), cost.shape)
                loss = (Fraction(hi, ab), (sidx[j], tidx[i]))
            if Fraction(lo, ab) < gain[0]:
                i, j = np.unravel_index(int(cost.argmin()), cost.shape)
                gain = (Fraction(lo, ab), (sidx[j], tidx[i]))

    def named(x):
        if x[1] is None:
            return (x[0], None, None)
        s, t = x[1]
        names = solution.board.names_in
        return (x[0], names(int(solution.sets[s])), names(int(solution.sets[t])))

    full = solution.everyone
    return IdealComparison(
        rules=solution.rules.name, questions=solution.questions, n=n, family_size=solution.family_size,
        pairs=sum(c.count for c in cells.values()), start_board=solution.P(full, full),
        start_ideal=ideal.P(n, n), unaskable_pairs=sum(c.unaskable for c in cells.values()),
        worse_pairs=sum(c.worse for c in cells.values()), better_pairs=sum(c.better for c in cells.values()),
        largest_loss=named(loss), largest_gain=named(gain), cells=cells)


def restriction_cost(solution: BoardSolution, mine, theirs) -> Fraction:
    """P_ideal(|mine|, |theirs|) - P_board(mine, theirs), exact (negative when the board helps the mover)."""
    solution = _check_solution(solution)
    p = solution.P(mine, theirs)
    return _ideal(solution).P(len(set(mine)), len(set(theirs))) - p


def ideal_move_askable(solution: BoardSolution, mine, theirs) -> bool:
    """True if some optimal move of the idealised game at (|mine|, |theirs|) can be made on the board:
    a guess, or a question whose answers split ``mine`` into groups of the same sizes."""
    solution = _check_solution(solution)
    board_moves = solution.moves(mine, theirs)
    ideal = _ideal(solution).optimal_moves(len(set(mine)), len(set(theirs)))
    if not ideal:
        return True
    return any(m.sizes in ideal for m in board_moves)


@dataclass(frozen=True)
class FirstQuestion:
    """A first move on the full board: its words, group sizes, exact value on the board, and the value of
    a split with the same sizes in the idealised game (both players free to ask anything afterwards)."""

    text: str
    sizes: object
    value: Fraction
    ideal_value: Fraction


def first_questions(solution: BoardSolution) -> tuple[FirstQuestion, ...]:
    """Every first move on the full board, best first, with its idealised counterpart."""
    solution = _check_solution(solution)
    n = solution.board.n
    ideal = _ideal(solution)
    full = solution.everyone
    return tuple(FirstQuestion(m.text, m.sizes, m.value, ideal.value(n, n, m.sizes))
                 for m in solution.moves(full, full))


def informed_opponent(solution: BoardSolution, max_characters: int = 12) -> Fraction:
    """The second player's chance when they use what they know about their own person.

    The first player plays this solution's strategy: at each state the first move of ``best_questions``
    (a guess names one of their suspects at random).  The second player knows their own person, so they
    know every answer the first player will get, and they choose each move knowing it (a best reply,
    computed exactly).  Compare with ``1 - solution.start``, what the second player gets in the set
    model: when it is larger, the table's strategy can be exploited by a player who reads it.

    Official rules only; boards of at most ``max_characters`` characters (at most 24), since the best reply
    is solved once per person of the second player in Fractions (the cost grows fast with the board: the
    shipped board needs ``max_characters=24``).
    """
    solution = _check_solution(solution)
    from ..rules import check_int
    max_characters = check_int(max_characters, "max_characters", 1, 24)
    if solution.rules.name != "official":
        raise ValueError(f"solution must be solved under the 'official' rules, got {solution.rules.name!r}")
    if solution.board.n > max_characters:
        raise ValueError(f"solution's board has {solution.board.n} characters, more than "
                         f"max_characters={max_characters}")
    full = solution.everyone
    policy: dict = {}

    def first_move(U1, U2):
        key = (U1, U2)
        if key not in policy:
            policy[key] = solution.best_questions(U1, U2)[0]
        return policy[key]

    questions = solution.question_list
    names_in = solution.board.names_in
    def chance_against(person):
        """The second player's chance when their own person is ``person``."""
        memo_w: dict = {}
        memo_v: dict = {}

        def W(U1, U2):      # the second player's chance, the first player to move at (U1, U2)
            if (U1, U2) not in memo_w:
                m = first_move(U1, U2)
                if m.kind == "guess":
                    memo_w[U1, U2] = 1 - Fraction(1, len(U1))
                else:
                    memo_w[U1, U2] = V(next(s for _, s in m.answers if person in s), U2)
            return memo_w[U1, U2]

        def V(U1, U2):      # the second player to move from (U2, U1), knowing the first player's answers
            if (U1, U2) not in memo_v:
                best = Fraction(1, len(U2))
                mask = solution.board.mask(U2)
                for q in questions:
                    parts = [p for p in q.parts(mask) if p]
                    if len(parts) >= 2:
                        best = max(best, sum(Fraction(bin(p).count("1"), len(U2)) * W(U1, names_in(p))
                                             for p in parts))
                memo_v[U1, U2] = best
            return memo_v[U1, U2]

        return W(full, full)

    # the second player's own person, whom the first player seeks
    total = sum((chance_against(person) for person in solution.board.names), Fraction(0))
    return total / solution.board.n
