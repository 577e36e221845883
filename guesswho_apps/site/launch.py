"""Launch without installing: the Binder and Colab addresses, and the Colab set-up cell of every lesson.

The repository's public address is set in ONE place, the table ``[tool.guesswho.launch]`` of ``pyproject.toml``
(``repository`` and ``branch``).  Until it is known it holds the placeholder :data:`PLACEHOLDER`: the site then
shows no Binder or Colab links, and the lessons' Colab cell says on Colab that the address is not set.

* Binder (repo2docker) builds from the folder ``binder/``: ``environment.yml`` (conda-forge, the same packages
  as ``pyproject.toml``), then ``postBuild`` installs this package from the repository.
* Colab reads no set-up file: every lesson's second cell, :func:`colab_cell`, installs the package from the
  repository when it runs on Colab, and does nothing anywhere else.  The cell holds the address itself (Colab
  opens one notebook, without the rest of the repository), so it is written into the lessons from the setting
  by :func:`write_colab_cells` (``python -m guesswho_apps launch``), and a test checks that they agree.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from urllib.parse import quote

from guesswho_lessons.curriculum import LESSONS

__all__ = ["PLACEHOLDER", "LaunchSettings", "launch_settings", "colab_cell", "is_colab_cell", "COLAB_CELL_ID",
           "binder_url", "colab_url", "lesson_notebooks", "write_colab_cells"]

#: The value of ``repository`` while the public address is not known.
PLACEHOLDER = "https://github.com/REPOSITORY-ADDRESS-NOT-SET/guesswho"

#: The id of the Colab cell in every lesson notebook (the cell right after the lesson's header).
COLAB_CELL_ID = "colab-set-up"

_GITHUB = re.compile(r"^https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?$")
# a git address that can stand inside double quotes on a shell line: a scheme, then no space, quote, $, ` or \
_ADDRESS = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s\"'`$\\]+")
_FIRST_WORDS = "# Google Colab only: run this cell first."
# what the cell does, in its first line: it installs the package only when the repository's address is set
_FIRST_LINE_SET = (f"{_FIRST_WORDS} It installs the lessons' package from the repository; anywhere else it does "
                   "nothing.")
_FIRST_LINE_NOT_SET = (f"{_FIRST_WORDS} This copy names no repository, so on Colab it only says where to run the "
                       "lessons instead; anywhere else it does nothing.")


class LaunchSettings:
    """``repository`` (a git address) and ``branch`` from ``[tool.guesswho.launch]``; ``is_set`` is False
    while the address is the placeholder."""

    def __init__(self, repository: str, branch: str = "main"):
        if not isinstance(repository, str) or not _ADDRESS.fullmatch(repository.strip()):
            raise ValueError("[tool.guesswho.launch] repository must be a git address such as "
                             f"'https://github.com/<owner>/guesswho', got {repository!r}")
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
    """The lessons' Colab set-up cell: on Colab it installs the package from the repository, elsewhere nothing.

    The requirement is a plain ``git+<address>@<branch>`` (no ``name @`` in front): every pip reads it, the
    pip 23 that ``python -m venv`` bundles as well as Colab's, whatever the address's scheme.  While the address
    is not set, the cell says on Colab what is missing (and nothing elsewhere); it raises no error, so the first
    screen of a lesson shows none.

    >>> print(colab_cell(LaunchSettings(PLACEHOLDER)))
    # Google Colab only: run this cell first. This copy names no repository, so on Colab it only says where to
    run the lessons instead; anywhere else it does nothing.
    import sys
    if "google.colab" in sys.modules:
        print("This copy of the lessons cannot run on Colab: it does not name the repository to install the "
              "lessons' package from. Open the lessons on a computer instead: one command, in the README's 'Set "
              "up'. (A teacher who hosts a copy sets its address in pyproject.toml, [tool.guesswho.launch], then "
              "runs: python -m guesswho_apps launch.)")

    >>> print(colab_cell(LaunchSettings("https://github.com/someone/guesswho", "main")))
    # Google Colab only: run this cell first. It installs the lessons' package from the repository; anywhere else
    it does nothing.
    import sys
    if "google.colab" in sys.modules:
        %pip install --quiet "git+https://github.com/someone/guesswho@main"
    """
    if settings.is_set:
        action = f'%pip install --quiet "git+{settings.repository}@{settings.branch}"'
    else:
        action = ('print("This copy of the lessons cannot run on Colab: it does not name the repository to install '
                  'the "\n          "lessons\' package from. Open the lessons on a computer instead: one command, '
                  'in the README\'s \'Set "\n          "up\'. (A teacher who hosts a copy sets its address in '
                  'pyproject.toml, [tool.guesswho.launch], then "\n          "runs: python -m guesswho_apps '
                  'launch.)")')
    first = _FIRST_LINE_SET if settings.is_set else _FIRST_LINE_NOT_SET
    return f'{first}\nimport sys\nif "google.colab" in sys.modules:\n    {action}'


def is_colab_cell(source: str) -> bool:
    """Whether a cell's text is a Colab set-up cell made by :func:`colab_cell` (for any address)."""
    return source.startswith((_FIRST_LINE_SET + "\n", _FIRST_LINE_NOT_SET + "\n"))


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


def lesson_notebooks(source=".") -> list[Path]:
    """The notebook file of every lesson of the lesson table, under the project folder ``source``."""
    return [Path(source) / "notebooks" / f"{x.notebook}.ipynb" for x in LESSONS]


def write_colab_cells(source=".", check: bool = False) -> list[Path]:
    """Put the Colab cell made from ``<source>/pyproject.toml`` right after the header of every lesson (any older
    Colab cell removed).  Returns the notebooks that changed; with ``check=True`` only reports those that would.
    """
    import nbformat

    cell = colab_cell(launch_settings(source))
    changed = []
    for path in lesson_notebooks(source):
        text = path.read_text(encoding="utf-8")
        nb = nbformat.reads(text, as_version=4)
        cells = [c for c in nb.cells if c.get("id") != COLAB_CELL_ID and not is_colab_cell(c.source)]
        new = nbformat.v4.new_code_cell(cell, id=COLAB_CELL_ID)
        nb.cells = cells[:1] + [new] + cells[1:]
        out = nbformat.writes(nb) + "\n"
        if out != text:
            changed.append(path)
            if not check:
                path.write_text(out, encoding="utf-8", newline="\n")
    return changed
