"""Every HTML page and piece the applications write, from the Jinja2 templates in ``guesswho_apps/templates/``:
the class server's game page, the teacher's sign-in page, tally and lesson view, their error page (the same under
a school's JupyterHub), and the pieces of HTML the website builder puts into its pages (a widget's still picture,
a lesson's links, the licences' footer).

One environment, autoescaping on: every value is escaped unless it is marked with :func:`markup` (HTML made by
another template, or by the library's widgets; never a user's text), and a value is never read as a template, so a
nickname such as ``{{7*7}}`` stays those seven characters.  An undefined name is an error, not an empty string.

>>> render_macro("pieces.html", "error_page", 403, "no <script>")
"<!doctype html><html lang='en'><title>403</title><p>403: no &lt;script&gt;</p></html>"

(The teacher's kit writes Markdown and PDFs, not HTML, with its own environment: :mod:`.teaching.templates`.)
"""

from __future__ import annotations

import functools

import jinja2
from markupsafe import Markup

__all__ = ["render", "render_macro", "markup"]


@functools.cache
def environment() -> jinja2.Environment:
    """The applications' one Jinja2 environment for HTML (templates loaded once: they ship with the package)."""
    return jinja2.Environment(loader=jinja2.PackageLoader("guesswho_apps", "templates"), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=True, auto_reload=False)


def markup(text: str) -> Markup:
    """``text`` as HTML that a template puts in as it is (made by a template or a widget; never a user's text)."""
    return Markup(text)


def render(template: str, **values) -> str:
    """The page ``template`` filled in with ``values`` (each escaped unless it is :func:`markup`)."""
    return environment().get_template(template).render(**values)


@functools.cache
def _macros(template: str):
    return environment().get_template(template).module


def render_macro(template: str, macro: str, *args, **kwargs) -> str:
    """The macro ``macro`` of ``template`` (a file of small pieces) called with the arguments, as HTML."""
    return str(getattr(_macros(template), macro)(*args, **kwargs))
