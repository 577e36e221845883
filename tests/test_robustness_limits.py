"""Inputs that used to hang, blow up or crash now get a fast answer or a clear refusal.

Each limit is tested on both sides: refused (with the limit and the argument's name in the message) above it,
and the right answer below it or after the refusal (a stopped search leaves its caches correct).  Each
test was seen to fail when the code it guards was broken on purpose.
"""

from __future__ import annotations

import os
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import guesswho_lib as gw
from guesswho_lib.board.traits import BOARD_FILE_LIMIT, load_board
from guesswho_lib.game import simulate, strategies, walk
from guesswho_lib.rules import GUESS, get_rules, legal_moves
from guesswho_lib.game.solver import solve
from guesswho_lib.imperfect import codes, minimum
from guesswho_lib.widgets.explorers import EXPLORER_MAX_N, HeatmapModel

SHIPPED_CSV = (gw.__path__[0] + "/data/characters.csv")


def one_at_a_time(n, m):
    """Remove one suspect a move: the longest games there are."""
    return (1, n - 1) if n > 1 else GUESS


# ---- minimum_questions and the liar game --------------------------------------------------------------

def test_numpy_integers_are_taken_as_their_value():
    plain = minimum.minimum_questions(24, adaptive=False)
    assert minimum.minimum_questions(np.int64(24), adaptive=False).value == plain.value == 5
    one_lie = minimum.minimum_questions(24, lies=1).value
    assert minimum.minimum_questions(np.int64(24), lies=np.int64(1)).value == one_lie == 8
    assert minimum.liar_game_wins(np.int64(24), 8, lies=1) and not minimum.liar_game_wins(24, np.int64(7), lies=1)
    assert minimum.liar_game_wins((np.int64(24), np.int64(0)), 8)


def test_predetermined_play_is_refused_above_its_limit_and_answers_at_it():
    with pytest.raises(ValueError, match=rf"n must be at most {minimum.PREDETERMINED_LIMIT} .*got 1000000"):
        minimum.minimum_questions(10**6, adaptive=False)
    at_limit = minimum.minimum_questions(minimum.PREDETERMINED_LIMIT, adaptive=False)
    assert at_limit.value == (minimum.PREDETERMINED_LIMIT - 1).bit_length() == 14
    with pytest.raises(ValueError, match="n must be between 1 and"):
        minimum.code_for_distance(minimum.PREDETERMINED_LIMIT + 1, 3)


def test_a_search_over_its_work_limit_stops_with_the_limit_in_the_message_and_leaves_the_memo_right(monkeypatch):
    gw.clear_caches()
    monkeypatch.setattr(minimum, "SEARCH_WORK_LIMIT", 1_000)
    with pytest.raises(minimum.SearchTooLarge, match=r"more than 1,000 steps") as err:
        minimum.minimum_questions(200, lies=2)
    assert "budget" not in str(err.value) and "_" not in str(err.value)
    with pytest.raises(minimum.SearchTooLarge):
        minimum.liar_game_wins(200, 17, lies=2)
    monkeypatch.setattr(minimum, "SEARCH_WORK_LIMIT", 10**9)
    qs = range(14, 19)
    after_stop = [minimum.liar_game_wins(200, q, lies=2) for q in qs]
    gw.clear_caches()
    fresh = [minimum.liar_game_wins(200, q, lies=2) for q in qs]
    assert after_stop == fresh and fresh[-1] and not fresh[0]
    assert minimum.minimum_questions(200, lies=2).value == qs[fresh.index(True)]


def test_more_lies_than_the_table_covers_are_refused_up_front():
    with pytest.raises(ValueError, match=r"n must be at most 4 for adaptive play with 10 lies"):
        minimum.minimum_questions(12, lies=10)


@given(st.integers(7, 12).flatmap(lambda k: st.sets(st.integers(0, 2**k - 1), min_size=64, max_size=min(140, 2**k))
                                  .map(lambda ws: (k, sorted(ws)))))
