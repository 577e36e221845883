"""Any set of characters as a question in words (Paz & Peterfreund, Assumption 1 and Example 2).

Paz & Peterfreund assume (Assumption 1) that *every* subset ``A`` of characters is exactly the set of
characters having one trait ``j_A``.  A real board has ``m`` traits, so at most ``2m`` subsets
(a trait or its negation) are single-trait questions out of ``2**n``; :func:`assumption1_counts`
counts them, and also the subsets that are a conjunction of traits ("glasses and not a hat").

What rescues the strategies is that, as long as no two characters have identical rows, every
subset is a boolean formula over traits.  We search for the SHORTEST one:

* a *literal* is a trait or its negation ("glasses", "not a hat");
* a *term* is an AND of literals; a formula is an OR of terms (disjunctive normal form, DNF), or the
  negation of such an OR ("it is not true that ...");
* its **size** is the number of literals written.

:func:`shortest_formula` runs an exact branch-and-bound search over sizes 0, 1, 2, ... and returns
the first formula whose set of characters is exactly the subset.  Only *prime implicants* need be
considered (a term that only contains characters of the subset and loses this property when any
literal is dropped): replacing a term by a prime implicant inside it never makes a formula longer.
When two characters with identical rows fall on different sides, no formula exists and
:func:`describe` falls back to naming the characters.

    >>> from guesswho_lib.board.traits import load_board
    >>> b = load_board()
    >>> f = shortest_formula(b, b.with_trait("glasses") - b.with_trait("hat"))
    >>> f.size, f.text(b)
    (2, 'wears glasses and does not wear a hat')
    >>> describe(b, f.names(b)).text
    'Does your person wear glasses and not wear a hat?'
    >>> describe(b, {"Ada", "Mira", "Quinn"}).text
    'Does your person have red hair?'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules import check_int
from .traits import Board, members

__all__ = ["Literal", "Formula", "Question", "shortest_formula", "greedy_formula", "describe",
           "assumption1_counts", "conjunction_sets", "paradox_question", "separable"]


@dataclass(frozen=True, order=True)
class Literal:
    """A trait (``positive=True``) or its negation."""
    trait: str
    positive: bool = True

    def mask(self, board: Board) -> int:
        col = board.column(self.trait)
        return col if self.positive else board.everyone & ~col

    def text(self, board: Board) -> str:
        return board.phrase(self.trait, self.positive)

    def short(self) -> str:
        return self.trait if self.positive else f"not {self.trait}"


@dataclass(frozen=True)
class Formula:
    """An OR of ANDs of literals (``terms``), negated as a whole when ``negated`` is True.

    ``size`` is the number of literals.  The empty OR is "nobody" (false); negated it is "everyone".
    """
    terms: tuple[tuple[Literal, ...], ...]
    negated: bool = False

    @property
    def size(self) -> int:
        return sum(len(t) for t in self.terms)

    def mask(self, board: Board) -> int:
        out = 0
        for term in self.terms:
            m = board.everyone
            for lit in term:
                m &= lit.mask(board)
            out |= m
        return board.everyone & ~out if self.negated else out

    def names(self, board: Board) -> frozenset[str]:
        return board.names_in(self.mask(board))

    def short(self) -> str:
        """Compact form: ``(glasses AND not hat) OR red hair``."""
        if not self.terms:
            return "everyone" if self.negated else "nobody"
        parts = [" AND ".join(l.short() for l in t) for t in self.terms]
        if len(parts) > 1:
            parts = [f"({p})" if " AND " in p else p for p in parts]
        body = " OR ".join(parts)
        return f"NOT ({body})" if self.negated else body

    def text(self, board: Board | None = None) -> str:
        """The predicate in words: 'wears glasses and does not wear a hat, or has red hair'."""
        if board is None:
            from .traits import load_board
            board = load_board()
        if not self.terms:
            return "is anyone at all" if self.negated else "is nobody at all"
        terms = [" and ".join(l.text(board) for l in t) for t in self.terms]
        if not self.negated:
            return ", or ".join(terms)
        if len(terms) == 1:
            return f"is not someone who {terms[0]}"
        return "neither " + ", nor ".join(terms)          # NOT (a OR b): 'neither a, nor b'


@dataclass(frozen=True)
class Question:
    """A question as the set of characters for which the truthful answer is *yes*, plus its words.

    ``kind`` is ``"formula"`` (shortest formula found by the exact search), ``"greedy"`` (a formula
    that is correct but not proved shortest, because the exact search was stopped at ``max_size``)
    or ``"names"`` (traits cannot separate the set: the question names the characters).
    """
    names: frozenset
    mask: int
    text: str
    kind: str
    formula: Formula | None = None

    @property
    def size(self) -> int | None:
        return None if self.formula is None else self.formula.size


def _to_mask(board: Board, subset) -> int:
    if isinstance(subset, int) and not isinstance(subset, bool):
        board.names_in(subset)          # validates the range
        return subset
    if isinstance(subset, str):
        raise TypeError("subset must be a collection of names or a bit mask, not a single name")
    return board.mask(subset)


def separable(board: Board, subset) -> bool:
    """True if some formula over traits has exactly this set: no character inside shares its row
    with a character outside."""
    s = _to_mask(board, subset)
    inside = {board.rows[i] for i in range(board.n) if s >> i & 1}
    return not any(board.rows[i] in inside for i in range(board.n) if not s >> i & 1)


class _Cover:
    """Exact minimum-literal DNF for one set ``target`` of characters (bit mask) on one board."""

    def __init__(self, board: Board, target: int):
        self.board, self.target = board, target
        n, m = board.n, board.m
        self.outside = [d for d in range(n) if not target >> d & 1]
        # lits[i] = bit masks of the literals character i satisfies (trait j with i's value)
        self.lit_masks = [[board.columns[j] if board.rows[i][j] else board.everyone & ~board.columns[j]
                           for j in range(m)] for i in range(n)]
        self._primes = {}

    def primes(self, c: int, cap: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Prime implicants containing character ``c`` with at most ``cap`` literals, as
        (cost, set mask, traits), cheapest first: minimal hitting sets of the families
        {traits where d differs from c : d outside the target}."""
        key = (c, cap)
        if key in self._primes:
            return self._primes[key]
        rows = self.board.rows
        diff = [frozenset(j for j in range(self.board.m) if rows[c][j] != rows[d][j]) for d in self.outside]
        found: set[frozenset] = set()

        def grow(chosen: frozenset):
            unhit = [D for D in diff if not (D & chosen)]
            if not unhit:
                found.add(chosen)
                return
            if len(chosen) >= cap:
                return
            branch = min(unhit, key=len)
            for j in sorted(branch):
                grow(chosen | {j})

        if all(diff):
            grow(frozenset())
        minimal = [T for T in found if not any(T - {j} in found or self._hits(diff, T - {j}) for j in T)]
        out = []
        for T in set(minimal):
            mask = self.board.everyone
            for j in T:
                mask &= self.lit_masks[c][j]
            out.append((len(T), mask, tuple(sorted(T))))
        out.sort(key=lambda t: (t[0], -bin(t[1]).count("1"), t[2]))
        self._primes[key] = out
        return out

    @staticmethod
    def _hits(diff, T) -> bool:
        return all(D & T for D in diff)

    def min_cost(self, c: int, cap: int) -> int | None:
        p = self.primes(c, cap)
        return p[0][0] if p else None

    def compatible(self, c: int, d: int) -> bool:
        """Can one term cover both c and d?  (The AND of the literals they share must avoid the outside.)"""
        rows = self.board.rows
        mask = self.board.everyone
        for j in range(self.board.m):
            if rows[c][j] == rows[d][j]:
                mask &= self.lit_masks[c][j]
        return mask & ~self.target == 0

    def search(self, budget: int):
        """A cover of the target by prime implicants with total cost <= budget, or None."""
        chosen: list = []

        def lower_bound(uncovered: int, cap: int) -> int:
            # Sum of cheapest terms over pairwise incompatible characters: no term serves two of them.
            picked, total = [], 0
            for c in members(uncovered):
                if all(not self.compatible(c, d) for d in picked):
                    mc = self.min_cost(c, cap)
                    if mc is None:
                        return budget + 1
                    picked.append(c)
                    total += mc
            return total

        def rec(uncovered: int, left: int) -> bool:
            if not uncovered:
                return True
            if lower_bound(uncovered, left) > left:
                return False
            # branch on the uncovered character with the fewest options
            best_c, best_opts = None, None
            for c in members(uncovered):
                opts = self.primes(c, left)
                if best_opts is None or len(opts) < len(best_opts):
                    best_c, best_opts = c, opts
                    if len(opts) <= 1:
                        break
            seen = set()
            for cost, mask, traits in best_opts:
                if cost > left or mask in seen:
                    continue
                seen.add(mask)
                chosen.append((best_c, traits))
                if rec(uncovered & ~mask, left - cost):
                    return True
                chosen.pop()
            return False

        return list(chosen) if rec(self.target, budget) else None

    def formula(self, cover) -> tuple[tuple[Literal, ...], ...]:
        rows, traits = self.board.rows, self.board.traits
        return tuple(tuple(Literal(traits[j], bool(rows[c][j])) for j in T) for c, T in cover)


