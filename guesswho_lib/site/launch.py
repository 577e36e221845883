"""Launch without installing: the Binder and Colab addresses and the Colab set-up cell.

The repository's public address is set in ONE place, the table ``[tool.guesswho.launch]`` of ``pyproject.toml``
(``repository`` and ``branch``).  Until it is known it holds the placeholder :data:`PLACEHOLDER`, and the site
shows no Binder or Colab links.  Binder builds from the repository's ``environment.yml`` (conda-forge, the same
packages as ``pyproject.toml``, then ``pip install -e .``).  Colab reads no set-up file: a notebook opened there
needs the cell :func:`colab_cell` (it installs the package from the repository, and does nothing elsewhere).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from urllib.parse import quote

__all__ = ["PLACEHOLDER", "LaunchSettings", "launch_settings", "colab_cell", "binder_url", "colab_url"]

#: The value of ``repository`` while the public address is not known.
PLACEHOLDER = "https://github.com/REPOSITORY-ADDRESS-NOT-SET/guesswho"

_GITHUB = re.compile(r"^https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?$")


class LaunchSettings:
    """``repository`` (a git address) and ``branch`` from ``[tool.guesswho.launch]``; ``is_set`` is False
    while the address is the placeholder."""

    def __init__(self, repository: str, branch: str = "main"):
        if not isinstance(repository, str) or not repository.strip():
            raise ValueError(f"[tool.guesswho.launch] repository must be a git address, got {repository!r}")
        if not isinstance(branch, str) or not re.fullmatch(r"[A-Za-z0-9._/-]+", branch):
            raise ValueError(f"[tool.guesswho.launch] branch must be a branch name, got {branch!r}")
        self.repository, self.branch = repository.strip(), branch

    @property
    def is_set(self) -> bool:
        return self.repository != PLACEHOLDER

    def __repr__(self):
        return f"LaunchSettings({self.repository!r}, {self.branch!r})"


def launch_settings(source=".") -> LaunchSettings:
    """The settings in ``<source>/pyproject.toml`` (the project folder)."""
    path = Path(source) / "pyproject.toml"
    table = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("guesswho", {}).get("launch")
    if table is None:
        raise ValueError(f"{path}: no [tool.guesswho.launch] table with the repository's address")
    return LaunchSettings(table.get("repository"), table.get("branch", "main"))


def colab_cell(settings: LaunchSettings) -> str:
    """The first cell to run in Colab: installs the package (``guesswho-lib``) from the repository.

    >>> print(colab_cell(LaunchSettings("https://github.com/someone/guesswho", "main")))
    # On Google Colab, run this cell first: it installs the lessons' package (elsewhere it does nothing).
    import sys
    if "google.colab" in sys.modules:
        %pip install --quiet "guesswho-lib @ git+https://github.com/someone/guesswho@main"
    """
    return ("# On Google Colab, run this cell first: it installs the lessons' package (elsewhere it does nothing).\n"
            "import sys\n"
            'if "google.colab" in sys.modules:\n'
            f'    %pip install --quiet "guesswho-lib @ git+{settings.repository}@{settings.branch}"')


def binder_url(settings: LaunchSettings, notebook: str | None = None) -> str:
    """The Binder address that opens JupyterLab on ``notebooks/<notebook>.ipynb`` (or the notebooks folder).

    >>> binder_url(LaunchSettings("https://github.com/someone/guesswho"), "01-the-recurrence")
    'https://mybinder.org/v2/gh/someone/guesswho/main?urlpath=lab/tree/notebooks/01-the-recurrence.ipynb'
    """
    m = _GITHUB.match(settings.repository)
    base = (f"https://mybinder.org/v2/gh/{m.group(1)}/{m.group(2)}/{settings.branch}" if m else
            f"https://mybinder.org/v2/git/{quote(settings.repository, safe='')}/{settings.branch}")
    path = f"notebooks/{notebook}.ipynb" if notebook else "notebooks"
    return f"{base}?urlpath=lab/tree/{path}"


def colab_url(settings: LaunchSettings, notebook: str) -> str | None:
    """The Colab address of ``notebooks/<notebook>.ipynb`` (Colab opens notebooks from GitHub only: None for
    another host).

    >>> colab_url(LaunchSettings("https://github.com/someone/guesswho"), "extension/x1-continuous-limit-in-depth")
    'https://colab.research.google.com/github/someone/guesswho/blob/main/notebooks/extension/x1-continuous-limit-in-depth.ipynb'
    """
    m = _GITHUB.match(settings.repository)
    if not m:
        return None
    return (f"https://colab.research.google.com/github/{m.group(1)}/{m.group(2)}/blob/{settings.branch}/"
            f"notebooks/{notebook}.ipynb")
