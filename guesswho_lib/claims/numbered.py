"""Every numbered statement of the three papers, and which claims check it (or why none does).

:data:`NUMBERED` lists them as they appear in the papers (theorems, lemmas, propositions, corollaries, remarks,
numbered displays, algorithms, and the definitions, examples and assumptions, which are listed too so that the
list is complete).  :func:`coverage` finds, for each, the registered claims whose ``source`` names it and the
statements recorded with :meth:`~.registry.Register.left_out` (by the modules of :mod:`.statements`); the
verification report prints the result, and ``tests/claims/test_claims_framework.py`` requires that every entry is either
checked or left out with a reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .registry import all_claims, all_left_out

__all__ = ["NUMBERED", "Coverage", "coverage", "format_coverage"]

_C, _N, _P = "Cushing et al.", "Nica 2016", "Paz & Peterfreund"

#: (paper, label) for every numbered item of the three papers, in the papers' order.
NUMBERED: tuple[tuple[str, str], ...] = tuple(
    [(_C, x) for x in ["equation (1)", "statement (2)", "statement (3)", "display (4)", "display (5)", "equation (6)",
                       "Theorem 2.1", "Remark 2.2 (i)", "Remark 2.2 (ii)", "Remark 2.2 (iii)", "Lemma 2.3", "Table 1",
                       "Lemma 2.4", "Lemma 2.5", "Lemma 2.6 (i)", "Lemma 2.6 (ii)", "Lemma 2.6 (iii)", "Theorem 3.1",
                       "Proposition A.1", "Lemma A.2", "Lemma A.3", "Lemma A.4", "table after Lemma A.4"]
     + [f"{'Proposition' if i in (11, 14, 17, 19, 20, 21, 22, 23, 24, 26) else 'Lemma'} A.{i}" for i in range(5, 27)]]
    + [(_N, x) for x in ["Theorem 1.1", "Definition 2.1", "Remark 2.2", "Definition 2.3", "Proposition 2.4",
                         "Remark 2.5", "Algorithm 1", "Definition 2.6", "Definition 2.7", "Definition 3.1",
                         "Remark 3.2", "Definition 3.3", "Definition 3.4", "Lemma 3.5", "Lemma 3.6", "Lemma 3.7",
                         "Proposition 3.8", "Proposition 3.9", "Remark 3.10", "Lemma 4.1", "Lemma 4.2", "Remark 4.3",
                         "Theorem 4.4"]]
    + [(_P, x) for x in ["Example 1", "Assumption 1", "Example 2", "Example 3", "Theorem 4", "Theorem 5",
                         "Corollary 6", "Definition 7", "Theorem 8", "Lemma 9", "Corollary 10", "Definition 11",
                         "Theorem 12", "Lemma 13", "Corollary 14"]])


def _pattern(label: str) -> re.Pattern:
    """'Lemma A.1' matches 'Lemma A.1' and 'Lemmas A.0, A.1' but not 'Lemma A.12'; 'Remark 2.2 (i)' needs '(i)'."""
    word, _, rest = label.partition(" ")
    if word in ("equation", "statement", "display"):
        return re.compile(r"\b(?:equation|eq\.|statement|display)s? " + re.escape(rest))
    if word == "table" or word == "Table":
        return re.compile(re.escape(label))
    number, _, part = rest.partition(" ")
    tail = r"(?![\w.])" if not part else r" " + re.escape(part)
    return re.compile(rf"\b{word}s? (?:[\w.]+, )*{re.escape(number)}" + tail)


@dataclass(frozen=True)
class Coverage:
    paper: str
    label: str
    claims: tuple[str, ...]          # ids of the claims whose source names it
    left_out: str                    # the reason it is not checked, or ""

    @property
    def registered(self) -> bool:
        return bool(self.claims)


def coverage() -> list[Coverage]:
    """For each entry of :data:`NUMBERED`: the claims that check it, or the reason it is left out."""
    claims = all_claims()
    skipped = all_left_out()
    out = []
    for paper, label in NUMBERED:
        pat = _pattern(label)
        ids = tuple(c.id for c in claims if c.source.startswith(paper) and pat.search(c.source))
        why = next((x.reason for x in skipped if x.source.startswith(paper) and pat.search(x.source)), "")
        out.append(Coverage(paper, label, ids, why))
    return out


def format_coverage(items: list[Coverage]) -> list[str]:
    """Report lines: per paper, the numbered statements checked (with how many claims) and those left out."""
    lines = []
    for paper in dict.fromkeys(c.paper for c in items):
        mine = [c for c in items if c.paper == paper]
        done = [c for c in mine if c.registered]
        lines.append(f"{paper}: {len(done)} of {len(mine)} numbered items checked: "
                     + ", ".join(f"{c.label} ({len(c.claims)})" for c in done) + ".")
        rest = [c for c in mine if not c.registered]
        if rest:
            lines.append("  not checked (reasons below): " + ", ".join(
                c.label + ("" if c.left_out else " (NO CLAIM AND NO REASON)") for c in rest) + ".")
    return lines
