"""The address students open, as the teacher reads it in Chromium: the README's class command with ``--ip 0.0.0.0``
gives the teacher's page and the lesson view this computer's address on the network (the game page opens
there), and on 127.0.0.1 only, both pages say in one sentence why there is no address for the students yet and
how to get one, with no placeholder such as "(none yet: see below)" or "<this computer's address>"."""

from __future__ import annotations

import re
import time

import pytest

from servers import SETTLED_JS, axe_serious, browser_or_skip, evidence_on_failure, serve_class

pytestmark = pytest.mark.browser

TIMEOUT_MS = 60_000
PLACEHOLDERS = re.compile(r"none yet|see below|<this computer|this computer's address")


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("the students' address on the teacher's pages")


def _started(server) -> tuple[str, str, str]:
    """(class code, the teacher's link, the game page's address) as the server printed them."""
    deadline = time.monotonic() + 60
    while not (m := re.search(r"class code (\w{5}).*?\n\s+(http://\S+#code=\S+).*The game is served at (http://\S+?/)"
                              r"[ ,]", server.log_text(), re.S)):
        assert time.monotonic() < deadline, server.log_text()[-3000:]
        time.sleep(0.2)
    return m[1], m[2], m[3]


def _header(page) -> dict:
    return page.evaluate("""() => { const shown = id => { const e = document.getElementById(id);
        return e && !e.hidden && e.offsetParent !== null ? e.innerText : null; };
      return {join: shown('join'), address: shown('join-address'), activity: shown('activity-address'),
              line: shown('join-line'), localOnly: shown('local-only'),
              header: document.querySelector('header').innerText}; }""")


@pytest.mark.parametrize("listen", ["network", "this computer"])
def test_the_teacher_s_pages_give_the_students_address_or_say_why_there_is_none(browser, tmp_path, listen):
    extra = ("--class-store", str(tmp_path / "class.db")) + (("--ip", "0.0.0.0") if listen == "network" else ())
    with serve_class(tmp_path / "server.log", extra=extra) as server:
        code, link, game = _started(server)
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        with evidence_on_failure(page, tmp_path / f"address-{listen}.png", server.log_text):
            page.goto(link)
            page.wait_for_url(re.compile(rf"/class/teacher/{code}$"))
            page.wait_for_selector("#activity-address:not(:empty)", state="attached")
            tally = _header(page)
            page.goto(link.split("#")[0] + f"/{code}/lesson")
            page.wait_for_selector("#join-line", state="attached")
            lesson = _header(page)
            if listen == "network":
                assert not game.startswith("http://127.") and f":{server.url.rsplit(':', 1)[1]}" in game, game
                assert tally["address"] == f"{game}?class={code}" and tally["localOnly"] is None, tally
                assert tally["activity"].startswith(f"{game}?class={code}&rules=official&board=4"), tally
                assert lesson["line"] == f'join_class("{code}", "nickname", "{game}")'
                assert lesson["localOnly"] is None
                page.goto(tally["address"])                          # the students' address opens the game page
                page.wait_for_function(SETTLED_JS, arg=0)                # the game, ready to play
                assert code in page.evaluate("location.href")
            else:
                for shown in (tally, lesson):
                    assert shown["join"] is None and shown["address"] is None and shown["line"] is None, shown
                    sentence = " ".join(shown["localOnly"].split())
                    assert sentence == ("There is no address for the students yet: this server listens on this "
                                        "computer only (127.0.0.1); to give them one, stop it (Ctrl-C) and start it "
                                        "again with --ip 0.0.0.0 (the class session goes on).")
                page.goto(link.split("#")[0] + f"/{code}")
                page.wait_for_selector("#local-only:not([hidden])")
                problems = axe_serious(page)
                assert problems == [], "axe-core, serious or critical:\n" + "\n".join(problems)
            for shown in (tally, lesson):
                assert not PLACEHOLDERS.search(shown["header"]), shown["header"]
