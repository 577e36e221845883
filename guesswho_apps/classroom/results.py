"""A class's exercises: who joined the lesson from their notebook, and how each exercise went for each of them,
for the teacher's lesson view and the gradebook (the class store keeps them beside the games: :mod:`.store`).

A lesson joins with ``join_class(code, nickname, server)`` and each ``check()`` then sends the exercise,
whether the answer was right and, when the answer reader recognised it, the key of the misconception
(:mod:`guesswho_lessons.reader.class_link`); never the answer.  What the store keeps, and nothing else:

* each **student who joined**: the class code, a hash of their *seat* (the random secret their kernel made: only
  the kernel that holds it can add to these results), the nickname they typed, when they joined (and in which
  order: a second "Sam", or a look-alike "Sаm", is numbered on the teacher's page: :func:`~.names.numbered`; the
  teacher can rename or remove a student);
* each **exercise they checked**: how many checks, up to and including the first right one; which check was the
  first right one (0: not yet); when the last counted check came;
* each **misconception** the answer reader named in a wrong answer's feedback before the first right one: how
  many times.

A check after the first right answer changes nothing: right first time stays right first time.  A result is
checked against this copy of the library: the exercise must exist and the misconception must be one of its own
(:func:`guesswho_lessons.reader.class_link.misconceptions`); the words the teacher reads are the library's, never
anything a student sent.

:func:`lesson_view` is what the teacher's lesson view shows (students by exercises, the exercises most got wrong
and the misconceptions behind them, in the answer reader's words); :func:`gradebook_csv` is the export.

>>> check_seat("x" * 24) == "x" * 24, status_words(0, 0), status_words(3, 3), status_words(4, 0)
(True, '', 'right after 2 wrong', 'not yet: 4 wrong')
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections import defaultdict

from guesswho_lessons.exercises import exercises_for, get
from guesswho_lessons.reader.class_link import misconception_key, misconceptions
from guesswho_lessons.reader.framework import ID, KEY_LENGTH
from guesswho_lessons.curriculum import LESSONS
from .names import numbered

__all__ = ["RESULTS_SCHEMA", "RESULTS_TABLES", "MAX_STUDENTS", "ClassFull", "check_seat", "seat_hash",
           "check_result", "join_student", "record_result", "result_rows", "lesson_view", "gradebook_csv",
           "status_words", "check_lesson", "check_seat_hash", "move_to_keys"]

#: At most this many students (seats) join one session by default: a class, several times over (``serve
#: --max-students``).
MAX_STUDENTS = 500
_SEAT = re.compile(r"[A-Za-z0-9_-]{22,64}")
_SEAT_HASH = re.compile(r"[0-9a-f]{64}")
_LESSON_IDS = tuple(x.id for x in LESSONS)

RESULTS_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS class_students (
        session TEXT NOT NULL REFERENCES class_sessions (code),
        seat TEXT NOT NULL,
        number INTEGER NOT NULL,
        nickname TEXT NOT NULL,
        joined TEXT NOT NULL,
        PRIMARY KEY (session, seat))""",
    """CREATE TABLE IF NOT EXISTS class_exercises (
        session TEXT NOT NULL REFERENCES class_sessions (code),
        seat TEXT NOT NULL,
        exercise TEXT NOT NULL,
        checks INTEGER NOT NULL,
        right_at INTEGER NOT NULL,
        last TEXT NOT NULL,
        PRIMARY KEY (session, seat, exercise))""",
    """CREATE TABLE IF NOT EXISTS class_misconceptions (
        session TEXT NOT NULL REFERENCES class_sessions (code),
        seat TEXT NOT NULL,
        exercise TEXT NOT NULL,
        misconception TEXT NOT NULL,
        times INTEGER NOT NULL,
        PRIMARY KEY (session, seat, exercise, misconception))""",
)
#: The tables of a session's lesson results, in the order they are deleted.
RESULTS_TABLES = ("class_misconceptions", "class_exercises", "class_students")


class ClassFull(RuntimeError):
    """The session already has :data:`MAX_STUDENTS` students."""


