"""The class server, headless: the play page's view state (one function of the model, drawn by the notebook's
widget and by the server's page), the table of games (sessions, every action, bounds, expiry) and the web
application answering real HTTP requests on 127.0.0.1 (no browser: tests/apps/server/test_class_server_browser.py
drives the page in Chromium).
"""

from __future__ import annotations

import json
import threading
import tracemalloc
import urllib.error
import urllib.request
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guesswho_lib.rules import format_fraction
from guesswho_apps.server.games import ACTIONS, BadRequest, GameFull, GameLost, GameTable
from guesswho_lib.widgets.play import PlayModel, PlayWidget
from guesswho_lib.widgets.play_view import STATUS_COLOURS, view_state


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def _ids():
    return iter(f"id{k}" for k in range(10**6)).__next__


# ---- the view state ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, board", [("official", 8), ("tripartite", 10), ("nica", "characters"),
                                          ("official", "faces"), ("merciful", 12)])
def test_the_view_state_is_what_the_model_says_and_plain_data(rules, board):
    m = PlayModel(rules, board=board, seed=3)
    m.click(1)
    m.click(2)
    if m.faces:
        m.choose_question(m.question_menu()[0][1])
    m.ask()
    v = view_state(m)
    assert json.loads(json.dumps(v)) == v                       # plain data: what the server sends as JSON
    g = m.game
    assert [s["name"] for s in v["suspects"]] == list(g.names)
    for i, s in enumerate(v["suspects"]):
        assert s["status"] == ("out" if i not in g.mover_suspects else "in")
        assert s["disabled"] == (s["status"] == "out" or g.over)
        assert s["tooltip"] == m.suspect_tooltip(i)
        assert ("tile" in s) == m.faces
        if m.faces:
            assert (f"gw-face-{s['status']}" in s["tile"]) and ("<svg" in s["tile"])
    assert v["status_html"] == m.status_html() and v["history_html"] == m.history_html()
    assert v["groups"]["shown"] == (rules == "tripartite")
    assert v["questions"]["shown"] == m.faces and bool(v["players_html"]) == m.faces
    assert v["buttons"]["guess"] == (not g.over and g.rules.guess is not None)
    assert v["settings"]["rules"] == rules
    assert v["settings"]["board"] == (board if isinstance(board, str) else "numbered")
    assert v["settings"]["size"] == g.N
    p = g.win_probability()
    assert format_fraction(p) in v["status_html"]


def test_the_widget_and_the_page_draw_the_same_state():
    """The notebook's widget draws from view_state: its buttons and boxes show exactly what the page is sent."""
    w = PlayWidget("official", board="faces", seed=5, computer="human", best_of=3)
    m = w.model

    def same():
        v = view_state(m)
        for b, tile, s in zip(w.suspect_buttons, w.face_tiles, v["suspects"]):
            assert (b.disabled, b.tooltip, b.style.button_color, tile.value) == (
                s["disabled"], s["tooltip"], STATUS_COLOURS[s["status"]], s["tile"])
        assert w.peek_button.description == v["buttons"]["peek_label"] and w.peek_box.value == v["peek_html"]
        assert w.hint_box.value == v["hint_html"] and w.message.value == v["message_html"]
        assert w.status.value == v["status_html"] and w.history.value == v["history_html"]
        assert [tuple(o) for o in v["questions"]["options"]] == list(w.question_box.options)
        assert (w.peek_button.layout.display == "none") == (not v["buttons"]["peek_shown"])
        assert (w.next_button.layout.display == "none") == (not v["buttons"]["next_game"])
        for button, key in ((w.ask_button, "ask"), (w.guess_button, "guess"), (w.hint_button, "hint")):
            assert button.disabled == (not v["buttons"][key])
        return v

    m.show_person()
    m.choose_question(m.question_menu()[1][1])
    m.ask()
    m.hint()
    same()
    while not m.game.over:                                   # to the end: every button off, the next game offered
        m.click(sorted(m.game.mover_suspects)[0] + 1)
        m.guess()
    v = same()
    assert all(s["disabled"] for s in v["suspects"]) and not v["buttons"]["ask"] and v["buttons"]["next_game"]


