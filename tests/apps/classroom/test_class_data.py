"""The class's games as data and the class quiz (guesswho_apps.classroom.export and .quiz), headless, through a real
class store:

* the export is anonymous by default (no nickname, no stored id; students P1, P2..., games 1, 2, 3...), the
  nicknames only when asked, a cell a spreadsheet would take for a formula defused; it reads back into the library's
  tables (guesswho_lib.game.class_data) with every value the games showed, and each game's accuracy is its review's;
* the (4, 4) groups read from an export agree with the teacher's tally and with the solver (9/16, 1/2), and whether
  the expectation lies in Wilson's interval is decided exactly;
* the quiz finds the positions where the class lost most, each value and best move the solver's, how many chose
  what, and leaves out the games the tally leaves out; on the board of faces the position is replayed from the
  stored moves;
* the shipped sample (guesswho_lib/data/class_sample/) is the sample class's export, byte for byte
  (GUESSWHO_WRITE_SAMPLE=1 writes it again).
Over HTTP and in Chromium: tests/apps/server/test_class_quiz.py."""

from __future__ import annotations

import os
import random
from datetime import datetime, timedelta, timezone
from collections import Counter
from fractions import Fraction

import pytest

from class_games import activity_game, as_if_drawn, play_out, sample_class
from guesswho_apps.classroom import ClassStore, class_quiz, export_csv, game_record, new_player_id
from guesswho_apps.classroom.quiz import QUIZ_CHOICES
from guesswho_lib.board.play import BoardGame
from guesswho_lib.board.solver import cached_board_solution
from guesswho_lib.game.class_data import (GAME_COLUMNS, MOVE_COLUMNS, activity_groups, inside_wilson, read_games,
                                          read_moves, sample_paths)
from guesswho_lib.game.play import Game
from guesswho_lib.game.record import YOU
from guesswho_lib.game.review import Review, move_label
from guesswho_lib.game.simulate import wilson_interval
from guesswho_lib.game.solver import solve
from guesswho_lib.rules import GUESS, RULES, format_fraction, legal_moves, parse_move

KNOWN = {"1:3": 7, "2:2": 5}


@pytest.fixture
def store(tmp_path):
    s = ClassStore(str(tmp_path / "class.db"))
    s.create()
    return s


def _known(store):
    """Known games: the activity (KNOWN of each group, one student each), a game on the board of faces, and a
    game for two on one screen (left out).  Returns (code, the games in the order recorded, their nicknames)."""
    start = datetime.now(timezone.utc) - timedelta(hours=1)
    code = store.start_session(now=start).code
    games, names, players = [], [], []
    for first, count in KNOWN.items():
        player = new_player_id()
        for seed in range(count):
            games.append(activity_game(seed, first))
            names.append(f"Sam {first[0]}")
            players.append(player)
    faces = play_out(BoardGame(seed=3), random.Random(3))
    two = Game("official", board=4, computer="human", seed=1)
    two.ask([1, 2])                                          # a costly move, in a game the tally leaves out
    play_out(two, random.Random(1))
    games += [faces, two]
    names += ["-Ann", "Bo"]
    players += [new_player_id(), new_player_id()]
    for k, (g, name, player) in enumerate(zip(games, names, players)):      # one a second, in this order
        store.record_game(code, player, name, as_if_drawn(game_record(g)), now=start + timedelta(seconds=k))
    return code, games, names


def test_the_export_is_anonymous_unless_asked_and_reads_back_exactly(store):
    code, games, names = _known(store)
    rows = store.export_rows(code)
    games_csv, moves_csv = export_csv(rows)
    assert games_csv.splitlines()[0] == ",".join(c for c, _ in GAME_COLUMNS)
    assert moves_csv.splitlines()[0] == ",".join(c for c, _ in MOVE_COLUMNS)
    for name in set(names):
        assert name not in games_csv and name.lstrip("-") not in games_csv
    for stored in rows["games"]:                            # no stored id: the game's nor the student's
        assert stored[0] not in games_csv + moves_csv and stored[1] not in games_csv + moves_csv
    table = read_games(games_csv)
    assert [g["game"] for g in table] == list(range(1, len(games) + 1))
    assert [g["player"] for g in table] == ["P1"] * 7 + ["P2"] * 5 + ["P3", "P4"]
    moves = read_moves(moves_csv)
    assert len(moves) == sum(len(g.history) for g in games)
    for row, g in zip(table, games):                         # the rows are the games, in the order recorded
        review = Review(g)
        assert (row["won"], row["winner"], row["moves"]) == (int(g.winner == YOU), g.winner, len(g.history))
        assert row["accuracy"] == review.accuracy(YOU) and row["cost"] == g.accounting()["your_cost"]
        assert row["left_out"] == ("two players" if g.computer_name == "human" else "")
        mine = [m for m in moves if m["game"] == row["game"]]
        for m, t, r in zip(mine, g.history, review.moves):
            assert (m["player"], m["chance_before"], m["move_value"], m["best_value"], m["chance_after"]) == \
                   (t.player, t.win_before, t.move_value, t.best_value, t.win_after)
            assert (m["cost"], m["share"], m["label"]) == (r.cost, r.share, r.label)
            assert m["label"] == move_label(m["cost"], r.best)
    named, _ = export_csv(rows, nicknames=True)
    assert named.splitlines()[0].split(",")[:3] == ["game", "player", "nickname"]
    assert [g["nickname"] for g in read_games(named)] == [n if not n.startswith("-") else "'" + n for n in names]
    with pytest.raises(TypeError, match="nicknames must be True or False"):
        export_csv(rows, nicknames="yes")


