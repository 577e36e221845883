"""The lessons' register of statements: every sentence of a lesson, a worked solution, the teacher's guide or the
README that states mathematics, tied to a check, the way the papers' claims are (the library's claims framework:
:class:`guesswho_lib.claims.registry.Register`, ``Register.statement``).

* :mod:`.anchors`      where the lessons' sentences are written (:func:`~.anchors.in_lesson`, ...), and the scan
                       that finds the sentences and printed lines that state mathematics;
* :mod:`.facts`        small tools the checks share (exact values, a check from a condition or a range of cases);
* :mod:`.course_*`     the statements, one module per subject (``course_official``, ``course_nica``, ...); each
                       module's name starts with the topic of its claims' ids, ``course``.

:func:`course_claims` imports every statement module (found on disk: none is listed by hand) and returns their
claims; :func:`run_course` runs them, at a small size by default (``python -m guesswho_apps course``; ``--full``
at the sizes of the library's ``verify``).  The library's ``verify`` checks the papers' claims only.
"""

from __future__ import annotations

import importlib
import pkgutil

from guesswho_lib.claims.registry import Claim, Result, all_claims
from guesswho_lib.claims.report import run_claims
from guesswho_lib.claims.status import HEADING, first_sentence

__all__ = ["course_modules", "course_claims", "run_course", "lessons_box", "SMALL_N", "SMALL_N_TRIPARTITE",
           "FULL_N", "FULL_N_TRIPARTITE", "COMMAND"]

#: The sizes of the course's checks by default (each statement checked on every state up to these) and with
#: ``--full`` (the library's ``verify`` sizes, at which the statements were first checked).
SMALL_N, SMALL_N_TRIPARTITE = 130, 100
FULL_N, FULL_N_TRIPARTITE = 1000, 729
#: The command that runs the course's checks.
COMMAND = "python -m guesswho_apps course"


def course_modules() -> list[str]:
    """Every statement module of this package (``course_*``), found on disk, in the order of their names."""
    return [f"{__name__}.{m.name}" for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)
            if not m.ispkg and m.name.startswith("course_")]


def course_claims() -> list[Claim]:
    """The lessons' statements, after importing every module of :func:`course_modules` (a module that fails to
    import is an error naming it), in the order of the modules and of their registrations."""
    modules = course_modules()
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as e:
            raise ImportError(f"the register's module {name} failed to import ({type(e).__name__}: {e})") from e
    place = {name: i for i, name in enumerate(modules)}
    return sorted((c for c in all_claims() if c.module in place), key=lambda c: place[c.module])


def run_course(N: int = SMALL_N, N_tripartite: int = SMALL_N_TRIPARTITE, only: str | None = None,
               progress=None, claims: list[Claim] | None = None) -> list[Result]:
    """Run the checks of the lessons' statements (``claims``, by default :func:`course_claims`; those whose id
    contains ``only``): two-way rules up to N, tripartite up to N_tripartite.  ``progress(i, total, label)`` is
    called before each claim and once at the end."""
    chosen = [c for c in (course_claims() if claims is None else claims) if only is None or only in c.id]
    if not chosen:
        raise ValueError(f"no statement id contains {only!r} (ids start with course.)")
    return run_claims(chosen, N, N_tripartite, progress)


#: The order and the words of the box of a lesson whose statements are the lesson's own (:func:`lessons_box`).
_LESSON_LABELS = (("proven", "Proven"), ("computed", "Computed exactly"), ("verified", "Verified, not proven"),
                  ("found", "Found by a search, not proven best"), ("statistics", "About chance"),
                  ("open", "Open"))


def lessons_box(lesson_path: str) -> str:
    """The box (Markdown) of a lesson whose mathematics is its own, not a paper's: its registered statements (the
    claims ``course.*`` that quote the notebook ``lesson_path``), by how each is known (proven, computed exactly,
    verified up to a size, found by a search, about chance, open), each with its id."""
    mine = [c for c in course_claims() if c.version == "lesson" and any(q.path == lesson_path for q in c.quotes)]
    if not mine:
        raise ValueError(f"no registered statement quotes {lesson_path!r}")
    lines = [f"{HEADING} (generated from the claims register, the lesson's own statements; reproduce with "
             f"`{COMMAND}`)", ""]
    for status, label in _LESSON_LABELS:
        these = [c for c in mine if c.status == status]
        if not these:
            continue
        lines.append(f"- **{label}** ({len(these)}):")
        lines += [f"  - {c.title or first_sentence(c.statement)} (`{c.id}`)" for c in these]
    return "\n".join(lines)
