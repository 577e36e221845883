"""Exercises for lesson 06: a gentle paradox question (Cushing et al., section 1 and its footnote; section 3).

Every right answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.caches import bounded_lru_cache
from guesswho_lib.rules import GUESS, format_move
from guesswho_lib.rules.moves import legal_moves, step, win_chance
from guesswho_lib.rules.records import get_rules
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.walk import best_response_value
from guesswho_lib.game.strategies import optimal
from guesswho_lib.board.paradox import EXPLODES, answer_groups, suspect_names
from ..reader.answers import Exact, Move, SetOf, Tuple, Whole, Word
from ..reader.framework import Answer, exercise

E1_BOARD = suspect_names(6)                      # 06.1: Ada, Bram, Chidi, Dara, Elif, Farid
E1_X, E1_Y = E1_BOARD[:3], E1_BOARD[2:5]         # X = {Ada, Bram, Chidi}, Y = {Chidi, Dara, Elif}
E2_STATE = (3, 7)                                # 06.2
E3_STATE = (7, 7)                                # 06.3
E4_RANGE = (2, 30)                               # 06.4


def _gains(up_to: int) -> dict:
    """P with paradox questions minus P without, for every board 1 <= n, m <= up_to."""
    tri, off = cached_solution("tripartite", up_to), cached_solution("official", up_to)
    return {(n, m): tri.P(n, m) - off.P(n, m) for n in range(1, up_to + 1) for m in range(1, up_to + 1)}


@exercise("06-whose-head-explodes", "Whose head explodes?", level=1,
          kind=SetOf(Word(E1_BOARD, what="a name"), what=f"a list of names from {', '.join(E1_BOARD)}"),
          about="the set of mystery persons for whom the opponent's head explodes",
          hint="Go through the six people one by one: is the first part (in X) true? If not, is the person in Y?")
def _():
    groups = answer_groups(E1_BOARD, E1_X, E1_Y)
    right = frozenset(groups[EXPLODES])

    def explain(got):
        in_x = sorted(got & set(groups["yes"]))
        if in_x:
            return (f"{', '.join(in_x)} {'is' if len(in_x) == 1 else 'are'} in X: the first part is true, so the "
                    "answer is yes.")
        neither = sorted(got & set(groups["no"]))
        if neither:
            return f"for {', '.join(neither)} both parts are false: the answer is a plain no."
        return "some people are missing." if got < right else None
    return Answer(right, explain=explain)


@exercise("06-three-against-seven", "Three suspects against seven", level=1, kind=Exact(probability=True),
          about=f"your chance at {E2_STATE} with paradox questions allowed",
          hint="Section 3: a 1:1:1 paradox question tells you who it is. What can your opponent do then?")
def _():
    n, m = E2_STATE
    tri, off = cached_solution("tripartite", max(n, m)), cached_solution("official", max(n, m))
    return Answer(tri.P(n, m), wrong={
        off.P(n, m): "that is the value with ordinary questions only. With a third answer you can do better.",
        Fraction(1, n): "that is what guessing now gives. A paradox question is better.",
        Fraction(1, m): "after your paradox question, whose turn is it? Draw the tree to its ends and mark who has "
                        "won at each.",
    })


@exercise("06-best-question", "The best question at (7, 7)",
          level=2, kind=Move(E3_STATE[0], "tripartite", decisions=False),
          about=f"a best question at {E3_STATE} with paradox questions allowed",
          hint="In the widget, set n = 7 and m = 7 and look for the ringed square; read off the three group sizes.")
def _():
    n, m = E3_STATE
    t = cached_solution("tripartite", max(n, m))

    def explain(move):
        return f"another question wins more than {'a guess' if move is GUESS else format_move(move)}."
    return Answer(*t.optimal_moves(n, m), explain=explain)


@exercise("06-where-a-third-answer-helps", "Where does a third answer help the first player most?",
          level=3, kind=Whole("a board size N"),
          about=f"the largest N from {E4_RANGE[0]} to {E4_RANGE[1]} where paradox questions raise P(N, N) most",
          hint="The gain at (N, N) is the chance with paradox questions minus the chance without, each read from its "
               "own solved table. A loop over N can keep the largest gain seen so far, and its N.")
def _():
    lo, hi = E4_RANGE
    gains = _gains(hi)
    values = {N: gains[N, N] for N in range(lo, hi + 1)}
    best = max(values.values())
    tied = [N for N, g in values.items() if g == best]
    return Answer(max(tied), wrong={N: "at that N the gain is as large as anywhere, and a larger N ties with it: the "
                                       "question asks for the largest." for N in tied[:-1]},
                  explain=lambda N: f"N must be between {lo} and {hi}." if N not in values else
                  "at that N the gain is smaller than somewhere else.")


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on new states) -------------
TICKET_BOARD = suspect_names(9)                          # 06.5: nine suspects, Ada to Ines
TICKET_X, TICKET_Y = TICKET_BOARD[:2], TICKET_BOARD[1:5]  # X = {Ada, Bram}, Y = {Bram, Chidi, Dara, Elif}
TICKET_STATE = (15, 2)     # 06.6: better or worse off? Two suspects cannot be split three ways: on paper, the third
#                            answer is the mover's alone, and three groups beat two


@exercise("06-ticket-three-groups", "Exit ticket: the three groups", level=1,
          kind=Tuple(Whole(), Whole(), Whole(), what="the three sizes in the order (yes, head explodes, no)"),
          about=f"the triple of sizes (yes, head explodes, no) of the three groups of the paradox question with "
                f"X = {{{', '.join(TICKET_X)}}} and Y = {{{', '.join(TICKET_Y)}}}",
          hint="X gives yes; a person in Y but not in X makes the head explode; everybody else gives no.")
def _():
    groups = answer_groups(TICKET_BOARD, TICKET_X, TICKET_Y)
    right = tuple(len(groups[answer]) for answer in ("yes", EXPLODES, "no"))

    def explain(sizes):
        if sum(sizes) != len(TICKET_BOARD):
            return f"each of the {len(TICKET_BOARD)} suspects is in exactly one group: where is each of them?"
        return ("go through the suspects one by one, in the order asked (yes, head explodes, no): is the person in "
                "X? If not, in Y?")
    return Answer(right, explain=explain)


@exercise("06-ticket-better-or-worse", "Exit ticket: better or worse off?", level=1,
          kind=Word({"better": ["better off"], "worse": ["worse off"], "the same": ["same"]},
                    "better, worse or the same"),
          about=f"whether the player to move at {TICKET_STATE} is better off, worse off or the same with paradox "
                "questions allowed",
          hint=f"Whatever you ask, your opponent then has {TICKET_STATE[1]} suspects: can they use a third answer? "
               "Then draw the tree of your best question with two groups and of your best with three: after each "
               "answer, what does your opponent do, and what is left for you?")
def _():
    n, m = TICKET_STATE
    gain = cached_solution("tripartite", n).P(n, m) - cached_solution("official", n).P(n, m)
    right = "better" if gain > 0 else "worse" if gain < 0 else "the same"
    back = ("draw the tree of your best question with two groups and of your best with three: after each answer, "
            "what does your opponent do, and what is left for you?")
    why = {"worse": f"where a third answer hurt the player to move, it was the opponent who used it. Can your "
                    f"opponent, with {m} suspects, split them into three groups? Then {back}",
           "the same": f"is your best question with three groups worth no more than your best with two? Then {back}",
           "better": f"is your best question with three groups worth more than your best with two? Then {back}"}
    return Answer(right, wrong={word: text for word, text in why.items() if word != right})


# ---- the challenge (level 4, optional): only one player may ask paradox questions -----------------------------------
CHALLENGE_STATE = (8, 4)                                 # 06.7: you with paradox questions, your opponent without


@bounded_lru_cache(20_000, "exercises.paradox: the game in which one player may ask paradox questions")
def _only_you(n: int, m: int, mover: str, other: str) -> Fraction:
    """The chance of the player to move at (n, m), who plays by the rules ``mover`` while the opponent plays by
    ``other``: the fundamental recurrence (Cushing et al., equation (1)) with the rule set swapping at each turn."""
    rules = get_rules(mover)
    return max(win_chance(step(n, m, move, rules), lambda state: _only_you(*state, other, mover))
               for move in legal_moves(n, rules))


@exercise("06-challenge-third-answer-alone", "Challenge: a third answer for you alone",
          level=4, kind=Exact(probability=True),
          about=f"your chance at {CHALLENGE_STATE} when only you may ask paradox questions",
          hint="Start from lesson 01's P_by_hand. One table is not enough any more: the moves allowed depend on whose "
               "turn it is. What must your program know that P_by_hand did not? Check it by hand at (3, 3), on your "
               "turn and on your opponent's.")
def _():
    n, m = CHALLENGE_STATE
    tri, off = cached_solution("tripartite", n), cached_solution("official", n)
    paradox = get_rules("tripartite")
    once = max(win_chance(step(n, m, move, paradox), lambda state: off.P(*state)) for move in legal_moves(n, paradox))
    halving = win_chance(step(n, m, (n // 2, n - n // 2), paradox),
                         lambda state: _only_you(*state, "official", "tripartite"))
    fixed = best_response_value(optimal("official"), n, m, "tripartite", you_first=True)
    they_first = 1 - _only_you(m, n, "official", "tripartite")
    swapped = _only_you(n, m, "official", "tripartite")
    wrong = {
        off.P(n, m): "that is the chance when nobody may ask paradox questions; here you may.",
        tri.P(n, m): "that is the chance when both players may ask paradox questions; here your opponent may not.",
        once: "that is your chance if you may ask a paradox question now but never again; you may on every turn.",
        fixed: "that is what you would win if your opponent kept playing as in the ordinary game. They know you have "
               "the third answer, and play their best against it.",
        swapped: "that is your chance if the paradox questions were your opponent's instead of yours. Check which "
                 "of your functions splits into three groups.",
        they_first: "that is your chance if your opponent moves first; it is your turn.",
        Fraction(1, n): "that is what guessing now gives. A question is better."}
    if they_first == swapped:
        wrong[swapped] = ("that is your chance if your opponent moves first, and also if the paradox questions were "
                          "theirs instead of yours. Check which of your functions splits into three groups.")
    wrong[halving] = ("that is what several good-looking first questions give (halving among them)"
                      + (", and also your chance if you could ask a paradox question now but never again"
                         if once == halving else "")
                      + ". One first question does better: is every split into three groups in your loop?")
    if off.P(n, m) == tri.P(n, m):
        wrong[off.P(n, m)] = ("that is the chance when both players may ask paradox questions, and also when "
                              "neither may; here only you may.")
    return Answer(_only_you(n, m, "tripartite", "official"), wrong=wrong)