# ---- checks at the boundary ------------------------------------------------------------------------------------
def check_seat(seat) -> str:
    """A seat as a kernel makes it: 22 to 64 letters, digits, - and _ (a random secret)."""
    if not isinstance(seat, str) or not _SEAT.fullmatch(seat):
        raise ValueError("seat must be the random text join_class makes (22 to 64 letters, digits, - and _)")
    return seat


def check_seat_hash(value) -> str:
    """A seat as the store keeps it (its hash), as the teacher's lesson view names a student."""
    if not isinstance(value, str) or not _SEAT_HASH.fullmatch(value):
        raise ValueError("student must be the id the lesson view gives (64 hexadecimal digits)")
    return value


def seat_hash(seat: str) -> str:
    """What the store keeps of a seat."""
    return hashlib.sha256(seat.encode("ascii")).hexdigest()


def check_result(exercise, right, misconception) -> tuple[str, bool, str]:
    """(exercise key, right, misconception key or "") of a result: the exercise (its key, or its number from a
    notebook of an earlier version) must be one of this library's, ``right`` True or False, and the misconception
    None or one of that exercise's (a right answer has none)."""
    if not isinstance(exercise, str) or len(exercise) > KEY_LENGTH:
        raise ValueError("exercise must be an exercise's key such as '02-halving'")
    found = get(exercise)                                       # (ValueError: no such exercise)
    if not isinstance(right, bool):
        raise ValueError("right must be true or false")
    if misconception is None:
        return found.key, right, ""
    if right:
        raise ValueError("a right answer has no misconception")
    if not isinstance(misconception, str) or misconception not in misconceptions(found):
        raise ValueError(f"misconception must be one that exercise {found.key} recognises (is the lesson's "
                         "guesswho the class server's version?)")
    return found.key, right, misconception


def check_lesson(lesson) -> str:
    """A lesson id of the lesson table ("02", "x1")."""
    if lesson not in _LESSON_IDS:
        raise ValueError(f"lesson must be one of {', '.join(_LESSON_IDS)}")
    return lesson


def move_to_keys(cur) -> int:
    """Move results stored under exercise numbers ("02.1", stores of schema 4 and before) to the exercises' keys,
    their misconceptions' keys made again from the exercise's key (``cur``: a write transaction).  A number this
    version of the lessons no longer has is left as it was.  How many exercises were moved."""
    cur.execute("SELECT exercise FROM class_exercises UNION SELECT exercise FROM class_misconceptions")
    moved = 0
    for (stored,) in cur.fetchall():
        if not ID.fullmatch(stored):
            continue
        try:
            found = get(stored)
        except ValueError:
            continue
        for words in found.solution().wrong.values():
            cur.execute("UPDATE class_misconceptions SET misconception = ? WHERE exercise = ? AND misconception = ?",
                        (misconception_key(found.key, words), stored, misconception_key(stored, words)))
        for table in ("class_exercises", "class_misconceptions"):
            cur.execute(f"UPDATE {table} SET exercise = ? WHERE exercise = ?", (found.key, stored))
        moved += 1
    return moved


# ---- writing and reading, inside the store's transactions ----------------------------------------------------------
def join_student(cur, code: str, seat: str, nickname: str, now: str, allow_new: bool = True,
                 max_students: int = MAX_STUDENTS) -> bool | None:
    """Add the seat to the session (``cur``: a write transaction in which the session was found open); True when
    it is new, None when it would be new but ``allow_new`` is False (nothing is added); :class:`ClassFull` past
    ``max_students``.  The same seat again with another nickname: ValueError."""
    digest = seat_hash(seat)
    cur.execute("SELECT nickname FROM class_students WHERE session = ? AND seat = ?", (code, digest))
    row = cur.fetchone()
    if row is not None:
        if row[0] != nickname:
            raise ValueError(f"this notebook joined class {code} as {row[0]!r}: join with that nickname")
        return False
    if not allow_new:
        return None
    cur.execute("SELECT COUNT(*) FROM class_students WHERE session = ?", (code,))
    joined = cur.fetchone()[0]
    if joined >= max_students:
        raise ClassFull(f"class {code} already has {max_students} students, the most this server takes")
    cur.execute("SELECT COALESCE(MAX(number), 0) FROM class_students WHERE session = ?", (code,))
    cur.execute("INSERT INTO class_students (session, seat, number, nickname, joined) VALUES (?, ?, ?, ?, ?)",
                (code, digest, cur.fetchone()[0] + 1, nickname, now))
    return True


