"""Exercises for extension lesson x4: two traits at once (complete sets), and boards that change the game.

Every right answer is computed with the library when the exercise is first checked: the questions of a board
(:func:`guesswho_lib.board.question_sets.question_set`), complete sets (:mod:`guesswho_lib.board.complete`), the
board solver by classes (``solve_board(..., method="complete")``) and the idealised game (Cushing et al.,
equation (1)).
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.board.complete import completeness, missing_splits
from guesswho_lib.board.question_sets import question_set
from guesswho_lib.board.solver import solve_board
from guesswho_lib.board.traits import Board, load_board
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import format_fraction
from ..reader import Answer, Exact, Whole, exercise
from .boards import BoardDesign, tiny_board
from ..reader.reading import unreadable

# x4.3: your suspects are the characters with one of these traits, your opponent's those with the other
E3_MINE = ("glasses", "hat")
E3_THEIRS = "brown eyes"
# x4.5: a board on which going first does not help, with at least this many characters
E5_MIN_CHARACTERS = 10
E5_MAX_CHARACTERS = 24


@exercise("x4-questions-with-two-traits", "How many questions with two traits?",
          level=1, kind=Whole("a number of questions"),
          about="the number of different questions (different splits of the four) on the board of Ann, Ben, Cat "
                "and Dan when a question may join two traits with 'and' or 'or'",
          hint="Write each question as the group that answers yes. 'hat', 'glasses', 'hat and glasses', 'hat and "
               "not glasses', ... A question and its opposite ('not hat') make the same split: count it once.")
def _():
    board = tiny_board()
    pairs, traits = len(question_set(board, "pairs")), len(question_set(board, "traits"))
    return Answer(pairs, wrong={traits: "that is with ONE trait per question. Joining two traits gives new "
                                        "groups: who has a hat AND glasses?",
                                2 * pairs: "a question and its opposite ('hat' and 'not hat') split the four the "
                                           "same way: count each split once."})


@exercise("x4-missing-split", "A missing split", level=1, kind=Whole("a size"),
          about="the size a (1 <= a <= 2) for which no one-trait question splits Ann, Ben, Cat and Dan into a "
                "and 4 - a",
          hint="Both traits are held by two of the four. Which sizes can the groups of a one-trait question have?")
def _():
    board = tiny_board()
    missing = missing_splits(completeness(board, "traits"), board.everyone)
    return Answer(*missing, wrong={2: "'hat' splits the four into Ann, Ben and Cat, Dan: that split exists."})


@exercise("x4-any-state", "Any state, two traits", level=2, kind=Exact(probability=True),
          about=f"your chance with two-trait questions when you suspect everyone who has {' or '.join(E3_MINE)} and "
                f"your opponent suspects everyone with {E3_THEIRS}",
          hint="Count both sets (board.with_trait gives a set; | joins two). Every set of the shipped board is "
               "complete with two-trait questions: what does the theorem say the value is?")
def _():
    board = load_board()
    mine = frozenset().union(*(board.with_trait(t) for t in E3_MINE))
    theirs = board.with_trait(E3_THEIRS)
    ideal = cached_solution("official", board.n)
    a, b = len(mine), len(theirs)
    return Answer(ideal.P(a, b), wrong={
        ideal.P(b, a): "that is the value with the roles swapped: you are the player to move, holding your suspects.",
        1 - ideal.P(b, a): "that is your chance if your OPPONENT moves first from here.",
        1 - ideal.P(a, b): "which idealised state is this (count both sets), who moves there, and what does the "
                           "theorem say the value of that state is?",
    })


@exercise("x4-best-first-questions", "How many best first questions?", level=2, kind=Whole("a number of questions"),
          about="the number of two-trait questions that are best first moves on the shipped board",
          hint="By the theorem a question is best exactly when its split sizes are optimal in the idealised game: "
               "which split sizes are those at (24, 24), and how many of the 445 questions make one of them?")
def _():
    sol = solve_board(None, "pairs")
    best = sol.best_questions(sol.everyone, sol.everyone)
    sizes = {m.sizes for m in best}
    return Answer(len(best), wrong={
        len(sizes): "did you count questions, or split sizes? Many different questions can make the same split.",
        len(sol.question_list): "did your count keep only the questions whose split sizes are optimal for the first "
                                "move?",
    })


class FairBoardDesign(BoardDesign):
    """A board of ``min_characters`` to ``max_characters`` characters (a Board or a CSV path); right when going
    first on it is worth at most 1/2 with one-trait questions under the official rules."""

    def __init__(self, min_characters: int = E5_MIN_CHARACTERS, max_characters: int = E5_MAX_CHARACTERS):
        super().__init__(max_characters)
        self.min_characters = min_characters
        self.expects = (f"your board (gw.load_board(path) or Board(...)) or the path of your CSV file, with "
                        f"{min_characters} to {max_characters} characters")

    def read(self, answer):
        reading = super().read(answer)
        if reading.ok and reading.value.n < self.min_characters:
            return unreadable(f"Your board has {reading.value.n} characters; this exercise asks for at least "
                              f"{self.min_characters}")
        return reading

    def judge(self, board, rights) -> tuple[bool, str]:
        try:
            start = solve_board(board, "traits", "official", method="complete").start
        except ValueError as e:
            return False, f"Your board could not be solved: {e}"
        if start <= Fraction(1, 2):
            return True, (f"On your board going first is worth {format_fraction(start)}. Going first does not help "
                          "on it.")
        return False, "On your board going first is worth more than 1/2: it still helps."

    def wrong_like(self, board, rights) -> list:
        return [load_board()]


def cube_board(k: int = 4) -> Board:
    """2^k characters, one for each mix of k traits: every question splits every reachable set in half."""
    names = tuple(f"c{i:02d}" for i in range(2 ** k))
    traits = ("hat", "glasses", "beard", "earrings", "freckles", "smiling")[:k]
    return Board(names, traits, tuple(tuple(i >> j & 1 for j in range(k)) for i in range(2 ** k)))


@exercise("x4-going-first-does-not-help", "A board on which going first does not help", level=3, kind=FairBoardDesign(),
          about=f"a board of {E5_MIN_CHARACTERS} to {E5_MAX_CHARACTERS} characters on which the first player's "
                f"chance is at most 1/2 (one-trait questions, official rules)",
          hint="Lesson 09's Ann, Ben, Cat and Dan are such a board, but too small. On their board every question "
               "halves every group. Can you build a bigger board where that is still true?")
def _():
    return Answer(cube_board(4))
