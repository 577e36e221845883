"""The class quiz and the export of the class's games on the teacher's page: over HTTP (the server in this
process, on 127.0.0.1) and in Chromium with the keyboard (the server started as the README says, with a class
store; tests/servers.py).

* Over HTTP: the quiz and both CSV files answer 403 without the session's token (another class's token, none, a
  wrong one), 404 for what is not a class code, 400 for a ``nicknames`` that is neither yes nor no; with the token,
  the quiz's JSON and the two files (anonymous unless asked), which read back into the lesson's analysis
  (guesswho_lib.game.class_data) with the tally's figures.
* In Chromium: the teacher starts the quiz with the keyboard; the position is shown without its answer; the reveal
  shows the best move, its explanation and how many chose what, all the solver's and the known games'; projector
  mode shows the quiz alone, and Escape leaves it; the export's links ask for the nicknames only when the box is
  ticked, and the file downloaded reads back into the lesson's analysis; axe-core finds no serious or critical
  problem in any of these states.
"""

from __future__ import annotations

import json
import re

import pytest
from test_class_server import _http, running_app
from test_class_session import _known_games, _started

from class_games import activity_best_game
from guesswho_apps.classroom import ClassStore
from guesswho_apps.server.games import ClassRoom, GameTable
from guesswho_lib.game.class_data import activity_groups, read_games, read_moves
from guesswho_lib.game.solver import solve
from guesswho_lib.rules import format_fraction, parse_move
from servers import axe_serious, browser_or_skip, serve_class, teacher_cookie, watched_page

KNOWN = {"1:3": 6, "2:2": 4}
TIMEOUT_MS = 60_000


def _record_known(store: ClassStore, code: str) -> dict:
    """The activity's known games (best play after the first question), through the store; each group's wins."""
    return _known_games(store, code, activity_best_game, KNOWN)