def record_result(cur, code: str, seat: str, exercise: str, right: bool, misconception: str, now: str) -> bool | None:
    """Count one check of ``exercise`` by the seat (``cur``: a write transaction in which the session was found
    open): True when it counted, False when that exercise was already right, None when the seat never joined
    this session."""
    digest = seat_hash(seat)
    cur.execute("SELECT 1 FROM class_students WHERE session = ? AND seat = ?", (code, digest))
    if cur.fetchone() is None:
        return None
    cur.execute("INSERT INTO class_exercises (session, seat, exercise, checks, right_at, last) "
                "VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (session, seat, exercise) DO UPDATE SET "
                "checks = class_exercises.checks + 1, "
                "right_at = CASE WHEN excluded.right_at > 0 THEN class_exercises.checks + 1 ELSE 0 END, "
                "last = excluded.last WHERE class_exercises.right_at = 0",
                (code, digest, exercise, int(right), now))
    counted = cur.rowcount == 1
    if counted and misconception:
        cur.execute("INSERT INTO class_misconceptions (session, seat, exercise, misconception, times) "
                    "VALUES (?, ?, ?, ?, 1) ON CONFLICT (session, seat, exercise, misconception) DO UPDATE SET "
                    "times = class_misconceptions.times + 1", (code, digest, exercise, misconception))
    return counted


def result_rows(cur, code: str) -> dict:
    """The session's lesson results (``cur``: a transaction), for :func:`lesson_view` and :func:`gradebook_csv`."""
    cur.execute("SELECT seat, nickname, joined FROM class_students WHERE session = ? ORDER BY number", (code,))
    students = cur.fetchall()
    cur.execute("SELECT seat, exercise, checks, right_at, last FROM class_exercises WHERE session = ?", (code,))
    exercises = cur.fetchall()
    cur.execute("SELECT seat, exercise, misconception, times FROM class_misconceptions WHERE session = ?", (code,))
    return {"code": code, "students": students, "exercises": exercises, "misconceptions": cur.fetchall()}


# ---- what the teacher sees -----------------------------------------------------------------------------------------
def status(checks: int, right_at: int) -> str:
    """"first", "after", "not yet" or "" (never checked)."""
    if not checks:
        return ""
    return "first" if right_at == 1 else "after" if right_at else "not yet"


def status_words(checks: int, right_at: int) -> str:
    """A student's result on one exercise in words: "right first time", "right after 2 wrong", "not yet: 3 wrong",
    or "" (never checked)."""
    kind = status(checks, right_at)
    if kind == "first":
        return "right first time"
    if kind == "after":
        return f"right after {right_at - 1} wrong"
    return f"not yet: {checks} wrong" if kind else ""


def _lesson_of(exercise: str) -> str:
    """The lesson of an exercise's key ("02-halving": "02")."""
    return exercise.split("-")[0]


def _names(students) -> list[str]:
    """Each student's name on the page: their nickname, numbered when several joined with one that looks the
    same (:func:`~.names.numbered`)."""
    return numbered([nickname for _, nickname, _ in students])


def _lessons(rows: dict) -> list[str]:
    """The lessons with results, most recent first."""
    last: dict[str, str] = {}
    for _, exercise, _, _, when in rows["exercises"]:
        lesson = _lesson_of(exercise)
        last[lesson] = max(last.get(lesson, ""), when)
    return sorted(last, key=lambda k: (last[k], k), reverse=True)


