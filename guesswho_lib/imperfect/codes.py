"""Binary codes for predetermined questions (Paz & Peterfreund, sections 3-5).

A *predetermined strategy* with ``k`` questions gives every character a *codeword* ``v_i`` of
``k`` bits; question ``l`` is the set ``A_l = {i : v_i[l] = 1}`` (Theorems 5, 8 and 12).  The honest
answers to the ``k`` questions spell out the codeword of the chosen character, so:

* distinct codewords identify the character (Theorem 5: ``ceil(log2 n)`` bits, :func:`binary_code`);
* minimum distance ``d + 1`` survives ``d`` "don't know" answers (Theorem 8; Lemma 9's parity bit
  gives distance 2, :func:`parity_code`);
* minimum distance ``2e + 1`` survives ``e`` lies (Theorem 12; Lemma 13's distance-3 code of
  length 9 for 24 characters, here an explicit shortened Hamming code, :func:`hamming_code`).

Optimality needs upper bounds on the size ``A(k, d)`` of a code of length ``k`` and distance ``d``:
:func:`hamming_bound` (sphere packing) and :func:`delsarte_bound` (Delsarte's linear programming
bound, solved exactly in fractions, with a dual certificate that is re-checked independently), and
for tiny lengths an exhaustive search (:func:`max_code_size`).

    >>> c = hamming_code(24)
    >>> c.length, c.size, c.min_distance()
    (9, 24, 3)
    >>> delsarte_bound(8, 3).size_bound      # no 24 codewords of length 8 at distance 3
    21

Caches: :func:`delsarte_bound` keeps its results for at most 1,024 pairs (k, d); :func:`binary_code`,
:func:`parity_code` and :func:`hamming_code` keep the last 256 codes they built (a code is immutable and knows its
minimum distance once computed); least recently used dropped first; ``gw.clear_caches()`` empties them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from ..caches import bounded_lru_cache
from ..rules import check_int

__all__ = ["Code", "binary_code", "parity_code", "hamming_code", "bits_needed", "hamming_bound",
           "krawtchouk", "johnson_bound", "delsarte_bound", "LPBound", "max_code_size", "varshamov_lemma13",
           "paley_hadamard_code", "local_search_code", "CODE_WORDS_LIMIT"]


def bits_needed(n: int) -> int:
    """ceil(log2 n): the number of bits that give n characters distinct codewords (n >= 1).

    >>> [bits_needed(n) for n in (1, 2, 3, 4, 5, 24, 32, 33)]
    [0, 1, 2, 2, 3, 5, 5, 6]
    """
    n = check_int(n, "n", 1, 10**9)
    return (n - 1).bit_length()


def _distance(u, v) -> int:
    return sum(a != b for a, b in zip(u, v))


@dataclass(frozen=True)
class Code:
    """A list of equal-length 0/1 codewords; ``words[i]`` belongs to character ``i``."""
    words: tuple[tuple[int, ...], ...]
    name: str = "code"

    def __post_init__(self):
        words = tuple(tuple(int(b) for b in w) for w in self.words)
        if not words:
            raise ValueError("words must contain at least one codeword")
        if len({len(w) for w in words}) != 1:
            raise ValueError("codewords must all have the same length")
        if any(b not in (0, 1) for w in words for b in w):
            raise ValueError("codewords must contain only 0 and 1")
        if len(set(words)) != len(words):
            raise ValueError("codewords must be distinct")
        object.__setattr__(self, "words", words)

    @property
    def length(self) -> int:
        return len(self.words[0])

    @property
    def size(self) -> int:
        return len(self.words)

    def min_distance(self) -> int:
        """Smallest Hamming distance between two codewords (``length + 1`` for a single word).

        Every pair is compared (vectorised for codewords of at most 63 bits), once: the code remembers it."""
        if "_min_distance" not in self.__dict__:
            object.__setattr__(self, "_min_distance", self._compare_every_pair())
        return self.__dict__["_min_distance"]

    def _compare_every_pair(self) -> int:
        if self.size == 1:
            return self.length + 1
        if self.length > 63 or self.size < 64:
            return min(_distance(u, v) for u, v in combinations(self.words, 2))
        packed = np.array([int("".join(map(str, w)), 2) for w in self.words], dtype=np.uint64)
        best = self.length
        for i in range(self.size - 1):
            best = min(best, int(np.bitwise_count(packed[i + 1:] ^ packed[i]).min()))
            if best == 1:
                break
        return best

    @property
    def erasures_handled(self) -> int:
        """"Don't know" answers it survives: d - 1 (Theorem 8)."""
        return self.min_distance() - 1

    @property
    def lies_corrected(self) -> int:
        """Lies it survives: floor((d - 1)/2) (Theorem 12)."""
        return (self.min_distance() - 1) // 2

    def questions(self) -> list[int]:
        """Question l as a bit mask over characters: A_l = {i : v_i[l] = 1}."""
        return [sum(1 << i for i, w in enumerate(self.words) if w[l]) for l in range(self.length)]

    def _check_received(self, received):
        received = tuple(received)
        if len(received) != self.length:
            raise ValueError(f"received must have {self.length} answers, got {len(received)}")
        for a in received:
            if a not in (0, 1, None):
                raise ValueError(f"answers must be 0, 1 or None (don't know), got {a!r}")
        return received

    def consistent(self, received, lies: int = 0) -> list[int]:
        """Characters whose codeword differs from the answers in at most ``lies`` known positions."""
        received = self._check_received(received)
        return [i for i, w in enumerate(self.words)
                if sum(a is not None and a != b for a, b in zip(received, w)) <= lies]

    def decode(self, received, lies: int = 0) -> int | None:
        """The unique character consistent with the answers (``None`` = erasure) when at most
        ``lies`` of the known answers are wrong; ``None`` when zero or several are consistent."""
        c = self.consistent(received, lies)
        return c[0] if len(c) == 1 else None


#: Most codewords :func:`binary_code`, :func:`parity_code` and :func:`hamming_code` build.
CODE_WORDS_LIMIT = 2**16


def binary_code(n: int) -> Code:
    """Theorem 5: character i gets the ceil(log2 n) bits of i (most significant first).  n up to 65,536."""
    return _code("binary", check_int(n, "n", 1, CODE_WORDS_LIMIT))


def parity_code(n: int) -> Code:
    """Lemma 9: the binary code plus a parity bit (even number of ones): distance 2, one erasure.

    n up to 65,536."""
    return _code("binary + parity", check_int(n, "n", 1, CODE_WORDS_LIMIT))


@bounded_lru_cache(256, "imperfect.codes: codes built")
def _code(name: str, n: int) -> Code:
    if name == "shortened Hamming":
        return _hamming(n)
    k = bits_needed(n)
    words = tuple(tuple((i >> (k - 1 - l)) & 1 for l in range(k)) for i in range(n))
    return Code(words if name == "binary" else tuple(w + (sum(w) % 2,) for w in words), name)


def _hamming_layout(k: int):
    parity = [p for p in range(1, k + 1) if p & (p - 1) == 0]
    data = [p for p in range(1, k + 1) if p & (p - 1)]
    return parity, data


def hamming_code(n: int) -> Code:
    """A shortened Hamming code with n codewords (distance 3, one lie), of the shortest length k
    such that the k - r data bits, r = floor(log2 k) + 1, give at least n words.

    Positions are 1..k; the power-of-two positions are parity bits, bit 2^t being the parity of
    the positions whose binary expansion contains 2^t.  All k positions have distinct non-zero
    'syndromes', which is why two codewords differ in at least 3 places.  n up to 65,536.
    """
    return _code("shortened Hamming", check_int(n, "n", 1, CODE_WORDS_LIMIT))


def _hamming(n: int) -> Code:
    k = 1
    while True:
        parity, data = _hamming_layout(k)
        if 2 ** len(data) >= n:
            break
        k += 1
    words = []
    for i in range(n):
        bits = {p: (i >> (len(data) - 1 - t)) & 1 for t, p in enumerate(data)}
        for p in parity:
            bits[p] = sum(bits[q] for q in data if q & p) % 2
        words.append(tuple(bits[p] for p in range(1, k + 1)))
    return Code(tuple(words), "shortened Hamming")


def varshamov_lemma13(k: int, N: int) -> bool:
    """The condition of Lemma 13 as we read it, 2^N < 2^k / k (the printed copy shows '2N').

    When it holds a linear distance-3 code of length k with 2^N words exists; the shortened
    Hamming code of length k is one (its k - r data bits satisfy 2^(k - r) >= 2^N).
    """
    k = check_int(k, "k", 1, 64)
    N = check_int(N, "N", 0, 64)
    return 2 ** N * k < 2 ** k


def hamming_bound(k: int, d: int) -> int:
    """Sphere-packing bound: A(k, d) <= 2^k / V(k, floor((d-1)/2)), V = volume of a Hamming ball."""
    k = check_int(k, "k", 0, 10_000)
    d = check_int(d, "d", 1, 10_000)
    t = (d - 1) // 2
    return 2 ** k // sum(comb(k, i) for i in range(t + 1))


def krawtchouk(j: int, i: int, k: int) -> int:
    """Krawtchouk polynomial K_j(i) for length k: sum_s (-1)^s C(i, s) C(k - i, j - s)."""
    return sum((-1) ** s * comb(i, s) * comb(k - i, j - s) for s in range(j + 1))


def johnson_bound(n: int, d: int, w: int) -> int:
    """Johnson's bound on A(n, d, w), codes of constant weight w and distance >= d (d even):
    A(n, d, w) <= floor(n/w * A(n-1, d, w-1)), A = 1 when 2w < d, and A(n, d, w) = A(n, d, n-w).

    >>> [johnson_bound(8, 4, w) for w in range(9)]
    [1, 1, 4, 8, 14, 8, 4, 1, 1]
    """
    n = check_int(n, "n", 0, 10_000)
    d = check_int(d, "d", 1, 10_000)
    w = check_int(w, "w", 0, n)
    d += d % 2                              # two words of equal weight are at even distance
    w = min(w, n - w)
    if 2 * w < d:
        return 1
    return n * johnson_bound(n - 1, d, w - 1) // w


@dataclass(frozen=True)
class LPBound:
    """Delsarte's bound A(k, d) <= value, with its dual certificate.

    Certificate (re-checked by :meth:`verify`, independently of the solver): numbers y_j >= 0
    (j = 1..n_used) and z_i >= 0 with, for every allowed distance i >= d_used,
    z_i - sum_j y_j K_j(i) >= 1.  Then every code has at most
    value = 1 + sum_j y_j C(n_used, j) + sum_i z_i u_i words, because for its distance
    distribution (A_i = average number of codewords at distance i from a codeword)
    sum_{i>0} A_i <= sum_i z_i A_i - sum_j y_j sum_{i>0} A_i K_j(i) <= sum_i z_i u_i + sum_j y_j C(n, j),
    using Delsarte's inequalities sum_i A_i K_j(i) >= 0 (A_0 = 1) and A_i <= u_i.
    Here u_i is Johnson's bound on the codewords at distance exactly i from one codeword: they
    form a constant-weight code (:func:`johnson_bound`).  For odd d the code is first extended by a
    parity bit (A(k, d) = A(k+1, d+1)), so only even distances occur; for even d the same holds
    because A(k, d) = A(k-1, d-1).
    """
    k: int
    d: int
    value: Fraction
    n_used: int
    d_used: int
    even_only: bool
    distances: tuple[int, ...]
    caps: tuple[int, ...]               # u_i for i in distances (with_caps False: each u_i is 0 and unused)
    y: tuple[Fraction, ...]             # y_1 .. y_n_used
    z: tuple[Fraction, ...]             # z_i for i in distances

    @property
    def size_bound(self) -> int:
        """floor(value): codes have a whole number of words."""
        return int(self.value)

    def verify(self) -> bool:
        n = self.n_used
        if len(self.y) != n or any(v < 0 for v in self.y) or any(v < 0 for v in self.z):
            return False
        if self.distances != tuple(i for i in range(self.d_used, n + 1) if not (self.even_only and i % 2)):
            return False
        if any(u != johnson_bound(n, self.d_used, i) for i, u in zip(self.distances, self.caps)):
            return False
        for i, zi in zip(self.distances, self.z):
            if zi - sum(self.y[j - 1] * krawtchouk(j, i, n) for j in range(1, n + 1)) < 1:
                return False
        total = 1 + sum(self.y[j - 1] * comb(n, j) for j in range(1, n + 1)) + \
            sum(zi * u for zi, u in zip(self.z, self.caps))
        return total == self.value

    @property
    def caps_used(self) -> tuple[tuple[int, int], ...]:
        """The caps the certificate needs: ``(i, u_i)`` for each distance i whose cap A_i <= u_i has z_i > 0.  With
        none, the bound is Delsarte's alone."""
        return tuple((i, u) for i, u, zi in zip(self.distances, self.caps, self.z) if zi > 0)

    def inequalities(self) -> list[tuple[int, Fraction, Fraction, Fraction]]:
        """The inequalities the certificate satisfies, one per allowed distance i:
        ``(i, z_i, sum_j y_j K_j(i), z_i - sum_j y_j K_j(i))``, the last at least 1 (re-checked by :meth:`verify`).

        >>> [(i, str(left)) for i, _, _, left in delsarte_bound(8, 3).inequalities()]
        [(4, '1'), (6, '1'), (8, '1')]
        """
        n = self.n_used
        rows = []
        for i, zi in zip(self.distances, self.z):
            s = sum(self.y[j - 1] * krawtchouk(j, i, n) for j in range(1, n + 1))
            rows.append((i, Fraction(zi), Fraction(s), Fraction(zi) - s))
        return rows