def test_a_page_with_bad_settings_gets_the_default_game_and_the_reason():
    m = PlayModel.from_query("rules=nica&board=1", board=8)
    assert m.game.N == 8 and m.error and "Could not use the settings in the address" in m.message
    assert PlayModel.from_query("rules=nica&board=6&seed=2").game.N == 6


# ---- the table of games -----------------------------------------------------------------------------------------
def test_games_are_kept_apart_by_unguessable_ids():
    table = GameTable()
    a, b = table.start("board=8&seed=1"), table.start("board=8&seed=1")
    assert a["session"] != b["session"] and min(len(a["session"]), len(b["session"])) >= 32
    table.act(a["session"], {"action": "click", "suspect": 3, "seq": 1})
    assert table.act(b["session"], {"action": "state"})["state"]["suspects"][2]["status"] == "in"
    assert table.act(a["session"], {"action": "state"})["state"]["suspects"][2]["status"] == "A"
    with pytest.raises(GameLost, match="not on the server any more"):
        table.act(a["session"][:-1] + ("x" if a["session"][-1] != "x" else "y"), {"action": "state"})
    with pytest.raises(GameLost):
        table.ping(None)


def test_every_action_of_the_page_reaches_the_model():
    table = GameTable(new_id=_ids())

    def act(sid, action, **fields):
        act.seq += 1
        return table.act(sid, {"action": action, "seq": act.seq, **fields})["state"]
    act.seq = 0
    s = table.start("rules=tripartite&board=10&seed=2")["session"]
    assert act(s, "group", group=1)["groups"]["active"] == 1
    state = act(s, "click", suspect=4)
    assert state["suspects"][3]["status"] == "B"
    assert act(s, "clear")["suspects"][3]["status"] == "in"
    act(s, "group", group=0)
    act(s, "click", suspect=1)
    state = act(s, "ask")
    assert "You asked" in state["message"]["text"] and state["review"]["moves"] >= 1
    assert act(s, "hint")["hint_html"].startswith('<div class="gw-hint">')
    state = act(s, "review")
    assert state["review"]["open"] and 'class="gw-review"' in state["review"]["html"]
    step = state["review"]["step"]
    assert act(s, "review_step", to="previous")["review"]["step"] == step - 1
    assert act(s, "review_step", to="last")["review"]["step"] == step
    assert not act(s, "review")["review"]["open"]
    # The character board's "select trait" and a guess.
    c = table.start("board=characters&seed=4")["session"]
    trait = table.act(c, {"action": "state"})["state"]["traits"][0]
    assert "Group A:" in act(c, "trait", trait=trait)["message"]["text"]
    act(c, "clear")
    act(c, "click", suspect=1)
    state = act(c, "guess")
    assert "guessed" in state["message"]["text"] or state["over"]
    # The board of faces: a question chosen from the menu.
    f = table.start("board=faces&seed=2")["session"]
    key = table.act(f, {"action": "state"})["state"]["questions"]["options"][1][1]
    assert act(f, "question", trait=key)["questions"]["chosen"] == key
    assert "asked" in act(f, "ask")["message"]["text"]
    # Two players on one screen: the person of the player to move, shown and hidden.
    h = table.start("board=6&computer=human&seed=1")["session"]
    state = act(h, "peek")
    assert state["buttons"]["peek_shown"] and "your person is" in state["peek_html"]
    assert act(h, "peek")["peek_html"] == ""
    # A new game with the settings boxes, a match and its next game.
    state = act(h, "new_game", rules="official", board="numbered", size=4, computer="optimal", you_first=True,
                best_of=3)
    assert state["settings"]["size"] == 4 and state["settings"]["best_of"] == 3 and state["match_text"]
    while not state["over"]:
        left = [x["number"] for x in state["suspects"] if not x["disabled"]]
        act(h, "click", suspect=left[0])
        state = act(h, "guess")
    assert state["buttons"]["next_game"]
    score = state["match_text"].split(".")[0]
    state = act(h, "next_game")
    assert not state["over"] and state["match_text"].split(".")[0] == score and state["review"]["moves"] <= 1
    assert {"state", "click", "ask", "guess", "clear", "group", "trait", "question", "hint", "peek", "review",
            "review_step", "next_game", "new_game", "again", "again_choose", "again_answer",
            "again_step"} == set(ACTIONS)