def test_the_vectorised_minimum_distance_is_the_pairwise_one(k_words):
    k, ints = k_words
    words = tuple(tuple(v >> (k - 1 - i) & 1 for i in range(k)) for v in ints)
    brute = min(sum(a != b for a, b in zip(u, v)) for u, v in combinations(words, 2))
    assert codes.Code(words).min_distance() == brute


@given(st.integers(64, 200), st.data())
def test_the_vectorised_minimum_distance_finds_a_single_close_pair_anywhere(n, data):
    words = list(codes.hamming_code(n).words)                  # distance 3 ...
    j = data.draw(st.integers(0, n - 1))
    flips = data.draw(st.sets(st.integers(0, len(words[0]) - 1), min_size=1, max_size=2))
    near = tuple(b ^ (i in flips) for i, b in enumerate(words[j]))
    if near in words:
        return
    words.insert(data.draw(st.integers(0, n)), near)           # ... but one word is near another, anywhere
    brute = min(sum(a != b for a, b in zip(u, v)) for u, v in combinations(words, 2))
    assert brute <= len(flips) < 3
    assert codes.Code(tuple(words)).min_distance() == brute


def test_large_constructed_codes_have_their_distance_and_larger_ones_are_refused():
    assert [f(5000).min_distance() for f in (codes.binary_code, codes.parity_code, codes.hamming_code)] == [1, 2, 3]
    for f in (codes.binary_code, codes.parity_code, codes.hamming_code):
        with pytest.raises(ValueError, match=r"n must be between 1 and 65536, got 10000000"):
            f(10**7)


# ---- evaluate, best_response_value, tournament ---------------------------------------------------------

def test_walk_stops_at_its_limit_and_counts_children():
    def expand(k):
        if k < 2:
            return (), lambda value_of: k
        return (k - 1, k - 2), lambda value_of: value_of(k - 1) + value_of(k - 2)

    assert walk.walk(30, expand, limit=3 * 29 + 2) == 832040      # 29 states with 2 children, 2 leaves
    with pytest.raises(walk.TooManyStates, match=r"^fib needs more than 88 positions"):
        walk.walk(30, expand, limit=3 * 29 + 1, what="fib")


def test_evaluate_refuses_the_one_suspect_at_a_time_game_at_ten_million_and_values_it_below():
    for call in (lambda: gw.evaluate(one_at_a_time, one_at_a_time, 10**7, 10**7),
                 lambda: simulate.tournament({"one": one_at_a_time}, N=10**7, games=10)):
        with pytest.raises(walk.TooManyStates, match=r"evaluate from \(10000000, 10000000\).*150,000 positions"):
            call()
    # Below the limit, the exact value of the same game by a plain recursion (official rules).
    @lru_cache(maxsize=None)
    def mover_wins(a, b):     # "is it X?": yes (1/a) leaves the mover one suspect, to name on their next turn
        if a == 1:
            return Fraction(1)
        return Fraction(1, a) * (1 - mover_wins(b, 1)) + Fraction(a - 1, a) * (1 - mover_wins(b, a - 1))

    assert gw.evaluate(one_at_a_time, one_at_a_time, 60, 60) == mover_wins(60, 60)


def test_best_response_value_has_the_same_limit():
    with pytest.raises(walk.TooManyStates, match="best_response_value from"):
        walk.best_response_value(strategies.halving, 400, 400)


def test_messages_name_what_the_caller_passed():
    with pytest.raises(ValueError, match=r"^start must be a board state \(n, m\) of positive integers, got \(0, 3\)"):
        simulate.tournament(["halving"], start=(0, 3))
    with pytest.raises(TypeError, match=r"^rng must be None or a random.Random, got int"):
        simulate.simulate_game(strategies.halving, strategies.halving, 3, 3, rng=5)


def test_tournament_refuses_too_many_games_up_front():
    with pytest.raises(ValueError, match=r"games must be at most 500,000 with 2 match\(es\).*got 600,000"):
        simulate.tournament({"h": strategies.halving, "one": one_at_a_time}, games=600_000)


