"""A lesson's exercises in the class store (guesswho_apps.classroom.results), without a server:

* each check counts until the first right one, then nothing changes (right first time stays so); the
  misconceptions counted are those named before it; the lesson view and the gradebook say exactly what a plain
  model of the checks says (hypothesis);
* a seat is a student: another notebook with the same nickname gets its own row and cannot change the first's;
  a seat that never joined, a code that names no session and a session that has ended get one answer;
* only this library's exercises and each exercise's own misconceptions are taken, and the words the teacher
  reads are the library's;
* the lesson results go with the session (its deletion, the 30-day purge, the lesson's reset), a store of the
  previous version is brought up to date, a class has a bounded number of students, and the gradebook cannot
  carry a spreadsheet formula;
* the same on PostgreSQL when a server can be started.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guesswho_apps.classroom import ClassFull, ClassStore, SessionError, results
from guesswho_apps.classroom import store as store_module
from guesswho_lessons.exercises import exercises_for, get
from guesswho_lessons.reader.class_link import misconceptions
from servers import postgresql_or_skip

START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
SEATS = ["a" * 24, "b" * 24, "c" * 24]
LESSON = "02"


def _store(tmp_path) -> ClassStore:
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    return store


def _named(exercise_id: str) -> list[str]:
    """The exercise's misconception keys, as the library computes them."""
    return list(misconceptions(get(exercise_id)))


def test_checks_count_until_the_first_right_one_and_then_nothing_changes(tmp_path):
    store = _store(tmp_path)
    code = store.start_session(now=START).code
    now = START + timedelta(minutes=5)
    ana, ben = SEATS[:2]
    assert store.join_student(code, ana, "Ana", now=now) and store.join_student(code, ben, "Ben", now=now)
    assert not store.join_student(code.lower(), ana, "Ana", now=now)                  # joining again: the same seat
    halving = _named("02.2")[1]
    assert store.record_result(code, ana, "02.2", False, halving, now=now)
    assert store.record_result(code, ana, "02.2", False, None, now=now)
    assert store.record_result(code, ana, "02.2", True, now=now)
    assert not store.record_result(code, ana, "02.2", False, halving, now=now)        # after right: nothing counts
    assert store.record_result(code, ben, "02.1", True, now=now)
    assert not store.record_result(code, ben, "02.1", False, _named("02.1")[0], now=now)
    view = store.lesson_view(code, LESSON)
    by_name = {s["name"]: [r["words"] for r in s["results"]] for s in view["students"]}
    ids = [e["id"] for e in view["exercises"]]
    assert ids == [e.id for e in exercises_for(LESSON)]
    assert by_name["Ana"][ids.index("02.2")] == "right after 2 wrong"
    assert by_name["Ben"][ids.index("02.1")] == "right first time"
    assert by_name["Ana"][ids.index("02.1")] == "" and by_name["Ben"][ids.index("02.2")] == ""
    wrong = {w["id"]: w for w in view["most_wrong"]}
    assert list(wrong) == ["02.2"]                                      # Ben's wrong check came after his right one
    assert wrong["02.2"]["misconceptions"] == [{"words": misconceptions(get("02.2"))[halving], "students": 1}]
    assert wrong["02.2"]["unnamed"] == 0 and wrong["02.2"]["students"] == 1
    counts = {e["id"]: e for e in view["exercises"]}
    assert (counts["02.2"]["after"], counts["02.2"]["not_tried"], counts["02.1"]["first"]) == (1, 1, 1)


