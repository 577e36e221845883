"""Play a whole game of Guess Who? against the computer, with every move graded exactly.

* :class:`Game` holds the whole state of one game and all its rules: both boards, both secret persons,
  whose turn it is, the history.  You move with :meth:`Game.ask` (one group: a yes/no question; two
  groups: a paradox question with three answers, tripartite rules only) or :meth:`Game.guess`; the
  computer answers truthfully for its secret person and replies at once with its own move.  After every
  move the game records, as exact fractions, your win probability before the move, the value of the
  move, the best value you could have had, and your win probability once the answer is known.  These
  are the values of optimal play by both sides from the exact solver (Cushing et al., equation (1)).
* every move is a :class:`~guesswho_lib.game.record.Turn`, the one record of a move that the board of faces
  (:class:`guesswho_lib.board.play.BoardGame`) keeps too; moves and fractions are written by
  :mod:`guesswho_lib.rules.formatting`.

The play page (a model for the clicks and a thin view) is :mod:`guesswho_lib.widgets.play`.

>>> g = Game("official", board=4, seed=1)
>>> g.state                                  # (your suspects, the computer's suspects)
(4, 4)
>>> g.win_probability()
Fraction(9, 16)
>>> turn = g.ask([1, 2])                     # halving at (4, 4) is a mistake (Cushing et al., Thm 2.1)
>>> turn.grade
'costs you 1/16: best was 1:3'
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Sequence

from ..rules import (GUESS, Rules, check_flag, check_int, check_seed, format_move, get_rules, legal_moves,
                     normalise_move, strategy_move)
from . import strategies as _strategies
from .record import COMPUTER, HUMAN, YOU, Turn, TwoPlayerGame
from .review import explain_move
from .solver import cached_solution

__all__ = ["Game", "Turn", "MAX_BOARD", "YOU", "COMPUTER", "best_moves_text"]

#: Largest numbered board a game accepts (the widget shows one button per suspect).
MAX_BOARD = 100


def _character_names_and_traits(board):
    """(names, {trait: frozenset of suspect indices}) from a :class:`~guesswho_lib.board.traits.Board`."""
    names = [str(x) for x in board.names]
    traits = {str(t): frozenset(board.index(x) for x in board.with_trait(t)) for t in board.traits}
    return names, traits


def best_moves_text(moves) -> str:
    """The best moves in words, for a grade: '1:3', or '1:3 or 2:2', at most four and then '...'."""
    text = " or ".join(format_move(m) for m in moves[:4])
    return text + (" or ..." if len(moves) > 4 else "")


class Game(TwoPlayerGame):
    """One game of Guess Who? between you (the student) and the computer.

    Parameters
    ----------
    rules : "official", "nica", "tripartite", "merciful" (or a :class:`~guesswho_lib.rules.Rules`)
    board : int or a board of characters
        A plain numbered board with that many suspects (2..100), or a board of characters such as
        ``gw.load_board()`` (its names are used, and its traits to word questions and to pick groups).
    computer : "optimal", "halving", a strategy ``(n, m) -> move``, or "human"
        How the computer chooses its moves.  "optimal" breaks ties at random (seeded).  "human": two people play
        on one screen (hot-seat); the computer only answers and grades, and :meth:`ask` and :meth:`guess` play
        for whoever is to move ("you" is Player 1).
    you_first : bool
        Whether you make the first move.
    seed : int or None
        Seeds both secret persons, the computer's choices of groups and its tie-breaks (an integer, numpy
        integers included; None: a different game every time).

    If the computer's strategy fails (raises, or returns an illegal move) while replying to your move, your
    move is taken back, so the game is never stuck, and a RuntimeError says what went wrong.

    Suspects are named by their label (a string, e.g. ``"7"`` or a character's name) or by their
    number on the board (an int, counted from 1 in board order).
    """

    def __init__(self, rules="official", board=24, computer="optimal", you_first=True, seed=None):
        self.rules: Rules = get_rules(rules)
        you_first = check_flag(you_first, "you_first")
        self._board = None
        self.names, self.traits = self._make_board(board)
        self.board = board
        N = len(self.names)
        self.seed = check_seed(seed)
        self._rng = random.Random(self.seed)
        self.computer_name, self._computer = self._make_computer(computer)
        self.solution = cached_solution(self.rules, N)
        self.your_secret = self._rng.randrange(N)       # the computer must find this one
        self.computer_secret = self._rng.randrange(N)   # you must find this one
        self.your_suspects: list[int] = list(range(N))       # who the computer's secret may still be
        self.computer_suspects: list[int] = list(range(N))   # who your secret may still be (computer's view)
        self.to_move = YOU if you_first else COMPUTER
        self.winner: str | None = None
        self.history: list[Turn] = []
        if not you_first and not self.hot_seat:
            self._computer_moves()

    # ---- setting up ---------------------------------------------------------------------------------
    def _make_board(self, board):
        if all(hasattr(board, a) for a in ("names", "traits", "with_trait", "index", "phrase")):
            self._board = board                  # a board of characters, such as gw.load_board()
            return _character_names_and_traits(board)
        if isinstance(board, str):
            raise ValueError(f"board must be a number of suspects (2..{MAX_BOARD}) or a board of characters "
                            f"(gw.load_board()), got {board!r}")
        N = check_int(board, "board", 2, MAX_BOARD)
        return [str(i) for i in range(1, N + 1)], {}

    def _make_computer(self, computer):
        if computer == "optimal":
            seed = self._rng.randrange(2**32)
            return "optimal", _strategies.optimal(self.rules, seed=seed)
        if computer == "halving":
            return "halving", _strategies.halving
        if computer == HUMAN:
            return HUMAN, None
        if isinstance(computer, str):
            raise ValueError(f"computer must be 'optimal', 'halving', 'human' (two players) or a strategy "
                             f"(n, m) -> move, got {computer!r}")
        if not callable(computer):
            raise TypeError(f"computer must be 'optimal', 'halving' or a callable strategy (n, m) -> move, "
                            f"got {type(computer).__name__}")
        return getattr(computer, "__name__", "custom strategy"), computer

    # ---- reading the state --------------------------------------------------------------------------
    def win_probability(self) -> Fraction:
        """Your exact win probability now, both sides playing optimally from here (1 or 0 once over)."""
        if self.over:
            return Fraction(int(self.winner == YOU))
        n, m = self.state
        if self.to_move == YOU:
            return self.solution.P(n, m)
        return 1 - self.solution.P(m, n)

    def best_moves(self) -> tuple:
        """Your optimal moves now (as group sizes or GUESS); in a hot-seat game, those of the player to move."""
        self._check_your_turn()
        return self.solution.optimal_moves(*self.mover_state)

    def move_values(self) -> dict:
        """Every legal move of yours now with its exact value (your win probability if you play it); in a
        hot-seat game, those of the player to move (their win probability)."""
        self._check_your_turn()
        n, m = self.mover_state
        return {mv: self.solution.value(n, m, mv) for mv in legal_moves(n, self.rules)}

    def explain(self, turn: Turn | None = None):
        """"Why is this the best move?" at the state before ``turn`` (against the move played), or now for the
        player to move: an :class:`~guesswho_lib.game.review.Explanation` in words, with the tree of outcomes."""
        if turn is None:
            self._check_your_turn()
            n, m = self.mover_state
            return explain_move(n, m, rules=self.rules, solution=self.solution)
        return self.explain_choice(turn, turn.move)

    def explain_choice(self, turn: Turn, choice=None):
        """"Why is this the best move?" at the state before ``turn``, against ``choice`` (GUESS or group sizes, or
        written as "1:3" or "guess"; None: no move)."""
        n, m = turn.state_before
        return explain_move(n, m, choice, rules=self.rules, solution=self.solution)

    def name(self, suspect: int) -> str:
        return self.names[suspect]

    def question_menu(self) -> list:
        """Empty: on a numbered board any group of your suspects may be asked (see :meth:`ask`)."""
        return []

    # ---- your moves ---------------------------------------------------------------------------------
    def _group(self, group, what: str) -> tuple:
        if isinstance(group, (str, bytes)) or not hasattr(group, "__iter__"):
            raise TypeError(f"{what} must be a list of suspects (names or numbers), got {group!r}")
        idx = [self.suspect_index(s) for s in group]
        if len(set(idx)) != len(idx):
            raise ValueError(f"{what} names a suspect twice")
        if not idx:
            raise ValueError(f"{what} is empty: pick at least one of your remaining suspects")
        pool = set(self.mover_suspects)
        gone = [self.names[i] for i in idx if i not in pool]
        if gone:
            raise ValueError(f"{what} contains suspects you have already ruled out: {', '.join(gone)}")
        return tuple(sorted(idx))

    def ask(self, group: Sequence, group2: Sequence | None = None) -> Turn:
        """Ask "is your person in ``group``?" (yes/no), or, under the tripartite rules, the paradox
        question "is your person in ``group``, in ``group2``, or in neither?" (Cushing et al., section 3).

        Groups are lists of your remaining suspects.  Returns your :class:`Turn`; the computer's reply,
        if the game goes on, is then the last entry of :attr:`history`.  (Hot-seat: the player to move asks.)
        """
        self._check_your_turn()
        n, m = self.mover_state
        if n == 1:
            raise ValueError("you have one suspect left: there is nothing to ask; name them with guess()")
        g1 = self._group(group, "group")
        groups = [g1]
        if group2 is not None:
            if self.rules.max_parts < 3:
                raise ValueError(f"a second group (a paradox question) is only allowed under the 'tripartite' "
                                 f"rules, not under {self.rules.name!r}")
            g2 = self._group(group2, "group2")
            both = set(g1) & set(g2)
            if both:
                raise ValueError("group and group2 overlap: "
                                 + ", ".join(self.names[i] for i in sorted(both)))
            groups.append(g2)
        chosen = set().union(*groups)
        rest = tuple(i for i in self.mover_suspects if i not in chosen)
        if not rest:
            if len(groups) == 1:
                raise ValueError("the group holds all your remaining suspects, so the answer would tell you "
                                 "nothing: leave at least one out")
            raise ValueError("group and group2 hold all your remaining suspects, so the third answer "
                             "('neither') is impossible: leave at least one out, or ask a yes/no question")
        groups.append(rest)
        move = normalise_move([len(g) for g in groups], n, self.rules)
        return self._play_question(self.to_move, groups, move)

    def guess(self, suspect) -> Turn:
        """Name one of your remaining suspects as the computer's person (hot-seat: the player to move guesses)."""
        i = self._your_guess(suspect)
        return self._play_guess(self.to_move, i)

    # ---- playing a move (either player) -------------------------------------------------------------
    def _evaluate(self, player, move):
        """(win_before, move_value, best_value, best_moves) from the student's side."""
        mine, other, _ = self._pools(player)
        n, m = len(mine), len(other)
        t = self.solution
        before, value, best = t.P(n, m), t.value(n, m, move), t.P(n, m)
        if player == COMPUTER:
            before, value, best = 1 - before, 1 - value, 1 - best
        return before, value, best, t.optimal_moves(n, m)

    def _record(self, player, move, label, groups, answer, answer_group, before_pools, evaluation, text,
                named=None) -> Turn:
        before, value, best, best_moves = evaluation
        mine, other = before_pools
        turn = Turn(len(self.history) + 1, player, move, label, tuple(groups), answer, answer_group,
                    (len(mine), len(other)), (self._names_of(mine), self._names_of(other)), before, value, best,
                    best_moves, best_moves_text(best_moves), self._your_chance_after(), text, named,
                    self.player_name(player))
        self.history.append(turn)
        return turn

    def _play_question(self, player, groups, move) -> Turn:
        evaluation = self._evaluate(player, move)
        mine, other, secret = self._pools(player)
        before_pools = (tuple(mine), tuple(other))
        k = next(k for k, g in enumerate(groups) if secret in g)
        mine[:] = sorted(groups[k])
        self._pass_turn(player, len(mine))
        answer = ("yes", "no")[k] if len(groups) == 2 else ("in group A", "in group B", "in neither")[k]
        return self._record(player, move, format_move(move), groups, answer, k, before_pools, evaluation,
                            self._question_text(player, groups, k))

    def _play_guess(self, player, named) -> Turn:
        evaluation = self._evaluate(player, GUESS)
        mine, other, _ = self._pools(player)
        before_pools = (tuple(mine), tuple(other))
        right, text = self._guess_outcome(player, named)
        return self._record(player, GUESS, f"guess: {self.names[named]}", ((named,),), "right" if right else "wrong",
                            0 if right else None, before_pools, evaluation, text, self.names[named])

    def _names(self, group) -> str:
        return ", ".join(self.names[i] for i in group)

    def _question_text(self, player, groups, answer) -> str:
        q = f"{self._who(player)} asked"
        if self.hot_seat:
            whose = f"{self.player_name(COMPUTER if player == YOU else YOU)}'s person"
        else:
            whose = "its person" if player == YOU else "your person"
        if len(groups) == 2:
            ans = "yes" if answer == 0 else "no"
            trait = self._trait_of(groups[0], groups[0] + groups[1])
            if trait is not None:
                text = (f"{q} whether {whose} {self._board.phrase(trait)} ({self._names(groups[0])}). "
                        f"Answer: {ans}.")
            elif len(groups[0]) == 1:
                text = f"{q}: is {whose} {self._names(groups[0])}? Answer: {ans}."
            else:
                text = f"{q}: is {whose} one of {self._names(groups[0])}? Answer: {ans}."
        else:
            ans = ("in group A", "in group B", "in neither")[answer]
            text = (f"{q} a paradox question: is {whose} in group A ({self._names(groups[0])}), "
                    f"in group B ({self._names(groups[1])}), or in neither? Answer: {ans}.")
        left = len(groups[answer])
        return text + f" {self._has(player)} {left} suspect{'s' if left != 1 else ''} left."

    def _trait_of(self, group, pool):
        """A trait that picks out exactly ``group`` among ``pool`` (character board), or None."""
        pool, group = set(pool), set(group)
        for trait, having in self.traits.items():
            if having & pool == group:
                return trait
        return None

    def _computer_moves(self):
        n, m = len(self.computer_suspects), len(self.your_suspects)
        move = strategy_move(self._computer, n, m, self.rules, f"the computer's strategy {self.computer_name!r}")
        if move is GUESS:
            return self._play_guess(COMPUTER, self._rng.choice(self.computer_suspects))
        pool = list(self.computer_suspects)
        if len(move) == 2 and self.traits:
            # On the character board, ask about a trait when one splits the suspects in the chosen sizes.
            traits = sorted(self.traits)
            self._rng.shuffle(traits)
            for trait in traits:
                having = sorted(self.traits[trait] & set(pool))
                if len(having) in move:
                    rest = tuple(i for i in pool if i not in having)
                    return self._play_question(COMPUTER, [tuple(having), rest], move)
        self._rng.shuffle(pool)
        groups, k = [], 0
        for size in move:
            groups.append(tuple(sorted(pool[k:k + size])))
            k += size
        return self._play_question(COMPUTER, groups, move)

    def _after_your_move(self):
        if not self.over and self.to_move == COMPUTER and not self.hot_seat:
            self._computer_moves()

    # the public moves also trigger the computer's reply; if that fails, your move is taken back
    def _wrap(method):
        def inner(self, *args, **kwargs):
            saved = (list(self.your_suspects), list(self.computer_suspects), self.to_move, self.winner,
                     len(self.history), self._rng.getstate())
            turn = method(self, *args, **kwargs)
            try:
                self._after_your_move()
            except Exception as e:
                (self.your_suspects[:], self.computer_suspects[:], self.to_move, self.winner, k,
                 state) = saved
                del self.history[k:]
                self._rng.setstate(state)
                raise RuntimeError(f"the computer's strategy {self.computer_name!r} failed when replying to your "
                                   f"move ({type(e).__name__}: {e}); your move was taken back") from e
            return turn
        inner.__name__ = method.__name__
        inner.__doc__ = method.__doc__
        return inner

    ask = _wrap(ask)
    guess = _wrap(guess)
    del _wrap

    def __repr__(self) -> str:
        return (f"Game(rules={self.rules.name!r}, board={self.board!r}, computer={self.computer_name!r}, "
                f"state={self.state}, to_move={self.to_move!r}, winner={self.winner!r})")