def _simplex_max(c, G, h):
    """Maximise c.x subject to G x <= h, x >= 0, with h >= 0, exactly (Fractions, Bland's rule).

    Returns (optimum, x, y) with y the optimal dual solution (G^T y >= c, y >= 0)."""
    m, nv = len(G), len(c)
    # tableau rows: [G | I | h]; objective row: [-c | 0 | 0]
    T = [[Fraction(v) for v in G[r]] + [Fraction(int(r == s)) for s in range(m)] + [Fraction(h[r])]
         for r in range(m)]
    obj = [Fraction(-v) for v in c] + [Fraction(0)] * m + [Fraction(0)]
    basis = [nv + r for r in range(m)]
    while True:
        col = next((j for j in range(nv + m) if obj[j] < 0), None)
        if col is None:
            break
        best = None
        for r in range(m):
            if T[r][col] > 0:
                ratio = T[r][-1] / T[r][col]
                if best is None or ratio < best[0] or (ratio == best[0] and basis[r] < basis[best[1]]):
                    best = (ratio, r)
        if best is None:
            raise ArithmeticError("the linear program is unbounded")
        r = best[1]
        piv = T[r][col]
        T[r] = [v / piv for v in T[r]]
        for rr in range(m):
            if rr != r and T[rr][col] != 0:
                f = T[rr][col]
                T[rr] = [a - f * b for a, b in zip(T[rr], T[r])]
        f = obj[col]
        obj = [a - f * b for a, b in zip(obj, T[r])]
        basis[r] = col
    x = [Fraction(0)] * nv
    for r, b in enumerate(basis):
        if b < nv:
            x[b] = T[r][-1]
    y = obj[nv:nv + m]
    return obj[-1], x, y


