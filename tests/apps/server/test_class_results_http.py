"""The notebooks' results and the teacher's lesson view on the class server, over HTTP on 127.0.0.1 (the server in
a thread of this test; in Chromium: tests/apps/server/test_class_results_page.py):

* a notebook's join and results, every field checked: anything else is a 400 naming what is wrong (hypothesis
  sends any JSON), never a 500, and nothing in the terminal; a body over the limit is a 413; another site's page
  is refused;
* codes cannot be found by trying: a wrong code, a class that has ended and a seat that never joined get one
  answer each way, and count in the same budget of wrong codes as the game page's join (then 429); new seats
  per address and results per seat are limited; a full class is a 503;
* a notebook changes its own results only: another with the same nickname is another student;
* the lesson view, its data, the gradebook and the lesson's reset answer 403 without the session's token (the
  reset also needs the page's header and this server's Origin), carry the pages' CSP, and say 400 to a lesson
  that is not one.
"""

from __future__ import annotations

import csv
import io
import json
import logging
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from servers import teacher_cookie
from test_class_server import _http, _ids, running_app

from guesswho_apps.classroom import ClassStore, results
from guesswho_apps.server import results_view
from guesswho_apps.server.games import ClassRoom, GameTable
from guesswho_apps.server.guard import Guard, RecentCount
from guesswho_lessons.exercises import get
from guesswho_lessons.reader.class_link import misconceptions

SEAT, OTHER = "s" * 24, "t" * 24
JOIN, RESULT = "class/api/lesson/join", "class/api/lesson/result"


@pytest.fixture
def quiet_log(caplog):
    caplog.set_level(logging.INFO)
    return lambda: [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


@pytest.fixture
def store(tmp_path):
    s = ClassStore(str(tmp_path / "class.db"))
    s.create()
    return s


def _post(url, path, body, headers=None):
    status, _, raw = _http(url + path, body if isinstance(body, bytes) else json.dumps(body).encode(),
                           {"Content-Type": "application/json", **(headers or {})})
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw


def _result(code, seat=SEAT, exercise="02.1", right=True, misconception=None):
    return {"code": code, "seat": seat, "exercise": exercise, "right": right, "misconception": misconception}


def test_a_notebook_joins_and_sends_its_results(store):
    code = store.start_session().code
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        assert _post(url, JOIN, {"code": code.lower(), "nickname": " Ana ", "seat": SEAT}) == (
            200, {"joined": True, "code": code, "nickname": "Ana", "new": True})
        assert _post(url, JOIN, {"code": code, "nickname": "Ana", "seat": SEAT})[1]["new"] is False
        key = next(iter(misconceptions(get("02.2"))))
        assert _post(url, RESULT, _result(code, exercise="02.2", right=False, misconception=key)) == (
            200, {"recorded": True})
        assert _post(url, RESULT, _result(code, exercise="02.2")) == (200, {"recorded": True})
        assert _post(url, RESULT, _result(code, exercise="02.2", right=False)) == (200, {"recorded": False})
    view = store.lesson_view(code)
    assert view["lesson"] == "02" and view["students"][0]["results"][1]["words"] == "right after 1 wrong"


@pytest.mark.parametrize("path, body, said", [
    (JOIN, b"not json", "not JSON"), (JOIN, b"[1, 2]", "JSON object"), (JOIN, b"[" * 400 + b"]" * 400, "JSON object"),
    (JOIN, {"code": "K7QMD", "nickname": "Ana"}, "missing: seat"),
    (JOIN, {"code": "K7QMD", "nickname": "Ana", "seat": SEAT, "answer": "9/16"}, "unexpected: answer"),
    (JOIN, {"code": ["K7QMD"], "nickname": "Ana", "seat": SEAT}, "class code must be text"),
    (JOIN, {"code": "K7QM", "nickname": "Ana", "seat": SEAT}, "class code must be 5"),
    (JOIN, {"code": "K7QMD", "nickname": "<b>", "seat": SEAT}, "nickname may hold"),
    (JOIN, {"code": "K7QMD", "nickname": "Ana", "seat": "short"}, "seat must be"),
    (RESULT, {"code": "K7QMD", "seat": SEAT, "exercise": "02.1", "right": True}, "missing: misconception"),
    (RESULT, {"code": "K7QMD", "seat": SEAT, "exercise": "02.1", "right": True, "misconception": None,
              "code2": 1}, "unexpected: code2"),
    (RESULT, {"code": "K7QMD", "seat": 5, "exercise": "02.1", "right": True, "misconception": None}, "seat must"),
])
def test_every_field_is_checked_and_anything_else_is_a_400(store, quiet_log, path, body, said):
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        status, answer = _post(url, path, body)
    assert status == 400 and said in answer["message"], (status, answer)
    assert quiet_log() == []


def test_a_result_names_an_exercise_and_a_misconception_of_this_library(store):
    code = store.start_session().code
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        _post(url, JOIN, {"code": code, "nickname": "Ana", "seat": SEAT})
        for body, said in [(_result(code, exercise="02.77"), "no exercise"), (_result(code, right="yes"), "true or"),
                           (_result(code, right=False, misconception="0" * 12), "one that exercise 02-halving"),
                           (_result(code, misconception=next(iter(misconceptions(get("02.1"))))), "right answer")]:
            status, answer = _post(url, RESULT, body)
            assert status == 400 and said in answer["message"], (body, answer)
    assert store.lesson_rows(code)["exercises"] == []


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=3), max_leaves=8)
_field = st.sampled_from(["code", "nickname", "seat", "exercise", "right", "misconception", "answer"])


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):
    s = ClassStore(str(tmp_path_factory.mktemp("fuzz") / "class.db"))
    s.create()
    code = s.start_session().code
    s.join_student(code, SEAT, "Ana")
    guard = Guard(join_failures=RecentCount(10**6))
    with running_app(GameTable(classroom=ClassRoom(s)), guard=guard) as url:
        yield url, code


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from([JOIN, RESULT]), body=st.one_of(_json, st.dictionaries(_field, _json, max_size=6)),
       real=st.booleans())
