"""The 24-character board (guesswho_lib.board.traits)."""

import pytest
from hypothesis import given, strategies as st

from guesswho_lib.board.traits import Board, load_board

BOARD = load_board()


def test_shape_and_distinct_characters():
    assert BOARD.n == 24 and BOARD.m == len(BOARD.traits) == 18
    assert len(set(BOARD.names)) == 24
    assert BOARD.distinguishable()          # every two characters differ in some trait


def test_categorical_traits_partition_the_board():
    hair = ["black hair", "brown hair", "blond hair", "red hair", "grey hair", "bald"]
    eyes = ["brown eyes", "blue eyes", "green eyes"]
    for group in (hair, eyes):
        sets = [BOARD.with_trait(t) for t in group]
        assert sum(len(s) for s in sets) == 24
        assert frozenset().union(*sets) == frozenset(BOARD.names)


@given(st.sampled_from(BOARD.names), st.sampled_from(BOARD.traits))
def test_rows_and_columns_agree(name, trait):
    assert (trait in BOARD.traits_of(name)) == (name in BOARD.with_trait(trait)) == BOARD.has(name, trait)


@given(st.sets(st.sampled_from(BOARD.names)))
def test_mask_round_trip(names):
    assert BOARD.names_in(BOARD.mask(names)) == frozenset(names)


def test_sub_board_and_phrases():
    small = BOARD.sub_board(["Ada", "Bram", "Chidi"], ["glasses", "hat"])
    assert small.rows == ((1, 0), (0, 1), (1, 0))
    assert not small.distinguishable()      # Ada and Chidi look the same on these two traits
    assert BOARD.phrase("glasses") == "wears glasses"
    assert BOARD.phrase("hat", positive=False) == "does not wear a hat"


def test_bad_input():
    with pytest.raises(ValueError, match="name"):
        BOARD.traits_of("Zorro")
    with pytest.raises(ValueError, match="trait"):
        BOARD.with_trait("wings")
    with pytest.raises(ValueError, match="mask"):
        BOARD.names_in(1 << 24)
    with pytest.raises(TypeError, match="names"):
        BOARD.mask("Ada")
    with pytest.raises(ValueError, match="distinct"):
        Board(("A", "A"), ("t",), ((0,), (1,)))
    with pytest.raises(ValueError, match="0 and 1"):
        Board(("A",), ("t",), ((2,),))
