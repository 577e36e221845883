"""The claims of Cushing et al., Appendix A: formulas stated inside the proofs of Lemmas A.6-A.13, checked exactly.

Checked (ids ending in ``.proof``): the table of G(m, c-1) in the proof of Lemma A.6 (i), A(m, b+3) - A(m, b) in
the proof of Lemma A.9, the move and the values at n = 1 + 3^(k-1) in the proof of Proposition A.11 (i), and the
table of increments and the monotonicity claim in the proof of Lemma A.13.  Not checked: the other displays inside
the proofs (Lemma A.6 (iii), (iv); Lemma A.8; B(1 + 3^(k-2), z) and A(m, 3^(k-2)) in the proof of
Proposition A.11, whose ranges are garbled in the text; the increments in the proofs of Lemma A.16 and
Propositions A.19, A.20), and the intermediate moves of the switching arguments.  Method and notation: see
:mod:`guesswho_lib.claims.tripartite_checks`.
"""

from __future__ import annotations

import numpy as np

from ..registry import BOUNDARY_SLIP, WRONG_RANGE, Check, Register
from ..tripartite_checks import (SOURCE, G_table, check_formulas, check_move, checked_range, floor_third, k_values,
                                 powers, register_formulas, tripartite_table)

register = Register(__name__)

__all__ = []


# ---------------------------------------------------------------------------------------------------
# Formulas stated inside the proofs (the clean ones; see the module docstring for those left out)
# ---------------------------------------------------------------------------------------------------
def _diff_back(A, m, x):
    """A(m, x) - A(m, x-1)."""
    return A[m, x] - A[m, x - 1]


def _diff3(A, m, x):
    """A(m, x+3) - A(m, x)."""
    return A[m, x + 3] - A[m, x]


register_formulas(
    register, "tripartite.lemA6.proof", "Proof of Lemma A.6 (i)", "1 + 3^(k-2) < m <= 3^(k-1)",
    lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
    [("G(m, c-1) = m + 3^(k-3) - 1 - [(m-1)/3] for 3^(k-2) + 3^(k-3) < c <= 2*3^(k-2)",
      lambda k: (3 ** (k - 2) + 3 ** (k - 3) + 1, 2 * 3 ** (k - 2)),
      lambda m, x, k: m + 3 ** (k - 3) - 1 - floor_third(m) + 0 * x),
     ("G(m, c-1) = 2 + 3^(k-3) + 2[(m-1)/3] for 2*3^(k-2) < c <= 2*3^(k-2) + 3^(k-3)",
      lambda k: (2 * 3 ** (k - 2) + 1, 2 * 3 ** (k - 2) + 3 ** (k - 3)),
      lambda m, x, k: 2 + 3 ** (k - 3) + 2 * floor_third(m) + 0 * x),
     ("G(m, c-1) = 1 + 2[(m-1)/2] for 2*3^(k-2) + 3^(k-3) < c <= 2*3^(k-2) + 2*3^(k-3)",
      lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3) + 1, 2 * 3 ** (k - 2) + 2 * 3 ** (k - 3)),
      lambda m, x, k: 1 + 2 * ((m - 1) // 2) + 0 * x),
     ("G(m, c-1) = m for c > 2*3^(k-2) + 2*3^(k-3)",
      lambda k: (2 * 3 ** (k - 2) + 2 * 3 ** (k - 3) + 1, 10 ** 9), lambda m, x, k: m + 0 * x)],
    names=("m", "c"), lhs=_diff_back, lhs_text="G({0}, {1} - 1)", source=SOURCE + ", proof of Lemma A.6")

_A9_X = lambda k: (3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3) - 3)
_A9_PIECES = [
    (" [3^(k-1) for 1 + 3^(k-2) < m <= 3^(k-2) + 3^(k-3)]", lambda k: (3 ** (k - 2) + 2, 3 ** (k - 2) + 3 ** (k - 3)),
     lambda m, b, k: 3 ** (k - 1) + 0 * m),
    (" [m + 5*3^(k-3) for 3^(k-2) + 3^(k-3) <= m <= 2*3^(k-2) + 3^(k-3)]",
     lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2) + 3 ** (k - 3)), lambda m, b, k: m + 5 * 3 ** (k - 3)),
    (" [3m - 3^(k-1) for 2*3^(k-2) + 3^(k-3) <= m <= 3^(k-1)]",
     lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 1)), lambda m, b, k: 3 * m - 3 ** (k - 1)),
]


@register.claim("tripartite.lemA9.proof",
                "Proof of Lemma A.9: for k >= 4, 3^(k-2) <= b <= 3^(k-2) + 3^(k-3) - 3 and 1 + 3^(k-2) < m <= 3^(k-1), "
                "A(m, b+3) - A(m, b) = 3^(k-1) if m <= 3^(k-2) + 3^(k-3); m + 5*3^(k-3) if 3^(k-2) + 3^(k-3) <= m <= "
                "2*3^(k-2) + 3^(k-3); 3m - 3^(k-1) if 2*3^(k-2) + 3^(k-3) <= m <= 3^(k-1) (each on its closed range).",
                SOURCE + ", proof of Lemma A.9", tripartite=True)