def test_no_body_gets_a_500(fuzz_server, path, body, real):
    url, code = fuzz_server
    if real and isinstance(body, dict):
        body = {**_result(code), **body} if path == RESULT else {"code": code, "seat": SEAT, **body}
    status, answer = _post(url, path, body)
    assert status in (200, 400, 403, 404, 413), (status, answer)
    assert isinstance(answer, dict) and ("message" in answer) == (status != 200)


def test_a_large_body_and_another_sites_page_are_refused(store):
    code = store.start_session().code
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        big = {"code": code, "nickname": "Ana", "seat": "x" * (results_view.MAX_BODY + 10)}
        assert _post(url, JOIN, big)[0] == 413
        status, answer = _post(url, JOIN, {"code": code, "nickname": "Ana", "seat": SEAT},
                               {"Origin": "http://elsewhere.example"})
        assert status == 403 and "another site" in answer["message"]
    assert store.lesson_view(code)["joined"] == 0


def test_codes_and_seats_cannot_be_found_by_trying(store):
    open_code = store.start_session().code
    ended = store.start_session(now=datetime.now(timezone.utc) - timedelta(hours=13)).code
    wrong = next(c for c in ("ZZZZZ", "YYYYY") if c not in (open_code, ended))
    store.join_student(open_code, SEAT, "Ana")
    guard = Guard(trusted_proxies=("127.0.0.1",), join_failures=RecentCount(5))
    table = GameTable(classroom=ClassRoom(store), new_id=_ids())
    with running_app(table, guard=guard) as url:
        guesser = {"X-Forwarded-For": "198.51.100.7"}
        joins = [_post(url, JOIN, {"code": c, "nickname": "Eve", "seat": OTHER}, guesser) for c in (wrong, ended)]
        assert joins[0][0] == joins[1][0] == 404
        assert joins[0][1]["message"].replace(wrong, "CODE") == joins[1][1]["message"].replace(ended, "CODE")
        sent = [_post(url, RESULT, _result(c, seat=s), guesser) for c, s in ((wrong, SEAT), (open_code, OTHER))]
        assert sent[0][0] == sent[1][0] == 403                 # a code that exists tells nothing more
        assert sent[0][1]["message"].replace(wrong, "CODE") == sent[1][1]["message"].replace(open_code, "CODE")
        for c in (wrong, ended):                               # (a result tells nothing of a code: not counted)
            assert _post(url, JOIN, {"code": c, "nickname": "Eve", "seat": "e" * 24}, guesser)[0] == 404
        status, _, _ = _http(url + "api/start", json.dumps({"query": f"class={wrong}&name=Eve"}).encode(), guesser)
        assert status == 200                                   # the game page's join: the fifth wrong code
        status, answer = _post(url, JOIN, {"code": open_code, "nickname": "Eve", "seat": OTHER}, guesser)
        assert status == 429 and "too many wrong class codes" in answer["message"]
        assert _post(url, RESULT, _result(open_code, exercise="02.2"), guesser) == (200, {"recorded": True})  # joined
        other = {"X-Forwarded-For": "203.0.113.9"}
        assert _post(url, RESULT, _result(open_code), other) == (200, {"recorded": True})
    assert [s["name"] for s in store.lesson_view(open_code)["students"]] == ["Ana"]


