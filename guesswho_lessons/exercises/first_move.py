"""Exercises for lesson 04: the first-move advantage P(N, N) under the official rules and Nica's, one suspect fewer
each (the card version's 23 against the board's 24), and the fairest handicap (Nica, section 1.2; Cushing et al.,
section 2).

Every answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.any_size import P
from guesswho_lib.game.first_move import fairest_second_pool
from ..reader.answers import Exact, Whole, Word
from ..reader.framework import Answer, exercise

SMALL = 3            # 04.1: the second player's chance at (3, 3), from P(3, 3) of lesson 01
BOARD = 24           # the real game
BIGGEST_UP_TO = 60   # 04.5: the N <= this (N >= 3) where the official P(N, N) is largest


@exercise("04-second-player", "The second player at (3, 3)", level=1, kind=Exact(probability=True),
          about=f"the chance of the player who moves second at ({SMALL}, {SMALL})",
          hint=f"Lesson 01 found the first player's chance P({SMALL}, {SMALL}). Someone wins every game.")
def _():
    first = P(SMALL, SMALL)
    return Answer(1 - first, wrong={
        Fraction(1, 2): "that would make the game fair; moving first is an advantage here.",
    })


@exercise("04-how-much-more-nica", "How much more under Nica's rules?", level=1, kind=Exact(),
          about=f"P({BOARD}, {BOARD}) under Nica's rules minus P({BOARD}, {BOARD}) under the official rules",
          hint=f"Move the slider to N = {BOARD} and read the exact value under the picture, once with each rule set "
               "in the menu. Then subtract, as fractions.")
def _():
    official, nica = P(BOARD, BOARD), P(BOARD, BOARD, "nica")
    return Answer(nica - official, wrong={
        nica: "that is Nica's value alone; the question asks how much MORE it is than the official one.",
        official: "that is the official value alone; the question asks for the difference.",
    })


CARD_RANGE = (3, 40)     # 04.3: board sizes N at which one suspect fewer each helps the first player


def fewer_is_better(N: int) -> bool:
    """Whether one suspect fewer each raises the first player's chance: P(N - 1, N - 1) > P(N, N), official rules."""
    return P(N - 1, N - 1) > P(N, N)


@exercise("04-one-fewer-each", "One suspect fewer each", level=2, kind=Whole("a number of board sizes"),
          about=f"the number of N with {CARD_RANGE[0]} <= N <= {CARD_RANGE[1]} where P(N - 1, N - 1) > P(N, N) "
                "(official rules)",
          hint="A loop over N with an if inside, as in lesson 02, and a count that goes up by 1 each time one suspect "
               "fewer each is better for the first player. Compare Fractions, not rounded decimals.")
def _():
    lo, hi = CARD_RANGE
    better = sum(fewer_is_better(N) for N in range(lo, hi + 1))
    return Answer(better)


@exercise("04-fair-start", "A fair start", level=2, kind=Whole("a number of suspects for the second player"),
          about=f"the number of suspects m for the second player that makes P({BOARD}, m) closest to 1/2",
          hint=f"Try gw.P({BOARD}, m) for a few m: a smaller pool helps the second player. Which m comes closest "
               "to 1/2?")
def _():
    h = fairest_second_pool(BOARD)
    closest = [m for m in range(1, BOARD + 1) if abs(P(BOARD, m) - Fraction(1, 2)) == h.unfairness]

    def explain(m):
        if not isinstance(m, int) or not 1 <= m <= BOARD:
            return f"the second player starts with between 1 and {BOARD} suspects."
        return None
    return Answer(*closest, explain=explain)


@exercise("04-where-first-is-worth-most", "Where is moving first worth the most?",
          level=3, kind=Whole("a number of board sizes"),
          about=f"the number of N with 3 <= N <= {BIGGEST_UP_TO} at which the official P(N, N) is largest",
          hint="Loop over N and keep the largest gw.P(N, N) so far; compare Fractions, not rounded decimals. Then a "
               "second loop can count the N that reach it.")
def _():
    values = {N: P(N, N) for N in range(3, BIGGEST_UP_TO + 1)}
    best = max(values.values())
    tied = sorted(N for N, v in values.items() if v == best)
    return Answer(len(tied), praise=f"They are {', '.join(map(str, tied))}: look at which numbers they are.")


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on a new board) ------------
TICKET_AHEAD = 20         # 04.6: how far the first player is ahead at (20, 20), given P(20, 20)
TICKET_HANDICAP = 40      # 04.7: fewer or more suspects for the second player against 40


@exercise("04-ticket-how-far-ahead", "Exit ticket: how far ahead?", level=1, kind=Exact(),
          about=f"the first player's chance minus the second player's at ({TICKET_AHEAD}, {TICKET_AHEAD}), official "
                "rules",
          hint="Every game has a winner and none is drawn: what does that tell you about the two players' chances "
               "together?")
