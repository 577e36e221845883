"""Text a person types is shown as text, never run, on every page that shows it, in Chromium with the server's
Content-Security-Policy switched off (so that only the escaping stands between a typed ``<b id=injected>`` and the
page): the class server started as the README says, with a class store.

* the teacher's sign-in page (made by the server from its template) shows a typed class code back in its box and
  in the message saying why it is not a code;
* the game page refuses a nickname holding HTML or a template's braces (typed in its address or its form) and says
  which characters, and shows a nickname with an apostrophe as typed;
* the teacher's tally and the lesson view show that nickname as typed, and refuse a rename to HTML, saying so;
  a nickname of HTML written into the store past its checks is shown as text there too;
* the error page of the teacher's pages under a school's JupyterHub (headless: the hub's name of a person who is
  not a teacher, in the page's message).

Each page: no element made from the typed text, no dialog opened, no script error; ``{{7*7}}`` never says 49.
"""

from __future__ import annotations

import sqlite3
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from servers import axe_serious, browser_or_skip, evidence_on_failure, watched_page
from test_class_validity import JOIN, _post, class_server

TIMEOUT_MS = 60_000
#: Typed where a class code, a nickname or a new name goes (each at most 20 characters: it fits every box).
HOSTILE = ('"><b id=injected>', "<b id=injected>x", "{{7*7}}")
NAME = "Zoë O'Brien"


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("typed text shown as text")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from class_server(tmp_path_factory, "hostile-text")


def _page(browser):
    page, errors, _ = watched_page(browser, TIMEOUT_MS, bypass_csp=True)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return page, errors, dialogs


def _nothing_made(page, errors, dialogs, where: str):
    made = page.evaluate("() => document.querySelectorAll('#injected').length")
    assert made == 0 and dialogs == [] and errors == [], (where, made, dialogs, errors)


@pytest.mark.browser
def test_the_sign_in_page_shows_a_typed_code_as_text(server, browser, tmp_path):
    page, errors, dialogs = _page(browser)
    with evidence_on_failure(page, tmp_path / "signin.png", server["server"].log_text):
        for typed in HOSTILE:
            page.goto(server["url"] + "class/teacher")
            page.fill("#code", typed)
            page.fill("#token", "not the token")
            page.locator("#token").press("Enter")
            page.wait_for_selector("p.message", timeout=TIMEOUT_MS)
            said = page.inner_text("p.message")
            assert f"got {typed!r}" in said and "49" not in said, said   # the code as typed, in the message
            assert page.input_value("#code") == typed                   # and back in its box
            _nothing_made(page, errors, dialogs, f"the sign-in page after {typed!r}")
        problems = axe_serious(page)
        assert problems == [], "axe-core on the sign-in page with a message:\n" + "\n".join(problems)


def _class_says(page, words: str) -> str:
    page.wait_for_function("(w) => document.getElementById('gw-class-status').innerText.includes(w)", arg=words,
                           timeout=TIMEOUT_MS)
    return page.inner_text("#gw-class-status")


@pytest.mark.browser
def test_the_game_page_refuses_a_nickname_of_html_and_shows_one_with_an_apostrophe(server, browser, tmp_path):
    url, code = server["url"], server["code"]
    page, errors, dialogs = _page(browser)
    with evidence_on_failure(page, tmp_path / "game.png", server["server"].log_text):
        page.goto(f"{url}?class={code}&name={quote(HOSTILE[1])}&rules=official&board=2&seed=1")
        said = _class_says(page, "Could not")
        assert "not '<=>'" in said, said                                # the characters it refused, as text
        _nothing_made(page, errors, dialogs, "the game page, a nickname of HTML in its address")
        page.fill("#gw-class-name", HOSTILE[2])
        page.locator("#gw-class-name").press("Enter")
        assert "49" not in _class_says(page, "not '*{}'")
        _nothing_made(page, errors, dialogs, "the game page, {{7*7}} typed as a nickname")
        page.fill("#gw-class-name", NAME)
        page.locator("#gw-class-name").press("Enter")
        said = _class_says(page, "You are playing in class")
        assert f"as {NAME}." in said, said
        page.locator(".gw-suspect:not([disabled])").first.press("Enter")     # a game of two suspects, recorded
        page.locator(".gw-guess").press("Enter")
        _class_says(page, "Game recorded")
        _nothing_made(page, errors, dialogs, "the game page, joined and recorded")


