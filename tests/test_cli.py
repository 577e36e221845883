import subprocess
import sys

import guesswho_lib as gw
from guesswho_lib.cli import main


def test_table_prints_fractions_and_moves(capsys):
    assert main(["table", "--rules", "official", "-N", "8"]) == 0
    out = capsys.readouterr().out
    grid, moves = out.split("Optimal moves")
    row4 = [line.split() for line in grid.splitlines() if line.strip().startswith("4 ")][0]
    assert row4[1:] == [str(gw.solve(8).P(4, m)) for m in range(1, 9)]
    row4m = [line.split() for line in moves.splitlines() if line.strip().startswith("4 ")][0]
    assert row4m[4] == "1:3"  # the (4, 4) exception
    assert row4m[1] == "G"


def test_table_rejects_bad_input(capsys):
    assert main(["table", "-N", "0"]) == 2
    assert "N must be" in capsys.readouterr().err


def test_module_entry_point_runs():
    out = subprocess.run([sys.executable, "-m", "guesswho_lib", "table", "--rules", "tripartite", "-N", "4"],
                         capture_output=True, text=True, check=True).stdout
    assert "1:1:2" in out