def test_choose_again_through_the_page_actions():
    """After a game with known mistakes, the page's actions step through the costly positions: a wrong choice
    gets its exact value and a hint, a best one is found, the answer can be asked for; every value is the
    solver's."""
    from guesswho_lib.game.solver import solve
    from guesswho_lib.rules import format_fraction, parse_move

    table = GameTable(new_id=_ids())
    t = solve(8, "official")

    def act(action, **fields):
        act.seq += 1
        return table.act(s, {"action": action, "seq": act.seq, **fields})["state"]
    act.seq = 0
    s = table.start("rules=official&board=8&seed=3&computer=optimal")["session"]
    state = act("again")
    assert state["message"]["error"] and "after the game" in state["message"]["text"] and not state["again"]["open"]
    costly = []
    while not state["over"]:                       # always ask about one suspect (costly at (8, 8), say)
        left = [x["number"] for x in state["suspects"] if not x["disabled"]]
        game = table.players[s].model.game
        n, m = game.state
        if n > 1 and (1, n - 1) not in t.optimal_moves(n, m):
            costly.append((n, m))
        act("click", suspect=left[0])
        state = act("guess" if len(left) == 1 else "ask")
    assert costly and state["buttons"]["again"]
    state = act("again")
    a = state["again"]
    assert a["open"] and a["positions"] == len(costly) and a["status"] == "choose" and a["can_choose"]
    n, m = costly[0]
    assert 'class="gw-again"' in a["html"] and "Choose again" in state["message"]["text"]
    state = act("again_choose", choice="x" * 30)
    assert state["message"]["error"] and "choice must be one of" in state["message"]["text"]
    assert state["again"]["status"] == "choose"                              # refused: nothing counted
    keys = [key for _, key in a["menu"]]
    best = {k for k in keys if t.value(n, m, parse_move(k)) == t.P(n, m)}
    wrong = [k for k in keys if k not in best]
    state = act("again_choose", choice=wrong[0])
    a = state["again"]
    assert a["status"] == "retry" and "Hint:" in a["html"]
    assert f'data-key="{wrong[0]}" data-value="{format_fraction(t.value(n, m, parse_move(wrong[0])))}"' in a["html"]
    state = act("again_choose", choice=sorted(best)[0])
    assert state["again"]["status"] == "found" and not state["again"]["can_choose"]
    assert act("again_choose", choice=wrong[0])["message"]["error"]          # done: no more choices there
    if len(costly) > 1:
        state = act("again_step", to="next")
        assert state["again"]["index"] == 1 and state["again"]["status"] == "choose"
        state = act("again_answer")
        assert state["again"]["status"] == "shown" and 'class="gw-again-best"' in state["again"]["html"]
    assert act("again_step", to="first")["again"]["index"] == 0
    assert not act("again")["again"]["open"]
    with pytest.raises(BadRequest):
        table.act(s, {"action": "again_choose", "choice": 3, "seq": 999})


def test_the_model_refuses_bad_moves_with_a_message_and_the_game_goes_on():
    table = GameTable(new_id=_ids())
    s = table.start("rules=official&board=8&seed=1")["session"]
    state = table.act(s, {"action": "guess", "seq": 1})["state"]
    assert state["message"]["error"] and "select exactly one" in state["message"]["text"]
    state = table.act(s, {"action": "click", "suspect": 99, "seq": 2})["state"]
    assert state["message"]["error"] and "99" in state["message"]["text"]
    state = table.act(s, {"action": "group", "group": 1, "seq": 3})["state"]     # no group B under official rules
    assert state["message"]["error"] and state["groups"]["active"] == 0
    state = table.act(s, {"action": "new_game", "rules": "tripartite", "board": "faces", "size": 8,
                          "computer": "optimal", "you_first": True, "best_of": 1, "seq": 4})["state"]
    assert state["message"]["error"] and "faces" in state["message"]["text"]
    assert state["settings"] == {**state["settings"], "rules": "official", "board": "numbered", "size": 8}
    state = table.act(s, {"action": "new_game", "rules": "official", "board": "numbered", "size": 1,
                          "computer": "optimal", "you_first": True, "best_of": 1, "seq": 5})["state"]
    assert state["message"]["error"] and state["settings"]["size"] == 8
    state = table.act(s, {"action": "review_step", "to": "next", "seq": 6})["state"]
    assert state["message"]["error"] and "review" in state["message"]["text"]