def lesson_view(rows: dict, lesson: str | None = None) -> dict:
    """The lesson view of ``lesson`` (by default the lesson of the latest result): the students by exercises,
    each exercise's counts, and the exercises most got wrong with the misconceptions behind them, in the answer
    reader's words.  Plain data, for the teacher's page as JSON."""
    with_results = _lessons(rows)
    lesson = check_lesson(lesson) if lesson is not None else (with_results[0] if with_results else _LESSON_IDS[0])
    exercises = exercises_for(lesson)
    ids = [e.key for e in exercises]
    by_seat = {(seat, ex): (checks, right_at) for seat, ex, checks, right_at, _ in rows["exercises"] if ex in ids}
    students = []
    for (seat, _, joined), name in zip(rows["students"], _names(rows["students"])):
        cells = [by_seat.get((seat, i), (0, 0)) for i in ids]
        students.append({"id": seat, "name": name, "joined": joined, "results": [
            {"status": status(*c), "words": status_words(*c)} for c in cells]})
    named: dict[str, dict[str, set]] = defaultdict(lambda: defaultdict(set))
    for seat, ex, key, _ in rows["misconceptions"]:
        if ex in ids:
            named[ex][key].add(seat)
    counts, most_wrong = [], []
    for e in exercises:
        results = [by_seat.get((seat, e.key), (0, 0)) for seat, _, _ in rows["students"]]
        kinds = [status(*r) for r in results]
        counts.append({"id": e.id, "key": e.key, "title": e.title, "level": e.level, "first": kinds.count("first"),
                       "after": kinds.count("after"), "not_yet": kinds.count("not yet"), "not_tried": kinds.count("")})
        wrong = kinds.count("after") + kinds.count("not yet")
        if wrong:
            words = misconceptions(e) if named[e.key] else {}
            behind = sorted(({"words": words.get(key, "(a misconception this version of the lessons no longer "
                                                      "names)"), "students": len(seats)}
                             for key, seats in named[e.key].items()), key=lambda m: (-m["students"], m["words"]))
            some = set().union(*named[e.key].values()) if named[e.key] else set()
            most_wrong.append({"id": e.id, "key": e.key, "title": e.title, "students": wrong, "misconceptions": behind,
                               "unnamed": wrong - len(some)})
    most_wrong.sort(key=lambda x: -x["students"])
    students.sort(key=lambda x: x["name"].casefold())
    titles = {x.id: x.title for x in LESSONS}
    return {"lesson": lesson, "title": titles[lesson],
            "lessons": [{"id": k, "title": titles.get(k, k), "results": k in with_results} for k in _LESSON_IDS],
            "exercises": counts, "students": students, "most_wrong": most_wrong, "joined": len(students)}


def _cell(text: str) -> str:
    """A text a spreadsheet does not read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def gradebook_csv(rows: dict, lesson: str | None = None) -> str:
    """The exercise results per student as CSV, for a gradebook: one row per student (nickname, a short id that
    tells apart two students with one nickname, when they joined, how many exercises right, how many right first
    time), then one column per exercise (:func:`status_words`).  The exercises: ``lesson``'s, or every lesson's
    that has results."""
    lessons = [check_lesson(lesson)] if lesson is not None else sorted(
        _lessons(rows), key=_LESSON_IDS.index)
    exercises = [e for x in lessons for e in exercises_for(x)]
    by_seat = {(seat, ex): (checks, right_at) for seat, ex, checks, right_at, _ in rows["exercises"]}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["nickname", "student", "joined (UTC)", "exercises right", "right first time",
                     *(e.id for e in exercises)])
    for (seat, _, joined), name in sorted(zip(rows["students"], _names(rows["students"])),
                                          key=lambda x: x[1].casefold()):
        results = [by_seat.get((seat, e.key), (0, 0)) for e in exercises]
        right = sum(1 for _, at in results if at)
        writer.writerow([_cell(name), seat[:8], joined.replace("T", " ").rstrip("Z"), right,
                         sum(1 for _, at in results if at == 1), *(status_words(*r) for r in results)])
    return out.getvalue()
