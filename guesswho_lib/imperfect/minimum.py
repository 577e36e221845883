"""The exact minimum number of yes/no questions against imperfect players (beyond the paper).

Paz & Peterfreund give strategies with ``ceil(log2 n)`` questions (Theorems 4 and 5), one more
against one "don't know" (Corollary 10: 6 for 24 characters) and 9 predetermined questions against
one lie (Corollary 14).  Here we ask: what is the *least* number of questions that always works, and
we return a certificate for both halves of the answer:

* **upper bound**: an explicit strategy (a code, or a game-tree policy) meeting it;
* **lower bound**: a proof that one question fewer cannot work: counting (2^k answer patterns),
  Berlekamp's volume bound, the Delsarte linear programming bound (with a verified dual
  certificate), or an exhaustive game-tree search.

**Adaptive play** (the guesser sees each answer before the next question) against at most ``lies``
lies and ``erasures`` "don't know" answers is Ulam's liar game.  Only the numbers matter: the
state is ``c = (c_0, ..., c_e)`` where ``c_i`` counts the characters that are still possible if
exactly ``i`` answers so far were lies, plus the "don't know" answers still allowed, plus the
questions left.  A question puts ``x_i`` of the ``c_i`` characters in its *yes* set; the answer
*yes* leads to ``(x_0, c_0 - x_0 + x_1, ..., c_{e-1} - x_{e-1} + x_e)`` and *no* to the same with
``x`` replaced by ``c - x``; "don't know" leaves ``c`` unchanged.  :func:`liar_game_wins` searches
this game exactly.  Berlekamp's *volume* of a state with ``q`` questions left,
``sum_i c_i * sum_{t <= e - i} C(q, t)``, is split exactly between the two answers, and is at most
``2^q`` in every won state (a leaf that is won has volume at most 1): this prunes the search.

**Predetermined play** (NATAN) is a code: ``k`` questions work against ``e`` lies and ``d``
"don't know" answers exactly when the ``n`` codewords have minimum distance ``2e + d + 1``.

    >>> minimum_questions(24).value
    5
    >>> minimum_questions(24, lies=1).value, minimum_questions(24, lies=1, adaptive=False).value
    (8, 9)

Range: honest play and adaptive "don't know" are settled for every n (closed-form proofs);
adaptive lies by the game search (the
search is capped by ``ADAPTIVE_LIMITS``: n <= 2000, 400, 24, 16, 10, 8, 6, 6, 4 for 1, 2, ..., 8, more lies,
and every search stops after :data:`SEARCH_WORK_LIMIT` steps with :class:`SearchTooLarge`).
Predetermined play (n up to :data:`PREDETERMINED_LIMIT` = 16,384) is settled whenever the constructed code
meets the Delsarte bound.  For 2 <= n <= 64: one lie (or two "don't know") is settled except n = 17..21 and
33..42; with ``code_search=True`` (a few seconds per call) only n = 21, 37, 38, 40, 41, 42 stay open
(non-linear codes of length 8 with 20 words and of length 9 with up to 39 words are found).  Two
lies: settled for n <= 24 except 5, 6, 9..12, which ``code_search=True`` also settles; n = 25..64
are not settled by our own certificates (gaps of one or two questions).
:class:`NotSettled` is raised elsewhere, with the interval.  "Not settled here" is not "open": the classical
tables of codes settle the one-lie cases above (A(8, 3) = 20, A(9, 3) = 40), and
:func:`guesswho_lib.imperfect.literature.predetermined_minimum` combines them with our bounds, citing them.

Caches (``gw.clear_caches()`` empties them): the liar-game search keeps the states it has settled, at most
:data:`LIAR_GAME_MEMO_LIMIT` (100,000) in all, the oldest dropped first after each search; the results of
predetermined play are kept for at most 1,024 argument tuples, the ball sizes for 4,096 and the Paley codes
for 64 (least recently used dropped first).
"""

from __future__ import annotations

import numbers
import sys
from dataclasses import dataclass, field
from math import comb

from ..caches import bounded_lru_cache, register
from ..rules import check_int, plural
from .codes import Code, binary_code, bits_needed, delsarte_bound, hamming_code, parity_code

__all__ = ["MinimumResult", "NotSettled", "SearchTooLarge", "ADAPTIVE_LIMITS", "PREDETERMINED_LIMIT",
           "SEARCH_WORK_LIMIT", "minimum_questions", "liar_game_wins", "volume",
           "best_question", "answer_state", "berlekamp_lower_bound", "code_for_distance"]


