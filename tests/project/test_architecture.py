"""The shape of the three packages, read from their source with ast (nothing is imported): the helper library
``guesswho_lib``, the course ``guesswho_lessons`` (above the library) and the applications ``guesswho_apps`` (above
both).

* in each package, modules import only downward, in the layer order below (the same order as each package's
  docstring and the README's tables), and there are no import cycles;
* the packages import one way: nothing in the library imports the course or an application, nothing in the course
  imports an application; each package imports only the public names of the packages below it (a name in the
  ``__all__`` of a module none of whose path parts starts with an underscore);
* no private name (leading underscore) is imported or used across modules;
* no module is longer than 800 lines, none is named after a lesson, and no module reads the test switch
  ``guesswho_lib.config`` (only the notebooks do);
* no name a package exports is a function or class shadowing one of its submodules (``gw.evaluate`` once
  hid the module ``guesswho_lib.evaluate``).

Each test lists every violation, one per line, with the file and line.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIBRARY, COURSE, APPS = "guesswho_lib", "guesswho_lessons", "guesswho_apps"
#: The packages, bottom first: each may import the public names of those before it, never of those after.
PACKAGES = (LIBRARY, COURSE, APPS)

#: The layers, bottom first: one folder each (the plain modules at a package's root are its foundations, and the
#: package itself is the top).  A module may import from its own folder and from folders on lower lines; folders
#: on one line are siblings and do not import each other.  There is no exception list: a folder is named once,
#: whole.
FOUNDATIONS = "(the package root)"
LAYERS: list[list[str]] = [
    [FOUNDATIONS],               # caches, config, references: nothing of the package
    ["rules"],                   # rule sets as data, moves, the one step of the game, arguments, formatting
    ["papers"],                  # the papers' formulas and strategies, pure
    ["game"],                    # solver, values at any size, strategies, walker, simulation, play
    ["board"],                   # a board of characters, questions about traits, exact play on it
    ["imperfect"],               # codes, and players who break the rules
    ["claims", "plots"],         # every printed claim with its check | plot functions
    ["widgets"],                 # lesson and play widgets
    ["figures"],                 # every figure
    ["cli"],                     # the library's command line
    ["", "__main__"],            # the gw namespace and ``python -m guesswho_lib``
]
#: The course's layers (above the whole library, which it reads through its public names).
COURSE_LAYERS: list[list[str]] = [
    [FOUNDATIONS],               # curriculum: the lesson table
    ["reader"],                  # the answer reader, the limits of a student's code, the class link
    ["exercises"],               # every exercise, one module per topic
    ["register"],                # the lessons' statements, each tied to a check and to its sentences
    ["", "__main__"],            # the package: check, hint, join_class
]
#: The applications' layers (above the library and the course, which they read through their public names).
APP_LAYERS: list[list[str]] = [
    [FOUNDATIONS],               # licence, templating
    ["classroom", "teaching"],   # a class session's store, referee and tally | the teacher's guide and worksheets
    ["server", "site"],          # the class server | the static website of the lessons
    ["cli"],                     # the applications' command line
    ["", "__main__"],            # the package and ``python -m guesswho_apps``
]

#: The folders that may read the test switch (``GUESSWHO_FAST``): none; it picks grid sizes for the notebooks only.
CONFIG_READERS: tuple[str, ...] = ()
MAX_LINES = 800


@dataclass(frozen=True)
class Import:
    source: str        # importing module, relative to its package ("game.walk"; "" for the package itself)
    target: str        # imported module, relative to the package it is in (``top``)
    names: tuple       # names taken from it (empty for "import x" or a submodule import)
    line: int
    top: str           # the package the target is in


def _join(*parts: str) -> str:
    return ".".join(p for p in parts if p)


class Shape:
    """One package read from its source: its modules, their syntax trees and their imports."""

    def __init__(self, top: str, layers: list[list[str]], trees: dict | None = None):
        self.top, self.layers = top, layers
        self.modules = self._modules()
        self.trees = trees or {name: ast.parse(path.read_text(encoding="utf-8"), str(path))
                               for name, path in self.modules.items()}
        self.imports = {m: self._imports(m) for m in self.modules}

    def with_trees(self, **fake: str) -> "Shape":
        """The same package with some modules' source replaced (for the negative controls)."""
        return Shape(self.top, self.layers, dict(self.trees, **{m: ast.parse(src) for m, src in fake.items()}))

    def rel(self, module: str, top: str | None = None) -> str:
        top = top or self.top
        return "" if module == top else module[len(top) + 1:]

    def name(self, module: str) -> str:
        return _join(self.top, module)

    def _modules(self) -> dict[str, Path]:
        out = {}
        for path in sorted((ROOT / self.top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[self.rel(".".join(parts))] = path
        return out

    def where(self, module: str, line: int) -> str:
        return f"{self.modules[module].relative_to(ROOT)}:{line}"

    def is_package(self, module: str) -> bool:
        return self.modules[module].name == "__init__.py"

    def _from_target(self, module: str, node: ast.ImportFrom) -> tuple[str, str] | None:
        """(package, module in it) a ``from ... import`` statement reads from (None: outside both packages)."""
        if node.level:
            base = module if self.is_package(module) else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            return self.top, _join(base, node.module or "")
        for top in PACKAGES:
            if node.module and (node.module == top or node.module.startswith(top + ".")):
                return top, self.rel(node.module, top)
        return None

    def _bindings(self, module: str, node) -> list[tuple[str, str | None, str, str]]:
        """(name bound, the module it is -- None when it is not a module --, module it comes from, its package)
        for one import statement of ``module``; "from x import *" is one binding named "*"."""
        out = []
        if isinstance(node, ast.Import):
            for alias in node.names:
                for top in PACKAGES:
                    if alias.name == top or alias.name.startswith(top + "."):
                        target = self.rel(alias.name, top)
                        out.append((alias.asname, target, target, top) if alias.asname else (top, "", target, top))
        elif isinstance(node, ast.ImportFrom):
            found = self._from_target(module, node)
            if found is not None:
                top, target = found
                modules = self.modules if top == self.top else SHAPES[top].modules
                for alias in node.names:
                    sub = _join(target, alias.name)
                    out.append((alias.asname or alias.name, sub if sub in modules else None, target, top))
        return out

    def _imports(self, module: str) -> list[Import]:
        """Every import of a module of either package in ``module``, at any depth (inside functions too)."""
        out = []
        for node in ast.walk(self.trees[module]):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            plain, target = [], None
            for name, sub, source, top in self._bindings(module, node):
                if sub is not None:                  # a module: "from . import plots", "import guesswho_lib.x"
                    out.append(Import(module, sub, (), node.lineno, top))
                else:
                    plain.append(name if name == "*" else next(a.name for a in node.names
                                                               if (a.asname or a.name) == name))
                    target = (source, top)
            if plain:
                out.append(Import(module, target[0], tuple(plain), node.lineno, target[1]))
        return out

    def folder(self, module: str) -> str:
        """The layer entry a module belongs to: its top folder, FOUNDATIONS for a plain module at the package
        root, and "" or "__main__" for the package itself."""
        if module in ("", "__main__"):
            return module
        top, _, rest = module.partition(".")
        return top if rest or self.is_package(top) else FOUNDATIONS

    def layer(self, module: str):
        """(rank, folder) of a module, or None if its folder is in no layer."""
        folder = self.folder(module)
        for rank, entries in enumerate(self.layers):
            if folder in entries:
                return rank, folder
        return None


# ---- imports only downward, no cycles ----------------------------------------------------------------------
def layer_violations(shape: Shape) -> list[str]:
    bad = []
    for module in shape.modules:
        if shape.layer(module) is None:
            bad.append(f"{shape.where(module, 1)}: module {shape.name(module)} is in no layer: add it to the layers")
    for module, imports in shape.imports.items():
        src = shape.layer(module)
        for imp in imports:
            if imp.top != shape.top:
                continue                                   # the other package: see the tests below
            dst = shape.layer(imp.target)
            if src is None or dst is None or imp.target not in shape.modules:
                if imp.target not in shape.modules:
                    bad.append(f"{shape.where(module, imp.line)}: imports {shape.name(imp.target)}, which does not "
                               "exist")
                continue
            if dst[1] == src[1] or dst[0] < src[0]:
                continue
            how = "a sibling" if dst[0] == src[0] else "a higher layer"
            bad.append(f"{shape.where(module, imp.line)}: {shape.name(module)} (layer {src[0] + 1}, "
                       f"{src[1] or 'the package'}) imports {shape.name(imp.target)} from {how} (layer {dst[0] + 1}, "
                       f"{dst[1] or 'the package'})")
    return bad


def import_cycles(shape: Shape) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each as a sorted list."""
    graph = {m: sorted({i.target for i in shape.imports[m]
                        if i.top == shape.top and i.target in shape.modules and i.target != m})
             for m in shape.modules}
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


SHAPES: dict[str, Shape] = {}
SHAPES[LIBRARY] = Shape(LIBRARY, LAYERS)
SHAPES[COURSE] = Shape(COURSE, COURSE_LAYERS)
SHAPES[APPS] = Shape(APPS, APP_LAYERS)
ALL = [SHAPES[top] for top in PACKAGES]


def test_every_module_imports_only_downward():
    bad = [v for shape in ALL for v in layer_violations(shape)]
    assert bad == [], f"{len(bad)} imports against the layer order:\n" + "\n".join(bad)


def test_no_import_cycles():
    cycles = [(shape, c) for shape in ALL for c in import_cycles(shape)]
    assert cycles == [], "import cycles:\n" + "\n".join(" <-> ".join(shape.name(m) for m in c) for shape, c in cycles)


def test_no_module_reads_the_test_switch():
    bad = [f"{shape.where(m, i.line)}: {shape.name(m)} reads guesswho_lib.config (a test switch must not change a "
           f"default; only {', '.join(CONFIG_READERS + ('the notebooks',))} may)"
           for shape in ALL for m, imports in shape.imports.items() for i in imports
           if i.top == LIBRARY and i.target == "config" and not m.startswith(CONFIG_READERS)]
    assert bad == [], "\n".join(bad)


# ---- the packages one way: library, course, applications ------------------------------------------------------
_WORDS = {LIBRARY: "the library", COURSE: "the course", APPS: "an application"}


def upward_package_imports(shape: Shape) -> list[str]:
    """Every import, in ``shape``, of a package above it (the library imports neither the course nor an
    application; the course imports no application)."""
    above = PACKAGES[PACKAGES.index(shape.top) + 1:]
    return [f"{shape.where(m, i.line)}: {shape.name(m)} imports {_join(i.top, i.target)}: {_WORDS[shape.top]} never "
            f"imports {_WORDS[i.top]}" for m, imports in shape.imports.items() for i in imports if i.top in above]


def _all_of(shape: Shape, module: str):
    for node in shape.trees[module].body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            try:
                return list(ast.literal_eval(node.value))
            except ValueError:
                return None
    return None


def public_names(shape: Shape, module: str) -> set[str]:
    """The public names of ``module``: its ``__all__``, or, where that is computed (``rules``), what it binds at
    the top without a leading underscore, the names of its ``from x import *`` included."""
    listed = _all_of(shape, module)
    if listed is not None:
        return set(listed)
    out = set()
    for node in shape.trees[module].body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name, _sub, source, _top in shape._bindings(module, node):
                out |= public_names(shape, source) if name == "*" and source in shape.modules else {name}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return {n for n in out if not n.startswith("_")}


def private_library_imports(user: Shape, below: Shape) -> list[str]:
    """Every name ``user`` takes from the package ``below`` that is not public: a module with an underscore in its
    path, or a name missing from its module's ``__all__``."""
    bad = []
    for m, imports in user.imports.items():
        for i in imports:
            if i.top != below.top:
                continue
            where = f"{user.where(m, i.line)}: {user.name(m)} imports"
            if i.target not in below.modules or any(part.startswith("_") for part in i.target.split(".")):
                bad.append(f"{where} {_join(below.top, i.target)}, which is not a public module of {below.top}")
                continue
            public = public_names(below, i.target)
            for name in i.names:
                if name not in public:
                    bad.append(f"{where} {name} from {_join(below.top, i.target)}, which is not in its __all__")
    return bad


def test_no_package_imports_one_above_it():
    bad = [v for shape in ALL for v in upward_package_imports(shape)]
    assert bad == [], "\n".join(bad)


def test_each_package_imports_only_the_public_names_of_those_below():
    bad = [v for k, top in enumerate(PACKAGES) for below in PACKAGES[:k]
           for v in private_library_imports(SHAPES[top], SHAPES[below])]
    assert bad == [], f"{len(bad)} imports of another package's inner names:\n" + "\n".join(bad)


# ---- private names stay at home ------------------------------------------------------------------------------
def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_name_violations(shape: Shape) -> list[str]:
    bad = []
    for module, imports in shape.imports.items():
        for imp in imports:
            for name in imp.names:
                if _private(name):
                    bad.append(f"{shape.where(module, imp.line)}: imports the private name {name} "
                               f"from {_join(imp.top, imp.target)}")
        # module._name, where module is bound by an import of a package module in this file
        bound = {name: _join(top, sub) for node in ast.walk(shape.trees[module])
                 if isinstance(node, (ast.Import, ast.ImportFrom))
                 for name, sub, _, top in shape._bindings(module, node)
                 if sub is not None and (sub, top) != (module, shape.top)}
        for node in ast.walk(shape.trees[module]):
            if (isinstance(node, ast.Attribute) and _private(node.attr) and isinstance(node.value, ast.Name)
                    and node.value.id in bound):
                bad.append(f"{shape.where(module, node.lineno)}: uses the private name {node.value.id}.{node.attr} "
                           f"of {bound[node.value.id]}")
    return sorted(set(bad))


def test_no_private_name_crosses_a_module():
    bad = [v for shape in ALL for v in private_name_violations(shape)]
    assert bad == [], f"{len(bad)} private names used across modules:\n" + "\n".join(bad)


# ---- size and names ------------------------------------------------------------------------------------------
def test_no_module_longer_than_800_lines():
    bad = [f"{shape.modules[m].relative_to(ROOT)}: {n} lines" for shape in ALL for m in shape.modules
           if (n := len(shape.modules[m].read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert bad == [], f"modules longer than {MAX_LINES} lines:\n" + "\n".join(bad)


def test_no_module_is_named_after_a_lesson():
    bad = [f"{shape.modules[m].relative_to(ROOT)}" for shape in ALL for m in shape.modules
           if re.search(r"lesson|(^|\.)l\d\d($|\.)", m)]
    assert bad == [], "modules named after a lesson (name them after what they hold):\n" + "\n".join(bad)


# ---- no export shadows a submodule ---------------------------------------------------------------------------
def shadowing_violations(shape: Shape) -> list[str]:
    """In every package: a name bound at the top of its __init__ that is also one of its submodules must be
    bound to that submodule, not to a function, a class, a value or another module."""
    bad = []
    for package in [m for m in shape.modules if shape.is_package(m)]:
        children = {m.rpartition(".")[2]: m for m in shape.modules if m and m.rpartition(".")[0] == package}
        for node in shape.trees[package].body:
            bindings = []                           # (name, the package module it is, or None)
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name, sub, source, top in shape._bindings(package, node):
                    if name == "*":
                        bindings += [(n, None) for n in (_all_of(shape, source) or []) if source in shape.modules]
                    else:
                        bindings.append((name, sub if top == shape.top else None))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bindings.append((node.name, None))
            elif isinstance(node, ast.Assign):
                bindings += [(t.id, None) for t in node.targets if isinstance(t, ast.Name)]
            for name, module in bindings:
                if name in children and module != children[name]:
                    what = shape.name(module) if module else "a function, class or value"
                    owner = shape.name(package) if package else ("gw" if shape.top == LIBRARY else shape.top)
                    bad.append(f"{shape.where(package, node.lineno)}: {owner}.{name} is {what}, hiding the "
                               f"submodule {shape.name(children[name])}")
    return bad


def test_no_export_shadows_a_submodule():
    bad = [v for shape in ALL for v in shadowing_violations(shape)]
    assert bad == [], "\n".join(bad)


# ---- notebooks import from a handful of documented places ------------------------------------------------------
#: What a notebook may import from (``from X import ...`` or ``import X``): the gw namespace, the packages that
#: curate their own exports, the papers, formatting, the notebooks' grid-size switch, and the course's checker
#: (``from guesswho_lessons import check, hint, join_class``).
NOTEBOOK_SOURCES = ("guesswho_lib", "guesswho_lib.plots", "guesswho_lib.widgets", "guesswho_lib.papers",
                    "guesswho_lib.rules", "guesswho_lib.config", "guesswho_lib.board", "guesswho_lib.imperfect",
                    "guesswho_lib.claims", "guesswho_lessons")


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
                    if any(mod == top or mod.startswith(top + ".") for top in PACKAGES) and not allowed:
                        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                        bad.append(f"{where}, cell {k}: imports {mod}; use one of "
                                   f"{', '.join(NOTEBOOK_SOURCES)} or guesswho_lib.papers.*")
    return bad


def test_notebooks_import_from_the_documented_places():
    bad = notebook_import_violations()
    assert bad == [], f"{len(bad)} notebook imports reach into the package:\n" + "\n".join(bad)


# ---- the checks themselves bite --------------------------------------------------------------------------------
def test_the_checks_catch_what_they_claim():
    """Negative controls: a made-up upward import (from a folder, and from a foundation module), a cycle, a
    private import and use, a shadowing export, an application or the course imported by the library, an
    application imported by the course, and an inner name of the library or of the course taken by a package above
    it are all reported."""
    library = SHAPES[LIBRARY].with_trees(**{
        "rules.records": "from ..widgets import explorers\n",
        "caches": "from .rules import GUESS\n",
        "game.solver": "from ..rules.records import _Guess\nfrom ..rules import records\nfrom . import walk\n"
                       "x = records._Guess\n",
        "game.walk": "from . import solver\nfrom guesswho_apps.server import games\n",
        "game.play": "from guesswho_lessons.exercises import check\n",
        "": "from .game.walk import evaluate as rules\n",
    })
    bad = layer_violations(library)
    assert any("guesswho_lib.rules.records (layer 2, rules) imports guesswho_lib.widgets.explorers from a higher "
               "layer (layer 8, widgets)" in v for v in bad)
    assert any(f"guesswho_lib.caches (layer 1, {FOUNDATIONS}) imports guesswho_lib.rules" in v for v in bad)
    assert any({"game.solver", "game.walk"} <= set(c) for c in import_cycles(library))
    assert any("imports the private name _Guess from guesswho_lib.rules.records" in v
               for v in private_name_violations(library))
    assert any("uses the private name records._Guess of guesswho_lib.rules.records" in v
               for v in private_name_violations(library))
    assert any("gw.rules is a function, class or value, hiding the submodule guesswho_lib.rules" in v
               for v in shadowing_violations(library))
    upward = upward_package_imports(library)
    assert any("guesswho_lib.game.walk imports guesswho_apps.server.games: the library never imports an "
               "application" in v for v in upward)
    assert any("guesswho_lib.game.play imports guesswho_lessons.exercises: the library never imports the course" in v
               for v in upward)
    course = SHAPES[COURSE].with_trees(**{
        "exercises.nica": "from guesswho_lib.game.solver import _table_bytes\nfrom guesswho_apps import licence\n",
        "reader.answers": "from ..register import anchors\n",
    })
    assert any("guesswho_lessons.exercises.nica imports guesswho_apps.licence: the course never imports an "
               "application" in v for v in upward_package_imports(course))
    assert any("guesswho_lessons.reader.answers (layer 2, reader) imports guesswho_lessons.register.anchors from a "
               "higher layer (layer 4, register)" in v for v in layer_violations(course))
    assert any("imports _table_bytes from guesswho_lib.game.solver" in v
               for v in private_library_imports(course, SHAPES[LIBRARY]))
    apps = SHAPES[APPS].with_trees(**{
        "classroom.store": "from guesswho_lib.game.solver import _table_bytes, solve\n"
                           "from guesswho_lib.rules.records import Rules, GUESS_NOT_A_NAME\n"
                           "from guesswho_lessons.exercises import _load, get\n",
        "licence": "from .server import app\n",
    })
    inner = private_library_imports(apps, SHAPES[LIBRARY])
    assert any("imports _table_bytes from guesswho_lib.game.solver, which is not in its __all__" in v for v in inner)
    assert any("imports GUESS_NOT_A_NAME from guesswho_lib.rules.records" in v for v in inner)
    assert not any(" solve from" in v or " Rules from" in v for v in inner)
    from_course = private_library_imports(apps, SHAPES[COURSE])
    assert any("imports _load from guesswho_lessons.exercises, which is not in its __all__" in v for v in from_course)
    assert not any(" get from" in v for v in from_course)
    assert any(f"guesswho_apps.licence (layer 1, {FOUNDATIONS}) imports guesswho_apps.server.app from a higher "
               "layer (layer 3, server)" in v for v in layer_violations(apps))


def test_every_folder_is_one_layer():
    """Folder = layer: every folder of each package is named in exactly one layer, whole (no sub-module entries,
    no exception list)."""
    for shape in ALL:
        folders = sorted({m.partition(".")[0] for m in shape.modules if "." in m or (m and shape.is_package(m))})
        named = [e for entries in shape.layers for e in entries]
        assert sorted(e for e in named if e not in ("", "__main__", FOUNDATIONS)) == folders, shape.top
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


# ---- one list of layers, stated three times (for each package) -------------------------------------------------------
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


def test_the_docstrings_the_readme_and_this_test_state_the_same_layers():
    import guesswho_apps
    import guesswho_lessons
    import guesswho_lib

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for package, layers, marker, end in ((guesswho_lib, LAYERS, "layers", "Why the folders are layers"),
                                         (guesswho_lessons, COURSE_LAYERS, "course-layers", "The lessons' notebooks"),
                                         (guesswho_apps, APP_LAYERS, "app-layers", "Why topics inside layers")):
        expected = [entries for entries in layers if entries != ["", "__main__"]]
        doc = package.__doc__.split("The data flows one way")[1].split(end)[0]
        table = readme.split(f"<!-- {marker} -->")[1].split(f"<!-- /{marker} -->")[0]
        assert _folders_in(doc) == expected, package.__name__
        assert _folders_in(table) == expected, marker