def _lemA9_proof(N):
    items = [(label, (lambda k, mr=mr: (*mr(k), *_A9_X(k))), f) for label, mr, f in _A9_PIECES]
    chk = check_formulas(tripartite_table(N), N, items, ("m", "b"), _diff3, "A({0}, {1} + 3) - A({0}, {1})")
    return Check(chk.ok, checked_range(N, "3^(k-2) <= b <= 3^(k-2) + 3^(k-3) - 3, 1 + 3^(k-2) < m <= 3^(k-1)"),
                 chk.counterexample)


_N11 = lambda k: (3 ** (k - 1) + 1,) * 2


@register.claim(
    "tripartite.propA11.proof",
    "Proof of Proposition A.11 (i): for k >= 4, n = 1 + 3^(k-1) and 1 + 3^(k-2) <= m <= 3^(k-1), the move "
    "(3^(k-2), 3^(k-2), 1 + 3^(k-2)) is optimal, and B(1 + 3^(k-1), m) = A(1 + 3^(k-1), m) = "
    "(1 + 2*3^(k-2))m - 3^(k-2)(1 + 3^(k-2)) for 3^(k-2) <= m <= 3^(k-2) + 3^(k-3); 7m 3^(k-3) + 3^(k-3)(1 - 13*3^(k-3)) "
    "up to 2*3^(k-2); (2 + 7*3^(k-3))m - 3^(k-3)(11 + 13*3^(k-3)) up to 2*3^(k-2) + 3^(k-3); "
    "m 3^(k-1) + 3^(k-2)(1 - 3^(k-1)) up to 3^(k-1) (each on its closed range).",
    SOURCE + ", proof of Proposition A.11", tripartite=True)
def _propA11_proof(N):
    A = tripartite_table(N)
    chk = check_move(A, N, lambda k: (*_N11(k), 3 ** (k - 2) + 1, 3 ** (k - 1)),
                      lambda n, m, k: (3 ** (k - 2), 3 ** (k - 2), 3 ** (k - 2) + 1))
    if chk.ok:
        pieces = [
            (lambda k: (3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3)),
             lambda n, m, k: (1 + 2 * 3 ** (k - 2)) * m - 3 ** (k - 2) * (1 + 3 ** (k - 2))),
            (lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2)),
             lambda n, m, k: 7 * m * 3 ** (k - 3) + 3 ** (k - 3) * (1 - 13 * 3 ** (k - 3))),
            (lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
             lambda n, m, k: (2 + 7 * 3 ** (k - 3)) * m - 3 ** (k - 3) * (11 + 13 * 3 ** (k - 3))),
            (lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 1)),
             lambda n, m, k: m * 3 ** (k - 1) + 3 ** (k - 2) * (1 - 3 ** (k - 1))),
        ]
        items = [(f" [piece {i + 1}]", (lambda k, mr=mr: (*_N11(k), *mr(k))), f) for i, (mr, f) in enumerate(pieces)]
        chk = check_formulas(A, N, items, ("n", "m"))
    return Check(chk.ok, checked_range(N, "n = 1 + 3^(k-1), 3^(k-2) <= m <= 3^(k-1)"), chk.counterexample)


def _A13_diff_items(strict):
    """The table of A(m, x) - A(m, x-1) in the proof of Lemma A.13 (x > 3^(k-2)); strict: half-open ranges."""
    s = 1 if strict else 0
    return [
        ("m - 3^(k-2) for 3^(k-2) < x <= 3^(k-2) + 3^(k-3)", lambda k: (3 ** (k - 2) + 1, 3 ** (k - 2) + 3 ** (k - 3)),
         lambda m, x, k: m - 3 ** (k - 2) + 0 * x),
        (f"m - 1 + 3^(k-3) - [(m-1)/3] for 3^(k-2) + 3^(k-3) {'<' if strict else '<='} x <= 2*3^(k-2)",
         lambda k: (3 ** (k - 2) + 3 ** (k - 3) + s, 2 * 3 ** (k - 2)),
         lambda m, x, k: m - 1 + 3 ** (k - 3) - floor_third(m) + 0 * x),
        (f"2 + 3^(k-3) + 2[(m-1)/3] for 2*3^(k-2) {'<' if strict else '<='} x <= 2*3^(k-2) + 3^(k-3)",
         lambda k: (2 * 3 ** (k - 2) + s, 2 * 3 ** (k - 2) + 3 ** (k - 3)),
         lambda m, x, k: 2 + 3 ** (k - 3) + 2 * floor_third(m) + 0 * x),
        (f"3^(k-1) for 2*3^(k-2) + 3^(k-3) {'<' if strict else '<='} x <= 3^(k-1)",
         lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3) + s, 3 ** (k - 1)), lambda m, x, k: 3 ** (k - 1) + 0 * x),
    ]


