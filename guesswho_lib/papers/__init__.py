"""The papers' formulas and strategies, one module per paper (their claims live in :mod:`guesswho_lib.claims`).

* :mod:`.cushing`     Cushing et al., section 2: n_<, Theorem 2.1, Table 1, the strategy ``cushing``.
* :mod:`.tripartite`  Cushing et al., section 3 and Appendix A: 3-adic arithmetic, Theorem 3.1 (corrected).
* :mod:`.paradox`     Cushing et al., section 1: the paradox question and its three answers, in words.
* :mod:`.nica`        Nica: closed forms, bold plays ("in the weeds", "upper hand"), the continuous limit.

Paz & Peterfreund's codes and imperfect players are in :mod:`guesswho_lib.imperfect`.
"""
