"""A finished game as a record a class store keeps, and the referee that checks one move by move.

* :func:`game_record` writes a finished game (:class:`~guesswho_lib.game.play.Game` on a numbered board or the
  characters' board, :class:`~guesswho_lib.board.play.BoardGame` on the board of faces) as plain data: its
  settings, every move (who moved, the move, the answer) with the four exact values the game showed (your
  chance before the move, the value of the move, the best value there, your chance after the answer), the
  winner, and whether its secret persons came from a seed (``seeded``: the same game can be replayed).
* :func:`replay` is the referee: it plays the record's moves again from the start with the exact solver
  (Cushing et al., equation (1); on the board of faces the board solution), refuses a move the rules do not
  allow, an answer that cannot happen, a value that is not the exact one and a winner that does not follow, and
  returns the game as the store writes it (:class:`Replayed`).  A record is never trusted: a store calls
  :func:`replay` before it writes anything.

>>> from guesswho_lib.game.play import Game
>>> g = Game("official", board=4, seed=1)
>>> _ = g.ask([1])
>>> while not g.over:
...     _ = g.guess(g.your_suspects[0] + 1) if len(g.your_suspects) == 1 else g.ask([g.your_suspects[0] + 1])
>>> r = replay(game_record(g))
>>> r.first_move, r.start_chance, r.your_cost
('1:3', Fraction(9, 16), Fraction(0, 1))
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from fractions import Fraction

from guesswho_lib.board.play import BoardGame, best_questions_text
from guesswho_lib.board.solver import cached_board_solution
from guesswho_lib.board.traits import load_board
from guesswho_lib.game.play import MAX_BOARD, Game, best_moves_text
from guesswho_lib.game.record import COMPUTER, YOU, TwoPlayerGame
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import GUESS, LOSE, RULES, format_fraction, format_move, outcomes, parse_move, short_repr

__all__ = ["RECORD_FORMAT", "COMPUTERS", "FACES_RULES", "InvalidGame", "Replayed", "ReplayedMove", "game_record",
           "replay", "new_game_id", "check_game_id"]

#: The version of the record's layout (a record of another version is refused, not guessed at).
RECORD_FORMAT = 1
#: How the opponent plays in a recorded game (the play page's choices): the computer, optimally or by halving, or
#: a second student on the same screen ("human": the hot-seat game; the values are then Player 1's chances).
COMPUTERS = ("optimal", "halving", "human")
#: Rule sets of the board of faces (the board solution is computed for these).
FACES_RULES = ("official", "nica")
#: Longest text of one move in a record (the longest question of the board of faces is shorter).
MAX_MOVE_TEXT = 80
_GAME_ID = re.compile(r"[0-9a-f]{32}")
_KEYS = {"format", "game", "rules", "board", "you_first", "computer", "moves", "winner", "seeded"}
_MOVE_KEYS = {"player", "move", "answer", "left", "values"}


class InvalidGame(ValueError):
    """A game record the referee refuses: a field missing or of the wrong kind, an illegal move, an answer that
    cannot happen, a value that is not the exact one, or a winner that does not follow."""


@dataclass(frozen=True)
class ReplayedMove:
    """One move as the referee recomputed it; fractions are the student's exact chances of winning."""

    number: int
    player: str          # "you" or "computer"
    mine: int            # the mover's suspects before the move
    theirs: int          # the other player's suspects before the move
    move: str            # "1:3", "guess", or on the board of faces the question in words
    answer: str          # "yes", "no", a group, "right", "wrong", or the answer's words on the board of faces
    best: str            # the best moves there (one or more), in words
    win_before: Fraction
    move_value: Fraction
    best_value: Fraction
    win_after: Fraction

    @property
    def cost(self) -> Fraction:
        """The chance of winning the mover gave away (0 for a best move)."""
        return abs(self.best_value - self.move_value)


@dataclass(frozen=True)
class Replayed:
    """A game the referee accepted: its settings, its moves recomputed, and what follows from them."""

    game: str
    rules: str
    board: str           # the number of suspects ("4"), "characters" or "faces"
    suspects: int
    you_first: bool
    computer: str
    moves: tuple
    winner: str
    seeded: bool = False      # the secret persons came from a seed the page chose (the same game can be replayed)

    @property
    def first_move(self) -> str:
        """The student's first move ("1:3", "2:2", "guess", a question), or "" if they never moved."""
        return next((m.move for m in self.moves if m.player == YOU), "")

    @property
    def start_chance(self) -> Fraction:
        """The student's exact chance at the start, both sides playing optimally."""
        return self.moves[0].win_before

    @property
    def your_cost(self) -> Fraction:
        """The chance of winning the student's moves gave away, in all."""
        return sum((m.cost for m in self.moves if m.player == YOU), Fraction(0))


