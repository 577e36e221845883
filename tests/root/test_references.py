"""One place for every reference: guesswho_lib/references.py.  The README's References block is exactly what it
generates; identifiers are well formed, and a reference without one says why."""

import re
from pathlib import Path

import pytest

from guesswho_lib.references import LITERATURE, REFERENCES, cite, readme_references

ROOT = Path(__file__).resolve().parents[2]
MARK = "<!-- references: generated from guesswho_lib/references.py"


def test_the_readme_references_block_is_generated_from_references_py():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split(MARK, 1)[1].split("-->\n", 1)[1]
    assert block.startswith(readme_references()), "regenerate the README's References block with readme_references()"
    assert block[len(readme_references()):].startswith("\nTo cite this project")


def test_every_reference_has_a_well_formed_identifier_or_says_why_not():
    for key, r in {**REFERENCES, **LITERATURE}.items():
        assert key not in REFERENCES or key not in LITERATURE
        if r.doi:
            assert re.fullmatch(r"10\.\d{4,9}/\S+", r.doi), key
        if not (r.doi or r.arxiv):
            assert r.note or r.web, f"{key}: no identifier, and no note saying why"
        assert cite(key, "markdown").startswith(r.authors[0])


def test_the_classical_results_are_cited_by_the_lesson_that_states_them():
    import nbformat
    nb = nbformat.read(ROOT / "notebooks" / "extension" / "x3-codes-and-bounds.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for key in LITERATURE:
        assert cite(key, "markdown") in text, key


def test_an_unknown_key_is_refused_naming_the_keys():
    with pytest.raises(ValueError, match="pelc1987"):
        cite("pelc", "text")
