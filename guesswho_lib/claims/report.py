"""Run every registered claim and write the results: the verification report and the errata list.

``python -m guesswho_lib verify`` prints :func:`format_report` of :func:`run_all` and, with ``--errata``, writes
:func:`format_errata` (the file ERRATA.md of the repository is generated this way).

The report has a header (the sizes THIS run checked, read off its results, and how each rule set's optimal
strategy is known, from :mod:`guesswho_lib.game.proven`: a verified range not re-checked by the run is named as a
stored record, with the command that produced it), the printed statements that fail grouped by severity (a wrong
statement or move, a wrong range or constant, a boundary slip: :data:`~.registry.SEVERITIES`), each followed by our
corrected statement, the statements that hold, a section of its own for the papers' assumptions (outcome kind
``assumption met`` / ``not met``: a hypothesis is not an error, so ERRATA.md never lists it), the numbered
statements and those deliberately left out, and a summary (how many printed statements fail, by severity, and how
many corrected statements hold).
"""

from __future__ import annotations

import textwrap

from ..game.proven import VERIFIED_MERCIFUL, VERIFIED_TRIPARTITE, optimal_strategy_for
from ..rules import check_int
from .numbered import coverage, format_coverage
from .registry import SEVERITIES, STATEMENTS, Result, all_claims, all_left_out, run_claim

__all__ = ["DEFAULT_N", "DEFAULT_N_TRIPARTITE", "MIN_N", "MAX_N", "FULL_N", "FULL_N_TRIPARTITE", "MAX_N_TRIPARTITE",
           "select_claims", "run_all", "run_claims", "format_report", "format_errata", "format_header", "summary_lines",
           "run_sizes", "FULL_COMMAND"]

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
    """The papers' claims (those of :data:`~.registry.STATEMENTS`; not a register of the course's a program may
    also have loaded) whose id contains ``only`` (all of them for None); an error if none does."""
    claims = [c for c in all_claims() if c.module.startswith(STATEMENTS + ".")]
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
    return run_claims(select_claims(only), N, N_tripartite, progress)


def run_claims(claims: list, N: int, N_tripartite: int, progress=None) -> list[Result]:
    """Check ``claims`` in order (two-way rules up to N, tripartite up to N_tripartite), calling ``progress(i,
    total, label)`` before each and once at the end; the sizes are the caller's to check."""
    results = []
    for i, c in enumerate(claims):
        if progress:
            progress(i, len(claims), c.id)
        results.append(run_claim(c, N, N_tripartite))
    if progress:
        progress(len(claims), len(claims), "done")
    return results


def _rows(results: list[Result]) -> list[tuple]:
    return [(r.claim.id, r.claim.source, r.check.checked, r.outcome_text,
             "" if r.as_expected else f"UNEXPECTED (expected: {r.claim.expected_outcome})") for r in results]


def _table(results: list[Result], caps=(34, 36, 26, 200, 60)) -> list[str]:
    rows = [("claim", "source", "range checked", "outcome", "")] + _rows(results)
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


def run_sizes(results: list[Result]) -> dict[str, int]:
    """The sizes this run checked, read off the results: ``{"two-way": N, "tripartite": N_tripartite}`` (a kind
    of rule set no claim of the run uses is left out)."""
    sizes = {}
    for kind, tri in (("two-way", False), ("tripartite", True)):
        used = [r.size for r in results if r.claim.tripartite == tri and r.size is not None]
        if used:
            sizes[kind] = max(used)
    return sizes


def _record_line(rules, known, results: list[Result], sizes: dict[str, int]) -> str:
    """One rule set's line of the header: how its optimal strategy is known, and whether this run re-checked it."""
    if known.proven:
        return f"{rules.name} rules: {known.source}: proven optimal at every board size (a printed proof)"
    line = (f"{rules.name} rules: {known.source}: verified optimal for max(n, m) <= {known.verified_up_to} "
            f"(claim {known.verified_by}), a conjecture beyond")
    ran = next((r for r in results if r.claim.id == known.verified_by), None)
    if ran is not None and ran.size is not None and ran.size >= known.verified_up_to:
        return line + " -- re-checked by this run"
    this = f"this run checked it up to N = {ran.size}" if ran is not None else "not checked in this run"
    return line + f" -- a stored record, produced by `{FULL_COMMAND}`; {this}"


#: The command that produces the verified ranges stored in :mod:`guesswho_lib.game.proven`.
FULL_COMMAND = "python -m guesswho_lib verify --full"


