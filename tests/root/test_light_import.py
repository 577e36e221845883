"""Importing the library is light: ``import guesswho_lib`` and its solver load neither matplotlib, ipywidgets,
traitlets nor sympy, and the game page's module loads no plotting package.  Each check runs in a fresh
interpreter.  (How long the imports take is measured by ``benchmarks/bench_import.py``, not here.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("matplotlib", "ipywidgets", "traitlets", "sympy")


def loaded_after(code: str) -> set:
    probe = f"import sys, json\n{code}\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


@pytest.mark.parametrize("code", ["import guesswho_lib", "import guesswho_lib.game.solver",
                                  "import guesswho_lib as gw; gw.P(10**18, 10**18); gw.solve(30, 'tripartite')",
                                  "import guesswho_lib as gw; gw.load_board(); gw.Game(seed=1).ask([1, 2])"])
def test_the_library_loads_no_heavy_package(code):
    assert loaded_after(code) == set()


def test_the_game_page_loads_no_plotting_package():
    assert loaded_after("from guesswho_lib.widgets import PlayWidget") <= {"ipywidgets", "traitlets"}


def test_plots_load_when_used():
    assert "matplotlib" in loaded_after("import guesswho_lib as gw; gw.plots.plot_heatmap")
