"""A whole game on a real board of faces against the computer, every move graded exactly.

:class:`BoardGame` is the game of :class:`guesswho_lib.game.play.Game` played on a board of characters with
the questions a child can ask: you ask about one trait ("Does your person wear glasses?") or name a suspect;
the computer answers truthfully for its secret person and replies at once with a move of its own, chosen
from the exact board solution (:func:`~guesswho_lib.board.solver.cached_board_solution`), so it asks real
questions about traits too.  Every move, yours and the computer's, is graded against the board solution:
your exact chance of winning before the move, the value of the move, the best value, and your chance once
the answer is known (Cushing et al., equation (1), on the sets of suspects of both players).

The values are those of the model of :mod:`~guesswho_lib.board.solver`: both players choose their moves from
the two suspect sets only.  A player who also uses what they know about their own person can do better
against a fixed strategy (:func:`~guesswho_lib.board.compare.informed_opponent`).

Suspects are named by their name (a string) or their number on the board (an int, from 1).  A board game is a
:class:`~guesswho_lib.game.record.TwoPlayerGame`, as :class:`~guesswho_lib.game.play.Game` is, and records its
moves as the same :class:`~guesswho_lib.game.record.Turn`: the play page and the review read one interface.

>>> g = BoardGame(seed=1)
>>> g.state, g.win_probability()
((24, 24), Fraction(9, 16))
>>> turn = g.ask("red hair")                 # 3 of 24: a weak first question on this board
>>> turn.grade
'costs you 29/576: best was "Does your person have brown eyes?" (or 4 other questions)'
"""

from __future__ import annotations

import random
from fractions import Fraction
from ..game.record import COMPUTER, HUMAN, YOU, Turn, TwoPlayerGame
from ..rules import Rules, check_flag, check_seed, get_rules
from .review import explain_board
from .solver import BoardMove, BoardSolution, cached_board_solution
from .traits import Board, load_board

__all__ = ["BoardGame", "BOARD_COMPUTERS", "YOU", "COMPUTER", "best_questions_text"]

#: How the computer can play: "optimal" (a best move of the board solution, ties broken at random) or
#: "halving" (the question that splits its suspects most evenly; a guess only with one suspect left).  With
#: ``computer="human"`` two people play on one screen instead (the computer only answers and grades).
BOARD_COMPUTERS = ("optimal", "halving")


def best_questions_text(best_moves) -> str:
    """The best moves in words, for a grade: '"Does your person have brown eyes?" (or 4 other questions)'."""
    first = best_moves[0]
    text = "a guess" if first.kind == "guess" else f'"{first.text}"'
    others = len(best_moves) - 1
    if others:
        kind = "question" if all(m.kind == "question" for m in best_moves) else "move"
        text += f" (or {others} other {kind}{'' if others == 1 else 's'})"
    return text


