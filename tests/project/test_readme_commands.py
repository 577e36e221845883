"""Every command the README shows runs as printed: a renamed command, a missing or misspelt option, a file or an
extra that is not there fails this test.

The commands are read from the README itself: each line of its shell code blocks (``` with no language), and
each code span, in a table or a sentence, that begins with a program a reader runs (``python``, ``python3``,
``make``, ``conda``, ``source``, ``sudo``, the ``.venv-oldest`` interpreter); a command of several steps
(``a && b``) is checked step by step.  Each step is checked the fastest way that still runs what a reader types:

* ``python -m guesswho_lib ...`` and ``python -m guesswho_apps ...``: parsed by the command line itself (an
  unknown command or option, a bad value, a missing required option are refused there); the class commands and
  ``--help`` are then run for real, from a folder of the test's own (the example code K7QMD replaced by a session
  started in the store the command names); the servers and the long commands (lab, serve, verify, course, figures, site,
  the kit) are only parsed here: their own tests start them;
* ``python benchmarks/...``: parsed by the benchmark's own argument parser, which then stops it;
* ``python -m pip install -e ".[x]"`` (and ``-c FILE``): the extras exist in pyproject.toml, the files exist
  (installing takes minutes: CI runs the test command's install for real);
* ``python -m pytest PATHS``, ``python -m jupyterhub -f FILE``, ``conda env create -f FILE``: the files exist
  (and jupyterhub knows ``-f``, the environment its name);
* ``make TARGET``: the Makefile has the target (tests/project/test_packaging.py checks that each target runs its
  command verbatim);
* the shell's and the system's own commands (``source .venv/bin/activate``, ``sudo apt-get install chromium``)
  are listed in :data:`NOT_RUN`, each with why, and nothing else is left unchecked.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import runpy
import shlex
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
EXAMPLE_CODE = "K7QMD"
#: Commands the README shows that this test does not run, and why.
NOT_RUN = {
    "source .venv/bin/activate": "the shell's own, after python -m venv .venv",
    r".venv\Scripts\activate": "the same on Windows",
    r".venv-oldest\Scripts\python": "the oldest versions' Python on Windows (make test-oldest)",
    "sudo apt-get install chromium": "a system package (CI installs it: .ci/install-browser)",
    "sudo apt-get install postgresql": "a system package (CI installs it: .ci/install-postgresql)",
}
PROGRAMS = re.compile(r"^(python3?|make|conda|source|sudo|\.venv)\b")
#: The commands only parsed (they serve, or take minutes): their own tests run them.
PARSED_ONLY = {"lab", "serve", "verify", "course", "figures", "site", "guide", "worksheets", "exam", "summaries",
               "launch", "table", "numbers"}


def readme_commands(text: str) -> list[str]:
    """The shell commands ``text`` (Markdown) shows, in order, each on one line."""
    blocks = re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M)
    lines = [line.strip() for lang, body in blocks if not lang for line in body.splitlines()]
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    spans = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", prose)]
    return [c for c in lines + spans if PROGRAMS.match(c)]


class _Parsed(Exception):
    """A benchmark's arguments were parsed (and it is stopped before its work)."""


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _makefile_targets() -> set:
    return set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))


def _run_ours(argv: list[str], monkeypatch, workdir: Path, capsys) -> str | None:
    """``python -m guesswho_lib|guesswho_apps ...``: why it does not run as printed (None: it does)."""
    package, args = argv[2], argv[3:]
    if package not in ("guesswho_lib", "guesswho_apps"):
        return f"unknown package {package}"
    import guesswho_apps.cli as apps
    import guesswho_lib.cli as library

    cli = library if package == "guesswho_lib" else apps
    command = next((a for a in args if not a.startswith("-")), None)
    really = "--help" in args or command == "class"
    with monkeypatch.context() as m:
        m.chdir(workdir)
        if not really:
            for module in cli.COMMANDS.values():               # parse, then stop before the command's work
                m.setattr(module, "run", lambda parsed: 0)
        elif command == "class":
            args = _with_a_session(args, workdir)
        capsys.readouterr()
        status = cli.main(args)
        err = capsys.readouterr().err
    if status != 0 or err:
        return f"exit status {status}: {err.strip()[:300]}"
    if command not in PARSED_ONLY | {"class", None}:
        return f"a command this test does not know how to run: {command}"
    return None


