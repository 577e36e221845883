"""A class session's lessons on the class server: the notebooks that joined send their results here, and the
teacher's lesson view shows them live (the store: :mod:`guesswho_apps.classroom.results`).

For the students' notebooks (``join_class``, :mod:`guesswho_lessons.reader.class_link`), JSON bodies of at most
:data:`MAX_BODY` bytes, every field checked, nothing else accepted:

* ``POST /class/api/lesson/join``    ``{"code": "K7QMD", "nickname": "Sam", "seat": "<the notebook's secret>"}``
  -> ``{"joined": true, "code", "nickname", "new"}``;
* ``POST /class/api/lesson/result``  ``{"code", "seat", "exercise": "02.2", "right": false, "misconception":
  "<key>" or null}`` -> ``{"recorded": true}`` (false: that exercise was already right, nothing changed).

Answers: 400 for a body that is not exactly that (naming the field), 404 for a join to a class that is not open
(the same answer for a code that names none and for one that has ended), 403 for a result from a seat that has
not joined an open class (the same answer for both: a result cannot tell whether a code exists), 429 to a join
after too many wrong codes in a minute from its client (:data:`~.guard.JOIN_FAILURES`, sized for a class behind
one address; the game page's joins count in the same budget) or from its seat (:data:`~.guard.JOIN_FAILURES_OWN`),
after ``new_seats`` new seats from one client in ten minutes (``serve --new-seats-per-address``), to a result after
:data:`RESULTS_PER_SEAT` results from one seat in a minute, or after :data:`UNJOINED_RESULTS` results from seats
that have not joined from one client in a minute (a seat that has joined is never held up by another's wrong
codes); 503 when the class is full (``max_students``, ``serve --max-students``: the lesson view says so) or the
store cannot be written.  The client is :meth:`.guard.Guard.who`'s.  A request from another site's page is refused
(403), as on the game page.

For the teacher (the same sign-in, session cookie, CSP and answers as the tally, :mod:`.teacher`):

* ``/class/teacher/<code>/lesson``: the lesson view (students by exercises; the exercises most got wrong, and the
  misconceptions behind them in the answer reader's words; a projector mode without nicknames), asking for its
  data every ``poll_seconds``;
* ``/class/api/<code>/lesson?lesson=02``: its data as JSON (by default the lesson of the latest result);
* ``/class/api/<code>/gradebook.csv?lesson=02``: the exercise results per student, for a gradebook (every lesson
  with results when no lesson is named);
* ``POST /class/api/<code>/lesson/reset``: delete the session's lesson results (with the page's header, as the
  tally's reset);
* ``POST /class/api/<code>/lesson/rows``: rename a student (``{"row": id, "nickname": ...}``) or remove one with
  their results (``{"row": id, "remove": true}``), as the tally's rows (:class:`.teacher.RowHandler`).
"""

from __future__ import annotations

import hashlib
import json

from .guard import Guard, LimitedBody, RecentCount
from .teacher import (CSP, PAGES, ClassPage, Refused, ResetHandler, RowHandler, StaticHandler, TeacherPageHandler,
                      TeacherSessions, url)

__all__ = ["handlers", "MAX_BODY", "NEW_SEATS", "RESULTS_PER_SEAT", "UNJOINED_RESULTS"]

MAX_BODY = 1024                 # a join or a result is well under 300 bytes
NEW_SEATS = 80                  # new seats from one client in ten minutes (a class of 40 behind one address, twice)
RESULTS_PER_SEAT = 120          # results from one seat in a minute (a Run All sends a lesson's few at once)
UNJOINED_RESULTS = 600          # results from seats that never joined, from one client in a minute
KNOWN_SEATS = 20_000            # seats seen joined, remembered (the oldest forgotten first)
_FIELDS = {"join": ("code", "nickname", "seat"), "result": ("code", "seat", "exercise", "right", "misconception")}


def _classroom():
    from .. import classroom

    return classroom


