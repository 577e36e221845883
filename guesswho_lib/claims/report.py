"""Run every registered claim and write the results: the verification report and the errata list.

``python -m guesswho_lib verify`` prints :func:`format_report` of :func:`run_all` and, with ``--errata``, writes
:func:`format_errata` (the file ERRATA.md of the repository is generated this way).

The report has a header (the sizes checked, and the verified ranges recorded in :mod:`guesswho_lib.game.proven`),
the table of claims, a section of its own for the papers' assumptions (outcome kind ``assumption met`` / ``not
met``: a hypothesis is not an error, so ERRATA.md never lists it), and the statements deliberately left out.
"""

from __future__ import annotations

import textwrap

from ..game.proven import VERIFIED_MERCIFUL, VERIFIED_TRIPARTITE, verified_ranges
from ..rules import check_int
from .numbered import coverage, format_coverage
from .registry import Result, all_claims, all_left_out, run_claim

__all__ = ["DEFAULT_N", "DEFAULT_N_TRIPARTITE", "MIN_N", "MAX_N", "FULL_N", "FULL_N_TRIPARTITE", "MAX_N_TRIPARTITE",
           "select_claims", "run_all", "format_report", "format_errata"]

DEFAULT_N = 1000
DEFAULT_N_TRIPARTITE = 729
#: The smallest size every claim can be checked at: the Appendix A tables of Cushing et al. go up to n = 81.
MIN_N = 81
#: ``verify --full``: the verified ranges recorded in :mod:`guesswho_lib.game.proven`, so that the full run checks
#: exactly what is recorded (two-way rules up to 2048, tripartite up to 3^7 = 2187).
FULL_N = VERIFIED_MERCIFUL
FULL_N_TRIPARTITE = VERIFIED_TRIPARTITE
#: The largest sizes accepted: those of the full run (the solver table grows as N^2 and some checks as N^3).
MAX_N = FULL_N
MAX_N_TRIPARTITE = FULL_N_TRIPARTITE


def select_claims(only: str | None = None) -> list:
    """The registered claims whose id contains ``only`` (all of them for None); an error if none does."""
    claims = all_claims()
    if only is None:
        return claims
    chosen = [c for c in claims if only in c.id]
    if not chosen:
        papers = sorted({c.id.split(".")[0] + "." for c in claims})
        raise ValueError(f"no claim id contains {only!r} (ids start with {', '.join(papers)}; "
                         f"e.g. {claims[0].id})")
    return chosen


def run_all(N: int = DEFAULT_N, N_tripartite: int = DEFAULT_N_TRIPARTITE, only: str | None = None,
            progress=None) -> list[Result]:
    """Check every claim (or those whose id contains ``only``): two-way rules up to N, tripartite up to
    N_tripartite; ``MIN_N <= N <= MAX_N``, ``MIN_N <= N_tripartite <= MAX_N_TRIPARTITE``.  ``progress(i, total,
    label)`` is called before each claim and once at the end."""
    N = check_int(N, "N", MIN_N, MAX_N)
    N_tripartite = check_int(N_tripartite, "N_tripartite", MIN_N, MAX_N_TRIPARTITE)
    claims = select_claims(only)
    results = []
    for i, c in enumerate(claims):
        if progress:
            progress(i, len(claims), c.id)
        results.append(run_claim(c, N, N_tripartite))
    if progress:
        progress(len(claims), len(claims), "done")
    return results


def _table(results: list[Result], caps=(34, 36, 26, 200, 60)) -> list[str]:
    rows = [("claim", "source", "range checked", "outcome", "")]
    for r in results:
        rows.append((r.claim.id, r.claim.source, r.check.checked, r.outcome_text,
                     "" if r.as_expected else f"UNEXPECTED (expected: {r.claim.expected_outcome})"))
    widths = [min(max(len(row[i]) for row in rows), cap) for i, cap in enumerate(caps)]
    lines = []
    for j, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) if i < 3 else row[i] for i in range(4)]
        line = "  ".join(cells).rstrip()
        if row[4]:
            line += "   <-- " + row[4]
        lines.append(line)
        if j == 0:
            lines.append("-" * min(len(line) + 20, 160))
    return lines