def test_another_notebook_with_the_same_nickname_is_another_student(tmp_path):
    store = _store(tmp_path)
    code = store.start_session(now=START).code
    real, other = SEATS[:2]
    store.join_student(code, real, "Ana", now=START)
    store.record_result(code, real, "02.1", True, now=START)
    store.join_student(code, other, "Ana", now=START)                   # someone else types "Ana"
    for _ in range(3):
        store.record_result(code, other, "02.1", False, now=START)
    with pytest.raises(ValueError, match="joined class .* as 'Ana'"):
        store.join_student(code, real, "Ben", now=START)                # a seat keeps its nickname
    view = store.lesson_view(code, LESSON)
    rows = {s["name"]: s["results"][0]["words"] for s in view["students"]}
    assert rows == {"Ana": "right first time", "Ana (2)": "not yet: 3 wrong"}
    grades = list(csv.reader(io.StringIO(store.gradebook(code, LESSON))))
    assert [r[0] for r in grades[1:]] == ["Ana", "Ana (2)"] and grades[1][1] != grades[2][1]   # told apart


def test_a_seat_that_never_joined_and_a_class_that_is_not_open_get_one_answer(tmp_path):
    store = _store(tmp_path)
    code = store.start_session(now=START).code
    store.join_student(code, SEATS[0], "Ana", now=START)
    other = "ABCDE" if code != "ABCDE" else "ABCDF"
    answers = set()
    for args, when in [((code, SEATS[1]), START), ((other, SEATS[0]), START), ((code, SEATS[0]), START + timedelta(
            hours=13))]:
        with pytest.raises(SessionError) as e:
            store.record_result(*args, "02.1", True, now=when)
        answers.add(str(e.value).replace(args[0], "CODE"))
    assert len(answers) == 1 and "has not joined an open class" in answers.pop()
    with pytest.raises(SessionError, match="no open class"):
        store.join_student(code, SEATS[1], "Ben", now=START + timedelta(hours=13))
    assert [s["name"] for s in store.lesson_view(code)["students"]] == ["Ana"]


@pytest.mark.parametrize("exercise, right, misconception, error", [
    ("02.99", False, None, "no exercise"), ("02-no-such", False, None, "no exercise"),
    ("02", True, None, "given by its key"), (2.1, True, None, "exercise's key"), ("02-" + "x" * 40, True, None, "key"),
    ("02.1", 1, None, "true or false"), ("02.1", "yes", None, "true or false"),
    ("02.1", True, "abc", "right answer has no misconception"),
    ("02.1", False, "000000000000", "one that exercise 02-halving recognises"),
    ("02.2", False, "MISCONCEPTION", "one that exercise 02-one-of-four recognises"),
])
def test_only_the_librarys_exercises_and_their_own_misconceptions_are_taken(tmp_path, exercise, right,
                                                                            misconception, error):
    store = _store(tmp_path)
    code = store.start_session().code
    store.join_student(code, SEATS[0], "Ana")
    if misconception == "MISCONCEPTION":
        misconception = _named("02.1")[0]                                # another exercise's key
    with pytest.raises(ValueError, match=error):
        store.record_result(code, SEATS[0], exercise, right, misconception)
    assert store.lesson_view(code)["most_wrong"] == [] and store.lesson_rows(code)["exercises"] == []


@pytest.mark.parametrize("seat", ["short", "x" * 65, "a b" * 10, None, 12345678901234567890123, "é" * 30])
def test_a_seat_is_the_random_text_a_notebook_makes(tmp_path, seat):
    store = _store(tmp_path)
    code = store.start_session().code
    with pytest.raises(ValueError, match="seat must be"):
        store.join_student(code, seat, "Ana")


def test_lesson_results_go_with_the_session_and_with_the_lessons_reset(tmp_path):
    store = _store(tmp_path)
    a, b = store.start_session(now=START), store.start_session(now=START)
    for session in (a, b):
        store.join_student(session.code, SEATS[0], "Ana", now=START)
        store.record_result(session.code, SEATS[0], "02.2", False, _named("02.2")[0], now=START)
    assert store.reset_lesson(a.code) == 1
    assert store.lesson_view(a.code)["joined"] == 0 and store.lesson_view(b.code)["joined"] == 1
    store.join_student(a.code, SEATS[0], "Ana", now=START)                          # joins again after a reset
    store.record_result(a.code, SEATS[0], "02.1", True, now=START)
    store.delete_session(b.code)
    assert store.purge(now=START + timedelta(days=30)) == [a.code]
    with sqlite3.connect(tmp_path / "class.db") as db:
        for table in results.RESULTS_TABLES:
            assert db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0, table


