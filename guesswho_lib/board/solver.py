"""Exact optimal play on a real board, where every question must be about traits.

The idealised game (:func:`guesswho_lib.game.solver.solve`) lets a player split their suspects into
*any* two groups.  On a board you can only ask about what you see.  Here a state is a pair of sets
``(mine, theirs)``: the characters the player to move still suspects (the opponent's person is equally
likely to be any of them) and the characters the opponent still suspects; both players use the same
board and the same questions.  With ``A = |mine| |theirs| P`` the fundamental recurrence (Cushing et al.,
equation (1)) stays in integers:

* guessing gives ``A = |theirs|`` (official rules: right with probability 1/|mine|, wrong loses);
* a question that splits ``mine`` into parts S1, S2 (, S3) gives
  ``A = |mine||theirs| - A(theirs, S1) - A(theirs, S2) (- A(theirs, S3))``;
* 'nica' (Nica, Definition 2.1): no guessing, a player left with one suspect wins at once;
* 'merciful': a wrong guess at x only removes x and passes the turn, ``A = |mine||theirs| - A(theirs, mine - {x})``;
* 'tripartite' (Cushing et al., section 3): also paradox questions built from two traits
  (:mod:`guesswho_lib.board.question_sets`).

The sets a player can ever hold are the family R of sets reachable from the full board by questions
that split (under 'merciful' every non-empty subset, since a wrong guess removes any one suspect).
Every pair of R is solved exactly.

Speed.  Sets are sorted by size; the table is filled in layers L = max(|S|, |T|), as
:mod:`guesswho_lib.game.solver` does for the counting game: first the rows S with |S| = L against all
smaller T (they read only smaller layers), then all S with |S| <= L against the T with |T| = L (they read
the part just filled).  Each set's splits are precomputed as index arrays, so a layer is a few numpy
gathers and running minima in cache-sized blocks.  The shipped board has 24 characters, 18 traits
and |R| = 5007 (its time: ``benchmarks/bench_board.py``).

Limits.  A board has at most :data:`MAX_CHARACTERS` characters (sets are 64-bit masks) and R at most
``max_sets`` <= :data:`MAX_SETS` sets (the table is |R|^2 16-bit integers: 512 MiB at the limit).
``questions="pairs"`` fits small boards only (the shipped board is refused: more than 16384 sets).
'merciful' reaches every subset, so it fits boards of at most 14 characters.

What the state leaves out.  The recurrence values strategies that depend on what both players see (the
two suspect sets), as in the papers' model.  A player also knows their own person, hence every answer the
opponent will get.  In the idealised game a player can hide their plan by choosing at random which
characters form a group; on a board the questions are fixed, so an opponent who knows the table's
strategy and their own person can time a risky guess and do better than the table says
(:func:`guesswho_lib.board.compare.informed_opponent` computes how much).  The values here are those of
the game in which nobody uses that knowledge (answers given by a referee, say).

The card version (each player's own card removed from their own suspects) is left out: a player's suspect
set then depends on their private card, so it is no longer known to the opponent, and the questions a
player chooses from it reveal information about their card; the state (mine, theirs) is no longer shared
knowledge and the set recurrence does not apply (it would be a game of incomplete information on both
sides).  In the idealised game all characters are alike and the card version is simply P(n-1, n-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..caches import bounded_lru_cache
from ..rules import GUESS, Rules, check_int, get_rules
from .complete import MAX_POWER_SET_CHARACTERS, SizeClasses, reachable_among, size_classes
from .question_sets import BoardQuestion, QUESTION_SETS, question_set
from .traits import Board, load_board

__all__ = ["solve_board", "cached_board_solution", "BoardSolution", "BoardMove",
           "reachable_sets", "popcount", "MAX_CHARACTERS", "MAX_SETS", "MAX_LISTED"]

#: Largest board :func:`solve_board` accepts (sets of characters are 64-bit masks).
MAX_CHARACTERS = 64
#: Largest family of reachable sets :func:`solve_board` accepts (the table is |R|^2 16-bit integers: 512 MiB).
MAX_SETS = 16384
#: Largest family of reachable sets listed by :func:`reachable_sets` (``method="complete"`` keeps a row only for
#: the sets that are not complete, so it may list more than :data:`MAX_SETS`).
MAX_LISTED = 1 << 18

_INF = 16000          # larger than any A = |S||T| <= 64*64, and 3 * 4096 + _INF still fits in int16 arithmetic
_CHUNK = 1 << 17      # elements of one block of work (256 KiB of int16: it stays in cache)
_POP8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def popcount(masks: np.ndarray) -> np.ndarray:
    """Number of characters in each 64-bit mask (an array of set sizes)."""
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    return _POP8[masks.view(np.uint8).reshape(-1, 8)].sum(axis=1)


def _answer_matrix(qs: tuple[BoardQuestion, ...], parts: int) -> np.ndarray:
    Q = np.zeros((len(qs), parts), dtype=np.uint64)
    for i, q in enumerate(qs):
        Q[i, :len(q.answer_sets)] = q.answer_sets
    return Q


def _chunks(total: int, per_item: int):
    step = max(1, _CHUNK // max(1, per_item))
    for a in range(0, total, step):
        yield a, min(total, a + step)


def _split_parts(S: np.ndarray, Q: np.ndarray):
    """For sets S (k,) and questions Q (q, p): the rows (set number, parts) of every question that splits."""
    P = S[:, None, None] & Q[None, :, :]
    ok = (P != 0).sum(axis=2) >= 2
    rows, cols = np.nonzero(ok)
    return rows, P[rows, cols]


def reachable_sets(board: Board, questions: tuple[BoardQuestion, ...], rules: "str | Rules" = "official",
                   max_sets: int = MAX_SETS) -> np.ndarray:
    """The family R: bit masks of every set reachable from the full board by splitting questions of
    ``questions`` (every non-empty subset under 'merciful'), sorted by size, then by mask.

    Raises ValueError naming ``max_sets`` as soon as R is seen to hold more than ``max_sets`` sets.
    """
    rules = get_rules(rules)
    max_sets = check_int(max_sets, "max_sets", 1, MAX_LISTED)
    n = board.n
    if _crosses_out(rules, n):
        if 2 ** n - 1 > max_sets:
            raise ValueError(f"board has {n} characters: under the {rules.name!r} rules a wrong guess removes any one "
                             f"suspect, so all 2^{n} - 1 subsets are reachable, more than max_sets={max_sets}; "
                             f"use a board of at most {(max_sets + 1).bit_length() - 1} characters")
        R = np.arange(1, 2 ** n, dtype=np.uint64)
    else:
        Q = _answer_matrix(questions, max((len(q.answer_sets) for q in questions), default=2))
        known = np.array([board.everyone], dtype=np.uint64)
        frontier = known
        while frontier.size:
            found = []
            for a, b in _chunks(frontier.size, Q.size):
                _, parts = _split_parts(frontier[a:b], Q)
                found.append(np.unique(parts[parts != 0]))
            new = np.setdiff1d(np.concatenate(found), known)
            known = np.union1d(known, new)
            if known.size > max_sets:
                raise ValueError(f"questions reach more than max_sets={max_sets} sets on this board (at least "
                                 f"{known.size}); the exact table would need {known.size ** 2 * 2 / 2**20:.0f} MiB "
                                 f"or more.  Use a smaller board (board.sub_board(...)), fewer traits or "
                                 f"questions='traits'")
            frontier = new
        R = known
    order = np.lexsort((R, popcount(R)))
    return R[order]


def _crosses_out(rules: Rules, n: int) -> bool:
    """True when a wrong guess can cross a suspect out on a board of n characters (every subset is then reachable)."""
    return rules.guess is not None and rules.guess.ever_passes(n)


def _indexer(sets: np.ndarray):
    """``index_of(masks)``: the index in ``sets`` of each mask (len(sets) for the empty set)."""
    r = sets.size
    order = np.argsort(sets)
    sorted_sets = sets[order]

    def index_of(masks):
        pos = np.searchsorted(sorted_sets, masks)
        pos = np.minimum(pos, r - 1)
        idx = np.where(masks == 0, r, order[pos])
        assert np.all((masks == 0) | (sorted_sets[pos] == masks)), "a part left the family"
        return idx
    return index_of


def _wrong_guesses(sets: np.ndarray, n: int):
    """Each set with one suspect crossed out, as a wrong guess that passes the turn leaves it: (owner, child) set
    indices, by owner, |S| children for a set S (the empty set is len(sets))."""
    bits = np.uint64(1) << np.arange(n, dtype=np.uint64)
    rows, cols = np.nonzero((sets[:, None] & bits[None, :]) != 0)
    return rows, _indexer(sets)(sets[rows] ^ bits[cols])


def _splits(sets: np.ndarray, Q: np.ndarray):
    """Every distinct split of every set: (owner set index (K,), part indices (K, p)), sorted by owner.
    A missing part is the index len(sets), a row of zeros in the table (A(T, empty) = 0)."""
    r = sets.size
    p = Q.shape[1]
    index_of = _indexer(sets)
    keys = []
    base = np.int64(r + 1)
    for a, b in _chunks(r, Q.size):
        rows, parts = _split_parts(sets[a:b], Q)
        idx = np.sort(index_of(parts), axis=1)
        key = rows.astype(np.int64) + a
        for j in range(p):
            key = key * base + idx[:, j]
        keys.append(np.unique(key))
    key = np.unique(np.concatenate(keys)) if keys else np.zeros(0, dtype=np.int64)
    idx = np.empty((key.size, p), dtype=np.int64)
    for j in range(p - 1, -1, -1):
        idx[:, j] = key % base
        key = key // base
    return key, idx


def _by_splits(sets: np.ndarray, owner: np.ndarray, parts: np.ndarray):
    """Reorder the sets of each size by number of splits, most first (so that the sets having a j-th split
    form a prefix of their size class); owner and part indices follow."""
    r = sets.size
    counts = np.bincount(owner, minlength=r)
    order = np.lexsort((sets, -counts, popcount(sets)))
    new_index = np.empty(r + 1, dtype=np.int64)
    new_index[order] = np.arange(r)
    new_index[r] = r
    owner, parts = new_index[owner], new_index[parts]
    resort = np.argsort(owner, kind="stable")
    return sets[order], owner[resort], parts[resort]


def _fill(size: np.ndarray, owner: np.ndarray, parts: np.ndarray, rules: Rules, wrong=None) -> np.ndarray:
    """The table C with C[t, s] = A(S_s, S_t) (and a last row of zeros for an empty part), for sets (or classes
    of sets, :mod:`.complete`) of sizes ``size``.

    The sets must be sorted by size and, within a size, by number of splits (most first, :func:`_by_splits`).
    Layers L = max(|S|, |T|): first |S| = L against smaller T, then |S| <= L against |T| = L.  Each block
    keeps a running minimum over the j-th split of its sets, in pieces small enough to stay in cache.
    ``wrong``: where a wrong guess can pass the turn, (owner, child) of :func:`_wrong_guesses` (by owner, |S| each).
    """
    r = size.size
    counts = np.bincount(owner, minlength=r)
    starts = np.concatenate([[0], np.cumsum(counts)])
    C = np.zeros((r + 1, r), dtype=np.int16)
    n = int(size.max())
    bounds = np.searchsorted(size, np.arange(1, n + 2))  # sets of size L are bounds[L-1]:bounds[L]
    # slots[l][j] = part indices of the j-th split of the sets of size l that have one (a prefix of the class)
    slots = {}
    for L in range(1, n + 1):
        lo, hi = bounds[L - 1], bounds[L]
        c = counts[lo:hi]
        slots[L] = [parts[starts[lo:lo + int(np.sum(c > j))] + j] for j in range(int(c.max(initial=0)))]
    if wrong is not None:     # kids[L][i] = the sets a wrong guess leaves of the i-th set of size L
        at = np.searchsorted(wrong[0], bounds)
        kids = {L: wrong[1][at[L - 1]:at[L]].reshape(-1, L) for L in range(1, n + 1)}

    def block(L, t0, t1):
        """A(S, T) for the sets S of size L and T in t0:t1, written into C[t0:t1, S]."""
        lo, hi = int(bounds[L - 1]), int(bounds[L])
        if t1 <= t0 or hi <= lo:
            return
        width = min(t1 - t0, 2048)
        rows = max(1, _CHUNK // width)
        sS = np.full((1, 1), L, dtype=np.int32)
        for c0 in range(t0, t1, width):
            cols = slice(c0, min(t1, c0 + width))
            sT = size[None, cols].astype(np.int32)
            for r0 in range(0, hi - lo, rows):
                r1 = min(hi - lo, r0 + rows)
                M = np.full((r1 - r0, cols.stop - cols.start), _INF, dtype=np.int16)
                for I in slots[L]:
                    if I.shape[0] <= r0:
                        break
                    I = I[r0:r1]
                    G = C[I[:, 0], cols]
                    for j in range(1, I.shape[1]):
                        G += C[I[:, j], cols]
                    np.minimum(M[:I.shape[0]], G, out=M[:I.shape[0]])
                A = sS * sT - M
                if rules.guess is not None:                # right with chance 1/|S|; wrong: lose, or T's move
                    guess = sT
                    if wrong is not None:
                        K = kids[L][r0:r1]
                        G = C[K[:, 0], cols]
                        for j in range(1, L):
                            np.minimum(G, C[K[:, j], cols], out=G)
                        guess = np.where(rules.guess.passes(L, sT), sS * sT - G, sT)
                    A = np.maximum(A, guess)
                elif rules.one_left_wins:
                    A = np.where(L == 1, sT, np.where(sT == 1, 0, A))
                    if L == 1:
                        A = np.where(sT == 1, -1, A)
                C[cols, lo + r0:lo + r1] = A.T

    for L in range(1, n + 1):
        lo, hi = int(bounds[L - 1]), int(bounds[L])
        if lo == hi:
            continue
        block(L, 0, lo)               # |S| = L against every smaller T
        for l in range(1, L + 1):     # every S with |S| <= L against |T| = L
            block(l, lo, hi)
    C.setflags(write=False)
    return C


def solve_board(board: Board | None = None, questions: str = "traits", rules: "str | Rules" = "official",
                max_sets: int = MAX_SETS, method: str = "auto") -> "BoardSolution":
    """Solve the game on ``board`` exactly, for every pair of reachable suspect sets.

    ``board``: a :class:`~guesswho_lib.board.traits.Board` with at most 64 characters (default: the shipped
    24-character board).  ``questions``: "traits" (one trait per question) or "pairs" (two traits with
    "and"/"or").  ``rules``: 'official', 'nica' (every two characters must differ in a trait), 'merciful' or
    'tripartite' (paradox questions over two traits, with "traits" only).  ``max_sets`` bounds the family
    R of reachable sets (at most 16384; the table takes 2 |R|^2 bytes); a larger family is refused with
    an error naming ``max_sets``.

    ``method``: "sets" fills a row for every reachable set; "complete" (:mod:`.complete`: a complete set plays
    exactly like a pile of its size, so only the sets that are not complete keep a row of their own; rules
    'official', 'nica' and 'merciful'; every subset is checked when the reachable family is larger than
    ``max_sets`` then bounds the sets that are not complete; with "pairs", which reach nearly every subset,
    every subset is checked, for boards of at most 24 characters, and every complete set is covered, reachable
    or not; with "traits" the reachable sets are listed, at most :data:`MAX_LISTED`); "auto" is "complete" for
    "pairs" and "sets" otherwise.  Both give the same values (the theorem of :mod:`.complete`, and a test on
    sub-boards).

    What fits: the shipped board with "traits" (|R| = 5007) under every rule set but 'merciful' (three-way
    splits, 'tripartite', cost most).  With "pairs" every subset of the shipped board is complete, so every state
    has the idealised value under 'official', 'nica' or 'merciful' (start: 5/9, 91/144, 2/3).  With
    ``method="sets"``, "pairs" fit boards of at most 14 characters (every subset is reachable there), and
    'merciful' reaches every subset, so at most 14 characters.

    >>> sol = solve_board()
    >>> sol.family_size, sol.start
    (5007, Fraction(9, 16))
    >>> [m.text for m in sol.best_questions(sol.everyone, sol.everyone)][:2]
    ['Does your person have brown eyes?', 'Does your person wear glasses?']
    >>> sol.P({"Ada", "Mira", "Quinn"}, sol.everyone)
    Fraction(67, 72)
    """
    if board is None:
        board = load_board()
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board (e.g. gw.load_board(path)), "
                        f"got {type(board).__name__}")
    if board.n > MAX_CHARACTERS:
        raise ValueError(f"board must have at most {MAX_CHARACTERS} characters, it has {board.n}")
    if not isinstance(questions, str) or questions not in QUESTION_SETS:
        raise ValueError(f"questions must be one of {QUESTION_SETS}, got {questions!r}")
    if method not in ("auto", "sets", "complete"):
        raise ValueError(f"method must be one of ('auto', 'sets', 'complete'), got {method!r}")
    max_sets = check_int(max_sets, "max_sets", 1, MAX_SETS)
    rules = get_rules(rules)
    qs = question_set(board, questions, rules)
    if method == "complete" or (method == "auto" and questions == "pairs"):
        return _solve_by_classes(board, questions, rules, qs, max_sets)
    sets = reachable_sets(board, qs, rules, max_sets)
    p = 3 if rules.max_parts == 3 else 2
    owner, parts = _splits(sets, _answer_matrix(qs, p))
    if rules.guess is None:
        counts = np.bincount(owner, minlength=sets.size)
        stuck = np.nonzero((counts == 0) & (popcount(sets) >= 2))[0]
        if stuck.size:
            names = sorted(board.names_in(int(sets[stuck[0]])))
            raise ValueError(f"board cannot be played under the {rules.name!r} rules (no guessing): no question "
                             f"splits the reachable set {names}; every two characters must differ in a trait")
    sets, owner, parts = _by_splits(sets, owner, parts)
    wrong = _wrong_guesses(sets, board.n) if _crosses_out(rules, board.n) else None
    table = _fill(popcount(sets), owner, parts, rules, wrong)
    return BoardSolution(board, rules, questions, qs, sets, table)


def _solve_by_classes(board: Board, questions: str, rules: Rules, qs, max_sets: int) -> "BoardSolution":
    """``solve_board(method="complete")``: one class per size for the complete sets, one per other set."""
    if rules.max_parts == 3:
        raise ValueError("method='complete' needs questions with two answers: use the 'official', 'nica' or "
                         "'merciful' rules (or method='sets' for 'tripartite')")
    if questions == "pairs":                                    # nearly every subset: check them all
        if board.n > MAX_POWER_SET_CHARACTERS:
            raise ValueError(f"board has {board.n} characters: with 'pairs' questions method='complete' checks "
                             f"every subset, for boards of at most {MAX_POWER_SET_CHARACTERS} characters")
        family = None
    else:                                                       # one-trait questions: list the reachable sets
        family = reachable_sets(board, qs, rules, MAX_LISTED)
    classes = size_classes(board, qs, rules, family, max_sets)
    table = _fill(classes.size, classes.owner, classes.parts, rules, classes.wrong_guesses)
    return BoardSolution(board, rules, questions, qs, classes.loose.astype(np.uint64), table, classes)


@dataclass(frozen=True)
class BoardMove:
    """One move on the board with its exact value.

    ``kind`` is "question" or "guess"; ``text`` the move in words; ``question`` the
    :class:`~guesswho_lib.board.question_sets.BoardQuestion` (None for a guess); ``guess`` the named
    suspect (merciful rules; None under the official rules, where every suspect is as good);
    ``answers`` the non-empty parts of the mover's suspects, as (answer, names) pairs; ``value`` the exact
    chance of winning with this move and optimal play afterwards.
    """

    kind: str
    text: str
    question: BoardQuestion | None
    guess: str | None
    answers: tuple[tuple[str, frozenset], ...]
    value: Fraction

    @property
    def sizes(self):
        """The move of the idealised game with the same group sizes: GUESS or sorted sizes, e.g. (1, 3)."""
        if self.kind == "guess":
            return GUESS
        return tuple(sorted(len(s) for _, s in self.answers))


@dataclass(frozen=True, eq=False)
class BoardSolution:
    """The exact solution of the game on one board, for every pair of reachable suspect sets.

    ``sets`` holds the family R as bit masks (sorted by size); ``table[t, s] = A(R[s], R[t])`` with
    ``A = |mine| |theirs| P`` (the last row is A(T, empty) = 0, used for missing parts).  Use the methods
    with sets of character names.

    Solved with ``method="complete"``, ``classes`` (:class:`~guesswho_lib.board.complete.SizeClasses`) says
    which row of the table a set uses (its size's, when it is complete), ``sets`` holds only the reachable
    sets that are not complete, and every complete set is covered, reachable or not.
    """

    board: Board
    rules: Rules
    questions: str
    question_list: tuple[BoardQuestion, ...]
    sets: np.ndarray = field(repr=False)
    table: np.ndarray = field(repr=False)
    classes: SizeClasses | None = field(default=None, repr=False)
    _lookup: tuple = field(init=False, repr=False)

    def __post_init__(self):
        order = np.argsort(self.sets)
        object.__setattr__(self, "_lookup", (self.sets[order], order))

    # ---- sets ----------------------------------------------------------------------------------
    @property
    def method(self) -> str:
        """"sets" (a row for every reachable set) or "complete" (a row per size for the complete sets)."""
        return "sets" if self.classes is None else "complete"

    @property
    def family_size(self) -> int:
        """|R|, the number of reachable suspect sets (method "complete": the number of sets covered)."""
        return int(self.sets.size) if self.classes is None else self.classes.covered

    @property
    def everyone(self) -> frozenset:
        """The full board, as a set of names."""
        return frozenset(self.board.names)

    def family(self) -> tuple[frozenset, ...]:
        """Every reachable set, as sets of names, smallest first (method "complete" with "pairs": boards of at
        most 16 characters)."""
        sets = self.sets
        if self.classes is not None:
            c = self.classes.completeness
            sets = c.family
            if sets is None:
                if self.board.n > 16:
                    self._needs_sets("family() of a board of more than 16 characters")
                sets = np.arange(1, 1 << self.board.n, dtype=c.Q.dtype)
                if not _crosses_out(self.rules, self.board.n):
                    sets = sets[reachable_among(sets, c.Q, self.board.everyone)]
            sets = sets[np.lexsort((sets, popcount(sets)))]
        return tuple(self.board.names_in(int(s)) for s in sets)

    def _mask(self, names, arg: str) -> int:
        if isinstance(names, str) or not hasattr(names, "__iter__"):
            raise TypeError(f"{arg} must be a collection of character names (a set or list), got {names!r}")
        mask = 0
        for s in names:
            try:
                mask |= 1 << self.board.index(s)
            except ValueError:
                raise ValueError(f"{arg}: {s!r} is not a character on this board; the characters are "
                                 f"{list(self.board.names)}") from None
        if not mask:
            raise ValueError(f"{arg} must hold at least one character")
        return mask

    def _needs_sets(self, what: str) -> None:
        if self.classes is not None:
            raise ValueError(f"{what} needs a solution with a row for every reachable set: solve_board(..., "
                             f"method='sets') (this one covers {self.family_size:,} sets by their classes)")

    def _index_of_mask(self, mask: int, arg: str, names=None) -> int:
        if self.classes is not None:
            i = self.classes.index(mask)
            if i is not None:
                return i
            shown = sorted(self.board.names_in(mask)) if names is None else names
            raise ValueError(f"{arg} = {shown} is not covered: it is not complete and cannot be reached from the "
                             f"full board by {self.questions!r} questions under the {self.rules.name!r} rules "
                             f"(check with .covers(...))")
        sorted_sets, order = self._lookup
        pos = int(np.searchsorted(sorted_sets, np.uint64(mask)))
        if pos < sorted_sets.size and int(sorted_sets[pos]) == mask:
            return int(order[pos])
        shown = sorted(self.board.names_in(mask)) if names is None else names
        raise ValueError(f"{arg} = {shown} is not covered: it cannot be reached from the full board by "
                         f"{self.questions!r} questions under the {self.rules.name!r} rules (the solution covers "
                         f"{self.family_size} sets; check with .covers(...))")

    def _index(self, names, arg: str) -> tuple[int, int]:
        mask = self._mask(names, arg)
        return self._index_of_mask(mask, arg), mask

    def covers(self, names) -> bool:
        """True if the set of names is in the family R (so P is defined for it)."""
        mask = self._mask(names, "names")
        if self.classes is not None:
            return self.classes.index(mask) is not None
        sorted_sets, _ = self._lookup
        pos = int(np.searchsorted(sorted_sets, np.uint64(mask)))
        return pos < sorted_sets.size and int(sorted_sets[pos]) == mask

    # ---- values --------------------------------------------------------------------------------
    def _A(self, s: int, t: int) -> int:
        return int(self.table[t, s])

    def _state(self, mine, theirs):
        s, sm = self._index(mine, "mine")
        t, tm = self._index(theirs, "theirs")
        a, b = bin(sm).count("1"), bin(tm).count("1")
        if self.rules.one_left_wins and a == 1 and b == 1:
            raise ValueError("mine and theirs cannot both hold one character under the 'nica' rules: the game "
                             "ends as soon as one player is down to one suspect")
        return s, sm, a, t, tm, b

    def A(self, mine, theirs) -> int:
        """``|mine| |theirs| P(mine, theirs)``, an integer."""
        s, _, _, t, _, _ = self._state(mine, theirs)
        return self._A(s, t)

    def P(self, mine, theirs) -> Fraction:
        """Exact chance that the player to move wins from (mine, theirs), both playing optimally.

        ``mine`` and ``theirs``: non-empty collections of character names (order irrelevant), each a set
        of the family R (``.covers``)."""
        s, _, a, t, _, b = self._state(mine, theirs)
        return Fraction(self._A(s, t), a * b)

    @property
    def start(self) -> Fraction:
        """P(full board, full board): the first player's chance."""
        return self.P(self.everyone, self.everyone)

    def _move_A(self, sm: int, a: int, t: int, b: int, parts) -> int:
        total = a * b
        for part in parts:
            if part:
                total -= self._A(t, self._index_of_mask(part, "part"))   # A(theirs, part)
        return total

    def moves(self, mine, theirs) -> tuple[BoardMove, ...]:
        """Every legal move at (mine, theirs) with its exact value, best first (guesses before questions
        on ties, questions in board order).  Empty when the game is already over (nica: one suspect)."""
        s, sm, a, t, tm, b = self._state(mine, theirs)
        if self.rules.one_left_wins and (a == 1 or b == 1):
            return ()
        names = self.board.names_in
        out = []
        if self.rules.guess is not None and not self.rules.guess.passes(a, b):
            out.append(BoardMove("guess", f"Guess: name one of your {a} suspects (each is as good)", None, None,
                                 (), Fraction(b, a * b)))
        elif self.rules.guess is not None:
            for i in range(self.board.n):
                if sm >> i & 1:
                    x = self.board.names[i]
                    rest = sm & ~(1 << i)
                    val = self._move_A(sm, a, t, b, (rest,))
                    out.append(BoardMove("guess", f"Guess: is your person {x}?", None, x,
                                         (("right", frozenset({x})),) + ((("wrong", names(rest)),) if rest else ()),
                                         Fraction(val, a * b)))
        for q in self.question_list:
            parts = q.parts(sm)
            if sum(1 for p in parts if p) < 2:
                continue
            val = self._move_A(sm, a, t, b, parts)
            out.append(BoardMove("question", q.text, q, None,
                                 tuple((lab, names(p)) for lab, p in zip(q.answers, parts) if p),
                                 Fraction(val, a * b)))
        order = sorted(range(len(out)), key=lambda i: (-out[i].value, i))
        return tuple(out[i] for i in order)

    def best_questions(self, mine, theirs) -> tuple[BoardMove, ...]:
        """Every optimal move at (mine, theirs): each question in words (or the guess) with its split.

        Two questions with the same split are both listed (different words)."""
        ms = self.moves(mine, theirs)
        if not ms:
            return ()
        best = self.P(mine, theirs)
        assert ms[0].value == best, "the table and the move values disagree"
        return tuple(m for m in ms if m.value == best)

    def question(self, key: str) -> BoardQuestion:
        """The question with this trait (single-trait questions) or short form (e.g. 'glasses AND NOT hat')."""
        for q in self.question_list:
            if q.short == key or (len(q.traits) == 1 and q.traits[0] == key):
                return q
        raise ValueError(f"key must be a trait or the short form of one of the {len(self.question_list)} "
                         f"questions, e.g. {[q.short for q in self.question_list[:3]]}, got {key!r}")

    def value(self, mine, theirs, move) -> Fraction:
        """Exact value of ``move`` at (mine, theirs): a BoardMove, a BoardQuestion, a trait or short form,
        GUESS (official rules) or the name guessed (merciful rules)."""
        if isinstance(move, BoardMove):
            key = move.question.short if move.question else (move.guess or GUESS)
        elif isinstance(move, BoardQuestion):
            key = move.short
        else:
            key = move
        if key is GUESS or (isinstance(key, str) and key in self.board.names):
            if self.rules.guess is None:
                raise ValueError(f"move: guessing is not allowed under the {self.rules.name!r} rules")
            for m in self.moves(mine, theirs):
                if m.kind == "guess" and (m.guess == key or (key is GUESS and m.guess is None)):
                    return m.value
            _, _, a, _, _, b = self._state(mine, theirs)
            raise ValueError(f"move: {key!r} is not a guess here; under the {self.rules.name!r} rules guess "
                             + ("by naming one of mine" if self.rules.guess.passes(a, b) else "with GUESS"))
        q = self.question(key)
        for m in self.moves(mine, theirs):
            if m.question == q:
                return m.value
        raise ValueError(f"move: the question {q.short!r} does not split mine, so it is not a legal move")

    def after(self, mine, move: BoardMove, person: str) -> frozenset:
        """The mover's suspects after ``move`` when the opponent's person is ``person`` (a wrong guess under
        the merciful rules removes the guessed name; a guess under the official rules ends the game)."""
        sm = self._mask(mine, "mine")
        i = self.board.index(person)
        if not sm >> i & 1:
            raise ValueError(f"person must be one of mine, got {person!r}")
        if move.kind == "guess":
            if move.guess is None:
                raise ValueError("move: a guess under the official rules ends the game")
            return frozenset({person}) if person == move.guess else self.board.names_in(sm) - {move.guess}
        label = move.question.answer_for(i)
        return self.board.names_in(sm & move.question.answer_sets[move.question.answers.index(label)])

    def __repr__(self) -> str:
        return (f"BoardSolution(rules={self.rules.name!r}, questions={self.questions!r}, "
                f"characters={self.board.n}, sets={self.family_size}, method={self.method!r})")


@bounded_lru_cache(maxsize=4, name="board.solver: board solutions")
def _cached(board: Board, questions: str, rules: Rules) -> BoardSolution:
    return solve_board(board, questions, rules)


def cached_board_solution(board: Board | None = None, questions: str = "traits",
                          rules: "str | Rules" = "official") -> BoardSolution:
    """:func:`solve_board`, shared between callers (a lesson and the play page ask for the same board often).

    Cache policy: the last 4 (board, questions, rules) solved are kept, least recently used dropped first
    (the shipped board takes about 50 MiB each); ``gw.clear_caches()`` empties it."""
    if board is None:
        board = load_board()
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board (e.g. gw.load_board(path)), "
                        f"got {type(board).__name__}")
    if not isinstance(questions, str) or questions not in QUESTION_SETS:
        raise ValueError(f"questions must be one of {QUESTION_SETS}, got {questions!r}")
    return _cached(board, questions, get_rules(rules))
