"""The exercise numbers a lesson shows, kept in step with the declarations.

An exercise's key ("02-halving") is its stable id; its number ("02.1") follows from the order of its lesson's
declarations (:mod:`..reader.framework`).  A lesson's notebook shows the number in the exercise's statement
(``**02.1**`` in the text before the cell that checks it, or a comment ``# 05.1`` at the top of that cell), and its
worked solutions, its guide page and the hints refer to numbers too.

* :func:`shown_numbers`: the number a notebook shows for each exercise it checks;
* :func:`differences`: where a lesson's notebook and its declarations disagree (tested for every lesson);
* :func:`renumber`: after an exercise was added, removed or moved among the declarations, write every number of the
  lesson again in its notebook, its worked solutions, its guide page and its exercises' module
  (``python -m guesswho_apps numbers --write``; the kit's exit tickets name their exercises by key).  A new
  exercise's statement is written ``**02.?**``: it gets its number here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..exercises import MODULES, exercises_for, get
from .anchors import CHECKOUT, cell_source, guide_path, lesson_path, solution_path

__all__ = ["LABEL", "shown_numbers", "differences", "renumber", "lesson_files"]

#: An exercise's number where a notebook states the exercise: ``**02.1**``, ``## 06.1``, ``# 05.1`` (and ``02.?``
#: for a new exercise that has no number yet).
LABEL = re.compile(r"(?:^[ \t]*#+[ \t]*|\*\*)((?:\d\d|x\d)\.(?:\d+[a-z]?|\?))(?![\w])", re.M)
_CHECK = re.compile(r"""\bcheck\(\s*["']([^"']+)["']""")


def shown_numbers(notebook: dict) -> dict[str, str | None]:
    """{what a check cell names (an exercise's key): the number the notebook shows for it}: the number at the top
    of the check cell, or else the last number stated in the cells before it (None: no number before it)."""
    out: dict[str, str | None] = {}
    last = None
    for cell in notebook.get("cells", []):
        src = cell_source(cell)
        labels = LABEL.findall(src)
        code = cell.get("cell_type") == "code"
        if labels:
            last = labels[0] if code else labels[-1]
        if code:
            for name in _CHECK.findall(src):
                out.setdefault(name, last)
    return out


def lesson_files(lesson: str, root: Path = CHECKOUT) -> list[Path]:
    """The files of a lesson that name its exercises' numbers: its notebook, its worked solutions, its guide page
    and its exercises' module (those that exist)."""
    paths = [root / lesson_path(lesson), root / solution_path(lesson), root / guide_path(lesson),
             root / "guesswho_lessons" / "exercises" / f"{MODULES[lesson]}.py"]
    return [p for p in paths if p.is_file()]


def differences(lesson: str, root: Path = CHECKOUT) -> list[str]:
    """Where the lesson's notebook and its declarations disagree, in words (empty when they agree): a check cell
    that names a number or an unknown exercise instead of a key, a number shown that is not the exercise's, an
    exercise no cell checks."""
    notebook = json.loads((root / lesson_path(lesson)).read_text(encoding="utf-8"))
    shown = shown_numbers(notebook)
    out = []
    for name, number in shown.items():
        try:
            found = get(name)
        except ValueError as e:
            out.append(f"check({name!r}): {e}")
            continue
        if name != found.key:
            out.append(f"check({name!r}) names exercise {found.key} by its number: name it by its key")
        elif number != found.id:
            out.append(f"exercise {found.key} is {found.id} in its declarations, but its statement shows "
                       f"{number or 'no number'}")
    out += [f"exercise {e.key} ({e.id}) is checked by no cell" for e in exercises_for(lesson) if e.key not in shown]
    return out


def renumber(lesson: str, root: Path = CHECKOUT) -> list[Path]:
    """Write the numbers of the declarations into the lesson's files: every number the notebook shows for an
    exercise that is not its number now becomes it, in the notebook, the worked solutions, the guide page and the
    module; each ``NN.?`` of the notebook becomes the number of the new exercise it states, in order.  The files
    changed.  A ValueError when two exercises show one number (write the new one as ``NN.?``)."""
    notebook_path = root / lesson_path(lesson)
    shown = {name: number for name, number in shown_numbers(json.loads(notebook_path.read_text("utf-8"))).items()
             if _key(name)}
    taken: dict[str, str] = {}
    for name, number in shown.items():
        if number and not number.endswith("?"):
            if number in taken:
                raise ValueError(f"exercises {taken[number]} and {name} both show {number}: write the new one's "
                                 f"number as {lesson}.? and run again")
            taken[number] = name
    moved = {number: get(name).id for number, name in taken.items() if get(name).id != number}
    new = [get(name).id for name, number in shown.items() if number and number.endswith("?")]
    changed = []
    pattern = re.compile(r"(?<![\w.])(%s)(?![\w])" % "|".join(
        [re.escape(n) for n in sorted(moved, key=len, reverse=True)] + [re.escape(f"{lesson}.?")]))
    for path in lesson_files(lesson, root):
        text = path.read_text(encoding="utf-8")
        out = pattern.sub(_replacer(moved, new if path == notebook_path else []), text)
        if out != text:
            path.write_text(out, encoding="utf-8")
            changed.append(path)
    return changed


def _replacer(moved: dict[str, str], new: list[str]):
    """The replacement of one number: its new number, and each ``NN.?`` in turn the next of ``new``."""
    fresh = iter(new)

    def one(m):
        if m.group(1).endswith("?"):
            return next(fresh, m.group(1))
        return moved[m.group(1)]
    return one


def _key(name: str) -> bool:
    try:
        return get(name).key == name
    except ValueError:
        return False
