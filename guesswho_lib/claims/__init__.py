"""Every printed claim of the three papers, registered with a computational check.

The framework:

* :mod:`.registry`            a claim and its check (``Register``, ``Check``, ``run_claim``), and :func:`all_claims`,
                              which finds the claims modules by itself;
* :mod:`.report`              runs every claim and writes the report and the errata (``python -m guesswho_lib verify``);
* :mod:`.numbered`            every numbered statement of the papers, and which claims check it (or why none does).

Tools the checks share, registering nothing: :mod:`.exact_tables` (the solver's table as the checks read it) and
:mod:`.tripartite_checks` (vectorised checks on the tripartite table, for the Appendix A lemmas).

The claims themselves are in the package :mod:`.statements`, one module per paper or part of one, each named after
its topic: ``cushing*``, ``merciful``, ``nica``, ``tripartite*``, ``paz``.
"""

from .registry import Check, Claim, Register, Result, all_claims, claim_modules, outcome_words, run_claim

__all__ = ["Check", "Claim", "Register", "all_claims", "claim_modules", "run_claim", "Result", "outcome_words"]
