"""A register of the papers' printed claims, each with a computational check.

Every claim is one function ``check(N) -> Check`` registered by the module that states it, through that module's
:class:`Register`::

    register = Register(__name__)

    @register.claim("cushing.thm2.1", "Theorem 2.1: ...", "Cushing et al., Theorem 2.1")
    def _(N):
        ...
        return Check(ok, f"1 <= n, m <= {N}")

The check decides whether the statement is true for every case up to its size N (two-way rule sets are checked
up to N, tripartite ones up to ``min(N, N_tripartite)``), and says what it looked at.

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
  does;
* ``holds (a lesson's statement)``  a mathematical statement of our own lessons, solutions, teacher's guide or
  README, registered with :meth:`Register.statement` and anchored to the sentences that state it (each a
  :class:`Quote`: a file of the repository and a snippet of it, verbatim); ``tests/claims/test_lesson_statements.py``
  requires every snippet to be still in its file, so a sentence cannot change without its check.  A statement
  that was wrong when first written keeps the wrong wording in ``was`` (the report counts them).

A printed statement expected to fail records how serious the failure is, its *severity* (one of
:data:`SEVERITIES`, worst first): a wrong statement or move, a wrong range or constant, or a boundary slip.  The
report and ERRATA.md group the failures by it.

Statements of the papers that are deliberately not checked are recorded with :meth:`Register.left_out` (where,
and why); the report lists them too.

The claims are registered by the modules of the package :mod:`guesswho_lib.claims.statements`, which
:func:`all_claims` finds by itself (every module of the package is imported; none is listed by hand and none is
skipped: a module that fails to import stops the run with its name).  A module is named after its topic, the first
part of the ids of its claims (``tripartite_lemmas`` registers ``tripartite.*``); the topics come in the order of
:data:`~guesswho_lib.claims.statements.TOPICS` (Cushing et al., section 2; our merciful rules; Nica; Cushing et
al., section 3 and Appendix A; Paz & Peterfreund; ours on real boards), the modules of one topic in the alphabetical
order of their names, and the claims of one module in the order it registers them.  The report and ERRATA.md follow
that order.
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from dataclasses import dataclass, field, replace
from typing import Callable

__all__ = ["Check", "Claim", "Register", "all_claims", "claim_modules", "run_claim", "Result", "outcome_words",
           "VERSIONS", "LeftOut", "all_left_out", "STATEMENTS", "SEVERITIES", "WRONG_STATEMENT", "WRONG_RANGE",
           "BOUNDARY_SLIP", "Quote", "NotAStatement", "all_not_statements", "STATUSES"]

#: The package of the modules that state the claims.
STATEMENTS = f"{__package__}.statements"

#: The kinds of claim: a printed statement, our correction of one, a statement beyond the papers, an assumption,
#: and a statement of our own lessons (anchored to its sentences).
VERSIONS = ("printed", "corrected", "extension", "assumption", "lesson")

#: How serious the failure of a printed statement is, worst first: each printed claim expected to fail names one.
SEVERITIES = {
    "wrong statement or move": "a theorem, lemma, formula or proof step that is false on a whole family of cases, "
                               "or a move that is not optimal (or no move at all): what it says must change",
    "wrong range or constant": "the statement has the right form, but a printed range, case condition, constant "
                               "or value is wrong: one number or one bound changes",
    "boundary slip": "false only at the edge of its range (its smallest cases, an end point shared with the next "
                     "range, an equality where a strict inequality is printed), which the argument does not need",
}
WRONG_STATEMENT, WRONG_RANGE, BOUNDARY_SLIP = SEVERITIES

#: How a lesson's statement is known (:meth:`Register.statement`).
STATUSES = {
    "computed": "computed exactly: a finite fact, checked in full",
    "proven": "proven: a proof in the lesson or in a paper, and checked by computer where it can be",
    "verified": "verified by computer up to a size; beyond it, a conjecture",
    "found": "found by a search: what the search found, not a proof that nothing does better",
    "open": "open: nobody has settled it",
    "statistics": "a statement about chance, checked on the lesson's own simulation or by exact computation",
}


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
class Quote:
    """Where a lesson's statement is written: ``path``, a file of the repository (``notebooks/...ipynb``,
    ``teacher/solutions/...``, ``guesswho_apps/data/guide/...md``, ``README.md``), and ``text``, a snippet of it,
    verbatim up to runs of white space (in a notebook, of one cell's source).

    ``printed``: the snippet is of a line the notebook *prints* when it runs (a cell's output, not its source), with
    ``…`` standing for each value the cell computes: ``"so always halving costs from … to … of a win"``.  Outputs are
    not committed, so such a quote is matched against the lesson run top to bottom (tests/lessons/test_notebooks.py)."""

    path: str
    text: str
    printed: bool = False

    def __post_init__(self):
        if not isinstance(self.path, str) or not self.path or self.path.startswith("/"):
            raise ValueError(f"a quote's path is relative to the repository, got {self.path!r}")
        words = self.text.replace("…", " ") if isinstance(self.text, str) else ""
        least = 8 if self.printed else 12        # a printed label ("your_cost …") is short but names one line
        if not isinstance(self.text, str) or len(" ".join(words.split())) < least:
            raise ValueError(f"a quote of {self.path} needs a snippet of at least {least} characters, got "
                             f"{self.text!r}")


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
    severity: str = ""           # for a printed claim expected to fail: one of SEVERITIES
    quotes: tuple = ()           # for a lesson's statement: the sentences that state it (Quote records)
    was: str = ""                # for a lesson's statement found wrong: the wording it had, and what was wrong
    status: str = ""             # for a lesson's statement: how it is known, a key of STATUSES
    title: str = ""              # for a lesson's statement: a short name (the lesson's box of what is proven)

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
    if version == "lesson":
        return "holds (a lesson's statement)" if ok else "FAILS (a lesson's statement)"
    return "holds as corrected" if ok else "fails even as corrected"


@dataclass(frozen=True)
class LeftOut:
    """A statement of a paper that is deliberately not checked, and why."""

    source: str
    statement: str
    reason: str
    module: str = ""


@dataclass(frozen=True)
class NotAStatement:
    """Sentences of a lesson that look mathematical (a number, "always", a theorem) but state no fact to check, and
    why: an instruction, a definition, a question, a paper's claim registered elsewhere, ..."""

    path: str
    reason: str
    texts: tuple
    module: str = ""
    printed: bool = False        # the texts are of lines the notebook prints, with … for computed values


_REGISTRY: dict[str, Claim] = {}
_LEFT_OUT: dict[tuple[str, str], LeftOut] = {}
_NOT_STATEMENTS: list[NotAStatement] = []


class Register:
    """Where the module ``module`` registers its claims: ``register = Register(__name__)`` at its top.

    The module is the claims' place in the report; the first part of its last name (``tripartite`` for
    ``...statements.tripartite_lemmas``) is its topic, and the id of each of its claims starts with it."""

    def __init__(self, module: str):
        if not isinstance(module, str) or not module:
            raise TypeError(f"module must be a module's name (__name__), got {module!r}")
        self.module = module
        self.topic = topic_of(module)

    def __repr__(self) -> str:
        return f"Register({self.module!r})"

    def claim(self, id: str, statement: str, source: str, *, version: str = "printed", expect_ok: bool = True,
              tripartite: bool = False, corrects: str = "", note: str = "", severity: str = ""):
        """Register ``check(N) -> Check`` (the decorated function) as the computational check of one claim.

        A printed claim expected to fail names its ``severity`` (a key of :data:`SEVERITIES`); no other claim
        does."""
        if not isinstance(id, str) or not id.startswith(self.topic + "."):
            raise ValueError(f"claim {id!r} of {self.module}: its id must start with {self.topic + '.'!r}, the "
                             f"topic its module is named after")
        if version not in VERSIONS:
            raise ValueError(f"version must be one of {', '.join(map(repr, VERSIONS))}, got {version!r}")
        if version == "lesson":
            raise ValueError(f"claim {id!r}: a lesson's statement is registered with Register.statement, which "
                             "anchors it to its sentences")
        if (version == "corrected") != bool(corrects):
            raise ValueError(f"claim {id!r}: a corrected claim names the printed claim it corrects (and only it)")
        if version == "printed" and not expect_ok:
            if severity not in SEVERITIES:
                raise ValueError(f"claim {id!r}: a printed claim expected to fail names its severity, one of "
                                 f"{', '.join(map(repr, SEVERITIES))}; got {severity!r}")
        elif severity:
            raise ValueError(f"claim {id!r}: only a printed claim expected to fail has a severity, got {severity!r}")

        def deco(check):
            if id in _REGISTRY:
                raise ValueError(f"claim {id!r} registered twice")
            _REGISTRY[id] = Claim(id, statement, source, version, expect_ok, check, tripartite, corrects, note,
                                  self.module, severity)
            return check
        return deco

    def claim_and_correction(self, id: str, source: str, note: str, printed, corrected, *, severity: str,
                             corrected_source: str = "", **common) -> None:
        """Register a printed statement that fails as printed (``id``, with its ``severity``) and our corrected
        statement that holds (``id + ".corrected"``), both with the ``note`` saying what is wrong.  ``printed`` and
        ``corrected`` are ``(statement, check)`` pairs; ``common`` (such as ``tripartite=True``) applies to both."""
        self.claim(id, printed[0], source, expect_ok=False, note=note, severity=severity, **common)(printed[1])
        self.claim(id + ".corrected", corrected[0], corrected_source or source, version="corrected", corrects=id,
                   note=note, **common)(corrected[1])

    def statement(self, id: str, statement: str, *quotes: Quote, was: str = "", note: str = "",
                  status: str = "computed", title: str = ""):
        """Register ``check(N) -> Check`` (the decorated function) as the check of a statement of our lessons,
        anchored to ``quotes``: each sentence that states it (a lesson, a solution, the guide, the README).  ``was``:
        for a statement that was wrong when first written, its old wording and what was wrong with it.  ``status``
        (a key of :data:`STATUSES`) says how the statement is known: the lessons say so too; ``title`` is a short name
        for it (the lesson's box of what is proven)."""
        if not quotes or not all(isinstance(q, Quote) for q in quotes):
            raise ValueError(f"claim {id!r}: a lesson's statement names the sentences that state it (Quote records)")
        if status not in STATUSES:
            raise ValueError(f"claim {id!r}: status must be one of {', '.join(map(repr, STATUSES))}, got {status!r}")
        source = "; ".join(dict.fromkeys(q.path for q in quotes))

        def deco(check):
            if id in _REGISTRY:
                raise ValueError(f"claim {id!r} registered twice")
            if not id.startswith(self.topic + "."):
                raise ValueError(f"claim {id!r} of {self.module}: its id must start with {self.topic + '.'!r}, the "
                                 f"topic its module is named after")
            _REGISTRY[id] = Claim(id, statement, source, "lesson", True, check, note=note, module=self.module,
                                  quotes=tuple(quotes), was=was, status=status, title=title)
            return check
        return deco

    def not_statements(self, path: str, reason: str, *texts: str, printed: bool = False) -> None:
        """Record that these sentences of ``path`` look mathematical but state nothing to check, and ``reason``
        (the scan of the lessons' sentences reads these, tests/claims/test_lesson_statements.py).  ``printed``: the
        texts are of lines the notebook prints (with ``…`` for computed values), as in :class:`Quote`."""
        if not texts or not reason:
            raise ValueError(f"{path}: name the sentences and the reason they state nothing to check")
        _NOT_STATEMENTS.append(NotAStatement(path, reason, tuple(texts), self.module, printed))

    def left_out(self, source: str, statement: str, reason: str) -> None:
        """Record that the statement at ``source`` is deliberately not checked, and ``reason`` (listed in the
        report)."""
        _LEFT_OUT[(source, statement)] = LeftOut(source, statement, reason, self.module)


def topic_of(module: str) -> str:
    """The topic of a claims module: the first part of its last name (``tripartite_lemmas`` -> ``tripartite``)."""
    return module.rpartition(".")[2].partition("_")[0]


def all_left_out() -> list[LeftOut]:
    """Every statement recorded with :meth:`Register.left_out`, in the order of the claims modules (after
    :func:`all_claims`)."""
    place = {name: i for i, name in enumerate(claim_modules())}
    all_claims()
    return sorted(_LEFT_OUT.values(), key=lambda x: place.get(x.module, len(place)))


def all_not_statements() -> list[NotAStatement]:
    """Every record of :meth:`Register.not_statements` (after :func:`all_claims`)."""
    all_claims()
    return list(_NOT_STATEMENTS)


def claim_modules() -> list[str]:
    """Every module of the package :mod:`guesswho_lib.claims.statements`, found on disk (not listed by hand), in
    the order of the report: by topic (:data:`~guesswho_lib.claims.statements.TOPICS`), then by name."""
    package = importlib.import_module(STATEMENTS)
    names = [m.name for m in pkgutil.iter_modules(package.__path__) if not m.ispkg]
    if not names:
        raise RuntimeError(f"no modules found in the package {STATEMENTS} ({list(package.__path__)})")
    stray = sorted(n for n in names if topic_of(n) not in package.TOPICS)
    if stray:
        raise RuntimeError(f"the claims modules {', '.join(stray)} name no topic of {STATEMENTS}.TOPICS "
                           f"({', '.join(package.TOPICS)}): a module's name starts with its topic")
    return [f"{STATEMENTS}.{n}" for n in sorted(names, key=lambda n: (package.TOPICS.index(topic_of(n)), n))]


def all_claims() -> list[Claim]:
    """Every registered claim, after importing every module of :data:`STATEMENTS` (:func:`claim_modules`).

    A module that fails to import is an error naming it (no module is skipped).  Claims are ordered by their
    module's place in :func:`claim_modules`, then in the order the module registers them; claims registered
    from elsewhere come last."""
    modules = claim_modules()
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as e:
            raise ImportError(f"the claims module {name} failed to import ({type(e).__name__}: {e}); "
                              f"every module of {STATEMENTS} must import, none is skipped") from e
    place = {name: i for i, name in enumerate(modules)}
    return sorted(_REGISTRY.values(), key=lambda c: place.get(c.module, len(place)))


@dataclass(frozen=True)
class Result:
    claim: Claim
    check: Check
    seconds: float
    size: int | None = None      # the N the check was run at (the tripartite N for a tripartite claim)

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
    return Result(c, chk, time.perf_counter() - t0, N_tripartite if c.tripartite else N)
