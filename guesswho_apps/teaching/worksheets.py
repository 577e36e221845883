"""Printable A4 worksheets for a class with or without computers, each in three versions (standard, support and
extension), and the teacher's answer sheet.

The text is a template, ``guesswho_apps/data/kit/worksheets.md`` (:mod:`.sources`): a ``# sheet`` with its name,
title and subtitle, then Markdown (``## `` headings, paragraphs, ``- `` bullets) and markers: ``[table: name]`` for a
table the library computes (:func:`sheet_table`), ``[include: name]`` for another sheet's text, ``[page]`` for a new
page.  Every number is computed from the exact solver (official rules, Cushing et al. eq. (1)) or the board solver
(the course's own board); nothing is typed in.  :func:`write_worksheets` writes each sheet as an A4 PDF with its
editable sources (Markdown and LaTeX); the same library gives the same bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import GUESS, format_fraction, format_move, format_percent
from . import document as doc
from .numbers import board_facts, p_table
from .sources import kit_text, paragraphs, sections
from .templates import render

__all__ = ["WORKSHEETS", "ACTIVITY_STATE", "ACTIVITY_MOVES", "TABLE_SIZE", "TALLY_ROWS", "activity_values",
           "strategy_card", "table_given", "write_worksheets", "worksheet_story", "worksheet_blocks", "Sheet",
           "sheets", "sheet_table", "yes_no"]

ACTIVITY_STATE = (4, 4)              # the classroom activity of lesson 02 (Cushing et al., section 1)
ACTIVITY_MOVES = ((1, 3), (2, 2))    # the two teams' first questions
TABLE_SIZE = 5                       # the fill-in table of P(n, m): 1 <= n, m <= TABLE_SIZE
EXTENSION_SIZE = 6                   # the extension's table
TALLY_ROWS = 20                      # games on one tally sheet
HEADER = "Guess Who? maths"
FIRST_QUESTION = "brown eyes"        # the first question of worksheet 3's extension


@dataclass(frozen=True)
class Sheet:
    name: str
    title: str
    sub: str
    body: str                        # the template's text, includes expanded


def sheets(text: str | None = None) -> dict:
    """name -> :class:`Sheet`, in the template's order, every ``[include: ...]`` expanded."""
    where = "data/kit/worksheets.md"
    raw = {}
    for s in sections(kit_text("worksheets") if text is None else text, where):
        if s.name != "sheet" or not {"name", "title"} <= set(s.keys):
            raise ValueError(f"{where}: every part is a '# sheet' with 'name:' and 'title:'")
        raw[s.keys["name"]] = (s.keys["title"], s.keys.get("sub", ""), s.body)

    def expand(name, seen=()):
        if name not in raw or name in seen:
            raise ValueError(f"{where}: [include: {name}] names no sheet, or includes itself")
        return re.sub(r"^\[include: ([\w-]+)\]$", lambda m: expand(m.group(1), seen + (name,)), raw[name][2],
                      flags=re.M)
    return {name: Sheet(name, t, sub, expand(name)) for name, (t, sub, _) in raw.items()}


def activity_values() -> dict:
    """At the activity's state: every first move (guess, 1:3, 2:2) -> its exact winning chance."""
    n, m = ACTIVITY_STATE
    t = cached_solution("official", max(n, m))
    return {move: t.value(n, m, move) for move in (GUESS,) + ACTIVITY_MOVES}


def strategy_card(N: int = 4) -> dict:
    """(n, m) -> the optimal moves there, 1 <= n, m <= N (official rules), for playing the rest of a card game."""
    t = cached_solution("official", N)
    return {(n, m): t.optimal_moves(n, m) for n in range(1, N + 1) for m in range(1, N + 1)}


def table_given(N: int = TABLE_SIZE, rows: tuple = (1,)) -> dict:
    """The cells of the fill-in table printed as a start: the rows ``rows`` (one suspect left, n = 1) and the column
    m = 1 (the opponent down to one); the rest is for the class."""
    values = p_table(N)
    return {s: v for s, v in values.items() if s[0] in rows or s[1] == 1}


def yes_no(trait: str) -> str:
    """A trait's split on the course's board, in the student's order: yes (the people who have it) : no."""
    from guesswho_lib.board import load_board
    board = load_board()
    yes = len(board.with_trait(trait))
    return f"{yes} : {len(board.names) - yes}"


def _card_rows(N: int, hide=()):
    card = strategy_card(N)
    rows = [["you have n \\ they have m"] + [f"$m = {m}$" for m in range(1, N + 1)]]
    for n in range(1, N + 1):
        row = [f"$n = {n}$"]
        for m in range(1, N + 1):
            if (n, m) in hide:
                row.append("your team's choice")
            elif n == 1:
                row.append("name them: you win")
            else:
                row.append(" or ".join(format_move(x).replace(":", " : ") for x in card[n, m]))
        rows.append(row)
    return rows


def _p_rows(N: int, given: dict | None = None):
    values = p_table(N)
    rows = [["$n$ \\ $m$"] + [f"$m = {m}$" for m in range(1, N + 1)]]
    for n in range(1, N + 1):
        rows.append([f"$n = {n}$"] + [format_fraction(values[n, m]) if given is None or (n, m) in given else ""
                                      for m in range(1, N + 1)])
    return rows


def _trait_question_rows():
    from guesswho_lib.board import load_board
    from guesswho_lib.board.question_sets import question_words
    board = load_board()
    return board, {question_words(board, [(t, True)]): t for t in board.traits}