def new_game_id() -> str:
    """A fresh game id (32 hexadecimal digits): a game keeps it, so sending it twice stores it once."""
    return secrets.token_hex(16)


def check_game_id(value) -> str:
    if not isinstance(value, str) or not _GAME_ID.fullmatch(value):
        raise InvalidGame(f"game must be 32 lowercase hexadecimal digits, got {short_repr(value)}")
    return value


# ---- a finished game as a record ------------------------------------------------------------------------------
def game_record(game: TwoPlayerGame, game_id: str | None = None) -> dict:
    """The record of a finished game (plain data: str, int, bool, lists, dicts), for :func:`replay` and a store.

    Only the play page's games are recorded: a rule set of ``gw.RULES``, the computer playing "optimal" or
    "halving" or a second player on the same screen ("human"), on a numbered board, the characters' board or the
    board of faces (the shipped board)."""
    if not isinstance(game, TwoPlayerGame):
        raise TypeError(f"game must be a Game or a BoardGame, got {type(game).__name__}")
    if not game.over:
        raise ValueError("game is not over yet: only a finished game is recorded")
    rules = game.rules
    if RULES.get(rules.name) != rules:
        raise ValueError(f"only games under the rule sets {sorted(RULES)} are recorded, not {rules.name!r}")
    if game.computer_name not in COMPUTERS:
        raise ValueError(f"only games against an opponent playing {COMPUTERS} are recorded, "
                         f"not {game.computer_name!r}")
    if isinstance(game, BoardGame):
        if game.board != load_board() or game.solution.questions != "traits":
            raise ValueError("only games on the shipped board of faces are recorded")
        board = "faces"
    elif isinstance(game, Game):
        if isinstance(game.board, int):
            board = str(game.board)
        elif tuple(game.names) == load_board().names:
            board = "characters"
        else:
            raise ValueError("only games on a numbered board or on the shipped characters' board are recorded")
    else:
        raise TypeError(f"game must be a Game or a BoardGame, got {type(game).__name__}")
    moves = []
    for t in game.history:
        if board == "faces":
            move = "guess" if t.move.kind == "guess" else t.move.question.short
            left = None
        else:
            move = format_move(t.move)
            left = None if t.move is GUESS else len(t.groups[t.answer_group])
        moves.append({"player": t.player, "move": move, "answer": t.answer, "left": left,
                      "values": [format_fraction(v) for v in (t.win_before, t.move_value, t.best_value, t.win_after)]})
    first = game.history[0].player if game.history else YOU
    return {"format": RECORD_FORMAT, "game": game_id if game_id is not None else new_game_id(), "rules": rules.name,
            "board": board, "you_first": first == YOU, "computer": game.computer_name, "moves": moves,
            "winner": game.winner, "seeded": game.seed is not None}


# ---- the referee ----------------------------------------------------------------------------------------------
def _field(record: dict, key: str, kind: type, allowed=None):
    """``record[key]``, checked: of type ``kind`` (a bool is not an int here) and, if given, one of ``allowed``."""
    value = record.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise InvalidGame(f"{key} is missing or not a {kind.__name__}: {short_repr(value)}")
    if allowed is not None and value not in allowed:
        raise InvalidGame(f"{key} must be one of {list(allowed)}, got {short_repr(value)}")
    return value


def _board(value) -> tuple[str, int]:
    if value in ("characters", "faces"):
        return value, len(load_board().names)
    if isinstance(value, str) and value.isdigit() and len(value) <= 3 and 2 <= int(value) <= MAX_BOARD:
        return str(int(value)), int(value)
    raise InvalidGame(f"board must be a number of suspects 2..{MAX_BOARD} (as text), 'characters' or 'faces', "
                      f"got {short_repr(value)}")


def _fraction(text, where: str) -> Fraction:
    if not isinstance(text, str) or not re.fullmatch(r"\d{1,12}(/\d{1,12})?", text):
        raise InvalidGame(f"{where}: a value must be an exact fraction such as '9/16', got {short_repr(text)}")
    x = Fraction(text)
    if x > 1:
        raise InvalidGame(f"{where}: a chance of winning is at most 1, got {text}")
    return x


