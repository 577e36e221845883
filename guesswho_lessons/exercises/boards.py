"""Exercises for lesson 09: the real board, where every question is about a trait.

Every right answer is computed with the board solver (:func:`guesswho_lib.board.solver.cached_board_solution`,
Cushing et al., equation (1) on suspect sets) and the idealised game (:func:`guesswho_lib.game.solver.solve`).
A trait is read by the shared :class:`~.answers.Word` reader (the trait, its phrase or the question in words);
a designed board (09.5) by :class:`BoardDesign`, a kind that reads a ``Board`` or the path of a CSV file.
"""

from __future__ import annotations

import itertools
import os
from fractions import Fraction

from guesswho_lib.board.question_sets import question_set
from guesswho_lib.board.solver import cached_board_solution, solve_board
from guesswho_lib.board.traits import Board, load_board
from guesswho_lib.rules import format_fraction
from guesswho_lib.game.solver import cached_solution
from ..reader.answers import Exact, Kind, Word, YesNo
from ..reader.framework import Answer, exercise
from ..reader.reading import Reading, shown, unreadable

# 09.1: a board of four on which every question splits the four 2:2 (each person has their own mix of two traits).
TINY_NAMES = ("Ann", "Ben", "Cat", "Dan")
TINY_TRAITS = ("hat", "glasses")
TINY_ROWS = ((1, 1), (1, 0), (0, 1), (0, 0))
# 09.2: the first question whose cost is asked.
E2_TRAIT = "bald"
# 09.3: your suspects are the characters with the first trait, your opponent's those with the second.
E3_TRAITS = ("brown hair", "hat")
# 09.4: the best question when your suspects are the characters with this trait (opponent: everyone).
E4_TRAIT = "earrings"
# 09.5: a designed board may have at most this many characters (so that it is solved at once).
E5_MAX_CHARACTERS = 8


def tiny_board() -> Board:
    """The four-character board of exercise 09.1."""
    return Board(TINY_NAMES, TINY_TRAITS, TINY_ROWS)


def trait_word(board: Board | None = None) -> Word:
    """The reader of one trait of ``board`` (default: the shipped board): the trait ("glasses"), its phrase
    ("wears glasses") or its question in words ("Does your person wear glasses?"), any case."""
    board = load_board() if board is None else board
    texts = {q.traits[0]: q.text for q in question_set(board, "traits")}
    choices = {}
    for t in board.traits:
        aliases = [board.phrase(t)] + ([texts[t]] if t in texts else [])
        if t in ("earrings", "freckles"):
            aliases.append(t[:-1])                      # "earring", "freckle"
        if t == "smiling":
            aliases.append("smile")
        choices[t] = aliases
    return Word(choices, what="a trait of the board")


def _splits(sol, mine, theirs) -> dict:
    """{question: the sizes of the groups it makes of ``mine``, smallest first}, for every question that splits them
    (the idealised game's move with those sizes)."""
    return {m.question: m.sizes for m in sol.moves(mine, theirs) if m.kind == "question"}


def _words(traits) -> str:
    return ", ".join(f'"{t}"' for t in traits)


@exercise("09-two-traits-by-hand", "Four people, two traits, by hand", level=1, kind=Exact(probability=True),
          about="the first player's chance on the board of Ann, Ben, Cat and Dan",
          hint="Every question splits the four 2:2, and a guess wins 1/4. After a 2:2 question your opponent moves "
               "with all four of their suspects against your two: what is their best chance there?")
def _():
    sol = cached_board_solution(tiny_board())
    ideal = cached_solution("official", 4)
    return Answer(sol.start, wrong={
        ideal.P(4, 4): "that is the idealised game at (4, 4), where you may ask about ONE suspect. On this board no "
                       "trait picks out one person: check each question's groups.",
        Fraction(1, 4): "that is guessing at once. A question is better.",
        1 - sol.start: "that is the second player's chance.",
    })


@exercise("09-baldness-first", "What does asking about baldness first cost?", level=1, kind=Exact(),
          about=f"the cost of the first question about {E2_TRAIT!r} (best value minus its value)",
          hint="Cost = value of the best first question minus the value of this one; both are in the list of "
               "section 4.")
