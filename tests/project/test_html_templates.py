"""The applications write HTML one way: Jinja2 templates in ``guesswho_apps/templates`` (package data), rendered by
the one autoescaping environment of :mod:`guesswho_apps.templating`.

* no module of ``guesswho_apps`` holds an HTML tag in a string (read with ast: docstrings aside), but the few
  allowed below, each with its reason;
* none uses another templating engine (``string.Template``, tornado's templates, ``RequestHandler.render``);
* every template is shipped as package data, compiles, and the environment escapes what it is given.

Each test lists every violation, one per line, with the file and line.
"""

from __future__ import annotations

import ast
import fnmatch
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "guesswho_apps"
TEMPLATES = APPS / "templates"

#: The HTML elements (a ``<name>`` that is not one, such as ``<code>``'s neighbour ``<owner>``, is a placeholder).
ELEMENTS = set("""a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite
code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure font footer
form h1 h2 h3 h4 h5 h6 head header hr html i iframe img input ins kbd label legend li link main map mark meta meter nav
noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script section select slot
small source span strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr
track u ul var video wbr""".split())
TAG = re.compile(r"<(?:(!--)|(!doctype)\b|/?([a-zA-Z][a-zA-Z0-9]*)(?=[\s/>]))", re.IGNORECASE)

#: Module (relative to guesswho_apps) -> (the tags it may hold, why).  Short, and only where no template fits.
ALLOWED = {
    "teaching/pdf.py": ({"b", "i", "font"}, "ReportLab's paragraph markup for the kit's PDFs, not HTML"),
    "teaching/document.py": ({"b", "i", "font", "!--"}, "ReportLab's paragraph markup for the kit's PDFs, and "
                                                        "the comments of the Markdown a teacher edits"),
    "teaching/guide.py": ({"b"}, "ReportLab's paragraph markup: the bold first row of a table in the guide's PDF"),
}


def _modules():
    return sorted(p for p in APPS.rglob("*.py") if "__pycache__" not in p.parts)


def _docstrings(tree) -> set:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree) if isinstance(node, kinds) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def html_tags(text: str) -> set:
    """The HTML tags (element names, ``!--``, ``!doctype``) that ``text`` holds.

    >>> sorted(html_tags('<p class="x">a</p> <!-- c --> /class/teacher/<code>/lesson <owner> a < b'))
    ['!--', 'code', 'p']
    """
    found = set()
    for m in TAG.finditer(text):
        name = (m[1] or m[2] or m[3]).lower()
        if name.startswith("!") or name in ELEMENTS:
            found.add(name)
    return found


def test_no_module_of_the_applications_builds_html_outside_the_templates():
    problems = []
    for path in _modules():
        name = path.relative_to(APPS).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        docs = _docstrings(tree)
        allowed = ALLOWED.get(name, (set(), ""))[0]
        for node in ast.walk(tree):          # every string, and every literal part of an f-string
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                tags = html_tags(node.value) - allowed
                if tags:
                    problems.append(f"guesswho_apps/{name}:{node.lineno}: HTML ({', '.join(sorted(tags))}) in a "
                                    f"string: {node.value[:50]!r}; write it in a template (guesswho_apps/templates)")
    assert not problems, "\n".join(problems)


def test_the_allowed_modules_still_need_their_exception():
    """An exception no longer used is dropped (the list stays short and true)."""
    stale = []
    for name, (tags, _why) in ALLOWED.items():
        tree = ast.parse((APPS / name).read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        used = set().union(*(html_tags(n.value) for n in ast.walk(tree)
                             if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs))
        if not tags <= used:
            stale.append(f"guesswho_apps/{name}: allowed {sorted(tags - used)} but holds none")
    assert not stale, "\n".join(stale)


def _other_engine(node) -> str | None:
    """What ``node`` uses of another templating engine, or None."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        names = [f"{node.module}.{a.name}" for a in node.names] + [node.module or ""]
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        names = [f"{node.value.id}.{node.attr}"]
    else:
        return None
    return next((n for n in names if n == "string.Template" or n.startswith("tornado.template")
                 or n in ("self.render", "self.render_string")), None)


def test_no_other_templating_engine():
    """No string.Template, no tornado.template, no tornado handler's render (which reads tornado's templates)."""
    problems = [f"guesswho_apps/{path.relative_to(APPS).as_posix()}:{node.lineno}: {used}"
                for path in _modules() for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
                if (used := _other_engine(node))]
    assert not problems, "\n".join(problems)


def test_every_template_is_package_data_and_compiles():
    from guesswho_apps.templating import environment

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["guesswho_apps"]
    files = sorted(p.relative_to(APPS).as_posix() for p in TEMPLATES.rglob("*") if p.is_file())
    assert files, "no templates"
    assert [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)] == []
    for f in files:
        environment().get_template(f[len("templates/"):])           # a syntax error raises here


def test_the_environment_escapes_every_value_and_never_reads_one_as_a_template():
    from guesswho_apps.templating import markup, render, render_macro

    said = render_macro("pieces.html", "error_page", 400, "<script>alert(1)</script> {{7*7}} \"'&")
    assert "<script>" not in said and "&lt;script&gt;" in said and "{{7*7}}" in said and "49" not in said
    assert "&#34;&#39;&amp;" in said
    assert render_macro("site.html", "html_box", "", markup("<b>kept</b>")) == \
        '<div class="gw-static-html"><b>kept</b></div>'                     # HTML marked as such is kept
    page = render("signin.html", action="/class/teacher", code='"><b id=x>', message="", static="/s",
                  enabled=True, enable_hint="")
    assert 'value="&#34;&gt;&lt;b id=x&gt;"' in page
