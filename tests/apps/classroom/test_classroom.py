"""The class store and its referee (guesswho_apps.classroom), without a server or a browser.

* the referee replays every game the play page can produce and finds the values the game showed; it refuses
  an injected wrong result (a value, a winner, an illegal move, an impossible answer, a move after the end, a
  game not finished, a malformed field) and nothing of a refused game is stored;
* thirty processes (as thirty kernels) finish their games at the same moment, through the real SQLite store,
  each sending every game twice: no game is lost, none is counted twice;
* the tally read by a new process (a restarted server) is the same;
* sessions: the teacher's token, a session that has ended, reset, deletion, the 30-day purge; checked fields;
* the SQL dialect layer (PostgreSQL's parameters), and the store on a real PostgreSQL server when one is given.
"""

from __future__ import annotations

import copy
import json
import multiprocessing
import random
import re
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guesswho_lib.board.play import BoardGame
from guesswho_apps.classroom import (ClassStore, InvalidGame, SessionError, StoreUnavailable, check_code,
                                    check_nickname, expected_win_rates, game_record, new_player_id, replay)
from guesswho_apps.classroom import dialects, store as store_module
from guesswho_lib.game.play import Game

from class_games import activity_game, as_if_drawn, play_out
from servers import postgresql_or_skip

STUDENTS = 30
GAMES_EACH = 3


@given(rules=st.sampled_from(["official", "nica", "tripartite", "merciful"]), N=st.integers(2, 14),
       computer=st.sampled_from(["optimal", "halving"]), you_first=st.booleans(), seed=st.integers(0, 10**6))
def test_the_referee_finds_every_value_the_game_showed(rules, N, computer, you_first, seed):
    g = play_out(Game(rules, board=N, computer=computer, you_first=you_first, seed=seed), random.Random(seed))
    r = replay(game_record(g))
    assert r.winner == g.winner and len(r.moves) == len(g.history)
    for turn, move in zip(g.history, r.moves):
        assert (move.player, move.win_before, move.move_value, move.best_value, move.win_after) == \
               (turn.player, turn.win_before, turn.move_value, turn.best_value, turn.win_after)
        assert move.cost == turn.loss
    assert r.your_cost == g.accounting()["your_cost"]


@pytest.mark.parametrize("seed", range(3))
def test_the_referee_replays_the_board_of_faces(seed):
    g = play_out(BoardGame("official", seed=seed), random.Random(seed))
    r = replay(game_record(g))
    assert [(m.win_before, m.move_value, m.best_value, m.win_after) for m in r.moves] == \
           [(t.win_before, t.move_value, t.best_value, t.win_after) for t in g.history]
    assert r.board == "faces" and r.winner == g.winner


def test_games_a_student_could_arrange_are_recorded_but_left_out_and_counted(class_store):
    """Two players on one screen (either can choose who wins) and secret persons chosen by the address (a won
    game replayed): recorded, left out of the activity, of every game by settings and of the costly moves."""
    store, session = class_store
    player = new_player_id()
    for seed in range(6):
        g = Game("official", board=4, computer="human", seed=seed)            # the hot-seat game
        g.ask([1] if seed % 2 else [1, 2])
        play_out(g, random.Random(seed))
        store.record_game(session.code, player, "pair", game_record(g))
    for _ in range(4):                                                      # one game, replayed by its seed
        store.record_game(session.code, player, "pair", game_record(activity_game(3, "1:3")))
    fair = Game("official", board=4)                                       # no seed: counted
    fair.ask([1, 2])
    play_out(fair, random.Random(1))
    assert game_record(fair)["seeded"] is False and game_record(activity_game(3, "1:3"))["seeded"] is True
    store.record_game(session.code, player, "pair", game_record(fair))
    t = store.tally(session.code)
    assert {g["move"]: g["games"] for g in t["activity"]["groups"]} == {"1:3": 0, "2:2": 1}
    assert t["games"] == 11 and [(s["computer"], s["games"]) for s in t["by_settings"]] == [("optimal", 1)]
    assert t["costs"]["moves"] == sum(1 for m in replay(game_record(fair)).moves if m.player == "you")
    assert t["left_out"]["games"] == 10
    assert {r["reason"]: r["games"] for r in t["left_out"]["reasons"]} == {"two players": 6, "seed": 4}
    assert all(r["text"] for r in t["left_out"]["reasons"]) and t["nicknames"] == [["pair", 11]]


