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
* :func:`finish_record` finishes a game its players left unfinished (a new game, a closed page, the idle time, the
  server stopping) with best play for both sides from where it was left, on its secret persons (fixed when it
  started: :func:`position`): the game the student would have played with best play.  The record says from which
  move the server played (``finished_by_server``), and the referee replays it like any other.

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

import random
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
           "replay", "new_game_id", "check_game_id", "faces_positions", "position", "finish_record", "students_moves"]

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
_KEYS = {"format", "game", "rules", "board", "you_first", "computer", "moves", "winner", "seeded", "finished_by_server"}
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
    finished_by_server: int = 0   # the moves its players made before the server finished it (0: they finished it)

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
def game_record(game: TwoPlayerGame, game_id: str | None = None, unfinished: bool = False) -> dict:
    """The record of a finished game (plain data: str, int, bool, lists, dicts), for :func:`replay` and a store
    (``unfinished``: the moves so far of a game not over yet, for :func:`finish_record`).

    Only the play page's games are recorded: a rule set of ``gw.RULES``, the computer playing "optimal" or
    "halving" or a second player on the same screen ("human"), on a numbered board, the characters' board or the
    board of faces (the shipped board)."""
    if not isinstance(game, TwoPlayerGame):
        raise TypeError(f"game must be a Game or a BoardGame, got {type(game).__name__}")
    if not game.over and not unfinished:
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
    first = game.history[0].player if game.history else game.to_move
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


def _header(record) -> tuple:
    """(game id, rules, board, N, you_first, computer, moves, seeded) of a record, each field checked."""
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
    seeded = _field(record, "seeded", bool) if "seeded" in record else False
    if board == "faces" and rules.name not in FACES_RULES:
        raise InvalidGame(f"rules must be one of {FACES_RULES} on the board of faces, got {rules.name!r}")
    if len(moves) > 2 * N + 2:
        raise InvalidGame(f"moves: {len(moves)} moves, more than a game on {N} suspects can last")
    return game_id, rules, board, N, you_first, computer, moves, seeded


class _Walk:
    """A record's moves played again one by one with the exact solver (:meth:`step`), from the start."""

    def __init__(self, rules, board: str, N: int, you_first: bool):
        self.play = _FacesReplay(rules) if board == "faces" else _NumberedReplay(rules, N)
        self.to_move, self.winner, self.done = (YOU if you_first else COMPUTER), None, []

    def step(self, mv, claimed: bool = True) -> list[Fraction]:
        """Play the move ``mv`` (a record's move; ``claimed``: its values are checked against the exact ones);
        returns the exact values [before, move, best, after], from the student's side."""
        k = len(self.done) + 1
        where = f"move {k}"
        if not isinstance(mv, dict) or set(mv) - _MOVE_KEYS:
            raise InvalidGame(f"{where} must be a dict with the fields {sorted(_MOVE_KEYS)}, got {short_repr(mv)}")
        if self.winner is not None:
            raise InvalidGame(f"{where}: the game was already over ({self.winner} won at move {k - 1})")
        player = _field(mv, "player", str, (YOU, COMPUTER))
        if player != self.to_move:
            raise InvalidGame(f"{where}: it was {'your' if self.to_move == YOU else 'the computer'}'s turn, not "
                              f"{player}'s")
        text = _field(mv, "move", str)
        if not 0 < len(text) <= MAX_MOVE_TEXT:
            raise InvalidGame(f"{where}: move must be 1 to {MAX_MOVE_TEXT} characters")
        answer = _field(mv, "answer", str)
        values = mv.get("values")
        if claimed:
            if not isinstance(values, list) or len(values) != 4:
                raise InvalidGame(f"{where}: values must be the four exact chances [before, move, best, after]")
            claimed_values = [_fraction(v, where) for v in values]
        step = self.play.move(player, text, answer, mv.get("left"), where)
        self.winner = step.winner
        if self.winner is None:
            self.to_move = _other(player)
        after = Fraction(int(self.winner == YOU)) if self.winner is not None else self.play.chance(self.to_move)
        before, value, best = step.before, step.value, step.best
        if player == COMPUTER:
            before, value, best = 1 - before, 1 - value, 1 - best
        exact = [before, value, best, after]
        if claimed and claimed_values != exact:
            names = ("your chance before", "the value of the move", "the best value", "your chance after")
            bad = next(i for i in range(4) if claimed_values[i] != exact[i])
            raise InvalidGame(f"{where}: {names[bad]} is {format_fraction(exact[bad])}, not {values[bad]}")
        self.done.append(ReplayedMove(k, player, step.mine, step.theirs, step.text, answer, step.best_text,
                                      *exact))
        return exact