def _rename(page, who: str, to: str, where: str) -> str:
    """Rename the row ``who`` to ``to`` (in the form it opens in ``where``) with the keyboard; what the page says
    (refused: the row stays)."""
    from guesswho_apps.classroom import check_nickname

    with pytest.raises(ValueError) as refused:
        check_nickname(to)
    page.locator(f"button[aria-label=\"Rename {who}\"]").press("Enter")
    box = page.locator(f"{where} form input")
    box.fill(to)
    box.press("Enter")
    page.wait_for_function("(w) => document.getElementById('rows-status').innerText.includes(w)",
                           arg=f"Not changed: {refused.value}", timeout=TIMEOUT_MS)
    page.wait_for_function("(w) => !document.querySelector(w + ' form')", arg=where,   # the rows drawn again
                           timeout=TIMEOUT_MS)
    return page.inner_text("#rows-status")


@pytest.mark.browser
def test_the_teachers_pages_show_a_nickname_as_typed_and_refuse_a_rename_to_html(server, browser, tmp_path):
    url, code = server["url"], server["code"]
    for typed in HOSTILE:                                              # a notebook's join, refused, with the reason
        status, answer = _post(url, JOIN, {"code": code, "nickname": typed, "seat": "h" * 24})
        assert status == 400 and "nickname may hold" in answer["message"], answer
    for name, seat in ((NAME, "n"), ("Ida", "i")):
        assert _post(url, JOIN, {"code": code, "nickname": name, "seat": seat * 24})[0] == 200
        status, answer = _post(url, "api/start", {"query": f"class={code}&name={quote(name)}&rules=official&board=2"})
        for seq, (action, extra) in enumerate((("click", {"suspect": 1}), ("guess", {})), start=1):
            status, answer = _post(url, "api/act", {"session": answer["session"], "action": action, "seq": seq,
                                                    **extra})
            assert status == 200, answer
        assert answer["state"]["over"] and "Game recorded" in answer["state"]["class"]["message"], answer["state"]
    with sqlite3.connect(server["location"], timeout=30) as db:   # a nickname of HTML, past the store's checks
        for table in ("class_games", "class_students"):
            changed = db.execute(f"UPDATE {table} SET nickname = ? WHERE nickname = 'Ida'", (HOSTILE[1],)).rowcount
            assert changed == 1, (table, changed)
    db.close()
    #: each teacher's page: its address, the rows (their text begins with the nickname), where a rename is typed
    pages = {"the tally": (server["link"], "#players .row-name", "#players"),
             "the lesson view": (f"{url}class/teacher/{code}/lesson", "#students tbody th", "#students")}
    page, errors, dialogs = _page(browser)
    with evidence_on_failure(page, tmp_path / "teacher.png", server["server"].log_text):
        for what, (address, rows, where) in pages.items():
            page.goto(address)
            if where == "#players":
                page.locator("#players summary").press("Enter")
            for name in (NAME, HOSTILE[1]):
                page.wait_for_function("([rows, n]) => [...document.querySelectorAll(rows)].some(e => "
                                       "e.innerText === n || e.innerText.startsWith(n + ':'))", arg=[rows, name],
                                       timeout=TIMEOUT_MS)
            _nothing_made(page, errors, dialogs, f"{what} with a nickname of HTML")
            for typed in HOSTILE:
                said = _rename(page, NAME, typed, where)
                assert "nickname may hold" in said and "49" not in said, said
                _nothing_made(page, errors, dialogs, f"{what} after a rename to {typed!r}")


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_the_error_page_under_the_hub_shows_a_persons_name_as_text(tmp_path):
    """The hub's name of a person who is not a teacher is said on the teacher's page's error page (403)."""
    pytest.importorskip("jupyterhub")
    import tornado.web

    from guesswho_apps.classroom import ClassStore
    from guesswho_apps.server import hub, teacher
    from test_class_server import _http, running_app

    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    code = store.start_session().code
    rules = teacher.handlers(store, "/")
    page_rule = next(r for r in rules if r[1] is teacher.TeacherPageHandler)

    class NotATeacher(hub._HubTeacher, teacher.TeacherPageHandler):
        def prepare(self):                          # (the hub's login: this person, not among the teachers)
            super().prepare()
            self.request.hub_user, self.request.hub_teacher = HOSTILE[0] + HOSTILE[2], False

    app = tornado.web.Application([(page_rule[0], NotATeacher, page_rule[2])])
    with running_app(None, app=app) as url:
        status, headers, body = _http(f"{url}class/teacher/{code}", headers={"Accept": "text/html"})
    page = _Text()
    page.feed(body.decode())
    assert status == 403 and headers["Content-Type"].startswith("text/html")
    assert page.tags == ["html", "title", "p"], page.tags                  # nothing made from the name
    assert f"does not count {HOSTILE[0] + HOSTILE[2]} among them" in "".join(page.text)