def format_header(results: list[Result], command: str = "python -m guesswho_lib verify") -> list[str]:
    """The report's first lines: the sizes THIS run checked (read off the results), then how each rule set's optimal
    strategy is known, from :mod:`guesswho_lib.game.proven`, each verified range named as a stored record (with the
    command that produced it) unless this run re-checked it."""
    from ..rules import RULES
    sizes = run_sizes(results)
    parts = []
    if "two-way" in sizes:
        parts.append(f"two-way rules (official, Nica's, merciful) on every board state up to N = {sizes['two-way']}")
    if "tripartite" in sizes:
        parts.append(f"tripartite rules up to N = {sizes['tripartite']}")
    lines = [f"Checked in this run (`{command}`): " + ("; ".join(parts) or "no claims") + ".",
             "Optimal strategies, as recorded in guesswho_lib/game/proven.py:"]
    for r in RULES.values():
        known = optimal_strategy_for(r)
        if known is not None:
            lines.append(f"  - {_record_line(r, known, results, sizes)}")
    return lines + [""]


def _severity_heading(severity: str, count: int) -> str:
    return f"{severity[0].upper()}{severity[1:]} ({count}): {SEVERITIES[severity]}."


def _failure_groups(results: list[Result]) -> list[tuple[str, list[Result]]]:
    """The printed claims registered as failing, by severity (worst first), each followed by its corrections; an
    unexpected failure of a claim expected to hold comes first, in a group of its own."""
    fixes = {}
    for r in results:
        if r.claim.version == "corrected":
            fixes.setdefault(r.claim.corrects, []).append(r)
    groups = []
    unexpected = [r for r in results if r.claim.version in ("printed", "extension", "corrected", "lesson")
                  and r.claim.expect_ok and not r.check.ok]
    if unexpected:
        groups.append(("UNEXPECTED failures (claims the register expects to hold)", unexpected))
    for severity in SEVERITIES:
        printed = [r for r in results if r.claim.severity == severity]
        if printed:
            rows = []
            for r in printed:
                rows += [r] + fixes.get(r.claim.id, [])
            groups.append((_severity_heading(severity, len(printed)), rows))
    return groups


def format_report(results: list[Result], left_out: bool = True, command: str = "python -m guesswho_lib verify") -> str:
    """The verification report: a header (the sizes this run checked, the recorded optimal strategies), the printed
    statements that fail grouped by severity (each with its corrected statement), the claims that hold, the papers'
    assumptions in a section of their own, the numbered statements and those deliberately left out (``left_out``),
    and a summary.  ``command`` is the command line that ran (named in the header)."""
    lines = format_header(results, command) if results else []
    claims = [r for r in results if r.claim.version not in ("assumption", "lesson")]
    assumptions = [r for r in results if r.claim.version == "assumption"]
    lessons = [r for r in results if r.claim.version == "lesson"]
    groups = _failure_groups(claims + lessons)
    shown = {r.claim.id for _, rows in groups for r in rows}
    if groups:
        lines += ["Printed statements that fail, by severity, each followed by our corrected statement:", ""]
        for heading, rows in groups:
            lines += [textwrap.fill(heading, 150, subsequent_indent="  "), ""] + _table(rows) + [""]
    holding = [r for r in claims if r.claim.id not in shown]
    if holding:
        lines += ["Statements that hold (printed statements, and ours beyond the papers):", ""] + _table(holding)
    if assumptions:
        lines += ["", "Assumptions the papers make, and how real boards meet them (hypotheses adopted on purpose, "
                      "not errors; never in ERRATA.md)", ""]
        lines += _table(assumptions)
    lessons = [r for r in lessons if r.claim.id not in shown]
    if lessons:
        lines += ["", "The lessons' own statements (each tied to the sentences of the lessons, solutions, guide or "
                      "README that state it; tests/claims/test_lesson_statements.py keeps the sentences and the checks "
                      "together):", ""]
        lines += _table(lessons)
    if left_out:
        lines += ["", "Numbered statements of the papers, and how many claims check each:"]
        lines += [textwrap.fill(line, 150, subsequent_indent="  ") for line in format_coverage(coverage())]
        skipped = all_left_out()
        if skipped:
            lines += ["", f"Statements deliberately not checked ({len(skipped)}), and why:"]
            lines += [textwrap.fill(f"- {x.source}: {x.statement} -- {x.reason}", 150, subsequent_indent="  ")
                      for x in skipped]
    lines += [""] + summary_lines(results)
    return "\n".join(lines)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def summary_lines(results: list[Result]) -> list[str]:
    """The report's last lines: how many claims were checked at which sizes, how many printed statements fail (by
    severity), how many corrected statements hold, and whether every outcome is the one the register records."""
    claims = [r for r in results if r.claim.version not in ("assumption", "lesson")]
    assumptions = [r for r in results if r.claim.version == "assumption"]
    lessons = [r for r in results if r.claim.version == "lesson"]
    by = {v: [r for r in claims if r.claim.version == v] for v in ("printed", "corrected", "extension")}
    failing = [r for r in by["printed"] if not r.check.ok]
    sizes = run_sizes(results)
    at = ", ".join(f"{k} rules up to N = {v}" for k, v in sizes.items())
    what = "claims of the papers" if lessons else "claims"
    out = [f"{len(claims)} {what} checked ({at}):" if claims or not lessons else
           f"{_count(len(lessons), 'statement', 'statements')} of the lessons checked ({at}):"]
    if failing:
        kinds = [_count(sum(r.claim.severity == s for r in failing), *_PLURALS[s]) for s in SEVERITIES]
        other = sum(r.claim.severity not in SEVERITIES for r in failing)
        out.append(f"  {_count(len(failing), 'printed statement fails', 'printed statements fail')} as printed: "
                   + ", ".join(kinds) + (f", {other} not expected to fail" if other else "") + ";")
    fixed = by["corrected"]
    if fixed:
        held = sum(r.check.ok for r in fixed)
        out.append(f"  all {len(fixed)} corrected statements hold;" if held == len(fixed) and len(fixed) > 1 else
                   f"  {held} of {_count(len(fixed), 'corrected statement', 'corrected statements')} hold;")
    if claims or not lessons:
        out.append(f"  {sum(r.check.ok for r in by['printed'])} printed statements hold"
                   + (f", and {sum(r.check.ok for r in by['extension'])} of {len(by['extension'])} statements of "
                      "ours beyond the papers hold" if by["extension"] else "") + ";")
    if assumptions:
        met = sum(r.check.ok for r in assumptions)
        out.append(f"  {_count(len(assumptions), 'assumption', 'assumptions')} of the papers: {met} met, "
                   f"{len(assumptions) - met} not met (hypotheses, not errors).")
    if lessons:
        held, corrected = sum(r.check.ok for r in lessons), sum(bool(r.claim.was) for r in lessons)
        out.append(f"  {held} of {_count(len(lessons), 'statement', 'statements')} of the lessons hold "
                   f"({_count(corrected, 'was', 'were')} wrong as first written, and corrected).")
    bad = [r.claim.id for r in results if not r.as_expected]
    out.append("Every outcome is the one the register records (a changed outcome is marked UNEXPECTED and the exit "
               "status is 1)." if not bad else
               f"{_count(len(bad), 'UNEXPECTED outcome', 'UNEXPECTED outcomes')}: {', '.join(bad)}.")
    return out


