"""Limits that keep every call within seconds to about half a minute, or refuse it at once with a clear error
(docs/reference.md, "Limits of the public functions").  Each case here used to run for minutes or be accepted
wrongly."""

from __future__ import annotations

import pytest

import guesswho_lib as gw
from guesswho_lib.board.traits import BOARD_FILE_LIMIT
from guesswho_lib.game.any_size import EQUAL_POOLS_LIMIT, TABLE_SIZE_LIMIT
from guesswho_lib.rules import legal_moves


def test_P_refuses_a_table_that_would_take_minutes():
    # table_size=16384 made gw.P(5000, 5000) solve a table of 5000 first: about 25 minutes.
    with pytest.raises(ValueError, match=rf"table_size must be between 0 and {TABLE_SIZE_LIMIT}, got 16384"):
        gw.P(5000, 5000, table_size=16384)
    with pytest.raises(ValueError, match="table_size"):
        gw.P_with_status(10**6, 10**6, "tripartite", table_size=TABLE_SIZE_LIMIT + 1)
    assert gw.P(5000, 5000, table_size=64) == gw.P(5000, 5000)      # a small table still gives the value


def test_legal_moves_has_a_stated_limit():
    with pytest.raises(ValueError, match="n must be between 1 and 10000"):
        legal_moves(10**5, "tripartite")


def test_equal_pools_has_a_stated_limit():
    for sizes in (range(1, 10**7), iter(range(1, 10**7)), (n for n in range(1, 10**7))):
        with pytest.raises(ValueError, match=f"at most {EQUAL_POOLS_LIMIT:,} board sizes"):
            gw.equal_pools(sizes)
    with pytest.raises(TypeError, match="sizes must be a collection"):
        gw.equal_pools("24")
    assert gw.equal_pools(iter([4, 24])) == {4: gw.P(4, 4), 24: gw.P(24, 24)}


def _board_file(tmp_path, text: str):
    path = tmp_path / "board.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_load_board_reads_a_file_just_under_its_limit(tmp_path):
    # About 110,000 characters in 999,000 bytes: the check for repeated names and the trait masks used to take
    # time quadratic in the number of characters (24.5 s); both are linear now (benchmark: 2 s under load).
    lines = ["name,glasses"] + [f"p{i},{i % 2}" for i in range(111_000)]
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) < BOARD_FILE_LIMIT
    board = gw.load_board(_board_file(tmp_path, text))
    assert board.n == 111_000 and board.m == 1 and board.rows[1] == (1,)
    assert board._columns[0] == int("10" * 55_500, 2)                # odd characters wear glasses


def test_load_board_names_the_file_and_line_of_a_field_too_long(tmp_path):
    path = _board_file(tmp_path, "name,glasses\nAda,1\nBo," + "1" * 900_000 + "\n")
    with pytest.raises(ValueError, match=r"board\.csv'?: line 3: field larger than field limit") as e:
        gw.load_board(path)
    assert len(str(e.value)) < 300


@pytest.mark.parametrize("text, message", [
    ("name,glasses\nA\x00da,1\nBo,0\n", r"line 2: the name 'A\\x00da' contains the control character"),
    ("name,glasses\nAda,1\nBo\x07,0\n", r"line 3: the name .* contains the control character"),
    ("name\nAda\nBo\n", r"line 1 has no trait columns"),
    ("name,gla\x00sses\nAda,1\n", r"line 1 has an empty, repeated or unprintable column name"),
])
def test_load_board_refuses_control_characters_and_a_board_without_traits(tmp_path, text, message):
    with pytest.raises(ValueError, match=message):
        gw.load_board(_board_file(tmp_path, text))