def test_the_activity_read_from_an_export_agrees_with_the_tally_and_the_solver(store):
    code, games, _ = _known(store)
    groups = activity_groups(read_games(export_csv(store.export_rows(code))[0]))
    tally = {g["move"]: g for g in store.tally(code)["activity"]["groups"]}
    t = solve(4)
    for g in groups:
        wins = sum(x.winner == YOU for x in games[:12] if x.history[0].label == g["move"])
        assert (g["games"], g["wins"]) == (KNOWN[g["move"]], wins) == (tally[g["move"]]["games"],
                                                                      tally[g["move"]]["wins"])
        assert g["expected"] == t.value(4, 4, parse_move(g["move"])) and format_fraction(g["expected"]) == \
            tally[g["move"]]["expected"]
        assert (g["low"], g["high"]) == wilson_interval(wins, g["games"]) and g["rate"] == Fraction(wins, g["games"])
        assert g["inside"] == (g["low"] <= float(g["expected"]) <= g["high"])


def test_inside_wilson_is_exact_at_the_edges():
    """The interval's ends are where g (w/g - p)^2 = z^2 p (1 - p): just inside and just outside each end."""
    for wins, games in [(0, 5), (3, 10), (27, 48), (48, 48), (300, 400)]:
        low, high = wilson_interval(wins, games)
        for end, outward in ((low, -1), (high, 1)):
            inner = Fraction(end) - outward * Fraction(1, 10**9)
            outer = Fraction(end) + outward * Fraction(1, 10**9)
            assert inside_wilson(wins, games, min(max(inner, 0), 1))
            if 0 < outer < 1:
                assert not inside_wilson(wins, games, outer)
    with pytest.raises(ValueError, match="wins must be between 0 and 4"):
        inside_wilson(5, 4, Fraction(1, 2))
    with pytest.raises(ValueError, match="p must be a probability"):
        inside_wilson(1, 4, Fraction(3, 2))


def test_a_file_that_is_not_an_export_is_refused_clearly(tmp_path):
    with pytest.raises(ValueError, match="games: the columns must be those of the class export.*missing"):
        read_games("game,player\n1,P1\n")
    with pytest.raises(ValueError, match="there is no file"):
        read_moves(str(tmp_path / "nothing.csv"))
    text = sample_paths()[0].read_text().replace(",1/2,", ",1/x,", 1)
    if text != sample_paths()[0].read_text():
        with pytest.raises(ValueError, match="games, line"):
            read_games(text)


