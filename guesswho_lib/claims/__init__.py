"""Every printed claim of the three papers, registered with a computational check.

:mod:`.registry` holds the framework (``@claim``, ``Check``, ``run_claim``, and :func:`all_claims`, which finds the
modules of this package by itself); :mod:`.report` runs every claim and writes the report and the errata.  Each
other module registers the claims of one paper, or of one part of one:

* :mod:`.cushing`                     Cushing et al., section 2 (official rules, classical questions);
* :mod:`.nica`                        Nica (2016), the race-to-one rules;
* :mod:`.paradox_questions`           Cushing et al., section 3 and Appendix A (tripartite rules: questions with
                                      three answers): Theorem 3.1, the Appendix A tables, B(n, m), Lemmas A.2-A.5;
* :mod:`.paradox_questions_lemmas`    Cushing et al., Appendix A, Lemma A.6 to Proposition A.20;
* :mod:`.paradox_questions_proofs`    Cushing et al., Appendix A, formulas stated inside the proofs;
* :mod:`.paz`                         Paz & Peterfreund (codes and imperfect players).

They are imported, and their claims reported, in this (alphabetical) order.

Helpers that register nothing: :mod:`.exact_tables` (the solver's table as the checks read it) and
:mod:`.tripartite_checks` (vectorised checks for the Appendix A lemmas).
"""

from .registry import Check, Claim, Result, all_claims, claim, claim_modules, outcome_words, run_claim

__all__ = ["Check", "Claim", "claim", "all_claims", "claim_modules", "run_claim", "Result", "outcome_words"]
