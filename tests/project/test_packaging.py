"""The set-up files agree with each other: README, .ci/run, pyproject.toml and environment.yml."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def _name(req: str) -> str:
    return re.split(r"[<>=!~ \[;]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_yml_matches_pyproject():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in env["channels"] and "nodefaults" in env["channels"]
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    conda_names = {_name(d) for d in conda} - {"python", "pip"}
    assert conda_names == {_name(d) for d in deps}
    # same lower bounds too
    assert ({d.replace(" ", "") for d in conda if _name(d) not in ("python", "pip")}
            == {d.replace(" ", "") for d in deps})
    python = [d for d in conda if _name(d) == "python"][0]
    req = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert python.replace("python", "") == req
    pip_part = [d for d in env["dependencies"] if isinstance(d, dict)][0]["pip"]
    assert pip_part == ["-e ."]


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- test-command -->(.*?)<!-- /test-command -->", readme, re.S)
    assert block, "README must mark its test command"
    lines = [line for line in block.group(1).splitlines() if line.startswith("python")]
    assert lines == ['python -m pip install -e ".[test]" && python -m pytest -n 2 --dist loadfile']
    ci = (ROOT / ".ci" / "run").read_text()
    assert "test-command" in ci and "eval \"$cmd\"" in ci and "python3 -m venv" in ci
    # no step a user does not take: the venv's own pip (never upgraded), no other install before the command
    code = [line.split("#", 1)[0] for line in ci.splitlines()]
    assert not [line for line in code if re.search(r"\bpip\b.*\binstall\b|--upgrade|ensurepip", line)], \
        ".ci/run must run the README's command with the pip that `python3 -m venv` gives"


def test_readme_set_up_and_test_commands_are_plain_pip_commands():
    readme = (ROOT / "README.md").read_text()
    setup = readme.split("## 1. Set up", 1)[1].split("\n## ", 1)[0]
    assert [line for line in setup.splitlines() if line.startswith("python")] == \
        ["python -m pip install -e . && python -m guesswho_lib lab"]
    tests = readme.split("## 5. Run the tests", 1)[1].split("\n## ", 1)[0]
    assert "<!-- test-command -->" in tests
    path = readme.split("## 1. Set up", 1)[0]
    steps = ["1. [Set up]", "2. [open lesson 00]", "3. [print the teacher's kit]", "4. [serve the game to a class]",
             "5. [run the tests]"]
    assert all(step in path for step in steps)
    assert [path.index(s) for s in steps] == sorted(path.index(s) for s in steps), "the path's steps in order"


def _readme_commands(text: str) -> list[str]:
    """The commands a reader is told to run: lines of the fenced shell blocks, and the commands of a table that pairs
    each with its make target (| what | `command` | `make x` |)."""
    blocks = re.findall(r"^```\n(.*?)^```", text, re.S | re.M)
    lines = [line.split("  #", 1)[0].strip() for b in blocks for line in b.splitlines()]
    cells = re.findall(r"\| `(python [^`]+)` \| `make [\w-]+` \|", text)
    return [c for c in lines + cells if c.startswith("python")]


def test_every_readme_command_has_a_make_target_that_runs_it_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = _readme_commands(readme)
    recipes = {}
    target = None
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        if re.match(r"^[a-z-]+:", line):
            target = line.split(":", 1)[0]
        elif line.startswith("\t") and target:
            recipes.setdefault(line[1:], []).append(target)
    missing = [c for c in commands if c not in recipes]
    assert not missing, f"README commands without a make target running them verbatim: {missing}"
    assert {"lab", "test", "kit", "serve", "site", "verify", "figures", "bench", "launch"} <= \
        {t for ts in recipes.values() for t in ts}
    for target in ("lab", "test", "kit", "serve", "site", "verify", "figures", "bench", "launch"):
        assert f"make {target}" in readme, f"the README never names `make {target}`"
    assert _readme_commands("```\npython -m x  # note\n```\n| `python -m y` | `make y` |\n| `python -m z` | z |") == \
        ["python -m x", "python -m y"]


def test_one_serve_command_and_the_teacher_kit_folder():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- serve-command -->")[1].split("<!-- /serve-command -->")[0]
    assert block.strip() == "```\npython -m guesswho_apps serve\n```", "the README's one class command"
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    outs = re.findall(r"python -m guesswho_apps (?:guide|worksheets) --out (\S+)", readme + reference)
    guide = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "guesswho_apps" / "data" / "guide").glob("*.md"))
    outs += re.findall(r"--out (\S+?)`", guide)
    assert outs and set(outs) == {"teacher-kit/"}, outs
    assert "/teacher-kit/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_readme_states_what_the_tests_need_and_the_variable_that_points_at_chromium():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tests = readme.split("## 5. Run the tests", 1)[1].split("\n## ", 1)[0]
    assert "sudo apt-get install chromium" in tests and "GUESSWHO_CHROMIUM" in tests
    for rel in ("tests/servers.py", "tests/apps/site/test_site.py", ".ci/install-browser"):
        assert "GUESSWHO_CHROMIUM" in (ROOT / rel).read_text(encoding="utf-8"), rel


# a time or a size: "0.75 s", "8 ms", "17 s", "90-95 MiB", "3 GiB"
FIGURE = re.compile(r"\b\d[\d.,]*(?:-\d[\d.,]*)? ?(?:ms|s|MiB|MB|GiB|GB|minutes?)\b")
SOURCE = re.compile(r"`python [^`]+`|benchmarks/\w+\.py|tests/[\w/]*test_\w+\.py|school/jupyterhub_config\.py")


def figures_without_a_source(text: str) -> list[str]:
    """Blocks of Markdown (paragraphs, lists, tables) that state a time or a size without naming the command,
    benchmark, test or settings file it comes from (a list or a table may lean on the sentence that leads into it;
    the lesson table's times come from lessons.csv, checked elsewhere)."""
    blocks = [b for b in re.split(r"\n\s*\n", text) if b.strip()]
    bad = []
    for k, block in enumerate(blocks):
        if block.lstrip().startswith(("| notebook |", "```")):
            continue
        lead_in = k and block.lstrip().startswith(("- ", "| ")) and SOURCE.search(blocks[k - 1])
        if FIGURE.search(block) and not SOURCE.search(block) and not lead_in:
            bad.append(block.strip()[:160])
    return bad


def test_every_figure_in_the_readme_names_the_command_that_measures_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert figures_without_a_source(readme) == []
    assert figures_without_a_source("The site builds in 36 s.\n\nIt is 16 MB.")   # the check bites
    assert figures_without_a_source("`python -m guesswho_apps site` builds it.\n\nIt took 36 s.")
    assert not figures_without_a_source("`python benchmarks/bench_readme.py --site` printed 36 s.")
    assert not figures_without_a_source("`python benchmarks/bench_class.py` printed:\n\n| N | time |\n| 1 | 3 s |")
    assert figures_without_a_source("Measured once:\n\n| N | time |\n| 1 | 3 s |")


def test_wheel_contains_every_subpackage_and_data_file(tmp_path):
    """A non-editable install must carry the three packages' subpackages and data files, not just their *.py.
    Built from a copy of what setuptools reads (pyproject.toml, the README, the licences and the three packages):
    setuptools writes build/ beside its source, and nothing may appear in the checkout while the site's test, on
    another worker, watches it (tests/apps/site/test_site.py)."""
    import shutil
    import subprocess
    import sys
    import zipfile

    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "LICENSE-CONTENT"):
        shutil.copy2(ROOT / name, source / name)
    for pkg in ("guesswho_lib", "guesswho_lessons", "guesswho_apps"):
        shutil.copytree(ROOT / pkg, source / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(source)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("guesswho_lib-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = set()
    for pkg in (ROOT / "guesswho_lib", ROOT / "guesswho_lessons", ROOT / "guesswho_apps"):
        expected |= {p.relative_to(ROOT).as_posix() for p in pkg.rglob("*.py") if "__pycache__" not in p.parts}
        expected |= {p.relative_to(ROOT).as_posix() for p in (pkg / "data").rglob("*") if p.is_file()}
    # the HTML and SVG the library writes
    expected |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "guesswho_lib" / "templates").iterdir()}
    # the applications' pages: their templates (the class server's pages, the site's pieces), scripts, style sheets
    apps = ROOT / "guesswho_apps"
    expected |= {p.relative_to(ROOT).as_posix() for folder in (apps / "templates", apps / "server" / "static")
                 for p in folder.rglob("*") if p.is_file()}
    assert expected <= names, sorted(expected - names)
    assert "guesswho_lessons/data/lessons.csv" in expected
    # both licences travel with the package (the guide's text it carries is CC BY 4.0), and its metadata says so
    info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert {f"{info}/licenses/LICENSE", f"{info}/licenses/LICENSE-CONTENT"} <= names
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert "License-Expression: MIT AND CC-BY-4.0" in metadata.splitlines()


