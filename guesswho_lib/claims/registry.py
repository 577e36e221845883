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
  optimality result the paper does not claim), confirmed over the range;
* ``assumption met`` / ``assumption not met``  a hypothesis a paper adopts on purpose (not a statement that can
  be wrong), checked on a real board: the report lists these in a section of their own, and ERRATA.md never
  does.

Statements of the papers that are deliberately not checked are recorded with :func:`left_out` (where, and why);
the report lists them too.

The claims are registered by the modules of the package :mod:`guesswho_lib.claims`, which :func:`all_claims`
finds by itself (every module of the package is imported; none is listed by hand and none is skipped: a module
that fails to import stops the run with its name).  Claims come in the alphabetical order of their modules'
names (``cushing``, ``nica``, ``paradox_questions``, ``paradox_questions_lemmas``, ``paradox_questions_proofs``,
``paz``), and within a module in the order it registers them; the report and ERRATA.md follow that order, so a
new module's name decides where its claims appear.
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from dataclasses import dataclass, field, replace
from typing import Callable

__all__ = ["Check", "Claim", "claim", "claim_and_correction", "all_claims", "claim_modules", "run_claim", "Result",
           "outcome_words", "VERSIONS", "LeftOut", "left_out", "all_left_out"]

#: The kinds of claim: a printed statement, our correction of one, a statement beyond the papers, an assumption.
VERSIONS = ("printed", "corrected", "extension", "assumption")


@dataclass(frozen=True)
class Check:
    """What a check found: ``ok`` is True when the statement held in every case looked at."""

    ok: bool
    checked: str                 # e.g. "1 <= n, m <= 1000"
    counterexample: str = ""     # the first failing case, in words, when ok is False
    detail: str = ""             # anything else worth printing (e.g. "47 of 81 rows differ")

    def over(self, checked: str) -> "Check":
        """The same finding, stated over the range ``checked``."""
        return replace(self, checked=checked)


@dataclass(frozen=True)
class Claim:
    id: str
    statement: str
    source: str
    version: str                 # "printed", "corrected", "extension" or "assumption"
    expect_ok: bool              # what we expect the check to find
    check: Callable[[int], Check] = field(repr=False, compare=False)
    tripartite: bool = False     # checked on the tripartite size budget
    corrects: str = ""           # for a corrected claim: the id of the printed claim it replaces
    note: str = ""               # for the errata: what is wrong and why
    module: str = ""             # the module that registered it (its place in the report)

    @property
    def expected_outcome(self) -> str:
        return outcome_words(self.version, self.expect_ok)


def outcome_words(version: str, ok: bool) -> str:
    """The outcome of a claim in words: 'holds', 'fails as printed', 'holds as corrected', ...

    >>> outcome_words("printed", False), outcome_words("extension", True), outcome_words("assumption", False)
    ('fails as printed', 'holds (beyond the paper)', 'assumption not met')
    """
    if version == "assumption":
        return "assumption met" if ok else "assumption not met"
    if version == "printed":
        return "holds" if ok else "fails as printed"
    if version == "extension":
        return "holds (beyond the paper)" if ok else "fails (beyond the paper)"
    return "holds as corrected" if ok else "fails even as corrected"


_REGISTRY: dict[str, Claim] = {}


def claim(id: str, statement: str, source: str, *, version: str = "printed", expect_ok: bool = True,
          tripartite: bool = False, corrects: str = "", note: str = "", module: str = ""):
    """Register ``check(N) -> Check`` as the computational check of one claim.

    ``module`` is the module the claim belongs to (default: the one that defines ``check``); helpers that build
    checks for other modules pass their caller's name."""
    if version not in VERSIONS:
        raise ValueError(f"version must be one of {', '.join(map(repr, VERSIONS))}, got {version!r}")
    if (version == "corrected") != bool(corrects):
        raise ValueError(f"claim {id!r}: a corrected claim names the printed claim it corrects (and only it)")

    def deco(check):
        if id in _REGISTRY:
            raise ValueError(f"claim {id!r} registered twice")
        _REGISTRY[id] = Claim(id, statement, source, version, expect_ok, check, tripartite, corrects, note,
                              module or check.__module__)
        return check
    return deco