def _with_a_session(args: list[str], workdir: Path) -> list[str]:
    """The class command's arguments, the example code replaced by an open session of the store it names (the
    store made if it is new)."""
    from guesswho_apps.classroom import ClassStore

    if EXAMPLE_CODE not in args:
        return args
    location = args[args.index("--store") + 1] if "--store" in args else "class.db"
    store = ClassStore(str(workdir / location))
    store.create()
    code = store.start_session().code
    return [code if a == EXAMPLE_CODE else a for a in args]


def _parse_benchmark(script: Path, args: list[str], monkeypatch) -> str | None:
    if not script.is_file():
        return f"no benchmark {script.relative_to(ROOT)}"
    real = argparse.ArgumentParser.parse_args

    def parse_then_stop(self, args=None, namespace=None):
        real(self, args, namespace)
        raise _Parsed

    with monkeypatch.context() as m:
        m.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
        m.setattr(sys, "argv", [str(script), *args])
        m.setattr(sys, "path", [str(script.parent), *sys.path])
        try:
            runpy.run_path(str(script), run_name="__main__")
        except _Parsed:
            return None
        except SystemExit as e:
            return f"its arguments were refused (exit status {e.code})"
    return "it never parsed its arguments"


def _pip(args: list[str]) -> str | None:
    """``pip install [-c FILE] -e SPEC``: the files and the extras exist."""
    if args[:1] != ["install"] or "-e" not in args:
        return f"an install this test does not know: pip {' '.join(args)}"
    if "-c" in args and not (ROOT / args[args.index("-c") + 1]).is_file():
        return f"no constraints file {args[args.index('-c') + 1]}"
    spec = args[args.index("-e") + 1]
    m = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", spec)
    if m is None:
        return f"an install of something else than this repository: {spec}"
    missing = set((m[1] or "").split(",")) - {""} - set(_pyproject()["project"]["optional-dependencies"])
    return f"no extra {sorted(missing)} in pyproject.toml" if missing else None


def problem(command: str, monkeypatch, workdir: Path, capsys) -> str | None:
    """Why ``command`` (one README command, possibly of several steps) does not run as printed; None if it does."""
    if command in NOT_RUN:
        return None
    for step in command.split("&&"):
        argv = shlex.split(step.strip())
        if argv and argv[0] == ".venv-oldest/bin/python":
            argv[0] = "python"
        why = _problem_of_step(argv, monkeypatch, workdir, capsys)
        if why:
            return f"{step.strip()}: {why}"
    return None


#: the options of pytest the README uses (pytest-xdist's workers and how tests are shared among them), with their values
_PYTEST_OPTIONS = {"-n": lambda v: v is not None and v.isdigit(),
                   "--dist": lambda v: v in ("load", "loadfile", "loadscope", "loadgroup", "worksteal", "no")}


