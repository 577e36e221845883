"""What the classical literature settles where this library's own certificates stop (cited, not computed here).

:func:`~.minimum.minimum_questions` proves both halves of every answer it gives (a construction, and a counting,
volume, game-search or linear-programming argument); where they do not meet it raises
:class:`~.minimum.NotSettled` with the interval.  For predetermined questions against lies the answer is a
question about A(k, d), the largest binary code of length k and minimum distance d, and the standard tables of
binary codes know more than our bounds: :data:`KNOWN_CODE_SIZES` holds the few values the lessons need, each with
the paper that proves it (the keys are those of :data:`guesswho_lib.references.LITERATURE`), and
:func:`predetermined_minimum` combines them with our own bounds.

Adaptive play against one lie (Ulam's game) was solved by Pelc (1987) for every n; the library's game search is an
independent computation of the same minimum (``tests/imperfect/test_imperfect_minimum.py`` compares them).

>>> r = predetermined_minimum(21, lies=1)
>>> r.value, r.settled_here, r.references
(9, False, ('best1978',))
>>> predetermined_minimum(24, lies=1).settled_here
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import check_int
from .minimum import NotSettled, minimum_questions

__all__ = ["KNOWN_CODE_SIZES", "LiteratureMinimum", "predetermined_minimum", "pelc_one_lie"]

#: A(k, d) from the literature, for the (k, d) where our Delsarte bound and our constructions do not meet and the
#: lessons need the value: (A(k, d), reference key, how the reference gives it).  A(k, 2e - 1) = A(k + 1, 2e) (add a
#: parity bit), so a table of even distances gives the odd ones.
KNOWN_CODE_SIZES: dict[tuple[int, int], tuple[int, str, str]] = {
    (8, 3): (20, "best1978", "A(9, 4) = 20 (Best, Brouwer, MacWilliams, Odlyzko and Sloane 1978), and "
                             "A(8, 3) = A(9, 4)"),
    (9, 3): (40, "best1980", "A(10, 4) = 40 (Best 1980), and A(9, 3) = A(10, 4)"),
    (9, 5): (6, "brouwer", "A(10, 6) = 6 (Brouwer's table), and A(9, 5) = A(10, 6)"),
    (10, 5): (12, "brouwer", "A(11, 6) = 12 (Brouwer's table), and A(10, 5) = A(11, 6)"),
    (12, 5): (32, "best1978", "A(13, 6) = 32 (Best, Brouwer, MacWilliams, Odlyzko and Sloane 1978), and "
                              "A(12, 5) = A(13, 6)"),
    (13, 5): (64, "brouwer", "A(14, 6) = 64 (Brouwer's table), and A(13, 5) = A(14, 6)"),
}


@dataclass(frozen=True)
class LiteratureMinimum:
    """The fewest predetermined questions, with what settles it: ``settled_here`` when this library's own
    certificates do (``references`` empty), otherwise the cited values of :data:`KNOWN_CODE_SIZES` used."""

    n: int
    lies: int
    erasures: int
    value: int
    settled_here: bool
    reason: str
    references: tuple[str, ...] = ()


def predetermined_minimum(n: int, lies: int = 0, erasures: int = 0) -> LiteratureMinimum | None:
    """The fewest predetermined questions that find one of ``n`` characters despite ``lies`` lies and ``erasures``
    "don't know" answers: ours when :func:`~.minimum.minimum_questions` settles it, else from our interval and
    :data:`KNOWN_CODE_SIZES`; None when neither settles it (still open here)."""
    n = check_int(n, "n", 1, 10**6)
    lies = check_int(lies, "lies", 0, 10)
    erasures = check_int(erasures, "erasures", 0, 50)
    try:
        r = minimum_questions(n, lies, erasures, adaptive=False)
        return LiteratureMinimum(n, lies, erasures, r.value, True, f"{r.lower_bound}; {r.upper_bound}")
    except NotSettled as e:
        low, high = e.low, e.high
    d = 2 * lies + erasures + 1
    used, said = [], []
    for q in range(low, high):
        if (q, d) not in KNOWN_CODE_SIZES:
            return None
        size, key, how = KNOWN_CODE_SIZES[q, d]
        used.append(key)
        said.append(how)
        if size >= n:
            return LiteratureMinimum(n, lies, erasures, q, False,
                                     f"{how}: a code of length {q} with {n} words at distance {d} exists, and our "
                                     f"bounds exclude length {q - 1}", tuple(used))
    return LiteratureMinimum(n, lies, erasures, high, False,
                             f"{'; '.join(said)}: fewer than {n} words, so {high - 1} questions are too few; our code "
                             f"has length {high}", tuple(used))


def pelc_one_lie(n: int) -> int:
    """Pelc's (1987) answer to Ulam's problem with one lie, in the form we state it: the least q with
    n (q + 1) <= 2^q for even n, and n (q + 1) + q - 1 <= 2^q for odd n (n >= 2).

    >>> pelc_one_lie(24), pelc_one_lie(10**6)
    (8, 25)
    """
    n = check_int(n, "n", 2, 10**18)
    q = 0
    while n * (q + 1) + (q - 1 if n % 2 else 0) > 2 ** q:
        q += 1
    return q
