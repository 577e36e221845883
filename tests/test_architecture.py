"""The shape of the package, read from its source with ast (nothing is imported).

* modules import only downward, in the layer order below (the same order as the package docstring of
  ``guesswho_lib``), and there are no import cycles;
* no private name (leading underscore) is imported or used across modules;
* no module is longer than 800 lines, none is named after a lesson (the per-lesson exercise data
  ``exercises/lessonNN.py`` excepted), and no module of the package reads the test switch
  ``guesswho_lib.config`` (only the notebooks do);
* no name a package exports is a function or class shadowing one of its submodules (``gw.evaluate`` once
  hid the module ``guesswho_lib.evaluate``).

Each test lists every violation, one per line, with the file and line.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "guesswho_lib"
TOP = "guesswho_lib"

#: The layers, bottom first: one folder each (the plain modules at the package root are the foundations, and the
#: package itself, the ``gw`` namespace, is the top).  A module may import from its own folder and from folders on
#: lower lines; folders on one line are siblings and do not import each other.  There is no exception list: a
#: folder is named once, whole.
FOUNDATIONS = "(the package root)"
LAYERS: list[list[str]] = [
    [FOUNDATIONS],               # caches, config, curriculum, references, licence: nothing of the package
    ["rules"],                   # rule sets as data, moves, the one step of the game, arguments, formatting
    ["papers"],                  # the papers' formulas and strategies, pure
    ["game"],                    # solver, values at any size, strategies, walker, simulation, play
    ["board"],                   # a board of characters, questions about traits, exact play on it
    ["imperfect"],               # codes, and players who break the rules
    ["claims", "plots", "classroom"],  # every printed claim with its check | plot functions | a class session
    ["widgets", "exercises"],    # lesson and play widgets | the exercises and their answer reader
    ["figures", "teaching"],     # every figure | the teacher's guide and worksheets
    ["site", "server"],          # the static website of the lessons | the class server of the game page
    ["cli"],                     # the command line
    ["", "__main__"],            # the gw namespace and ``python -m guesswho_lib``
]

#: The folders that may read the test switch (``GUESSWHO_FAST``): none; it picks grid sizes for the notebooks only.
CONFIG_READERS: tuple[str, ...] = ()
MAX_LINES = 800
LESSON_CHECKERS = re.compile(r"exercises\.lesson(\d\d|x\d)")   # lessonx1: extension lesson x1


@dataclass(frozen=True)
class Import:
    source: str        # importing module, relative to the package ("game.walk"; "" for the package itself)
    target: str        # imported module, relative to the package
    names: tuple       # names taken from it (empty for "import x" or a submodule import)
    line: int


def _rel(module: str) -> str:
    return "" if module == TOP else module[len(TOP) + 1:]


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[_rel(".".join(parts))] = path
    return out


MODULES = _modules()
TREES = {name: ast.parse(path.read_text(encoding="utf-8"), str(path)) for name, path in MODULES.items()}


def _where(module: str, line: int) -> str:
    return f"{MODULES[module].relative_to(ROOT)}:{line}"


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def _join(*parts: str) -> str:
    return ".".join(p for p in parts if p)


def _from_target(module: str, node: ast.ImportFrom) -> str | None:
    """The package module a ``from ... import`` statement in ``module`` reads from (None: outside the package)."""
    if node.level:
        base = module if _is_package(module) else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        return _join(base, node.module or "")
    if node.module and (node.module == TOP or node.module.startswith(TOP + ".")):
        return _rel(node.module)
    return None


def _bindings(module: str, node) -> list[tuple[str, str | None, str]]:
    """(name bound, the package module it is -- None when it is not a package module --, module it comes from)
    for one import statement of ``module``; "from x import *" is one binding named "*"."""
    out = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == TOP or alias.name.startswith(TOP + "."):
                target = _rel(alias.name)
                out.append((alias.asname, target, target) if alias.asname else (TOP, "", target))
    elif isinstance(node, ast.ImportFrom):
        target = _from_target(module, node)
        if target is not None:
            for alias in node.names:
                sub = _join(target, alias.name)
                out.append((alias.asname or alias.name, sub if sub in MODULES else None, target))
    return out


def _imports(module: str) -> list[Import]:
    """Every import of a package module in ``module``, at any depth (imports inside functions count too)."""
    out = []
    for node in ast.walk(TREES[module]):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        plain, target = [], None
        for name, sub, source in _bindings(module, node):
            if sub is not None:                          # a module: "from . import plots", "import guesswho_lib.x"
                out.append(Import(module, sub, (), node.lineno))
            else:
                plain.append(name if name == "*" else next(a.name for a in node.names
                                                           if (a.asname or a.name) == name))
                target = source
        if plain:
            out.append(Import(module, target, tuple(plain), node.lineno))
    return out


IMPORTS = {m: _imports(m) for m in MODULES}


def _folder(module: str) -> str:
    """The layer entry a module belongs to: its top folder, FOUNDATIONS for a plain module at the package root,
    and "" or "__main__" for the package itself."""
    if module in ("", "__main__"):
        return module
    top, _, rest = module.partition(".")
    return top if rest or _is_package(top) else FOUNDATIONS


def _layer(module: str):
    """(rank, folder) of a module, or None if its folder is in no layer."""
    folder = _folder(module)
    for rank, entries in enumerate(LAYERS):
        if folder in entries:
            return rank, folder
    return None


# ---- imports only downward, no cycles ----------------------------------------------------------------------
def layer_violations() -> list[str]:
    bad = []
    for module in MODULES:
        if _layer(module) is None:
            bad.append(f"{_where(module, 1)}: module guesswho_lib.{module} is in no layer: add it to LAYERS")
    for module, imports in IMPORTS.items():
        src = _layer(module)
        for imp in imports:
            dst = _layer(imp.target)
            if src is None or dst is None or imp.target not in MODULES:
                if imp.target not in MODULES:
                    bad.append(f"{_where(module, imp.line)}: imports guesswho_lib.{imp.target}, which does not exist")
                continue
            if dst[1] == src[1] or dst[0] < src[0]:
                continue
            how = "a sibling" if dst[0] == src[0] else "a higher layer"
            bad.append(f"{_where(module, imp.line)}: guesswho_lib.{module} (layer {src[0] + 1}, {src[1] or 'gw'}) "
                       f"imports guesswho_lib.{imp.target} from {how} (layer {dst[0] + 1}, {dst[1] or 'gw'})")
    return bad


def import_cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each as a sorted list."""
    graph = {m: sorted({i.target for i in IMPORTS[m] if i.target in MODULES and i.target != m}) for m in MODULES}
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(root):
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        x = stack.pop()
                        on_stack.discard(x)
                        comp.append(x)
                        if x == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))

    for m in graph:
        if m not in index:
            visit(m)
    return sorted(out)


