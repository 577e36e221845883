"""Exercises for lesson 01: the fundamental recurrence (Cushing et al., section 2, equation (1)), and the same
recurrence for a game no rule set of the library plays: a wrong guess loses only when a coin says so (otherwise it
removes that suspect and passes the turn, as the merciful rules of Cushing et al., section 1, always do)."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.any_size import P
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import RULES, step
from ..reader.answers import Exact, Function, Tuple
from ..reader.framework import Answer, exercise


STATE_11 = (3, 4)        # 01.1: P there; its question's tree has two different branches, at (4, 1) and (4, 2)


@exercise("01-three-against-four", "Three suspects against four", level=1, kind=Exact(probability=True),
          about="P(3, 4)",
          hint="At (3, 4) you can guess, or ask about 1 of your 3 (groups 1 and 2). Draw the question's tree: after "
               "each answer your opponent moves, from (4, 1) or from (4, 2), and section 1 gives both chances.")
def _():
    n, m = STATE_11
    right = P(n, m)
    return Answer(right, wrong={
        Fraction(1, n): "that is the value of guessing; draw the tree of the question about one of your suspects.",
        1 - right: "after your question, whose turn is it at each end of the tree, and whose chance does each P "
                   "there give?",
        1 - Fraction(1, 2) * P(m, 1) - Fraction(1, 2) * P(m, n - 1):
            f"are the two answers equally likely? How many of your {n} suspects give yes?",
        1 - Fraction(1, n) * P(1, m) - Fraction(n - 1, n) * P(n - 1, m):
            "after your question your opponent moves: in the state at each end of the tree, whose suspects come "
            "first?",
    })


@exercise("01-three-by-hand", "P(3, 3) by hand", level=2, kind=Exact(probability=True), about="P(3, 3)",
          hint="At (3, 3) you can guess, or ask about 1 of your 3 (groups [1 : 2]). Work out P(3, 1), P(3, 2) first.")
def _():
    right = P(3, 3)
    return Answer(right, wrong={
        Fraction(1, 3): "that is the value of guessing at (3, 3); asking about one suspect is better.",
        1 - right: "at the ends of your tree, whose turn is it, and whose chance does each P there give?",
    })


@exercise("01-one-suspect-at-a-time", "One suspect at a time in the real game", level=2, kind=Exact(probability=True),
          about="the value of asking about one suspect at (24, 24)",
          hint="gw.recurrence.move_value(n, m, move) works at any state: which n and m, and which move (the sizes "
               "of its two groups), describe \"is it Anne?\" at the start of a real game?")
def _():
    t = cached_solution("official", 24)
    right = t.value(24, 24, (1, 23))
    return Answer(right, wrong={
        1 - right: "after your question, whose turn is it at each end of the tree, and whose chance does each P "
                   "there give?",
        t.P(24, 24): "that is the value of the BEST first question; the question here is about one suspect.",
        Fraction(1, 24): "that is the value of guessing.",
    }, praise="Compare it with 1/2: asking about one suspect at a time hands the first move's advantage away.")


N_RECURRENCE = 6         # 01.4 compares the student's function with the exact values for n, m <= this
                         # (small enough for a function without a cache: lesson 01 keeps the cache optional)
COIN = Fraction(1, 2)    # 01.4: the chance that a wrong guess still loses (a coin decides)


def coin_rules_P(n: int, m: int, lose: Fraction = COIN) -> Fraction:
    """P(n, m) when a wrong guess loses only with chance ``lose`` (a coin decides) and otherwise removes the suspect
    named and passes the turn: the fundamental recurrence (Cushing et al., equation (1)) with the guess's value
    1/n + (n - 1)/n (1 - lose) (1 - P(m, n - 1)).  ``lose = 1`` gives the official rules, ``lose = 0`` the merciful
    ones (tests/exercises/test_exercises_lessons.py checks both against the solver); no rule set of the library has
    a coin."""
    return coin_rules_table(max(n, m), lose)[n, m]


def coin_rules_table(N: int, lose: Fraction = COIN) -> dict:
    """Every value of :func:`coin_rules_P` with n, m <= N, as a dictionary {(n, m): P(n, m)}."""
    table = {}
    for total in range(2, 2 * N + 1):                      # every move lowers n + m: smallest sums first
        for a in range(max(1, total - N), min(total - 1, N) + 1):
            b = total - a
            if a == 1:
                table[a, b] = Fraction(1)
            elif b == 1:
                table[a, b] = Fraction(1, a)
            else:
                best = Fraction(1, a) + Fraction(a - 1, a) * (1 - lose) * (1 - table[b, a - 1])
                for k in range(1, a // 2 + 1):
                    best = max(best, 1 - Fraction(k, a) * table[b, k] - Fraction(a - k, a) * table[b, a - k])
                table[a, b] = best
    return table


@exercise("01-kinder-game", "The recurrence of a kinder game", level=3,
          kind=Function([(n, s - n) for s in range(2, 2 * N_RECURRENCE + 1)
                         for n in range(max(1, s - N_RECURRENCE), min(N_RECURRENCE, s - 1) + 1)],
                        Exact(probability=True), call="my_P", reference="the game's exact value"),
          about="the recurrence of the coin game as a function my_P(n, m)",
          hint="Draw the tree of a guess at (n, m): right with chance 1/n; wrong with chance (n - 1)/n, and then the "
               "coin. Which branch of the coin still leaves a game, at which state, and with whom to move? Nothing "
               "else in P_by_hand changes.")
def _():
    return Answer(coin_rules_P)


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on a new case) -------------
TICKET_ASK = (13, 6, (7, 6))  # 01.5: ask about 7 of your 13 suspects at (13, 6)
TICKET_STATE = (6, 2, 1)      # 01.6: the value of asking about 1 of your 6 suspects at (6, 2): not a best move, so
                              # the heat map above it (which lists the best moves) does not give it away


@exercise("01-ticket-chance-of-yes", "Exit ticket: the chance of yes", level=1, kind=Exact(probability=True),
          about="the chance that the answer is yes when you ask about 7 of your 13 suspects",
          hint="Your opponent's person is equally likely to be any of your 13 suspects.")
def _():
    n, m, move = TICKET_ASK
    yes = next(p for p, state in step(n, m, move, RULES["official"]) if state == (m, move[0]))
    return Answer(yes, wrong={1 - yes: "which group is the answer yes for: the 7 you asked about, or the others?"})


@exercise("01-ticket-one-tree", "Exit ticket: one question, one tree", level=1, kind=Exact(probability=True),
          about=f"the value of asking about {TICKET_STATE[2]} of your {TICKET_STATE[0]} suspects at "
                f"{TICKET_STATE[:2]}",
          hint="Draw the tree: how likely is each answer, how many suspects does it leave you, and from which state "
               "does your opponent move next? Lesson 00 gives their chances.")
def _():
    n, m, k = TICKET_STATE
    right = cached_solution("official", max(n, m)).value(n, m, (k, n - k))
    yes, no = Fraction(k, n), Fraction(n - k, n)
    return Answer(right, wrong={
        1 - right: "after your question, whose turn is it at each end of the tree, and whose chance does each P "
                   "there give?",
        P(n, m): f"that is P{(n, m)}, your chance with a best move there; the exercise asks for the value of one "
                 f"question, about {k} of your {n} suspects. Draw its tree: after each answer, who moves next, and "
                 "from which state?",
        yes: "that is the chance of yes; what happens after it? Draw the whole tree, the no branch too.",
        1 - Fraction(1, 2) * P(m, k) - Fraction(1, 2) * P(m, n - k):
            f"are the two answers equally likely? How many of your {n} suspects give yes?",
        1 - yes * P(m, n - k) - no * P(m, k):
            f"which answer leaves you {k} suspect{'s' * (k != 1)}, and how likely is that answer?",
        1 - yes * P(k, m) - no * P(n - k, m):
            "your chance of winning needs the whole tree: after your question your opponent moves, so in the state "
            "at each end of the tree, whose suspects come first?",
    })


# ---- the challenge (optional, beyond the stretch): one spare wrong guess each, a state that must say more ---------
SPARE_START = (24, 24)   # 01.7: the first player's chances there, with a spare each and with the first's only


def spare_rules_P(n: int, m: int, mine: bool = True, theirs: bool = True) -> Fraction:
    """P(n, m) when each player's first wrong guess is forgiven: it removes the suspect named and passes the turn,
    as the merciful rules of Cushing et al., section 1, always do; a second wrong guess loses, as every wrong guess
    does under the official rules.  ``mine`` and ``theirs``: whether the mover and the opponent still hold their
    spare.  The fundamental recurrence (Cushing et al., equation (1)) on the state (n, m, mine, theirs): a spare
    guess passes the turn to (m, n - 1) with the opponent's spare still in play and the mover's gone.  Without
    spares it is the official game; with a spare each, no rule set of the library plays it
    (tests/exercises/test_exercises_lessons.py checks both)."""
    return _spare_game(n, m, bool(mine), bool(theirs))


@exercise("01-challenge-spare-guess", "Challenge: a spare guess each", level=4,
          kind=Tuple(Exact(probability=True), Exact(probability=True),
                     what="a pair of exact chances, as a list [both, first] of Fractions"),
          about=f"the pair of the first player's chances at {SPARE_START} when each player's first wrong guess is "
                "forgiven: with a spare each, and with a spare for the first player only",
          hint="The state (n, m) no longer says everything: what else must your function know, on each side? Draw "
               "the tree of a guess with a spare and without one, and take care whose spare is whose when the turn "
               "passes.")
def _():
    n, m = SPARE_START
    both, first_only = spare_rules_P(n, m), spare_rules_P(n, m, True, False)
    first = {k: 1 - Fraction(k, n) * spare_rules_P(m, k) - Fraction(n - k, n) * spare_rules_P(m, n - k)
             for k in range(1, n // 2 + 1)}
    best = [str(k) for k, v in first.items() if v == both]
    best = ", ".join(best[:-1]) + " or " + best[-1] if len(best) > 1 else best[0]
    official, merciful = P(n, m), P(n, m, "merciful")
    firsts = {
        official: f"your first chance is P{SPARE_START} of the official game, where no wrong guess is forgiven: does "
                  "your function ever use a spare, and does the spare pass to the right player?",
        merciful: "your first chance is the merciful game's, where every wrong guess is forgiven; here only each "
                  "player's first one is.",
        1 - both: "in your function, whose turn is it at each state your recursive calls reach, and is the value you "
                   "kept the chance of the player to move at (24, 24)?",
        spare_after_guess_kept(n, m): "after a forgiven guess it is your opponent who moves, still holding their "
                                      "spare, and yours is gone: check the order of the spares in that call.",
    }

    def explain(pair):
        a, b = pair
        if a in firsts:
            return firsts[a]
        if b == spare_question_unswapped(n, m):
            return (f"your second chance is P{SPARE_START} of the official game, as if the first player's spare "
                    "made no difference. After a question it is your opponent who moves: whose spare is whose in "
                    "the calls of a question's branches?")
        if a > b:        # any such pair: taking the second player's spare away can only help the first player
            return ("your first chance (a spare each) is bigger than your second (the first player's spare only). "
                    "Which of the two games should favour the first player, and which of your chances is which?")
        return None
    return Answer((both, first_only), explain=explain,
                  praise=f"With a spare each, the best first questions ask about {best} of the {n} suspects: compare "
                         "them with the official game's.")


def _spare_game(n: int, m: int, mine: bool, theirs: bool, *, swap_after_guess: bool = True,
                swap_after_question: bool = True) -> Fraction:
    """The game of 01.7 (:func:`spare_rules_P`), or, written with one of two tempting slips, its tempting wrong
    answers: the spares not swapped after a forgiven guess, or not after a question."""
    memo: dict = {}

    def p(a: int, b: int, x: bool, y: bool) -> Fraction:
        if (a, b, x, y) not in memo:
            if a == 1:
                memo[a, b, x, y] = Fraction(1)
            else:
                after = p(b, a - 1, y, False) if swap_after_guess else p(b, a - 1, False, y)
                guess = Fraction(1, a) + (Fraction(a - 1, a) * (1 - after) if x else 0)
                spares = (y, x) if swap_after_question else (x, y)
                memo[a, b, x, y] = max([guess] + [1 - Fraction(k, a) * p(b, k, *spares) - Fraction(a - k, a)
                                                  * p(b, a - k, *spares) for k in range(1, a // 2 + 1)])
        return memo[a, b, x, y]
    return p(n, m, mine, theirs)


def spare_after_guess_kept(n: int, m: int) -> Fraction:
    """01.7 with a spare each, the spares not swapped after a forgiven guess (a tempting slip)."""
    return _spare_game(n, m, True, True, swap_after_guess=False, swap_after_question=True)


def spare_question_unswapped(n: int, m: int) -> Fraction:
    """01.7 with the first player's spare only, the spares not swapped after a question (a tempting slip, right
    whenever both players or neither hold a spare)."""
    return _spare_game(n, m, True, False, swap_after_guess=True, swap_after_question=False)
