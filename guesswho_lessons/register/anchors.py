"""Where the lessons' own statements are written, and the scan that finds sentences stating mathematics.

A statement of a lesson (registered with :meth:`~.registry.Register.statement`) is anchored to its sentences by
:class:`~.registry.Quote` records made here: :func:`in_lesson`, :func:`in_solution`, :func:`in_guide` and
:func:`in_readme` name the file from the lesson's id (its notebook is found in the repository: :data:`CHECKOUT`), so
a quote says only which lesson and which words.  The files themselves are read from a checkout of the repository
(``root``): the installed package has no notebooks.

* :func:`missing_quotes`: every quote that is no longer in its file (a sentence changed without its check);
* :func:`flagged_sentences`: the sentences of a file that look like mathematics: a number (a fraction, a decimal,
  a percentage, a relation such as ``P(4, 4) = 9/16``), a word of quantity or certainty (always, never, every,
  only, exactly, optimal, best, at most, ...) or a theorem, proof or conjecture; questions, instructions and the
  exercises' own wording are left aside, and so is code quoted in backticks;
* :func:`unregistered_sentences`: the flagged sentences that no statement quotes and no record of
  :meth:`~.registry.Register.not_statements` names.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path

from guesswho_lib.claims.registry import Quote, all_claims, all_not_statements

__all__ = ["in_lesson", "in_output", "in_solution", "in_guide", "in_readme", "lesson_path", "solution_path",
           "guide_path", "scanned_paths", "file_pieces", "missing_quotes", "flagged_sentences",
           "unregistered_sentences", "printed_lines", "unregistered_printed_lines", "printed_quotes_not_printed",
           "normalised", "cell_source", "CHECKOUT", "GUIDE"]

README = "README.md"


def normalised(text: str) -> str:
    """Runs of white space as one space (a quote matches across line breaks)."""
    return " ".join(text.split())


#: The repository this module is read from (the source tree, or an editable install of it): the lessons, their
#: worked solutions and the teacher's guide are files of the repository, not of the installed library.
CHECKOUT = Path(__file__).resolve().parents[2]
#: Where the teacher's guide keeps its text, one file per lesson (the applications' data).
GUIDE = "guesswho_apps/data/guide"


def _notebooks(root: Path) -> dict[str, str]:
    """Lesson id -> its notebook relative to the repository ("02" -> "notebooks/02-the-four-four-exception.ipynb"),
    found on disk in the order of the lessons: the core track, then the extension."""
    out = {}
    for folder, pattern in (("notebooks", "[0-9][0-9]-*.ipynb"), ("notebooks/extension", "x[0-9]-*.ipynb")):
        for p in sorted((root / folder).glob(pattern)):
            out[p.name.split("-", 1)[0]] = f"{folder}/{p.name}"
    return out


_NOTEBOOKS = _notebooks(CHECKOUT)


def lesson_path(lesson_id: str) -> str:
    """The notebook of a lesson, relative to the repository: ``notebooks/02-the-four-four-exception.ipynb`` (outside
    a checkout, where there are no notebooks, a placeholder ``notebooks/02.ipynb`` that names the lesson)."""
    if lesson_id in _NOTEBOOKS:
        return _NOTEBOOKS[lesson_id]
    if _NOTEBOOKS:
        raise ValueError(f"no lesson {lesson_id!r} (the lessons are {', '.join(_NOTEBOOKS)})")
    return f"notebooks/{lesson_id}.ipynb"


def _stem(lesson_id: str) -> str:
    return lesson_path(lesson_id).rsplit("/", 1)[-1].removesuffix(".ipynb")


def solution_path(lesson_id: str) -> str:
    """The worked solutions of a lesson: ``teacher/solutions/02-the-four-four-exception-solutions.ipynb``."""
    return f"teacher/solutions/{_stem(lesson_id)}-solutions.ipynb"


def guide_path(lesson_id: str) -> str:
    """The teacher's guide of a lesson, named after its notebook without the number
    (``guesswho_apps/data/guide/the-four-four-exception.md``); ``"intro"`` and ``"no-computers"`` name the guide's
    own parts."""
    name = lesson_id if lesson_id in ("intro", "no-computers") else re.sub(r"^(\d\d|x\d)-", "", _stem(lesson_id))
    return f"{GUIDE}/{name}.md"


def in_lesson(lesson_id: str):
    """``q = in_lesson("02")``; ``q("words of the lesson")`` is a :class:`Quote` of lesson 02's notebook."""
    path = lesson_path(lesson_id)
    return lambda text: Quote(path, text)


def in_output(lesson_id: str):
    """``q = in_output("08")``; ``q("so always halving costs from … to …")`` is a :class:`Quote` of a line that lesson
    08 prints when it runs, ``…`` standing for each value its cell computes."""
    path = lesson_path(lesson_id)
    return lambda text: Quote(path, text, printed=True)


