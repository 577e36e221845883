"""The lesson table: one source of truth for each lesson's track, time and prerequisites.

The table itself is data, ``guesswho_lessons/data/lessons.csv`` (one row per lesson); the README, lesson 00,
every notebook's header and the teacher's guide are generated from (or checked against) :data:`LESSONS`.
Tracks: ``"core"`` (A-level: each lesson 50-60 minutes for a student who knows fractions and basic
probability and has never used Python) and ``"extension"`` (undergraduate, self-study, research).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from importlib import resources

__all__ = ["Lesson", "LESSONS", "lesson", "TRACKS", "header_markdown", "readme_table", "prerequisites_in_words",
           "guide_name"]

TRACKS = {"core": "Core track (A-level)", "extension": "Extension track (undergraduate and research)"}


@dataclass(frozen=True)
class Lesson:
    id: str                      # "01": the notebook file starts with it, and exercise ids with "01."
    notebook: str                # path in notebooks/, without ".ipynb" ("extension/x1-..." for the extension)
    title: str
    track: str                   # "core" or "extension"
    minutes: int
    prerequisites: str           # in words, for a teacher
    summary: str                 # one line: what the lesson does


def _load() -> tuple[Lesson, ...]:
    """The table in ``data/lessons.csv``, one row per lesson (edit the lessons there)."""
    text = resources.files("guesswho_lessons").joinpath("data/lessons.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    lessons = tuple(Lesson(**{**row, "minutes": int(row["minutes"])}) for row in rows)
    for x in lessons:
        if x.track not in TRACKS:
            raise ValueError(f"data/lessons.csv: lesson {x.id} has track {x.track!r}; tracks are {sorted(TRACKS)}")
    return lessons


LESSONS: tuple[Lesson, ...] = _load()


def lesson(id: str) -> Lesson:
    """The lesson with this id ("01") or notebook name ("01-the-recurrence")."""
    for x in LESSONS:
        if id in (x.id, x.notebook, x.notebook.rsplit("/", 1)[-1]):
            return x
    raise ValueError(f"no lesson {id!r}; lessons are {[x.id for x in LESSONS]}")


def guide_name(x: Lesson) -> str:
    """The name of a lesson's part of the teacher's guide: its notebook's name without folder and number
    (``the-four-four-exception`` for ``02-the-four-four-exception``), so renumbering a lesson keeps its guide."""
    return re.sub(r"^(\d\d|x\d)-", "", x.notebook.rsplit("/", 1)[-1])


def prerequisites_in_words(id: str) -> str:
    """A lesson's prerequisites for a reader: lesson ids become "lesson 01 (The recurrence)", words stay.

    >>> prerequisites_in_words("04")
    'lesson 02 (The (4, 4) exception), lesson 03 (Bold plays)'
    """
    out = []
    for part in (p.strip() for p in lesson(id).prerequisites.split(",")):
        known = next((x for x in LESSONS if x.id == part), None)
        out.append(f"lesson {known.id} ({known.title})" if known else part)
    return ", ".join(out)


def header_markdown(id: str) -> str:
    """The first cell of a lesson notebook: its title and one line with track, time and prerequisites.

    Generated from ``data/lessons.csv``; ``tests/lessons/test_lessons_quality.py`` checks that every notebook starts
    with exactly this cell.

    >>> header_markdown("02").splitlines()[0]
    '# Lesson 02: The (4, 4) exception'
    >>> header_markdown("02").splitlines()[2].endswith("minutes · before this: lesson 01 (The recurrence)")
    True
    """
    x = lesson(id)
    return (f"# Lesson {x.id}: {x.title}\n\n"
            f"> **{TRACKS[x.track]}** · about {x.minutes} minutes · before this: {prerequisites_in_words(x.id)}")


def readme_table() -> str:
    """The README's lesson table (Markdown), one row per lesson; a test checks that the README contains it."""
    rows = ["| notebook | lesson | track | time | before this |", "|---|---|---|---|---|"]
    for x in LESSONS:
        rows.append(f"| `{x.notebook}` | {x.summary} | {x.track} | {x.minutes} min | {x.prerequisites} |")
    return "\n".join(rows)
