"""The papers this project is built on, and the classical results its lessons cite, cited once: the README, the
lessons, the site and CITATION.cff read them here.

:data:`REFERENCES` are the three papers the project checks (and O'Neill's, which they cite); :data:`LITERATURE` the
classical results on searching with lies and on codes that lesson x3 states (Berlekamp, Pelc, Delsarte, Johnson,
the tables of binary codes).  Identifiers were looked up, not guessed: a reference without a DOI or arXiv
identifier says so (its ``note``) rather than invent one.

>>> print(cite("nica", "text"))  # doctest: +NORMALIZE_WHITESPACE
M. Nica, "Optimal strategy in 'Guess Who?': beyond binary search", Probability in the Engineering and Informational
Sciences 30(4), 576-592 (2016). https://doi.org/10.1017/S026996481600022X (arXiv:1509.03327)
>>> cite("cushing", "short")
'Cushing et al.'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Reference", "REFERENCES", "LITERATURE", "cite", "readme_references"]


@dataclass(frozen=True)
class Reference:
    key: str
    short: str                   # how the lessons name it: "Cushing et al."
    authors: tuple[str, ...]     # "D. Cushing", ...
    title: str
    venue: str                   # journal and volume, or "preprint"
    year: int | None             # None for a table kept up to date on line
    doi: str = ""
    arxiv: str = ""
    note: str = ""               # e.g. where the identifier came from, or that there is none
    web: str = ""                # the address of a work that has no DOI or arXiv identifier but is on line

    @property
    def url(self) -> str:
        """The DOI address if there is one, else the arXiv address, else the web address, else ''."""
        if self.doi:
            return f"https://doi.org/{self.doi}"
        if self.arxiv:
            return f"https://arxiv.org/abs/{self.arxiv}"
        return self.web


REFERENCES: dict[str, Reference] = {r.key: r for r in (
    Reference("cushing", "Cushing et al.",
              ("D. Cushing", "S. Gipp", "E. Levick", "E. Rickinson", "D. I. Stewart"),
              "Optimal play in 'Guess Who?'", "preprint", 2025, arxiv="2508.00799"),
    Reference("nica", "Nica", ("M. Nica",), "Optimal strategy in 'Guess Who?': beyond binary search",
              "Probability in the Engineering and Informational Sciences 30(4), 576-592", 2016,
              doi="10.1017/S026996481600022X", arxiv="1509.03327"),
    Reference("paz", "Paz & Peterfreund", ("A. Paz", "L. Peterfreund"),
              "Playing Guess Who with your kids: code-word strategy against adversaries",
              "journal version 2024; conference version at FUN 2022 (Fun with Algorithms, LIPIcs)", 2024,
              note="no DOI or arXiv identifier could be confirmed, so none is given"),
    Reference("oneill", "O'Neill", ("B. O'Neill",), "Optimal guessing in 'Guess Who'", "PLOS ONE 16(3)", 2021,
              doi="10.1371/journal.pone.0247361"),
)}


#: Classical results the lessons state (lesson x3: searching with lies, bounds on codes, tables of codes).
LITERATURE: dict[str, Reference] = {r.key: r for r in (
    Reference("berlekamp1964", "Berlekamp (1964)", ("E. R. Berlekamp",), "Block coding with noiseless feedback",
              "PhD thesis, Massachusetts Institute of Technology", 1964,
              note="a thesis: no DOI"),
    Reference("pelc1987", "Pelc (1987)", ("A. Pelc",), "Solution of Ulam's problem on searching with a lie",
              "Journal of Combinatorial Theory, Series A 44", 1987, doi="10.1016/0097-3165(87)90065-3"),
    Reference("pelc2002", "Pelc (2002)", ("A. Pelc",), "Searching games with errors: fifty years of coping with liars",
              "Theoretical Computer Science 270(1-2), 71-109", 2002, doi="10.1016/S0304-3975(01)00303-6"),
    Reference("johnson1962", "Johnson (1962)", ("S. M. Johnson",), "A new upper bound for error-correcting codes",
              "IRE Transactions on Information Theory 8(3), 203-207", 1962,
              note="its DOI could not be confirmed, so none is given"),
    Reference("delsarte1973", "Delsarte (1973)", ("P. Delsarte",),
              "An algebraic approach to the association schemes of coding theory",
              "Philips Research Reports Supplements 10", 1973, note="a report series: no DOI"),
    Reference("macwilliams1977", "MacWilliams & Sloane (1977)", ("F. J. MacWilliams", "N. J. A. Sloane"),
              "The theory of error-correcting codes", "North-Holland Mathematical Library 16", 1977,
              note="a book: no DOI"),
    Reference("best1978", "Best et al. (1978)",
              ("M. R. Best", "A. E. Brouwer", "F. J. MacWilliams", "A. M. Odlyzko", "N. J. A. Sloane"),
              "Bounds for binary codes of length less than 25", "IEEE Transactions on Information Theory 24(1), 81-93",
              1978, note="its DOI could not be confirmed, so none is given"),
    Reference("best1980", "Best (1980)", ("M. R. Best",), "Binary codes with a minimum distance of four",
              "IEEE Transactions on Information Theory 26(6), 738-742", 1980, doi="10.1109/TIT.1980.1056269"),
    Reference("brouwer", "Brouwer's table", ("A. E. Brouwer",), "Table of general binary codes",
              "on line, updated as results appear", None, web="https://www.win.tue.nl/~aeb/codes/binary-1.html"),
)}


def _lookup(key: str) -> Reference:
    try:
        return REFERENCES[key] if key in REFERENCES else LITERATURE[key]
    except (KeyError, TypeError):
        raise ValueError(f"key must be one of {sorted(REFERENCES) + sorted(LITERATURE)}, got {key!r}") from None


def cite(key: str, style: str = "text") -> str:
    """A reference (of :data:`REFERENCES` or :data:`LITERATURE`) as ``"short"`` ("Cushing et al."), ``"text"`` (one
    line, plain) or ``"markdown"`` (with a link)."""
    r = _lookup(key)
    if style == "short":
        return r.short
    authors = ", ".join(r.authors[:-1]) + (" and " if len(r.authors) > 1 else "") + r.authors[-1]
    ident = r.url
    if r.arxiv and r.doi:
        ident += f" (arXiv:{r.arxiv})"
    year = f" ({r.year})" if r.year is not None else ""
    if style == "text":
        return f"{authors}, \"{r.title}\", {r.venue}{year}." + (f" {ident}" if ident else "")
    if style == "markdown":
        link = f" [{r.url}]({r.url})" if r.url else ""
        extra = f" (arXiv:{r.arxiv})" if (r.arxiv and r.doi) else ""
        return f"{authors}, *{r.title}*, {r.venue}{year}.{link}{extra}"
    raise ValueError(f"style must be 'short', 'text' or 'markdown', got {style!r}")


def readme_references() -> str:
    """The README's References block: the papers, then the classical results the lessons cite, one line each, with
    the note of a reference that has no identifier (``tests/root/test_references.py`` checks the README holds it)."""
    def line(key):
        r = _lookup(key)
        return f"- {cite(key, 'markdown')}" + (f" ({r.note}.)" if r.note and not r.url else "")
    return "\n".join([line(k) for k in REFERENCES] + ["", "Classical results the extension lessons cite:", ""]
                     + [line(k) for k in LITERATURE]) + "\n"