def _shortest_dnf(board: Board, target: int, max_size: int):
    if target == 0:
        return ()
    cover = _Cover(board, target)
    for size in range(1, max_size + 1):
        found = cover.search(size)
        if found is not None:
            return cover.formula(found)
    return None


def shortest_formula(board: Board, subset, max_size: int = 12) -> Formula | None:
    """The shortest formula (fewest literals; DNF or negated DNF) whose characters are exactly ``subset``.

    Exact: sizes 0, 1, 2, ... are tried in turn and the first success is returned, so no formula
    of this kind with fewer literals exists.  Returns ``None`` when the subset is not separable by
    traits, or when no formula has at most ``max_size`` literals (then the search was stopped, and
    nothing is claimed about longer formulas).  Ties prefer the plain (not negated) form.
    """
    check_int(max_size, "max_size", 0, 10_000)
    s = _to_mask(board, subset)
    if not separable(board, s):
        return None
    best = None
    plain = _shortest_dnf(board, s, max_size)
    if plain is not None:
        best = Formula(plain, False)
        max_size = best.size - 1           # the negated form must be strictly shorter to win
    if max_size >= 0:
        neg = _shortest_dnf(board, board.everyone & ~s, max_size)
        if neg is not None and (best is None or sum(map(len, neg)) < best.size):
            best = Formula(neg, True)
    return best


