"""Helpers and widgets for lesson 05 (paradox questions) and lesson 06 (first-move advantage).

Lesson 05 follows Cushing et al., section 1 (the question (*) with an embedded paradox and its
footnote) and section 3 / Appendix A (Theorem 3.1, the tables, A(n, m), Phi and B(n, m)).
Lesson 06 follows Nica, sections 1.2 and 3 (first-mover advantage, the fair handicap, log-periodicity)
and compares all four rule sets.

Everything a widget shows is computed by a plain function here, so it can be tested without a
browser: each widget keeps its state in attributes (``.state``) and draws on a matplotlib ``Figure``
it owns (``.fig``, ``.ax``); a notebook only displays it.

    >>> paradox_answer("Ada", X={"Ada", "Bram"}, Y={"Chidi"})
    'yes'
    >>> paradox_answer("Chidi", X={"Ada", "Bram"}, Y={"Chidi"})
    'head explodes'
    >>> paradox_answer("Dara", X={"Ada", "Bram"}, Y={"Chidi"})
    'no'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

import numpy as np

from .rules import GUESS, RULES, check_int, get_rules
from .solver import cached_solution

__all__ = [
    "YES", "NO", "EXPLODES", "suspect_names", "truthful_answers", "paradox_answer", "answer_groups",
    "paradox_question", "paradox_question_in_traits", "split_of_question", "sets_for_split",
    "SOLVER_LIMIT", "win_probability", "max_board", "first_mover_values", "Handicap", "fair_handicap", "fair_start",
    "log_position",
    "plot_first_mover", "plot_log_periodicity", "plot_handicap", "plot_three_way_values", "plot_split_parts",
    "plot_tripartite_gain", "plot_split_kind_map", "plot_power_of_three_map",
    "ParadoxQuestionWidget", "TripartiteSplitWidget", "HandicapWidget",
]

YES, NO, EXPLODES = "yes", "no", "head explodes"

# ----------------------------------------------------------------------------------------------
# Lesson 05: the paradox question
# ----------------------------------------------------------------------------------------------


def suspect_names(k: int = 24) -> tuple[str, ...]:
    """The first ``k`` characters of the project's own 24-character board (``guesswho_lib.imperfect``)."""
    from .imperfect.board import load_board

    names = load_board().names
    k = check_int(k, "k", 1, len(names))
    return tuple(names[:k])


def _as_set(names, what: str) -> frozenset:
    if isinstance(names, str):
        raise TypeError(f"{what} must be a collection of names, not a single string {names!r}")
    try:
        return frozenset(names)
    except TypeError:
        raise TypeError(f"{what} must be a collection of names, got {names!r}") from None


def truthful_answers(person, X, Y) -> frozenset:
    """The answers among 'yes' and 'no' that would be *true* answers to the question (*)

        "Is your person in X, OR is your person in Y AND the answer to this question is no?"

    An answer a is truthful when the question's statement, evaluated with 'the answer' set to a,
    is true exactly when a is 'yes' (Cushing et al., section 1).  For a person in Y only, neither
    answer is truthful: that is the paradox.

    >>> sorted(truthful_answers("Bram", {"Ada"}, {"Bram"}))
    []
    """
    X, Y = _as_set(X, "X"), _as_set(Y, "Y")
    ok = set()
    for a in (YES, NO):
        statement = person in X or (person in Y and a == NO)
        if statement == (a == YES):
            ok.add(a)
    return frozenset(ok)


def paradox_answer(person, X, Y) -> str:
    """What the opponent answers to (*) when their person is ``person``: 'yes', 'no', or, when no
    answer is truthful, 'head explodes' -- the third answer that makes the question tripartite."""
    ok = truthful_answers(person, X, Y)
    if len(ok) == 2:  # cannot happen for this question; kept so a wrong edit is noticed
        raise AssertionError("both answers truthful")
    return next(iter(ok)) if ok else EXPLODES


def answer_groups(suspects: Iterable, X, Y) -> dict:
    """Split ``suspects`` by the answer they would produce: {'yes': [...], 'no': [...], 'head explodes': [...]}."""
    groups = {YES: [], NO: [], EXPLODES: []}
    for s in suspects:
        groups[paradox_answer(s, X, Y)].append(s)
    return groups