@bounded_lru_cache(1024, "imperfect.codes: Delsarte bounds")
def delsarte_bound(k: int, d: int, with_caps: bool = True) -> LPBound:
    """Delsarte's linear programming bound on A(k, d), strengthened (``with_caps``) by Johnson's bound on each
    A_i, solved exactly in fractions; the dual certificate is verified before it is returned.

    Unknowns: the distance distribution A_i, with A_0 = 1, A_i = 0 for 0 < i < d, 0 <= A_i (<= u_i with the caps),
    and sum_i A_i K_j(i) >= 0 for j = 1..k.  Instant for k up to about 30.  Results are cached for at most
    1,024 arguments (``gw.clear_caches()`` empties the cache).

    >>> delsarte_bound(7, 3).size_bound     # the Hamming code of length 7 is perfect: 16 words
    16
    >>> delsarte_bound(8, 3, with_caps=False).value, delsarte_bound(8, 3).value
    (Fraction(128, 5), Fraction(64, 3))
    """
    k = check_int(k, "k", 1, 60)
    d = check_int(d, "d", 1, k)
    if not isinstance(with_caps, bool):
        raise TypeError(f"with_caps must be True or False, got {with_caps!r}")
    if d == 1:                             # every vector is a codeword
        n_used, d_used, even = k, 1, False
    elif d % 2:
        n_used, d_used, even = k + 1, d + 1, True
    else:
        # A(k, d) = A(k-1, d-1) for even d (delete a coordinate, then add a parity bit), and the
        # parity-extended code has only even distances, so the same restriction is allowed.
        n_used, d_used, even = k, d, True
    dist = tuple(i for i in range(d_used, n_used + 1) if not (even and i % 2))
    caps = tuple(johnson_bound(n_used, d_used, i) for i in dist)
    # maximise sum_i A_i  s.t.  -sum_i A_i K_j(i) <= C(n, j)  (j = 1..n),  A_i <= u_i
    G = [[-krawtchouk(j, i, n_used) for i in dist] for j in range(1, n_used + 1)]
    h = [comb(n_used, j) for j in range(1, n_used + 1)]
    if with_caps:
        for t in range(len(dist)):
            G.append([int(s == t) for s in range(len(dist))])
            h.append(caps[t])
    opt, _x, dual = _simplex_max([1] * len(dist), G, h)
    z = tuple(dual[n_used:]) if with_caps else tuple(Fraction(0) for _ in dist)
    bound = LPBound(k, d, 1 + opt, n_used, d_used, even, dist, caps, tuple(dual[:n_used]), z)
    if not bound.verify():
        raise ArithmeticError(f"Delsarte certificate for A({k}, {d}) failed to verify")
    return bound


