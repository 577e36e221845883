"""Complete sets of suspects: when a real board plays exactly like the idealised game, and the smaller table
that solves the rest.

The board solver (:mod:`.solver`) keeps a row for every set of suspects a player can reach.  With two-trait
questions ("glasses or a hat?") every subset of 24 characters can come up, and pairs of them are far too many.
This module proves that most sets need no row of their own.

**Definition.**  Fix a board and its two-answer questions.  A set S of suspects is *complete* if |S| <= 1, or
if for every a with 1 <= a <= |S|/2 some question splits S into two parts of sizes a and |S| - a that are both
complete.  (The definition goes by size, so it is well founded.)

**Theorem** (beyond the papers).  Rules 'official', 'nica' or 'merciful'.  Write V(S, T) for the exact chance of
the player to move, who suspects S, against an opponent who suspects T, both playing optimally with the board's
questions, and P(n, m) for the idealised game, where any split is allowed (Cushing et al., equation (1); Nica,
Definition 2.1 for 'nica').

(i)   *Domination.*  If S is complete and |S'| = |S|, then V(S, T) >= V(S', T) and V(T, S) <= V(T, S') for
      every T: a complete set is the best set of its size to hold, and the worst to play against.
(ii)  Hence complete sets of the same size are interchangeable: V(S, T) = V(S', T) and V(T, S) = V(T, S').
(iii) If S and T are both complete, V(S, T) = P(|S|, |T|).
(iv)  If S is complete, V(S, T) >= P(|S|, |T|) for every T; if T is complete, V(S, T) <= P(|S|, |T|) for
      every S.

*Proof.*  Induction on |S| + |T|.  (i), official rules: a guess is worth 1/|S| at both (S, T) and (S', T)
(with one suspect it wins: V = 1 at both).  A question at (S', T) splits S' into S'_1, S'_2 of sizes a and
|S| - a; as S is complete, a question splits S into complete S_1, S_2 of the same sizes, and by the second
inequality at the smaller total |T| + |S_i|, V(T, S_i) <= V(T, S'_i); so the move at S, worth
sum_i |S_i|/|S| (1 - V(T, S_i)), is worth at least the move at S'.  Hence V(S, T) >= V(S', T).  At (T, S) and
(T, S') the mover holds T and has the same moves: a guess is worth 1/|T| at both, and a question splitting T into
T_1, T_2 is worth sum_j |T_j|/|T| (1 - V(S, T_j)) <= sum_j |T_j|/|T| (1 - V(S', T_j)) by the first inequality at
the smaller total |S| + |T_j|.  Hence V(T, S) <= V(T, S').  'nica': there is no guess, and a state where
someone holds one suspect is decided by the sizes alone (the holder of one suspect wins); the questions go as
above.  'merciful': a wrong guess at x leaves the opponent to move at (T, S' - {x}); completeness with a = 1
gives a split {y}, S - {y} with S - {y} complete, and guessing y at S is worth at least guessing x at S' by the
induction.  (ii) is (i) read both ways.  (iii): by (i), among the questions splitting S into sizes (a, |S| - a),
one with complete parts is best, and one exists for every a; by induction its parts are worth P(|T|, a) and
P(|T|, |S| - a) to the opponent; the guess is worth what it is worth in the idealised game (for 'merciful' guess
the y above); so V(S, T) satisfies the idealised recurrence, with the same moves, and equals P(|S|, |T|).
(iv), by the same induction: holding a complete S, copy an idealised optimal move at (|S|, |T|) with complete
parts S_i; by the second half at the smaller total the opponent gets V(T, S_i) <= P(|T|, |S_i|).  Against a
complete T, every move of S, into parts S_i, leaves the opponent V(T, S_i) >= P(|T|, |S_i|) by the first half,
so it is worth no more than the idealised move of the same sizes.  []

**What the solver does with it.**  By (ii) a state needs only a *class* per player: the size, for a complete set,
or the set itself otherwise.  :func:`size_classes` finds which sets are complete and builds the splits of the
classes: a complete class of size k splits into the complete classes (a, k - a) for every a (plus, under
'merciful', the guess leaving k - 1); a set that is not complete keeps its own questions.  The table then has
(number of sizes + number of sets that are not complete)^2 entries, filled by the same layered recurrence
as the set-by-set solver (:func:`guesswho_lib.board.solver.solve_board` with ``method="complete"``).

Which sets are complete is decided size by size, from below, as a count: for each set S of size L and each
question, the smaller part's size a = min(|S & q|, L - |S & q|) is recorded (when both parts are complete) as
bit a of a word; S is complete when the bits 1..L/2 are all set.  While every smaller set is complete the parts
need no look-up at all.  When every subset is checked, sets are 32-bit masks (at most
:data:`MAX_POWER_SET_CHARACTERS` characters); a listed family of reachable sets uses 64-bit masks.  Sets already
decided drop out after every few questions, so most sets cost a few dozen questions, not all of them.  (Deciding
the full board alone, top down with a memo, touches only 5,917 sets; the count over every subset is what lets any
state be answered at once.)

Shipped board: with two-trait questions all 2^24 - 1 sets are complete (a count over every subset), so on it
the game with "and"/"or" questions is exactly the idealised game: P(24, 24) = 5/9 under the official rules,
91/144 under 'nica', 2/3 under 'merciful', for every pair of sets of suspects.  With one-trait questions 4,275
of its 5,007 reachable sets are complete too, and the table shrinks from 5,007^2 to 756^2.

    >>> from guesswho_lib.board.traits import load_board
    >>> b = load_board()
    >>> twelve = b.sub_board(b.names[:12])                  # the first 12 characters: every subset is checked
    >>> completeness(twelve, "pairs").all_complete
    True
    >>> c = completeness(twelve, "traits")                  # one trait at a time: 10 reachable sets are not
    >>> c.all_complete, c.incomplete
    (False, 10)
    >>> c.is_complete(b.mask(["Ada", "Bram", "Chidi"]))
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..caches import bounded_lru_cache
from ..rules import Rules, check_int, get_rules
from .question_sets import BoardQuestion, question_set
from .traits import Board

__all__ = ["Completeness", "SizeClasses", "completeness", "size_classes", "reachable_among", "missing_splits",
           "MAX_POWER_SET_CHARACTERS"]

#: Largest board whose every subset is checked (2^24 sets: a 16 MiB table, about two seconds).  Cache policy:
#: the tables of the last 2 (board size, questions) checked are kept (16 MiB each); ``gw.clear_caches()`` empties it.
MAX_POWER_SET_CHARACTERS = 24
#: Questions examined between two compactions of the undecided sets.
_BATCH = 8


def _two_way(questions: tuple[BoardQuestion, ...]) -> np.ndarray:
    """The yes-sets of two-answer questions, one per distinct split of the board (uint64), in a fixed shuffled
    order (measured on the shipped board: questions in a varied order settle most sets within the first few
    dozen, about six times fewer operations than in sorted order)."""
    if any(len(q.answer_sets) != 2 for q in questions):
        raise ValueError("questions must all have two answers (yes/no): complete sets are defined for "
                         "the 'official', 'nica' and 'merciful' rules, not for paradox questions")
    full = 0
    for q in questions:
        full |= q.answer_sets[0] | q.answer_sets[1]
    seen = np.array(sorted({min(q.answer_sets[0], full & ~q.answer_sets[0]) for q in questions}), dtype=np.uint64)
    return seen[np.random.default_rng(0).permutation(seen.size)]   # a fixed shuffle: sets settle sooner


def _power_set_levels(n: int) -> list[np.ndarray]:
    """levels[L] = every n-bit mask with L bits set, increasing (built bit by bit: C(b, L) from C(b-1, L) and
    C(b-1, L-1) with bit b-1 added)."""
    levels = [np.zeros(1, dtype=np.uint32)]
    for b in range(n):
        bit = np.uint32(1 << b)
        levels = [np.concatenate([levels[L] if L < len(levels) else np.zeros(0, dtype=np.uint32),
                                  levels[L - 1] | bit if L >= 1 else np.zeros(0, dtype=np.uint32)])
                  for L in range(b + 2)]
    return levels


def _decide(levels: list[np.ndarray], Q: np.ndarray, lookup, store) -> None:
    """Completeness of every set of ``levels`` (lists of masks by size), smallest first.

    ``lookup(masks)`` -> bool array: are these (smaller) sets complete; ``store(masks)`` marks sets complete.
    While every set of every smaller size is complete the parts are not looked up (the sizes decide)."""
    all_below = True
    dtype = Q.dtype.type
    one, zero = dtype(1), dtype(0)
    for L, sets in enumerate(levels):
        if L <= 1:
            store(sets)
            continue
        need = dtype(((1 << (L // 2 + 1)) - 1) & ~1)           # bits 1 .. L/2
        k = np.arange(L + 1)
        bit_of = (one << np.minimum(k, L - k).astype(Q.dtype)).astype(Q.dtype)   # |S & q| -> bit of the smaller part
        got = np.zeros(sets.size, dtype=Q.dtype)
        for start in range(0, Q.size, _BATCH):
            if not sets.size:
                break
            for q in Q[start:start + _BATCH]:
                part = sets & q
                bit = bit_of[np.bitwise_count(part)]
                if not all_below:                      # look up the parts of the questions that split
                    split = (part != 0) & (part != sets)
                    part = np.where(split, part, sets)
                    both = lookup(part) & lookup(np.where(split, sets ^ part, sets))
                    bit = np.where(split & both, bit, zero)
                got |= bit
            done = (got & need) == need
            store(sets[done])
            sets, got = sets[~done], got[~done]
        all_below = all_below and not sets.size


@bounded_lru_cache(maxsize=2, name="board.complete: complete subsets")
def _power_set_table(n: int, Q: tuple[int, ...]):
    """(table, counts) for every subset of n characters: table[mask] is True for a complete set (read-only)."""
    levels = _power_set_levels(n)
    table = np.zeros(1 << n, dtype=bool)

    def lookup(m):
        return table[m]

    def store(m):
        table[m] = True

    _decide(levels, np.array(Q, dtype=np.uint32), lookup, store)
    table.setflags(write=False)
    return table, tuple((int(table[lv].sum()), int(lv.size)) for lv in levels)


def reachable_among(masks: np.ndarray, Q: np.ndarray, full: int) -> np.ndarray:
    """Which of ``masks`` can be reached from the full board by asking questions (yes-sets ``Q``): a set is
    reachable exactly when it is the intersection of the answer sets (yes-sets or no-sets) that contain it
    (intersect them one at a time; each one that changes the set is a question that splits it)."""
    masks = np.asarray(masks, dtype=Q.dtype)
    inter = np.full(masks.size, full, dtype=Q.dtype)
    for q in Q:
        for side in (q, Q.dtype.type(full) & ~q):
            inside = (masks & ~side) == 0
            inter = np.where(inside, inter & side, inter)
    return inter == masks


@dataclass(frozen=True, eq=False)
class Completeness:
    """Which sets of suspects are complete, on one board with one set of questions.

    ``power_set``: True when every subset was checked (``table[mask]`` is True for a complete set), False
    when only the reachable sets ``family`` were (``table[i]`` for ``family[i]``).  ``counts[k]`` is
    (complete sets, sets checked) of size k."""

    n: int
    power_set: bool
    table: np.ndarray = field(repr=False)
    family: np.ndarray | None = field(repr=False)
    counts: tuple
    Q: np.ndarray = field(repr=False)
    reachable_incomplete: np.ndarray = field(repr=False)

    @property
    def all_complete(self) -> bool:
        """Every set checked is complete (for a power set: every subset of the board)."""
        return all(c == t for c, t in self.counts)

    @property
    def reachable(self) -> int | None:
        """Number of reachable sets (None when every subset was checked)."""
        return None if self.family is None else int(self.family.size)

    @property
    def incomplete(self) -> int:
        """Number of reachable sets that are not complete (the rows the solver still needs)."""
        return int(self.reachable_incomplete.size)

    def is_complete(self, mask: int) -> bool | None:
        """Is the set (a bit mask) complete?  None when it was not checked (not reachable, family mode)."""
        if self.power_set:
            return bool(self.table[mask])
        pos = int(np.searchsorted(self.family, self.family.dtype.type(mask)))
        if pos < self.family.size and int(self.family[pos]) == mask:
            return bool(self.table[pos])
        return None


def completeness(board: Board, questions="pairs", rules: "str | Rules" = "official",
                 family: np.ndarray | None = None) -> Completeness:
    """Decide which sets of suspects are complete (see the module docstring).

    ``questions``: "traits", "pairs" or a tuple of two-answer :class:`BoardQuestion`.  ``family``: the reachable
    sets (bit masks), when known and small; None checks every subset of the board (at most
    :data:`MAX_POWER_SET_CHARACTERS` characters).  ``rules`` only decide which sets are reachable ('merciful':
    every subset)."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board, got {type(board).__name__}")
    rules = get_rules(rules)
    qs = question_set(board, questions, rules) if isinstance(questions, str) else tuple(questions)
    Q = _two_way(qs)
    if family is None:
        Q = Q.astype(np.uint32)                        # every subset: 32-bit masks (at most 24 characters)
    n, full = board.n, board.everyone
    if family is None:
        if n > MAX_POWER_SET_CHARACTERS:
            raise ValueError(f"board has {n} characters: every subset can be checked for at most "
                             f"{MAX_POWER_SET_CHARACTERS} characters (2^{MAX_POWER_SET_CHARACTERS} sets)")
        table, counts = _power_set_table(n, tuple(int(q) for q in Q))
        loose = np.nonzero(~table)[0].astype(np.uint32)
        loose = loose[loose != 0]
        if rules.guess is None or not rules.guess.ever_passes(n):   # else a wrong guess reaches every subset
            loose = loose[reachable_among(loose, Q, full)]
    else:
        family = np.sort(np.asarray(family, dtype=np.uint64))
        if family.size and int(family[-1]) > full:
            raise ValueError("family must hold bit masks of sets of this board's characters")
        size = np.bitwise_count(family)
        table = np.zeros(family.size, dtype=bool)

        def where(m):
            pos = np.minimum(np.searchsorted(family, m), family.size - 1)
            if not np.all(family[pos] == m):
                raise ValueError("family must be closed under the questions' splits (a part is missing)")
            return pos

        def lookup(m):
            return table[where(m)]

        def store(m):
            table[where(m)] = True

        levels = [family[size == L] for L in range(n + 1)]
        _decide(levels, Q, lookup, store)
        counts = tuple((int(table[size == L].sum()), int((size == L).sum())) for L in range(n + 1))
        loose = family[~table]
    return Completeness(n, family is None, table, family, counts, Q, loose)