def _():
    sol = cached_board_solution()
    full = sol.everyone
    value = sol.value(full, full, E2_TRAIT)
    ideal = cached_solution("official", sol.board.n)
    ideal_value = ideal.value(sol.board.n, sol.board.n, _splits(sol, full, full)[sol.question(E2_TRAIT)])
    cost = sol.start - value
    wrong = {
        value: "that is the VALUE of the question; the cost is how much less it is worth than the best question.",
        ideal.P(24, 24) - value: "you subtracted from the idealised game's start value; compare with the best "
                                 "question ON THE BOARD.",
        -cost: "which way round is the cost taken? Check the order: which is worth more, the best first question or "
               "this one?",
        ideal_value: "that is the idealised column of the list; the question asks about the board. Which column "
                     "gives the values on the board?",
        ideal.P(24, 24) - ideal_value: "that is the cost in the idealised game, from the idealised column; the "
                                       "question asks about the board. Which column gives the values on the board?",
    }
    return Answer(cost, wrong={v: why for v, why in wrong.items() if v != cost})


@exercise("09-restriction-cost", "The restriction cost of a state", level=2, kind=Exact(),
          about=f"the restriction cost when your suspects are the {E3_TRAITS[0]!r} characters and your opponent's "
                f"the {E3_TRAITS[1]!r} characters",
          hint="Section 5 worked out the restriction cost of one state (you: the characters with a hat). Which two "
               "sets of characters are yours and your opponent's here, and how many are in each?")
def _():
    sol = cached_board_solution()
    mine, theirs = (frozenset(sol.board.with_trait(t)) for t in E3_TRAITS)
    ideal = cached_solution("official", sol.board.n).P(len(mine), len(theirs))
    board = sol.P(mine, theirs)
    cost = ideal - board
    hat_state = frozenset(sol.board.with_trait("hat"))            # section 5's state: you, the hat characters
    hat_cost = cached_solution("official", sol.board.n).P(len(hat_state), sol.board.n) - sol.P(hat_state, sol.everyone)
    wrong = {
        board: "that is your chance on the board; the cost is the idealised chance minus it.",
        ideal: "that is your chance in the idealised game; the cost is the difference.",
        -cost: "which way round is the restriction cost taken? Check section 5's formula: which chance comes first?",
        hat_cost: "that is the restriction cost of section 5's state (you: the characters with a hat, against all "
                  "24). Which two sets are yours and your opponent's here?",
    }
    return Answer(cost, wrong={v: why for v, why in wrong.items() if v != cost})


@exercise("09-best-question-later", "The best question later in the game", level=2, kind=trait_word(),
          about=f"a best question when your suspects are the {E4_TRAIT!r} characters and your opponent has all 24",
          hint="Section 5 listed every move at one state, best first (you: the characters with a hat). Do the same "
               "with your suspects here; several questions may tie.")
def _():
    sol = cached_board_solution()
    mine = frozenset(sol.board.with_trait(E4_TRAIT))
    best = [m.question.traits[0] for m in sol.best_questions(mine, sol.everyone) if m.kind == "question"]
    splits = _splits(sol, mine, sol.everyone)
    best_splits = {splits[sol.question(t)] for t in best}

    def explain(trait):
        q = sol.question(trait)
        if q not in splits:
            return "that question does not split your suspects: all of them give the same answer."
        if splits[q] in best_splits:
            return ("that question splits your suspects the same way as a best question, but it is worth less: "
                    "compare the values in the list of moves.")
        return "that question is worth less than the best here. Which split of your suspects does it make?"
    return Answer(*best, explain=explain)