def test_every_module_imports_only_downward():
    bad = layer_violations()
    assert bad == [], f"{len(bad)} imports against the layer order:\n" + "\n".join(bad)


def test_no_import_cycles():
    cycles = import_cycles()
    assert cycles == [], "import cycles:\n" + "\n".join(
        " <-> ".join(f"guesswho_lib.{m}" if m else "guesswho_lib" for m in c) for c in cycles)


def test_no_module_of_the_package_reads_the_test_switch():
    bad = [f"{_where(m, i.line)}: guesswho_lib.{m} reads guesswho_lib.config (a test switch must not change a "
           f"library default; only {', '.join(CONFIG_READERS + ('the notebooks',))} may)"
           for m, imports in IMPORTS.items() for i in imports
           if i.target == "config" and not m.startswith(CONFIG_READERS)]
    assert bad == [], "\n".join(bad)


# ---- private names stay at home ------------------------------------------------------------------------------
def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_name_violations() -> list[str]:
    bad = []
    for module, imports in IMPORTS.items():
        for imp in imports:
            for name in imp.names:
                if _private(name):
                    bad.append(f"{_where(module, imp.line)}: imports the private name {name} "
                               f"from guesswho_lib.{imp.target}")
        # module._name, where module is bound by an import of a package module in this file
        bound = {name: sub for node in ast.walk(TREES[module]) if isinstance(node, (ast.Import, ast.ImportFrom))
                 for name, sub, _ in _bindings(module, node) if sub is not None and sub != module}
        for node in ast.walk(TREES[module]):
            if (isinstance(node, ast.Attribute) and _private(node.attr) and isinstance(node.value, ast.Name)
                    and node.value.id in bound):
                bad.append(f"{_where(module, node.lineno)}: uses the private name {node.value.id}.{node.attr} "
                           f"of guesswho_lib.{bound[node.value.id]}")
    return sorted(set(bad))


