"""The lesson table: one source of truth for each lesson's track, time and prerequisites.

The table itself is data, ``guesswho_lib/data/lessons.csv`` (one row per lesson); the README, lesson 00,
every notebook's header and the teacher's guide are generated from (or checked against) :data:`LESSONS`.
Tracks: ``"core"`` (A-level: each lesson 50-60 minutes for a student who knows fractions and basic
probability and has never used Python) and ``"extension"`` (undergraduate, self-study, research).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources

__all__ = ["Lesson", "LESSONS", "lesson", "TRACKS"]

TRACKS = {"core": "Core track (A-level)", "extension": "Extension track (undergraduate and research)"}


@dataclass(frozen=True)
class Lesson:
    id: str                      # "01": the notebook file starts with it, and exercise ids with "01."
    notebook: str                # file name in notebooks/, without ".ipynb"
    title: str
    track: str                   # "core" or "extension"
    minutes: int
    prerequisites: str           # in words, for a teacher
    summary: str                 # one line: what the lesson does


def _load() -> tuple[Lesson, ...]:
    """The table in ``data/lessons.csv``, one row per lesson (edit the lessons there)."""
    text = resources.files("guesswho_lib").joinpath("data/lessons.csv").read_text(encoding="utf-8")
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
        if id in (x.id, x.notebook):
            return x
    raise ValueError(f"no lesson {id!r}; lessons are {[x.id for x in LESSONS]}")