def replay(record) -> Replayed:
    """Check a game record move by move with the exact solver and return the game recomputed; raises
    :class:`InvalidGame` (a ValueError naming the field or the move) when anything does not follow."""
    game_id, rules, board, N, you_first, computer, moves, seeded = _header(record)
    claimed_winner = _field(record, "winner", str, (YOU, COMPUTER))
    if not moves:
        raise InvalidGame("moves is empty: a finished game has at least one move")
    by_server = record.get("finished_by_server", 0)
    if isinstance(by_server, bool) or not isinstance(by_server, int) or not 0 <= by_server < len(moves):
        raise InvalidGame(f"finished_by_server must be the number of moves its players made (0 to "
                          f"{len(moves) - 1}), got {short_repr(by_server)}")
    walk = _Walk(rules, board, N, you_first)
    for mv in moves:
        walk.step(mv)
    if walk.winner is None:
        raise InvalidGame("the game is not over after its last move: only a finished game is recorded")
    if claimed_winner != walk.winner:
        raise InvalidGame(f"winner: the moves make {walk.winner} the winner, not {claimed_winner}")
    return Replayed(game_id, rules.name, board, N, you_first, computer, tuple(walk.done), walk.winner, seeded,
                    by_server)


def students_moves(game: TwoPlayerGame) -> int:
    """How many moves the student (Player 1 in a game for two) has made in ``game``."""
    return sum(1 for t in game.history if t.player == YOU)


def position(game: TwoPlayerGame) -> dict:
    """What a record does not hold of a game under way, and :func:`finish_record` needs: whose move it is, each
    player's suspects still in play and each player's secret person (names): ``{"to_move", "suspects": {"you":
    [...], "computer": [...]}, "secrets": {"you": the student's person, "computer": the computer's}}``."""
    return {"to_move": game.to_move,
            "suspects": {YOU: [game.names[i] for i in game.your_suspects],
                         COMPUTER: [game.names[i] for i in game.computer_suspects]},
            "secrets": {YOU: game.names[game.your_secret], COMPUTER: game.names[game.computer_secret]}}