def greedy_formula(board: Board, subset) -> Formula | None:
    """A correct (not necessarily shortest) DNF: repeatedly take the prime implicant that covers
    most still-uncovered characters per literal.  ``None`` when the subset is not separable."""
    s = _to_mask(board, subset)
    if not separable(board, s):
        return None
    if s == 0:
        return Formula(())
    cover = _Cover(board, s)
    chosen, uncovered = [], s
    while uncovered:
        best = None
        for c in members(uncovered):
            for cost, mask, traits in cover.primes(c, board.m):
                score = (bin(mask & uncovered).count("1") / cost, -cost)
                if best is None or score > best[0]:
                    best = (score, c, traits, mask)
        _, c, traits, mask = best
        chosen.append((c, traits))
        uncovered &= ~mask
    return Formula(cover.formula(chosen))


def describe(board: Board, subset, max_size: int = 8) -> Question:
    """The question whose *yes* set is ``subset``, in words: shortest formula first.

    ``max_size`` bounds the exact search; beyond it a greedy formula is used (``kind="greedy"``),
    and when traits cannot separate the subset the question names the characters (``kind="names"``).

    >>> from guesswho_lib.board.traits import load_board
    >>> describe(load_board(), {"Ugo", "Pavel"}).text
    'Is your person bald?'
    """
    s = _to_mask(board, subset)
    names = board.names_in(s)
    f = shortest_formula(board, s, max_size)
    kind = "formula"
    if f is None and separable(board, s):
        f, kind = greedy_formula(board, s), "greedy"
    if f is None:
        listed = ", ".join(sorted(names))
        return Question(names, s, f"Is your person one of: {listed}?", "names", None)
    return Question(names, s, _question_text(board, f), kind, f)


_BASE_VERB = {"has": "have", "wears": "wear", "does": "do"}


