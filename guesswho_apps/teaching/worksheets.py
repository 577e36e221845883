"""Printable A4 worksheets for a class with or without computers, and the teacher's answer sheet.

Every number printed is computed here from the exact solver (official rules, Cushing et al. eq. (1.1)) or the
board solver (the shipped board of faces); nothing is typed in.  :func:`write_worksheets` writes one PDF per
sheet; the same library gives the same bytes (fixed PDF metadata, see :mod:`.pdf`).
"""

from __future__ import annotations

from pathlib import Path

from guesswho_lib.rules import format_fraction, format_move, format_percent
from guesswho_lib.rules import GUESS
from guesswho_lib.game.solver import cached_solution
from . import pdf
from .numbers import board_facts, p_table

__all__ = ["WORKSHEETS", "ACTIVITY_STATE", "ACTIVITY_MOVES", "TABLE_SIZE", "TALLY_ROWS", "activity_values",
           "strategy_card", "table_given", "write_worksheets", "worksheet_story"]

ACTIVITY_STATE = (4, 4)              # the classroom activity of lesson 02 (Cushing et al., section 1)
ACTIVITY_MOVES = ((1, 3), (2, 2))    # the two teams' first questions
TABLE_SIZE = 5                       # the fill-in table of P(n, m): 1 <= n, m <= TABLE_SIZE
TALLY_ROWS = 20                      # games on one tally sheet
HEADER = "Guess Who? maths"

W = pdf.A4[0] - 36 * pdf.mm          # text width


def activity_values() -> dict:
    """At the activity's state: every first move (guess, 1:3, 2:2) -> its exact winning chance."""
    n, m = ACTIVITY_STATE
    t = cached_solution("official", max(n, m))
    return {move: t.value(n, m, move) for move in (GUESS,) + ACTIVITY_MOVES}


def strategy_card(N: int = 4) -> dict:
    """(n, m) -> the optimal moves there, 1 <= n, m <= N (official rules), for playing the rest of a card game."""
    t = cached_solution("official", N)
    return {(n, m): t.optimal_moves(n, m) for n in range(1, N + 1) for m in range(1, N + 1)}


def table_given(N: int = TABLE_SIZE) -> dict:
    """The cells of the fill-in table printed as a start: one suspect left (n = 1) or the opponent down to one
    (m = 1); the rest is for the class."""
    values = p_table(N)
    return {s: v for s, v in values.items() if s[0] == 1 or s[1] == 1}


def _title(text: str, sub: str = ""):
    out = [pdf.paragraph(text, "title")]
    if sub:
        out.append(pdf.paragraph(sub, "small"))
    out.append(pdf.paragraph("Name: ______________________   Class: __________   Date: __________", "body"))
    out.append(pdf.Spacer(1, 4 * pdf.mm))
    return out


def _card_rows(N: int, hide=()):
    card = strategy_card(N)
    head = ["you have n \\ they have m"] + [f"m = {m}" for m in range(1, N + 1)]
    rows = [head]
    for n in range(1, N + 1):
        row = [f"n = {n}"]
        for m in range(1, N + 1):
            if (n, m) in hide:
                row.append("your team's choice")
            elif n == 1:
                row.append("name them: you win")
            else:
                row.append(" or ".join(format_move(x) for x in card[n, m]))
        rows.append(row)
    return rows


