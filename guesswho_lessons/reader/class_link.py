"""A lesson's link to its class session: after one line, each ``check()`` tells the teacher's page how it went.

In a lesson, once (the teacher's page shows the line with the class code and the server's address)::

    join_class("K7QMD", "Sam", "http://10.0.0.5:8866/")    # the class code, a nickname, the class server
    join_class("K7QMD", "Sam")                              # on the school's JupyterHub: the hub gives the address

From then on each ``check(id, answer)`` sends the class server the exercise, whether the answer was right, and,
when the answer reader recognised a tempting wrong value (an exercise's ``wrong`` values: :func:`misconceptions`),
which one, by its key.  **Never the student's answer or code**: the body of a result is exactly
``{"code", "seat", "exercise", "right", "misconception"}``.  Nothing is sent, and nothing is computed, before
joining (:func:`report` returns at once); a cell run with its answer still ``None`` sends nothing either (no try).

**A server that is down or full never slows or breaks check().**  Results go in order through one background
thread (a request waits :data:`SEND_SECONDS` at most); ``check()`` waits for its own result :data:`WAIT_SECONDS`
at most, and not at all while results are not getting through.  The first time a result cannot be sent, the
check says so once (and once again when results get through again); unsent results wait in the kernel (at most
:data:`MAX_UNSENT`) and go, in order, with the next check that finds the server answering.  A result the server
refuses (the class has ended, a server of another version) is dropped, and said once.

**Who is who.**  Joining makes a random secret, the *seat*, kept in ``~/.guesswho/class-seats.json`` for this
server, class and nickname (a restarted kernel that joins again carries on as the same student); the class
server keeps only its hash.  Only the kernel that holds the seat can add to its results; another student who
types the same nickname gets a seat of their own, shown apart on the teacher's page.

**On a school's JupyterHub** the hub gives every student's server the class server's address in the environment
variable :data:`SERVER_VARIABLE` (``school/jupyterhub_config.py``), so the line needs no address, and a token of
the student's that opens the class server and nothing else (:data:`TOKEN_VARIABLE`), which tells the class server
who the student is.  That token goes to exactly that address and to no other, never across a redirect (no request
here follows one); the student's server token (``JUPYTERHUB_API_TOKEN``, which opens their Jupyter server) is
never sent.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from collections import deque
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

__all__ = ["join_class", "leave_class", "report", "misconceptions", "misconception_key", "recognised", "Joined",
           "SERVER_VARIABLE", "TOKEN_VARIABLE", "JOIN_PATH", "RESULT_PATH", "JOIN_SECONDS", "SEND_SECONDS",
           "WAIT_SECONDS", "MAX_UNSENT"]

#: The environment variable that holds the class server's address (set by a school's JupyterHub).
SERVER_VARIABLE = "GUESSWHO_CLASS_SERVER"
#: The environment variable that holds the student's token for that address only (set by a school's JupyterHub).
TOKEN_VARIABLE = "GUESSWHO_CLASS_TOKEN"
#: Where, under the class server's address, a lesson joins and sends its results.
JOIN_PATH, RESULT_PATH = "class/api/lesson/join", "class/api/lesson/result"
JOIN_SECONDS = 5.0       # joining waits this long at most for the server (the one time a student waits)
SEND_SECONDS = 5.0       # a result's request, in the background, waits this long at most
WAIT_SECONDS = 0.25      # check() waits this long at most to know whether its result got through
MAX_UNSENT = 100         # results kept while the server does not answer (more are dropped)
MAX_SEATS = 100          # seats kept in the seats file (the oldest forgotten first)


# ---- the misconceptions the answer reader recognises -------------------------------------------------------------
def misconceptions(exercise) -> dict[str, str]:
    """{key: words} of an exercise's recognised misconceptions: its tempting wrong values' explanations
    (``Answer(wrong={value: words})``), each keyed by a hash of the exercise and the words (the same key in every
    kernel and on the class server; the value itself never appears)."""
    return {misconception_key(exercise.key, words): words for words in exercise.solution().wrong.values()}


def misconception_key(exercise: str, words: str) -> str:
    """The key of the misconception ``words`` of the exercise stored under ``exercise`` (its key)."""
    return hashlib.sha256(f"{exercise}\n{words}".encode("utf-8")).hexdigest()[:12]


def recognised(exercise, feedback) -> str | None:
    """The key of the misconception a wrong answer's feedback explains (the answer reader said one of the
    exercise's ``wrong`` explanations: "You gave ...: <words>"), or None."""
    if feedback.ok or not isinstance(feedback.message, str) or not feedback.message.startswith("You gave "):
        return None
    said = [(len(words), key) for key, words in misconceptions(exercise).items()
            if f": {words}" in feedback.message or f", {words}" in feedback.message]
    return max(said)[1] if said else None