def claim_and_correction(id: str, source: str, note: str, printed, corrected, *, corrected_source: str = "",
                         **common) -> None:
    """Register a printed statement that fails as printed (``id``) and our corrected statement that holds
    (``id + ".corrected"``), both with the ``note`` saying what is wrong.  ``printed`` and ``corrected`` are
    ``(statement, check)`` pairs; ``common`` (such as ``tripartite=True``) applies to both."""
    claim(id, printed[0], source, expect_ok=False, note=note, **common)(printed[1])
    claim(id + ".corrected", corrected[0], corrected_source or source, version="corrected", corrects=id, note=note,
          **common)(corrected[1])


@dataclass(frozen=True)
class LeftOut:
    """A statement of a paper that is deliberately not checked, and why."""

    source: str
    statement: str
    reason: str
    module: str = ""


_LEFT_OUT: dict[tuple[str, str], LeftOut] = {}


def left_out(source: str, statement: str, reason: str) -> None:
    """Record that the statement at ``source`` is deliberately not checked, and ``reason`` (listed in the report)."""
    import sys
    module = sys._getframe(1).f_globals.get("__name__", "")
    _LEFT_OUT[(source, statement)] = LeftOut(source, statement, reason, module)


def all_left_out() -> list[LeftOut]:
    """Every statement recorded with :func:`left_out`, in the order of the claims modules (after :func:`all_claims`)."""
    place = {name: i for i, name in enumerate(claim_modules())}
    all_claims()
    return sorted(_LEFT_OUT.values(), key=lambda x: place.get(x.module, len(place)))


def claim_modules() -> list[str]:
    """Every module of the package :mod:`guesswho_lib.claims`, found on disk (not listed by hand), sorted by name."""
    package = importlib.import_module(__package__)
    names = sorted(f"{__package__}.{m.name}" for m in pkgutil.iter_modules(package.__path__) if not m.ispkg)
    if not names:
        raise RuntimeError(f"no modules found in the package {__package__} ({list(package.__path__)})")
    return names


def all_claims() -> list[Claim]:
    """Every registered claim, after importing every module of the claims package (:func:`claim_modules`).

    A module that fails to import is an error naming it (no module is skipped).  Claims are ordered by their
    module's place in :func:`claim_modules`, then in the order the module registers them; claims registered
    from elsewhere come last."""
    modules = claim_modules()
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as e:
            raise ImportError(f"the claims module {name} failed to import ({type(e).__name__}: {e}); "
                              f"every module of {__package__} must import, none is skipped") from e
    place = {name: i for i, name in enumerate(modules)}
    return sorted(_REGISTRY.values(), key=lambda c: place.get(c.module, len(place)))


@dataclass(frozen=True)
class Result:
    claim: Claim
    check: Check
    seconds: float

    @property
    def outcome(self) -> str:
        return outcome_words(self.claim.version, self.check.ok)

    @property
    def as_expected(self) -> bool:
        return self.check.ok == self.claim.expect_ok

    @property
    def outcome_text(self) -> str:
        text = self.outcome
        if not self.check.ok and self.check.counterexample:
            text += (f": for example, {self.check.counterexample}" if self.claim.version == "assumption"
                     else f": first counterexample {self.check.counterexample}")
        return text


def run_claim(c: Claim, N: int, N_tripartite: int) -> Result:
    """Run the check of one claim at size N (``N_tripartite`` for a tripartite claim) and time it."""
    t0 = time.perf_counter()
    chk = c.check(N_tripartite if c.tripartite else N)
    if not isinstance(chk, Check):
        raise TypeError(f"claim {c.id!r}: check must return a Check, got {type(chk).__name__}")
    return Result(c, chk, time.perf_counter() - t0)