@pytest.mark.parametrize("request_, says", [
    ({"action": "fly"}, "action must be one of"),
    ({"action": "click"}, "needs the field 'suspect'"),
    ({"action": "click", "suspect": True, "seq": 1}, "suspect must be an integer"),
    ({"action": "click", "suspect": "3", "seq": 1}, "suspect must be an integer"),
    ({"action": "click", "suspect": 10**9, "seq": 1}, "suspect must be between"),
    ({"action": "ask", "colour": "red", "seq": 1}, "unknown field 'colour'"),
    ({"action": "trait", "trait": "x" * 41, "seq": 1}, "trait is too long"),
    ({"action": "ask"}, "needs the field 'seq'"),
    ({"action": "review_step", "to": "sideways", "seq": 1}, "to must be first, previous, next or last"),
    (["ask"], "must be a JSON object"),
])
def test_a_request_the_page_never_sends_is_refused_naming_the_field(request_, says):
    table = GameTable(new_id=_ids())
    s = table.start("board=8")["session"]
    with pytest.raises(BadRequest, match=says):
        table.act(s, request_)
    assert table.act(s, {"action": "state"})["seq"] == 0         # nothing was applied


def test_an_action_sent_again_is_not_played_twice():
    table = GameTable(new_id=_ids())
    s = table.start("rules=official&board=8&seed=1")["session"]
    once = table.act(s, {"action": "click", "suspect": 1, "seq": 1})
    again = table.act(s, {"action": "click", "suspect": 1, "seq": 1})     # the answer was lost; sent again
    assert once == again and again["state"]["suspects"][0]["status"] == "A"
    table.act(s, {"action": "ask", "seq": 2})
    assert len(table.players[s].model.game.history) >= 1
    before = len(table.players[s].model.game.history)
    table.act(s, {"action": "ask", "seq": 2})
    assert len(table.players[s].model.game.history) == before


def test_the_table_is_bounded_and_reclaims_only_pages_that_are_gone():
    clock = Clock()
    table = GameTable(max_games=3, idle_seconds=100, reclaim_seconds=30, clock=clock, new_id=_ids())
    ids = [table.start("board=4")["session"] for _ in range(3)]
    with pytest.raises(GameFull, match="3 games"):
        table.start("board=4")
    for _ in range(50):                                      # a flood of new games changes nothing
        with pytest.raises(GameFull):
            table.start("board=4")
    assert len(table) == 3 and table.refused == 51
    clock.now += 20
    table.ping(ids[0])
    table.ping(ids[1])
    clock.now += 15                                          # ids[2] not heard from for 35 s > 30 s
    new = table.start("board=4")["session"]
    assert set(table.players) == {ids[0], ids[1], new} and table.reclaimed == 1
    with pytest.raises(GameLost):
        table.ping(ids[2])
    # A game with no action for idle_seconds ends, even if its page still pings.
    table.act(ids[0], {"action": "click", "suspect": 1, "seq": 1})
    table.ping(ids[1])
    clock.now += 66                                          # ids[1]: no action for 101 s; ids[0]: for 66 s
    assert table.sweep() == 1 and ids[1] not in table.players and ids[0] in table.players
    clock.now += 35
    with pytest.raises(GameLost, match="no action for 100 seconds"):
        table.act(ids[0], {"action": "state"})
    assert set(table.players) == {new}