class BoardDesign(Kind):
    """A board designed by the student: a :class:`~guesswho_lib.board.traits.Board`, or the path of a CSV file in
    the format of :func:`~guesswho_lib.board.traits.load_board`, with at most ``max_characters`` characters.

    Right when going first on it is worth more than in the idealised game with as many characters (official
    rules); the judge solves the board, so any such board is accepted."""

    def __init__(self, max_characters: int = E5_MAX_CHARACTERS):
        self.max_characters = max_characters
        self.expects = (f"your board (gw.load_board(path)) or the path of your CSV file, with at most "
                        f"{max_characters} characters")

    def read(self, answer) -> Reading:
        if isinstance(answer, Board):
            board = answer
        elif isinstance(answer, (str, os.PathLike)):
            path = os.fspath(answer)
            if len(path) > 300 or not path.strip():
                return unreadable(f"Not a path to a CSV file (you gave {shown(answer)}); give {self.expects}")
            try:
                board = load_board(path)
            except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
                return unreadable(f"Could not read a board from {shown(path)} "
                                  f"({type(e).__name__}: {shown(str(e), 80)}); give {self.expects}")
        else:
            return unreadable(f"Not a board (you gave {shown(answer)}); give {self.expects}")
        if board.n > self.max_characters:
            return unreadable(f"Your board has {board.n} characters; keep it to at most {self.max_characters}")
        if board.n < 2:
            return unreadable("A board needs at least two characters")
        twins = next(((a, b) for i, a in enumerate(board.names) for b in board.names[i + 1:]
                      if board.traits_of(a) == board.traits_of(b)), None)
        if twins:
            return unreadable(f"{twins[0]} and {twins[1]} have the same traits, so no question tells them apart: give "
                              "every character a mix of traits of their own")
        return Reading(board, shown=self.show(board))

    def show(self, board) -> str:
        return f"a board of {board.n} characters and {board.m} trait{'s' if board.m != 1 else ''}"

    def judge(self, board, rights) -> tuple[bool, str]:
        start = cached_board_solution(board).start
        ideal = cached_solution("official", board.n).P(board.n, board.n)
        if start > ideal:
            verdict = (f"On your board going first is worth {format_fraction(start)}; in the idealised game with "
                       f"{board.n} characters it is worth {format_fraction(ideal)}.")
            return True, verdict + " Your board helps the first player."
        return False, (f"On your board going first is worth no more than in the idealised game with {board.n} "
                       "characters. Not more yet.")

    def forms(self, board) -> list:
        return [board]

    def wrong_like(self, board, rights) -> list:
        return [tiny_board()]


# 09.5: the example answer, the first board found by board_that_helps_the_first_player() (6 characters, 4 traits,
# every two told apart; tests/board/test_board_lesson.py runs the search and checks that it still finds this board).
# The judge solves the student's own board, so this example only serves the tests and the teacher.
HELPING_BOARD = Board(("A", "B", "C", "D", "E", "F"), ("hat", "glasses", "beard", "earrings"),
                      ((1, 1, 0, 0), (0, 1, 0, 0), (0, 0, 1, 1), (0, 0, 1, 0), (0, 0, 0, 1), (0, 0, 0, 0)))


def board_that_helps_the_first_player(n: int = 6, traits: int = 4) -> Board:
    """The first board (in a fixed order) of ``n`` characters and ``traits`` traits, every two characters told apart
    by a trait, on which going first is worth more than in the idealised game, found by trying every set of trait
    columns; a ValueError when there is none."""
    ideal = cached_solution("official", n).P(n, n)
    names = tuple(chr(ord("A") + i) for i in range(n))
    columns = [c for c in range(1, 2 ** n - 1) if c < (2 ** n - 1) ^ c]     # one of each question and its negation
    for cols in itertools.combinations(columns, traits):
        rows = tuple(tuple(c >> i & 1 for c in cols) for i in range(n))
        if len(set(rows)) < n:
            continue                                  # two characters alike: no board of the exercise
        board = Board(names, tuple(("hat", "glasses", "beard", "earrings", "freckles")[:traits]), rows)
        if solve_board(board).start > ideal:
            return board
    raise ValueError(f"no board of {n} characters and {traits} traits helps the first player")


@exercise("09-board-for-first-player", "Design a board that helps the first player", level=3, kind=BoardDesign(),
          about="a board on which going first is worth more than in the idealised game",
          hint="Small boards do not work: a computer tried every board of five characters with up to four traits, "
               "and of six with three. Try six characters and four traits. Which player's questions should the board "
               "make awkward, and at which moment of the game?")