#: Largest n for which the adaptive game search with that many lies is run.
ADAPTIVE_LIMITS = {0: 10**6, 1: 2000, 2: 400, 3: 24, 4: 16, 5: 10, 6: 8, 7: 6, 8: 6}
#: Largest n for predetermined play (the constructed code's distance is checked over every pair of words).
PREDETERMINED_LIMIT = 2**14


class NotSettled(Exception):
    """The certificates available here do not pin the minimum down; ``low`` <= minimum <= ``high``."""

    def __init__(self, message, low, high):
        super().__init__(message)
        self.low, self.high = low, high


@dataclass(frozen=True)
class MinimumResult:
    """The least number of questions that always identifies the character, with its certificate.

    ``construction`` is a :class:`~guesswho_lib.imperfect.codes.Code` (predetermined play) or a
    :class:`LiarPolicy` (adaptive play); ``lower_bound`` explains why ``value - 1`` questions fail.
    """
    n: int
    lies: int
    erasures: int
    adaptive: bool
    value: int
    lower_bound: str
    upper_bound: str
    construction: object = field(repr=False, default=None)
    paper_value: int | None = None      # what Paz & Peterfreund's construction uses, when they give one

    def __int__(self):
        return self.value


# ---------------------------------------------------------------------------------------------
# Adaptive play: Ulam's liar game with erasures
# ---------------------------------------------------------------------------------------------

@bounded_lru_cache(4096, "imperfect.minimum: ball sizes")
def _ball(q: int, r: int) -> int:
    """Number of answer patterns within r lies of the truth over q questions: sum_{t<=r} C(q, t)."""
    return sum(comb(q, t) for t in range(max(r, -1) + 1))


def volume(state: tuple[int, ...], q: int) -> int:
    """Berlekamp's volume of a liar-game state with ``q`` questions left (e = len(state) - 1 lies).

    >>> volume((24, 0), 7), 2 ** 7      # 24 characters, one lie, 7 questions: too much volume
    (192, 128)
    """
    e = len(state) - 1
    return sum(c * _ball(q, e - i) for i, c in enumerate(state))


def answer_state(state: tuple[int, ...], x: tuple[int, ...], yes: bool) -> tuple[int, ...]:
    """The state after the answer to a question putting x_i of the c_i characters in the yes set."""
    kept = x if yes else tuple(c - a for c, a in zip(state, x))
    moved = tuple(c - a for c, a in zip(state, kept))      # answered against: one more lie
    return tuple(kept[i] + (moved[i - 1] if i else 0) for i in range(len(state)))


class SearchTooLarge(ValueError):
    """The exact liar-game search needed more than :data:`SEARCH_WORK_LIMIT` steps and was stopped there;
    the states it settled are kept, so nothing is lost by asking again smaller."""


#: Steps (states valued plus candidate questions looked at) one call may spend on the liar-game search.
SEARCH_WORK_LIMIT = 2_000_000


class _OverBudget(Exception):
    pass