# ---- the sheets -------------------------------------------------------------------------------------------------
def activity_sheet() -> list:
    """The (4, 4) classroom activity, played with cards, and its tally sheet (two pages)."""
    n, m = ACTIVITY_STATE
    a, b = (format_move(x) for x in ACTIVITY_MOVES)
    ka, kb = (x[0] for x in ACTIVITY_MOVES)      # the size of the group each team asks about
    story = _title(f"Worksheet 1: the ({n}, {m}) game", "Play in pairs with cards, then pool the class's results.")
    story += [pdf.paragraph("**Before you play: predict.**", "h2"),
              pdf.paragraph(f"Both players have {n} suspects left and it is your turn. You may ask about {ka} "
                            f"of your {n} suspects (a {a} split) or about {kb} of them (a {b} split, "
                            "halving). Which gives you the better chance of winning? Circle one and say why."),
              pdf.paragraph(f"{a}  /  {b}  /  no difference.   Because: "
                            "__________________________________________________"),
              pdf.paragraph("**How to play with cards**", "h2")]
    for line in (
            f"Each player takes {n} cards numbered 1 to {n} (your suspects), face up, and secretly draws one more "
            f"card numbered 1 to {n} from a shuffled pile: that is your person. Keep it hidden.",
            "On your turn you either ask a question or guess. A question names a group of your suspects: "
            "\"Is your number one of 1, 3?\" The answer is yes or no, truthfully. Turn face down the suspects it "
            "rules out.",
            "A guess names one number: \"It is 3!\" Right: you win. Wrong: you lose at once (official rules).",
            "When you have one suspect left, on your next turn name it: you win.",
            f"The first player is Team {a} or Team {b}: at the start, Team {a} asks about "
            f"{ka} suspect, Team {b} about {kb}. After that, both players follow the "
            "strategy card below (it is the best play; n is your number of suspects, m your opponent's).",
            "Write every game on the tally sheet: which team moved first and who won."):
        story.append(pdf.paragraph(line, "bullet"))
    story += [pdf.paragraph("**Strategy card** (best play after the first question)", "h2"),
              pdf.table(_card_rows(max(n, m), hide={ACTIVITY_STATE}), widths=[36 * pdf.mm] + [34.5 * pdf.mm] * m),
              pdf.Spacer(1, 2 * pdf.mm),
              pdf.paragraph("\"1:1\" means: ask about 1 of your 2 suspects. \"guess\" means: name one suspect.",
                            "small"),
              pdf.PageBreak()]
    story += [pdf.paragraph(f"Tally sheet: the ({n}, {m}) game", "h1"),
              pdf.paragraph("Tick the first player's team and the winner for each game. Then count.")]
    rows = [["game", f"first player: Team {a}", f"first player: Team {b}", "first player won", "second player won"]]
    rows += [[str(k), "", "", "", ""] for k in range(1, TALLY_ROWS + 1)]
    rows.append(["total", "", "", "", ""])
    story.append(pdf.table(rows, widths=[16 * pdf.mm, 40 * pdf.mm, 40 * pdf.mm, 39 * pdf.mm, 39 * pdf.mm],
                           height=[9 * pdf.mm] + [8.2 * pdf.mm] * (TALLY_ROWS + 1)))
    story += [pdf.Spacer(1, 4 * pdf.mm),
              pdf.paragraph(f"Team {a}: won ____ of ____ games.    Team {b}: won ____ of ____ games."),
              pdf.paragraph("Whole class:  Team " + a + ": ____ of ____    Team " + b + ": ____ of ____"),
              pdf.paragraph("Was your prediction right? How sure are you, with this many games?")]
    return story


def table_sheet(N: int = TABLE_SIZE) -> list:
    """A fill-in table of P(n, m), 1 <= n, m <= N, with the edges given."""
    given = table_given(N)
    story = _title("Worksheet 2: a table of P(n, m)",
                   "P(n, m) is the chance that the player to move wins, when they have n suspects left, the "
                   "opponent has m, and both play as well as possible (official rules).")
    story += [pdf.paragraph("**The rule.** At (n, m) you either guess (you win with chance 1/n, and a wrong guess "
                            "loses), or ask about a of your n suspects. Then with chance a/n the answer is yes, and "
                            "your opponent moves from (m, a); with chance (n - a)/n it is no, and they move from "
                            "(m, n - a). Your chance is one minus theirs:"),
              pdf.paragraph("**P(n, m) = best of:  1/n  (guess),   1 - (a/n) P(m, a) - ((n-a)/n) P(m, n-a)  "
                            "(ask about a).**"),
              pdf.paragraph("Fill the table in order: each cell needs cells with smaller numbers. The first row and "
                            "column are done for you. Write fractions."),
              pdf.Spacer(1, 3 * pdf.mm)]
    rows = [["n \\ m"] + [f"m = {m}" for m in range(1, N + 1)]]
    for n in range(1, N + 1):
        rows.append([f"n = {n}"] + [format_fraction(given[n, m]) if (n, m) in given else ""
                                    for m in range(1, N + 1)])
    story.append(pdf.table(rows, widths=[22 * pdf.mm] + [30 * pdf.mm] * N,
                           height=[9 * pdf.mm] + [22 * pdf.mm] * N,
                           style=[("ALIGN", (0, 0), (-1, -1), "CENTER"), ("FONTSIZE", (1, 1), (-1, -1), 13)]))
    story += [pdf.Spacer(1, 4 * pdf.mm),
              pdf.paragraph("**Questions.** Which cells are bigger than 1/2: who is ahead there? In which cells is "
                            "halving (a = n/2) not the best question? Is it better to move first at (n, n)?"),
              pdf.paragraph("Working space:", "body")]
    return story


def best_question_sheet() -> list:
    """Predict the best first question on the real board of faces; the board listed in words to count from."""
    from guesswho_lib.board import load_board
    board = load_board()
    facts = board_facts()
    story = _title("Worksheet 3: predict the best question",
                   f"The board has {len(board.names)} people. Each question asks about one trait; both players "
                   "may only ask such questions. Which first question gives the best chance of winning?")
    story.append(pdf.paragraph("**1. Count.** Using the list on the next page, count how many people have each "
                               "trait, then predict: rank the best three questions, and say whether the best "
                               "question is the one that splits the board most evenly."))
    rows = [["question (trait)", "how many have it?", "split (yes : no)", "my rank"]]
    rows += [[t, "", "", ""] for t in board.traits]
    story.append(pdf.table(rows, widths=[60 * pdf.mm, 38 * pdf.mm, 38 * pdf.mm, 38 * pdf.mm],
                           height=[8 * pdf.mm] + [8.6 * pdf.mm] * len(board.traits)))
    story += [pdf.Spacer(1, 3 * pdf.mm),
              pdf.paragraph("**2. Why?** Is an even split always best? Think of the (4, 4) game.  ________________"),
              pdf.PageBreak(), pdf.paragraph("The board, in words", "h1")]
    people = [[name, ", ".join(t for t in board.traits if board.has(name, t))] for name in board.names]
    story.append(pdf.table([["person", "traits"]] + people, widths=[28 * pdf.mm, W - 28 * pdf.mm],
                           style=[("FONTSIZE", (0, 1), (-1, -1), 9)]))
    assert facts["people"] == len(board.names)
    return story