class StudentApiHandler(LimitedBody):
    """``POST /class/api/lesson/join | result`` (see the module's docstring)."""

    max_body = MAX_BODY

    def initialize(self, store, shared: dict):
        self.store, self.shared, self.guard = store, shared, shared["guard"]

    def set_default_headers(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Security-Policy", CSP)

    def check_xsrf_cookie(self):          # the seat in the body is the key: a cookie would be forgeable
        pass

    def write_error(self, status_code, **kwargs):
        self._answer(status_code, "the server could not answer (an error on the server; the teacher's terminal "
                                  "shows it)" if status_code >= 500 else self._reason)

    def _answer(self, status: int, message: str, **extra):
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": "refused" if status < 500 else "unavailable", "message": message[:300],
                                **extra} if status != 200 else extra))

    def _body(self, what: str) -> dict:
        try:
            body = json.loads(self.body() or b"null")
        except (ValueError, RecursionError):
            raise Refused(400, "the request is not JSON") from None
        if not isinstance(body, dict):
            raise Refused(400, "the request must be a JSON object")
        extra = sorted(set(body) - set(_FIELDS[what]))
        missing = [k for k in _FIELDS[what] if k not in body]
        if extra or missing:
            raise Refused(400, f"a {what} has the fields {', '.join(_FIELDS[what])}" +
                          (f"; unexpected: {', '.join(str(k)[:20] for k in extra[:3])}" if extra else "") +
                          (f"; missing: {', '.join(missing)}" if missing else ""))
        return body

    async def post(self, what: str):
        try:
            answer = await (self._join() if what == "join" else self._result())
        except Refused as e:
            return self._answer(e.status_code, e.message)
        self._answer(200, "", **answer)

    def _checked(self, check, value, status: int = 400):
        try:
            return check(value)
        except (TypeError, ValueError) as e:
            raise Refused(status, str(e)) from None

    def _refuse_strangers(self, seat: str):
        """Who a request that may go on is (:meth:`.guard.Guard.who`, its seat's hash as its own key): from a
        notebook (no Origin) or this server's own page, while the store exists."""
        if not self.guard.same_origin(self.request):
            raise Refused(403, "a lesson's results come from its notebook, not from another site's page")
        if self.store is None:
            raise Refused(404, "this class server keeps no class sessions (start it with --class-store)")
        return self.guard.who(self, own="seat " + hashlib.sha256(seat.encode("ascii")).hexdigest())

    async def _store(self, function, *args, refused: int, on_refused=None):
        """``function(*args)`` of the store, in a thread; a :class:`SessionError` is answered ``refused`` (and
        ``on_refused()`` counts it)."""
        classroom = _classroom()
        try:
            return await _in_thread(function, *args)
        except classroom.SessionError as e:
            if on_refused is not None:
                on_refused()
            raise Refused(refused, str(e)) from None
        except (TypeError, ValueError) as e:
            raise Refused(400, str(e)) from None
        except classroom.ClassFull as e:
            full = self.shared["events"].setdefault("full", {})
            full[args[0]] = full.get(args[0], 0) + 1
            raise Refused(503, f"{e}; tell your teacher") from None
        except classroom.StoreUnavailable as e:
            raise Refused(503, f"the class store cannot be written now ({e}); tell your teacher") from None

    async def _join(self) -> dict:
        body = self._body("join")
        classroom = _classroom()
        seat = self._checked(_check_seat, body["seat"])
        who = self._refuse_strangers(seat)
        if self.guard.too_many_wrong_codes(who):
            raise Refused(429, "too many wrong class codes from this notebook or your network in the last minute: "
                               "wait a minute, then check the code with your teacher")
        code = self._checked(classroom.check_code, body["code"])
        nickname = self._checked(classroom.check_nickname, body["nickname"])
        seats = self.shared["new_seats"]
        new = await self._store(self.store.join_student, code, seat, nickname, None, not seats.full(who.key),
                                self.shared["max_students"], refused=404,
                                on_refused=lambda: self.guard.wrong_code(who))
        if new is None:                               # a new seat, one too many from this client
            raise Refused(429, f"{seats.limit} notebooks joined from {who.words} in the last ten minutes, the most "
                               "one client may: wait a few minutes")
        if new:
            seats.add(who.key)
        self._known(who.own)
        return {"joined": True, "code": code, "nickname": nickname, "new": new}

    def _known(self, own: str):
        known = self.shared["known_seats"]
        known.pop(own, None)
        known[own] = True
        while len(known) > KNOWN_SEATS:
            del known[next(iter(known))]

    async def _result(self) -> dict:
        body = self._body("result")
        seat = self._checked(_check_seat, body["seat"])
        who = self._refuse_strangers(seat)
        code = self._checked(_classroom().check_code, body["code"])
        per_seat, unjoined = self.shared["results"], self.shared["unjoined_results"]
        if per_seat.full(who.own):
            raise Refused(429, f"more than {RESULTS_PER_SEAT} results from this notebook in the last minute: wait a "
                               "minute")
        if who.own not in self.shared["known_seats"] and unjoined.full(who.key):
            raise Refused(429, "too many results from notebooks that have not joined, from your network in the "
                               "last minute: wait a minute, then run join_class again")
        per_seat.add(who.own)
        counted = await self._store(self.store.record_result, code, seat, body["exercise"], body["right"],
                                    body["misconception"], refused=403, on_refused=lambda: unjoined.add(who.key))
        self._known(who.own)
        return {"recorded": counted}


