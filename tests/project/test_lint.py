"""The linter passes, as configured in pyproject.toml ([tool.ruff]), on everything the project runs: the two packages,
the tests, the benchmarks, the school's JupyterHub settings and the notebooks (lessons and solutions).  A suppression
(``# noqa``) names its codes and says why."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ["guesswho_lib", "guesswho_lessons", "guesswho_apps", "tests", "benchmarks", "school", "notebooks", "teacher"]
NOQA = re.compile(r"#\s*noqa\b(?P<rest>.*)$")
WITH_REASON = re.compile(r"^:\s*[A-Z]+[0-9]+(\s*,\s*[A-Z]+[0-9]+)*\s+-\s+\S")


def _ruff() -> list[str]:
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is not installed: it is one of the test tools (python -m pip install -e \".[test]\")")
    return [exe]


def test_ruff_passes():
    out = subprocess.run(_ruff() + ["check", "--no-cache", "--output-format", "concise", *CHECKED], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def noqa_without_reason(paths) -> list[str]:
    """Every ``# noqa`` comment (comments only, read with tokenize) that lacks codes or a reason."""
    bad = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            m = NOQA.search(tok.string) if tok.type == tokenize.COMMENT else None
            if m and not WITH_REASON.match(m.group("rest")):
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                bad.append(f"{where}:{tok.start[0]}: {lines[tok.start[0] - 1].strip()}")
    return bad


def test_every_suppression_names_its_codes_and_says_why():
    files = [p for d in CHECKED for p in sorted((ROOT / d).rglob("*.py"))]
    bad = noqa_without_reason(files)
    assert bad == [], "a noqa needs codes and a reason, as '# noqa: E402 - why':\n" + "\n".join(bad)


def test_the_suppression_check_bites(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os  # noqa\nimport re  # noqa: F401\nimport sys  # noqa: F401 - kept for the doctest\n")
    assert [line.split(": ", 1)[1] for line in noqa_without_reason([sample])] == [
        "import os  # noqa", "import re  # noqa: F401"]


ISSUE_NUMBER = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)


def test_no_issue_numbers_in_the_code():
    """An issue number means nothing to a reader of the code: say what the code does and why instead."""
    files = [p for d in CHECKED for p in sorted((ROOT / d).rglob("*")) if p.suffix in (".py", ".j2", ".md", ".csv")]
    bad = [f"{p.relative_to(ROOT)}:{k}: {line.strip()}" for p in files
           for k, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if ISSUE_NUMBER.search(line)]
    assert bad == [], "\n".join(bad)