def in_solution(lesson_id: str):
    path = solution_path(lesson_id)
    return lambda text: Quote(path, text)


def in_guide(lesson_id: str):
    path = guide_path(lesson_id)
    return lambda text: Quote(path, text)


def in_readme(text: str) -> Quote:
    return Quote(README, text)


def scanned_paths() -> list[str]:
    """Every file the scan reads: each lesson's notebook, its worked solutions and its part of the guide, and the
    guide's introduction and its lesson without computers."""
    out = []
    for lesson_id in _NOTEBOOKS:
        out += [lesson_path(lesson_id), solution_path(lesson_id), guide_path(lesson_id)]
    return out + [guide_path("intro"), guide_path("no-computers")]


# ---- reading the files ------------------------------------------------------------------------------------------
def _cells(root: Path, path: str) -> list[dict]:
    return json.loads((root / path).read_text(encoding="utf-8"))["cells"]


def cell_source(cell: dict) -> str:
    """A notebook cell's source as one string (nbformat stores it as a string or a list of lines)."""
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def file_pieces(root, path: str) -> list[str]:
    """The pieces of a file a quote must lie in, whitespace normalised: each cell's source for a notebook, the
    whole text otherwise."""
    root = Path(root)
    if path.endswith(".ipynb"):
        return [normalised(cell_source(c)) for c in _cells(root, path)]
    return [normalised((root / path).read_text(encoding="utf-8"))]


def _claims() -> list:
    """Every registered claim, the lessons' statements loaded first (and any other register's, such as the kit's,
    that was imported)."""
    from . import course_claims
    course_claims()
    return all_claims()


def missing_quotes(root) -> list[str]:
    """Every quote of a registered statement that is not (any more) in its file, as 'claim id: path: text'."""
    root = Path(root)
    pieces: dict[str, list[str]] = {}
    out = []
    for c in _claims():
        for q in c.quotes:
            if q.path not in pieces:
                pieces[q.path] = file_pieces(root, q.path) if (root / q.path).is_file() else []
            if q.printed:                   # a line the notebook prints: matched against its run (printed_quotes_...)
                continue
            text = normalised(q.text)
            if not any(text in p for p in pieces[q.path]):
                out.append(f"{c.id}: {q.path}: {q.text!r}")
    return out


# ---- the scan -----------------------------------------------------------------------------------------------------
#: What makes a sentence look like mathematics.
_TRIGGER = re.compile(
    r"\d+\s*/\s*\d+|\\[dt]?frac|(?<![\w.])\d*\.\d+(?!\.)|\d\s*%|[=≤≥<>≈]|\b(?:always|never|every|exactly|optimal|best|"
    r"worst|theorems?|lemmas?|propositions?|proven|proves?|proved|verified|conjecture|at least|at most|more than|"
    r"less than|fewer|only|ties?|equally good|whole number|cannot|impossible|unique|smallest|largest|highest|lowest)\b",
    re.I)
#: Sentences that ask or instruct rather than state.
_INSTRUCTION = re.compile(
    r"^\W*(?:predict|run|write|move|try|use|click|choose|replace|pick|tick|press|look|compare|draw|work it out|"
    r"work out|count|find|give|read|set|play|discuss|follow|copy|start|sketch|recall|step|keep|show|ask|skip|"
    r"let|open|type|check|take|change|put|add|make|see|note|watch|go|say|record|vote)\b", re.I)
_EXERCISE_PROMPT = re.compile(r"^\W*\*\*(?:\d\d|x\d)\.\d+[a-z]?\*\*|^\W*(?:\d\d|x\d)\.\d+[a-z]? \(level", re.M)
_SPLIT = re.compile(r"(?<=[.!?;:])\s+(?=[A-Z*($`\[\"'])|\n\s*(?:[-*]|\d+\.)\s+|\n\s*\n|\n(?=\|)")


def _prose_of_code(source: str) -> list[str]:
    """The comments and the string constants (of at least three words) of a code cell."""
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                out.append(tok.string.lstrip("# "))
        tree = ast.parse(source)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return out
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value.split()) >= 3:
            out.append(node.value)
    return out