def test_the_expectations_are_the_solvers_values_at_four_four():
    assert expected_win_rates() == {"1:3": Fraction(9, 16), "2:2": Fraction(1, 2)}


# ---- injected wrong results ---------------------------------------------------------------------------------------
def _won_game():
    """A game the student won by naming their last suspect (the computer halving: the optimal computer never
    leaves them the time), and its record."""
    for seed in range(1000):
        g = Game("official", board=6, computer="halving", seed=seed)
        play_out(g, random.Random(seed))
        if (g.winner == "you" and g.history[-1].player == "you" and g.history[-1].state_before[0] == 1
                and g.history[0].player == "you" and not g.history[0].label.startswith("guess")):
            return g, as_if_drawn(game_record(g))
    raise AssertionError("no such game in 1000 seeds")   # pragma: no cover


def _lost_game():
    for seed in range(200):
        g = activity_game(seed, "2:2")
        if g.winner == "computer":
            return g, as_if_drawn(game_record(g))
    raise AssertionError("no lost game in 200 seeds")   # pragma: no cover


def _tampered():
    """(what was changed, a record, the words the refusal must contain)."""
    _, won = _won_game()
    _, lost = _lost_game()
    cases = []

    def case(name, base, change, words):
        r = copy.deepcopy(base)
        change(r)
        cases.append((name, r, words))

    case("a lost game claimed as won", lost, lambda r: r.update(winner="you"), "winner")
    case("a better value", won, lambda r: r["moves"][0]["values"].__setitem__(1, "3/4"), "value of the move")
    case("a better chance after", won, lambda r: r["moves"][0]["values"].__setitem__(3, "1"), "your chance after")
    case("a chance above 1", won, lambda r: r["moves"][0]["values"].__setitem__(0, "17/16"), "at most 1")
    case("an illegal split", won, lambda r: r["moves"][0].update(move="2:3"), "not a legal move")
    case("an impossible answer", won, lambda r: r["moves"][0].update(left=99), "left must be")
    case("a guess that cannot be wrong", won, lambda r: (r["moves"][-1].update(answer="wrong"),
                                                         r.update(winner="computer")), "always right")
    case("the computer's move played by the student", won, lambda r: r["moves"][1].update(player="you"), "turn")
    case("a move after the end", won, lambda r: r["moves"].append(copy.deepcopy(r["moves"][-1])), "already over")
    case("a game not finished", won, lambda r: r.update(moves=r["moves"][:1]), "not over")
    case("no moves", won, lambda r: r.update(moves=[]), "empty")
    case("a flood of moves", won, lambda r: r.update(moves=r["moves"] * 50), "more than a game")
    case("an unknown field", won, lambda r: r.update(extra="x"), "unknown field")
    case("an unknown rule set", won, lambda r: r.update(rules="cheating"), "rules must be one of")
    case("a board too large", won, lambda r: r.update(board="101"), "board must be")
    case("a bool for a number", won, lambda r: r["moves"][0].update(left=True), "left must be")
    case("a float value", won, lambda r: r["moves"][0]["values"].__setitem__(0, 0.5625), "exact fraction")
    case("a game id that is not hex", won, lambda r: r.update(game="x" * 32), "hexadecimal")
    case("another format", won, lambda r: r.update(format=2), "format")
    return cases


