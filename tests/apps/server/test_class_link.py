"""A lesson's link to the class server (guesswho_lessons.reader.class_link), the student's side, over HTTP on
127.0.0.1 (the class server in a thread of this test; stand-ins where a server must misbehave):

* without joining, check() sends nothing, to the address the hub would give or anywhere (no request, no thread);
* joined, each check() sends exactly the exercise, right or wrong, and the misconception the answer reader named,
  never the answer; the teacher's lesson view shows it;
* a server that is down (refused), silent (never answers) or full (503) while the student checks answers:
  check() gives its normal feedback without waiting for the network, says once that results are not being
  sent, and once the server answers again the kept results arrive in order;
* a restarted kernel that joins again is the same student; join_class says what is wrong and never raises;
  the hub's class token goes to the address the hub gave and nowhere else, never across a redirect, and the
  student's server token never goes anywhere.
"""

from __future__ import annotations

import json
import os
import threading
import time

import pytest
from test_class_server import running_app

from guesswho_apps.classroom import ClassStore
from guesswho_apps.server.games import ClassRoom, GameTable
from guesswho_lessons.exercises import check, get
from guesswho_lessons.reader import class_link, join_class, leave_class
from guesswho_lessons.reader.class_link import SEND_SECONDS, SERVER_VARIABLE, TOKEN_VARIABLE, misconceptions
from servers import StubServer

#: "Does not wait for the network": a check that waited for a request would take SEND_SECONDS.
PROMPT = SEND_SECONDS / 2


