"""Exercises for lesson 03: bold plays under Nica's race-to-one rules (Nica, sections 1.1, 2, Theorem 1.1)."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import format_percent, split_A
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import evaluate
from guesswho_lib.papers.nica import region
from ..reader.answers import Exact, Move, Whole, Word
from ..reader.framework import NEIGHBOURS, Answer, exercise

REGIONS = Word({"in the weeds": ["weeds", "the weeds", "in weeds"],
                "upper hand": ["the upper hand", "has the upper hand", "have the upper hand"]},
               what="a region")


@exercise("03-nica-by-hand", "P(3, 2) under Nica's rules, by hand", level=1, kind=Exact(probability=True),
          about="P(3, 2) under Nica's rules",
          hint="The only question splits 3 into [1 : 2]. With one suspect left you win at once; "
               "what happens if your opponent gets to move from (2, 2)?")
def _():
    t = cached_solution("nica", 3)
    return Answer(t.P(3, 2), wrong={
        1 - t.P(3, 2): "after your question, whose turn is it, and whose chance does P(3, 2) give?",
        Fraction(1, 2): "there is no guessing in Nica's game: follow the two answers to your [1 : 2] question.",
        cached_solution("official", 3).P(3, 3): "that is P(3, 3) under the official rules; here the rules are Nica's.",
    })


REGION_STATE = (20, 6)       # 03.2


@exercise("03-weeds-or-upper-hand", "In the weeds or the upper hand?", level=1, kind=REGIONS,
          about=f"the region of {REGION_STATE}",
          hint="Find k with 2^k < m <= 2^(k+1). You are in the weeds when n > 2^(k+1).")
def _():
    right, k = region(*REGION_STATE)
    return Answer(right, praise=f"At level k = {k}: 2^{k} < 6 <= 2^{k + 1} and 20 > 2^{k + 1}. "
                                "You are far behind: time for a bold bid.")


BID_STATE = (40, 9)          # 03.3; the lesson's worked example is (40, 5)
HALVING_STATE = (16, 9)      # 03.4; an upper-hand state the lesson does not show


@exercise("03-bold-bid", "The bold bid at (40, 9)", level=2, kind=Move(BID_STATE[0], "nica"),
          about=f"the best bid at {BID_STATE}",
          hint="In the weeds at level k the bid is 2^k, where 2^k < m <= 2^(k+1). It depends only on m!")
def _():
    n, m = BID_STATE
    t = cached_solution("nica", n)

    def explain(move):
        if move == (n // 2, n - n // 2):
            return f"that is halving, the safe play. From {BID_STATE} a bolder bid does better."
        return "that bid wins less than the best bid."
    return Answer(*t.optimal_moves(n, m), explain=explain)


@exercise("03-halving-against-perfect", "Halving against a perfect opponent", level=2, kind=Exact(probability=True),
          about=f"the chance of a player who always halves, from {HALVING_STATE}",
          hint="Two strategies play: which one moves first, from which state, and under which rules? The simulation "
               "of section 2 names both strategies; gw.evaluate takes the same things and follows every branch.")
def _():
    n, m = HALVING_STATE
    right = evaluate(halving, optimal("nica"), n, m, "nica")
    t = cached_solution("nica", n)
    once = t.value(n, m, (n // 2, n - n // 2))       # halve once, then play optimally
    wrong = {once: "that is halving once and then playing optimally; the question is about halving at every turn."}
    wrong[t.P(n, m)] = (f"that is what OPTIMAL play gets from {HALVING_STATE}"
                        + (" (its first question halves, as Theorem 1.1 says, but then it plays optimally)"
                           if once == t.P(n, m) else "") + ". The question is about halving at every turn.")
    return Answer(right, wrong=wrong,
                  praise=f"{HALVING_STATE} is in the upper hand, yet always halving does worse than optimal play "
                         "there: after the first question you may land in the weeds, where only the bold bid keeps "
                         "your chances.")


def halving_not_optimal(N: int = 64) -> set:
    """States 2 <= n, m <= N where halving is not optimal under Nica's rules: the value of the split
    (n // 2, n - n // 2), n*m - A(m, n // 2) - A(m, n - n // 2) (``split_A``), is below A(n, m)."""
    A = cached_solution("nica", N).A
    return {(n, m) for n in range(2, N + 1) for m in range(2, N + 1)
            if split_A(A, n, m, (n // 2, n - n // 2)) != A[n, m]}


# The way into 03.5, in three checked steps: the value of halving at one state, one row counted with one loop, then
# a small table counted with a loop in a loop (03.5 is the same count on a bigger table).
STEP_STATE = (24, 5)      # 03.5a
STEP_ROW = 40             # 03.5b: the row n = 40, 2 <= m <= 64
STEP_BOX = 20             # 03.5c: 2 <= n, m <= 20


@exercise("03-halving-at-one-state", "A way in: halving at one state", level=2, step=True, kind=Exact(probability=True),
          about=f"the value of halving at {STEP_STATE} under Nica's rules (halve now, then play perfectly)",
          hint="Halving 24 asks about a group of 12, leaving 12 either way; the solver's value of a move takes the "
               "state and the two group sizes.")
def _():
    n, m = STEP_STATE
    t = cached_solution("nica", n)
    right = t.value(n, m, (n // 2, n - n // 2))
    return Answer(right, wrong={
        t.P(n, m): f"that is the BEST value at {STEP_STATE}, of the bold bid; the question is about halving.",
        1 - right: "after you halve, whose turn is it at each end of the tree, and whose chance does each P "
                   "there give?",
    })


def _halving_count(cells, words: str) -> Answer:
    """The number of states among ``cells`` where halving is not optimal (Nica's rules), with the count of the others
    as a tempting wrong value (unless it is next to the answer: then the feedback may not explain it)."""
    cells = list(cells)
    right = len(halving_not_optimal(max(max(c) for c in cells)) & set(cells))
    others = len(cells) - right
    return Answer(right, wrong={} if abs(others - right) <= NEIGHBOURS else {
        others: f"that is the number of {words} where halving IS optimal."})


@exercise("03-one-row-one-loop", "A way in: one row, one loop",
          level=2, step=True, kind=Whole("a number of board states"),
          about=f"the number of m with 2 <= m <= 64 where halving is not optimal at n = {STEP_ROW}",
          hint="One loop over m, and a count that starts at 0 and goes up by 1 at every m where the value of halving "
               "is below the best value.")
def _():
    return _halving_count(((STEP_ROW, m) for m in range(2, 65)), "m")


@exercise("03-loop-in-a-loop", "A way in: a small table, a loop in a loop",
          level=2, step=True, kind=Whole("a number of board states"),
          about=f"the number of states with 2 <= n, m <= {STEP_BOX} where halving is not optimal under Nica's rules",
          hint="Your loop of step 03.5b goes inside a loop over n; the count starts at 0 once, before both loops.")
def _():
    return _halving_count(((n, m) for n in range(2, STEP_BOX + 1) for m in range(2, STEP_BOX + 1)), "states")


@exercise("03-halving-wrong", "How often is halving wrong?", level=3, kind=Whole("a number of board states"),
          about="the number of states with 2 <= n, m <= 64 where halving is not optimal under Nica's rules",
          hint="Lesson 02 counted the states where a question is not a best move with a loop in a loop and a count; "
               "do the same here, with the table of Nica's rules and the halving question.")
def _():
    wrong_states = halving_not_optimal(64)
    weeds = sum(1 for n in range(2, 65) for m in range(2, 65) if region(n, m)[0] == "in the weeds")
    in_weeds = sum(1 for n, m in wrong_states if region(n, m)[0] == "in the weeds")
    return Answer(len(wrong_states), wrong={
        weeds: "that is the number of states in the weeds; at a few of them halving happens to be optimal too "
               "(when 2^k = floor(n/2)).",
    }, praise=f"About {format_percent(Fraction(len(wrong_states), 63 ** 2))} of the {63 * 63} states; "
              + ("all of them are" if in_weeds == len(wrong_states) else f"{in_weeds} of them are")
              + " in the weeds, where the bold bid beats halving.")


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on new states) -------------
TICKET_REGION = (12, 10)  # 03.6
TICKET_BID = (30, 3)      # 03.7


@exercise("03-ticket-region", "Exit ticket: which region?",
          level=1, kind=REGIONS, about=f"the region of {TICKET_REGION}",
          hint="Find k with 2^k < m <= 2^(k+1), then compare n with 2^(k+1).")
def _():
    return Answer(region(*TICKET_REGION)[0])


@exercise("03-ticket-best-bid", "Exit ticket: the best bid", level=1, kind=Move(TICKET_BID[0], "nica"),
          about=f"the best bid at {TICKET_BID}",
          hint="Which region is it in? In the weeds the bid depends only on m.")
def _():
    n, m = TICKET_BID
    return Answer(*cached_solution("nica", n).optimal_moves(n, m), explain=lambda move: (
        "that is halving, the safe play: is it the best play here?" if move == (n // 2, n - n // 2) else
        "that bid wins less than the best bid."))


# ---- the challenge: optional, beyond the stretch (for those who finish early, or at home) ---------------------------
JOKER_STATE = (40, 5)     # 03.8: the lesson's worked example, with one bold bid allowed in the whole game


def one_bold_bid(n: int, m: int, first: int | None = None, at_turn: int | None = None) -> Fraction:
    """Your chance at (n, m) under Nica's rules when you must halve (bid n // 2) at every turn but one, where you may
    bid anything, and your opponent, who knows this, plays to beat you: the recurrence of Nica's game (a group of one
    wins at once) on states (n, m, free bid unused), your moves restricted and the opponent's free.  With ``first``,
    your first bid is that one (the free bid spent on it, unless it is the halving bid).  With ``at_turn``, the free
    bid may be spent only at your turn of that number (1 is your first), fixed before the game whatever happens."""
    memo: dict = {}                           # this call's values only: freed with it

    def remembered(f):
        def g(*args):
            if (f.__name__, *args) not in memo:
                memo[(f.__name__, *args)] = f(*args)
            return memo[(f.__name__, *args)]
        return g

    def after(a, b, bid, reply):              # the mover's chance after bidding ``bid`` at (a, b)
        return sum((Fraction(g, a) * (1 if g == 1 else 1 - reply(b, g)) for g in (bid, a - bid)), Fraction(0))

    def mine_after(a, b, bid, unused, turn):
        still = unused and bid == a // 2
        return after(a, b, bid, lambda x, y: theirs(x, y, still, turn + 1))

    @remembered
    def mine(a, b, unused, turn):
        if a == 1 or b == 1:
            return Fraction(int(a == 1))
        free = unused and at_turn in (None, turn)
        return max(mine_after(a, b, bid, unused, turn) for bid in (range(1, a // 2 + 1) if free else (a // 2,)))

    @remembered
    def theirs(a, b, unused, turn):           # ``turn``: the number of your next turn (counted only for ``at_turn``)
        if a == 1 or b == 1:
            return Fraction(int(a == 1))
        return max(after(a, b, bid, lambda x, y: mine(x, y, unused, turn)) for bid in range(1, a // 2 + 1))
    return mine(n, m, True, 1) if first is None else mine_after(n, m, first, True, 1)


@exercise("03-challenge-one-bold-bid", "Challenge: only one bold bid", level=4, kind=Exact(probability=True),
          about=f"your best chance from {JOKER_STATE} under Nica's rules when you must halve at every turn but one",
          hint="Nobody has written this game for you: write its recurrence. A state now needs a third part, whether "
               "your one free bid is still unused, and the two players are no longer alike (you are held to halving, "
               "your opponent is not): think of one function for each. When is the best moment to spend the bid?")
def _():
    n, m = JOKER_STATE
    right = one_bold_bid(n, m)
    t = cached_solution("nica", n)
    wrong = {t.P(n, m): "that is perfect play, free to bid boldly at every turn; you have only one free bid.",
             Fraction(0): "that is halving at every turn: you may break the rule once.",
             t.value(n, m, (n // 2, n - n // 2)): "that is halving once and then playing perfectly; here it is the "
                                                  "other way round: halving everywhere but once.",
             1 - right: "whose turn is it at each state your tree reaches, and whose chance does each P there "
                        "give?"}
    third = one_bold_bid(n, m, at_turn=3)      # the free bid kept for your third turn, whatever happens
    for b in range(1, n // 2):
        at_once = one_bold_bid(n, m, first=b)
        wrong.setdefault(at_once, "that is spending the free bid at once (it is also what keeping it for your third "
                                  "turn, whatever happens, is worth): is there a better moment?" if at_once == third
                         else "that is a bold bid at once, then halving: is the first turn the best moment for it?")
    wrong.setdefault(third, "that is keeping the free bid for your third turn, whatever happens: is there a better "
                            "moment?")
    wrong.pop(right, None)
    return Answer(right, wrong=wrong,
                  praise="Spend the bold bid later: halve first, keep the bid, and use it once you see how the race "
                         "stands.")
