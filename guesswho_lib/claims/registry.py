"""A register of the papers' printed claims, each with a computational check.

Every claim is one function ``check(N) -> Check`` registered with :func:`claim`.  The check decides
whether the statement is true for every case up to its size N (two-way rule sets are checked up to N,
tripartite ones up to ``min(N, N_tripartite)``), and says what it looked at.

A claim is either the statement *as printed* in a paper or our *corrected* statement.  The register
also records the outcome we expect, so that ``python -m guesswho_lib verify`` fails when a result
changes (a regression in the solver, or a mistake in a formula's code).

Outcomes:

* ``holds``                 a printed statement that the exact solver confirms over the range;
* ``fails as printed``      a printed statement with a counterexample (the first one is reported);
* ``holds as corrected``    our corrected statement, confirmed over the range;
* ``holds (beyond the paper)``  a statement of ours that goes beyond the paper (an extension or an
  optimality result the paper does not claim), confirmed over the range.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Check", "Claim", "claim", "all_claims", "run_claim", "Result", "CLAIM_MODULES"]

#: Modules that register claims when imported.
CLAIM_MODULES = ("guesswho_lib.papers.cushing", "guesswho_lib.papers.tripartite", "guesswho_lib.claims.tripartite_lemmas", "guesswho_lib.papers.nica",
                 "guesswho_lib.claims.paz")


@dataclass(frozen=True)
class Check:
    """What a check found: ``ok`` is True when the statement held in every case looked at."""

    ok: bool
    checked: str                 # e.g. "1 <= n, m <= 1000"
    counterexample: str = ""     # the first failing case, in words, when ok is False
    detail: str = ""             # anything else worth printing (e.g. "47 of 81 rows differ")


@dataclass(frozen=True)
class Claim:
    id: str
    statement: str
    source: str
    version: str                 # "printed", "corrected" or "extension"
    expect_ok: bool              # what we expect the check to find
    check: Callable[[int], Check] = field(repr=False, compare=False)
    tripartite: bool = False     # checked on the tripartite size budget
    corrects: str = ""           # for a corrected claim: the id of the printed claim it replaces
    note: str = ""               # for the errata: what is wrong and why

    @property
    def expected_outcome(self) -> str:
        return _outcome(self.version, self.expect_ok)


def _outcome(version: str, ok: bool) -> str:
    if version == "printed":
        return "holds" if ok else "fails as printed"
    if version == "extension":
        return "holds (beyond the paper)" if ok else "fails (beyond the paper)"
    return "holds as corrected" if ok else "fails even as corrected"


_REGISTRY: dict[str, Claim] = {}


def claim(id: str, statement: str, source: str, *, version: str = "printed", expect_ok: bool = True,
          tripartite: bool = False, corrects: str = "", note: str = ""):
    """Register ``check(N) -> Check`` as the computational check of one claim."""
    if version not in ("printed", "corrected", "extension"):
        raise ValueError(f"version must be 'printed', 'corrected' or 'extension', got {version!r}")
    if (version == "corrected") != bool(corrects):
        raise ValueError(f"claim {id!r}: a corrected claim names the printed claim it corrects (and only it)")

    def deco(check):
        if id in _REGISTRY:
            raise ValueError(f"claim {id!r} registered twice")
        _REGISTRY[id] = Claim(id, statement, source, version, expect_ok, check, tripartite, corrects, note)
        return check
    return deco


def all_claims() -> list[Claim]:
    """Every registered claim, in registration order (importing the claim modules first)."""
    for mod in CLAIM_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise
    return list(_REGISTRY.values())


@dataclass(frozen=True)
class Result:
    claim: Claim
    check: Check
    seconds: float

    @property
    def outcome(self) -> str:
        return _outcome(self.claim.version, self.check.ok)

    @property
    def as_expected(self) -> bool:
        return self.check.ok == self.claim.expect_ok

    @property
    def outcome_text(self) -> str:
        text = self.outcome
        if not self.check.ok and self.check.counterexample:
            text += f": first counterexample {self.check.counterexample}"
        return text


def run_claim(c: Claim, N: int, N_tripartite: int) -> Result:
    import time
    t0 = time.perf_counter()
    chk = c.check(min(N, N_tripartite) if c.tripartite else N)
    if not isinstance(chk, Check):
        raise TypeError(f"claim {c.id!r}: check must return a Check, got {type(chk).__name__}")
    return Result(c, chk, time.perf_counter() - t0)
