"""The papers this project is built on, cited once: the README, the lessons, the site and CITATION.cff read them here.

Identifiers were looked up, not guessed: a reference without a DOI or arXiv identifier says so rather than
invent one.

>>> print(cite("nica", "text"))
M. Nica, "Optimal strategy in 'Guess Who?': beyond binary search", Probability in the Engineering and Informational Sciences 30(4), 576-592 (2016). https://doi.org/10.1017/S026996481600022X (arXiv:1509.03327)
>>> cite("cushing", "short")
'Cushing et al.'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Reference", "REFERENCES", "cite"]


@dataclass(frozen=True)
class Reference:
    key: str
    short: str                   # how the lessons name it: "Cushing et al."
    authors: tuple[str, ...]     # "D. Cushing", ...
    title: str
    venue: str                   # journal and volume, or "preprint"
    year: int
    doi: str = ""
    arxiv: str = ""
    note: str = ""               # e.g. where the identifier came from, or that there is none

    @property
    def url(self) -> str:
        """The DOI address if there is one, else the arXiv address, else ''."""
        if self.doi:
            return f"https://doi.org/{self.doi}"
        if self.arxiv:
            return f"https://arxiv.org/abs/{self.arxiv}"
        return ""


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


def cite(key: str, style: str = "text") -> str:
    """A reference as ``"short"`` ("Cushing et al."), ``"text"`` (one line, plain) or ``"markdown"`` (with a link)."""
    try:
        r = REFERENCES[key]
    except (KeyError, TypeError):
        raise ValueError(f"key must be one of {sorted(REFERENCES)}, got {key!r}") from None
    if style == "short":
        return r.short
    authors = ", ".join(r.authors[:-1]) + (" and " if len(r.authors) > 1 else "") + r.authors[-1]
    ident = r.url
    if r.arxiv and r.doi:
        ident += f" (arXiv:{r.arxiv})"
    if style == "text":
        return f"{authors}, \"{r.title}\", {r.venue} ({r.year})." + (f" {ident}" if ident else "")
    if style == "markdown":
        link = f" [{r.url}]({r.url})" if r.url else ""
        extra = f" (arXiv:{r.arxiv})" if (r.arxiv and r.doi) else ""
        return f"{authors}, *{r.title}*, {r.venue} ({r.year}).{link}{extra}"
    raise ValueError(f"style must be 'short', 'text' or 'markdown', got {style!r}")
