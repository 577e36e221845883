"""Exercises for lesson 08: playing against the computer, what a move costs, skill and luck.

Every right answer is computed with the library when the exercise is first checked: the exact solver, the exact
evaluator :func:`guesswho_lib.game.walk.evaluate` and the best reply to a fixed strategy
:func:`guesswho_lib.game.walk.best_response_value`.  (The statistics of simulation, with their exercises, are in
the extension lesson x5: :mod:`.statistics`.)
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.rules import GUESS, format_fraction
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import best_response_value, evaluate
from ..reader.answers import Exact, Kind, Move, Reading
from ..reader.framework import Answer, exercise
from ..reader.reading import shown, unreadable

__all__ = ["Strategy"]

E1_STATE, E1_MOVE = (4, 4), (2, 2)      # 08.1: the cost of halving at (4, 4) (Theorem 2.1's exception)
E2_STATE = (6, 4)                       # 08.2: a best move at (6, 4), another exception
E3_STATE = (14, 14)                     # 08.3: what always halving costs, moving first against gw.strategies.optimal
E4_STATE = (16, 9)                      # 08.4: halving moves first from here; you reply
E4_MARGIN = Fraction(1, 6)              # 08.4: beat perfect play's reply by at least this much


class Strategy(Kind):
    """A strategy, a function (n, m) -> move, for the player who moves second against ``opponent`` from
    ``state``: right when its exact chance (:func:`evaluate`) is at least ``target``.  The exercise's function
    returns the best reply's value (:func:`best_response_value`), which shows that the target can be reached."""

    takes_function = True

    def __init__(self, opponent, state, target, rules="official"):
        self.opponent, self.state, self.target, self.rules = opponent, state, Fraction(target), rules
        self.expects = "your strategy itself, a function (n, m) -> move, e.g. check(..., my_strategy)"

    def read(self, answer) -> Reading:
        if not callable(answer) or isinstance(answer, type):
            return unreadable(f"Not a function (you gave {shown(answer)}); give {self.expects}")
        return Reading(answer, shown=getattr(answer, "__name__", "your strategy"))

    def canonical(self, value):
        return value                      # the right "answer" is the best reply's value, compared in judge

    def value(self, strategy):
        n, m = self.state
        return 1 - evaluate(self.opponent, strategy, n, m, self.rules)

    def judge(self, strategy, rights) -> tuple[bool, str]:
        if rights[0] < self.target:
            raise ArithmeticError("the target of this exercise cannot be reached: no strategy does that well")
        try:
            got = self.value(strategy)
        except Exception as e:
            return False, f"Your strategy failed ({type(e).__name__}: {shown(str(e), 80)})."
        n, m = self.state
        how = f"1 - gw.evaluate(gw.strategies.halving, {getattr(strategy, '__name__', 'my_strategy')}, {n}, {m})"
        if got >= self.target:
            return True, (f"Your strategy reaches the target of {format_fraction(self.target)}: {how} is its exact "
                          "chance against halving (gw.evaluate gives the chance of the first strategy named).")
        return False, (f"Your strategy wins less than the target of {format_fraction(self.target)} against halving "
                       f"(work out its exact chance with {how}).")

    def forms(self, v) -> list:
        return []

    def equal(self, a, b) -> bool:
        return a is b


@exercise("08-halving-cost", "What does halving cost at (4, 4)?", level=1, kind=Exact(),
          about="the cost of the move 2:2 at (4, 4)",
          hint="Cost = P(4, 4) minus the value of 2:2. Lesson 02 gives both; or use t.P and t.value.")
def _():
    n, m = E1_STATE
    t = cached_solution("official", max(E1_STATE))
    cost = t.P(n, m) - t.value(n, m, E1_MOVE)
    return Answer(cost, wrong={
        t.value(n, m, E1_MOVE): "that is the value of the move 2:2; the cost is how much less it is worth than "
                                "the best move.",
    })


@exercise("08-best-move", "A best move at (6, 4)", level=1, kind=Move(E2_STATE[0]), about="a best move at (6, 4)",
          hint="Run the exercise's cell: it prints every move at (6, 4) with its value, your chance if you make "
               "that move. Which value is the largest?")
def _():
    n, m = E2_STATE
    t = cached_solution("official", max(E2_STATE))

    def explain(move):
        return f"another move is worth more at {E2_STATE}: this one has a cost."
    return Answer(*t.optimal_moves(n, m), explain=explain)


@exercise("08-always-halving-cost", "What does always halving cost?", level=2, kind=Exact(),
          about="how much less always halving wins than perfect play, moving first from (14, 14) against the library's "
                "perfect player gw.strategies.optimal",
          hint="Perfect play against perfect play from (14, 14) is worth P(14, 14). Section 4 shows how to find the "
               "exact chance of halving against gw.strategies.optimal; the cost is the difference.")
def _():
    n, m = E3_STATE
    halving_wins = evaluate(halving, optimal("official"), n, m)
    best = cached_solution("official", max(E3_STATE)).P(n, m)
    return Answer(best - halving_wins, wrong={
        halving_wins: "that is halving's chance itself; the cost is how much less it is than perfect play's.",
    })


def _perfect_reply_value() -> Fraction:
    """What perfect play wins, moving second against halving from the state of 08.4."""
    n, m = E4_STATE
    return 1 - evaluate(halving, optimal("official"), n, m)


@exercise("08-beat-perfect-play", "Beat perfect play against halving", level=3,
          kind=Strategy(halving, E4_STATE, _perfect_reply_value() + E4_MARGIN),
          about=f"a reply to halving from {E4_STATE} that wins at least "
                f"{format_fraction(_perfect_reply_value() + E4_MARGIN)}",
          hint="Perfect play assumes its opponent plays perfectly too, so it guards against dangers halving never "
               "creates. What does halving do when you are down to one suspect, and what does it never do? Play "
               "a few games against it in the widget of section 2 (computer: halving).")