def test_a_store_of_the_previous_version_is_brought_up_to_date(tmp_path):
    location = tmp_path / "class.db"
    with sqlite3.connect(location) as db:                # the version-2 store: no lesson results
        for statement in store_module.SCHEMA:
            if statement not in results.RESULTS_SCHEMA:
                db.execute(statement)
        db.execute("INSERT INTO guesswho_store (name, value) VALUES ('schema', '2')")
    store = ClassStore(str(location))
    store.create()
    code = store.start_session().code
    store.join_student(code, SEATS[0], "Ana")
    assert store.record_result(code, SEATS[0], "02.1", True)
    with sqlite3.connect(location) as db:
        assert db.execute("SELECT value FROM guesswho_store WHERE name = 'schema'").fetchone()[0] == \
            store_module.SCHEMA_VERSION


def test_results_stored_under_exercise_numbers_move_to_the_exercises_keys(tmp_path):
    """A store of schema 4 kept results under the exercises' numbers, and their misconceptions under keys made
    from the numbers: opened by this version, every result and every misconception is found under its exercise's
    key, the teacher's lesson view unchanged; a number the lessons no longer have stays as it was."""
    location = tmp_path / "class.db"
    store = ClassStore(str(location))
    store.create()
    code = store.start_session(now=START).code
    store.join_student(code, SEATS[0], "Ana", now=START)
    store.join_student(code, SEATS[1], "Ben", now=START)
    two = get("02.2")
    words = next(iter(two.solution().wrong.values()))
    old_key = results.misconception_key("02.2", words)
    with sqlite3.connect(location) as db:                 # as schema 4 wrote them
        for seat, exercise, right_at in ((SEATS[0], "02.1", 1), (SEATS[0], "02.2", 0), (SEATS[1], "02.2", 2),
                                         (SEATS[1], "02.99", 1)):
            db.execute("INSERT INTO class_exercises (session, seat, exercise, checks, right_at, last) VALUES "
                       "(?, ?, ?, ?, ?, ?)", (code, results.seat_hash(seat), exercise, 2, right_at, "t"))
        db.execute("INSERT INTO class_misconceptions (session, seat, exercise, misconception, times) VALUES "
                   "(?, ?, ?, ?, 1)", (code, results.seat_hash(SEATS[0]), "02.2", old_key))
        db.execute("UPDATE guesswho_store SET value = '4' WHERE name = 'schema'")
    store = ClassStore(str(location))
    store.create()
    view = store.lesson_view(code, "02")
    counts = {c["key"]: c for c in view["exercises"]}
    assert counts[get("02.1").key]["first"] == 1
    assert (counts[two.key]["after"], counts[two.key]["not_yet"]) == (1, 1)
    wrong = next(w for w in view["most_wrong"] if w["key"] == two.key)
    assert wrong["misconceptions"] == [{"words": words, "students": 1}]
    with sqlite3.connect(location) as db:
        stored = {row[0] for row in db.execute("SELECT exercise FROM class_exercises")}
        assert stored == {get("02.1").key, two.key, "02.99"}
        assert db.execute("SELECT misconception FROM class_misconceptions").fetchone()[0] == \
            results.misconception_key(two.key, words)


def test_a_class_has_at_most_so_many_students(tmp_path, monkeypatch):
    monkeypatch.setattr(results, "MAX_STUDENTS", 2)
    store = _store(tmp_path)
    code = store.start_session().code
    store.join_student(code, SEATS[0], "Ana")
    store.join_student(code, SEATS[1], "Ben")
    with pytest.raises(ClassFull, match="already has 2 students"):
        store.join_student(code, SEATS[2], "Cat")
    assert not store.join_student(code, SEATS[0], "Ana")               # those in it go on


