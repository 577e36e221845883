"""The papers' formulas and strategies, one module per paper; nothing here checks them (their claims live in
:mod:`guesswho_lib.claims`, and never the other way round: no module here imports the claims).

* :mod:`.cushing`     Cushing et al., section 2: n_<, Theorem 2.1, Table 1, the strategy ``cushing``.
* :mod:`.tripartite`  Cushing et al., section 3 and Appendix A, one module per concept: 3-adic arithmetic and
                      Theorem 3.1 (``strategy``), the formulas B(n, m) (``b_formulas``), the Appendix A tables
                      (``appendix_tables``), tables read off the solver for the lessons (``split_analysis``).
* :mod:`.paradox`     Cushing et al., section 1: the paradox question and its three answers, in words.
* :mod:`.nica`        Nica: closed forms, bold plays ("in the weeds", "upper hand"), the continuous limit
                      (the data of his figures is in :mod:`guesswho_lib.plots.nica`).

Paz & Peterfreund's codes and imperfect players are in :mod:`guesswho_lib.imperfect`.
"""