def finish_record(record: dict, where: dict, rng: random.Random | None = None) -> dict:
    """The record of ``record``'s game (its moves so far: :func:`game_record` with ``unfinished``) played to its end
    from ``where`` (:func:`position`) with best play for both sides: at each move the player to move makes a best
    move (chosen at random among the best; a question's groups at random among the mover's suspects), answered
    as the secret persons say.  ``finished_by_server`` says how many moves the players made.  ``rng``: where the
    random choices come from (by default the system's, which no page can predict)."""
    rng = random.SystemRandom() if rng is None else rng
    game_id, rules, board, N, you_first, computer, moves, seeded = _header(record)
    walk = _Walk(rules, board, N, you_first)
    for mv in moves:
        walk.step(mv)
    if walk.winner is not None:
        raise InvalidGame("the game is already over: there is nothing to finish")
    if not isinstance(where, dict) or where.get("to_move") != walk.to_move:
        raise InvalidGame("where: whose move it is does not follow from the moves")
    names = load_board().names if board in ("characters", "faces") else tuple(str(i) for i in range(1, N + 1))
    try:
        pools = {p: list(where["suspects"][p]) for p in (YOU, COMPUTER)}
        secrets_ = {p: where["secrets"][p] for p in (YOU, COMPUTER)}
    except (KeyError, TypeError):
        raise InvalidGame("where must hold suspects and secrets for you and the computer") from None
    for p in (YOU, COMPUTER):
        if not set(pools[p]) <= set(names) or secrets_[_other(p)] not in pools[p]:
            raise InvalidGame(f"where: the {p}'s suspects are not names of this board holding the person sought")
        if len(pools[p]) != walk.play.size(p):
            raise InvalidGame(f"where: the {p}'s suspects are not those left by the moves")
    done = [dict(mv) for mv in moves]
    while walk.winner is None:
        mover = walk.to_move
        sought = secrets_[_other(mover)]
        mv = walk.play.best_move(mover, pools, sought, rng)
        mv["player"] = mover
        mv["values"] = [format_fraction(v) for v in walk.step(mv, claimed=False)]
        done.append(mv)
    return {**record, "moves": done, "winner": walk.winner, "finished_by_server": len(moves)}


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

    def size(self, player) -> int:
        return self.pools[player]

    def best_move(self, mover, pools: dict, sought: str, rng) -> dict:
        """A best move of ``mover`` (its groups drawn from ``pools[mover]``, which it updates), answered as the
        person ``sought`` says: a record's move without its player and values."""
        pool = pools[mover]
        move = rng.choice(sorted(self.solution.optimal_moves(len(pool), len(pools[_other(mover)])), key=str))
        if move is GUESS:
            named = rng.choice(pool)
            if named != sought and self.rules.guess.passes(len(pool), len(pools[_other(mover)])):
                pool.remove(named)
            return {"move": "guess", "answer": "right" if named == sought else "wrong", "left": None}
        shuffled = rng.sample(pool, len(pool))
        groups, k = [], 0
        for size in move:
            groups.append(shuffled[k:k + size])
            k += size
        found = next(i for i, g in enumerate(groups) if sought in g)
        pool[:] = groups[found]
        answer = ("yes", "no")[found] if len(groups) == 2 else ("in group A", "in group B", "in neither")[found]
        return {"move": format_move(move), "answer": answer, "left": len(groups[found])}

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

    def size(self, player) -> int:
        return len(self.pools[player])

    def best_move(self, mover, pools: dict, sought: str, rng) -> dict:
        """As :meth:`_NumberedReplay.best_move`, a question about a trait (or a guess) of the board solution."""
        mine, theirs = frozenset(pools[mover]), frozenset(pools[_other(mover)])
        best = self.solution.P(mine, theirs)
        choices = [m for m in self.solution.moves(mine, theirs) if m.value == best
                   and (m.kind == "question" or m.guess is None)]
        chosen = rng.choice(sorted(choices, key=lambda m: m.text))
        if chosen.kind == "guess":
            named = rng.choice(sorted(mine))
            return {"move": "guess", "answer": "right" if named == sought else "wrong", "left": None}
        answer, left = next((a, names) for a, names in chosen.answers if sought in names)
        pools[mover] = sorted(left)
        return {"move": chosen.question.short, "answer": answer, "left": None}

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
            chosen = next((m for m in moves if m.kind == "question" and text in (m.question.short, m.text)), None)
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


def faces_positions(rules: str, moves) -> list[tuple[frozenset, frozenset]]:
    """The suspects of the mover and of the other player (names) before each move of a stored game on the board of
    faces, replayed from ``moves``: (player, move, answer) as a store keeps them (the question in words, or
    "guess").  InvalidGame for a move that does not follow."""
    if rules not in FACES_RULES:
        raise InvalidGame(f"rules must be one of {FACES_RULES} on the board of faces, got {short_repr(rules)}")
    play = _FacesReplay(RULES[rules])
    out = []
    for k, (player, text, answer) in enumerate(moves, start=1):
        out.append((play.pools[player], play.pools[_other(player)]))
        if play.move(player, text, answer, None, f"move {k}").winner is not None:
            break
    return out
