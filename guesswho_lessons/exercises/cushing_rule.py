"""Exercises for lesson 02: the (4, 4) exception and Theorem 2.1 (Cushing et al., sections 1-2)."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.solver import cached_solution
from guesswho_lib.papers.cushing import n_less
from guesswho_lib.rules import format_percent
from ..reader.answers import Exact, SetOf, Tuple, Whole, YesNo
from ..reader.framework import Answer, exercise
from .recurrence import coin_rules_table


def states_not_n_less(N: int) -> set:
    """States 3 <= n <= N, 2 <= m <= N where asking about n_< suspects is not optimal, from the exact solver
    (Theorem 2.1 is stated for n >= 3: with two suspects the only question is 1:1)."""
    t = cached_solution("official", N)
    return {(n, m) for n in range(3, N + 1) for m in range(2, N + 1)
            if t.value(n, m, (n_less(n), n - n_less(n))) != t.P(n, m)}


def halving_not_optimal(N: int) -> set:
    """States 2 <= n, m <= N where the even split (n // 2, n - n // 2) is not optimal, from the exact solver."""
    t = cached_solution("official", N)
    return {(n, m) for n in range(2, N + 1) for m in range(2, N + 1)
            if t.value(n, m, (n // 2, n - n // 2)) != t.P(n, m)}


@exercise("02-halving", "Halving at (4, 4)", level=1, kind=Exact(probability=True),
          about="your chance when you split [2 : 2] at (4, 4)",
          hint="Ask about 2 of your 4: your opponent moves from (4, 2) either way. What is P(4, 2)?")
def _():
    t = cached_solution("official", 4)
    right = t.value(4, 4, (2, 2))
    return Answer(right, wrong={
        t.P(4, 4): "that is not the value of the split [2 : 2]: is it the value of the question the exercise names, "
                   "or of another?",
        1 - right: "after your [2 : 2] question, whose turn is it at (4, 2), and whose chance does P(4, 2) give?",
    })


@exercise("02-one-of-four", "Asking about one of four at (4, 4)", level=1, kind=Exact(probability=True),
          about="your chance when you ask about one suspect, [1 : 3], at (4, 4)",
          hint="With chance 1/4 your opponent moves from (4, 1); with chance 3/4 from (4, 3). "
               "P(4, 1) = 1/4; P(4, 3) is one row below lesson 01's table: work it out as you did P(3, 3), or read "
               "it in lesson 01's heat map explorer (or use gw.P(4, 3)).")
def _():
    t = cached_solution("official", 4)
    right = t.value(4, 4, (1, 3))
    return Answer(right, wrong={
        1 - right: "after your [1 : 3] question, whose turn is it at (4, 1) and (4, 3), and whose chances do the P "
                   "there give?",
        t.value(4, 4, (2, 2)): "that is the value of the even split [2 : 2] (exercise 02.1); this is [1 : 3].",
        Fraction(1, 4): "that is the value of guessing.",
    })


N_BIG = 2026              # 02.3


@exercise("02-big-board-group", "n_< for a big board", level=1, kind=Whole("a number of suspects"),
          about=f"n_< for n = {N_BIG}",
          hint="Work out each of the two terms of the formula for n_< separately: what is n // 4 here, and (n + 1) // "
               "4?")
def _():
    right = n_less(N_BIG)
    return Answer(right, wrong={
        N_BIG // 4: "that is only the first of the two terms of the formula.",
        N_BIG: "that is every suspect: the rule asks about a group of about half.",
    })


EXCEPTIONS_UP_TO = 40     # 02.4 asks for every exception with 3 <= n <= this, 2 <= m <= this

# The way into 02.4, in three checked steps: the value of the n_< question at one state, one row searched with
# one loop, then a small table searched with a loop in a loop (02.4 is the same search on a bigger table).
STEP_STATE = (9, 5)       # 02.4a
STEP_ROW = 6              # 02.4b: the row n = 6, 2 <= m <= EXCEPTIONS_UP_TO
STEP_BOX = 8              # 02.4c: 3 <= n <= 8, 2 <= m <= 8


@exercise("02-rule-at-one-state", "A way in: the rule's question at one state",
          level=2, step=True, kind=Exact(probability=True),
          about=f"your chance at {STEP_STATE} when you ask about n_< suspects",
          hint="Two steps: first n_< for n = 9 (n_less(9), or the printed table), then the solver's value of asking "
               "about that many of your 9 suspects: the group sizes are k and 9 - k.")
def _():
    n, m = STEP_STATE
    t = cached_solution("official", n)
    k = n_less(n)
    right = t.value(n, m, (k, n - k))
    wrong = {1 - right: "after your question, whose turn is it at each end of the tree, and whose chance does "
                        "each P there "
                          "give?",
             Fraction(1, n): "that is the value of guessing."}
    for j in range(1, n):
        if j not in (k, n - k):
            suspects = f"{j} suspect{'s' * (j > 1)}"
            wrong.setdefault(t.value(n, m, (j, n - j)), f"that is the value of asking about {suspects}, not n_<.")
    return Answer(right, wrong=wrong)


@exercise("02-one-row-one-loop", "A way in: one row, one loop", level=2, step=True,
          kind=SetOf(Whole(), what="a set of whole numbers m"),
          about=f"the set of m with 2 <= m <= {EXCEPTIONS_UP_TO} where asking about n_< suspects is not optimal at "
                f"n = {STEP_ROW}",
          hint="One loop over m. At each m, compare the value of the n_< question with the best value P(6, m), and "
               "add m to your set when they differ.")
def _():
    row = frozenset(m for n, m in states_not_n_less(EXCEPTIONS_UP_TO) if n == STEP_ROW)

    def explain(got):
        if any(not 2 <= m <= EXCEPTIONS_UP_TO for m in got):
            return f"every m must be between 2 and {EXCEPTIONS_UP_TO}."
        return ("at least one of your m is one where n_< IS optimal." if got - row else
                "at least one m is missing.")
    return Answer(row, explain=explain)


@exercise("02-loop-in-a-loop", "A way in: a small table, a loop in a loop", level=2, step=True,
          kind=SetOf(Tuple(Whole(), Whole(), what="a board state (n, m)"), what="a set of board states (n, m)"),
          about=f"the set of states with 3 <= n <= {STEP_BOX} and 2 <= m <= {STEP_BOX} where n_< is not optimal",
          hint="Your loop of step 02.4b goes inside a loop over n. Then n_< depends on n, so work it out inside the "
               "outer loop; collect pairs (n, m) in the set.")
def _():
    return _exceptions_answer(STEP_BOX)


@exercise("02-every-exception", "Find every exception", level=2,
          kind=SetOf(Tuple(Whole(), Whole(), what="a board state (n, m)"), what="a set of board states (n, m)"),
          about=f"the set of states with 3 <= n <= {EXCEPTIONS_UP_TO} and 2 <= m <= {EXCEPTIONS_UP_TO} where n_< is "
                "not optimal",
          hint="Start from the loop that found the states where the mover is behind (section 4): change its ranges, "
               "and change its test to 'the value of asking about n_< suspects is not the best value'.")
def _():
    return _exceptions_answer(EXCEPTIONS_UP_TO)


def _exceptions_answer(N: int) -> Answer:
    """The states 3 <= n <= N, 2 <= m <= N where n_< is not optimal (02.4, and its step 02.4c at a smaller N), with
    what to say about a wrong set: a state outside the table, one where n_< is optimal, or one missing."""
    right = frozenset(states_not_n_less(N))

    def explain(got):
        parts = []
        outside = sorted(s for s in got if not (3 <= s[0] <= N and 2 <= s[1] <= N))
        if outside:
            parts.append(f"{outside[0]} is outside 3 <= n <= {N}, 2 <= m <= {N}")
        extra = sorted(s for s in got - right if s not in outside)
        if extra:
            parts.append(f"at {extra[0]} asking about n_< suspects IS optimal")
        if right - got:
            parts.append("at least one state is missing")
        return "; ".join(parts) + "."
    return Answer(right, explain=explain)


HALVING_UP_TO = 30        # 02.5


@exercise("02-even-split-wrong", "How often is the even split wrong?", level=3, kind=Whole("a number of board states"),
          about=f"the number of states with 2 <= n, m <= {HALVING_UP_TO} where the even split is not optimal",
          hint="A loop in a loop as for exercise 02.4, but instead of a set keep a count: a name that starts at 0 and "
               "goes up by 1 at every state where the even split is worth less than the best move.")
def _():
    wrong_states = halving_not_optimal(HALVING_UP_TO)
    total = (HALVING_UP_TO - 1) ** 2
    two_mod_four = sum(1 for n, m in wrong_states if n % 4 == 2)
    return Answer(len(wrong_states), wrong={
        total - len(wrong_states): "that is the number of states where the even split IS optimal.",
        len(states_not_n_less(HALVING_UP_TO)): "that is the number of exceptions to Theorem 2.1 in this range; "
                                               "the question is about the even split n // 2.",
    }, praise=f"About {format_percent(Fraction(len(wrong_states), total))} of the {total} states; {two_mod_four} of "
              "them have n = 2, 6, 10, ... (n = 2 mod 4), where n_< is one less than n // 2 and the even split gives "
              "the opponent a better position.")


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on a new case) -------------
TICKET_GROUP = 11         # 02.6: the rule n_< the other way round: which board makes it ask about this many?


def boards_with_group(k: int) -> list:
    """Every n >= 3 at which the rule asks about k suspects (n_< = k): n_< never falls as n grows, and n_< >= n // 2 - 1
    (so no n beyond 2k + 3 reaches k)."""
    return [n for n in range(3, 2 * k + 4) if n_less(n) == k]


@exercise("02-ticket-which-board", "Exit ticket: the board behind the rule's group",
          level=1, kind=Whole("a number of suspects"),
          about=f"the number of suspects n at which the rule n_< asks about {TICKET_GROUP} of them",
          hint="n_< is about half of n. Try a value of n, work out both floors, ⌊n/4⌋ and ⌊(n + 1)/4⌋, and change n "
               "until their total is the group the question names.")
def _():
    right = boards_with_group(TICKET_GROUP)

    def explain(n):
        if n < 3:
            return "the rule is for boards of 3 suspects or more."
        return (f"work out both floors for your n, ⌊n/4⌋ and ⌊(n + 1)/4⌋: is their total {TICKET_GROUP}? The rule's "
                "group is about half of n, not always exactly half.")
    return Answer(*right, wrong={
        TICKET_GROUP: "that is the size of the group the rule asks about; the question asks how many suspects the "
                      "player has.",
        n_less(TICKET_GROUP): f"that is what the rule asks about on a board of {TICKET_GROUP}; here the group is "
                              f"{TICKET_GROUP} and the board is unknown: which n gives it?"}, explain=explain)


@exercise("02-ticket-halving-always-best", "Exit ticket: is halving always a best question?", level=1, kind=YesNo(),
          about="whether the even split is a best question at every state (official rules)",
          hint="Think back to the tree diagrams of section 3.")
def _():
    return Answer("no" if halving_not_optimal(8) else "yes",
                  wrong={"yes": "section 3 found a state where the even split is not a best question."})


# ---- the challenge: optional, beyond the stretch (for those who finish early, or at home) ---------------------------
COIN_UP_TO = 20           # 02.8: states 3 <= n <= this, 2 <= m <= this of the coin game of exercise 01.4


def coin_game_not_n_less(N: int, *, group=n_less, first_m: int = 2, official_question: bool = False) -> set:
    """States 3 <= n <= N, 2 <= m <= N of the coin game of exercise 01.4 (a wrong guess loses only on heads; on tails
    it removes the suspect named and passes the turn) where asking about n_< suspects is not a best move, that is,
    worth less than the coin game's P(n, m): Theorem 2.1's question, tried on a game whose guess is worth more.
    The keywords give the tempting slips of 02.8: another ``group`` (n // 2, the even split of 02.5), m counted from
    ``first_m``, or the question valued with the official P (``official_question``) but compared with the coin
    game's."""
    P = coin_rules_table(N)
    Q = P
    if official_question:
        t = cached_solution("official", N)
        Q = {(a, b): t.P(a, b) for a in range(1, N + 1) for b in range(1, N + 1)}
    return {(n, m) for n in range(3, N + 1) for m in range(first_m, N + 1)
            if 1 - Fraction(group(n), n) * Q[m, group(n)] - Fraction(n - group(n), n) * Q[m, n - group(n)] != P[n, m]}


@exercise("02-challenge-coin-game", "Challenge: Theorem 2.1 in the coin game",
          level=4, kind=Whole("a number of board states"),
          about=f"the number of states with 3 <= n <= {COIN_UP_TO} and 2 <= m <= {COIN_UP_TO} of the coin game of "
                "exercise 01.4 where asking about n_< suspects is not a best move (worth less than the coin game's "
                "P(n, m))",
          hint="No rule set of the library plays the coin game: start from your function my_P of exercise 01.4. Then "
               "count as in exercise 02.5.")
def _():
    right = len(coin_game_not_n_less(COIN_UP_TO))
    wrong = {len(states_not_n_less(COIN_UP_TO)): "that is the number of exceptions under the official rules, where a "
                                                 "wrong guess always loses; here a coin decides.",
             (COIN_UP_TO - 2) * (COIN_UP_TO - 1) - right: "that is the number of states where n_< IS a best move.",
             len(coin_game_not_n_less(COIN_UP_TO, group=lambda n: n // 2)):
                 "that counts the states where the even split n // 2 of exercise 02.5 is not a best move; this "
                 "question is about the group of n_< suspects.",
             len(coin_game_not_n_less(COIN_UP_TO, first_m=1)):
                 "your count includes the states with m = 1; the table starts at m = 2.",
             len(coin_game_not_n_less(COIN_UP_TO, official_question=True)):
                 "your question is valued with the library's P, the official game's, but compared with the coin "
                 "game's P(n, m): value it with your my_P too."}
    return Answer(right, wrong={v: why for v, why in wrong.items() if abs(v - right) > 1},
                  praise="Theorem 2.1 is a theorem about the official rules: give a wrong guess a second chance and "
                         "its question stops being best at many more states.")
