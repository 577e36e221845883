"""Paz & Peterfreund's printed claims (guesswho_lib.claims.statements.paz) give the expected outcomes."""

import pytest

from guesswho_lib.claims.registry import all_claims, run_claim

PAZ = [c for c in all_claims() if c.id.startswith("paz.")]


def test_claims_are_registered():
    ids = {c.id for c in PAZ}
    assert {"paz.assumption1", "paz.thm4", "paz.thm5", "paz.cor10", "paz.lemma13", "paz.cor14",
            "paz.cor14.optimal"} <= ids


@pytest.mark.parametrize("c", PAZ, ids=lambda c: c.id)
def test_claim_outcome_as_expected(c):
    r = run_claim(c, 20, 20)
    assert r.as_expected, (c.id, r.outcome_text, r.check)
