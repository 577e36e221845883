"""A class's games as data: the two tables a class session exports (CSV), read back exactly, and the (4, 4)
activity's two groups checked against their exact expectations.

The class server's teacher's page exports a session as two CSV files (``games.csv``, one row per finished game, and
``moves.csv``, one row per move); their columns and what each means (the data dictionary) are
:data:`GAME_COLUMNS` and :data:`MOVE_COLUMNS`, stated once here, written by the server and read by the lessons.
Chances are exact fractions written as text ("9/16": a spreadsheet may take "1/2" for a date; read the columns as
text).  :func:`read_games` and :func:`read_moves` read the files back into dicts with exact values (``Fraction``,
``int``, ``bool``); a file whose columns are not these is refused, naming what is missing.

:func:`activity_groups` is the papers' classroom activity (Cushing et al., Theorem 2.1): the games of the
official rules on 4 suspects, the student first against the computer playing its best, grouped by the student's
first question, 1:3 or 2:2; each group's wins, its win rate with Wilson's 95% interval, and the exact expectation
(9/16 and 1/2, from the solver), with :func:`inside_wilson`, which says *exactly* whether the expectation lies in
the interval (the interval is the set of p with ``g (w/g - p)^2 <= z^2 p (1 - p)``: no square root, no rounding).

The sample of a class (``guesswho_lib/data/class_sample/``) is what a lesson reads when it has no export of its
own: 96 games of the activity, played by the library (:func:`sample_paths`).

>>> games = read_games(sample_paths()[0])
>>> groups = activity_groups(games)
>>> [(g["move"], g["expected"]) for g in groups]
[('1:3', Fraction(9, 16)), ('2:2', Fraction(1, 2))]
"""

from __future__ import annotations

import csv
import io
from statistics import NormalDist
from fractions import Fraction
from pathlib import Path

from ..rules import check_int, parse_move
from .simulate import wilson_interval
from .solver import cached_solution

__all__ = ["GAME_COLUMNS", "MOVE_COLUMNS", "NICKNAME_COLUMN", "ACTIVITY", "read_games", "read_moves",
           "activity_groups", "inside_wilson", "sample_paths", "Z_95"]

#: The columns of ``games.csv``, in order, and what each holds (the data dictionary).  ``nickname`` (after
#: ``player``) is there only when the teacher asks for it.
GAME_COLUMNS = (
    ("game", "the game's number in this file, 1, 2, 3... in the order the games finished"),
    ("player", "the student, as P1, P2... in the order of their first game (the same student, the same P): "
               "no name"),
    ("finished", "when the game finished (UTC, ISO 8601)"),
    ("rules", "the rule set: official, nica, tripartite or merciful"),
    ("board", "the board: a number of suspects (4), characters (24 named suspects) or faces (questions about "
              "traits)"),
    ("suspects", "how many suspects each player starts with"),
    ("opponent", "who the student played: optimal or halving (the computer), or human (a second student on the "
                 "same screen, who is Player 2)"),
    ("first", "who moved first: you (the student) or computer (the opponent)"),
    ("first_move", "the student's first move: a split such as 1:3, guess, or the question on the board of faces"),
    ("winner", "you (the student) or computer (the opponent)"),
    ("won", "1 if the student won, 0 if not"),
    ("start_chance", "the student's exact chance of winning at the start, both sides playing their best"),
    ("cost", "the chance of winning the student's moves gave away, in all (0 when every move was a best move)"),
    ("accuracy", "the product over the student's moves of (1 - the share of their chance the move gave away): "
                 "1 exactly when every move was a best move (or the student made none)"),
    ("moves", "how many moves the game had, both players'"),
    ("left_out", "why the teacher's tally leaves the game out of its figures: empty (it counts), 'two players' "
                 "(either could choose who wins), 'seed' (the secret persons were chosen by the page's address) or "
                 "'cap' (beyond the first games of one nickname with the same settings)"),
    ("finished_by_server", "0 when the players finished the game; otherwise the moves they made before they left "
                           "it and the server finished it with best play for both sides (in moves.csv, that "
                           "game's later moves are the server's)"),
)
#: The column a teacher may ask for (after ``player``): the nickname the student typed.
NICKNAME_COLUMN = ("nickname", "the nickname the student typed (only when the teacher asks for it)")
#: The columns of ``moves.csv``, in order, and what each holds.  Chances are the student's (Player 1's).
MOVE_COLUMNS = (
    ("game", "the game's number, as in games.csv"),
    ("number", "the move's number in its game, from 1"),
    ("player", "who moved: you (the student) or computer (the opponent, or Player 2)"),
    ("mine", "how many suspects the mover had before the move"),
    ("theirs", "how many suspects the other player had"),
    ("move", "the move: a split such as 1:3 (1:1:2 is a paradox question), guess, or a question about a trait"),
    ("answer", "the answer: yes, no, a group (in group A...), right or wrong"),
    ("best", "the best move or moves there, in words"),
    ("chance_before", "the student's exact chance of winning before the move, both sides playing their best"),
    ("move_value", "the student's exact chance with the move played (before the answer)"),
    ("best_value", "the student's exact chance had the mover played a best move"),
    ("chance_after", "the student's exact chance once the answer is known (1 or 0 when the game is over)"),
    ("cost", "the mover's chance the move gave away: best_value - move_value for the student, the opposite for "
             "the opponent"),
    ("share", "cost as a share of the mover's chance with a best move (0 for a best move)"),
    ("label", "the move's label from its share: best, good (below 1/20), inaccuracy (below 1/8), mistake (below "
              "1/4) or blunder"),
)
_FRACTIONS = {"start_chance", "cost", "accuracy", "chance_before", "move_value", "best_value", "chance_after", "share"}
_INTEGERS = {"game", "suspects", "won", "moves", "number", "mine", "theirs", "finished_by_server"}
#: A column an older export lacks, and the value it stands for there (its games were all finished by players).
_ADDED_LATER = {"finished_by_server": 0}

