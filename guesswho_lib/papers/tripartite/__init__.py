"""The tripartite ("paradox question") theory of Cushing et al., section 3 and Appendix A, as code.

With a paradox question (Cushing et al., section 3, question (†)) a player splits their n suspects into
three groups of sizes a <= b <= c, a + b + c = n.  Writing A(n, m) = n*m*P(n, m), the exact solver
(``gw.solve(N, "tripartite")``) computes A(n, m) = max(m, max over splits of n*m - A(m, a) - A(m, b) - A(m, c))
(Appendix A, Proposition A.1).  One module per concept, every name importable from here (``gw.tripartite``):

* :mod:`.strategy`         3-adic arithmetic, Theorem 3.1 AS PRINTED (:func:`theorem_3_1_printed`) and CORRECTED
                           (:func:`cushing_tripartite`), the paradox question as a triple (:func:`question_triples`);
* :mod:`.b_formulas`       Lemma A.2, Phi(n) and the 25 piecewise formulas B(n, m) (:data:`B_CASES`,
                           :func:`B_printed`, :func:`B_corrected`);
* :mod:`.appendix_tables`  the printed Appendix A tables for 10 <= n <= 81 (:func:`printed_appendix_table`).

What the exact solver shows (the Appendix A tables regenerated, split kinds, the gain from a third answer) is one
layer up, in :mod:`guesswho_lib.game.tripartite_tables` (``gw.tripartite_tables``): this package computes nothing
with the solver.

Every printed statement is a claim in :mod:`guesswho_lib.claims.statements.tripartite` and the ``tripartite_*``
modules beside it; ``python -m guesswho_lib verify --only tripartite`` checks them all against the exact solver.

>>> cushing_tripartite(10, 2), cushing_tripartite(16, 12)
((3, 3, 4), (3, 5, 8))
"""

from . import appendix_tables, b_formulas, strategy
from .appendix_tables import *
from .b_formulas import *
from .strategy import *

__all__ = sorted(set(strategy.__all__) | set(b_formulas.__all__) | set(appendix_tables.__all__))
