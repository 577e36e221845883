"""The kit's own texts: Jinja2 templates in ``guesswho_apps/data/kit/`` (Markdown with mathematics between dollar
signs), one file per item, read and cut into their parts here.

A file is a sequence of parts, each headed by a line ``# name`` (one word); a part may start with lines
``key: value``; its text is paragraphs and ``- `` bullets, a line that goes on indented or unbroken joining the one
before.  The register of the kit's statements (:mod:`.course_kit`) quotes these files, as the lessons' register
quotes the notebooks: a sentence of the kit cannot change without its check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

__all__ = ["KIT", "kit_path", "kit_text", "Section", "sections", "paragraphs"]

#: the folder of the kit's texts, in the repository
KIT = "guesswho_apps/data/kit"


def kit_path(name: str) -> str:
    """The file of a kit text, relative to the repository (``guesswho_apps/data/kit/exam.md``)."""
    return f"{KIT}/{name}.md"


def kit_text(name: str) -> str:
    """The raw text of ``data/kit/<name>.md`` (a template, numbers not computed)."""
    f = resources.files("guesswho_apps").joinpath(f"data/kit/{name}.md")
    if not f.is_file():
        raise FileNotFoundError(f"the kit has no text data/kit/{name}.md")
    return f.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Section:
    name: str                 # the word of its heading, "# part"
    keys: dict                # its leading "key: value" lines
    body: str                 # the rest, as written


def sections(text: str, where: str) -> list[Section]:
    """The parts of a kit file, in order."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        m = re.fullmatch(r"#\s+(\w+)\s*", line)
        if m:
            out.append((m.group(1), []))
        elif out:
            out[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"{where}: text before the first '# part' heading: {line!r}")
    result = []
    for name, body in out:
        keys = {}
        while body and not body[0].strip():
            body = body[1:]
        while body and re.fullmatch(r"[a-z][\w-]*: .+", body[0].strip()):
            key, value = body[0].split(": ", 1)
            keys[key.strip()] = value.strip()
            body = body[1:]
        result.append(Section(name, keys, "\n".join(body).strip()))
    return result


def paragraphs(body: str) -> list[str]:
    """Paragraphs and bullets (``- ...``, kept with their dash), each one string, continuation lines joined."""
    out: list[str] = []
    for line in body.splitlines():
        s = line.strip()
        if not s:
            out.append("")
        elif s.startswith("- ") or s.startswith("| "):
            out.append(s)
        elif out and out[-1] and not out[-1].startswith("| "):
            out[-1] += " " + s
        else:
            out.append(s)
    return [b for b in out if b]