def max_code_size(k: int, d: int, target: int | None = None) -> int:
    """A(k, d) by exhaustive search (branch and bound over codewords in increasing order; the
    first codeword is 0 without loss of generality).  Tiny k only (k <= 6 is instant).

    With ``target``, stops as soon as a code of that size is found (returns ``target``).
    """
    k = check_int(k, "k", 1, 8)
    d = check_int(d, "d", 1, k + 1)
    words = list(range(2 ** k))
    dist = [[bin(u ^ v).count("1") for v in words] for u in words]
    best = [1]

    def rec(code, candidates):
        if len(code) > best[0]:
            best[0] = len(code)
        if target is not None and best[0] >= target:
            return True
        if len(code) + len(candidates) <= best[0]:
            return False
        for idx, w in enumerate(candidates):
            if len(code) + len(candidates) - idx <= best[0]:
                return False
            nxt = [v for v in candidates[idx + 1:] if dist[w][v] >= d]
            if rec(code + [w], nxt):
                return True
        return False

    rec([0], [v for v in words if v and dist[0][v] >= d])
    return best[0]


def _is_prime(q: int) -> bool:
    return q >= 2 and all(q % p for p in range(2, int(q ** 0.5) + 1))


def paley_hadamard_code(q: int, punctured: bool = False) -> Code:
    """The code of a Paley Hadamard matrix of order q + 1 (q a prime, q = 3 mod 4).

    The matrix H = I + S, S = [[0, 1...1], [-1...-1, Q]] with Q[i][j] = Legendre symbol of (j - i) mod q,
    has orthogonal rows; its rows and their negatives, written with 0 for +1 and 1 for -1, are
    2(q + 1) words of length q + 1 at distance >= (q + 1)/2.  Deleting the first position
    (``punctured``) leaves length q and distance >= (q + 1)/2 - 1.  For q = 11: 24 words of length 11
    at distance 5, i.e. 11 predetermined questions survive two lies.

    >>> c = paley_hadamard_code(11, punctured=True)
    >>> c.size, c.length, c.min_distance()
    (24, 11, 5)
    """
    q = check_int(q, "q", 3, 1000)
    if not _is_prime(q) or q % 4 != 3:
        raise ValueError(f"q must be a prime with q = 3 (mod 4), got {q}")
    residues = {(x * x) % q for x in range(1, q)}

    def chi(a):
        a %= q
        return 0 if a == 0 else (1 if a in residues else -1)

    size = q + 1
    S = [[0] * size for _ in range(size)]
    for j in range(1, size):
        S[0][j], S[j][0] = 1, -1
    for i in range(q):
        for j in range(q):
            S[i + 1][j + 1] = chi(j - i)
    H = [[S[i][j] + (i == j) for j in range(size)] for i in range(size)]
    words = [tuple(int(x < 0) for x in row) for row in H] + [tuple(int(x > 0) for x in row) for row in H]
    if punctured:
        words = [w[1:] for w in words]
    return Code(tuple(words), "Paley-Hadamard" + (" punctured" if punctured else ""))