def test_the_quiz_and_the_export_over_http(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    session, other = store.start_session(), store.start_session()
    code = session.code
    wins = _record_known(store, code)
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        mine = teacher_cookie(url, code, session.token)
        api = url + f"class/api/{code}/"
        paths = ("quiz", "export/games.csv", "export/moves.csv", "export/games.csv?nicknames=yes",
                 "export/moves.csv?nicknames=maybe")
        for cookie in (None, f"guesswho_teacher_{code}={other.token}", f"guesswho_teacher_{code}=x",
                       f"guesswho_teacher_{other.code}={other.token}", f"guesswho_teacher_{code}={session.token}"):
            for path in paths:
                status, _, body = _http(api + path, headers={"Cookie": cookie} if cookie else {})
                assert status == 403 and b"group" not in body and b"9/16" not in body, (cookie, path, status)
        for path in paths[:-1]:
            assert _http(url + "class/api/NOT-A-CODE/" + path, headers=mine)[0] == 404
        status, _, body = _http(api + "export/games.csv?nicknames=maybe", headers=mine)
        assert status == 400 and b"nicknames must be yes or no" in body
        status, headers, body = _http(api + "quiz", headers=mine)
        quiz = json.loads(body)
        assert status == 200 and headers["Content-Type"].startswith("application/json")
        first = quiz["positions"][0]
        assert (first["board"], first["you"], first["computer"], first["times"]) == ("4", 4, 4, sum(KNOWN.values()))
        assert first["reveal"]["best"] == ["1:3"] and [(c["move"], c["times"]) for c in first["reveal"]["chosen"]] \
            == [("1:3", KNOWN["1:3"]), ("2:2", KNOWN["2:2"]), ("guess", 0)]
        status, headers, games = _http(api + "export/games.csv", headers=mine)
        assert status == 200 and headers["Content-Type"] == "text/csv; charset=utf-8"
        assert headers["Content-Disposition"] == f'attachment; filename="class-{code}-games.csv"'
        assert b"group" not in games and b"nickname" not in games
        groups = activity_groups(read_games(games.decode()))
        tally = {g["move"]: g for g in store.tally(code)["activity"]["groups"]}
        for g in groups:                                        # the export reads back into the lesson's analysis
            assert (g["games"], g["wins"]) == (KNOWN[g["move"]], wins[g["move"]]) == (tally[g["move"]]["games"],
                                                                                      tally[g["move"]]["wins"])
        status, _, moves = _http(api + "export/moves.csv", headers=mine)
        assert status == 200 and len(read_moves(moves.decode())) == sum(
            int(g[13]) for g in store.export_rows(code)["games"])
        status, _, named = _http(api + "export/games.csv?nicknames=yes", headers=mine)
        assert status == 200 and sum(g["nickname"].startswith("group 1-3 ") for g in
                                      read_games(named.decode())) == KNOWN["1:3"]
        for path in ("quiz", "export/games.csv"):                 # read only
            assert _http(api + path, b"", headers=mine)[0] == 405


# ---- in Chromium ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("the class quiz and the export")


def _press(page, selector: str, key: str = "Enter"):
    """Focus ``selector`` and press ``key``: the browser's own keyboard handling does the rest."""
    page.focus(selector)
    page.keyboard.press(key)


@pytest.mark.browser
def test_the_class_quiz_and_the_export_in_chromium_with_the_keyboard(tmp_path, browser):
    t = solve(4)
    location = str(tmp_path / "class.db")
    with serve_class(tmp_path / "server.log", extra=("--class-store", location)) as server:
        code, link = _started(server)
        store = ClassStore(location)
        wins = _record_known(store, code)
        page, errors, _ = watched_page(browser, TIMEOUT_MS, bypass_csp=True, viewport={"width": 1280, "height": 1400},
                                       accept_downloads=True)   # (the page forbids eval; Playwright's waits use it)
        page.goto(link)
        page.wait_for_url(re.compile(rf"/class/teacher/{code}$"))
        page.wait_for_function("document.querySelectorAll('#groups .group').length == 2")
        assert page.is_hidden("#quiz-card")
        # Tab through the page until the quiz's button has the focus, then Enter.
        page.focus("#reveal")
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "quiz-load":
                break
        assert page.evaluate("document.activeElement.id") == "quiz-load"
        page.keyboard.press("Enter")
        page.wait_for_selector("#quiz-card:not([hidden])")
        assert page.evaluate("document.activeElement.id") == "quiz-where"
        card = page.inner_text("#quiz-card")
        assert "Position 1 of 1" in card and "you have 4 suspects left; the computer has 4" in card
        assert "9/16" not in card and "The best move" not in card and page.is_hidden("#quiz-answer")
        choices = page.eval_on_selector_all("#quiz-choices li", "els => els.map(e => e.dataset.move)")
        assert choices == ["1:3", "2:2", "guess"]
        assert axe_serious(page) == []
        _press(page, "#quiz-reveal")
        page.wait_for_selector("#quiz-answer:not([hidden])")
        assert page.get_attribute("#quiz-reveal", "aria-pressed") == "true"
        best = page.inner_text("#quiz-best")
        assert best == f"The best move: 1:3. Your chance of winning with it: {format_fraction(t.P(4, 4))}."
        rows = page.eval_on_selector_all("#quiz-chosen tbody tr", "rs => rs.map(r => Array.from(r.cells, "
                                                                  "c => c.innerText))")
        assert rows == [["1:3", str(KNOWN["1:3"]), format_fraction(t.value(4, 4, parse_move("1:3"))), "best"],
                        ["2:2", str(KNOWN["2:2"]), format_fraction(t.value(4, 4, parse_move("2:2"))), "no"],
                        ["guess", "0", format_fraction(t.value(4, 4, parse_move("guess"))), "no"]]
        assert "P(4, 4) = 9/16" in page.inner_text("#quiz-why")
        assert axe_serious(page) == []
        # Projector mode: the quiz alone, in large type; Escape leaves it.
        _press(page, "#quiz-projector")
        page.wait_for_function("document.body.classList.contains('projector')")
        assert page.is_hidden("header") and page.is_hidden("#groups") and page.is_visible("#quiz-card")
        assert page.get_attribute("#quiz-projector", "aria-pressed") == "true"
        assert axe_serious(page) == []
        page.keyboard.press("Escape")
        page.wait_for_function("!document.body.classList.contains('projector')")
        assert page.is_visible("header")
        # The export: anonymous unless the box is ticked; the file reads back into the lesson's analysis.
        href = page.get_attribute("#export-games", "href")
        assert href.endswith(f"/class/api/{code}/export/games.csv")
        _press(page, "#export-nicknames", "Space")
        page.wait_for_function("document.getElementById('export-games').href.endsWith('?nicknames=yes')")
        _press(page, "#export-nicknames", "Space")
        page.wait_for_function("document.getElementById('export-games').href.endsWith('games.csv')")
        with page.expect_download() as download:
            _press(page, "#export-games")
        path = download.value.path()
        assert download.value.suggested_filename == f"class-{code}-games.csv"
        text = open(path, encoding="utf-8").read()
        assert "group" not in text
        groups = activity_groups(read_games(text))
        assert {g["move"]: (g["games"], g["wins"]) for g in groups} == {m: (KNOWN[m], wins[m]) for m in KNOWN}
        assert axe_serious(page) == []
        assert not errors, errors
        page.close()