#: The (4, 4) activity, in the columns of games.csv (Cushing et al., introduction and Theorem 2.1).
ACTIVITY = {"rules": "official", "board": "4", "opponent": "optimal", "first": "you"}
#: z for a 95% interval, 1.95996..., the very number :func:`~.simulate.wilson_interval` uses, as an exact fraction
#: (the binary value of that float): the exact check and the interval agree.
Z_95 = Fraction(NormalDist().inv_cdf(0.975))

_DATA = Path(__file__).resolve().parents[1] / "data" / "class_sample"


def sample_paths() -> tuple[Path, Path]:
    """The shipped sample of a class's export: (games.csv, moves.csv)."""
    return _DATA / "games.csv", _DATA / "moves.csv"


def _read(source, columns: tuple, what: str) -> list[dict]:
    """Rows of a CSV file (a path, or its text) with exactly ``columns`` (and the nickname, for games), parsed."""
    if isinstance(source, (str, Path)) and "\n" not in str(source):
        path = Path(source)
        if not path.is_file():
            raise ValueError(f"{what}: there is no file {str(path)!r} (the export's {what}, or sample_paths())")
        text = path.read_text(encoding="utf-8-sig")
    elif isinstance(source, str):
        text = source
    else:
        raise TypeError(f"{what} must be a file name or the CSV text, got {type(source).__name__}")
    reader = csv.DictReader(io.StringIO(text))
    names = [c for c, _ in columns]
    header = list(reader.fieldnames or [])
    allowed = [names] + ([names[:2] + [NICKNAME_COLUMN[0]] + names[2:]] if what == "games" else [])
    allowed += [[c for c in a if c not in _ADDED_LATER] for a in allowed]
    if header not in allowed:
        missing = [c for c in names if c not in header]
        extra = [c for c in header if c not in names and c != NICKNAME_COLUMN[0]]
        raise ValueError(f"{what}: the columns must be those of the class export ({', '.join(names)}); "
                         + (f"missing {', '.join(missing)}" if missing
                            else f"unexpected {', '.join(extra) or 'order'}"))
    rows = []
    for k, row in enumerate(reader, start=2):
        try:
            read = {c: Fraction(v) if c in _FRACTIONS else int(v) if c in _INTEGERS else v for c, v in row.items()}
            rows.append({**read, **{c: v for c, v in _ADDED_LATER.items() if c in names and c not in read}})
        except (ValueError, ZeroDivisionError) as e:
            raise ValueError(f"{what}, line {k}: {e}") from None
    return rows


def read_games(source) -> list[dict]:
    """The rows of an exported ``games.csv`` (a file name, or its text), with exact values."""
    return _read(source, GAME_COLUMNS, "games")


def read_moves(source) -> list[dict]:
    """The rows of an exported ``moves.csv`` (a file name, or its text), with exact values."""
    return _read(source, MOVE_COLUMNS, "moves")


def inside_wilson(wins: int, games: int, p, z=Z_95) -> bool:
    """Exactly whether ``p`` lies in Wilson's interval for ``wins`` of ``games`` (95%: z = :data:`Z_95`, as
    :func:`~.simulate.wilson_interval`): the interval is the set of p with ``g (w/g - p)^2 <= z^2 p (1 - p)``
    (E. B. Wilson, 1927), so no rounding decides.

    >>> inside_wilson(75, 100, Fraction(3, 4)), inside_wilson(75, 100, Fraction(1, 2))
    (True, False)
    """
    games = check_int(games, "games", 1)
    wins = check_int(wins, "wins", 0, games)
    p, z = Fraction(p), Fraction(z)
    if not 0 <= p <= 1:
        raise ValueError(f"p must be a probability between 0 and 1, got {p}")
    return games * (Fraction(wins, games) - p) ** 2 <= z * z * p * (1 - p)


def activity_groups(games) -> list[dict]:
    """The (4, 4) activity's two groups in ``games`` (rows of :func:`read_games`; the games left out of the tally
    are left out here too): for each, its first move, games, wins, the win rate (exact), Wilson's 95% interval
    (floats, for reading), the exact expectation (the value of the first move at (4, 4), best play afterwards), and
    whether the expectation lies in the interval, decided exactly (:func:`inside_wilson`)."""
    n = int(ACTIVITY["board"])
    solution = cached_solution(ACTIVITY["rules"], n)
    out = []
    for move in ("1:3", "2:2"):
        mine = [g for g in games if not g["left_out"] and g["first_move"] == move
                and all(str(g[k]) == v for k, v in ACTIVITY.items())]
        wins = sum(g["won"] for g in mine)
        expected = solution.value(n, n, parse_move(move))
        group = {"move": move, "games": len(mine), "wins": wins, "expected": expected}
        if mine:
            low, high = wilson_interval(wins, len(mine))
            group.update(rate=Fraction(wins, len(mine)), low=low, high=high,
                         inside=inside_wilson(wins, len(mine), expected))
        out.append(group)
    return out
