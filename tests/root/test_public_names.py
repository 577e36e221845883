"""What a student sees: ``gw.`` + Tab (and ``gw.plots.``, ``gw.widgets.``) shows the public names only, the main
API and every name the lessons use from ``gw``; no subpackage that a submodule import binds leaks in."""

from __future__ import annotations

import ast
import json
import types
from pathlib import Path

import guesswho_lib as gw

ROOT = Path(__file__).resolve().parents[2]
#: The modules gw offers on purpose (the rest of gw is functions, classes and values).
MODULES = {"recurrence", "strategies", "imperfect", "tripartite", "tripartite_tables", "class_data", "plots", "widgets"}


def lesson_names(paths=None) -> set[str]:
    """Every ``gw.X`` and ``from guesswho_lib import X`` of the lessons and their worked solutions."""
    names = set()
    for path in paths or [*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "teacher").rglob("*.ipynb")]:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "\n".join(line for line in "".join(cell["source"]).splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ImportFrom) and node.module == "guesswho_lib":
                    names |= {a.name for a in node.names}
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "gw":
                    names.add(node.attr)
    return names


def test_tab_shows_the_public_names_and_no_stray_module():
    assert dir(gw) == sorted(gw.__all__)
    modules = {name for name in gw.__all__ if isinstance(getattr(gw, name), types.ModuleType)}
    assert modules == MODULES
    for package in (gw.plots, gw.widgets):
        shown = dir(package)
        assert shown == sorted(package.__all__)
        assert not [n for n in shown if isinstance(getattr(package, n), types.ModuleType)], package.__name__


def test_every_name_the_lessons_use_is_shown():
    missing = sorted(lesson_names() - set(gw.__all__))
    assert missing == [], f"the lessons use gw names that gw.__all__ does not show: {missing}"


def test_the_lesson_scan_finds_both_forms(tmp_path):
    nb = tmp_path / "demo.ipynb"
    nb.write_text(json.dumps({"cells": [{"cell_type": "code", "source": ["%matplotlib inline\n",
                                                                        "from guesswho_lib import plots\n",
                                                                        "gw.solve(4).P(4, 4)"]}]}))
    assert lesson_names([nb]) == {"plots", "solve"}
