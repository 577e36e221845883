"""Hostile board files: each is read, or refused with a clear message naming the file, the line and the limit."""

from __future__ import annotations

import os

import pytest

import guesswho_lib as gw
from guesswho_lib.board.traits import BOARD_FILE_LIMIT, load_board

SHIPPED_CSV = (gw.__path__[0] + "/data/characters.csv")


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