# ---- joining -----------------------------------------------------------------------------------------------------
class Joined:
    """What :func:`join_class` did, in words (shown under the cell); true when the lesson joined."""

    def __init__(self, ok: bool, message: str):
        self.ok, self.message = ok, message

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return ("**Joined.** " if self.ok else "**Not joined.** ") + self.message


def join_class(code, nickname, server=None) -> Joined:
    """Join the class session ``code`` as ``nickname`` on the class server at ``server`` (its address, e.g.
    ``"http://10.0.0.5:8866/"``; by default the one the school's JupyterHub gives, :data:`SERVER_VARIABLE`).
    From then on each ``check()`` sends the class server whether the answer was right (never the answer).
    Returns what happened, in words; never raises."""
    global _LINK
    problem = _problem(code, "code", "the class code your teacher gives, such as \"K7QMD\"", 20) or \
        _problem(nickname, "nickname", "a nickname (not your full name), such as \"Sam\"", 60)
    if problem:
        return Joined(False, problem)
    given = os.environ.get(SERVER_VARIABLE, "") if server is None else server
    address = _address(given)
    if address is None:
        where = ("give the class server's address too, e.g. join_class(\"K7QMD\", \"Sam\", "
                 "\"http://10.0.0.5:8866/\") (your teacher's page shows the whole line)") if server is None and \
            not given else f"server must be the class server's address, such as \"http://10.0.0.5:8866/\", " \
                           f"got {str(given)[:80]!r}"
        return Joined(False, f"Not joined: {where}.")
    code, nickname = code.strip(), " ".join(nickname.split())
    headers = _hub_headers(address)
    seat = _seat(address, code, nickname)
    status, answer = _post(address + JOIN_PATH, {"code": code, "nickname": nickname, "seat": seat}, headers,
                           JOIN_SECONDS)
    if status != 200 or answer.get("joined") is not True:
        why = answer if status != 200 else f"{address} does not answer as a class server"
        return Joined(False, f"Not joined: {why}. Your answers are still checked here; nothing is sent.")
    leave_class()
    _remember_seat(address, answer.get("code", code), answer.get("nickname", nickname), seat)
    _LINK = _Link(address, answer.get("code", code), answer.get("nickname", nickname), seat, headers)
    return Joined(True, f"You are in class {_LINK.code} as {_LINK.nickname}. From now on each check() tells your "
                        "teacher's page which exercise you checked and whether it was right (never your answer "
                        "or your code).")


def leave_class() -> None:
    """Stop sending results (a lesson that never joined sends nothing anyway)."""
    global _LINK
    link, _LINK = _LINK, None
    if link is not None:
        link.stop()


def report(exercise, answer, feedback) -> None:
    """Called at the end of ``check()``: when the lesson joined a class, send the result, never the ``answer``
    (see the module's docstring); an answer still ``None`` (the cell run before it was answered) is no try and
    is not sent.  Prints a line the first time results are not getting through.  Never raises, and never waits
    longer than :data:`WAIT_SECONDS`; without a join it does nothing at all."""
    link = _LINK
    if link is None or answer is None:
        return
    try:
        misconception = recognised(exercise, feedback)
        note = link.send({"code": link.code, "seat": link.seat, "exercise": exercise.key, "right": bool(feedback.ok),
                          "misconception": misconception})
    except Exception:        # the class link never breaks a check
        return
    if note:
        print(note)


def _problem(value, name: str, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        return f"Not joined: {name} must be {what} in quotes, got {str(value)[:40]!r}."
    if len(value) > limit:
        return f"Not joined: {name} is too long ({len(value)} characters, at most {limit})."
    return ""


def _address(server) -> str | None:
    """``server`` as the base of the class server's requests ("http://host:port/path/"), or None if it is not
    an http(s) address; a game page's address works too (its ``?class=...`` is dropped)."""
    if not isinstance(server, str) or len(server) > 500:
        return None
    try:
        parts = urlsplit(server.strip())
        port_ok = parts.port is None or parts.port > 0      # (a port that is not a number: ValueError)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or not port_ok:
        return None
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + "/", "", ""))


def _hub_headers(address: str) -> dict:
    """The student's class token (:data:`TOKEN_VARIABLE`), for the address the hub itself gave
    (:data:`SERVER_VARIABLE`) and no other."""
    token = os.environ.get(TOKEN_VARIABLE, "")
    if token and address == _address(os.environ.get(SERVER_VARIABLE, "")):
        return {"Authorization": f"token {token}"}
    return {}


def _seats_file() -> Path:
    return Path.home() / ".guesswho" / "class-seats.json"


def _seat_key(address: str, code: str, nickname: str) -> str:
    return json.dumps([address, code.upper(), nickname])