def replay(record) -> Replayed:
    """Check a game record move by move with the exact solver and return the game recomputed; raises
    :class:`InvalidGame` (a ValueError naming the field or the move) when anything does not follow."""
    if not isinstance(record, dict):
        raise InvalidGame(f"a game record must be a dict, got {type(record).__name__}")
    unknown = set(record) - _KEYS
    if unknown:
        raise InvalidGame(f"unknown field(s) in the game record: {short_repr(sorted(map(str, unknown)))}")
    if record.get("format") != RECORD_FORMAT or isinstance(record.get("format"), bool):
        raise InvalidGame(f"format must be {RECORD_FORMAT}, got {short_repr(record.get('format'))}")
    game_id = check_game_id(record.get("game"))
    rules = RULES[_field(record, "rules", str, RULES)]
    board, N = _board(record.get("board"))
    you_first = _field(record, "you_first", bool)
    computer = _field(record, "computer", str, COMPUTERS)
    moves = _field(record, "moves", list)
    claimed_winner = _field(record, "winner", str, (YOU, COMPUTER))
    seeded = _field(record, "seeded", bool) if "seeded" in record else False
    if board == "faces" and rules.name not in FACES_RULES:
        raise InvalidGame(f"rules must be one of {FACES_RULES} on the board of faces, got {rules.name!r}")
    if not moves:
        raise InvalidGame("moves is empty: a finished game has at least one move")
    if len(moves) > 2 * N + 2:
        raise InvalidGame(f"moves: {len(moves)} moves, more than a game on {N} suspects can last")
    play = _FacesReplay(rules) if board == "faces" else _NumberedReplay(rules, N)
    to_move, winner, done = (YOU if you_first else COMPUTER), None, []
    for k, mv in enumerate(moves, start=1):
        where = f"move {k}"
        if not isinstance(mv, dict) or set(mv) - _MOVE_KEYS:
            raise InvalidGame(f"{where} must be a dict with the fields {sorted(_MOVE_KEYS)}, got {short_repr(mv)}")
        if winner is not None:
            raise InvalidGame(f"{where}: the game was already over ({winner} won at move {k - 1})")
        player = _field(mv, "player", str, (YOU, COMPUTER))
        if player != to_move:
            raise InvalidGame(f"{where}: it was {'your' if to_move == YOU else 'the computer'}'s turn, not {player}'s")
        text = _field(mv, "move", str)
        if not 0 < len(text) <= MAX_MOVE_TEXT:
            raise InvalidGame(f"{where}: move must be 1 to {MAX_MOVE_TEXT} characters")
        answer = _field(mv, "answer", str)
        values = mv.get("values")
        if not isinstance(values, list) or len(values) != 4:
            raise InvalidGame(f"{where}: values must be the four exact chances [before, move, best, after]")
        claimed = [_fraction(v, where) for v in values]
        step = play.move(player, text, answer, mv.get("left"), where)
        winner = step.winner
        if winner is None:
            to_move = COMPUTER if player == YOU else YOU
        after = Fraction(int(winner == YOU)) if winner is not None else play.chance(to_move)
        before, value, best = step.before, step.value, step.best
        if player == COMPUTER:
            before, value, best = 1 - before, 1 - value, 1 - best
        exact = [before, value, best, after]
        if claimed != exact:
            names = ("your chance before", "the value of the move", "the best value", "your chance after")
            bad = next(i for i in range(4) if claimed[i] != exact[i])
            raise InvalidGame(f"{where}: {names[bad]} is {format_fraction(exact[bad])}, not {values[bad]}")
        done.append(ReplayedMove(k, player, step.mine, step.theirs, step.text, answer, step.best_text,
                                 before, value, best, after))
    if winner is None:
        raise InvalidGame("the game is not over after its last move: only a finished game is recorded")
    if claimed_winner != winner:
        raise InvalidGame(f"winner: the moves make {winner} the winner, not {claimed_winner}")
    return Replayed(game_id, rules.name, board, N, you_first, computer, tuple(done), winner, seeded)


@dataclass(frozen=True)
class _Step:
    mine: int
    theirs: int
    text: str
    best_text: str
    before: Fraction      # the mover's chance before the move, its value and the best value (mover's side)
    value: Fraction
    best: Fraction
    winner: str | None


def _other(player: str) -> str:
    return COMPUTER if player == YOU else YOU


