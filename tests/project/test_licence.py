"""Every published artefact states its licence, and every statement agrees with guesswho_apps/licence.py.

The code is MIT (``LICENSE``); the lessons, the teacher's guide and the worksheets are CC BY 4.0 (``LICENSE-CONTENT``).
Checked here: the two files, ``pyproject.toml`` (its ``license`` expression and ``license-files``), ``CITATION.cff``,
the README, the guide (Markdown, and the foot of every PDF page), every worksheet PDF page, and the site's
pages (its own pages and the lesson pages).
"""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

import pytest
import yaml

from guesswho_apps import licence
from guesswho_apps.licence import (CODE_LICENCE, CODE_LICENCE_FILE, CONTENT_LICENCE, CONTENT_LICENCE_FILE,
                                  CONTENT_LICENCE_URL, COPYRIGHT, notice)

ROOT = Path(__file__).resolve().parents[2]


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_licence_files_hold_the_licences_licence_py_names():
    mit = (ROOT / CODE_LICENCE_FILE).read_text(encoding="utf-8")
    holder = COPYRIGHT.replace("©", "Copyright (c)")
    assert CODE_LICENCE == "MIT" and mit.startswith("MIT License\n") and holder in mit
    assert "Permission is hereby granted, free of charge, to any person obtaining a copy" in mit
    content = (ROOT / CONTENT_LICENCE_FILE).read_text(encoding="utf-8")
    assert CONTENT_LICENCE == "CC-BY-4.0" and holder in content and CONTENT_LICENCE_URL in content
    assert "Creative Commons Attribution 4.0 International Public License" in content
    for covered in ("notebooks/", "teacher/solutions/", "guesswho_apps/data/guide/", "guesswho_apps worksheets"):
        assert covered in content, covered


def test_pyproject_declares_both_licences_and_ships_both_files():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # the package carries the guide's text (guesswho_apps/data/guide/), which is content
    assert project["license"] == f"{CODE_LICENCE} AND {CONTENT_LICENCE}"
    assert project["license-files"] == [CODE_LICENCE_FILE, CONTENT_LICENCE_FILE]
    assert not [c for c in project.get("classifiers", []) if c.startswith("License ::")]


def test_citation_cff_states_both_licences():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["license"] == CODE_LICENCE          # the software's; a list would mean "either of them"
    assert notice("code") in cff["abstract"] and notice("content") in cff["abstract"]


def test_the_readme_states_both_licences():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Licence\n", 1)[1].split("\n## ", 1)[0]
    assert notice("content") in section and notice("code") in section
    assert f"]({CODE_LICENCE_FILE})" in section and f"]({CONTENT_LICENCE_FILE})" in section
    assert "[the licence](#licence)" in readme.split("## 1. Set up")[0]


def test_notice_kinds_and_a_clear_error():
    assert set(licence.KINDS) == {"code", "content", "footer"}
    assert "CC BY 4.0" in notice("footer") and COPYRIGHT in notice("footer") and len(notice("footer")) < 90
    assert CONTENT_LICENCE_URL in notice("content") and CONTENT_LICENCE_FILE in notice("content")
    with pytest.raises(ValueError, match="kind must be one of 'code', 'content', 'footer'"):
        notice("pdf")


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    from guesswho_apps.teaching import write_guide, write_worksheets

    out = tmp_path_factory.mktemp("kit")
    return write_guide(out), write_worksheets(out)


def _pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [_flat(p.extract_text()) for p in PdfReader(str(path)).pages]


def test_every_page_of_the_guide_and_the_worksheets_states_the_licence(kit):
    guide, worksheets = kit
    for path in [guide["pdf"], *(p for p in worksheets.values() if p.suffix == ".pdf")]:
        pages = _pages(path)
        assert pages and all(notice("footer") in p for p in pages), (path.name, [notice("footer") in p for p in pages])
    assert notice("content") in _flat(guide["markdown"].read_text(encoding="utf-8"))
    for path in worksheets.values():                 # the editable sources say it too
        if path.suffix == ".md":
            assert notice("content") in _flat(path.read_text(encoding="utf-8")), path.name
        elif path.suffix == ".tex":
            assert notice("footer").replace("·", "") in _flat(path.read_text(encoding="utf-8")).replace("·", ""), \
                path.name


def test_every_page_of_the_site_states_the_licences():
    """The site's theme puts this footer on every page (tests/apps/site/test_site.py reads it on the built pages)."""
    from guesswho_apps.site.build import licence_footer, sphinx_settings

    footer = licence_footer()
    text = _flat(html.unescape(re.sub(r"<[^>]+>", "", footer)))          # the footer's text, as a browser shows it
    assert notice("content") in text and notice("code") in text
    assert f'<a href="{CONTENT_LICENCE_URL}">' in footer
    assert sphinx_settings({}, {}, {})["html_theme_options"]["extra_footer"] == footer
