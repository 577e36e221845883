"""The limits of the imperfect players' searches and codes: refused above each limit with the limit in the message,
the right answer at or below it, and a stopped search leaves its caches correct."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import guesswho_lib as gw
from guesswho_lib.imperfect import codes, minimum


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