@pytest.fixture()
def class_store(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    return store, store.start_session()


@pytest.mark.parametrize("name, record, words", _tampered(), ids=[c[0] for c in _tampered()])
def test_an_injected_wrong_result_is_refused_and_nothing_is_stored(class_store, name, record, words):
    store, session = class_store
    with pytest.raises(InvalidGame, match=None) as refused:
        store.record_game(session.code, new_player_id(), "Sam", record)
    assert words in str(refused.value), f"{name}: {refused.value}"
    assert store.tally(session.code)["games"] == 0
    assert store.rows(session.code)["moves"] == []


def test_a_game_id_is_written_once(class_store):
    store, session = class_store
    player = new_player_id()
    _, won = _won_game()
    first = store.record_game(session.code, player, "Sam", won)
    again = store.record_game(session.code, player, "Sam", won)           # a retry: harmless
    assert (first.new, again.new, again.games_by_player) == (True, False, 1)
    _, lost = _lost_game()
    lost["game"] = won["game"]                                              # someone else's game id
    with pytest.raises(InvalidGame, match="already stored"):
        store.record_game(session.code, new_player_id(), "Kim", lost)
    assert store.tally(session.code)["games"] == 1


def test_games_that_end_together_are_written_in_one_transaction_each_refused_on_its_own(class_store, monkeypatch):
    store, session = class_store
    games_written_together(store, session.code, monkeypatch)


def games_written_together(store, code, monkeypatch):
    """record_games: one call writes several pages' games and the notes of games under way; a game refused (its id
    taken by another game, a class that is not open, a player past the limit, refused after its row was written)
    leaves nothing of its own and does not stop the others; a note of a game recorded in the same call is dropped."""
    from guesswho_apps.classroom import new_game_id

    ann, ben, kim = new_player_id(), new_player_id(), new_player_id()
    _, won = _won_game()
    _, lost = _lost_game()
    store.record_game(code, ann, "Ann", won)
    another = as_if_drawn(game_record(activity_game(11, "1:3")))
    monkeypatch.setattr(store_module, "MAX_GAMES_PER_PLAYER", 1)          # Ann has her one game
    under_way = new_game_id()
    results = store.record_games(
        [(code, ann, "Ann", won),                                          # sent again: stored once
         (code, ben, "Ben", {**lost, "game": won["game"]}),                # another game under Ann's id
         (code, ben, "Ben", lost),
         ("ZZZZZ" if code != "ZZZZZ" else "ZZZZY", kim, "Kim", another),   # no such class
         (code, ann, "Ann", another)],                                     # past Ann's limit, once written
        notes=[(code, ben, "Ben", {"game": lost["game"]}, {}), (code, kim, "Kim", {"game": under_way}, {})],
        server="a server gone")
    assert [type(r).__name__ for r in results] == ["Recorded", "InvalidGame", "Recorded", "SessionError",
                                                   "SessionError"]
    assert (results[0].new, results[2].new, results[2].games_by_player) == (False, True, 1)
    assert "already recorded 1 games" in str(results[4])
    assert sorted(r[2] for r in store.export_rows(code)["games"]) == ["Ann", "Ben"]     # not Ann's second
    assert [g[0] for g in store.orphaned_games("this server")] == [under_way]       # Ben's note went with his game


# ---- thirty kernels at once ----------------------------------------------------------------------------------------
def _student(location, code, records, barrier, results, number):
    """One student's kernel: waits for the others, then sends each of its games twice (a retry).  (Each student
    has a nickname of their own: one nickname counts its first few games with the same settings.)"""
    store = ClassStore(location)
    player = new_player_id()
    barrier.wait(timeout=60)
    new = 0
    for record in records:
        for _ in range(2):
            new += store.record_game(code, player, f"student {number}", record).new
    results.put(new)


def test_thirty_students_finish_their_games_at_once(tmp_path):
    thirty_students(str(tmp_path / "class.db"))


def thirty_students(location):
    """Thirty processes record their games at the same moment through the store at ``location``; the tally has
    every game once, and a new process reads the same tally."""
    store = ClassStore(location)
    store.create()
    session = store.start_session()
    records, expected_wins = [], {"1:3": 0, "2:2": 0}
    for k in range(STUDENTS * GAMES_EACH):
        first = "1:3" if k % 2 else "2:2"
        g = activity_game(k, first)
        expected_wins[first] += g.winner == "you"
        records.append(as_if_drawn(game_record(g)))
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(STUDENTS), ctx.Queue()
    procs = [ctx.Process(target=_student, args=(store.location, session.code,
                                                records[i * GAMES_EACH:(i + 1) * GAMES_EACH], barrier, results, i))
             for i in range(STUDENTS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
    assert [p.exitcode for p in procs] == [0] * STUDENTS, "a student's process failed (see the output above)"
    assert sum(results.get(timeout=5) for _ in procs) == STUDENTS * GAMES_EACH    # each game new exactly once
    t = store.tally(session.code)
    assert (t["games"], t["players"]) == (STUDENTS * GAMES_EACH, STUDENTS)
    groups = {g["move"]: g for g in t["activity"]["groups"]}
    assert {m: (g["games"], g["wins"]) for m, g in groups.items()} == \
           {m: (STUDENTS * GAMES_EACH // 2, expected_wins[m]) for m in groups}
    assert t["costs"]["moves"] == sum(sum(1 for m in r["moves"] if m["player"] == "you") for r in records)
    # a restart: a new process reads the same tally from the file
    out = subprocess.run([sys.executable, "-c", "import json, sys; from guesswho_apps.classroom import ClassStore; "
                          "print(json.dumps(ClassStore(sys.argv[1]).tally(sys.argv[2])))", store.location,
                          session.code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(out.stdout) == json.loads(json.dumps(t))


# ---- sessions and fields -------------------------------------------------------------------------------------------
def test_sessions_tokens_reset_deletion_and_purge(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    start = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
    a, b = store.start_session(now=start), store.start_session(now=start)
    assert a.code != b.code and a.token != b.token
    assert store.is_teacher(a.code, a.token) and not store.is_teacher(a.code, b.token)
    assert not store.is_teacher(b.code, a.token) and not store.is_teacher("ZZZZZ", a.token)
    assert not store.is_teacher(a.code, "") and not store.is_teacher(a.code, None)
    assert a.token not in (tmp_path / "class.db").read_bytes().decode("latin-1")     # only a hash is stored
    _, won = _won_game()
    player = new_player_id()
    store.record_game(a.code.lower(), player, "  Sam  ", won, now=start + timedelta(hours=1))
    with pytest.raises(SessionError, match="has ended"):
        store.record_game(a.code, player, "Sam", game_record(activity_game(7, "2:2")), now=start + timedelta(hours=13))
    with pytest.raises(SessionError, match="no open class with the code"):
        store.record_game("ABCDE" if a.code != "ABCDE" else "ABCDF", player, "Sam", won)
    assert store.games_by_player(a.code, player) == 1 and store.games_by_player(b.code, player) == 0
    assert store.tally(a.code)["nicknames"] == [["Sam", 1]] and store.tally(b.code)["games"] == 0
    assert store.reset(a.code) == 1 and store.tally(a.code)["games"] == 0 and store.is_teacher(a.code, a.token)
    store.record_game(b.code, player, "Sam", won, now=start + timedelta(hours=1))
    assert store.delete_session(b.code) == 1
    with pytest.raises(SessionError):
        store.tally(b.code)
    assert store.purge(now=start + timedelta(days=29)) == []
    assert store.purge(now=start + timedelta(days=30)) == [a.code] and store.sessions() == []


@pytest.mark.parametrize("typed, canonical", [("k7qmd", "K7QMD"), (" K7Q-MD ", "K7QMD"), ("k 7 q m d", "K7QMD")])
def test_a_typed_code_is_read_as_the_teacher_wrote_it(typed, canonical):
    assert check_code(typed) == canonical


@pytest.mark.parametrize("code", ["K7QM", "K7QMDD", "K7QM0", "K7QMI", "", None, 12345, "ÄBCDE"])
def test_a_malformed_code_is_refused(code):
    with pytest.raises(SessionError, match="class code must be"):
        check_code(code)


@pytest.mark.parametrize("nickname, error", [("", "empty"), ("   ", "empty"), ("x" * 25, "too long"),
                                             ("<script>", "letters, digits"), ("Sam\0", "letters, digits"),
                                             ("a\nb", None), (42, "must be text")])
def test_nicknames_are_checked(nickname, error):
    if error is None:
        assert check_nickname(nickname) == "a b"
        return
    with pytest.raises(ValueError, match=error):
        check_nickname(nickname)


def test_nicknames_in_any_alphabet():
    assert check_nickname("Zoë O'Neill-Ng") == "Zoë O'Neill-Ng" and check_nickname("小明") == "小明"


def test_a_missing_store_is_reported_not_created(tmp_path):
    store = ClassStore(str(tmp_path / "nowhere.db"))
    with pytest.raises(StoreUnavailable, match="no class store at"):
        store.check_open("K7QMD")
    assert not (tmp_path / "nowhere.db").exists()


def test_a_locked_store_is_reported_after_the_busy_timeout(tmp_path, monkeypatch):
    import sqlite3

    store = ClassStore(str(tmp_path / "class.db"), lock_seconds=0.2)
    store.create()
    session = store.start_session()
    holder = sqlite3.connect(store.location, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        t0 = time.monotonic()
        with pytest.raises(StoreUnavailable, match="another program held a lock on it for more than 0.2 s"):
            store.record_game(session.code, new_player_id(), "Sam", _won_game()[1])
        assert time.monotonic() - t0 < 10
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# ---- the SQL dialect layer, and a real PostgreSQL server ------------------------------------------------------------
def test_one_setting_picks_the_database():
    assert dialects.dialect_for("class.db") is dialects.SQLITE
    assert dialects.dialect_for("sqlite:///srv/class.db") is dialects.SQLITE
    assert dialects.dialect_for("postgresql://teacher@db.school/guesswho") is dialects.POSTGRESQL
    assert dialects.dialect_for("postgres://db/guesswho") is dialects.POSTGRESQL
    assert dialects.sqlite_path("sqlite:///srv/class.db") == Path("/srv/class.db")
    with pytest.raises(ValueError, match="three slashes"):
        dialects.sqlite_path("sqlite://class.db")
    with pytest.raises(ValueError, match="file name"):
        dialects.dialect_for("  ")


def _statements() -> list[str]:
    """Every SQL statement of the store module, as written in its source (string literals with SQL keywords)."""
    import ast

    tree = ast.parse(Path(store_module.__file__).read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                node.value.lstrip().startswith(("SELECT", "INSERT", "DELETE", "CREATE", "UPDATE")):
            out.append(node.value)
    return out


def test_postgresql_parameters_are_written_as_psycopg_reads_them():
    statements = _statements()
    assert len(statements) >= 15
    for s in statements:
        pg = dialects.POSTGRESQL.sql(s)
        assert "?" not in pg and pg.count("%s") == s.count("?")
        assert "%" not in s, "a literal % would be read as a parameter by psycopg"
        assert dialects.SQLITE.sql(s) == s
        for word in ("AUTOINCREMENT", "INSERT OR", "REPLACE INTO", "PRAGMA", "DATETIME("):
            assert word not in s.upper(), f"{word} is SQLite only: {s}"


@pytest.fixture(scope="module")
def postgresql():
    yield from postgresql_or_skip()


def test_the_same_store_on_postgresql(postgresql):
    store = ClassStore(postgresql)
    store.create()
    store.create()
    session = store.start_session()
    player = new_player_id()
    g, won = _won_game()
    assert store.record_game(session.code, player, "Sam", won).new
    assert not store.record_game(session.code, player, "Sam", won).new
    with pytest.raises(InvalidGame):
        store.record_game(session.code, player, "Sam", {**won, "winner": "computer"})
    t = store.tally(session.code)
    assert (t["games"], t["wins"], t["players"]) == (1, 1, 1)
    assert store.is_teacher(session.code, session.token) and not store.is_teacher(session.code, "x")
    assert store.reset(session.code) == 1 and store.delete_session(session.code) == 0


def test_thirty_students_at_once_on_postgresql(postgresql):
    thirty_students(postgresql)


def test_games_written_together_on_postgresql(postgresql, monkeypatch):
    store = ClassStore(postgresql)
    store.create()
    games_written_together(store, store.start_session().code, monkeypatch)


# ---- the play page joined to a class (headless), and the command line ----------------------------------------------
def _finish(play, join):
    """Play the page's game to its end with clicks (one suspect at a time, then a guess), then report its end to
    the join state and settle, as the class server does."""
    while not play.game.over:
        mine = play.game.your_suspects
        play.click(mine[0] + 1)
        (play.guess if len(mine) == 1 else play.ask)()
    join.game_over()
    join.settle()


def test_the_play_page_records_each_finished_game_once(class_store):
    from guesswho_apps.server.join import ClassJoinModel
    from guesswho_lib.widgets.play import PlayModel

    store, session = class_store
    play = PlayModel("official", board=4, seed=3)
    join = ClassJoinModel(play, store=store.location)
    _finish(play, join)
    assert join.recorded == 0 and store.tally(session.code)["games"] == 0         # not joined: nothing recorded
    assert not join.join("ZZZZZ" if session.code != "ZZZZZ" else "YYYYY", "Sam") and "no open class" in join.message
    assert not join.join(session.code, "<b>") and "nickname may hold" in join.message and not join.joined
    assert join.join(session.code.lower(), "Sam") and join.code == session.code
    play.new_game(seed=4)
    _finish(play, join)
    assert not join.game_over()                                # the same finished game again records nothing
    assert (join.recorded, store.games_by_player(session.code, join.player)) == (1, 1)
    assert "Game recorded" in join.message
    play.new_game(seed=5)
    _finish(play, join)
    assert join.recorded == 2 and store.tally(session.code)["games"] == 2


def test_a_game_the_store_could_not_take_is_kept_and_sent_again(class_store, tmp_path):
    from guesswho_apps.server.join import ClassJoinModel
    from guesswho_lib.widgets.play import PlayModel

    store, session = class_store
    play = PlayModel("official", board=4, seed=3)
    join = ClassJoinModel(play, store=store.location)
    assert join.join(session.code, "Sam")
    away = tmp_path / "away.db"
    Path(store.location).rename(away)                          # the store is gone (a lost network drive, say)
    _finish(play, join)
    assert (join.unsent, join.recorded, join.error) == (1, 0, True) and "Send again" in join.message
    away.rename(store.location)
    assert join.send() == 0 and join.recorded == 1 and not join.error
    assert join.send() == 0 and store.tally(session.code)["games"] == 1    # nothing is sent twice


def test_the_command_line_starts_lists_tallies_and_deletes_sessions(tmp_path, capsys):
    from guesswho_apps.cli import main

    db = str(tmp_path / "class.db")
    assert main(["class", "start", "--store", db]) == 0
    out = capsys.readouterr().out
    code = re.search(r"class code (\w{5})", out).group(1)
    token = re.search(r"#code=\w{5}&token=(\S+)", out).group(1)
    assert ClassStore(db).is_teacher(code, token)
    assert main(["class", "list", "--store", db]) == 0 and code in capsys.readouterr().out
    assert main(["class", "tally", "--store", db, "--code", code, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 0
    assert main(["class", "tally", "--store", db, "--code", "ZZZZZ" if code != "ZZZZZ" else "YYYYY"]) == 2
    assert "no class with the code" in capsys.readouterr().err
    assert main(["class", "list", "--store", str(tmp_path / "missing.db")]) == 2
    assert "no class store at" in capsys.readouterr().err
    assert main(["class", "delete", "--store", db, "--code", code]) == 0 and ClassStore(db).sessions() == []