_PLURALS = {"wrong statement or move": ("wrong statement or move", "wrong statements or moves"),
            "wrong range or constant": ("wrong range or constant", "wrong ranges or constants"),
            "boundary slip": ("boundary slip", "boundary slips")}


def format_errata(results: list[Result]) -> str:
    """The errata list: every printed claim that fails, grouped by severity, with the corrected statement that
    holds; the sizes checked are read off the results."""
    sizes = run_sizes(results)
    at = ", ".join(f"{k} rules up to N = {v}" for k, v in sizes.items())
    out = ["# Errata", "",
           f"Generated by `python -m guesswho_lib verify --errata ERRATA.md` (checked in that run: {at}).",
           "Do not edit by hand: `tests/claims/test_errata.py` checks that this file matches the library.", "",
           "Each entry is a mathematical statement printed in one of the papers that exact computation "
           "contradicts, the first counterexample found, and the corrected statement, which the exact solver "
           "confirms over the stated range.  The papers' assumptions (hypotheses adopted on purpose) are not "
           "errata: the verification report lists them, and how real boards meet them, in a section of their own.",
           "", "The entries are grouped by severity, worst first:", ""]
    out += [f"- **{s}**: {why}." for s, why in SEVERITIES.items()]
    out.append("")
    failing = [r for r in results if r.claim.version == "printed" and not r.check.ok]
    if not failing:
        out.append("No printed claim failed.")
    groups = [(s, [r for r in failing if r.claim.severity == s]) for s in SEVERITIES]
    groups.append(("not expected to fail", [r for r in failing if r.claim.severity not in SEVERITIES]))
    for severity, rows in groups:
        if not rows:
            continue
        out += [f"## {severity[0].upper()}{severity[1:]} ({len(rows)})", ""]
        for r in rows:
            c = r.claim
            out.append(f"### {c.id} ({c.source})")
            out.append("")
            out.append(f"**As printed:** {c.statement}")
            out.append("")
            out.append(f"**Outcome:** fails as printed: first counterexample {r.check.counterexample} "
                       f"(checked {r.check.checked}).")
            if c.note:
                out.append("")
                out.append(textwrap.fill(c.note, 110))
            for x in (x for x in results if x.claim.corrects == c.id):
                out.append("")
                out.append(f"**Corrected ({x.claim.id}):** {x.claim.statement}")
                out.append("")
                out.append(f"**Outcome:** {x.outcome_text} (checked {x.check.checked}).")
            out.append("")
    return "\n".join(out).rstrip() + "\n"
