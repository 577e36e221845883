"""The set-up files agree with each other: README, .ci/run, pyproject.toml and environment.yml."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


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
    assert {d.replace(" ", "") for d in conda if _name(d) not in ("python", "pip")} == {d.replace(" ", "") for d in deps}
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
    assert lines == ['python -m pip install -e ".[test]" && python -m pytest']
    ci = (ROOT / ".ci" / "run").read_text()
    assert "test-command" in ci and "eval \"$cmd\"" in ci and "python3 -m venv" in ci


def test_readme_setup_commands_are_two_plain_pip_commands():
    readme = (ROOT / "README.md").read_text()
    setup = readme.split("## Set up", 1)[1].split("## ", 1)[0]
    commands = [line for line in setup.splitlines() if line.startswith("python -m pip")]
    assert len(commands) == 2
    assert any("jupyterlab notebooks" in c for c in commands)


def test_wheel_contains_every_subpackage_and_data_file(tmp_path):
    """A non-editable install must carry the subpackages and the data files, not just guesswho_lib/*.py."""
    import subprocess
    import sys
    import zipfile

    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("guesswho_lib-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    pkg = ROOT / "guesswho_lib"
    expected = {p.relative_to(ROOT).as_posix() for p in pkg.rglob("*.py") if "__pycache__" not in p.parts}
    expected |= {p.relative_to(ROOT).as_posix() for p in (pkg / "data").iterdir() if p.is_file()}
    assert expected <= names, sorted(expected - names)


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
    checks = {"t.P(4, 4)": "Fraction(9, 16)", "t.optimal_moves(4, 4)": "((1, 3),)", "t.A[4, 4]": "9",
              'gw.solve(10, "tripartite").optimal_moves(9, 5)': "((1, 4, 4),)", "gw.evaluate(opt, h, 4, 4)": "Fraction(3, 4)",
              "gw.minimum_questions(24, lies=1, adaptive=False).value": "9"}
    for expr, want in checks.items():
        got = eval(expr, env)
        assert repr(got) == want or str(got) == want, (expr, got)
        assert expr.split(".value")[0] in readme
    ast.parse("\n".join(blocks))


def test_the_lesson_table_matches_the_notebooks():
    """guesswho_lib/data/lessons.csv (read by guesswho_lib.curriculum) names every numbered lesson notebook."""
    from guesswho_lib.curriculum import LESSONS, TRACKS, lesson

    on_disk = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    on_disk += sorted(f"extension/{p.stem}" for p in (ROOT / "notebooks" / "extension").glob("x[0-9]-*.ipynb"))
    assert [x.notebook for x in LESSONS] == on_disk
    ids = [x.id for x in LESSONS]
    assert ids == sorted(set(ids)) and all(x.notebook.rsplit("/", 1)[-1].startswith(x.id + "-") for x in LESSONS)
    assert all(x.track in TRACKS and 10 <= x.minutes <= 150 and x.title and x.summary for x in LESSONS)
    for x in LESSONS:                       # prerequisites name earlier lessons (or are words)
        assert all(p < x.id for p in re.findall(r"\b\d\d\b", x.prerequisites)), x
    assert lesson("04") is lesson("04-first-move-advantage")
