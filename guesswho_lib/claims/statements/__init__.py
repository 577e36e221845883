"""The claims themselves: each module registers the printed statements of one paper, or of one part of one, each
with its computational check (see :mod:`guesswho_lib.claims.registry`).

* :mod:`.cushing`             Cushing et al., section 2 (official rules, classical questions);
* :mod:`.cushing_intro`       Cushing et al., section 1 (the classroom activity, Nica's strategy as paraphrased);
* :mod:`.cushing_proofs`      Cushing et al., formulas stated inside the proofs of section 2;
* :mod:`.merciful`            our merciful rules (a wrong guess passes the turn): the strategy we verified;
* :mod:`.nica`                Nica (2016), the race-to-one rules;
* :mod:`.tripartite`          Cushing et al., section 3 and Appendix A (tripartite rules: questions with three
                              answers): Theorem 3.1, the Appendix A tables, B(n, m), Lemmas A.2-A.5;
* :mod:`.tripartite_end`      Cushing et al., Appendix A, Propositions A.21-A.26 and Lemma A.25;
* :mod:`.tripartite_lemmas`   Cushing et al., Appendix A, Lemma A.6 to Proposition A.20;
* :mod:`.tripartite_proofs`   Cushing et al., Appendix A, formulas stated inside the proofs;
* :mod:`.paz`                 Paz & Peterfreund (codes and imperfect players);
* :mod:`.board`               ours, beyond the papers: complete sets, and the real board with two-trait questions.

The lessons' own statements are the course's register (:mod:`guesswho_lessons.register`), with the same framework;
``python -m guesswho_apps course`` runs them.

A module is named after its topic (the first part of the ids of its claims: ``tripartite_lemmas`` registers
``tripartite.*``), and is found on disk: nothing lists the modules.  The report and ERRATA.md give the topics in
the order of :data:`TOPICS`, and the modules of one topic in the alphabetical order of their names.
"""

#: The topics, in the order of the report and of ERRATA.md.
TOPICS = ("cushing", "merciful", "nica", "tripartite", "paz", "board")