def test_readme_python_examples_run_and_their_comments_hold():
    """Every ```python block of the README runs; lines commented with a value give that value."""
    import ast
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert len(blocks) >= 3
    env: dict = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), env)
    # spot-check the values the README states in its comments
    checks = {"t.P(7, 5)": "Fraction(18, 35)", "t.optimal_moves(7, 5)": "((3, 4),)", "t.A[7, 5]": "18",
              "t.value(7, 5, (1, 6))": "Fraction(16, 35)",
              'gw.solve(10, "tripartite").optimal_moves(9, 5)': "((1, 4, 4),)",
              "gw.evaluate(opt, h, 4, 4)": "Fraction(3, 4)",
              "gw.minimum_questions(24, lies=1, adaptive=False).value": "9"}
    for expr, want in checks.items():
        got = eval(expr, env)
        assert repr(got) == want or str(got) == want, (expr, got)
        assert expr.split(".value")[0] in readme
    ast.parse("\n".join(blocks))


def test_the_lesson_table_matches_the_notebooks():
    """guesswho_lessons/data/lessons.csv (read by guesswho_lessons.curriculum) names every numbered lesson notebook."""
    from guesswho_lessons.curriculum import LESSONS, TRACKS, lesson

    on_disk = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    on_disk += sorted(f"extension/{p.stem}" for p in (ROOT / "notebooks" / "extension").glob("x[0-9]-*.ipynb"))
    assert [x.notebook for x in LESSONS] == on_disk
    ids = [x.id for x in LESSONS]
    assert ids == sorted(set(ids)) and all(x.notebook.rsplit("/", 1)[-1].startswith(x.id + "-") for x in LESSONS)
    assert all(x.track in TRACKS and 10 <= x.minutes <= 150 and x.title and x.summary for x in LESSONS)
    for x in LESSONS:                       # prerequisites name earlier lessons (or are words)
        assert all(p < x.id for p in re.findall(r"\b\d\d\b", x.prerequisites)), x
    assert lesson("04") is lesson("04-first-move-advantage")
