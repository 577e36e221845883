"""The board lab of extension lesson x4 (guesswho_lib.widgets.board_lab): the model headless, the view by its
controls.  Values are checked against the board solver and the idealised game, not typed in."""

from fractions import Fraction

import pytest

import guesswho_lib as gw
from guesswho_lib.board import board_from_csv, solve_board
from guesswho_lib.widgets.base import InvalidValue
from guesswho_lib.widgets.board_lab import MAX_LAB_CHARACTERS, PRESETS, BoardLabModel, BoardLabWidget

SIX = "name,hat,glasses\nA,1,1\nB,1,0\nC,0,1\nD,0,0\nE,1,1\nF,0,0\n"     # two pairs of look-alikes


def test_the_default_board_is_fair_with_one_trait_and_idealised_with_two():
    m = BoardLabModel()
    r = m.result()
    assert r.start == solve_board(m.board, "traits").start == Fraction(1, 2) and r.ideal == gw.solve(4).P(4, 4)
    assert r.incomplete == 1 and r.example == (("Ann", "Ben", "Cat", "Dan"), (1,))
    assert "exactly fair" in m.html() and "1 : 3" in m.html()
    m.questions = "pairs"
    r = m.result()
    assert r.start == r.ideal and r.incomplete == 0 and "plays exactly like the idealised game" in m.html()


def test_flip_changes_one_entry_and_the_value_follows():
    m = BoardLabModel()
    v = m.version
    m.flip("Dan", "hat")                                 # Dan now has a hat: a 3 : 1 split exists
    b = m.board
    assert b.rows[b.index("Dan")] == (1, 0) and m.version == v + 1
    assert m.result().start == solve_board(b, "traits").start
    m.flip("Dan", "hat")
    assert m.board.rows == BoardLabModel().board.rows
    with pytest.raises(ValueError, match="name must be one of"):
        m.flip("Zed", "hat")
    with pytest.raises(ValueError, match="trait must be one of"):
        m.flip("Ann", "wings")


def test_bad_boards_are_refused_and_the_model_keeps_its_state():
    m = BoardLabModel()
    before = m.text
    with pytest.raises(InvalidValue, match="the board's CSV text: line 1 must be the header"):
        m.text = "hello"
    with pytest.raises(InvalidValue, match="a board needs 2 to"):
        m.text = "name,hat\nAnn,1\n"
    big = "name,t\n" + "".join(f"c{i},{i % 2}\n" for i in range(MAX_LAB_CHARACTERS + 1))
    with pytest.raises(InvalidValue, match=f"2 to {MAX_LAB_CHARACTERS} characters"):
        m.text = big
    with pytest.raises(InvalidValue, match="questions must be one of"):
        m.questions = "triples"
    with pytest.raises(InvalidValue, match="preset must be one of"):
        m.load("my board")
    assert m.text == before


def test_a_board_that_cannot_be_solved_says_why():
    m = BoardLabModel(text=SIX, rules="nica")            # two characters look alike: Nica's rules get stuck
    r = m.result()
    assert r.start is None and "every two characters must differ" in r.error
    assert "Cannot be solved" in m.html()
    m.rules = "official"                                 # a guess is always possible there
    assert m.result().start == solve_board(board_from_csv(SIX)).start


def test_every_preset_loads_and_solves():
    m = BoardLabModel()
    for name in PRESETS:
        m.load(name)
        r = m.result()
        assert r.error == "" and r.start == solve_board(m.board, "traits", method="complete").start, name


def test_the_view_headless():
    w = BoardLabWidget()
    assert "exactly fair" in w.info.value and tuple(w.who.options) == ("Ann", "Ben", "Cat", "Dan")
    w.questions.value = "pairs"
    assert w.model.questions == "pairs" and "idealised game" in w.info.value
    w.who.value, w.trait.value = "Ann", "glasses"
    w.flip_button.click()
    assert w.model.board.rows[0] == (1, 0)
    w.text.value = "not a board"                         # refused: shown, and the text goes back
    assert w.error_messages and "line 1 must be the header" in w.error_messages[-1]
    assert w.text.value == w.model.text
    w.preset.value = list(PRESETS)[0]
    w.load_button.click()
    assert w.model.text == PRESETS[list(PRESETS)[0]]()


def test_the_designed_boards_are_what_designs_csv_says():
    """Every designed board: 24 characters, 18 traits, every two told apart, every trait splitting the board, and
    the first player's chance recorded in designs.csv (solved again here, one-trait questions, official rules)."""
    from guesswho_lib.board import DESIGNS, board_csv, load_design
    assert {"fairest", "highest"} <= set(DESIGNS)
    for name, d in DESIGNS.items():
        b = load_design(name)
        assert (b.n, b.m) == (24, 18) and b.distinguishable(), name
        assert all(0 < bin(c).count("1") < b.n for c in b.columns), name
        assert solve_board(b, "traits", method="complete").start == d.value, name
        assert board_from_csv(board_csv(b)) == b                 # the CSV writer and reader agree
    assert DESIGNS["fairest"].value < gw.solve(24).P(24, 24) < DESIGNS["highest"].value
    with pytest.raises(ValueError, match="name must be one of"):
        load_design("flattest")