def _question_text(board: Board, f: Formula) -> str:
    """Question word order where it is easy ('Does your person wear glasses and have red hair?',
    'Is your person bald?'), else 'Is your person someone who ...?'."""
    if f.negated:
        return f"Is it false that your person {Formula(f.terms, False).text(board)}?"
    if len(f.terms) == 1:
        phrases = [l.text(board) for l in f.terms[0]]
        if all(p.split(" ")[0] in _BASE_VERB for p in phrases):
            base = [p[len("does "):] if p.startswith("does not ") else
                    _BASE_VERB[p.split(" ")[0]] + p[len(p.split(" ")[0]):] for p in phrases]
            return "Does your person " + " and ".join(base) + "?"
        if len(phrases) == 1 and phrases[0].startswith("is "):
            return "Is your person " + phrases[0][3:] + "?"
    return f"Is your person someone who {f.text(board)}?"


# ---------------------------------------------------------------------------------------------
# How far from Assumption 1 is a real board?
# ---------------------------------------------------------------------------------------------

def conjunction_sets(board: Board) -> frozenset[int]:
    """All sets of characters (bit masks, non-empty) that are one AND of literals, the empty AND
    (everyone) included.  Computed as the closure of the literal sets under intersection."""
    lits = set()
    for col in board.columns:
        lits.add(col)
        lits.add(board.everyone & ~col)
    seen = {board.everyone}
    frontier = [board.everyone]
    while frontier:
        nxt = []
        for s in frontier:
            for l in lits:
                t = s & l
                if t and t not in seen:
                    seen.add(t)
                    nxt.append(t)
        frontier = nxt
    return frozenset(seen)


@dataclass(frozen=True)
class Assumption1Counts:
    subsets: int            # 2**n
    single_traits: int      # distinct sets {i : T[i][j] = 1}
    literals: int           # ... or their complements
    conjunctions: int       # non-empty sets that are an AND of literals (including single ones)
    halves: int             # subsets of size floor(n/2)
    halves_single: int      # ... that are a literal (what Theorem 4's proof needs in round 1)
    halves_conjunction: int
    formulas: int           # subsets that are some formula (all of them when rows are distinct)

    @property
    def assumption1_holds(self) -> bool:
        return self.single_traits == self.subsets


def assumption1_counts(board: Board) -> Assumption1Counts:
    """How many of the 2**n subsets are a single trait, a literal, a conjunction of literals.

    >>> from guesswho_lib.board.traits import load_board
    >>> c = assumption1_counts(load_board())
    >>> c.assumption1_holds, c.subsets, c.single_traits
    (False, 16777216, 18)
    """
    from math import comb
    n = board.n
    cols = set(board.columns)
    lits = cols | {board.everyone & ~c for c in cols}
    conj = conjunction_sets(board) | {0}
    half = n // 2
    classes = {}
    for i, r in enumerate(board.rows):
        classes.setdefault(r, []).append(i)
    # a subset is a formula iff it is a union of classes of identical rows
    formulas = 2 ** len(classes)
    return Assumption1Counts(
        subsets=2 ** n, single_traits=len(cols), literals=len(lits), conjunctions=len(conj - {0}),
        halves=comb(n, half),
        halves_single=sum(1 for s in lits if bin(s).count("1") == half),
        halves_conjunction=sum(1 for s in conj if bin(s).count("1") == half),
        formulas=formulas)


def paradox_question(board: Board, x, y, max_size: int = 8) -> str:
    """Cushing et al.'s tripartite question (*) for sets X and Y of characters, in words:
    'Is your person in X, OR in Y AND the answer to this question is no?'

    Characters in X answer *yes*, characters outside X and Y answer *no*, and for characters in Y
    no truthful answer exists (the third outcome).

    >>> from guesswho_lib.board.traits import load_board
    >>> b = load_board()
    >>> print(paradox_question(b, b.with_trait("blond hair"), b.with_trait("brown hair")))
    Is your person someone who has blond hair, OR someone who has brown hair AND the answer to this question is no?
    """
    xm, ym = _to_mask(board, x), _to_mask(board, y)
    if xm & ym:
        raise ValueError("x and y must be disjoint sets of characters")

    def part(m):
        q = describe(board, m, max_size)
        text = ("one of " + ", ".join(sorted(q.names)) if q.kind == "names" else
                "someone who " + q.formula.text(board))
        # a group described with its own "or" or "and" is put in brackets, apart from the question's OR and AND
        return f"({text})" if re.search(r"\b(?:or|and|nor)\b", text) else text

    return f"Is your person {part(xm)}, OR {part(ym)} AND the answer to this question is no?"
