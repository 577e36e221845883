"""What keeps the class's figures valid, headless (the class server over HTTP:
tests/apps/server/test_class_validity.py):

* the referee finishes a game left unfinished with best play for both sides: the record replays, says from which
  move the server played, and over the secret persons the finished game is won with the exact chance of the
  position it was left in (so leaving a game never changes what it is expected to count);
* nicknames are compared after NFKC and Unicode's confusables fold (the shipped table is well formed: every
  prototype is a fixed point), and numbered in the order their students came;
* the first few games of a nickname with the same settings count; the store says from which move the server
  played, and the tally counts the games the server finished per group, without their moves in the costs;
* a new store is its owner's only; every database error is "store unavailable" with its reason; a full disk is
  named as such.
"""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guesswho_apps.classroom import ClassStore, StoreUnavailable, game_record, new_player_id, replay
from guesswho_apps.classroom import dialects
from guesswho_apps.classroom.names import FOLD_TABLE, nickname_key, numbered
from guesswho_apps.classroom.referee import finish_record, position
from guesswho_apps.classroom.export import export_csv
from guesswho_apps.classroom.store import COUNTED_PER_NICKNAME
from guesswho_lib.board.play import BoardGame
from guesswho_lib.game.class_data import read_games, sample_paths
from guesswho_lib.game.play import Game
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import parse_move


# ---- finishing a game left unfinished ------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(["official", "nica", "tripartite", "merciful"]), board=st.integers(2, 9),
       computer=st.sampled_from(["optimal", "halving", "human"]), you_first=st.booleans(),
       seed=st.integers(0, 10**6), moves=st.integers(0, 3))