class _LiarGame:
    """Memoised exact search of the liar game with ``lies`` lies and up to ``erasures`` "don't know".

    ``work`` counts its steps (states valued and candidate questions looked at); past ``budget`` it stops."""

    def __init__(self, lies: int):
        self.e = lies
        self.memo: dict = {}
        self.choice: dict = {}
        self.work = 0
        self.budget: int | None = None

    def _spend(self, steps: int) -> None:
        self.work += steps
        if self.budget is not None and self.work > self.budget:
            raise _OverBudget

    def wins(self, c: tuple[int, ...], r: int, q: int) -> bool:
        key = (c, r, q)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        res = self._wins(c, r, q)
        self.memo[key] = res
        return res

    def _wins(self, c, r, q) -> bool:
        self._spend(1)
        if sum(c) <= 1:
            return True
        if q == 0 or volume(c, q) > 2 ** q:
            return False
        if r > 0 and not self.wins(c, r - 1, q - 1):     # the chooser says "don't know"
            return False
        for x in self._questions(c, q):
            if self.wins(answer_state(c, x, True), r, q - 1) and self.wins(answer_state(c, x, False), r, q - 1):
                self.choice[(c, r, q)] = x
                return True
        return False

    def _questions(self, c, q):
        """Questions (up to swapping yes/no) whose two answers both keep volume <= 2^(q-1),
        most balanced first."""
        e, half = self.e, 2 ** (q - 1)
        total = volume(c, q)
        w_in = [_ball(q - 1, e - i) for i in range(e + 1)]          # weight if the answer agrees
        w_out = [_ball(q - 1, e - i - 1) for i in range(e + 1)]     # weight if it is one more lie
        base = sum(ci * wo for ci, wo in zip(c, w_out))             # yes-volume when x = 0
        gain = [wi - wo for wi, wo in zip(w_in, w_out)]             # > 0 for every class
        lo = max(total - half, 0)
        hi = min(half, total // 2)                                   # yes-volume <= no-volume
        out = []

        def rec(i, x, vol):
            if i == e:
                # solve for x_e: vol + x_e * gain[e] in [lo, hi]
                g = gain[e]
                a = max(0, -((vol - lo) // g)) if vol < lo else 0
                b = min(c[e], (hi - vol) // g) if vol <= hi else -1
                self._spend(max(b - a + 1, 1))
                for xe in range(a, b + 1):
                    out.append((abs(2 * (vol + xe * g) - total), x + (xe,)))
                return
            rest_max = sum(c[j] * gain[j] for j in range(i + 1, e + 1))
            for xi in range(c[i] + 1):
                self._spend(1)
                v = vol + xi * gain[i]
                if v > hi:
                    break
                if v + rest_max < lo:
                    continue
                rec(i + 1, x + (xi,), v)

        rec(0, (), base)
        out.sort()
        return [x for _, x in out]


#: The liar-game searches, one per number of lies, with the states each has settled.
_GAMES: dict[int, _LiarGame] = {}
#: Bound of the settled states kept by all searches together (oldest dropped first, after each search).
LIAR_GAME_MEMO_LIMIT = 100_000


def _memo_size() -> int:
    return sum(len(g.memo) for g in _GAMES.values())


def _trim_memos() -> None:
    excess = _memo_size() - LIAR_GAME_MEMO_LIMIT
    for game in _GAMES.values():
        for key in list(game.memo)[:max(excess, 0)]:    # dicts keep insertion order: the oldest first
            del game.memo[key]
            game.choice.pop(key, None)
            excess -= 1


register("imperfect.minimum: liar-game states", f"at most {LIAR_GAME_MEMO_LIMIT:,} states (oldest dropped first)",
         _GAMES.clear, _memo_size)


def _game(lies: int) -> _LiarGame:
    if lies not in _GAMES:
        _GAMES[lies] = _LiarGame(lies)
    return _GAMES[lies]


def _start(n: int, lies: int) -> tuple[int, ...]:
    return (n,) + (0,) * lies


def _search(states_and_q, lies: int, erasures: int, what: str):
    """Run ``game.wins`` on each (state, q) in turn (a generator may stop early) under one work limit."""
    game = _game(lies)
    _raise_recursion_limit()
    game.budget = game.work + SEARCH_WORK_LIMIT
    try:
        return states_and_q(game)
    except _OverBudget:
        raise SearchTooLarge(f"{what}: the exact search needs more than {SEARCH_WORK_LIMIT:,} steps (its limit, "
                             f"10 - 30 s); ask with fewer characters, lies or \"don't know\" answers") from None
    finally:
        game.budget = None
        _trim_memos()


def liar_game_wins(state, q: int, lies: int | None = None, erasures: int = 0) -> bool:
    """Can the guesser always finish within ``q`` questions from ``state`` (or from ``n`` characters
    when ``state`` is an int)?  Exact game-tree search.

    Limits: ``n`` (or the sum of ``state``) up to 10**6, ``lies`` up to 10, ``q`` up to 200, ``erasures``
    up to 50; the search stops with :class:`SearchTooLarge` after :data:`SEARCH_WORK_LIMIT` steps.

    >>> liar_game_wins(24, 8, lies=1), liar_game_wins(24, 7, lies=1)
    (True, False)
    """
    state, lies = _normalise(state, lies)
    q = check_int(q, "q", 0, 200)
    erasures = check_int(erasures, "erasures", 0, 50)
    return _search(lambda game: game.wins(state, erasures, q), lies, erasures,
                   f"liar game from {state} with {q} questions")


def best_question(state, q: int, lies: int | None = None, erasures: int = 0) -> tuple[int, ...] | None:
    """A winning question x (x_i characters of class i in the yes set) from a won state, or None
    when the state is already solved (at most one character) or lost.  Limits as :func:`liar_game_wins`."""
    state, lies = _normalise(state, lies)
    if not liar_game_wins(state, q, lies, erasures) or sum(state) <= 1:
        return None
    return _game(lies).choice[(state, erasures, q)]


def _normalise(state, lies):
    if isinstance(state, numbers.Integral) and not isinstance(state, bool):
        n = check_int(state, "n", 1, 10**6)
        lies = check_int(0 if lies is None else lies, "lies", 0, 10)
        return _start(n, lies), lies
    try:
        state = tuple(state)
    except TypeError:
        raise TypeError(f"state must be a number of characters or a tuple of counts (c_0, ..., c_e), "
                        f"got {state!r}") from None
    if (not state or len(state) > 11
            or any(isinstance(c, bool) or not isinstance(c, numbers.Integral) or c < 0 for c in state)):
        raise ValueError(f"state must be a tuple of 1 to 11 non-negative counts (c_0, ..., c_e), got {state!r}")
    state = tuple(int(c) for c in state)
    if sum(state) > 10**6:
        raise ValueError(f"state must count at most 10**6 characters in all, got {sum(state)}")
    if lies is not None and lies != len(state) - 1:
        raise ValueError(f"lies must equal the number of counts in state minus one, {len(state) - 1}, got {lies}")
    return state, len(state) - 1


def _raise_recursion_limit():
    if sys.getrecursionlimit() < 10_000:
        sys.setrecursionlimit(10_000)


def berlekamp_lower_bound(n: int, lies: int) -> int:
    """Smallest q with n * sum_{t <= lies} C(q, t) <= 2^q: no strategy uses fewer questions."""
    n = check_int(n, "n", 1, 10**9)
    lies = check_int(lies, "lies", 0, 50)
    q = 0
    while n * _ball(q, lies) > 2 ** q:
        q += 1
    return q


@dataclass(frozen=True)
class LiarPolicy:
    """Adaptive strategy from the game search: in state c with q questions and r "don't know"
    answers left, ask :meth:`question`."""
    n: int
    lies: int
    erasures: int
    questions: int

    def question(self, state, q_left: int, erasures_left: int) -> tuple[int, ...] | None:
        return best_question(tuple(state), q_left, self.lies, erasures_left)


def _adaptive(n: int, lies: int, erasures: int) -> MinimumResult:
    log = bits_needed(n)
    if lies == 0:
        # Each "don't know" can be spent on the first questions; they carry no information, so
        # d + ceil(log2 n) are needed; binary search, repeating a question after "don't know", suffices.
        value = log + erasures if n > 1 else 0      # one character: nothing to ask, nothing to erase
        lower = (f"the chooser may answer \"don't know\" to the first {erasures} questions, which then tell "
                 f"nothing; k further answers give at most 2^k outcomes and 2^{log - 1} < {n}, so "
                 f"{erasures} + {log} are needed" if erasures and n > 1 else
                 f"counting (Theorem 4): k answers give at most 2^k outcomes and 2^{log - 1} < {n}"
                 if log else "nothing to ask: one character")
        upper = ("binary search (Theorem 4), asking a question again after each \"don't know\""
                 if erasures else "binary search (Theorem 4)")
        return MinimumResult(n, 0, erasures, True, value, lower, upper, LiarPolicy(n, 0, erasures, value),
                             paper_value=log if not erasures else None)
    vb = berlekamp_lower_bound(n, lies) + erasures
    start = _start(n, lies)

    def least(game):
        q = max(vb, log)
        while not game.wins(start, erasures, q):
            q += 1
        return q

    q = _search(least, lies, erasures, f"{plural(n, 'character')}, {plural(lies, 'lie')}, {erasures} \"don't know\"")
    berlekamp = berlekamp_lower_bound(n, lies)
    if q == 0:
        lower = "nothing to ask: one character"
    elif q - 1 < berlekamp and erasures == 0:
        lower = (f"Berlekamp's volume bound: {n} * V({q - 1}, {lies}) = {n * _ball(q - 1, lies)} "
                 f"> 2^{q - 1} = {2 ** (q - 1)}")
    else:
        lower = (f"exhaustive game-tree search: {q - 1} questions lose from ({n}, 0, ...) "
                 f"(volume bound alone gives {berlekamp} + {erasures})")
    upper = f"game-tree search strategy (liar game with {plural(lies, 'lie')}, {erasures} don't know) in {q} questions"
    return MinimumResult(n, lies, erasures, True, q, lower, upper, LiarPolicy(n, lies, erasures, q))


# ---------------------------------------------------------------------------------------------
# Predetermined play: codes
# ---------------------------------------------------------------------------------------------

def _extend_parity(code: Code) -> Code:
    return Code(tuple(w + (sum(w) % 2,) for w in code.words), code.name + " + parity")


def _lexicode(n: int, k: int, d: int) -> Code | None:
    """Greedy code: scan vectors of length k in increasing order, keep those at distance >= d from
    all kept ones (a linear code, Conway and Sloane).  ``None`` if it has fewer than n words."""
    kept = []
    for v in range(2 ** k):
        if all(bin(v ^ u).count("1") >= d for u in kept):
            kept.append(v)
            if len(kept) == n:
                return Code(tuple(tuple(v >> (k - 1 - l) & 1 for l in range(k)) for v in kept),
                            "lexicode")
    return None


def _paley_candidates(n: int, d: int):
    """The shortest Paley-Hadamard code (full or punctured) with >= n words at distance >= d, if any
    of length < 128; its distance is re-checked by :meth:`Code.min_distance`."""
    for q in range(3, 128, 4):
        if not all(q % p for p in range(2, int(q ** 0.5) + 1)) or 2 * (q + 1) < n:
            continue
        for punctured in (True, False):       # punctured is one position shorter
            if (q + 1) // 2 - punctured >= d:
                c = _cached_paley(q, punctured)
                if c.min_distance() >= d:
                    yield Code(c.words[:n], c.name)
                    return


@bounded_lru_cache(64, "imperfect.minimum: Paley codes")
def _cached_paley(q, punctured):
    from .codes import paley_hadamard_code
    return paley_hadamard_code(q, punctured)


def _lp_length(n: int, d: int) -> int:
    """Smallest length k that Delsarte's bound does not rule out for n words at distance d."""
    k = max(d, 1)
    while delsarte_bound(k, d).size_bound < n:
        k += 1
    return k


def code_for_distance(n: int, d: int, search: bool = False) -> Code:
    """The shortest code we can construct with n words and minimum distance >= d: binary (d = 1),
    binary + parity (d = 2), shortened Hamming (d = 3), shortened Hamming + parity (d = 4),
    Paley-Hadamard codes (punctured or not), a lexicode; then, with ``search``, a bounded
    simulated-annealing search (a few seconds at most) for a code one position shorter, when
    Delsarte's bound still allows one."""
    from .codes import local_search_code
    n = check_int(n, "n", 1, PREDETERMINED_LIMIT)
    d = check_int(d, "d", 1, 64)
    cands = []
    if d == 1:
        cands.append(binary_code(n))
    elif d == 2:
        cands.append(parity_code(n))
    elif d == 3:
        cands.append(hamming_code(n))
    elif d == 4:
        cands.append(_extend_parity(hamming_code(n)))
    if n > 1 and d > 2:
        cands.extend(_paley_candidates(n, d))
    best = min(cands, key=lambda c: c.length) if cands else None
    limit = best.length - 1 if best else 40
    if n > 1 and d > 4:                     # lexicodes for d <= 4 are the Hamming-type codes above
        for k in range(_lp_length(n, d), min(limit, 14) + 1):
            lex = _lexicode(n, k, d)
            if lex is not None:
                best, limit = lex, k - 1
                break
    if best is None:
        raise NotSettled(f"no code with {n} words and distance {d} of length <= 20 constructed", None, None)
    if search and n > 1 and d > 1 and n <= 64 and _lp_length(n, d) < best.length <= 17:
        # one length shorter only: a shorter code still would also give one of this length
        found = local_search_code(best.length - 1, d, n, seed=0, iterations=200_000)
        if found is not None:
            return found
    return best


def _lp_words(lp, n: int) -> str:
    """Why ``lp`` (a bound below n) rules out n codewords: Delsarte's bound alone, or with the caps it needs.

    >>> _lp_words(delsarte_bound(8, 3), 24)[:78]
    "Delsarte's LP bound alone gives A(8, 3) <= 128/5, which allows 24 words; with "
    """
    pure = delsarte_bound(lp.k, lp.d, with_caps=False)
    if pure.size_bound < n:
        return f"Delsarte's LP bound (verified dual certificate): A({lp.k}, {lp.d}) <= {pure.value} < {n}"
    caps = ", ".join(f"A_{i} <= {u}" for i, u in lp.caps_used)
    return (f"Delsarte's LP bound alone gives A({lp.k}, {lp.d}) <= {pure.value}, which allows {n} words; with "
            f"Johnson's cap{'s' if len(lp.caps_used) > 1 else ''} {caps} (A_i: the codewords at distance i from a "
            f"codeword, in the code extended to length {lp.n_used}) it gives A({lp.k}, {lp.d}) <= {lp.value} < {n} "
            f"(verified dual certificate)")


@bounded_lru_cache(1024, "imperfect.minimum: predetermined play")
def _predetermined(n: int, lies: int, erasures: int, search: bool = False) -> MinimumResult:
    d = 2 * lies + erasures + 1
    if n == 1:
        return MinimumResult(n, lies, erasures, False, 0, "nothing to ask: one character",
                             "no questions", Code(((),), "empty"), 0)
    code = code_for_distance(n, d, search)
    k = code.length
    if d == 1:
        lower = f"counting (Theorem 4): {k - 1} answers give 2^{k - 1} = {2 ** (k - 1)} < {n} patterns"
    else:
        lp = delsarte_bound(k - 1, d) if k - 1 >= d else None
        if lp is not None and lp.size_bound >= n:
            low = k - 1
            while low >= d and delsarte_bound(low, d).size_bound >= n:
                low -= 1
            raise NotSettled(f"minimum predetermined questions for n={n}, distance {d}: between "
                             f"{low + 1} (Delsarte bound) and {k} (constructed {code.name} code)", low + 1, k)
        if lp is None:
            lower = f"a code of length {k - 1} < {d} has one word only (distance {d} impossible)"
        else:
            lower = _lp_words(lp, n)
    what = {(0, 0): "Theorem 5", (0, 1): "Theorem 8 + Lemma 9", (1, 0): "Theorem 12"}.get((lies, erasures), "")
    upper = (f"{code.name} code, length {k}, {n} words, "
             f"distance {code.min_distance()} {('(' + what + ')') if what else ''}").strip()
    paper = {(0, 0): bits_needed(n), (0, 1): bits_needed(n) + 1}.get((lies, erasures))
    if (lies, erasures) == (1, 0):
        # Lemma 13 (Varshamov): smallest k with 2^N < 2^k / k for N = ceil(log2 n)
        N, kk = bits_needed(n), 1
        while 2 ** N * kk >= 2 ** kk:
            kk += 1
        paper = kk
    return MinimumResult(n, lies, erasures, False, k, lower, upper, code, paper)


def minimum_questions(n: int, lies: int = 0, erasures: int = 0, adaptive: bool = True,
                      code_search: bool = False) -> MinimumResult:
    """The exact minimum number of yes/no questions that always identifies one of ``n`` characters
    when the chooser may lie ``lies`` times and answer "don't know" ``erasures`` times, with the
    guesser adaptive (one question at a time) or not (NATAN: all questions at once).

    Raises :class:`NotSettled` when our bounds and constructions do not meet (predetermined play
    only, e.g. n = 21 with one lie: 8 or 9).  ``code_search=True`` adds a simulated-annealing search
    (a few seconds) for a non-linear code one position shorter than the constructions, which
    settles for example n = 17..20 with one lie (8 questions, where linear codes need 9).

    >>> r = minimum_questions(24, erasures=1, adaptive=False)
    >>> r.value, r.paper_value
    (6, 6)
    """
    n = check_int(n, "n", 1, 10**6)
    lies = check_int(lies, "lies", 0, 10)
    erasures = check_int(erasures, "erasures", 0, 50)
    if not isinstance(adaptive, bool):
        raise TypeError(f"adaptive must be True or False, got {adaptive!r}")
    if adaptive:
        cap = ADAPTIVE_LIMITS.get(lies, 4)
        if n > cap:
            raise ValueError(f"n must be at most {cap} for adaptive play with {lies} lies "
                             f"(the game search would take too long), got {n}")
        return _adaptive(n, lies, erasures)
    if not isinstance(code_search, bool):
        raise TypeError(f"code_search must be True or False, got {code_search!r}")
    if n > PREDETERMINED_LIMIT:
        raise ValueError(f"n must be at most {PREDETERMINED_LIMIT} for predetermined play (adaptive=False), got {n}")
    return _predetermined(n, lies, erasures, code_search)
