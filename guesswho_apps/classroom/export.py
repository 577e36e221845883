"""A class session's games as data: the two CSV files the teacher's page exports, from the store's rows
(:meth:`.store.ClassStore.export_rows`).

``games.csv`` has one row per finished game and ``moves.csv`` one row per move, with the columns of the library's
data dictionary (:data:`guesswho_lib.game.class_data.GAME_COLUMNS` and ``MOVE_COLUMNS``; the lessons read them back
with :func:`guesswho_lib.game.class_data.read_games`).  **Anonymous by default**: a game is numbered 1, 2, 3... and a
student P1, P2... (the store's random ids are not written), and the nickname is written only when the teacher asks
for it (``nicknames=True``).  A cell that a spreadsheet would take for a formula (it starts with = + - @) is
written with a ' in front.

>>> from fractions import Fraction
>>> rows = {"games": [("g1", "p", "Sam", "2026-01-05T09:00:00Z", "official", "2", 2, "optimal", 1, "guess",
...                    "you", "1/2", "0", 1, "", 0)],
...         "moves": [("g1", 1, "you", 2, 2, "guess", "right", "guess or 1:1", "1/2", "1/2", "1/2", "1")]}
>>> games, moves = export_csv(rows)
>>> games.splitlines()[1]
'1,P1,2026-01-05T09:00:00Z,official,2,2,optimal,you,guess,you,1,1/2,0,1,1,,0'
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from guesswho_lib.game.class_data import GAME_COLUMNS, MOVE_COLUMNS, NICKNAME_COLUMN
from guesswho_lib.game.review import accuracy, move_label
from guesswho_lib.rules import format_fraction

__all__ = ["export_csv", "FORMULA_START"]

#: What a spreadsheet reads as the start of a formula: such a cell is written with a ' in front.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value) -> str:
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def _table(columns: list[str], rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([_cell(x) for x in row] for row in rows)
    return out.getvalue()


def _mover_numbers(player: str, before, value, best) -> tuple[Fraction, Fraction]:
    """(cost, share) of a move for its mover, from the student's chances as the store keeps them."""
    if player != "you":
        value, best = 1 - value, 1 - best
    cost = best - value
    return cost, (cost / best if cost else Fraction(0))


def export_csv(rows: dict, nicknames: bool = False) -> tuple[str, str]:
    """(games.csv, moves.csv) as text, from :meth:`ClassStore.export_rows <.store.ClassStore.export_rows>`;
    ``nicknames``: write the nickname each student typed (a column after ``player``)."""
    if not isinstance(nicknames, bool):
        raise TypeError(f"nicknames must be True or False, got {nicknames!r}")
    number = {row[0]: k for k, row in enumerate(rows["games"], start=1)}
    players: dict = {}
    moves_out, shares = [], {}
    for game, n, player, mine, theirs, move, answer, best_text, before, value, best, after in rows["moves"]:
        before, value, best, after = (Fraction(x) for x in (before, value, best, after))
        cost, share = _mover_numbers(player, before, value, best)
        if player == "you":
            shares.setdefault(game, []).append(share)
        mover_best = best if player == "you" else 1 - best
        moves_out.append([number[game], n, player, mine, theirs, move, answer, best_text, *(
            format_fraction(x) for x in (before, value, best, after, cost, share)), move_label(cost, mover_best)])
    games_out = []
    for row in rows["games"]:
        (game, player, nickname, finished, rules, board, suspects, computer, you_first, first_move, winner,
         start, cost, moves, left_out, by_server) = row
        who = players.setdefault(player, f"P{len(players) + 1}")
        games_out.append([number[game], who, *([nickname] if nicknames else []), finished, rules, board, suspects,
                          computer, "you" if you_first else "computer", first_move, winner, int(winner == "you"),
                          start, cost, format_fraction(accuracy(shares.get(game, []))), moves, left_out, by_server])
    names = [c for c, _ in GAME_COLUMNS]
    if nicknames:
        names.insert(2, NICKNAME_COLUMN[0])
    return _table(names, games_out), _table([c for c, _ in MOVE_COLUMNS], moves_out)
