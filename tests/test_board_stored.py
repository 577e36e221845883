"""Board solutions stored in files and mapped by many processes (guesswho_lib.board.stored): the class
server solves the board of faces once and every game kernel reads the same table."""

from __future__ import annotations

import numpy as np
import pytest

from guesswho_lib import clear_caches
from guesswho_lib.board.question_sets import question_set
from guesswho_lib.board.solver import BoardSolution, cached_board_solution, solve_board
from guesswho_lib.board.solver import write_board_tables as write_tables
from guesswho_lib.board.stored import TABLES_VARIABLE, StoredTable, stored_arrays
from guesswho_lib.board.traits import load_board
from guesswho_lib.rules import get_rules


def stored_solution(board, questions, rules, folder):
    found = stored_arrays(board, questions, rules, folder=folder)
    return None if found is None else BoardSolution(board, rules, questions, question_set(board, questions, rules),
                                                    *found)


@pytest.fixture(scope="module")
def board():
    full = load_board()
    return full.sub_board(full.names[:12])          # small: solved in milliseconds


def test_a_stored_table_is_the_solved_table(tmp_path, board):
    files = write_tables(tmp_path, rules=("official", "nica"), board=board)
    assert len(files) == 2 and all(f.exists() for f in files)
    assert not list(tmp_path.glob("*.partial"))                      # written whole, then renamed
    for rules in ("official", "nica"):
        stored = stored_solution(board, "traits", get_rules(rules), folder=tmp_path)
        solved = solve_board(board, "traits", rules)
        assert np.array_equal(stored.sets, solved.sets) and np.array_equal(stored.table, solved.table)
        assert isinstance(stored.table, StoredTable)                  # read from the file, shared
        assert stored.table[3, 5] == solved.table[3, 5] and stored.table[-1, -1] == solved.table[-1, -1]
        with pytest.raises(IndexError):
            stored.table[len(solved.table), 0]
        assert stored.start == solved.start
        e = stored.everyone
        assert [m.text for m in stored.best_questions(e, e)] == [m.text for m in solved.best_questions(e, e)]


def test_a_table_is_used_only_for_its_own_board_rules_and_questions(tmp_path, board):
    write_tables(tmp_path, rules=("official",), board=board)
    other = board.sub_board(board.names[:10])
    assert stored_solution(other, "traits", get_rules("official"), folder=tmp_path) is None
    assert stored_solution(board, "traits", get_rules("nica"), folder=tmp_path) is None
    assert stored_solution(board, "pairs", get_rules("official"), folder=tmp_path) is None
    assert stored_solution(board, "traits", get_rules("official"), folder=tmp_path / "missing") is None


def test_a_damaged_table_is_not_used(tmp_path, board):
    [table] = write_tables(tmp_path, rules=("official",), board=board)
    table.write_bytes(table.read_bytes()[:1000])                      # cut short
    assert stored_solution(board, "traits", get_rules("official"), folder=tmp_path) is None


def test_the_cached_solution_maps_the_folder_named_in_the_environment(tmp_path, board, monkeypatch):
    write_tables(tmp_path, rules=("official",), board=board)
    monkeypatch.setenv(TABLES_VARIABLE, str(tmp_path))
    clear_caches()
    try:
        sol = cached_board_solution(board, "traits", "official")
        assert isinstance(sol.table, StoredTable)
        assert np.array_equal(np.asarray(sol.table), solve_board(board, "traits", "official").table)
        monkeypatch.delenv(TABLES_VARIABLE)
        clear_caches()
        assert isinstance(cached_board_solution(board, "traits", "official").table, np.ndarray)  # solved here
    finally:
        clear_caches()