def _():
    n, m = E4_STATE
    return Answer(best_response_value(halving, n, m, "official"))


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on new states) -------------
TICKET_STATE = (5, 5)          # 08.5: the cost of a guess at (5, 5), P(5, 5) given in the question
TICKET_LUCK = ((5, 5), (1, 4))  # 08.6: the luck of "no" to 1:4 at (5, 5), given the luck of "yes"


@exercise("08-ticket-guess-cost", "Exit ticket: what does a guess cost at (5, 5)?", level=1, kind=Exact(),
          about=f"the cost of a guess at {TICKET_STATE}",
          hint="Cost = P(n, m) minus the value of the move; a guess among n suspects is right with chance 1/n.")
def _():
    n, m = TICKET_STATE
    t = cached_solution("official", max(TICKET_STATE))
    best, guess = t.P(n, m), t.value(n, m, GUESS)
    return Answer(best - guess, wrong={
        guess: "that is the value of the guess; the cost is how much less it is worth than the best move.",
        best: f"that is P{TICKET_STATE}, the value of the best move; the cost is what the guess gives away.",
        1 - best: f"that is 1 − P{TICKET_STATE}, the opponent's chance; the cost is P{TICKET_STATE} minus the value of "
                  "the guess.",
        1 - guess: "that is the chance the guess is wrong, not what it costs.",
    })


@exercise("08-ticket-luck-on-average", "Exit ticket: luck on average", level=1, kind=Exact(),
          about=f"the luck of the answer no to {TICKET_LUCK[1][0]}:{TICKET_LUCK[1][1]} at {TICKET_LUCK[0]}",
          hint="Section 3: what is the luck of an answer on average, each answer weighted by its chance?")
def _():
    (n, m), (yes, no) = TICKET_LUCK
    t = cached_solution("official", max(n, m))
    value = t.value(n, m, (yes, no))
    luck_yes, luck_no = 1 - t.P(m, yes) - value, 1 - t.P(m, no) - value
    p_yes, p_no = Fraction(yes, n), Fraction(no, n)
    return Answer(luck_no, wrong={
        -p_no * luck_yes / p_yes: f"the weights are swapped: yes is the answer for {yes} of the {n} suspects, no for "
                                  f"the other {no}; check which weight goes with which answer.",
        -p_yes * luck_yes: "that is the yes term alone (the chance of yes times the luck of yes) with its sign "
                           "changed; the no term, the chance of no times the luck of no, must cancel the yes term.",
        -luck_yes: "on average the lucks of the answers cancel: is each answer's luck counted equally there, or "
                   "weighted by its chance?",
        0: "zero is the luck on average, over both answers; the luck of one answer is not zero.",
    })


# ---- the challenge (level 4, optional): what each player gives away when both always halve -------------------------
CHALLENGE_STATE = (11, 11)    # 08.7: halving against halving, 11 suspects each


def _expected_costs(first, second, n, m, rules="official"):
    """The expected total cost of each player's moves, (first's, second's), when strategy ``first`` moves first
    from (n, m) against ``second``: the cost of a move is P minus its value (lesson 08, section 1), averaged over
    the answers along the game tree (the recurrence of Cushing et al., section 1)."""
    t = cached_solution(rules, max(n, m))
    memo: dict = {}

    def costs(n, m, mover, other):       # (the mover's, the other's) expected costs from here on
        key = (n, m, mover, other)
        if key not in memo:
            move = mover(n, m)
            paid = t.P(n, m) - t.value(n, m, move)
            if move is GUESS:
                memo[key] = (paid, Fraction(0))
            else:
                after = [(Fraction(k, n), costs(m, k, other, mover)) for k in move]
                memo[key] = (paid + sum(p * c[1] for p, c in after), sum(p * c[0] for p, c in after))
        return memo[key]
    return costs(n, m, first, second)


@exercise("08-challenge-halving-against-halving", "Challenge: what does halving give away against halving?",
          level=4, kind=Exact(),
          about=f"the first player's expected total cost when both players always halve from {CHALLENGE_STATE}",
          hint="Averaged over all games, the identity of section 3 gives only the difference between the two "
               "players' costs. Think of the tree of lesson 01: from a state, what does each player still expect "
               "to pay?")
def _():
    n, m = CHALLENGE_STATE
    mine, theirs = _expected_costs(halving, halving, n, m)
    t = cached_solution("official", max(n, m))
    first_move_cost = t.P(n, m) - t.value(n, m, halving(n, m))
    against_perfect = t.P(n, m) - evaluate(halving, optimal("official"), n, m)
    wrong = {
        theirs: "that is what the second player gives away; the question asks about the first player, who moves "
                "first.",
        mine - theirs: "that is the difference of the two players' expected costs (the identity of section 3, "
                       "averaged): you need the first player's alone.",
        theirs - mine: "that is the difference of the two players' expected costs (the identity of section 3, "
                       "averaged): you need the first player's alone.",
        evaluate(halving, halving, n, m): "that is the first player's chance of winning, not what their moves cost.",
        against_perfect: "that is what halving gives away against gw.strategies.optimal (section 4's way); against "
                         "halving the game goes through other states, where halving's moves can cost something.",
        mine + theirs: "that is both players' costs together: after each answer the roles swap; whose costs does "
                       "the question ask for?",
    }
    if first_move_cost == 0:
        wrong.setdefault(first_move_cost, "halving's first move costs nothing here, but some later moves do.")
    return Answer(mine, wrong={v: why for v, why in wrong.items() if v != mine})