def test_bad_table_settings_and_addresses_are_refused():
    for bad in (0, -1, 2.5, True, "10"):
        with pytest.raises(ValueError, match="max_games"):
            GameTable(max_games=bad)
    with pytest.raises(ValueError, match="idle_seconds"):
        GameTable(idle_seconds=0)
    table = GameTable()
    with pytest.raises(BadRequest, match="too long"):
        table.start("board=" + "9" * 5000)
    with pytest.raises(BadRequest, match="query must be a string"):
        table.start(None)
    state = table.start("board=8&x=1")["state"]                # an unknown setting: the default game, and why
    assert state["message"]["error"] and "unknown setting 'x'" in state["message"]["text"]


def test_a_finished_game_is_reported_once():
    finished = []
    table = GameTable(new_id=_ids(), on_game_over=lambda sid, model: finished.append((sid, model.game.winner)))
    s = table.start("rules=official&board=2&seed=3&computer=halving")["session"]
    seq = 0
    state = table.act(s, {"action": "state"})["state"]
    while not state["over"]:
        seq += 1
        table.act(s, {"action": "click", "suspect": [x["number"] for x in state["suspects"] if not x["disabled"]][0],
                      "seq": seq})
        seq += 1
        state = table.act(s, {"action": "guess", "seq": seq})["state"]
    table.act(s, {"action": "hint", "seq": seq + 1})
    table.act(s, {"action": "review", "seq": seq + 2})
    assert len(finished) == 1 and finished[0][0] == s


def _finish_on_the_board_of_faces(table, sid):
    """Play a game of faces to its end (the second question of the menu, or a guess), then open its review."""
    seq, state = 0, table.act(sid, {"action": "state"})["state"]
    while not state["over"]:
        left, options = [x["number"] for x in state["suspects"] if not x["disabled"]], state["questions"]["options"]
        if len(left) == 1 or len(options) <= 1:
            table.act(sid, {"action": "click", "suspect": left[0], "seq": seq + 1})
            state = table.act(sid, {"action": "guess", "seq": seq + 2})["state"]
        else:
            table.act(sid, {"action": "question", "trait": options[1][1], "seq": seq + 1})
            state = table.act(sid, {"action": "ask", "seq": seq + 2})["state"]
        seq += 2
    for k, to in enumerate(("first", "next", "last"), start=2):
        table.act(sid, {"action": "review", "seq": seq + 1} if k == 2 else {"action": "review_step", "to": to,
                                                                               "seq": seq + k})