def sheet_table(name: str, sheet: str = "") -> doc.Block:
    """A table the library computes, by its marker's name (the sheet's name picks a version's cells)."""
    n, m = ACTIVITY_STATE
    if name == "strategy-card":
        return doc.table(_card_rows(max(n, m), hide={ACTIVITY_STATE}), widths=[36] + [34.5] * m)
    if name == "strategy-values":
        t = cached_solution("official", max(n, m))
        rows = [["state (n, m)", "best moves", "P(n, m)"]]
        rows += [[f"({a}, {b})", "name them" if a == 1 else " or ".join(format_move(x).replace(":", " : ")
                                                                          for x in moves),
                  f"${format_fraction(t.P(a, b))}$"] for (a, b), moves in strategy_card(max(n, m)).items()]
        return doc.table(rows, widths=(40, 60, 40))
    if name == "tally":
        a, b = (format_move(x).replace(":", " : ") for x in ACTIVITY_MOVES)
        rows = [["game", f"first player: Team ${a}$", f"first player: Team ${b}$", "first player won",
                 "second player won"]] + [[str(k), "", "", "", ""] for k in range(1, TALLY_ROWS + 1)]
        return doc.table(rows + [["total", "", "", "", ""]], widths=(16, 40, 40, 39, 39), height=7.6)
    if name == "tree-1-3":
        return doc.table([["answer", "probability", "suspects you have left"],
                          ["yes", "$\\frac{1}{4}$", ""], ["no", "$\\frac{3}{4}$", ""]], widths=(40, 40, 60),
                         height=9)
    if name == "activity-values":
        rows = [["first move", "exact chance", "as a percentage", f"expected wins in {TALLY_ROWS} games"]]
        for move, v in activity_values().items():
            rows.append([format_move(move).replace(":", " : "), f"${format_fraction(v)}$", format_percent(v),
                         f"{float(v * TALLY_ROWS):.2f}"])
        return doc.table(rows, widths=(34, 40, 40, 60))
    if name == "p-table":
        rows = (1, 2) if sheet.endswith("-support") else (1,)
        return doc.table(_p_rows(TABLE_SIZE, table_given(TABLE_SIZE, rows)), widths=[22] + [30] * TABLE_SIZE,
                         height=20, align="center")
    if name == "p-full":
        return doc.table(_p_rows(TABLE_SIZE), widths=[22] + [30] * TABLE_SIZE, align="center")
    if name == "p-six":
        return doc.table(_p_rows(EXTENSION_SIZE), widths=[22] + [25] * EXTENSION_SIZE, align="center")
    board, trait_of = _trait_question_rows()
    if name in ("traits", "traits-started"):
        rows = [["question (trait)", "how many have it?", "split (yes : no)", "my rank"]]
        for k, t in enumerate(board.traits):
            done = name == "traits-started" and k < 3
            rows.append([t, str(len(board.with_trait(t))) if done else "", yes_no(t) if done else "", ""])
        return doc.table(rows, widths=(60, 38, 38, 38), height=7.2)
    if name == "board":
        people = [[person, ", ".join(t for t in board.traits if board.has(person, t))] for person in board.names]
        return doc.table([["person", "traits"]] + people, widths=(28, 146))
    if name == "board-answers":
        rows = [["first question", "split (yes : no)", "exact chance", "same split, free questions"]]
        rows += [[q.text, yes_no(trait_of[q.text]), f"${format_fraction(q.value)}$",
                  f"${format_fraction(q.ideal_value)}$"] for q in board_facts()["questions"] if q.sizes is not GUESS]
        return doc.table(rows, widths=(72, 26, 30, 46))
    if name == "second-question":
        left = set(board.with_trait(FIRST_QUESTION))
        counts = [(t, len(left & set(board.with_trait(t)))) for t in board.traits if t != FIRST_QUESTION]
        counts = [c for c in counts if 0 < c[1] < len(left)]
        counts.sort(key=lambda c: (abs(2 * c[1] - len(left)), c[0]))
        return doc.table([["trait", f"split of the {len(left)} left (yes : no)"]]
                         + [[t, f"{c} : {len(left) - c}"] for t, c in counts], widths=(80, 80))
    raise ValueError(f"no computed table {name!r}")


def worksheet_blocks(name: str) -> list:
    """The blocks of one sheet: its title, subtitle, a line for the student's name (not on the answer sheet), and
    its text with every number computed and every table filled."""
    all_sheets = sheets()
    if name not in all_sheets:
        raise ValueError(f"name must be one of {sorted(all_sheets)}, got {name!r}")
    s = all_sheets[name]
    out = [doc.title(render(s.title))]
    if s.sub:
        out.append(doc.small(render(s.sub)))
    if name != "answers":
        out.append(doc.p("Name: ______________________   Class: __________   Date: __________"))
    out.append(doc.space(3))
    return out + doc.from_text(paragraphs(s.body), render, lambda table: sheet_table(table, name))


def worksheet_story(name: str) -> list:
    """The flowables of one worksheet (for building a combined document)."""
    return doc.flowables(worksheet_blocks(name))


#: name -> title; the file is ``<name>.pdf`` (with ``<name>.md`` and ``<name>.tex``)
WORKSHEETS = {name: s.title for name, s in sheets().items()}


def write_worksheets(out_dir, names=None) -> dict[str, Path]:
    """Write the worksheets into ``out_dir`` (made if needed): name -> ``<name>.pdf``, and ``<name>-md`` ->
    ``<name>.md``, ``<name>-tex`` -> ``<name>.tex``, their editable sources."""
    from .assessment import write_item
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = list(WORKSHEETS) if names is None else list(names)
    paths: dict = {}
    for name in names:
        if name not in WORKSHEETS:
            raise ValueError(f"name must be one of {sorted(WORKSHEETS)}, got {name!r}")
        write_item(out, name, worksheet_blocks(name), f"{HEADER}: {WORKSHEETS[name]}", paths)
    return paths