def _problem_of_step(argv: list[str], monkeypatch, workdir: Path, capsys) -> str | None:
    program, args = argv[0], argv[1:]
    if program == "make":
        return None if not args or args[0] in _makefile_targets() else f"the Makefile has no target {args[0]}"
    if program == "conda":
        env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
        if args[:2] == ["env", "create"] and args[2:] == ["-f", "environment.yml"]:
            return None
        return None if args == ["activate", env["name"]] else f"not the environment of environment.yml: {args}"
    if program not in ("python", "python3"):
        return f"a program this test does not know: {program}"
    if args[:1] and args[0].startswith("benchmarks/"):
        return _parse_benchmark(ROOT / args[0], args[1:], monkeypatch)
    if args[:1] != ["-m"] or len(args) < 2:
        return f"not a module run: {' '.join(argv)}"
    module, rest = args[1], args[2:]
    if module in ("guesswho_lib", "guesswho_apps"):
        return _run_ours(argv, monkeypatch, workdir, capsys)
    if module == "pip":
        return _pip(rest)
    if module == "venv":
        return None if importlib.util.find_spec("venv") and len(rest) <= 1 else f"venv {rest}"
    if module == "pytest":
        files, options, words = [], {}, iter(rest)
        for word in words:
            if word.startswith("-"):
                options[word] = next(words, None)
            else:
                files.append(word)
        unknown = {k: v for k, v in options.items() if not _PYTEST_OPTIONS.get(k, lambda v: False)(v)}
        if unknown:
            return f"pytest options this test does not know, or bad values: {unknown}"
        missing = [p for p in files if not (ROOT / p).exists()]
        return f"no such test file: {missing}" if missing else None
    if module == "jupyterhub":
        from jupyterhub.app import aliases                     # the hub's command-line options

        if rest[:1] != ["-f"] or aliases.get("f") != "JupyterHub.config_file" or not (ROOT / rest[1]).is_file():
            return f"jupyterhub {rest}: not a settings file it reads"
        return None
    return f"a module this test does not know: {module}"


def test_the_readme_shows_the_commands_of_each_step():
    commands = readme_commands(README.read_text(encoding="utf-8"))
    for expected in ("python -m pip install -e . && python -m guesswho_lib lab",
                     'python -m pip install -e ".[test]" && python -m pytest -n 2 --dist loadfile',
                     "python -m guesswho_apps serve --class-store class.db",
                     "python -m guesswho_apps class list", f"python -m guesswho_apps class tally --code {EXAMPLE_CODE}",
                     f"python -m guesswho_apps class delete --code {EXAMPLE_CODE}",
                     "python benchmarks/bench_readme.py --site"):
        assert expected in commands, expected
    assert set(NOT_RUN) <= set(commands), "NOT_RUN names a command the README no longer shows"


def test_every_readme_command_runs_as_printed(monkeypatch, tmp_path, capsys):
    """From a folder of the test's own with the repository's folders (empty: the commands write there, as the
    README's, run in the repository's folder, do)."""
    for folder in ROOT.iterdir():
        if folder.is_dir() and not folder.name.startswith("."):
            (tmp_path / folder.name).mkdir()
    commands = readme_commands(README.read_text(encoding="utf-8"))
    problems = [f"{c}\n    {why}" for c in dict.fromkeys(commands)
                if (why := problem(c, monkeypatch, tmp_path, capsys))]
    assert problems == [], "README commands that do not run as printed:\n" + "\n".join(problems)


@pytest.mark.parametrize("command", [
    "python -m guesswho_apps class lst",                         # a renamed command
    "python -m guesswho_apps class tally",                       # a missing option
    f"python -m guesswho_apps class tally --code {EXAMPLE_CODE} --stores class.db",   # a misspelt option
    "python -m guesswho_apps serve --frobnicate",
    "python -m guesswho_lib verify --N 3000",                    # a value out of range
    "python -m guesswho_apps guide --out teacher-kit/ --colour",
    "python benchmarks/bench_class.py --players thirty",
    "python benchmarks/bench_nothing.py",
    'python -m pip install -e ".[kits]"',
    "python -m pytest tests/no_such_test.py",
    "python -m pytest -n two --dist loadfile",                   # a worker count that is not a number
    "python -m pytest --dist by-file",
    "make serv",
    "python -m jupyterlab notebooks",
    "sudo apt-get install chromium-browser",
])
def test_a_command_that_does_not_run_as_printed_is_found(command, monkeypatch, tmp_path, capsys):
    assert problem(command, monkeypatch, tmp_path, capsys)