def test_a_game_left_anywhere_is_finished_with_best_play_and_replays(rules, board, computer, you_first, seed, moves):
    g = Game(rules, board=board, computer=computer, you_first=you_first, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        pool = g.mover_suspects
        if len(pool) == 1 and g.rules.guess is not None:
            g.guess(pool[0] + 1)
        elif len(pool) > 1:
            g.ask([i + 1 for i in rng.sample(pool, rng.randrange(1, len(pool)))])
        else:
            break
    if g.over:
        with pytest.raises(ValueError, match="already over"):
            finish_record(game_record(g), position(g))
        return
    record = finish_record(game_record(g, unfinished=True), position(g), rng)
    r = replay(record)
    assert r.finished_by_server == len(g.history) and len(r.moves) > len(g.history)
    for m in r.moves[len(g.history):]:                         # the server's moves: best play, for both sides
        assert m.cost == 0
    assert record["moves"][:len(g.history)] == game_record(g, unfinished=True)["moves"]   # the players' own


def test_the_board_of_faces_is_finished_too():
    for rules in ("official", "nica"):
        g = BoardGame(rules, computer="optimal", seed=3)
        g.ask(g.question_menu()[0][1])
        r = replay(finish_record(game_record(g, unfinished=True), position(g)))
        assert r.finished_by_server == len(g.history) and r.winner in ("you", "computer")


def test_finishing_wins_with_the_exact_chance_of_the_position_left():
    """Every way the secret persons and the server's choices can fall: a (4, 4) game left after the student's 1:3
    and the computer's reply is won, on average over its secret persons, with the exact value of where it was
    left; and over the answer to 1:3, with 9/16 (the martingale that makes leaving a game change nothing)."""
    solution = cached_solution("official", 4)
    wins, games, exact = Counter(), Counter(), {}
    rng = random.Random(7)
    total = won = 0
    for k in range(3000):
        g = Game("official", board=4, computer="optimal", seed=10**6 + k)
        g.ask([1])
        total += 1
        if g.over:
            won += g.winner == "you"
            continue
        where = (g.state, g.to_move)
        exact[where] = g.win_probability()
        record = finish_record(game_record(g, unfinished=True), position(g), rng)
        wins[where] += record["winner"] == "you"
        won += record["winner"] == "you"
        games[where] += 1
    assert len(games) >= 3
    for where, count in games.items():
        p = exact[where]
        se = (p * (1 - p) / count) ** 0.5
        assert abs(wins[where] / count - p) <= 4 * se + 1e-9, (where, wins[where], count, p)
    p = solution.value(4, 4, parse_move("1:3"))
    assert p == Fraction(9, 16) and abs(won / total - p) <= 4 * (p * (1 - p) / total) ** 0.5


# ---- names -----------------------------------------------------------------------------------------------------
def test_the_fold_table_is_unicodes_confusables_and_well_formed():
    text = FOLD_TABLE.read_text(encoding="utf-8")
    assert "confusables.txt" in text and "Unicode License v3" in text and "MIT" in text   # its source and licences
    table = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, target = line.split("\t")
            table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    assert len(table) > 6000 and table["\u0430"] == "a" and table["\uff33"] == "S" and table["m"] == "rn"
    assert not [t for t in table.values() if any(c in table for c in t)]        # prototypes are fixed points


@pytest.mark.parametrize("a, b, same", [
    ("Sam", "S\u0430m", True), ("Sam", "\uff33\uff41\uff4d", True), ("Sam", "SAM", True), ("Sam", "Sarn", True),
    ("José", "Jose\u0301", True), ("Il", "ll", True), ("B0b", "Bob", True),
    ("Sam", "Pam", False), ("Ana", "Anna", False), ("Zoë", "Zoe", False)])
def test_nicknames_that_look_alike_have_one_key(a, b, same):
    assert (nickname_key(a) == nickname_key(b)) == same


def test_the_first_to_come_keeps_the_plain_name():
    assert numbered(["S\u0430m", "Sam", "Ana", "\uff33\uff41\uff4d"]) == ["S\u0430m", "Sam (2)", "Ana",
                                                                        "\uff33\uff41\uff4d (3)"]


# ---- the store -------------------------------------------------------------------------------------------------
@pytest.fixture
def store(tmp_path):
    s = ClassStore(str(tmp_path / "class.db"))
    s.create()
    return s


def _activity_game(seed: int, leave: bool):
    g = Game("official", board=4, computer="optimal", seed=None)
    g.ask([1])
    if leave and not g.over:
        return finish_record(game_record(g, unfinished=True), position(g), random.Random(seed))
    while not g.over:
        pool = g.your_suspects
        g.guess(pool[0] + 1) if len(pool) == 1 else g.ask([pool[0] + 1])
    return game_record(g)


def test_a_nickname_counts_its_first_games_with_the_same_settings(store):
    code = store.start_session().code
    pages = [new_player_id() for _ in range(3)]
    said, records = [], [_activity_game(k, k % 2) for k in range(COUNTED_PER_NICKNAME + 3)]
    for k, record in enumerate(records):                       # one student, three tabs, look-alike nicknames
        said.append(store.record_game(code, pages[k % 3], ("Sam", "S\u0430m", "SAM")[k % 3], record).left_out)
    assert said == [""] * COUNTED_PER_NICKNAME + ["cap"] * 3
    store.record_game(code, new_player_id(), "Ana", _activity_game(99, False))          # another student counts
    t = store.tally(code)
    groups = {g["move"]: g for g in t["activity"]["groups"]}
    assert groups["1:3"]["games"] == COUNTED_PER_NICKNAME + 1
    assert [(r["reason"], r["games"]) for r in t["left_out"]["reasons"]] == [("cap", 3)]
    assert f"the first {COUNTED_PER_NICKNAME} of one nickname" in t["left_out"]["reasons"][0]["text"]
    left = sum(1 for r in records[:COUNTED_PER_NICKNAME] if r.get("finished_by_server"))
    assert left > 0 and groups["1:3"]["by_server"] == t["finished_by_server"] == left
    with sqlite3.connect(store.location) as db:
        def count(where):
            return db.execute("SELECT COUNT(*) FROM class_moves m JOIN class_games g ON g.game = m.game WHERE "
                              f"m.player = 'you' AND g.left_out = '' AND {where}").fetchone()[0]
        server_moves = count("g.finished_by_server > 0 AND m.number > g.finished_by_server")
        all_moves = count("1 = 1")
    assert server_moves > 0 and t["costs"]["moves"] == all_moves - server_moves   # not the class's moves
    games = read_games(export_csv(store.export_rows(code))[0])                    # the export says which, too
    assert Counter(g["finished_by_server"] for g in games) == Counter([r.get("finished_by_server", 0)
                                                                       for r in records] + [0])


def test_an_export_from_before_the_server_finished_games_still_reads():
    """An export written before the ``finished_by_server`` column: its games were all finished by their players."""
    header, *rows = sample_paths()[0].read_text(encoding="utf-8").splitlines()
    assert header.endswith(",finished_by_server")
    older = "\n".join([header.rsplit(",", 1)[0]] + [r.rsplit(",", 1)[0] for r in rows])
    assert read_games(older) == read_games(sample_paths()[0])


def test_a_new_store_is_its_owners_only(tmp_path):
    s = ClassStore(str(tmp_path / "class.db"))
    s.create()
    s.start_session()
    with sqlite3.connect(s.location) as reader:              # (a connection open: the -wal and -shm are there)
        reader.execute("SELECT COUNT(*) FROM class_sessions").fetchone()
        for suffix in ("", "-wal", "-shm"):
            assert oct((tmp_path / f"class.db{suffix}").stat().st_mode & 0o777) == "0o600"
    reader.close()
    assert dialects.readable_by_others(s.location) == []
    (tmp_path / "class.db").chmod(0o640)
    assert dialects.readable_by_others(s.location) == [f"{s.location} (mode 0640)"]


def test_every_database_error_is_store_unavailable_with_its_reason(store, monkeypatch):
    code = store.start_session().code
    for error in (sqlite3.DatabaseError("database disk image is malformed"), sqlite3.IntegrityError("x"),
                  sqlite3.InterfaceError("y"), OSError(5, "Input/output error")):
        def broken(*args, error=error, **kwargs):
            raise error
        monkeypatch.setattr(dialects.sqlite3, "connect", broken)
        with pytest.raises(StoreUnavailable) as e:
            store.tally(code)
        assert "\n" not in str(e.value) and str(error) in str(e.value)
    monkeypatch.undo()
    assert "the store file is damaged" in dialects.reason(sqlite3.DatabaseError("database disk image is malformed"))


def test_a_full_disk_is_named_as_such(store, monkeypatch):
    class Full:
        free = 0
    monkeypatch.setattr(dialects.shutil, "disk_usage", lambda path: Full())
    said = dialects.reason(sqlite3.OperationalError("unable to open database file"), location=store.location)
    assert said.startswith("the disk is full") and "unable to open database file" in said
    said = dialects.reason(sqlite3.OperationalError("database is locked"), 5, store.location)
    assert "held a lock" in said                                # a lock is a lock, whatever the disk
