"""How moves are written and read (guesswho_lib.rules.formatting): parse_move reads back every move format_move
writes, in every style, and refuses anything else with an error that names its argument."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from guesswho_lib.rules import GUESS, MOVE_STYLES, RULES, format_move, legal_moves, parse_move


@st.composite
def legal(draw):
    """(n, rules, a legal move for n suspects under rules): small boards, and large ones for the parser."""
    rules = draw(st.sampled_from(sorted(RULES)))
    n = draw(st.integers(1, 40) | st.integers(10**6, 10**30))
    if n > 40:                                   # too many moves to list: draw a split directly
        a = draw(st.integers(1, n // 2))
        return n, rules, (a, n - a)
    moves = list(legal_moves(n, RULES[rules]))
    return n, rules, draw(st.sampled_from(moves)) if moves else None


@given(legal(), st.sampled_from(sorted(MOVE_STYLES)), st.sampled_from(["", " ", "\t"]))
def test_property_parse_move_reads_back_every_written_move(case, style, pad):
    n, rules, move = case
    if move is None:
        return
    text = pad + format_move(move, style) + pad
    assert parse_move(text) == move
    assert parse_move(text, n, rules) == move
    assert parse_move(text, n, RULES[rules]) == move


@given(st.lists(st.integers(1, 50), min_size=2, max_size=3), st.sampled_from(sorted(MOVE_STYLES)))
def test_property_the_order_of_the_groups_does_not_matter(groups, style):
    assert parse_move(format_move(groups, style)) == tuple(sorted(groups))


@pytest.mark.parametrize("text", ["1:3", "3:1", "1 : 3", "[1 : 3]", "[1:3]", "(1, 3)", "(3,1)", " 1:3 ", "1,3"])
def test_the_ways_a_lesson_or_a_paper_writes_a_question(text):
    assert parse_move(text) == (1, 3)
    assert parse_move(text, 4, "official") == (1, 3)


@pytest.mark.parametrize("text", ["guess", "Guess", "GUESS", "G", "g", " guess "])
def test_the_ways_a_guess_is_written(text):
    assert parse_move(text) is GUESS


@pytest.mark.parametrize("text", ["", "banana", "5", "1:", ":3", "[1:3)", "(1 3)", "1:3]", "1/3", "-1:5", "1.5:2.5",
                                  "guess 1:3", "1:3 guess"])
def test_what_is_not_a_move_is_refused_naming_the_argument(text):
    with pytest.raises(ValueError, match=r"^text must be a move such as '1:3'"):
        parse_move(text)


@pytest.mark.parametrize("text", [None, 13, (1, 3), b"1:3", GUESS])
def test_what_is_not_a_text_is_refused_naming_the_argument(text):
    with pytest.raises(TypeError, match=r"^text must be a string"):
        parse_move(text)


def test_a_huge_group_is_refused_without_echoing_it_whole():
    with pytest.raises(ValueError, match=r"^text has a group of more digits") as e:
        parse_move("9" * 5000 + ":1")
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("text, n, rules, why", [
    ("1:2", 4, "official", "must sum to n=4"),
    ("1:1:2", 4, "official", "the 'official' rules allow 2"),
    ("0:4", 4, "official", "at least one suspect"),
    ("1:1:1:1", 4, "tripartite", "allow 2 or 3"),
])
def test_an_illegal_move_is_refused_with_the_state_and_the_rules(text, n, rules, why):
    with pytest.raises(ValueError, match=rf"^text '{text}' is not a legal move with n = {n} under the '{rules}' rules"
                                         rf".*{why}"):
        parse_move(text, n, rules)


def test_the_state_is_checked_too():
    with pytest.raises(ValueError, match="n and rules go together"):
        parse_move("1:3", 4)
    with pytest.raises(ValueError, match="n and rules go together"):
        parse_move("1:3", rules="official")
    with pytest.raises(ValueError, match="n must be at least 1"):
        parse_move("1:3", 0, "official")
    with pytest.raises(ValueError, match="unknown rules 'offical'"):
        parse_move("1:3", 4, "offical")