def test_the_gradebook_carries_no_spreadsheet_formula(tmp_path):
    store = _store(tmp_path)
    code = store.start_session().code
    store.join_student(code, SEATS[0], "-1-2")
    store.join_student(code, SEATS[1], "Ana")
    store.record_result(code, SEATS[1], "02.3", False)
    store.record_result(code, SEATS[1], "02.3", True)
    rows = list(csv.reader(io.StringIO(store.gradebook(code))))
    assert rows[0][:5] == ["nickname", "student", "joined (UTC)", "exercises right", "right first time"]
    assert rows[0][5:] == [e.id for e in exercises_for("02")]           # every lesson with results: lesson 02
    assert [r[0] for r in rows[1:]] == ["'-1-2", "Ana"]
    ana = dict(zip(rows[0], rows[2]))
    assert (ana["exercises right"], ana["right first time"], ana["02.3"], ana["02.1"]) == ("1", "0",
                                                                                          "right after 1 wrong", "")


# ---- the counts are what a plain model of the checks says ------------------------------------------------------------
_EXERCISES = ["02.1", "02.2", "02.3"]
_check = st.tuples(st.integers(0, 2), st.sampled_from(_EXERCISES), st.booleans(), st.integers(-1, 1))


@settings(max_examples=40, deadline=None)
@given(checks=st.lists(_check, max_size=25))
def test_the_lesson_view_is_what_a_model_of_the_checks_says(tmp_path_factory, checks):
    store = _store(tmp_path_factory.mktemp("model"))
    code = store.start_session().code
    names = ["Ana", "Ben", "Cat"]
    for seat, name in zip(SEATS, names):
        store.join_student(code, seat, name)
    model: dict = {}                          # (student, exercise) -> [checks, first right check]
    seen: dict = {}                           # exercise -> {key: students}
    for who, ex, right, pick in checks:
        keys = _named(ex)
        key = None if right or pick < 0 or not keys else keys[pick % len(keys)]
        counted = store.record_result(code, SEATS[who], ex, right, key)
        state = model.setdefault((who, ex), [0, 0])
        assert counted == (state[1] == 0)
        if state[1] == 0:
            state[0] += 1
            state[1] = state[0] if right else 0
            if key:
                seen.setdefault(ex, {}).setdefault(key, set()).add(who)
    view = store.lesson_view(code, "02")
    ids = [e["id"] for e in view["exercises"]]
    for s in view["students"]:
        who = names.index(s["name"])
        for ex, r in zip(ids, s["results"]):
            n, at = model.get((who, ex), [0, 0])
            assert r["words"] == results.status_words(n, at)
    wrong = {w["id"]: w for w in view["most_wrong"]}
    for ex in _EXERCISES:
        students_wrong = sum(1 for (who, e), (n, at) in model.items() if e == ex and n and at != 1)
        assert wrong.get(ex, {"students": 0})["students"] == students_wrong
        words = misconceptions(get(ex))
        expected = sorted(({"words": words[k], "students": len(s)} for k, s in seen.get(ex, {}).items()),
                          key=lambda m: (-m["students"], m["words"]))
        assert wrong.get(ex, {"misconceptions": []})["misconceptions"] == expected


# ---- the same on PostgreSQL ------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def postgresql():
    yield from postgresql_or_skip()


def test_the_lesson_results_on_postgresql(postgresql):
    store = ClassStore(postgresql)
    store.create()
    code = store.start_session().code
    assert store.join_student(code, SEATS[0], "Ana") and not store.join_student(code, SEATS[0], "Ana")
    key = _named("02.2")[0]
    assert store.record_result(code, SEATS[0], "02.2", False, key)
    assert store.record_result(code, SEATS[0], "02.2", True)
    assert not store.record_result(code, SEATS[0], "02.2", False, key)
    view = store.lesson_view(code, "02")
    assert view["students"][0]["results"][1]["words"] == "right after 1 wrong"
    assert view["most_wrong"][0]["misconceptions"][0]["students"] == 1
    assert "right after 1 wrong" in store.gradebook(code)
    assert store.reset_lesson(code) == 1 and store.delete_session(code) == 0
