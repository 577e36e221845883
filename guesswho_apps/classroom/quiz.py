"""The class quiz: the positions where the class lost most, from a session's games, for the teacher's page to
project: predict, then reveal.

A *position* is the rule set, the board and the two players' suspects before one of a student's moves (on a
numbered board or the characters' board, the two numbers (n, m); on the board of faces, the two sets of
characters, replayed from the stored moves).  What the class *lost* there is the sum of the exact costs of the
students' moves at it (a move's cost: the chance of winning it gave away against a best move, Cushing et al.,
equation (1)).  :func:`class_quiz` gives the positions where the class lost most, most first, each with:

* what to show before the reveal: the position in words (and on the board of faces, the board with the mover's
  suspects up), and the moves to choose from, in an order that says nothing about their values: every move there
  (at most :data:`QUIZ_CHOICES`; beyond, the moves the class played there and the best ones);
* what the reveal shows: the best moves, the exact chance with them, the explanation in words ("why is this the
  best move?") and how many students chose what, with each move's exact value.

Only the games the tally counts are read (a game left out of its figures is left out here too), and the
students' own moves only.
"""

from __future__ import annotations

import base64
from collections import Counter, defaultdict
from fractions import Fraction

from guesswho_lib.board.review import explain_board
from guesswho_lib.board.solver import cached_board_solution
from guesswho_lib.board.traits import load_board
from guesswho_lib.game.choose_again import neutral_order
from guesswho_lib.game.review import explain_move
from guesswho_lib.rules import RULES, format_fraction
from guesswho_lib.widgets.portraits import board_svg
from .referee import faces_positions

__all__ = ["class_quiz", "QUIZ_POSITIONS"]

#: How many positions the quiz holds (the costliest first).
QUIZ_POSITIONS = 5
#: A position with at most this many moves shows them all to choose from; one with more, the moves the class
#: played there and the best ones.
QUIZ_CHOICES = 12


def _positions(rows: dict):
    """(position key, the student's move there, its cost, the player) for every student move of a counted game."""
    games = {g[0]: g for g in rows["games"] if not g[14]}
    by_game = defaultdict(list)
    for m in rows["moves"]:
        if m[0] in games:
            by_game[m[0]].append(m)
    for game, moves in by_game.items():
        rules, board, player = games[game][4], games[game][5], games[game][1]
        if board == "faces":
            sets = faces_positions(rules, [(m[2], m[5], m[6]) for m in moves])
        else:
            sets = [(m[3], m[4]) for m in moves]
        for m, (mine, theirs) in zip(moves, sets):
            if m[2] != "you":
                continue
            value, best = Fraction(m[9]), Fraction(m[10])
            yield (rules, board, mine, theirs), m[5], best - value, player


def _order(key) -> tuple:
    """A fixed order of positions (for ties): rules, board, then the suspects, by number and by name."""
    rules, board, mine, theirs = key
    if board == "faces":
        return rules, board, len(mine), len(theirs), tuple(sorted(mine)), tuple(sorted(theirs))
    return rules, board, mine, theirs, (), ()


def _explain(key):
    rules, board, mine, theirs = key
    if board == "faces":
        return explain_board(cached_board_solution(None, "traits", rules), mine, theirs)
    return explain_move(mine, theirs, rules=rules)


def _board_image(mine: frozenset) -> str:
    board = load_board()
    svg = board_svg(board, [x for x in board.names if x not in mine], columns=12, width=720)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _position(rank: int, key, chosen: Counter, loss: Fraction, players: set) -> dict:
    rules, board, mine, theirs = key
    e = _explain(key)
    by_short = {o.short: o for o in e.options}
    shown = neutral_order(e.options if len(e.options) <= QUIZ_CHOICES else {by_short[k] for k in chosen} | set(e.best))
    n, m = (len(mine), len(theirs)) if board == "faces" else (mine, theirs)
    out = {"rank": rank, "rules": rules, "rules_title": RULES[rules].title, "board": board, "you": n, "computer": m,
           "times": sum(chosen.values()), "players": len(players), "loss": format_fraction(loss),
           "loss_float": float(loss), "choices": [{"move": o.short, "words": o.words} for o in shown],
           "reveal": {"best": [o.short for o in neutral_order(e.best)], "chance": format_fraction(e.chance),
                      "why": list(e.why), "arithmetic": e.best[0].arithmetic,
                      "chosen": [{"move": o.short, "times": chosen.get(o.short, 0), "value": format_fraction(o.value),
                                  "value_float": float(o.value), "best": o.value == e.chance} for o in shown]}}
    if board == "faces":
        out["suspects"] = sorted(mine, key=load_board().names.index)
        out["image"] = _board_image(mine)
    return out


def class_quiz(rows: dict, limit: int = QUIZ_POSITIONS) -> dict:
    """The quiz from :meth:`ClassStore.export_rows <.store.ClassStore.export_rows>`: ``positions``, the positions
    where the class lost most (at most ``limit``, only those where it lost something), most first; ``moves``, how
    many student moves were read."""
    loss: dict = defaultdict(Fraction)
    chosen: dict = defaultdict(Counter)
    players: dict = defaultdict(set)
    moves = 0
    for key, move, cost, player in _positions(rows):
        loss[key] += cost
        chosen[key][move] += 1
        players[key].add(player)
        moves += 1
    costly = sorted((k for k in loss if loss[k] > 0),
                    key=lambda k: (-loss[k], -sum(chosen[k].values()), _order(k)))[:limit]
    return {"code": rows["code"], "moves": moves,
            "positions": [_position(r, k, chosen[k], loss[k], players[k]) for r, k in enumerate(costly, start=1)]}