def _read_seats() -> dict:
    try:
        seats = json.loads(_seats_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return seats if isinstance(seats, dict) else {}


def _seat(address: str, code: str, nickname: str) -> str:
    """The seat of this server, class and nickname: the one kept from an earlier join, or a new random one."""
    key = _seat_key(address, code, nickname)
    kept = _MEMORY.get(key) or _read_seats().get(key)
    return kept if isinstance(kept, str) and 22 <= len(kept) <= 64 else secrets.token_urlsafe(24)


def _remember_seat(address: str, code: str, nickname: str, seat: str) -> None:
    key = _seat_key(address, code, nickname)
    _MEMORY[key] = seat
    seats = _read_seats()
    seats.pop(key, None)
    seats[key] = seat
    try:
        path = _seats_file()
        path.parent.mkdir(mode=0o700, exist_ok=True)
        fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(dict(list(seats.items())[-MAX_SEATS:]), f)
        os.replace(path.with_suffix(".tmp"), path)
    except OSError:          # a home that cannot be written: the seat lasts as long as the kernel
        pass


class _Unfollowed(Exception):
    """The class server answered with a redirect: never followed (a token must not go anywhere else)."""


def _no_redirects():
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            raise _Unfollowed(f"the address {req.full_url.rsplit('/class/', 1)[0]}/ answered {code} with a redirect "
                              f"to {str(newurl)[:120]}, which is not followed: give the class server's own address")
    return urllib.request.build_opener(NoRedirect)


def _post(url: str, body: dict, headers: dict, seconds: float) -> tuple[int, dict | str]:
    """(status, the answer's JSON) of one POST; (0, why) when the server did not answer; for an error status,
    (status, the server's message).  A redirect is not followed (the request and its token go to ``url`` only):
    it is (its status, why)."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, data=json.dumps(body).encode("utf-8"), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    server = url.rsplit("/class/", 1)[0] + "/"
    try:
        with _no_redirects().open(request, timeout=seconds) as r:
            status, raw = r.status, r.read(4096)
    except _Unfollowed as e:
        return 400, str(e)
    except urllib.error.HTTPError as e:
        try:
            said = json.loads(e.read(4096)).get("message")
        except Exception:    # not the class server's JSON (a proxy's page, a login page)
            said = None
        return e.code, str(said or f"the server at {server} answered {e.code} {e.reason}")[:300]
    except Exception as e:   # refused, unreachable, timed out, not HTTP
        why = getattr(e, "reason", e)
        return 0, f"the class server at {server} cannot be reached ({str(why)[:120]})"
    try:
        answer = json.loads(raw)
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        return 0, f"{server} does not answer as a class server (python -m guesswho_apps serve --class-store ...)"
    return status, answer


class _Item:
    __slots__ = ("body", "done")

    def __init__(self, body: dict):
        self.body, self.done = body, threading.Event()


class _Link:
    """A joined lesson: its results, sent in order by one background thread."""

    def __init__(self, address: str, code: str, nickname: str, seat: str, headers: dict):
        self.address, self.code, self.nickname, self.seat, self.headers = address, code, nickname, seat, headers
        self.pending: deque[_Item] = deque()
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.stopped = False
        self.getting_through = True      # the last request got through (or none was sent yet)
        self.problem = ""                # why the last result was not sent
        self.said = False                # the problem was said (once)
        self.dropped = 0
        self.thread = threading.Thread(target=self._run, name="guesswho-class-link", daemon=True)
        self.thread.start()

    def send(self, body: dict) -> str:
        """Queue a result; wait for it :data:`WAIT_SECONDS` at most while results get through; the line to print
        (once) when they do not, or when they get through again."""
        item = _Item(body)
        with self.lock:
            if len(self.pending) >= MAX_UNSENT:
                self.dropped += 1
                item = None
            else:
                self.pending.append(item)
            wait = item is not None and self.getting_through and len(self.pending) == 1
        self.wake.set()
        if wait:
            item.done.wait(WAIT_SECONDS)
        return self._note()

    def _note(self) -> str:
        with self.lock:
            if not self.getting_through and not self.said:
                self.said = True
                return (f"(Your results are not reaching your teacher's page: {self.problem}. Your answers are still "
                        "checked here as usual; results not sent are kept and sent when the class server answers.)")
            if self.getting_through and self.said:
                self.said = False
                return "(Your results reach your teacher's page again.)"
            return ""

    def stop(self):
        self.stopped = True
        self.wake.set()

    def _run(self):
        while not self.stopped:
            self.wake.wait()
            self.wake.clear()
            while not self.stopped:
                with self.lock:
                    if not self.pending:
                        break
                    item = self.pending[0]
                status, answer = _post(self.address + RESULT_PATH, item.body, self.headers, SEND_SECONDS)
                with self.lock:
                    if status == 200 or (400 <= status < 500 and status != 429):
                        self.pending.popleft()           # sent, or refused by the server: not sent again
                    if status == 200:
                        self.getting_through = True
                    else:
                        self.getting_through, self.problem = False, str(answer)
                item.done.set()
                if status == 0 or status == 429 or status >= 500:
                    break                                # wait for the next check before trying again


_LINK: _Link | None = None
_MEMORY: dict[str, str] = {}