_NOTE_A13_PROOF = (
    "The four pieces of A(m, x) - A(m, x-1) for x > 3^(k-2) are printed on closed ranges that share their end "
    "points, but at x = 3^(k-2) + 3^(k-3), 2*3^(k-2) and 2*3^(k-2) + 3^(k-3) only the piece on the left is "
    "right (A(m, x) and A(m, x-1) both use Lemma A.12's formula on the left); first counterexample "
    "(m, x) = (29, 12). With half-open ranges (left end excluded) every piece holds.")
_A13_M_RANGE = lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2))
register_formulas(
    register, "tripartite.lemA13.proof", "Proof of Lemma A.13", "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2)", _A13_M_RANGE,
    _A13_diff_items(False), lhs=_diff_back, lhs_text="A({0}, {1}) - A({0}, {1} - 1)",
    expect_ok=False, note=_NOTE_A13_PROOF, source=SOURCE + ", proof of Lemma A.13", severity=BOUNDARY_SLIP)
register_formulas(
    register, "tripartite.lemA13.proof.corrected", "Proof of Lemma A.13 corrected (half-open ranges)",
    "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2)", _A13_M_RANGE,
    _A13_diff_items(True), lhs=_diff_back, lhs_text="A({0}, {1}) - A({0}, {1} - 1)",
    version="corrected", corrects="tripartite.lemA13.proof", note=_NOTE_A13_PROOF,
    source=SOURCE + ", proof of Lemma A.13")


def _monotone_G(N, x_lo):
    """G(m, x) <= G(m, y) for x_lo(k) <= x <= y <= 3^(k-1), 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2): first descent."""
    G = G_table(tripartite_table(N))
    for k in k_values(N):
        _, a, b, _ = powers(k)
        ms = np.arange(a + 2, a + b + 1)
        x0 = x_lo(k)
        g = G[a + 2:a + b + 1, x0:a + 1]                     # G(m, x0..a)
        down = np.argwhere(np.diff(g, axis=1) < 0)
        if len(down):
            i, j = down[0]
            m, x = int(ms[i]), x0 + int(j)
            return Check(False, "", f"k = {k}, (m, x, y) = ({m}, {x}, {x + 1}): G(m, x) = {int(G[m, x])} > "
                                    f"G(m, y) = {int(G[m, x + 1])}")
    return Check(True, "")


_NOTE_A13_MONO = (
    "For x < 3^(k-2), G(m, x) = Phi(x+1) - Phi(x) alternates between two values (Lemma A.5 only bounds it by "
    "5*3^(k-3)), so it is not monotone: first G(29, 1) = 5 > G(29, 2) = 3. The proof needs, and the table gives, "
    "monotonicity for 3^(k-2) <= x <= y <= 3^(k-1) (where the increments are m - 3^(k-2), ..., 3^(k-1)), "
    "together with G(m, x) <= 5*3^(k-3) <= m - 3^(k-2) for x < 3^(k-2).")


@register.claim("tripartite.lemA13.proof.monotone",
                "Proof of Lemma A.13: for k >= 4 and 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), G(m, x) <= G(m, y) whenever "
                "1 <= x <= y <= 3^(k-1) (G(m, x) = A(m, x+1) - A(m, x)).",
                SOURCE + ", proof of Lemma A.13", tripartite=True, expect_ok=False, note=_NOTE_A13_MONO,
                severity=WRONG_RANGE)
def _lemA13_mono(N):
    chk = _monotone_G(N, lambda k: 1)
    return Check(chk.ok, checked_range(N, "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), 1 <= x <= y <= 3^(k-1)"),
                 chk.counterexample)


@register.claim(
    "tripartite.lemA13.proof.monotone.corrected",
    "Proof of Lemma A.13 corrected: for k >= 4 and 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), G(m, x) <= G(m, y) "
    "whenever 3^(k-2) <= x <= y <= 3^(k-1), and G(m, x) <= 5*3^(k-3) <= G(m, y) when x < 3^(k-2) <= y <= 3^(k-1).",
    SOURCE + ", proof of Lemma A.13", tripartite=True, version="corrected",
    corrects="tripartite.lemA13.proof.monotone", note=_NOTE_A13_MONO)
def _lemA13_mono_corrected(N):
    rng = checked_range(N, "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), 1 <= x <= y <= 3^(k-1)")
    chk = _monotone_G(N, lambda k: 3 ** (k - 2))
    if not chk.ok:
        return Check(False, rng, chk.counterexample)
    G = G_table(tripartite_table(N))
    for k in k_values(N):
        _, a, b, c = powers(k)
        low, high = G[a + 2:a + b + 1, 1:b], G[a + 2:a + b + 1, b:a + 1]
        if low.max() > 5 * c or high.min() < 5 * c:
            return Check(False, rng, f"k = {k}: max G below 3^(k-2) = {int(low.max())}, min above = {int(high.min())}")
    return Check(True, rng)