def _():
    return Answer(HELPING_BOARD)


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on a new board) ------------
FIVE_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")          # 09.6: the board of five of section 6
FIVE_TRAITS = ("hat", "glasses", "beard")
FIVE_ROWS = ((1, 1, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1), (0, 0, 0))
TICKET_TRAITS = ("glasses", "beard")   # 09.6: glasses first, answered no; then beard


@exercise("09-ticket-chance-of-yes", "Exit ticket: the chance of yes", level=1, kind=Exact(probability=True),
          about=f"the chance of yes to {TICKET_TRAITS[1]!r} after no to {TICKET_TRAITS[0]!r} on the board of five",
          hint="After the first answer, which people are left? Each of them is equally likely.")
def _():
    board = Board(FIVE_NAMES, FIVE_TRAITS, FIVE_ROWS)
    first, second = TICKET_TRAITS
    left = set(board.names) - set(board.with_trait(first))
    yes = Fraction(len(left & set(board.with_trait(second))), len(left))
    return Answer(yes)        # 1 - yes gets a plain "not": which answer keeps whom would give it away


@exercise("09-ticket-two-traits", "Exit ticket: two traits in one question?", level=1, kind=YesNo(),
          about="whether a question on the real board may ask about two traits at once (a hat or glasses)",
          hint="Section 1: what may a question on the real board ask about?")
def _():
    combined = any(len(q.traits) > 1 for q in question_set(load_board(), "traits"))
    return Answer("yes" if combined else "no")


# ---- the challenge (level 4, optional): a board printed with one trait fewer ---------------------------------------
# 09.8a: the trait dropped in the first step of the way in, and the trait of the opponent's suspects there (you, to
# move, still have everyone: the second player's state after the first player's question about it).
WAY_IN_TRAIT = "hat"
WAY_IN_SUSPECTS = "smiling"


def _kept(board: Board, dropped: str) -> list:
    return [t for t in board.traits if t != dropped]


def _starts_without_one_trait(board: Board) -> dict:
    """For each trait of ``board``: going first on the board without that trait (both players held to the rest)."""
    return {t: solve_board(board.sub_board(traits=_kept(board, t))).start for t in board.traits}


@exercise("09-one-trait-fewer", "A way in: one trait fewer", level=2, step=True, kind=Exact(probability=True),
          about=f"your chance on the real board without {WAY_IN_TRAIT!r}, to move with all 24 suspects against the "
                f"{WAY_IN_SUSPECTS!r} characters",
          hint="Make the list of the traits that are kept, build the smaller board with "
               "`board.sub_board(traits=kept)`, solve it as in section 6, and ask for your chance at the state as in "
               "section 5.")
def _():
    board = load_board()
    sol = solve_board(board.sub_board(traits=_kept(board, WAY_IN_TRAIT)))
    theirs = frozenset(board.with_trait(WAY_IN_SUSPECTS))
    chance = sol.P(sol.everyone, theirs)
    ideal = cached_solution("official", board.n).P(board.n, len(theirs))
    wrong = {ideal: "that is the idealised game, where any split may be asked; here both players are held to the "
                    "traits that are left.",
             1 - chance: "after the first question, whose turn is it at each state, and whose chance does each "
                          "value there give?"}
    return Answer(chance, wrong={v: why for v, why in wrong.items() if v != chance})


@exercise("09-every-trait-dropped", "A way in: every trait dropped in turn",
          level=3, step=True, kind=Exact(probability=True),
          about="the first player's highest chance on the real board with one trait removed",
          hint="Drop each trait in turn, as in 09.8a, and keep the best start. Before you trust a surprise, ask whose "
               "questions a missing trait takes away, and when in the game.")
def _():
    board = load_board()
    starts = _starts_without_one_trait(board)
    best = max(starts.values())
    full, ideal = cached_board_solution().start, cached_solution("official", board.n).P(board.n, board.n)
    wrong = {
        min(starts.values()): "that is the lowest chance over the removals; the question asks for the highest.",
        full: "that is going first on the full board: removing most traits changes nothing, but not all of them.",
        ideal: "that is the idealised game, where any split may be asked; here both players are held to the "
               "traits that are left.",
    }
    return Answer(best, wrong={v: why for v, why in wrong.items() if v != best})