def answer_sheet() -> list:
    """The teacher's answers: the activity's exact chances, the strategy card with values, the full table of
    P(n, m), and the real board's first questions ranked by their exact value."""
    n, m = ACTIVITY_STATE
    values = activity_values()
    story = [pdf.paragraph("Answer sheet (for the teacher)", "title"),
             pdf.paragraph("Every value here is exact, computed by guesswho_lib (official rules).", "small"),
             pdf.paragraph(f"Worksheet 1: the ({n}, {m}) game", "h2")]
    rows = [["first move", "exact chance", "as a percentage", f"expected wins in {TALLY_ROWS} games"]]
    for move, v in values.items():
        rows.append([format_move(move), format_fraction(v), format_percent(v), f"{float(v * TALLY_ROWS):.2f}"])
    story.append(pdf.table(rows, widths=[34 * pdf.mm, 40 * pdf.mm, 40 * pdf.mm, 60 * pdf.mm]))
    best = max(values, key=values.get)
    story.append(pdf.paragraph(f"The better first question is {format_move(best)}, not halving. With few games "
                               "luck dominates: pool the whole class."))
    card = strategy_card(max(n, m))
    t = cached_solution("official", max(n, m))
    rows = [["state (n, m)", "best moves", "P(n, m)"]]
    rows += [[f"({a}, {b})", "name them" if a == 1 else " or ".join(format_move(x) for x in card[a, b]),
              format_fraction(t.P(a, b))] for (a, b) in card]
    story += [pdf.paragraph("The strategy card, with the value of each state", "h2"),
              pdf.table(rows, widths=[40 * pdf.mm, 60 * pdf.mm, 40 * pdf.mm]), pdf.PageBreak()]
    N = TABLE_SIZE
    values_table = p_table(N)
    rows = [["n \\ m"] + [f"m = {b}" for b in range(1, N + 1)]]
    rows += [[f"n = {a}"] + [format_fraction(values_table[a, b]) for b in range(1, N + 1)] for a in range(1, N + 1)]
    story += [pdf.paragraph("Worksheet 2: P(n, m)", "h2"),
              pdf.table(rows, widths=[22 * pdf.mm] + [30 * pdf.mm] * N, style=[("ALIGN", (0, 0), (-1, -1), "CENTER")]),
              pdf.paragraph("Worksheet 3: the real board's first questions, best first", "h2")]
    facts = board_facts()
    rows = [["first question", "split", "exact chance", "same split, free questions"]]
    rows += [[q.text, format_move(q.sizes), format_fraction(q.value), format_fraction(q.ideal_value)]
             for q in facts["questions"]]
    story.append(pdf.table(rows, widths=[72 * pdf.mm, 22 * pdf.mm, 30 * pdf.mm, 50 * pdf.mm],
                           style=[("FONTSIZE", (0, 1), (-1, -1), 9)]))
    story.append(pdf.paragraph(f"With both players asking about traits only, the first player's chance is "
                               f"{format_fraction(facts['start'])}. \"Same split, free questions\" is the value of a "
                               "split of the same sizes when any group may be asked about afterwards."))
    return story


#: name -> (title, story builder); the file is ``<name>.pdf``
WORKSHEETS = {
    "activity-4-4": ("Worksheet 1: the (4, 4) game, with a tally sheet", activity_sheet),
    "table-of-p": ("Worksheet 2: a table of P(n, m)", table_sheet),
    "best-question": ("Worksheet 3: predict the best question", best_question_sheet),
    "answers": ("Answer sheet for the teacher", answer_sheet),
}


def worksheet_story(name: str) -> list:
    """The flowables of one worksheet (for building a combined document)."""
    if name not in WORKSHEETS:
        raise ValueError(f"name must be one of {sorted(WORKSHEETS)}, got {name!r}")
    return WORKSHEETS[name][1]()


def write_worksheets(out_dir, names=None) -> dict[str, Path]:
    """Write the worksheets as A4 PDFs into ``out_dir`` (made if needed): name -> path of ``<name>.pdf``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = list(WORKSHEETS) if names is None else list(names)
    paths = {}
    for name in names:
        title = WORKSHEETS[name][0] if name in WORKSHEETS else name
        paths[name] = pdf.build(out / f"{name}.pdf", worksheet_story(name), f"{HEADER}: {title}")
    return paths