def test_tournament_stops_after_its_move_limit_and_reports_progress(monkeypatch):
    seen = []
    res = simulate.tournament({"h": strategies.halving}, N=24, games=20_000, progress=lambda *a: seen.append(a))
    assert seen[-1] == (20_000, 20_000, "h v h") and (10_000, 20_000, "h v h") in seen
    assert res.row("h", "h").games == 20_000
    monkeypatch.setattr(simulate, "TOURNAMENT_MOVE_LIMIT", 500)
    with pytest.raises(simulate.TooManyMoves, match=r"more than 500 moves.*one v one stopped after"):
        simulate.tournament({"one": one_at_a_time}, N=24, games=1000)


# ---- load_board ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [True, False, 0, 1, 3.5, b"characters.csv", ["a.csv"]])
def test_load_board_takes_no_file_descriptors_or_other_non_names(bad):
    r, w = os.pipe()
    try:
        with pytest.raises(TypeError, match=r"^path must be None or a file name"):
            load_board(r if bad == 0 and bad is not False else bad)
        os.fstat(r)                                    # still open: not taken for a file descriptor
    finally:
        os.close(r)
        os.close(w)


def test_load_board_reads_a_bom_and_refuses_latin1_and_bad_rows_naming_the_line(tmp_path):
    text = open(SHIPPED_CSV, encoding="utf-8").read()
    (tmp_path / "bom.csv").write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert load_board(tmp_path / "bom.csv") == load_board() == load_board(str(tmp_path / "bom.csv"))
    lines = text.splitlines()
    cases = {
        "latin.csv": (text.replace("Bram", "Br\u00e4m").encode("latin-1"), r"is not UTF-8 text \(line 3"),
        "short.csv": ("\n".join(lines[:4] + ["Zed,brown"] + lines[4:]).encode(), r"line 5 has 2 values, the header 12"),
        "binary.csv": ("\n".join(lines[:2] + [lines[2].replace(",0,", ",2,", 1)] + lines[3:]).encode(),
                       r"line 3: \w+ of 'Bram' must be 0 or 1, got '2'"),
        "hair.csv": (text.replace("Bram,brown", "Bram,purple").encode(), r"line 3: hair of 'Bram' must be one of"),
        "header.csv": (text.replace("name,", "nom,", 1).encode(), r"line 1 must be the header"),
        "twice.csv": ("\n".join(lines + [lines[1]]).encode(), r"line 26 repeats the name 'Ada'"),
        "empty.csv": (lines[0].encode(), "has no characters"),
        "huge.csv": (b"name\n" + b"x\n" * (BOARD_FILE_LIMIT // 2), "larger than 1,000,000 bytes"),
    }
    for name, (data, message) in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(ValueError, match=message) as err:
            load_board(tmp_path / name)
        assert name in str(err.value)


# ---- explorers ---------------------------------------------------------------------------------------

def test_the_explorers_refuse_boards_they_cannot_solve_in_seconds():
    with pytest.raises(ValueError, match=rf"max_N must be between 2 and {EXPLORER_MAX_N}, got 16384"):
        HeatmapModel(N=16384, max_N=16384)
    assert HeatmapModel(N=64, max_N=EXPLORER_MAX_N, n=64, m=63).P == solve(64).P(64, 63)


# ---- optimal_moves: its order is what strategies.optimal plays ------------------------------------------

@pytest.mark.parametrize("rules", ["official", "merciful", "tripartite", "nica"])
def test_optimal_moves_are_every_best_legal_move_guess_first_then_by_smallest_group(rules):
    r = get_rules(rules)
    sol = solve(40, rules)
    play = strategies.optimal(rules)
    checked = 0
    for n in range(2, 41, 3):
        for m in range(2, 41, 5):
            if r.terminal_A(n, m) is not None:
                continue
            values = {mv: sol.value(n, m, mv) for mv in legal_moves(n, r)}
            best = max(values.values())
            expected = [mv for mv in legal_moves(n, r) if values[mv] == best and len(mv if mv != GUESS else ()) != 3]
            expected += sorted(mv for mv in legal_moves(n, r) if values[mv] == best and mv != GUESS and len(mv) == 3)
            assert list(sol.optimal_moves(n, m)) == expected, (rules, n, m)
            assert play(n, m) == expected[0]
            checked += len(expected) > 1
    assert checked > 0          # some states have several optimal moves, so the order matters