def test_no_private_name_crosses_a_module():
    bad = private_name_violations()
    assert bad == [], f"{len(bad)} private names used across modules:\n" + "\n".join(bad)


# ---- size and names ------------------------------------------------------------------------------------------
def test_no_module_longer_than_800_lines():
    bad = [f"{MODULES[m].relative_to(ROOT)}: {n} lines" for m in MODULES
           if (n := len(MODULES[m].read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert bad == [], f"modules longer than {MAX_LINES} lines:\n" + "\n".join(bad)


def test_no_module_is_named_after_a_lesson():
    bad = [f"{MODULES[m].relative_to(ROOT)}" for m in MODULES
           if re.search(r"lesson|(^|\.)l\d\d($|\.)", m) and not LESSON_CHECKERS.fullmatch(m)]
    assert bad == [], "modules named after a lesson (name them after what they hold):\n" + "\n".join(bad)


# ---- no export shadows a submodule ---------------------------------------------------------------------------
def _all_of(module: str):
    for node in TREES[module].body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            try:
                return list(ast.literal_eval(node.value))
            except ValueError:
                return None
    return None


def shadowing_violations() -> list[str]:
    """In every package: a name bound at the top of its __init__ that is also one of its submodules must be
    bound to that submodule, not to a function, a class, a value or another module."""
    bad = []
    for package in [m for m in MODULES if _is_package(m)]:
        children = {m.rpartition(".")[2]: m for m in MODULES if m and m.rpartition(".")[0] == package}
        for node in TREES[package].body:
            bindings = []                           # (name, the package module it is, or None)
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name, sub, source in _bindings(package, node):
                    if name == "*":
                        bindings += [(n, None) for n in (_all_of(source) or []) if source in MODULES]
                    else:
                        bindings.append((name, sub))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bindings.append((node.name, None))
            elif isinstance(node, ast.Assign):
                bindings += [(t.id, None) for t in node.targets if isinstance(t, ast.Name)]
            for name, module in bindings:
                if name in children and module != children[name]:
                    what = f"guesswho_lib.{module}" if module else "a function, class or value"
                    owner = f"guesswho_lib.{package}" if package else "gw"
                    bad.append(f"{_where(package, node.lineno)}: {owner}.{name} is {what}, hiding the submodule "
                               f"guesswho_lib.{children[name]}")
    return bad


def test_no_export_shadows_a_submodule():
    bad = shadowing_violations()
    assert bad == [], "\n".join(bad)


# ---- notebooks import from a handful of documented places ------------------------------------------------------
#: What a notebook may import from (``from X import ...`` or ``import X``): the gw namespace, the packages that
#: curate their own exports, the papers, the exercises, formatting and the notebooks' grid-size switch.
NOTEBOOK_SOURCES = ("guesswho_lib", "guesswho_lib.plots", "guesswho_lib.widgets", "guesswho_lib.papers",
                    "guesswho_lib.exercises", "guesswho_lib.rules", "guesswho_lib.config", "guesswho_lib.board",
                    "guesswho_lib.imperfect", "guesswho_lib.claims")


def notebook_import_violations(notebooks=None) -> list[str]:
    import json

    bad = []
    for path in notebooks or sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for k, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            try:
                tree = ast.parse("\n".join(line for line in source.splitlines()
                                           if not line.lstrip().startswith(("%", "!"))))
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                mods = ([a.name for a in node.names] if isinstance(node, ast.Import)
                        else [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
                for mod in mods:
                    allowed = mod in NOTEBOOK_SOURCES or mod.startswith("guesswho_lib.papers.")
                    if (mod == TOP or mod.startswith(TOP + ".")) and not allowed:
                        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                        bad.append(f"{where}, cell {k}: imports {mod}; use one of "
                                   f"{', '.join(NOTEBOOK_SOURCES)} or guesswho_lib.papers.*")
    return bad


def test_notebooks_import_from_the_documented_places():
    bad = notebook_import_violations()
    assert bad == [], f"{len(bad)} notebook imports reach into the package:\n" + "\n".join(bad)


# ---- the checks themselves bite --------------------------------------------------------------------------------
def test_the_checks_catch_what_they_claim(monkeypatch):
    """Negative controls: a made-up upward import (from a folder, and from a foundation module), a cycle, a
    private import and use, and a shadowing export are all reported."""
    fake = {
        "rules.records": "from ..widgets import explorers\n",
        "caches": "from .rules import GUESS\n",
        "game.solver": "from ..rules.records import _Guess\nfrom ..rules import records\nfrom . import walk\n"
                       "x = records._Guess\n",
        "game.walk": "from . import solver\n",
        "": "from .game.walk import evaluate as rules\n",
    }
    this = sys.modules[__name__]
    trees = dict(TREES, **{module: ast.parse(source) for module, source in fake.items()})
    monkeypatch.setattr(this, "TREES", trees)
    monkeypatch.setattr(this, "IMPORTS", {m: _imports(m) for m in MODULES})
    bad = layer_violations()
    assert any("guesswho_lib.rules.records (layer 2, rules) imports guesswho_lib.widgets.explorers from a higher "
               "layer (layer 8, widgets)" in v for v in bad)
    assert any(f"guesswho_lib.caches (layer 1, {FOUNDATIONS}) imports guesswho_lib.rules" in v for v in bad)
    assert any({"game.solver", "game.walk"} <= set(c) for c in import_cycles())
    assert any("imports the private name _Guess from guesswho_lib.rules.records" in v
               for v in private_name_violations())
    assert any("uses the private name records._Guess of guesswho_lib.rules.records" in v
               for v in private_name_violations())
    assert any("gw.rules is a function, class or value, hiding the submodule guesswho_lib.rules" in v
               for v in shadowing_violations())


def test_every_folder_is_one_layer():
    """Folder = layer: every folder of the package is named in exactly one layer, whole (no sub-module entries,
    no exception list)."""
    folders = sorted({m.partition(".")[0] for m in MODULES if "." in m or (m and _is_package(m))})
    named = [e for entries in LAYERS for e in entries]
    assert sorted(e for e in named if e not in ("", "__main__", FOUNDATIONS)) == folders
    assert all("." not in e for e in named) and len(named) == len(set(named))


def test_the_notebook_check_catches_a_reach_into_the_game(tmp_path):
    import json

    nb = tmp_path / "demo.ipynb"
    cells = [{"cell_type": "code",
              "source": ["import guesswho_lib as gw\n", "from guesswho_lib.game.walk import evaluate\n"]},
             {"cell_type": "code", "source": ["%matplotlib inline\n", "from guesswho_lib.papers.nica import p_inf"]}]
    nb.write_text(json.dumps({"cells": cells}))
    bad = [v.split(": ", 1)[1] for v in notebook_import_violations([nb])]
    assert bad == ["imports guesswho_lib.game.walk; use one of " + ", ".join(NOTEBOOK_SOURCES)
                   + " or guesswho_lib.papers.*"]


# ---- one list of layers, stated three times -----------------------------------------------------------------
def _folders_in(text: str) -> list[list[str]]:
    """The layers a numbered list or a table states, in order: the ``folder`` names on each line that starts a
    layer (``1. ``rules`` ...`` in the docstring, ``| 1 | `rules/` |`` in the README)."""
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*(\d+)\.\s+(.*)", line) or re.match(r"\|\s*(\d+)\s*\|([^|]*)\|", line)
        if m:
            rest = m.group(2).split("  ")[0] if "``" in m.group(2) else m.group(2)
            names = re.findall(r"``(\w+)``|`(\w+)/`", rest)
            out.append([a or b for a, b in names] or [FOUNDATIONS])
    return out


def test_the_docstring_the_readme_and_this_test_state_the_same_layers():
    import guesswho_lib

    expected = [entries for entries in LAYERS if entries != ["", "__main__"]]
    doc = guesswho_lib.__doc__.split("The data flows one way")[1].split("Importing ``guesswho_lib``")[0]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- layers -->")[1].split("<!-- /layers -->")[0]
    assert _folders_in(doc) == expected
    assert _folders_in(table) == expected