def _check_seat(seat) -> str:
    from ..classroom.results import check_seat

    return check_seat(seat)


async def _in_thread(function, *args):
    import asyncio

    return await asyncio.get_running_loop().run_in_executor(None, function, *args)


def _lesson_argument(handler) -> str | None:
    lesson = handler.get_query_argument("lesson", None)
    if lesson is None or lesson == "":
        return None
    from ..classroom.results import check_lesson

    try:
        return check_lesson(lesson)
    except ValueError as e:
        raise Refused(400, str(e)) from None


class LessonPageHandler(TeacherPageHandler):
    """``/class/teacher/<code>/lesson``: the lesson view, for the teacher only (the sign-in form otherwise)."""

    page = "lesson.html"


class LessonDataHandler(ClassPage):
    """``/class/api/<code>/lesson``: the lesson view's data as JSON, for the teacher only; with the most students
    the class takes (``max_students``), and how many notebooks were refused because it was full."""

    async def get(self, code):
        lesson = _lesson_argument(self)
        view = await self.for_teacher(code, lambda c: self.store.lesson_view(c, lesson) if self.store else None,
                                      "read")
        view["max_students"] = self.shared["max_students"]
        view["refused_full"] = self.shared["events"].get("full", {}).get(self.code_or_404(code), 0)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(view))


class GradebookHandler(ClassPage):
    """``/class/api/<code>/gradebook.csv``: the exercise results per student as CSV, for the teacher only."""

    async def get(self, code):
        lesson = _lesson_argument(self)
        text = await self.for_teacher(code, lambda c: self.store.gradebook(c, lesson) if self.store else None,
                                      "read")
        name = f"class-{code.upper()}-" + (f"lesson-{lesson}" if lesson else "exercises") + ".csv"
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.finish(text)


class LessonResetHandler(ResetHandler):
    """``POST /class/api/<code>/lesson/reset``: delete the session's lesson results, for the lesson view only (the
    same checks as the tally's reset)."""

    deletes = "reset_lesson"


def handlers(store, base: str = "/", poll_seconds: float = 2.0, enable_hint: str = "", guard: Guard | None = None,
             students_url: str | None = None, max_students: int | None = None, new_seats: int | None = None,
             events: dict | None = None, sessions: TeacherSessions | None = None) -> list:
    """The lesson's handlers under ``base`` (the arguments as :func:`.teacher.handlers`'), reading and writing
    ``store`` (None: a server without class sessions; the pages then say how to start one): at most
    ``max_students`` in a class (by default :data:`~guesswho_apps.classroom.MAX_STUDENTS`), and ``new_seats`` new
    seats from one client in ten minutes (by default :data:`NEW_SEATS`); ``events``: what the teacher's pages share
    (a class that was full)."""
    from ..classroom import results

    guard = guard if guard is not None else Guard()
    max_students, new_seats = max_students or results.MAX_STUDENTS, new_seats or NEW_SEATS
    for name, value in (("max_students", max_students), ("new_seats", new_seats)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
    shared = {"guard": guard, "poll_seconds": poll_seconds, "enable_hint": enable_hint, "known": {},
              "health": None, "waiting": None, "students_url": students_url,
              "max_students": max_students, "events": {} if events is None else events,
              "sessions": sessions if sessions is not None else TeacherSessions(),
              "new_seats": RecentCount(new_seats, seconds=600), "results": RecentCount(RESULTS_PER_SEAT),
              "unjoined_results": RecentCount(UNJOINED_RESULTS), "known_seats": {}}
    teacher = {"store": store, "base": base, "shared": shared}
    return [
        (url(base, r"class/api/lesson/(join|result)"), StudentApiHandler, {"store": store, "shared": shared}),
        (url(base, r"class/teacher/([^/]+)/lesson"), LessonPageHandler, teacher),
        (url(base, r"class/api/([^/]+)/lesson"), LessonDataHandler, teacher),
        (url(base, r"class/api/([^/]+)/gradebook\.csv"), GradebookHandler, teacher),
        (url(base, r"class/api/([^/]+)/lesson/reset"), LessonResetHandler, teacher),
        (url(base, r"class/api/([^/]+)/lesson/rows"), RowHandler, {**teacher, "rows": "students"}),
        (url(base, r"class/static/(lesson\.js|lesson\.css)"), StaticHandler, {"path": str(PAGES)}),
    ]

