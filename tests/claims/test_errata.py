"""The verification report at a small size: every claim gives the outcome the library records, and
ERRATA.md (generated at the default size by `python -m guesswho_lib verify --errata ERRATA.md`) lists exactly
the printed claims that fail, with the same first counterexamples."""

import re
from pathlib import Path

import pytest

from guesswho_lib.claims.registry import SEVERITIES, all_claims
from guesswho_lib.claims.report import format_errata, run_all

ROOT = Path(__file__).resolve().parents[2]
N_SMALL, N_TRIPARTITE_SMALL = 130, 100   # covers Cushing's n <= 81 tables and the small exceptions


@pytest.fixture(scope="module")
def results():
    return run_all(N_SMALL, N_TRIPARTITE_SMALL)


def test_every_claim_has_its_expected_outcome(results):
    assert results, "no claims registered"
    bad = [(r.claim.id, r.outcome_text) for r in results if not r.as_expected]
    assert not bad, bad


def test_every_printed_failure_has_a_correction(results):
    ids = {r.claim.id for r in results}
    for r in results:
        if r.claim.version == "corrected":
            assert r.claim.corrects in ids, f"{r.claim.id} corrects unknown claim {r.claim.corrects!r}"
    corrected = {r.claim.corrects for r in results if r.claim.version == "corrected"}
    for r in results:
        if r.claim.version == "printed" and not r.claim.expect_ok:
            assert r.claim.id in corrected or r.claim.note, \
                f"{r.claim.id} fails as printed but has no correction or note"


def test_errata_file_matches_the_library(results):
    text = (ROOT / "ERRATA.md").read_text(encoding="utf-8")
    listed = re.findall(r"^### (\S+) \(", text, flags=re.M)
    failing = [c for c in all_claims() if c.version == "printed" and not c.expect_ok]
    expected = [c.id for s in SEVERITIES for c in failing if c.severity == s]      # by severity, worst first
    assert listed == expected
    groups = re.findall(r"^## (.+) \((\d+)\)$", text, flags=re.M)
    assert groups == [(s[0].upper() + s[1:], str(sum(c.severity == s for c in failing))) for s in SEVERITIES]
    small = format_errata(results)
    for r in results:
        if r.claim.version == "printed" and not r.check.ok:
            line = f"**Outcome:** fails as printed: first counterexample {r.check.counterexample} "
            assert line in small
            assert line in text, f"ERRATA.md is out of date for {r.claim.id}: regenerate it"


def test_a_counterexample_written_into_a_note_is_the_one_the_check_finds(results):
    """Notes are prose, but a number they quote from a check must be the check's: Proposition A.22's move."""
    import re
    r = next(r for r in results if r.claim.id == "tripartite.propA22")
    state, mine, best = re.search(r"first at \(n, m\) = (\(\d+, \d+\)), where it scores n\*m\*value = (\d+) against "
                                  r"the optimum (\d+)", r.claim.note).groups()
    assert f"(n, m) = {state}: " in r.check.counterexample
    assert f"gives n*m*value = {mine}, the optimum A = {best}" in r.check.counterexample