class BoardGame(TwoPlayerGame):
    """One game on a board of characters between you (the student) and the computer.

    Parameters
    ----------
    rules : a rule set the board solver knows ("official", "nica"; "merciful" and "tripartite" on small
        boards), or a :class:`~guesswho_lib.rules.Rules`
    board : a :class:`~guesswho_lib.board.traits.Board`, or None for the shipped 24-character board
    computer : "optimal", "halving" or "human" (two players, hot-seat; see :data:`BOARD_COMPUTERS`)
    you_first : bool
        Whether you make the first move.
    seed : int or None
        Seeds both secret persons and the computer's choices.
    questions : "traits" (one trait per question) or "pairs" (small boards only)
    """

    def __init__(self, rules="official", board: Board | None = None, computer="optimal", you_first=True,
                 seed=None, questions: str = "traits"):
        self.rules: Rules = get_rules(rules)
        if board is None:
            board = load_board()
        if not isinstance(board, Board):
            raise TypeError(f"board must be a guesswho_lib.board.traits.Board or None (the shipped board), "
                            f"got {type(board).__name__}")
        if computer not in (*BOARD_COMPUTERS, HUMAN):
            raise ValueError(f"computer must be one of {(*BOARD_COMPUTERS, HUMAN)}, got {computer!r}")
        you_first = check_flag(you_first, "you_first")
        self.seed = check_seed(seed)
        self.solution: BoardSolution = cached_board_solution(board, questions, self.rules)
        self.board = board
        self.computer_name = computer
        self.names: tuple = board.names
        self.traits = {t: frozenset(board.index(x) for x in board.with_trait(t)) for t in board.traits}
        self._rng = random.Random(self.seed)
        N = board.n
        self.your_secret = self._rng.randrange(N)         # the computer must find this one
        self.computer_secret = self._rng.randrange(N)     # you must find this one
        self.your_suspects: list[int] = list(range(N))
        self.computer_suspects: list[int] = list(range(N))
        self.to_move = YOU if you_first else COMPUTER
        self.winner: str | None = None
        self.history: list[Turn] = []
        if not you_first and not self.hot_seat:
            self._computer_moves()

    #: Every question is one of the board's questions about traits, chosen from a menu.
    asks_from_menu = True
    values_note = ("Probabilities are yours, exact, assuming optimal play by both sides from that point on this "
                   "board, where every question is about one trait (Cushing et al., equation (1), on the sets of "
                   "suspects of both players).")

    # ---- reading the state --------------------------------------------------------------------------
    @property
    def yours(self) -> frozenset:
        """Who the computer's person can still be (your suspects), as names."""
        return self._names_of(self.your_suspects)

    @property
    def computers(self) -> frozenset:
        """Who your person can still be, in the computer's eyes, as names."""
        return self._names_of(self.computer_suspects)

    def win_probability(self) -> Fraction:
        """Your exact chance of winning now, both sides playing optimally on the board (1 or 0 once over)."""
        if self.over:
            return Fraction(int(self.winner == YOU))
        if self.to_move == YOU:
            return self.solution.P(self.yours, self.computers)
        return 1 - self.solution.P(self.computers, self.yours)

    def _mover_sets(self) -> tuple[frozenset, frozenset]:
        """(the mover's suspects, the other player's), as names."""
        mine, theirs, _ = self._pools(self.to_move)
        return self._names_of(mine), self._names_of(theirs)

    def moves(self) -> tuple[BoardMove, ...]:
        """Every move you can make now with its exact value, best first (hot-seat: the player to move's)."""
        self._check_your_turn()
        return self.solution.moves(*self._mover_sets())

    def best_moves(self) -> tuple[BoardMove, ...]:
        """Your optimal moves now (questions in words, or the guess); hot-seat: the player to move's."""
        self._check_your_turn()
        return self.solution.best_questions(*self._mover_sets())

    def explain(self, turn: Turn | None = None):
        """"Why is this the best move?" on this board, at the state before ``turn`` (against the move played), or
        now for the player to move: which question splits best, and why no trait does better
        (:func:`~guesswho_lib.board.review.explain_board`)."""
        if turn is None:
            self._check_your_turn()
            return explain_board(self.solution, *self._mover_sets())
        return self.explain_choice(turn, turn.move)

    def explain_choice(self, turn: Turn, choice: BoardMove | None = None):
        """"Why is this the best move?" on this board at the state before ``turn``, against ``choice`` (a
        BoardMove of that state, as the explanation's options hold it; None: no move)."""
        return explain_board(self.solution, *turn.sets_before, played=choice)

    def questions(self) -> tuple[BoardMove, ...]:
        """The questions you can ask now (those that split your suspects), in board order; hot-seat: the
        questions of the player to move."""
        if self.over or (self.to_move != YOU and not self.hot_seat):
            return ()
        ms = [m for m in self.solution.moves(*self._mover_sets()) if m.kind == "question"]
        order = {q: i for i, q in enumerate(self.solution.question_list)}
        return tuple(sorted(ms, key=lambda m: order[m.question]))

    def question_menu(self) -> list:
        """(words, key) for every question you can ask now, in board order; the key (a trait, or the short form
        of a two-trait question) is what :meth:`ask` takes."""
        return [(m.text, m.question.traits[0] if len(m.question.traits) == 1 else m.question.short)
                for m in self.questions()]

    # ---- your moves ---------------------------------------------------------------------------------
    def question_for(self, key) -> BoardMove:
        """Your question now for ``key``: a trait ("glasses"), the short form of a question, its words
        ("Does your person wear glasses?") or a BoardMove; a clear error if it is not a question you can ask."""
        self._check_your_turn()
        if isinstance(key, BoardMove):
            key = key.text
        if not isinstance(key, str):
            raise TypeError(f"question must be a trait such as 'glasses' (a string), got {key!r}")
        wanted = key.strip()
        for q in self.solution.question_list:
            if wanted in (q.text, q.short) or (len(q.traits) == 1 and wanted == q.traits[0]):
                for m in self.questions():
                    if m.question == q:
                        return m
                raise ValueError(f"question {q.text!r} does not split your {len(self.mover_suspects)} suspects "
                                 f"(the answer is the same for all of them): it tells you nothing")
        raise ValueError(f"question must be one of this board's traits ({', '.join(self.board.traits)}), "
                         f"got {key!r}")

    def ask(self, question, group2=None) -> Turn:
        """Ask a question about a trait (see :meth:`question_for`); the computer answers and replies at once.
        Returns your :class:`~guesswho_lib.game.record.Turn` (the computer's reply, if any, is then the last of
        ``history``).  There are no paradox questions on a board of faces: ``group2`` must be None."""
        if group2 is not None:
            raise ValueError("a board of faces has no paradox questions: ask about one trait (group2 must be None)")
        move = self.question_for(question)
        turn = self._play(self.to_move, move, None)
        self._after_your_move()
        return turn

    def guess(self, suspect) -> Turn:
        """Name one of your remaining suspects as the computer's person (hot-seat: the player to move guesses)."""
        i = self._your_guess(suspect)
        move = self._guess_move(self.to_move, self.names[i])
        turn = self._play(self.to_move, move, self.names[i])
        self._after_your_move()
        return turn

    # ---- playing a move (either player) -------------------------------------------------------------
    def _guess_move(self, player, name: str) -> BoardMove:
        mine, theirs, _ = self._pools(player)
        for m in self.solution.moves(self._names_of(mine), self._names_of(theirs)):
            if m.kind == "guess" and m.guess in (None, name):
                return m
        raise ValueError(f"guessing is not a move under the {self.rules.name!r} rules")   # pragma: no cover

    def _play(self, player, move: BoardMove, named: str | None) -> Turn:
        pool, other, secret = self._pools(player)
        mine, theirs = self._names_of(pool), self._names_of(other)
        before_pools = (tuple(pool), tuple(other))
        sol = self.solution
        best_moves = sol.best_questions(mine, theirs)
        best, value = best_moves[0].value, move.value
        before = sol.P(mine, theirs)
        if player == COMPUTER:
            before, value, best = 1 - before, 1 - value, 1 - best
        who = self._who(player)
        secret_name = self.names[secret]
        # your own person is named when the computer asks about them (never on a shared screen)
        own = "" if player == YOU or self.hot_seat else f" ({secret_name})"
        if move.kind == "guess":
            i = self.names.index(named)
            right, text = self._guess_outcome(player, i)
            answer, label, groups, k = ("right" if right else "wrong"), f"guess: {named}", ((i,),), 0 if right else None
        else:
            answer = move.question.answer_for(secret)
            left = sol.after(mine, move, secret_name)
            groups = tuple(tuple(sorted(self.names.index(x) for x in s)) for _, s in move.answers)
            k = next(j for j, g in enumerate(groups) if secret in g)
            pool[:] = sorted(self.names.index(x) for x in left)
            n = len(pool)
            text = (f'{who} asked: "{move.text}" Answer: {answer}{own}. {self._has(player)} {n} '
                    f"suspect{'s' if n != 1 else ''} left.")
            label = move.text
            self._pass_turn(player, n)
        turn = Turn(len(self.history) + 1, player, move, label, groups, answer, k,
                    (len(before_pools[0]), len(before_pools[1])), (mine, theirs), before, value, best, best_moves,
                    best_questions_text(best_moves), self._your_chance_after(), text, named, self.player_name(player))
        self.history.append(turn)
        return turn

    def _computer_choice(self) -> BoardMove:
        mine, theirs = self.computers, self.yours
        if self.computer_name == "optimal":
            return self._rng.choice(self.solution.best_questions(mine, theirs))
        moves = self.solution.moves(mine, theirs)
        questions = [m for m in moves if m.kind == "question"]
        if not questions or len(mine) == 1:
            return next(m for m in moves if m.kind == "guess")
        evenness = [max(len(s) for _, s in m.answers) for m in questions]
        return self._rng.choice([m for m, e in zip(questions, evenness) if e == min(evenness)])

    def _computer_moves(self):
        move = self._computer_choice()
        named = None
        if move.kind == "guess":
            named = move.guess or self._rng.choice(sorted(self.computers))
        return self._play(COMPUTER, move, named)

    def _after_your_move(self):
        if not self.over and self.to_move == COMPUTER and not self.hot_seat:
            self._computer_moves()

    def __repr__(self) -> str:
        return (f"BoardGame(rules={self.rules.name!r}, characters={self.N}, computer={self.computer_name!r}, "
                f"state={self.state}, to_move={self.to_move!r}, winner={self.winner!r})")

