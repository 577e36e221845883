"""Launch without installing: Binder and Colab, tested as far as this machine can (no Binder, no Colab here).

* Binder builds from the repository's ``environment.yml`` (no ``binder/`` folder shadows it): the same packages as
  ``pyproject.toml``, the package itself installed with ``pip install -e .``;
* the repository's address is set in ONE place, ``[tool.guesswho.launch]`` in ``pyproject.toml``, and nothing else
  in the repository spells it;
* the Colab set-up cell does nothing outside Colab, and inside (a fake ``google.colab`` module) runs exactly one
  ``%pip install`` of the package from the repository; those arguments, with the address pointed at a local
  clone, install the package into a fresh virtual environment, data files included.
  (``GUESSWHO_FULL_INSTALL=1`` also installs its dependencies from the package index and imports it there.)
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from guesswho_lib.site.launch import (PLACEHOLDER, LaunchSettings, binder_url, colab_cell, colab_url,
                                      launch_settings)

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _name(req: str) -> str:
    return re.split(r"[<>=!~ \[;]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_binder_builds_from_environment_yml_with_the_pyproject_packages():
    shadows = [d for d in ("binder", ".binder") if (ROOT / d).exists()]
    assert not shadows, f"{shadows}: Binder would ignore environment.yml; keep one set-up file"
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    conda = {_name(d) for d in env["dependencies"] if isinstance(d, str)} - {"python", "pip"}
    assert conda == {_name(d) for d in PYPROJECT["project"]["dependencies"]}
    assert {"jupyterlab", "voila", "nbconvert", "nbclient", "jupyter-server-mathjax"} <= conda
    assert [d for d in env["dependencies"] if isinstance(d, dict)] == [{"pip": ["-e ."]}]


def test_the_address_is_set_in_one_place():
    settings = launch_settings(ROOT)
    table = PYPROJECT["tool"]["guesswho"]["launch"]
    assert (settings.repository, settings.branch) == (table["repository"], table["branch"])
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    spelled = []
    for rel in tracked:
        path = ROOT / rel
        if path.suffix in (".py", ".md", ".ipynb", ".toml", ".yml", ".yaml", ".txt", ".cfg", ".j2", ".html") \
                and path.is_file() and rel not in ("pyproject.toml", "guesswho_lib/site/launch.py",
                                                   "tests/test_launch.py"):
            text = path.read_text(encoding="utf-8", errors="replace")
            if settings.repository in text or PLACEHOLDER in text:
                spelled.append(rel)
    assert not spelled, f"the repository address is spelled outside pyproject.toml in {spelled}"


def test_placeholder_means_not_set_and_addresses_follow_the_setting():
    assert not LaunchSettings(PLACEHOLDER).is_set
    s = LaunchSettings("https://github.com/a-teacher/guesswho.git", "lessons")
    assert s.is_set
    assert binder_url(s, "00-start-here") == ("https://mybinder.org/v2/gh/a-teacher/guesswho/lessons"
                                              "?urlpath=lab/tree/notebooks/00-start-here.ipynb")
    assert colab_url(s, "00-start-here").endswith(
        "/github/a-teacher/guesswho/blob/lessons/notebooks/00-start-here.ipynb")
    other = LaunchSettings("https://gitlab.com/a/b.git")
    assert colab_url(other, "00-start-here") is None
    assert binder_url(other).startswith("https://mybinder.org/v2/git/https%3A%2F%2Fgitlab.com%2Fa%2Fb.git/main")
    with pytest.raises(ValueError, match="branch"):
        LaunchSettings("https://github.com/a/b", "main; rm -rf /")
    with pytest.raises(ValueError, match="repository"):
        LaunchSettings("")


def _pip_calls(cell: str, in_colab: bool) -> list[str]:
    """Run the cell as IPython would (its magics turned into calls), with or without a google.colab module;
    returns the arguments of every %pip it ran."""
    from IPython.core.inputtransformer2 import TransformerManager

    code = TransformerManager().transform_cell(cell)
    calls = []

    class Shell:
        def run_line_magic(self, name, line, *args):
            assert name == "pip", name
            calls.append(line)

    saved = {k: sys.modules.get(k) for k in ("google", "google.colab")}
    try:
        if in_colab:
            sys.modules["google.colab"] = type(sys)("google.colab")
        else:
            sys.modules.pop("google.colab", None)
        exec(compile(code, "colab-cell", "exec"), {"get_ipython": lambda: Shell()})
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    return calls


def test_colab_cell_does_nothing_outside_colab_and_installs_inside():
    cell = colab_cell(launch_settings(ROOT))
    assert _pip_calls(cell, in_colab=False) == []
    calls = _pip_calls(cell, in_colab=True)
    assert len(calls) == 1 and calls[0].startswith("install ")
    assert f"guesswho-lib @ git+{launch_settings(ROOT).repository}@main" in shlex.split(calls[0])


@pytest.mark.slow
def test_colab_install_cell_installs_the_package_from_a_local_clone(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, capture_output=True)
    branch = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout.strip()
    [line] = _pip_calls(colab_cell(LaunchSettings(clone.as_uri(), branch)), in_colab=True)
    args = shlex.split(line)
    full = os.environ.get("GUESSWHO_FULL_INSTALL") == "1"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    extra = [] if full else ["--no-deps"]          # dependencies come from the package index: opt-in
    # this environment's pip (a recent one, as on Colab) installs into the fresh environment
    run = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), *args, *extra,
                          "--disable-pip-version-check"],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    check = ("import importlib.metadata as m, json; d = m.distribution('guesswho-lib'); "
             "print(json.dumps({'requires': d.requires, 'files': [str(f) for f in d.files], "
             "'direct': d.read_text('direct_url.json')}))")
    out = subprocess.run([str(python), "-c", check], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout               # not from the project folder (its own egg-info)
    import json
    info = json.loads(out)
    assert "guesswho_lib/data/lessons.csv" in info["files"] and "guesswho_lib/site/build.py" in info["files"]
    assert clone.as_uri() in info["direct"]                          # installed from the clone, by git
    assert sorted(_name(r) for r in info["requires"] if "extra ==" not in r) == \
        sorted(_name(r) for r in PYPROJECT["project"]["dependencies"])
    if full:
        code = "import guesswho_lib, voila, nbconvert; print(guesswho_lib.solve(4).P(4, 4))"
        subprocess.run([str(python), "-c", code],
                       check=True, capture_output=True, cwd=tmp_path)