def split_of_question(suspects: Sequence, X, Y) -> tuple:
    """The move (group sizes, in non-decreasing order, empty groups dropped) that the question (*)
    makes on a board of ``suspects``.  Compare with ``Solution.optimal_moves``."""
    sizes = sorted(len(g) for g in answer_groups(suspects, X, Y).values() if g)
    return tuple(sizes)


def _list_names(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def paradox_question(X, Y, order: Sequence | None = None) -> str:
    """The text of the question (dagger) of Cushing et al., section 3, for the sets X and Y.

    Names in both X and Y only ever produce 'yes', so they are listed in X only (the paper assumes
    X and Y disjoint).  ``order`` (e.g. the board's names) fixes the order names are listed in.

    >>> print(paradox_question({"Ada", "Bram"}, {"Chidi"}))
    Is your person Ada or Bram
    OR
    is your person Chidi AND the answer to this question is no?
    """
    X, Y = _as_set(X, "X"), _as_set(Y, "Y")
    Y = Y - X
    key = (lambda s: list(order).index(s)) if order is not None else str
    xs, ys = sorted(X, key=key), sorted(Y, key=key)
    if not xs and not ys:
        raise ValueError("X and Y are both empty: the question would be 'is the answer to this question no?' "
                         "for nobody; choose at least one name for X or Y")
    if not ys:
        return f"Is your person {_list_names(xs)}?"
    second = f"is your person {_list_names(ys)} AND the answer to this question is no?"
    if not xs:
        return second[0].upper() + second[1:]
    return f"Is your person {_list_names(xs)}\nOR\n{second}"


def paradox_question_in_traits(suspects: Sequence[str], X, Y) -> str | None:
    """The question (*) with X and Y described by the traits of the project's board, when the suspects
    are characters of that board (uses :func:`guesswho_lib.imperfect.questions.paradox_question` on the
    sub-board of ``suspects``); None for other names.  Names in both sets count as X."""
    from .imperfect.board import load_board
    from .imperfect.questions import paradox_question as trait_question

    board = load_board()
    if not set(suspects) <= set(board.names):
        return None
    X, Y = _as_set(X, "X"), _as_set(Y, "Y")
    return trait_question(board.sub_board(list(suspects)), X, Y - X)


def sets_for_split(move: Sequence[int], suspects: Sequence) -> tuple[list, list]:
    """Sets X and Y (from the front of ``suspects``) whose question (*) makes the split ``move``.

    >>> sets_for_split((1, 1, 2), ["Ada", "Bram", "Chidi", "Dara"])
    (['Ada'], ['Bram'])
    """
    parts = [check_int(p, "move group size", 1) for p in move]
    if not 2 <= len(parts) <= 3:
        raise ValueError(f"move must have 2 or 3 groups, got {move!r}")
    if sum(parts) != len(suspects):
        raise ValueError(f"move {tuple(move)!r} must sum to the number of suspects, {len(suspects)}")
    X = list(suspects[:parts[0]])
    Y = list(suspects[parts[0]:parts[0] + parts[1]]) if len(parts) == 3 else []
    return X, Y


# ----------------------------------------------------------------------------------------------
# Exact values for any board size
# ----------------------------------------------------------------------------------------------

#: Boards up to this size are read from the exact table; bigger ones use ``guesswho_lib.huge.P``.
SOLVER_LIMIT = 1024


def win_probability(n, m, rules="official") -> Fraction:
    """Exact P(n, m): from the solver's table for n, m <= SOLVER_LIMIT, else from the huge-board
    evaluator :func:`guesswho_lib.huge.P` (n, m up to 10**18)."""
    rules = get_rules(rules)
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if max(n, m) <= SOLVER_LIMIT:
        return cached_solution(rules, max(n, m)).P(n, m)
    from .huge import PROVEN_STRATEGIES, P as huge_P

    if rules.name not in PROVEN_STRATEGIES:
        raise ValueError(f"n and m must be at most {SOLVER_LIMIT} under the {rules.name!r} rules (no theorem gives "
                         f"an optimal strategy for huge boards there), got ({n}, {m}); rule sets that work for "
                         f"any size: {sorted(PROVEN_STRATEGIES)}")
    return huge_P(n, m, rules.name)


def max_board(rules) -> int:
    """The largest N for which :func:`win_probability` works under ``rules`` (10**18 for the rule sets
    with a proven optimal strategy, else SOLVER_LIMIT)."""
    from .huge import PROVEN_STRATEGIES

    return 10**18 if get_rules(rules).name in PROVEN_STRATEGIES else SOLVER_LIMIT


def first_mover_values(Ns: Iterable[int], rules="official") -> list[Fraction]:
    """[P(N, N) for N in Ns], exact: the first player's chance when both start with N suspects."""
    Ns = [check_int(N, "N", 1) for N in Ns]
    _warm(rules, Ns)
    return [win_probability(N, N, rules) for N in Ns]


def _warm(rules, sizes) -> None:
    """Solve the table once at the largest size needed (the shared cache otherwise grows by doubling)."""
    small = [N for N in sizes if N <= SOLVER_LIMIT]
    if small:
        cached_solution(rules, max(small))


@dataclass(frozen=True)
class Handicap:
    """The fairest game found by :func:`fair_handicap` or :func:`fair_start`."""

    rules: str
    first: int          # suspects of the player who moves first
    second: int         # suspects of the player who moves second
    P: Fraction         # P(first, second): the first player's exact chance

    @property
    def unfairness(self) -> Fraction:
        """|P - 1/2|."""
        return abs(self.P - Fraction(1, 2))


def _closest_to_half(f: Callable[[int], Fraction], lo: int, hi: int) -> tuple[int, Fraction]:
    """x in [lo, hi] with f(x) closest to 1/2, for f non-decreasing on [lo, hi] (ties: smaller x).

    Binary search for the first x with f(x) >= 1/2, then compare it with x - 1."""
    half = Fraction(1, 2)
    if f(hi) < half:
        return hi, f(hi)
    a, b = lo, hi  # invariant: f(b) >= 1/2; the first such x lies in [a, b]
    while a < b:
        mid = (a + b) // 2
        if f(mid) >= half:
            b = mid
        else:
            a = mid + 1
    best, fb = b, f(b)
    if b > lo:
        fa = f(b - 1)
        if abs(fa - half) <= abs(fb - half):
            best, fb = b - 1, fa
    return best, fb


def fair_handicap(N, rules="official") -> Handicap:
    """Both players have N suspects, but the first mover has an advantage.  How few suspects should
    the *second* player start with to make the game fair?  Returns the m <= N with P(N, m) closest
    to 1/2 (exact; ties go to the smaller m).  The second player's head start is N - m suspects.

    Uses that P(N, m) does not decrease in m (a bigger pool is a burden); the tests check this
    exhaustively on the exact tables.
    """
    rules = get_rules(rules)
    N = check_int(N, "N", 2, 10**18)
    lo = 2 if rules.one_left_wins else 1
    _warm(rules, [N])
    m, p = _closest_to_half(lambda m: win_probability(N, m, rules), lo, N)
    return Handicap(rules.name, N, m, p)


def fair_start(M, rules="official") -> Handicap:
    """Nica's version (section 1.2): the second player has M suspects; how many should the *first*
    player start with to make the game fair?  Returns the n >= M with P(n, M) closest to 1/2 (ties: larger n).
    Nica predicts n / M between 4/3 and 3/2 for large M under his rules."""
    rules = get_rules(rules)
    M = check_int(M, "M", 2, 10**18 // 4)
    hi = 4 * M  # P(4M, M) < 1/2 in every rule set (checked in the tests); P falls as n grows
    _warm(rules, [M + hi])
    # x -> n = M + hi - x runs downwards as x runs upwards, and P(n, M) does not increase in n
    x, p = _closest_to_half(lambda x: win_probability(M + hi - x, M, rules), M, hi)
    return Handicap(rules.name, M + hi - x, M, p)


def log_position(N: int, base: int) -> float:
    """The fractional part of log_base(N): where N sits inside its 'octave' [base^k, base^(k+1))."""
    N = check_int(N, "N", 1)
    k = 0
    while base ** (k + 1) <= N:
        k += 1
    return math.log(N / base ** k, base)


# ----------------------------------------------------------------------------------------------
# Plots (take an ax, return the artists, never call plt.show())
# ----------------------------------------------------------------------------------------------

RULE_COLOURS = {"official": "C0", "nica": "C1", "tripartite": "C2", "merciful": "C3"}


def plot_first_mover(ax, N_max: int, rules: Sequence[str] = tuple(RULES)):
    """P(N, N) against N (log axis) for each rule set, N = 2..N_max."""
    N_max = check_int(N_max, "N_max", 3, 16384)
    Ns = np.arange(2, N_max + 1)
    artists = []
    for r in rules:
        sol = cached_solution(r, N_max)
        artists += ax.plot(Ns, sol.prob[Ns, Ns], ".", ms=2, color=RULE_COLOURS.get(r), label=r)
    artists.append(ax.axhline(0.5, color="grey", lw=0.8, ls="--"))
    ax.set_xscale("log")
    ax.set_xlabel("N (both players start with N suspects)")
    ax.set_ylabel("P(N, N): first player's chance")
    ax.legend(loc="upper right", markerscale=4)
    return artists


def plot_log_periodicity(ax, rules="nica", base: int = 2, k_min: int = 3, k_max: int = 10,
                         points_per_period: int = 64):
    """P(N, N) against the fractional part of log_base(N), one colour per period [base^k, base^(k+1)).

    If the curves pile up on one limit curve, P(N, N) is (asymptotically) log-periodic.  Periods beyond
    the solver's table use the huge-board evaluator, so k_max may be large (base^k_max <= 10**18)."""
    rules = get_rules(rules).name
    base = check_int(base, "base", 2, 10)
    k_min = check_int(k_min, "k_min", 0)
    k_max = check_int(k_max, "k_max", k_min)
    if base ** (k_max + 1) > 10**18:
        raise ValueError(f"k_max must keep base**(k_max + 1) <= 10**18, got base={base}, k_max={k_max}")
    cmap = __import__("matplotlib").colormaps["viridis"]
    _warm(rules, [min(base ** (k_max + 1), SOLVER_LIMIT)])
    artists = []
    for k in range(k_min, k_max + 1):
        lo, hi = base ** k, base ** (k + 1)
        Ns = sorted({int(round(lo * base ** (t / points_per_period))) for t in range(points_per_period)} | {lo})
        Ns = [N for N in Ns if lo <= N < hi and N >= 2]
        if not Ns:
            continue
        xs = [log_position(N, base) for N in Ns]
        ys = [float(p) for p in first_mover_values(Ns, rules)]
        colour = cmap((k - k_min) / max(1, k_max - k_min))
        artists += ax.plot(xs, ys, "-", lw=1, color=colour, label=f"{base}^{k} <= N < {base}^{k + 1}")
    ax.set_xlabel(f"fractional part of log{base}(N)")
    ax.set_ylabel("P(N, N)")
    ax.set_title(f"{rules}: one curve per period")
    return artists


def plot_handicap(ax, N, rules="official", points: int = 41, handicap: Handicap | None = None):
    """P(N, m) against m / N for m from N/2 to N, with the fairest m marked (works for N up to 10**18).

    ``handicap``: the result of ``fair_handicap(N, rules)`` if already known (saves recomputing it)."""
    rules = get_rules(rules).name
    N = check_int(N, "N", 4, 10**18)
    points = check_int(points, "points", 2, 400)
    ms = sorted({max(2, N // 2 + (N - N // 2) * i // (points - 1)) for i in range(points)})
    ps = [float(win_probability(N, m, rules)) for m in ms]
    h = fair_handicap(N, rules) if handicap is None else handicap
    if (h.rules, h.first) != (rules, N):
        raise ValueError(f"handicap must be fair_handicap({N}, {rules!r}), got one for N={h.first}, rules={h.rules!r}")
    artists = ax.plot([m / N for m in ms], ps, "-", color=RULE_COLOURS.get(rules), label=f"P({N}, m), {rules}")
    artists.append(ax.axhline(0.5, color="grey", lw=0.8, ls="--"))
    artists += ax.plot([h.second / N], [float(h.P)], "o", color="k",
                       label=f"fairest: m = {h.second}, P = {float(h.P):.4f}")
    ax.set_xlabel("m / N (second player's suspects as a fraction of N)")
    ax.set_ylabel("first player's chance")
    ax.legend(loc="upper left", fontsize=8)
    return artists


def _three_way_values(sol, n: int, m: int) -> np.ndarray:
    """V[a, b] = n*m times the value of the split (a, b, n-a-b), a <= b <= n-a-b; NaN elsewhere."""
    row = sol.A[m].astype(np.int64)
    V = np.full((n + 1, n + 1), np.nan)
    for a in range(1, n // 3 + 1):
        for b in range(a, (n - a) // 2 + 1):
            V[a, b] = n * m - row[a] - row[b] - row[n - a - b]
    return V


def plot_three_way_values(ax, sol, n: int, m: int):
    """Heat map of the win probability of every three-way split (a, b, n-a-b), a <= b <= c, at (n, m),
    optimal splits ringed.  ``sol`` is a tripartite :class:`~guesswho_lib.solver.Solution`."""
    if sol.rules.max_parts != 3:
        raise ValueError(f"sol must be a tripartite solution, got rules {sol.rules.name!r}")
    n, m = check_int(n, "n", 3, sol.N), check_int(m, "m", 1, sol.N)
    V = _three_way_values(sol, n, m) / (n * m)
    img = ax.imshow(V[1:, 1:].T, origin="lower", extent=(0.5, n + 0.5, 0.5, n + 0.5), cmap="viridis")
    best = [mv for mv in sol.optimal_moves(n, m) if isinstance(mv, tuple) and len(mv) == 3]
    artists = [img]
    if best:
        artists += ax.plot([mv[0] for mv in best], [mv[1] for mv in best], "o", mfc="none", mec="red", ms=10,
                           label="optimal")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xlim(0.5, n // 3 + 0.5)
    ax.set_ylim(0.5, n // 2 + 0.5)
    ax.set_xlabel("a = |X| (answer yes)")
    ax.set_ylabel("b = |Y| (head explodes)")
    ax.set_title(f"value of (a, b, {n}-a-b) at ({n}, {m}); P = {sol.P(n, m)}")
    return artists


def plot_split_parts(ax, sol, m: int, n_max: int, choose: Callable | None = None):
    """The three group sizes of an optimal move at (n, m) against n (log-3 grid lines at 3^k and 2*3^k).

    ``choose(n, m) -> move`` picks the move to draw (default: the solver's optimal move with the
    largest smallest group, as the Appendix A tables of Cushing et al. tend to print)."""
    n_max = check_int(n_max, "n_max", 4, sol.N)
    m = check_int(m, "m", 2, sol.N)
    ns, parts = [], []
    for n in range(3, n_max + 1):
        if choose is not None:
            mv = choose(n, m)
        else:
            cands = [mv for mv in sol.optimal_moves(n, m) if isinstance(mv, tuple)]
            mv = max(cands, key=lambda t: (len(t), t[0], t[1])) if cands else None
        if isinstance(mv, tuple) and len(mv) == 3:
            ns.append(n)
            parts.append(mv)
    parts = np.array(parts)
    artists = []
    for i, lab in enumerate(("smallest group a", "middle group b", "largest group c")):
        artists += ax.plot(ns, parts[:, i], ".-", ms=3, lw=0.8, label=lab)
    k = 1
    while 3 ** k <= n_max:
        artists.append(ax.axvline(3 ** k, color="grey", lw=0.6))
        artists.append(ax.axhline(3 ** (k - 1), color="grey", lw=0.4, ls=":"))
        if 2 * 3 ** k <= n_max:
            artists.append(ax.axvline(2 * 3 ** k, color="grey", lw=0.6, ls="--"))
        k += 1
    ax.set_xlabel("n (your suspects)")
    ax.set_ylabel("group size")
    ax.set_title(f"an optimal paradox question, opponent has m = {m}")
    ax.legend(loc="upper left", fontsize=8)
    return artists


def plot_tripartite_gain(ax, N: int):
    """Heat map of P_tripartite(n, m) - P_official(n, m) for 1 <= n, m <= N (from
    :func:`guesswho_lib.tripartite.gain_table`): what paradox questions are worth to the player to move
    when *both* players may ask them.  Diverging colours centred on 0 (the gain can be negative)."""
    from .tripartite import gain_table

    N = check_int(N, "N", 2, 4096)
    k = np.arange(N + 1)
    gain = (gain_table(N) / np.maximum(np.outer(k, k), 1))[1:, 1:]
    top = float(np.abs(gain).max()) or 1.0
    img = ax.imshow(gain, origin="lower", extent=(0.5, N + 0.5, 0.5, N + 0.5), cmap="RdBu_r",
                    vmin=-top, vmax=top, interpolation="nearest")
    ax.set_xlabel("m (opponent's suspects)")
    ax.set_ylabel("n (your suspects)")
    ax.set_title("P tripartite - P official")
    return [img]


def plot_split_kind_map(ax, N: int):
    """Map of the (n, m) plane coloured by the rule of the corrected Theorem 3.1 that gives the move
    (:func:`guesswho_lib.tripartite.split_kind_table`), with the lines n = 3^k.  Returns the artists."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    from .tripartite import SPLIT_KINDS, split_kind_table

    N = check_int(N, "N", 2, 4096)
    kinds = split_kind_table(N)[1:, 1:].astype(float)
    palette = ["#c44e52", "#8172b3", "#4c72b0", "#55a868"]
    img = ax.imshow(kinds, origin="lower", extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest",
                    cmap=ListedColormap(palette), vmin=-0.5, vmax=3.5)
    artists = [img]
    k = 2
    while 3 ** k <= N:
        artists.append(ax.axhline(3 ** k, color="white", lw=0.6))
        k += 1
    ax.legend(handles=[Patch(color=c, label=t) for c, t in zip(palette, SPLIT_KINDS)], loc="upper left",
              bbox_to_anchor=(1.02, 1.0), fontsize="small", frameon=False)
    ax.set_xlabel("m (opponent's suspects)")
    ax.set_ylabel("n (your suspects)")
    ax.set_title("which rule of Theorem 3.1 (corrected) applies")
    return artists


def plot_power_of_three_map(ax, N: int):
    """Map of the (n, m) plane: black where some OPTIMAL question has a group of size 3, 9, 27, ...
    (:func:`guesswho_lib.tripartite.power_of_three_table`, read off the exact solver), with the
    Theorem 3.1 boundary m = 3^k + 3^(k-1) (k = floor(log_3 n)) drawn in red.  Returns the artists."""
    from .tripartite import ilog3, power_of_three_table

    N = check_int(N, "N", 10, 2187)
    table = power_of_three_table(N)[1:, 1:].astype(float)
    img = ax.imshow(table, origin="lower", extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest",
                    cmap="Greys", vmin=0, vmax=1.6)
    ns = np.arange(10, N + 1)
    bound = np.array([3 ** ilog3(n) + 3 ** (ilog3(n) - 1) for n in ns])
    line = ax.step(bound, ns, where="post", color="red", lw=1, label="m = 3^k + 3^(k-1)")
    ax.set_xlim(0.5, N + 0.5)
    ax.set_xlabel("m (opponent's suspects)")
    ax.set_ylabel("n (your suspects)")
    ax.set_title("an optimal question has a group of size 3^j (dark)")
    ax.legend(loc="lower right", fontsize="small")
    return [img] + line


# ----------------------------------------------------------------------------------------------
# Widgets: state computed by the functions above, view = ipywidgets controls + a matplotlib Figure
# ----------------------------------------------------------------------------------------------


class _FigureWidget:
    """Common plumbing: controls in ``self.controls``, a Figure ``self.fig`` with axes ``self.ax``,
    an HTML read-out, and ``update()`` on every change of a control's value."""

    figsize = (6, 4)
    state: dict

    def _setup(self, controls, with_figure: bool = True, layout=None):
        """``controls``: the value widgets to observe; ``layout``: how to arrange them (default a row)."""
        import ipywidgets as w

        self.controls = list(controls)
        self.html = w.HTML()
        self.image = w.Image(format="png")
        self.fig = self.ax = None
        self.artists = []
        if with_figure:
            from matplotlib.figure import Figure

            self.fig = Figure(figsize=self.figsize, layout="constrained")
            self.ax = self.fig.add_subplot()
        for c in self.controls:
            c.observe(lambda change: self.update(), names="value")
        parts = [layout if layout is not None else w.HBox(self.controls), self.html]
        parts += [self.image] if with_figure else []
        self.widget = w.VBox(parts)
        self.update()

    def update(self):
        """Recompute the state from the controls, then redraw the read-out and the figure."""
        self.state = self.compute()
        self.html.value = self.describe()
        if self.fig is not None:
            self.ax.clear()
            self.artists = self.draw(self.ax)
            import io

            buf = io.BytesIO()
            self.fig.savefig(buf, format="png", dpi=90)
            self.image.value = buf.getvalue()  # the view: a PNG, so it also works in voila

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def draw(self, ax):  # pragma: no cover - overridden
        return []


class ParadoxQuestionWidget(_FigureWidget):
    """Pick X, Y and the opponent's mystery person; read the question (*) and its answer.

    State: ``question`` (text), ``groups`` (answer -> names), ``answer`` for the chosen person,
    ``move`` (the split it makes), and ``value``/``best`` = its exact win probability at
    (len(suspects), m) against the optimal value, tripartite rules."""

    def __init__(self, suspects: Sequence[str] | None = None, m: int = 8):
        import ipywidgets as w

        self.suspects = tuple(suspects) if suspects is not None else suspect_names(8)
        if len(self.suspects) < 3:
            raise ValueError(f"suspects must hold at least 3 names, got {len(self.suspects)}")
        self.X = w.SelectMultiple(options=self.suspects, value=self.suspects[:2], description="X", rows=8)
        self.Y = w.SelectMultiple(options=self.suspects, value=self.suspects[2:5], description="Y", rows=8)
        self.person = w.Dropdown(options=self.suspects, value=self.suspects[2], description="their person")
        self.m = w.IntSlider(value=check_int(m, "m", 1, 64), min=1, max=64, description="m (opponent)")
        self._setup([self.X, self.Y, self.person, self.m], with_figure=False,
                    layout=w.HBox([self.X, self.Y, w.VBox([self.person, self.m])]))

    def compute(self):
        X, Y = set(self.X.value), set(self.Y.value)
        groups = answer_groups(self.suspects, X, Y)
        state = {"groups": groups, "answer": paradox_answer(self.person.value, X, Y),
                 "overlap": sorted(X & Y, key=self.suspects.index)}
        state["question"] = paradox_question(X, Y, order=self.suspects) if (X or Y) else ""
        state["in_traits"] = paradox_question_in_traits(self.suspects, X, Y) if (X or Y) else None
        move = split_of_question(self.suspects, X, Y)
        state["move"] = move
        n, m = len(self.suspects), self.m.value
        sol = cached_solution("tripartite", max(n, m))
        state["value"] = sol.value(n, m, move) if len(move) >= 2 else None
        state["best"] = sol.P(n, m)
        return state

    def describe(self) -> str:
        s = self.state
        if not s["question"]:
            return "<i>Choose at least one name for X or Y.</i>"
        lines = ["<pre>" + s["question"] + "</pre>"]
        if s["in_traits"]:
            lines.append(f"Said with the board's traits: <i>{s['in_traits']}</i>")
        lines.append(f"If their person is <b>{self.person.value}</b>, the answer is <b>{s['answer']}</b>.")
        for a in (YES, NO, EXPLODES):
            lines.append(f"{a}: {', '.join(s['groups'][a]) or '(nobody)'}")
        if s["overlap"]:
            lines.append(f"(names in both X and Y always give 'yes': {', '.join(s['overlap'])})")
        if s["value"] is None:
            lines.append("This question tells you nothing: every suspect gives the same answer.")
        else:
            lines.append(f"Split {s['move']} of your {len(self.suspects)} suspects against {self.m.value}: "
                         f"you win with probability {s['value']} (best possible {s['best']}).")
        return "<br>".join(lines)


class TripartiteSplitWidget(_FigureWidget):
    """Sliders n and m: every paradox question (a, b, c) coloured by its exact value, optimal ones ringed.

    State: ``P_tripartite``, ``P_official``, ``optimal`` (all optimal moves), ``printed`` (the move of
    Theorem 3.1 as printed, when ``printed_move`` is given) and ``printed_optimal``."""

    def __init__(self, N: int = 40, n: int = 12, m: int = 12, printed_move: Callable | None = None):
        import ipywidgets as w

        N = check_int(N, "N", 3, 1024)
        self.sol = cached_solution("tripartite", N)
        self.official = cached_solution("official", N)
        self.printed_move = printed_move
        self.n = w.IntSlider(value=check_int(n, "n", 3, N), min=3, max=N, description="n (you)")
        self.m = w.IntSlider(value=check_int(m, "m", 1, N), min=1, max=N, description="m (opponent)")
        self._setup([self.n, self.m])

    def compute(self):
        n, m = self.n.value, self.m.value
        state = {"P_tripartite": self.sol.P(n, m), "P_official": self.official.P(n, m),
                 "optimal": self.sol.optimal_moves(n, m), "printed": None, "printed_optimal": None}
        if self.printed_move is not None:
            mv = self.printed_move(n, m)
            state["printed"] = mv
            if mv is None or (mv is not GUESS and sum(mv) != n):
                state["printed_optimal"] = False  # no move at all, or parts that do not add up to n
            else:
                state["printed_optimal"] = self.sol.value(n, m, mv) == state["P_tripartite"]
        return state

    def describe(self) -> str:
        s = self.state
        txt = (f"P = {s['P_tripartite']} ({float(s['P_tripartite']):.4f}) with paradox questions, "
               f"{s['P_official']} ({float(s['P_official']):.4f}) without. Optimal: {', '.join(map(str, s['optimal']))}.")
        if self.printed_move is not None:
            mv = s["printed"]
            if mv is None:
                txt += "<br>Theorem 3.1 as printed gives <b>no move</b> here."
            elif mv is not GUESS and sum(mv) != self.n.value:
                txt += f"<br>Theorem 3.1 as printed says {mv}: <b>not a split of {self.n.value}</b>."
            else:
                verdict = "optimal" if s["printed_optimal"] else "<b>NOT optimal</b>"
                txt += f"<br>Theorem 3.1 as printed says {mv}: {verdict}."
        return txt

    def draw(self, ax):
        return plot_three_way_values(ax, self.sol, self.n.value, self.m.value)


class HandicapWidget(_FigureWidget):
    """Choose a rule set and the number of digits of N (up to 18): the fair handicap, exactly.

    State: ``N``, ``handicap`` (a :class:`Handicap`), ``P_equal`` = P(N, N)."""

    def __init__(self, rules="official", digits: float = 2.0, mantissa: float = 2.4):
        import ipywidgets as w

        self.rules = w.Dropdown(options=list(RULES), value=get_rules(rules).name, description="rules")
        self.digits = w.IntSlider(value=int(digits), min=1, max=17, description="10^k, k =")
        self.mantissa = w.FloatSlider(value=mantissa, min=1.0, max=9.9, step=0.1, description="N = x * 10^k, x =")
        self._setup([self.rules, self.digits, self.mantissa])

    def compute(self):
        wanted = max(4, int(round(self.mantissa.value * 10 ** self.digits.value)))
        N = min(wanted, max_board(self.rules.value))
        h = fair_handicap(N, self.rules.value)
        return {"N": N, "capped": N < wanted, "handicap": h, "P_equal": win_probability(N, N, self.rules.value)}

    def describe(self) -> str:
        s = self.state
        h, N = s["handicap"], s["N"]
        note = (f"<i>The {self.rules.value} rules have no proven strategy for huge boards: N capped at {N}.</i><br>"
                if s["capped"] else "")
        return note + (f"N = {N:,}: with equal boards the first player wins with probability {float(s['P_equal']):.6f}.<br>"
                f"Fairest: the second player starts with m = {h.second:,} suspects ({N - h.second:,} fewer, "
                f"N/m = {N / h.second:.4f}); then P = {float(h.P):.8f}.")

    def draw(self, ax):
        return plot_handicap(ax, self.state["N"], self.rules.value, points=13, handicap=self.state["handicap"])
