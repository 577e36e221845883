"""The game page's kernel does only what the game needs: a class's thirty kernels share one computer.

* Running the page's code (the notebook's code cells, with the address's settings in QUERY_STRING, as Voila
  does) imports no plotting package, on a numbered board and on the board of faces;
* a player's many games do not pile up widgets in their kernel (each new game closes the old board's).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "app-play.ipynb"
HEAVY = ("matplotlib", "PIL", "scipy", "sympy", "pandas")


def _page_code() -> str:
    nb = json.loads(APP.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("query", ["rules=official&board=24", "board=faces&rules=nica", "board=characters"])
def test_the_game_page_imports_no_plotting_package(query, tmp_path):
    code = (_page_code().rstrip() + "\n"
            "import sys, json\n"
            f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({list(HEAVY)!r}))))\n")
    script = tmp_path / "page.py"
    script.write_text(code, encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                         cwd=APP.parent, env={**os.environ, "QUERY_STRING": query})
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [], out.stdout


def test_new_games_do_not_pile_up_widgets():
    from ipywidgets.widgets.widget import _instances

    from guesswho_lib.widgets import PlayWidget

    for board in (16, "faces"):
        before = len(_instances)
        w = PlayWidget(board=board, seed=1)
        made = len(_instances) - before
        for _ in range(3):
            w.start_new_game()
        assert len(_instances) - before == made, f"board {board}: {len(_instances) - before - made} widgets left over"
        w.board_box.value, w.size_box.value = "numbered", 8         # a smaller board: fewer widgets
        w.start_new_game()
        assert len(_instances) - before < made