def test_new_seats_results_and_students_are_bounded(store, monkeypatch):
    monkeypatch.setattr(results_view, "NEW_SEATS", 3)
    monkeypatch.setattr(results_view, "RESULTS_PER_SEAT", 4)
    monkeypatch.setattr(results, "MAX_STUDENTS", 4)
    code = store.start_session().code
    guard = Guard(trusted_proxies=("127.0.0.1",))
    with running_app(GameTable(classroom=ClassRoom(store)), guard=guard) as url:
        one = {"X-Forwarded-For": "198.51.100.7"}
        seats = [chr(ord("a") + k) * 24 for k in range(5)]
        statuses = [_post(url, JOIN, {"code": code, "nickname": f"S{k}", "seat": s}, one)[0]
                    for k, s in enumerate(seats[:4])]
        assert statuses == [200, 200, 200, 429]
        assert _post(url, JOIN, {"code": code, "nickname": "S0", "seat": seats[0]}, one)[0] == 200   # not new
        two = {"X-Forwarded-For": "203.0.113.9"}
        assert _post(url, JOIN, {"code": code, "nickname": "S3", "seat": seats[3]}, two)[0] == 200
        status, answer = _post(url, JOIN, {"code": code, "nickname": "S4", "seat": seats[4]}, two)
        assert status == 503 and "already has 4 students" in answer["message"]
        statuses = [_post(url, RESULT, _result(code, seat=seats[0], right=False), one)[0] for _ in range(6)]
        assert statuses == [200] * 4 + [429] * 2
        assert _post(url, RESULT, _result(code, seat=seats[1]), one)[0] == 200      # another seat goes on
    view = store.lesson_view(code)
    assert view["joined"] == 4 and view["exercises"][0]["not_yet"] == 1


def test_a_notebook_changes_its_own_results_only(store):
    code = store.start_session().code
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        _post(url, JOIN, {"code": code, "nickname": "Ana", "seat": SEAT})
        _post(url, RESULT, _result(code, exercise="02.1"))
        _post(url, JOIN, {"code": code, "nickname": "Ana", "seat": OTHER})         # someone else types "Ana"
        for _ in range(3):
            _post(url, RESULT, _result(code, seat=OTHER, exercise="02.1", right=False))
        status, answer = _post(url, JOIN, {"code": code, "nickname": "Ben", "seat": SEAT})
        assert status == 400 and "as 'Ana'" in answer["message"]
    rows = {s["name"]: s["results"][0]["words"] for s in store.lesson_view(code)["students"]}
    assert rows == {"Ana": "right first time", "Ana (2)": "not yet: 3 wrong"}


def _teacher(code, token):
    return {"Cookie": f"guesswho_teacher_{code}={token}"}         # a token where the sign-in belongs: not one


def test_the_lesson_view_is_for_the_teacher_only(store):
    session, other = store.start_session(), store.start_session()
    code = session.code
    store.join_student(code, SEAT, "Ana")
    store.record_result(code, SEAT, "02.1", True)
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        pages = [f"class/teacher/{code}/lesson", f"class/api/{code}/lesson", f"class/api/{code}/gradebook.csv"]
        for headers in ({}, _teacher(code, other.token), _teacher(code, "guess"), _teacher(code, session.token),
                        {"Cookie": f"guesswho_teacher_{other.code}={other.token}"}):
            for page in pages:
                status, _, body = _http(url + page, headers=headers)
                assert status == 403 and b"Ana" not in body, (page, headers, status)
            assert _http(url + f"class/api/{code}/lesson/reset", b"", {**headers, "X-Guesswho-Teacher": "reset"},
                         "POST")[0] == 403
        mine = teacher_cookie(url, code, session.token)
        status, headers, body = _http(url + f"class/teacher/{code}/lesson", headers=mine)
        page = body.decode()
        assert status == 200 and "default-src 'self'" in headers["Content-Security-Policy"]
        assert f'join_class("{code}", "nickname")' in page and "http://" not in page and "https://" not in page
        for static in ("lesson.js", "lesson.css"):
            assert _http(url + f"class/static/{static}")[0] == 200
        status, _, body = _http(url + f"class/api/{code}/lesson?lesson=02", headers=mine)
        assert status == 200 and json.loads(body)["students"][0]["name"] == "Ana"
        assert _http(url + f"class/api/{code}/lesson?lesson=99", headers=mine)[0] == 400
        assert _http(url + "class/api/NOPE/lesson", headers=mine)[0] == 404
        status, headers, body = _http(url + f"class/api/{code}/gradebook.csv?lesson=02", headers=mine)
        assert status == 200 and headers["Content-Type"].startswith("text/csv")
        assert f'filename="class-{code}-lesson-02.csv"' in headers["Content-Disposition"]
        assert list(csv.reader(io.StringIO(body.decode())))[1][0] == "Ana"
        reset, header = url + f"class/api/{code}/lesson/reset", {**mine, "X-Guesswho-Teacher": "reset"}
        assert _http(reset, b"", mine, "POST")[0] == 403                                          # no header
        assert _http(reset, b"", {**header, "Origin": "http://elsewhere.example"}, "POST")[0] == 403
        assert store.lesson_view(code)["joined"] == 1                                             # nothing reset
        status, _, body = _http(reset, b"", header, "POST")
        assert status == 200 and json.loads(body) == {"deleted": 1}
    assert store.lesson_view(code)["joined"] == 0


def test_a_server_without_class_sessions_says_so():
    with running_app(GameTable()) as url:
        status, answer = _post(url, JOIN, {"code": "K7QMD", "nickname": "Ana", "seat": SEAT})
        assert status == 404 and "keeps no class sessions" in answer["message"]
        assert _http(url + "class/api/K7QMD/lesson")[0] == 403