def local_search_code(k: int, d: int, size: int, seed: int = 0, iterations: int = 200_000) -> Code | None:
    """Look for ``size`` words of length ``k`` at pairwise distance >= ``d`` by simulated annealing
    (change one word at a time, minimising the number of pairs that are too close).  Deterministic
    for a given seed; ``None`` if nothing was found within ``iterations`` steps.  Whatever it
    returns is a genuine code (its distance is re-checked), so it is a valid construction, while
    failure proves nothing.

    >>> local_search_code(8, 3, 20).min_distance()      # beats every linear code of length 8 (16 words)
    3
    """
    import math
    import random
    k = check_int(k, "k", 1, 24)
    d = check_int(d, "d", 1, k)
    size = check_int(size, "size", 1, 2 ** k)
    rng = random.Random(seed)
    pc = [bin(i).count("1") for i in range(1 << k)] if k <= 16 else None

    def dist(u, v):
        return pc[u ^ v] if pc is not None else bin(u ^ v).count("1")

    words = rng.sample(range(1 << k), size)
    present = set(words)
    cost = sum(1 for i in range(size) for j in range(i) if dist(words[i], words[j]) < d)
    T = 1.0
    for _ in range(iterations):
        if cost == 0:
            break
        i = rng.randrange(size)
        w = rng.randrange(1 << k)
        if w in present:
            continue
        old = words[i]
        delta = (sum(1 for j, u in enumerate(words) if j != i and dist(u, w) < d)
                 - sum(1 for j, u in enumerate(words) if j != i and dist(u, old) < d))
        if delta <= 0 or rng.random() < math.exp(-delta / T):
            words[i] = w
            present.discard(old)
            present.add(w)
            cost += delta
        T = max(0.05, T * 0.9999)
    if cost:
        return None
    code = Code(tuple(tuple(w >> (k - 1 - l) & 1 for l in range(k)) for w in sorted(words)), "local search")
    assert code.min_distance() >= d
    return code