def test_a_player_costs_the_server_what_the_readme_says():
    """Twenty finished games on the board of faces with the review open, held by the server: each costs at most
    what the README says (the memory freed when the games are dropped); a numbered board a few tens of KiB."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    said = int(re.search(r"the board of faces with its review open, about (\d+) KiB", readme).group(1))
    table = GameTable(max_games=1000, new_id=_ids())
    for k in range(10):                                      # the shared solutions, solved once
        _finish_on_the_board_of_faces(table, table.start(f"board=faces&seed={900 + k}")["session"])
    table.players.clear()
    tracemalloc.start()
    try:
        for board, most in (("faces", said), ("8", 64)):
            for k in range(20):
                sid = table.start(f"board={board}&seed={k}")["session"]
                if board == "faces":
                    _finish_on_the_board_of_faces(table, sid)
                else:
                    table.act(sid, {"action": "click", "suspect": 1, "seq": 1})
                    table.act(sid, {"action": "review", "seq": 2})
            held = tracemalloc.get_traced_memory()[0]
            table.players.clear()
            per_player = (held - tracemalloc.get_traced_memory()[0]) / 20
            assert per_player <= most * 1024, f"{board}: {per_player / 1024:.0f} KiB per player, not {most}"
    finally:
        tracemalloc.stop()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["rules=official&board=6", "rules=tripartite&board=7", "board=faces", "rules=nica&board=5",
                        "board=characters&rules=merciful", "board=5&computer=human"]),
       st.lists(st.tuples(st.sampled_from(sorted(ACTIONS)), st.integers(-2, 30), st.sampled_from(
           ["", "glasses", "hat", "first", "next", "previous", "last", "brown hair", "guess",
            "Does your person wear glasses?"])), max_size=25))
def test_any_sequence_of_actions_leaves_a_consistent_page(query, actions):
    """Whatever a page sends, in any order: no error but a clear refusal, and the state stays consistent."""
    table = GameTable(new_id=_ids())
    s = table.start(query + "&seed=1")["session"]
    for seq, (action, number, word) in enumerate(actions, start=1):
        fields = {"click": {"suspect": number}, "group": {"group": number % 3}, "trait": {"trait": word},
                  "question": {"trait": word}, "review_step": {"to": word or "first"},
                  "again_step": {"to": word or "next"}, "again_choose": {"choice": word or "1:2"},
                  "new_game": {"rules": "official", "board": "numbered", "size": number, "computer": "halving",
                               "you_first": number % 2 == 0, "best_of": 1 + 2 * (number % 3)}}.get(action, {})
        try:
            state = table.act(s, {"action": action, "seq": seq, **fields})["state"]
        except BadRequest as e:
            assert action in ("review_step", "again_step") and "to must be" in str(e)
            continue
        g = table.players[s].model.game
        assert json.loads(json.dumps(state)) == state
        for i, x in enumerate(state["suspects"]):
            assert x["disabled"] == (i not in g.mover_suspects or g.over)
        assert sum(x["status"] in ("A", "B") for x in state["suspects"]) == sum(
            len(grp) for grp in table.players[s].model.selection)


# ---- the web application on 127.0.0.1 ---------------------------------------------------------------------------
@contextmanager
def running_app(table: GameTable, base_url: str = "/", guard=None, students_url: str = "", public_url: str = "",
                app=None):
    """The server's application (or ``app``, a test's own) on a free port of 127.0.0.1 with ``guard``'s limits (the
    defaults if None), in a thread of this process."""
    import asyncio

    from guesswho_apps.server.app import make_app
    from guesswho_apps.server.guard import Guard, listen

    ready, box = threading.Event(), {}
    guard = Guard() if guard is None else guard

    def main():
        async def serve():
            served = app or make_app(table, base_url=base_url, guard=guard, students_url=students_url,
                                     public_url=public_url)
            server = listen(served, 0, "127.0.0.1", guard)
            box["port"] = guard.port
            box["stop"] = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await box["stop"].wait()
            server.stop()
        asyncio.run(serve())

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    assert ready.wait(30)
    try:
        yield f"http://127.0.0.1:{box['port']}{base_url}"
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(10)


def _http(url, body=None, headers=None, method=None):
    data = None if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        try:
            return e.code, dict(e.headers), e.read()
        except ConnectionError:                                # answered, then the connection closed
            return e.code, dict(e.headers), b""
    except (urllib.error.URLError, ConnectionError) as e:      # the server closed the connection
        return 0, {}, str(e).encode()


def test_the_server_answers_the_page_and_refuses_what_it_must(caplog):
    table = GameTable(max_games=2)
    with running_app(table) as url:
        status, headers, page = _http(url)
        text = page.decode()
        assert status == 200 and "default-src 'self'" in headers["Content-Security-Policy"]
        assert "http://" not in text and "https://" not in text     # nothing from other sites
        js = text.split('<script src="')[1].split('"')[0]
        css = text.split('<link rel="stylesheet" href="')[1].split('"')[0]
        for path in (js, css):
            assert _http(url + path)[0] == 200
        assert _http(url + "static/games.py")[0] == 404 and _http(url + "static/../games.py")[0] == 404
        status, _, body = _http(url + "api/start", {"query": "rules=nica&board=6&seed=2"})
        game = json.loads(body)
        assert status == 200 and game["state"]["settings"]["rules"] == "nica"
        status, _, body = _http(url + "api/act", {"session": game["session"], "action": "click", "suspect": 2,
                                                  "seq": 1})
        assert status == 200 and json.loads(body)["state"]["suspects"][1]["status"] == "A"
        assert _http(url + "api/ping", {"session": game["session"]})[0] == 200
        status, _, body = _http(url + "api/act", {"session": "not-a-game", "action": "state"})
        assert status == 404 and json.loads(body)["error"] == "lost"
        status, _, body = _http(url + "api/act", b"{not json")
        assert status == 400 and json.loads(body)["message"] == "the request is not JSON"
        status, _, body = _http(url + "api/act", {"session": game["session"], "action": "fly"})
        assert status == 400 and "action must be one of" in json.loads(body)["message"]
        status, _, _ = _http(url + "api/start", {"query": ""}, headers={"Origin": "http://elsewhere.example"})
        assert status == 403
        status, _, body = _http(url + "api/act", b"x" * 100_000)              # too big: refused, and said
        assert status == 413 and json.loads(body)["message"] == "Request Entity Too Large"
        assert _http(url + "api/start", {"query": ""})[0] == 200                  # the second game: full now
        status, _, body = _http(url + "api/start", {"query": ""})
        assert status == 503 and json.loads(body)["error"] == "full" and "Try again" in json.loads(body)["message"]
        assert _http(url + "api/start", method="GET")[0] == 405
    assert len(table) == 2
    said = [r.getMessage() for r in caplog.records if r.name.startswith("guesswho")]
    assert len(said) == 1 and "The game is full (2 games)" in said[0]       # said once, not per refused page


def test_a_fault_on_the_server_is_a_clear_answer_and_a_line_with_its_traceback(caplog, monkeypatch):
    table = GameTable()
    game = table.start("board=8")

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a fault made by the test")
    monkeypatch.setattr(table, "act", broken)
    with running_app(table, base_url="/guesswho/") as url:
        assert url.endswith("/guesswho/") and _http(url)[0] == 200
        status, _, body = _http(url + "api/act", {"session": game["session"], "action": "state"})
        assert status == 500 and "error on the server" in json.loads(body)["message"]
        assert "ZeroDivisionError" not in body.decode()                       # no traceback sent to the page
    logged = "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
    assert "500 POST /guesswho/api/act" in logged


def test_the_page_is_built_from_the_menus_of_the_play_widget():
    from guesswho_apps.server.app import page_html
    from guesswho_lib.widgets.play_view import menus

    html = page_html()
    m = menus()
    for rules in m["rules"]:
        assert f'<option value="{rules}"' in html
    for label, value in m["computers"] + m["best_of"]:
        assert f'<option value="{value}"' in html and label in html
    assert f'max="{m["max_board"]}"' in html and 'aria-live="polite"' in html and 'role="alert"' in html


# ---- the command ------------------------------------------------------------------------------------------------
def _serve(*options, timeout=60):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "guesswho_apps", "serve", *options], capture_output=True, text=True,
                          timeout=timeout)


def test_a_misused_serve_command_says_which_option_in_one_line():
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = _serve("--port", str(port))
    assert r.returncode == 2 and f"--port: port {port} is in use" in r.stderr and len(r.stderr.splitlines()) == 1
    for options, says in ((("--max-games", "0"), "--max-games: must be an integer from 1"),
                          (("--idle-hours", "0"), "--idle-hours: must be a number of hours above 0"),
                          (("--port", "70000"), "--port: must be an integer from 1 to 65535"),
                          (("--base-url", "guesswho"), "--base-url: must start with /"),
                          (("--max-games-per-address", "0"), "--max-games-per-address: must be an integer from 1"),
                          (("--trusted-proxy", "the hub"), "--trusted-proxy: trusted proxy must be an IP address"),
                          (("--origin", "hub.school.example"), "--origin: must be an address such as http://"),
                          (("--ip", "999.1.1.1"), "--ip: cannot listen on '999.1.1.1'"),
                          (("--jupyterhub",), "--jupyterhub: this is for a server that JupyterHub starts"),
                          (("--public-url", "hub.school"), "--public-url: must be an address starting with http://"),
                          (("--public-url", "https://"), "--public-url: must be an address starting with http://")):
        r = _serve(*options)
        assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, (options, r)
