"""The lesson table: one source of truth for each lesson's track, time and prerequisites.

The README, lesson 00, every notebook's header and the teacher's guide are generated from (or checked
against) :data:`LESSONS`.  Tracks: ``"core"`` (A-level: each lesson 50-60 minutes for a student who knows
fractions and basic probability and has never used Python) and ``"extension"`` (undergraduate, self-study,
research).
"""

from __future__ import annotations

from dataclasses import dataclass

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


LESSONS: tuple[Lesson, ...] = (
    Lesson("00", "00-start-here", "Start here", "core", 20, "nothing",
           "what this is, how to run it, a tiny game by hand"),
    Lesson("01", "01-the-recurrence", "The recurrence", "core", 50, "fractions, conditional probability",
           "the fundamental recurrence from elementary probability; tables by hand; heat maps"),
    Lesson("02", "02-the-four-four-exception", "The (4, 4) exception", "core", 50, "01",
           "the classroom activity: both have four suspects, what do you ask? Theorem 2.1 and its three exceptions"),
    Lesson("03", "03-bold-plays", "Bold plays", "core", 50, "01",
           "Nica's race-to-one rules, \"in the weeds\" and \"upper hand\", exact strategy against strategy"),
    Lesson("04", "04-the-continuous-limit", "The continuous limit", "extension", 60, "03, logarithms",
           "Continuous Guess Who, log-periodicity, first-mover advantage between 5/8 and 2/3"),
    Lesson("05", "05-paradox-questions", "Paradox questions", "extension", 60, "02",
           "questions with three answers, Theorem 3.1, the Appendix tables and their errata"),
    Lesson("06", "06-first-move-advantage", "First-move advantage", "core", 45, "02, 03",
           "P(N, N) for every rule set, 23 vs 24 suspects, the fair handicap"),
    Lesson("07", "07-imperfect-players", "Imperfect players", "extension", 60, "binary numbers",
           "opponents who answer all at once, say \"don't know\", or lie: binary search and codes"),
    Lesson("08", "08-play-and-simulate", "Play and simulate", "core", 40, "01",
           "play against the computer; Monte Carlo tournaments beside exact values"),
)


def lesson(id: str) -> Lesson:
    """The lesson with this id ("01") or notebook name ("01-the-recurrence")."""
    for x in LESSONS:
        if id in (x.id, x.notebook):
            return x
    raise ValueError(f"no lesson {id!r}; lessons are {[x.id for x in LESSONS]}")