class _NumberedReplay:
    """The idealised game (numbered suspects; the characters' board is played by group sizes too)."""

    def __init__(self, rules, N):
        self.rules, self.solution = rules, cached_solution(rules, N)
        self.pools = {YOU: N, COMPUTER: N}

    def chance(self, to_move) -> Fraction:
        p = self.solution.P(self.pools[to_move], self.pools[_other(to_move)])
        return p if to_move == YOU else 1 - p

    def move(self, player, text, answer, left, where) -> _Step:
        n, m = self.pools[player], self.pools[_other(player)]
        try:
            move = parse_move(text, n, self.rules)
            results = outcomes(n, m, move, self.rules)
        except (TypeError, ValueError) as e:
            raise InvalidGame(f"{where}: {text!r} is not a legal move with {n} suspects: {e}") from None
        sol = self.solution
        step = dict(mine=n, theirs=m, text=format_move(move), best_text=best_moves_text(sol.optimal_moves(n, m)),
                    before=sol.P(n, m), value=sol.value(n, m, move), best=sol.P(n, m))
        if move is GUESS:
            if left is not None or answer not in ("right", "wrong"):
                raise InvalidGame(f"{where}: a guess is answered 'right' or 'wrong' and has no 'left', got "
                                  f"{short_repr(answer)}")
            if answer == "right":
                return _Step(**step, winner=player)
            result = results[-1][1] if n > 1 else None
            if result is None:
                raise InvalidGame(f"{where}: a guess with one suspect left is always right")
            if result == LOSE:
                return _Step(**step, winner=_other(player))
            self.pools[player] = n - 1                       # "pass": the wrong suspect is crossed out
            return _Step(**step, winner=None)
        if isinstance(left, bool) or not isinstance(left, int) or left not in move:
            raise InvalidGame(f"{where}: left must be the size of one of the groups of {text!r}, "
                              f"got {short_repr(left)}")
        if answer not in ("yes", "no", "in group A", "in group B", "in neither"):
            raise InvalidGame(f"{where}: answer must be 'yes', 'no' or a group, got {short_repr(answer)}")
        self.pools[player] = left
        won = self.rules.one_left_wins and left == 1        # Nica, Definition 2.1: one suspect left wins at once
        return _Step(**step, winner=player if won else None)


class _FacesReplay:
    """The board of faces: every question is about a trait; values from the board solution."""

    def __init__(self, rules):
        self.rules, self.solution = rules, cached_board_solution(None, "traits", rules)
        everyone = self.solution.everyone
        self.pools = {YOU: everyone, COMPUTER: everyone}

    def chance(self, to_move) -> Fraction:
        p = self.solution.P(self.pools[to_move], self.pools[_other(to_move)])
        return p if to_move == YOU else 1 - p

    def move(self, player, text, answer, left, where) -> _Step:
        mine, theirs = self.pools[player], self.pools[_other(player)]
        if left is not None:
            raise InvalidGame(f"{where}: on the board of faces a move has no 'left' (the answer says who is left)")
        sol = self.solution
        moves = sol.moves(mine, theirs)
        if text == "guess":
            chosen = next((m for m in moves if m.kind == "guess" and m.guess is None), None)
        else:
            chosen = next((m for m in moves if m.kind == "question" and m.question.short == text), None)
        if chosen is None:
            raise InvalidGame(f"{where}: {short_repr(text)} is not a move here (a question must split the "
                              f"mover's {len(mine)} suspects; guessing must be allowed)")
        best = sol.best_questions(mine, theirs)
        step = dict(mine=len(mine), theirs=len(theirs), text="guess" if chosen.kind == "guess" else chosen.text,
                    best_text=best_questions_text(best),
                    before=sol.P(mine, theirs), value=chosen.value, best=best[0].value)
        if chosen.kind == "guess":
            if answer not in ("right", "wrong"):
                raise InvalidGame(f"{where}: a guess is answered 'right' or 'wrong', got {short_repr(answer)}")
            if answer == "wrong" and len(mine) == 1:
                raise InvalidGame(f"{where}: a guess with one suspect left is always right")
            return _Step(**step, winner=player if answer == "right" else _other(player))
        parts = dict(chosen.answers)
        if answer not in parts:
            raise InvalidGame(f"{where}: answer must be one of {sorted(parts)} for this question, got "
                              f"{short_repr(answer)}")
        self.pools[player] = parts[answer]
        won = self.rules.one_left_wins and len(parts[answer]) == 1
        return _Step(**step, winner=player if won else None)