class DroppedTraitDesign(Kind):
    """A board designed by the student and one of its traits, ``(board, trait)``: the board read as in 09.5
    (:class:`BoardDesign`, at most ``max_characters`` characters, every two told apart), the trait one of its own.

    Right when every two characters are still told apart without the trait and going first on the board without it
    (both players held to the other traits) is worth more than on the whole board; the judge solves both boards, so
    any such design is accepted."""

    def __init__(self, max_characters: int = E5_MAX_CHARACTERS):
        self.boards = BoardDesign(max_characters)
        self.expects = f"a pair (board, trait): {self.boards.expects}, and one of its traits"

    def read(self, answer) -> Reading:
        if not isinstance(answer, tuple) or len(answer) != 2:
            return unreadable(f"Not a pair (board, trait) (you gave {shown(answer)}); give {self.expects}")
        reading = self.boards.read(answer[0])
        if not reading.ok:
            return reading
        board, trait = reading.value, answer[1]
        if isinstance(trait, str):          # any case and spacing, as every name and trait is read (09.4)
            trait = next((t for t in board.traits if " ".join(t.casefold().split()) ==
                          " ".join(trait.strip().strip("'\"").casefold().split())), trait)
        if not isinstance(trait, str) or trait not in board.traits:
            return unreadable(f"{shown(trait)} is not a trait of your board (its traits: {_words(board.traits)}); "
                              f"give {self.expects}")
        if board.m < 2:
            return unreadable("Your board has one trait: without it no question is left. Give it more traits")
        return Reading((board, trait), shown=self.show((board, trait)))

    def show(self, design) -> str:
        board, trait = design
        return f"{self.boards.show(board)}, without {trait!r}"

    def judge(self, design, rights) -> tuple[bool, str]:
        board, trait = design
        smaller = board.sub_board(traits=_kept(board, trait))
        twins = next(((a, b) for i, a in enumerate(smaller.names) for b in smaller.names[i + 1:]
                      if smaller.traits_of(a) == smaller.traits_of(b)), None)
        if twins:
            return False, (f"Without {trait!r}, {twins[0]} and {twins[1]} have the same traits, so no question tells "
                           "them apart: the dropped trait must not be the only one that separates two characters.")
        full, less = solve_board(board).start, solve_board(smaller).start
        if less > full:
            return True, (f"On your board going first is worth {format_fraction(full)}; without {trait!r} it is "
                          f"worth {format_fraction(less)}. Dropping it helps the first player more.")
        return False, (f"Without {trait!r} going first on your board is worth no more than with it. Not more yet: "
                       "which first question does the first player not need?")

    def forms(self, design) -> list:
        return [design]

    def wrong_like(self, design, rights) -> list:
        return [(HELPING_BOARD, HELPING_BOARD.traits[0])]


# 09.8: the example answer, a board of 7 characters and 5 traits found by a random search (going first: 27/49 on it,
# 4/7 without freckles; registered as course.challenge-09). The judge solves the student's own design.
DROPPED_TRAIT_BOARD = Board(("A", "B", "C", "D", "E", "F", "G"), ("hat", "glasses", "beard", "earrings", "freckles"),
                            ((1, 0, 0, 0, 0), (0, 1, 1, 1, 1), (0, 0, 0, 1, 0), (0, 0, 1, 1, 1), (1, 0, 1, 1, 1),
                             (1, 1, 1, 1, 0), (0, 0, 1, 0, 0)))


@exercise("09-challenge-absent-trait", "Challenge: a trait that helps by its absence",
          level=4, kind=DroppedTraitDesign(),
          about="a board of at most 8 characters and a trait on it whose removal makes going first worth more",
          hint="Which first question does the first player not need? After it, which of the second player's states "
               "did the dropped trait rescue?")
def _():
    return Answer((DROPPED_TRAIT_BOARD, "freckles"))