@pytest.fixture(autouse=True)
def fresh_link(tmp_path, monkeypatch):
    """Every test starts unjoined, with a home of its own (where seats are kept) and no hub in sight."""
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in (SERVER_VARIABLE, TOKEN_VARIABLE, "JUPYTERHUB_API_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    leave_class()
    class_link._MEMORY.clear()
    yield
    leave_class()


@pytest.fixture
def class_server(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    code = store.start_session().code
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        yield {"url": url, "store": store, "code": code}


def _right(exercise_id: str):
    return get(exercise_id).answers()[0]


def _tempting(exercise_id: str):
    """A wrong value the answer reader names, and the key of its misconception."""
    ex = get(exercise_id)
    value, words = next(iter(ex.solution().wrong.items()))
    return value, next(k for k, w in misconceptions(ex).items() if w == words)


def _link_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "guesswho-class-link" and t.is_alive()]


def _sent(stub: StubServer, count: int, seconds: float = 30) -> list[dict]:
    """The results the stand-in server took (answered 200), once there are ``count`` (or after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while len(stub.bodies("/result", accepted=True)) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return stub.bodies("/result", accepted=True)


def test_without_joining_nothing_is_sent(monkeypatch):
    with StubServer() as stub:
        monkeypatch.setenv(SERVER_VARIABLE, stub.url)                    # even with the hub's address at hand
        for exercise in ("00.1", "02.2", "02.3"):
            check(exercise, _right(exercise))
            check(exercise, _tempting(exercise)[0])
        time.sleep(0.5)
        assert stub.requests == [] and class_link._LINK is None and _link_threads() == []


def test_each_check_sends_the_exercise_and_the_misconception_never_the_answer(class_server, monkeypatch):
    bodies = []
    real_post = class_link._post

    def watched(url, body, headers, seconds):
        bodies.append(json.dumps(body))
        return real_post(url, body, headers, seconds)
    monkeypatch.setattr(class_link, "_post", watched)
    joined = join_class(class_server["code"].lower(), " Sam ", class_server["url"])
    assert joined and f"class {class_server['code']} as Sam" in str(joined)
    wrong, key = _tempting("02.2")
    typed = [("02.2", str(wrong)), ("02.2", str(_right("02.2"))), ("02.1", str(_right("02.1"))),
             ("02.3", "12345")]
    for exercise, answer in typed:
        check(exercise, answer)
    deadline = time.monotonic() + 30
    while len(bodies) < 1 + len(typed) and time.monotonic() < deadline:
        time.sleep(0.05)
    results = [json.loads(b) for b in bodies[1:]]
    assert [sorted(r) for r in results] == [["code", "exercise", "misconception", "right", "seat"]] * len(typed)
    assert [(r["exercise"], r["right"], r["misconception"]) for r in results] == [   # each under its key
        (get("02.2").key, False, key), (get("02.2").key, True, None), (get("02.1").key, True, None),
        (get("02.3").key, False, None)]
    for (_, answer), body in zip(typed, bodies[1:]):
        assert answer not in body                                          # never the answer
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = class_server["store"].lesson_view(class_server["code"], "02")
        if sum(e["first"] + e["after"] + e["not_yet"] for e in view["exercises"]) == 3:
            break
        time.sleep(0.1)
    words = {r["words"] for r in view["students"][0]["results"]}
    assert view["students"][0]["name"] == "Sam" and {"right after 1 wrong", "right first time",
                                                     "not yet: 1 wrong"} <= words
    assert view["most_wrong"][0]["misconceptions"][0]["words"] == misconceptions(get("02.2"))[key]


def _feedback_unjoined(exercise, answer):
    link, class_link._LINK = class_link._LINK, None
    try:
        return check(exercise, answer)
    finally:
        class_link._LINK = link


@pytest.mark.parametrize("fault", ["refused", "silent", "full"])
def test_a_server_down_or_full_never_slows_or_breaks_check(fault, capsys):
    stub = StubServer("ok")
    try:
        assert join_class("K7QMD", "Sam", stub.url)
        if fault == "refused":                        # the server stopped: its port refuses
            stub.close()
        else:
            stub.mode = fault
        capsys.readouterr()
        answers = [("00.1", _tempting("00.1")[0]), ("00.1", _right("00.1")), ("00.2", _right("00.2")),
                   ("00.3", "7/10")]
        notes, checked = [], []

        def checked_promptly(exercise, answer):
            expected = _feedback_unjoined(exercise, answer)
            t0 = time.perf_counter()
            feedback = check(exercise, answer)
            elapsed = time.perf_counter() - t0
            assert (feedback.ok, feedback.message) == (expected.ok, expected.message)       # its normal feedback
            assert elapsed < PROMPT, f"check() waited {elapsed:.2f} s for a server that is {fault}"
            notes.append(capsys.readouterr().out)
            checked.append((exercise, feedback.ok))
        for exercise, answer in answers:
            checked_promptly(exercise, answer)
            time.sleep(0.3)
        if fault == "silent":                         # known only when its request gives up: said at the next check
            time.sleep(SEND_SECONDS + 0.5)
            checked_promptly("00.2", _right("00.2"))
        said = [n for n in notes if n.strip()]
        assert len(said) == 1 and "not reaching your teacher's page" in said[0], notes
        assert {"refused": "cannot be reached", "silent": "cannot be reached", "full": "the class is full"}[fault] \
            in said[0]
        if fault == "refused":
            return
        stub.mode = "ok"                              # the server answers again: the kept results go, in order
        stub.released.set()
        checked_promptly("00.3", _right("00.3"))
        sent = _sent(stub, len(checked))
        assert [(get(b["exercise"]).id, b["right"]) for b in sent] == checked   # each once, in order
        check("00.2", _right("00.2"))                 # a check once they got through says so, once
        after = [notes[-1], capsys.readouterr().out]
        assert sum("reach your teacher's page again" in n for n in after) == 1, after
    finally:
        stub.close()


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_kernel_that_joins_again_is_the_same_student(class_server, tmp_path):
    code, url, store = class_server["code"], class_server["url"], class_server["store"]
    assert join_class(code, "Sam", url)
    check("02.1", "1/3")
    leave_class()
    class_link._MEMORY.clear()                             # a restarted kernel: only the seats file is left
    assert join_class(code, "Sam", url)
    check("02.1", str(_right("02.1")))
    assert oct(os.stat(tmp_path / "home" / ".guesswho" / "class-seats.json").st_mode & 0o777) == "0o600"
    assert join_class(code, "Ana", url)                    # another nickname on this computer: another student
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = store.lesson_view(code, "02")
        if [s["results"][0]["words"] for s in view["students"]] == ["", "right after 1 wrong"]:
            break
        time.sleep(0.1)
    assert [(s["name"], s["results"][0]["words"]) for s in view["students"]] == [
        ("Ana", ""), ("Sam", "right after 1 wrong")]


def test_join_class_says_what_is_wrong_and_never_raises(class_server, monkeypatch):
    url, code = class_server["url"], class_server["code"]
    cases = [((None, "Sam", url), "code must be"), ((code, "", url), "nickname must be"),
             ((code, 7, url), "nickname must be"), ((code, "Sam", "10.0.0.5:8866"), "server must be"),
             ((code, "Sam", "ftp://x/"), "server must be"), ((code, "Sam"), "give the class server's address"),
             (("ZZZZZ", "Sam", url), "no open class with the code ZZZZZ"),
             ((code, "S@m", url), "nickname may hold"), ((code, "x" * 70, url), "nickname is too long"),
             ((code, "Sam", f"http://127.0.0.1:{_closed_port()}/"), "cannot be reached")]
    for args, said in cases:
        joined = join_class(*args)
        assert not joined and said in str(joined), (args, str(joined))
        assert class_link._LINK is None
    with StubServer("page") as other:
        joined = join_class(code, "Sam", other.url)
        assert not joined and "does not answer as a class server" in str(joined)
    monkeypatch.setenv(SERVER_VARIABLE, url + "?class=" + code)   # the hub's address (a game page's works too)
    assert join_class(code, "Sam")


def test_the_hubs_token_goes_only_to_the_address_the_hub_gave(monkeypatch):
    with StubServer() as hub_given, StubServer() as elsewhere:
        monkeypatch.setenv(SERVER_VARIABLE, hub_given.url)
        monkeypatch.setenv(TOKEN_VARIABLE, "the-class-token")
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "the-server-token")            # opens the student's server
        assert join_class("K7QMD", "Sam")
        check("02.1", "1/3")
        _sent(hub_given, 1)
        assert hub_given.requests and all(h.get("Authorization") == "token the-class-token"
                                          for _, _, h, _ in hub_given.requests)
        assert join_class("K7QMD", "Sam", elsewhere.url)
        check("02.1", "1/3")
        _sent(elsewhere, 1)
        assert elsewhere.requests and all("Authorization" not in h for _, _, h, _ in elsewhere.requests)
        sent = [h for stub in (hub_given, elsewhere) for _, _, h, _ in stub.requests]
        assert not any("the-server-token" in str(h) for h in sent)                 # never the server's token


def test_the_hubs_token_never_follows_a_redirect(monkeypatch, capsys):
    """The address the hub gave answers with a redirect (a moved or impersonated class server): the join and the
    results are not sent on, with the token or without it, and the lesson says why."""
    with StubServer() as elsewhere, StubServer("redirect", location=elsewhere.url + "class/api/lesson/join") as moved:
        monkeypatch.setenv(SERVER_VARIABLE, moved.url)
        monkeypatch.setenv(TOKEN_VARIABLE, "the-class-token")
        joined = join_class("K7QMD", "Sam")
        assert not joined and "redirect" in str(joined) and "not followed" in str(joined), str(joined)
        assert [p for _, p, _, _ in moved.requests] == ["/class/api/lesson/join"]
        assert moved.requests[0][2].get("Authorization") == "token the-class-token"   # the address the hub gave
        moved.mode = "ok"                                        # joined; then results are redirected
        assert join_class("K7QMD", "Sam")
        moved.mode, moved.location = "redirect", elsewhere.url + "class/api/lesson/result"
        check("02.1", "1/3")
        deadline = time.monotonic() + 30
        while len(moved.requests) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        assert len(moved.requests) == 3 and elsewhere.requests == []           # nothing reached the other host
        check("02.1", "1/3")
        assert "not followed" in capsys.readouterr().out


def test_a_cell_run_before_it_is_answered_sends_nothing():
    with StubServer() as stub:
        assert join_class("K7QMD", "Sam", stub.url)
        check("02.1", None)                                  # "Replace None by your answer": no try
        check("02.1", "1/3")
        sent = _sent(stub, 1)
        time.sleep(0.3)
        assert [(b["exercise"], b["right"]) for b in stub.bodies("/result")] == [("02-halving", False)]
        assert len(sent) == 1