def test_the_quiz_finds_where_the_class_lost_most(store):
    code, games, _ = _known(store)
    quiz = class_quiz(store.export_rows(code))
    t = solve(24)
    counted = [g for g in games if g.computer_name != "human"]
    losses: dict = Counter()
    for g in counted:                                        # the class's loss at each position, from the games
        for turn in g.history:
            if turn.player == YOU:
                key = ("faces", turn.sets_before) if isinstance(g, BoardGame) else ("4", turn.state_before)
                losses[key] += turn.loss
    top = sorted((v for v in losses.values() if v), reverse=True)
    assert [Fraction(p["loss"]) for p in quiz["positions"]] == top[:len(quiz["positions"])]
    assert quiz["moves"] == sum(t.player == YOU for g in counted for t in g.history)
    four = next(p for p in quiz["positions"] if p["board"] == "4" and (p["you"], p["computer"]) == (4, 4))
    assert four["times"] == sum(KNOWN.values()) and Fraction(four["loss"]) == KNOWN["2:2"] * Fraction(1, 16)
    assert [c["move"] for c in four["choices"]] == ["1:3", "2:2", "guess"]    # every move there, in a fixed order
    r = four["reveal"]
    assert r["best"] == ["1:3"] and r["chance"] == "9/16" and "1/4 × 3/4" in r["arithmetic"]
    assert [(c["move"], c["times"], c["value"], c["best"]) for c in r["chosen"]] == [
        ("1:3", KNOWN["1:3"], format_fraction(t.value(4, 4, (1, 3))), True),
        ("2:2", KNOWN["2:2"], format_fraction(t.value(4, 4, (2, 2))), False),
        ("guess", 0, format_fraction(t.value(4, 4, GUESS)), False)]
    assert not any("How the numbers work" in w for w in r["why"]) and "P(4, 4) = 9/16" in r["why"][0]
    sol = cached_board_solution()
    for p in quiz["positions"]:
        assert Fraction(p["loss"]) > 0 and p["players"] >= 1
        assert sum(c["times"] for c in p["reveal"]["chosen"]) == p["times"]      # every student move counted once
        best = {c["move"] for c in p["reveal"]["chosen"] if c["best"]}
        played = {c["move"] for c in p["reveal"]["chosen"] if c["times"]}
        if p["board"] == "faces":
            mine = frozenset(p["suspects"])
            theirs = next(turn.sets_before[1] for turn in games[12].history if turn.sets_before[0] == mine)
            every = len(sol.moves(mine, theirs))
        else:
            every = len(list(legal_moves(p["you"], RULES[p["rules"]])))
        shown = {c["move"] for c in p["choices"]}
        assert shown == {c["move"] for c in p["reveal"]["chosen"]}
        assert (len(shown) == every) if every <= QUIZ_CHOICES else (shown == played | best)
        assert best == set(p["reveal"]["best"]) and {c["move"] for c in p["choices"]} >= best
        if p["board"] == "faces":                            # the sets, replayed: the solution's values
            mine = frozenset(p["suspects"])
            theirs = next(turn.sets_before[1] for turn in games[12].history if turn.sets_before[0] == mine)
            assert p["reveal"]["chance"] == format_fraction(sol.P(mine, theirs))
            values = {mv.text if mv.kind == "question" else "guess": mv.value for mv in sol.moves(mine, theirs)}
            assert all(Fraction(c["value"]) == values[c["move"]] for c in p["reveal"]["chosen"])
            assert p["image"].startswith("data:image/svg+xml;base64,")
        else:
            n, m = p["you"], p["computer"]
            assert all(Fraction(c["value"]) == t.value(n, m, parse_move(c["move"])) for c in p["reveal"]["chosen"])
    assert any(p["board"] == "faces" for p in class_quiz(store.export_rows(code), limit=50)["positions"])


def test_an_empty_session_has_an_empty_quiz_and_export(store):
    code = store.start_session().code
    assert class_quiz(store.export_rows(code)) == {"code": code, "moves": 0, "positions": []}
    games, moves = export_csv(store.export_rows(code))
    assert read_games(games) == [] and read_moves(moves) == []


def test_the_shipped_sample_is_the_sample_class_exported(tmp_path):
    store = ClassStore(str(tmp_path / "sample.db"))
    store.create()
    code, games = sample_class(store)
    exported = export_csv(store.export_rows(code))
    paths = sample_paths()
    if os.environ.get("GUESSWHO_WRITE_SAMPLE"):
        for path, text in zip(paths, exported):
            path.write_bytes(text.encode("utf-8"))
    assert tuple(p.read_bytes().decode("utf-8").replace("\r\n", "\n") for p in paths) == tuple(
        t.replace("\r\n", "\n") for t in exported), \
        "the shipped sample is not the sample class's export: GUESSWHO_WRITE_SAMPLE=1 python -m pytest -k sample"
    groups = activity_groups(read_games(paths[0]))
    assert [(g["move"], g["games"]) for g in groups] == [("1:3", 48), ("2:2", 48)]
    assert all(g["inside"] for g in groups)


def test_the_reference_states_the_data_dictionary_as_the_export_writes_it():
    """docs/reference.md's two tables are the library's columns, in order, with their meanings word for word."""
    import re
    from pathlib import Path

    from guesswho_lib.game.class_data import NICKNAME_COLUMN

    text = (Path(__file__).resolve().parents[3] / "docs" / "reference.md").read_text(encoding="utf-8")
    for marker, columns in (("games-columns", GAME_COLUMNS[:2] + (NICKNAME_COLUMN,) + GAME_COLUMNS[2:]),
                            ("moves-columns", MOVE_COLUMNS)):
        block = re.search(rf"<!-- {marker} -->(.*?)<!-- /{marker} -->", text, re.S).group(1)
        rows = re.findall(r"^\| `(\w+)` \| (.*) \|$", block, re.M)
        assert rows == list(columns), marker
