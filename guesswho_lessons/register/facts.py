"""Small tools for the checks of the lessons' own statements (the modules ``statements.course_*``): exact values
from the solver's cached tables, and a :class:`~.registry.Check` from a condition or from a range of cases (the first
failing case named).  They register nothing."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable

from guesswho_lib.game.solver import cached_solution
from guesswho_lib.claims.registry import Check

__all__ = ["P", "value", "best", "holds", "every", "equal", "paper_claim", "as_recorded"]


def P(n: int, m: int, rules: str = "official") -> Fraction:
    """P(n, m), exact, from the solver's cached table (Cushing et al., equation (1); Nica's rules with "nica")."""
    return cached_solution(rules, max(n, m)).P(n, m)


def value(n: int, m: int, move, rules: str = "official") -> Fraction:
    """The value of ``move`` at (n, m), both sides playing perfectly afterwards."""
    return cached_solution(rules, max(n, m)).value(n, m, move)


def best(n: int, m: int, rules: str = "official") -> tuple:
    """The optimal moves at (n, m)."""
    return cached_solution(rules, max(n, m)).optimal_moves(n, m)


def holds(ok: bool, checked: str, counterexample: str = "", detail: str = "") -> Check:
    """A :class:`Check` from one condition; the counterexample is kept only when it fails."""
    return Check(bool(ok), checked, "" if ok else counterexample, detail)


def every(cases: Iterable, test: Callable, checked: str) -> Check:
    """Whether ``test(case)`` holds for every case, with the first case where it does not."""
    for case in cases:
        if not test(case):
            return Check(False, checked, str(case))
    return Check(True, checked)


def equal(got, want, checked: str) -> Check:
    """Whether a computed value is the one the sentence states."""
    return holds(got == want, checked, f"computed {got!r}, the sentence says {want!r}")


def paper_claim(id: str, N: int) -> Check:
    """The check of a paper's registered claim (a lesson that states the claim relies on it), run at size N."""
    from guesswho_lib.claims.registry import all_claims
    claim = next((c for c in all_claims() if c.id == id), None)
    if claim is None:
        raise ValueError(f"no registered claim {id!r}")
    return claim.check(N)


#: The sizes at which a lesson's statement re-runs a paper's claim it restates (the full sizes are the report's own).
RESTATED_N, RESTATED_N_TRIPARTITE = 243, 81


def as_recorded(*ids: str):
    """A check for a lesson's statement that restates papers' claims: each claim ``ids`` has the outcome the register
    records (it holds, or it fails as printed), re-run at a moderate size (the report runs it in full)."""
    from guesswho_lib.claims.registry import all_claims, run_claim

    def check(N):
        by_id = {c.id: c for c in all_claims()}
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise ValueError(f"no registered claims {missing}")
        results = [run_claim(by_id[i], min(N, RESTATED_N), min(N, RESTATED_N_TRIPARTITE)) for i in ids]
        bad = next((f"{r.claim.id}: {r.outcome_text}" for r in results if not r.as_expected), "")
        return holds(not bad, "; ".join(f"{r.claim.id} {r.outcome} ({r.check.checked})" for r in results), bad)
    return check