def missing_splits(c: Completeness, mask: int) -> tuple[int, ...]:
    """The sizes a (1 <= a <= |S|/2) for which no question splits the set ``mask`` into complete parts of sizes a
    and |S| - a: empty exactly when the set is complete (its smaller sets being known)."""
    L = bin(mask).count("1")
    have = set()
    for q in c.Q:
        part = mask & int(q)
        if part and part != mask and c.is_complete(part) and c.is_complete(mask ^ part):
            have.add(min(bin(part).count("1"), L - bin(part).count("1")))
    return tuple(a for a in range(1, L // 2 + 1) if a not in have)


@dataclass(frozen=True, eq=False)
class SizeClasses:
    """The classes of the reduced game and their splits, ready for the layered fill.

    Classes are sorted by size and, within a size, by number of splits (most first).  ``size[c]``; ``owner`` and
    ``parts`` list every split (part index ``len(size)`` = an empty part); ``pile[k]`` is the class of the complete
    sets of size k; ``loose`` the masks of the reachable sets that are not complete, and ``loose_class`` their
    classes; ``wrong_guesses``, where a wrong guess can pass the turn, (owner, child): the classes a wrong guess
    leaves, by owner, k for a class of size k (a pile's are all the pile of size k - 1, its best)."""

    completeness: Completeness
    size: np.ndarray
    owner: np.ndarray
    parts: np.ndarray
    pile: np.ndarray
    loose: np.ndarray
    loose_class: np.ndarray
    wrong_guesses: tuple | None = None

    def index(self, mask: int) -> int | None:
        """The class of a set (bit mask), or None when the set is not covered (not complete and not reachable)."""
        c = self.completeness.is_complete(mask)
        if c:
            return int(self.pile[bin(mask).count("1")])
        pos = int(np.searchsorted(self.loose, self.loose.dtype.type(mask)))
        if pos < self.loose.size and int(self.loose[pos]) == mask:
            return int(self.loose_class[pos])
        return None

    @property
    def covered(self) -> int:
        """How many non-empty sets have a value: the complete ones (reachable or not) and the reachable rest."""
        c = self.completeness
        return sum(k for k, _ in c.counts[1:]) + c.incomplete


def size_classes(board: Board, questions: tuple[BoardQuestion, ...], rules: "str | Rules" = "official",
                 family: np.ndarray | None = None, max_sets: int = 16384) -> SizeClasses:
    """The classes of the reduced game (one per size, one per reachable set that is not complete) and their
    splits.  ``family``: the reachable sets when known and small (else every subset is checked).  At most
    ``max_sets`` sets that are not complete are accepted (each needs a row and a column of the table)."""
    rules = get_rules(rules)
    max_sets = check_int(max_sets, "max_sets", 1, 16384)
    c = completeness(board, questions, rules, family)
    loose = np.sort(c.reachable_incomplete)
    if loose.size > max_sets:
        raise ValueError(f"{loose.size} reachable sets are not complete on this board, more than "
                         f"max_sets={max_sets}; the reduced table would need a row for each")
    n = board.n
    r = n + loose.size
    size = np.concatenate([np.arange(1, n + 1), np.bitwise_count(loose)]).astype(np.int64)

    def cls(m):                                        # class of each mask: pile, n + position if loose, r if empty
        if c.power_set:
            comp = c.table[m]
        else:
            pos = np.minimum(np.searchsorted(c.family, m), c.family.size - 1)
            comp = (c.family[pos] == m) & c.table[pos]
        out = np.where(comp, np.bitwise_count(m).astype(np.int64) - 1, -1)
        if loose.size:
            pos = np.minimum(np.searchsorted(loose, m), loose.size - 1)
            out = np.where(~comp & (loose[pos] == m), n + pos, out)
        out = np.where(m == 0, r, out)
        if np.any(out < 0):
            raise AssertionError("a part of a reachable set is neither complete nor reachable")
        return out

    owners, splits = [], []
    for k in range(1, n + 1):                          # piles: every split into smaller piles
        a = np.arange(1, k // 2 + 1)
        owners.append(np.full(a.size, k - 1))
        splits.append(np.stack([a - 1, k - a - 1], axis=1))
    wrong = None
    if rules.guess is not None and rules.guess.ever_passes(n):   # a pile leaves the pile k - 1 (nothing when k = 1)
        k = np.arange(1, n + 1)
        wrong = [np.repeat(k - 1, k)], [np.repeat(np.where(k >= 2, k - 2, r), k)]
    if loose.size:
        part = loose[:, None] & c.Q[None, :]
        rest = loose[:, None] ^ part
        ok = (part != 0) & (rest != 0)
        rows, cols = np.nonzero(ok)
        pair = np.sort(np.stack([cls(part[rows, cols]), cls(rest[rows, cols])], axis=1), axis=1)
        owners.append(n + rows)
        splits.append(pair)
        if wrong is not None:
            bits = c.Q.dtype.type(1) << np.arange(n, dtype=c.Q.dtype)
            rows, cols = np.nonzero((loose[:, None] & bits[None, :]) != 0)
            wrong[0].append(n + rows)
            wrong[1].append(cls(loose[rows] ^ bits[cols]))
    owner = np.concatenate(owners).astype(np.int64)
    parts = np.concatenate(splits).astype(np.int64)
    key = np.unique((owner * (r + 1) + parts[:, 0]) * (r + 1) + parts[:, 1])
    owner, parts = key // (r + 1) ** 2, np.stack([key // (r + 1) % (r + 1), key % (r + 1)], axis=1)
    if rules.guess is None:
        counts = np.bincount(owner, minlength=r)
        stuck = np.nonzero((counts == 0) & (size >= 2))[0]
        if stuck.size:
            names = sorted(board.names_in(int(loose[stuck[0] - n])))
            raise ValueError(f"board cannot be played under the {rules.name!r} rules (no guessing): no question "
                             f"splits the reachable set {names}; every two characters must differ in a trait")
    # order: by size, then most splits first (what the layered fill expects); renumber owners and parts
    counts = np.bincount(owner, minlength=r)
    order = np.lexsort((np.arange(r), -counts, size))
    new = np.empty(r + 1, dtype=np.int64)
    new[order] = np.arange(r)
    new[r] = r
    owner, parts = new[owner], new[parts]
    resort = np.argsort(owner, kind="stable")
    pile = np.concatenate([[r], new[:n]])              # pile[k]: the class of the complete sets of size k
    if wrong is not None:
        w_owner, w_child = new[np.concatenate(wrong[0])], new[np.concatenate(wrong[1])]
        by = np.argsort(w_owner, kind="stable")
        wrong = w_owner[by], w_child[by]
    return SizeClasses(c, size[order], owner[resort], parts[resort], pile, loose, new[n + np.arange(loose.size)],
                       wrong)