def _():
    first = P(TICKET_AHEAD, TICKET_AHEAD)
    return Answer(first - (1 - first))


@exercise("04-ticket-fewer-or-more", "Exit ticket: fewer or more?", level=1,
          kind=Word({"fewer": ["less", "smaller"], "more": ["bigger", "larger"]}, "fewer or more"),
          about=f"whether a fairer start against {TICKET_HANDICAP} suspects gives the second player fewer or more",
          hint="Who is ahead at the start? Does a smaller pool help or hurt the player who has it?")
def _():
    return Answer("fewer" if fairest_second_pool(TICKET_HANDICAP).second < TICKET_HANDICAP else "more")


# ---- the challenge: optional, beyond the stretch, for those who finish early or at home ----------------------------
MATCH_BOARD = 24          # 04.8: a match of games at (24, 24), starts alternating, won by two wins in a row


def _match(p: Fraction, alternate: bool = True) -> Fraction:
    """The chance that Ann, who starts the first game, wins a match won by the first player to win two games in a
    row, when the player who starts a game wins it with chance ``p`` and the players take turns to start
    (``alternate``), or when Ann starts every game.  After each game only who won it and who starts next matter: one
    unknown chance for each position, and the two equations between them solved by hand."""
    q = 1 - p
    if not alternate:
        won = p / (1 - p * q)         # won = p + q * lost, lost = p * won
        return p * won + q * p * won
    won = q / (1 - p * p)             # Ann won, Ben starts: won = q + p * (Ben won, Ann starts) = q + p * (p * won)
    lost = q * p / (1 - q * q)        # Ben won and starts: lost = q * (Ann won, Ann starts) = q * (p + q * lost)
    return p * won + q * lost


LONGEST_LOOP = 200       # 04.8: a loop that follows the match for at most this many games gets its explanation


def _match_within(p: Fraction, games: int) -> list[Fraction]:
    """Ann's chance of having won the match of :func:`_match` (the players taking turns to start) within its first
    1, 2, ..., ``games`` games, following it game by game: what a loop that stops there finds."""
    q, out, won = 1 - p, [], Fraction(0)
    at = {("nobody", "Ann"): Fraction(1)}   # (who won the last game, who starts the next) -> chance, match still on
    for _ in range(games):
        after: dict = {}
        for (last, starter), chance in at.items():
            other = "Ben" if starter == "Ann" else "Ann"
            for winner, w in ((starter, p), (other, q)):
                if winner == last:                              # a second win in a row ends the match
                    won += chance * w if winner == "Ann" else 0
                else:
                    after[winner, other] = after.get((winner, other), 0) + chance * w
        at = after
        out.append(won)
    return out


@exercise("04-challenge-two-in-a-row", "Challenge: two wins in a row", level=4, kind=Exact(probability=True),
          about=f"the chance that the player who starts the first game wins a match of games at ({MATCH_BOARD}, "
                f"{MATCH_BOARD}) (official rules), the players taking turns to start, won by the first to win two "
                "games in a row",
          hint="Call p the chance that the player who starts a game wins it. After each game only two things matter: "
               "who won it and who starts the next. Give Ann's chance of winning the match from each such position a "
               "name, write down how they depend on each other, and solve (or add up the geometric series of the "
               "ways the match can go).")
def _():
    p = P(MATCH_BOARD, MATCH_BOARD)
    q = 1 - p
    right = _match(p)
    wrong = {
        p: "that is the chance of winning ONE game as the player who starts it; the match goes on until someone has "
           "won two games in a row.",
        Fraction(1, 2): "that would make the match fair; work out the exact chance.",
        p * q: "that is only the quickest way for Ann to win: the first two games. The match can go on much longer.",
        p * q + p * p * p + q * q * p: "that is the chance of winning the best of three games; here the match goes "
                                       "on until someone wins two games IN A ROW.",
        _match(p, alternate=False): "that is the chance if Ann started every game; the players take turns.",
        p * q / (1 - p * p): "that counts only the matches in which Ann wins the first game; she can lose it and "
                             "still win.",
    }
    for v in _match_within(p, LONGEST_LOOP)[1:]:      # a loop that stops after 2, 3, ... games (after 1: nothing)
        wrong.setdefault(v, "very close, but a loop that follows the match game by game leaves out the longer "
                            "matches; a match can last any number of games: finish with algebra (or a geometric "
                            "series)." if 0 < right - v < Fraction(1, 1000) else
                            "that follows the match for only a few games; a match can last any number of games: "
                            "finish with algebra (or a geometric series).")
    wrong.pop(right, None)
    return Answer(right, wrong=wrong, praise="Ann is the favourite in every game she starts: is she the favourite in "
                                             "the match? Compare your answer with 1/2, and find the reason in the "
                                             "first two games.")