def _paragraphs(root: Path, path: str) -> list[str]:
    """The prose of a file, paragraph by paragraph, without what the scan leaves aside (headers, references,
    generated boxes, the lesson table, exercise prompts)."""
    if path.endswith(".ipynb"):
        out = []
        for i, cell in enumerate(_cells(root, path)):
            src = cell_source(cell)
            if i == 0 or src.startswith(("## References", "**What is proven, what is verified")) \
                    or "google.colab" in src:
                continue
            if cell.get("cell_type") == "markdown":
                out += [p for p in re.split(r"\n\s*\n", src) if not _EXERCISE_PROMPT.search(p)
                        and not p.lstrip().startswith("|")]
            elif not re.search(r"\bcheck\(\s*[\"']", src):
                out += _prose_of_code(src)
        return out
    text = (root / path).read_text(encoding="utf-8")
    text = re.sub(r"^# \w+\s*$", "", text, flags=re.M)
    text = re.sub(r"^id: \S+\s*$", "", text, flags=re.M)           # a kit section's key (an exercise's key)
    return re.split(r"\n\s*\n|\n(?=- |\d+ §|\d+ )", text)


def _looks_like_mathematics(sentence: str) -> bool:
    bare = re.sub(r"`[^`]*`", " ", sentence)                # code quoted in backticks is not a statement
    bare = re.sub(r"\{\{[^}]*\}\}", " ", bare)              # a guide's placeholder is computed when it is built
    bare = re.sub(r"^#+ .*$", " ", bare, flags=re.M)        # a heading
    bare = re.sub(r"\]\([^)]*\)", "]", bare)                 # a link's address
    if bare.rstrip().endswith("?") or _INSTRUCTION.match(bare.lstrip("(*_ ")):
        return False
    return bool(_TRIGGER.search(bare))


def flagged_sentences(root, path: str) -> list[str]:
    """The sentences of the file at ``path`` (relative to ``root``) that look like mathematics, whitespace
    normalised, in the file's order."""
    root = Path(root)
    out = []
    for paragraph in _paragraphs(root, path):
        for s in _SPLIT.split(paragraph):
            s = normalised(s)
            if len(s) >= 12 and _looks_like_mathematics(s):
                out.append(s)
    return out


def _covers(snippet: str, sentence: str) -> bool:
    snippet = normalised(snippet)
    return snippet in sentence or sentence in snippet


def unregistered_sentences(root, paths=None) -> dict[str, list[str]]:
    """For each scanned file (``paths``, by default :func:`scanned_paths`), the flagged sentences that no registered
    statement quotes and no :meth:`~.registry.Register.not_statements` record names."""
    root = Path(root)
    known: dict[str, list[str]] = {}
    for c in _claims():
        for q in c.quotes:
            if not q.printed:
                known.setdefault(q.path, []).append(q.text)
    for rec in all_not_statements():
        if not rec.printed:
            known.setdefault(rec.path, []).extend(rec.texts)
    out = {}
    for path in scanned_paths() if paths is None else paths:
        if not (root / path).is_file():
            continue
        loose = [s for s in flagged_sentences(root, path) if not any(_covers(k, s) for k in known.get(path, ()))]
        if loose:
            out[path] = loose
    return out


# ---- the lines a lesson prints -------------------------------------------------------------------------------------
def printed_lines(text: str) -> list[str]:
    """The lines of a cell's printed output that look like mathematics, whitespace normalised (the same test as a
    sentence's: a number, a relation, a word of quantity or certainty)."""
    out = []
    for line in text.splitlines():
        s = normalised(line)
        if len(s) >= 12 and _TRIGGER.search(re.sub(r"<[^>]*>", " ", s)):
            out.append(s)
    return out


def _template(text: str) -> re.Pattern:
    """A printed quote as a pattern: its words verbatim (white space normalised), each ``…`` any value."""
    pieces = [re.escape(normalised(p)) for p in text.split("…")]
    return re.compile(r"\s*\S.*?\s*".join(pieces))


def _printed_known(path: str) -> list[tuple[str, re.Pattern]]:
    known = [(f"{c.id}", _template(q.text)) for c in _claims() for q in c.quotes if q.printed and q.path == path]
    known += [(f"not a statement: {rec.reason}", _template(t)) for rec in all_not_statements()
              if rec.printed and rec.path == path for t in rec.texts]
    return known


def unregistered_printed_lines(path: str, outputs) -> list[str]:
    """The lines that the notebook ``path`` printed (``outputs``: each cell's printed text, from a run top to bottom)
    that look like mathematics and that no printed quote of a statement, and no printed record of
    :meth:`~.registry.Register.not_statements`, covers."""
    known = [p for _, p in _printed_known(path)]
    return [line for text in outputs for line in printed_lines(text or "")
            if not any(p.search(line) for p in known)]


def printed_quotes_not_printed(path: str, outputs) -> list[str]:
    """Every printed quote of the notebook ``path`` (and printed record of what states nothing) that no line of its
    run prints: a quote left behind by a changed cell."""
    lines = [normalised(line) for text in outputs for line in (text or "").splitlines()]
    return [f"{who}: {p.pattern}" for who, p in _printed_known(path) if not any(p.search(line) for line in lines)]
