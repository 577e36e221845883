"""A scheme of work for a half-term: the weeks, the core lessons in them, their homework, the route for a class
without computers, the assessment points, the specification references of the three English boards (AQA 7357,
Edexcel 9MA0, OCR H240) and the links to Further Mathematics.

The text is a template, ``guesswho_apps/data/kit/scheme-of-work.md`` (:mod:`.sources`); the lessons, their times and
their homework come from the lesson table (:data:`guesswho_lessons.curriculum.LESSONS`) and the teacher's guide
(:func:`.guide.guide_sections`), the references from the exam papers' parts (:mod:`.assessment`), so none of them is
typed twice.  Written by ``python -m guesswho_apps guide`` beside the guide, as a PDF with its editable sources.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from guesswho_lessons.curriculum import LESSONS
from . import document as doc
from .sources import kit_text, paragraphs, sections
from .guide import guide_sections, write_guide
from .specification import BOARDS, CONTENT, FURTHER
from .templates import render

__all__ = ["WEEKS", "week_of", "lesson_refs", "scheme_blocks", "write_scheme", "routes", "write_guide_and_scheme"]

HEADER = "Guess Who? maths"
#: the half-term's weeks: (week, the lessons taught in it, or the assessment)
WEEKS = ((1, ("00", "01")), (2, ("02", "03")), (3, ("04", "05")), (4, ("06", "07")), (5, ("08", "09")), (6, ()))


def week_of(lesson_id: str) -> int:
    return next(w for w, ids in WEEKS if lesson_id in ids)


def routes() -> dict:
    """lesson -> its paper-only route, from the template's ``# routes``."""
    body = next(s.body for s in sections(kit_text("scheme-of-work"), "data/kit/scheme-of-work.md")
                if s.name == "routes")
    out = {}
    for b in paragraphs(body):
        lesson, _, text = b[2:].partition(": ")
        out[lesson] = text
    return out


def lesson_refs(lesson_id: str) -> tuple:
    """The content keys the papers' question on a lesson assesses, in the order of :data:`CONTENT`."""
    from .assessment import questions
    q = next(q for q in questions() if q.lesson == lesson_id)
    keys = {k for p in q.parts for k in p.refs}
    return tuple(k for k in CONTENT if k in keys)


def _homework(section) -> str:
    ids = section.homework
    return ("exercises " + ", ".join(ids) + "; " if ids else "") + f"read summary {section.lesson.id}"


def _table(name: str):
    core = [x for x in LESSONS if x.track == "core"]
    if name == "weeks":
        guide = {s.lesson.id: s for s in guide_sections()}
        route = routes()
        rows = [["week", "lesson", "time", "homework", "paper-only route", "assessment"]]
        for week, ids in WEEKS:
            if not ids:
                rows.append([str(week), "end-of-unit paper and its review", "", "", "paper B on paper",
                             "paper B in full"])
            for x in (x for x in core if x.id in ids):
                check = "exit ticket" + ("; questions 1 to 5 of paper A" if x.id == "04" else "")
                rows.append([str(week), f"{x.id} {x.title}", f"{x.minutes} min", _homework(guide[x.id]),
                             route[x.id], check])
        return doc.table(rows, widths=(14, 30, 14, 40, 50, 26))
    if name == "specification":
        rows = [["lesson", "DfE", *BOARDS]]
        for x in core:
            keys = lesson_refs(x.id)
            refs = [CONTENT[k].boards() for k in keys]
            rows.append([f"{x.id} {x.title}", ", ".join(keys)] + ["; ".join(r[b] for r in refs) for b in range(3)])
        return doc.table(rows, widths=(34, 20, 38, 40, 42))
    if name == "further":
        return doc.table([["topic", "in the course", "where the boards have it"]] + [list(f) for f in FURTHER],
                         widths=(30, 70, 74))
    raise ValueError(f"no computed table {name!r}")


def _variables() -> dict:
    from .assessment import questions, time_allowed
    core = [x for x in LESSONS if x.track == "core"]
    minutes = sum(x.minutes for x in core)
    qs = questions()
    total, mid = sum(q.marks for q in qs), sum(q.marks for q in qs[:5])
    return {"weeks": len(WEEKS), "lessons": len(core), "minutes": minutes,
            "hours": f"{float(Fraction(minutes, 60)):.1f}".rstrip("0").rstrip("."), "total": total,
            "time": time_allowed(total), "mid_marks": mid, "mid_time": time_allowed(mid)}


def scheme_blocks() -> list:
    """The scheme of work: its introduction, the weeks, the assessment points, the paper-only route, the
    specification references and the Further Mathematics links."""
    v = _variables()
    story = [doc.title(f"{HEADER}: a scheme of work for a half-term")]
    for s in sections(kit_text("scheme-of-work"), "data/kit/scheme-of-work.md"):
        if s.name != "routes":
            story += doc.from_text(paragraphs(s.body), lambda t: render(t, **v), _table)
    return story


def write_scheme(out_dir) -> dict[str, Path]:
    """``scheme-of-work.pdf`` with its editable sources ``scheme-of-work.md`` and ``.tex`` in ``out_dir``."""
    from .assessment import write_item
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: dict = {}
    write_item(out, "scheme-of-work", scheme_blocks(), f"{HEADER}: scheme of work", paths)
    return paths


def write_guide_and_scheme(out_dir) -> dict[str, Path]:
    """What ``python -m guesswho_apps guide`` writes: the teacher's guide (:func:`.guide.write_guide`) and the scheme
    of work beside it."""
    paths = write_guide(out_dir)
    paths.update(write_scheme(out_dir))
    return paths