def format_header(N: int, N_tripartite: int) -> list[str]:
    """The report's first lines: the sizes this run checks, and the verified ranges on record."""
    return ([f"Checked here: two-way rules (official, Nica's, merciful) on every board state up to N = {N}, "
             f"tripartite rules up to N = {N_tripartite}.",
             "Strategies known to be optimal, as recorded in guesswho_lib/game/proven.py (`verify --full` re-checks "
             "the verified ranges):"]
            + [f"  - {line}" for line in verified_ranges()] + [""])


def format_report(results: list[Result], N: int | None = None, N_tripartite: int | None = None,
                  left_out: bool = True) -> str:
    """The verification report: a header (with N, N_tripartite given), one row per claim (id, source, range
    checked, outcome), the papers' assumptions in a section of their own, the statements deliberately left out
    (``left_out``), and a summary line."""
    lines = format_header(N, N_tripartite) if N is not None and N_tripartite is not None else []
    claims = [r for r in results if r.claim.version != "assumption"]
    assumptions = [r for r in results if r.claim.version == "assumption"]
    lines += _table(claims)
    if assumptions:
        lines += ["", "Assumptions the papers make, and how real boards meet them (hypotheses adopted on purpose, "
                      "not errors; never in ERRATA.md)", ""]
        lines += _table(assumptions)
    if left_out:
        lines += ["", "Numbered statements of the papers, and how many claims check each:"]
        lines += [textwrap.fill(line, 150, subsequent_indent="  ") for line in format_coverage(coverage())]
        skipped = all_left_out()
        if skipped:
            lines += ["", f"Statements deliberately not checked ({len(skipped)}), and why:"]
            lines += [textwrap.fill(f"- {x.source}: {x.statement} -- {x.reason}", 150, subsequent_indent="  ")
                      for x in skipped]
    n_bad = sum(not r.as_expected for r in results)
    n_fail = sum(not r.check.ok for r in claims)
    n_met = sum(r.check.ok for r in assumptions)
    lines.append("")
    lines.append(f"{len(claims)} claims checked: {len(claims) - n_fail} hold, {n_fail} fail "
                 f"({sum(r.claim.version == 'printed' and not r.check.ok for r in claims)} printed claims fail as printed)"
                 + (f"; {len(assumptions)} assumptions: {n_met} met, {len(assumptions) - n_met} not met" if assumptions
                    else "")
                 + "; " + ("every outcome as expected." if n_bad == 0 else f"{n_bad} UNEXPECTED outcome(s)."))
    return "\n".join(lines)


def format_errata(results: list[Result], N: int, N_tripartite: int) -> str:
    """The errata list: every printed claim that fails, with the corrected statement that holds."""
    out = ["# Errata", "",
           "Generated by `python -m guesswho_lib verify --errata ERRATA.md` "
           f"(two-way rules checked up to N = {N}, tripartite up to N = {N_tripartite}).",
           "Do not edit by hand: `tests/test_errata.py` checks that this file matches the library.", "",
           "Each entry is a mathematical statement printed in one of the papers that exact computation "
           "contradicts, the first counterexample found, and the corrected statement, which the exact solver "
           "confirms over the stated range.  The papers' assumptions (hypotheses adopted on purpose) are not "
           "errata: the verification report lists them, and how real boards meet them, in a section of their own.",
           ""]
    failing = [r for r in results if r.claim.version == "printed" and not r.check.ok]
    if not failing:
        out.append("No printed claim failed.")
    for r in failing:
        c = r.claim
        out.append(f"## {c.id} ({c.source})")
        out.append("")
        out.append(f"**As printed:** {c.statement}")
        out.append("")
        out.append(f"**Outcome:** fails as printed: first counterexample {r.check.counterexample} "
                   f"(checked {r.check.checked}).")
        if c.note:
            out.append("")
            out.append(textwrap.fill(c.note, 110))
        fixes = [x for x in results if x.claim.corrects == c.id]
        for x in fixes:
            out.append("")
            out.append(f"**Corrected ({x.claim.id}):** {x.claim.statement}")
            out.append("")
            out.append(f"**Outcome:** {x.outcome_text} (checked {x.check.checked}).")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
