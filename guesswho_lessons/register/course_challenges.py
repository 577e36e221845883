"""The worked solutions of four core lessons' challenges under the official rules (lesson 00: P(n, 2) for every n;
01: a spare wrong guess each; 04: a match won by two wins in a row; 08: the cost of always halving), each anchored to
the sentences of the lesson, of its worked solution and of its part of the guide that state it, and checked by a
computation of its own (the exercises' code is in a layer above).  Lesson 02's challenge, on the coin game, is with
the coin game in :mod:`.course_official`; the other lessons' challenges with their subjects."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import evaluate
from guesswho_lib.rules import GUESS, RULES, step, win_chance
from .anchors import in_guide, in_lesson, in_solution
from .facts import P, holds, value
from guesswho_lib.claims.registry import Register

register = Register(__name__)

l00, l01, l04, l08 = (in_lesson(x) for x in ("00", "01", "04", "08"))
s00, s01, s04, s08 = (in_solution(x) for x in ("00", "01", "04", "08"))
g00, g01, g04, g08 = (in_guide(x) for x in ("00", "01", "04", "08"))
F = Fraction


def _upto(N: int, cap: int = 200) -> int:
    return min(N, cap)


def spare_game(mine: bool, theirs: bool, guess_swaps: bool = True, question_swaps: bool = True):
    """P of the game of exercise 01.7 from the state (n, m), as a function (n, m) -> Fraction, written again here
    (the exercise's own code is in a layer above): each player's first wrong guess is forgiven (it removes the suspect
    named and passes the turn), a second one loses; ``mine``, ``theirs``: who holds a spare at the start.
    ``guess_swaps=False`` or ``question_swaps=False``: the slip of not swapping the spares when the turn passes after
    a forgiven guess, or after a question (the exercise's tempting wrong answers)."""
    memo: dict = {}

    def p(a, b, x, y):                      # the mover holds a spare when x, the opponent when y
        if (a, b, x, y) not in memo:
            after = (y, False) if guess_swaps else (False, y)
            spares = (y, x) if question_swaps else (x, y)
            values = [F(1, a) + (F(a - 1, a) * (1 - p(b, a - 1, *after)) if x else 0)] if a > 1 else [F(1)]
            values += [1 - F(k, a) * p(b, k, *spares) - F(a - k, a) * p(b, a - k, *spares)
                       for k in range(1, a // 2 + 1)]
            memo[a, b, x, y] = max(values)
        return memo[a, b, x, y]
    return lambda n, m: p(n, m, mine, theirs)


@register.statement(
    "course.challenge-01", "The game where each player's first wrong guess is forgiven (it removes the suspect "
    "named and passes the turn; a second one loses): without spares it is the official game (P equal at every state "
    "n, m <= 30), P(n, 1) = 1/n still; with a spare each the first player's chance at (24, 24) is 85/144, more than "
    "the official 5/9, and its best first questions ask about 8, 10 or 11 suspects, not 12; with a spare for the "
    "first player only it is 13/18. Not swapping the spares in a question's branches gives the same values whenever "
    "both or neither hold a spare, but 5/9 with the first player's spare only; not swapping them after a forgiven "
    "guess gives 91/144 with a spare each.",
    s01("P(1, m) = 1 as before, and at (n, 1) a forgiven guess still leaves your opponent to name your person, so "
        "P(n, 1) = 1/n."),
    s01("With no spares the function is the official recurrence; with a spare each, the first player's chance at "
        "(24, 24) is 85/144, more than the official 5/9, and the best first questions ask about 8, 10 or 11 "
        "suspects, no longer 12."),
    s01("With a spare for the first player only, it is 13/18: the answer is [85/144, 13/18]."),
    s01("Two slips give tempting values: not swapping the spares in a question's branches (right whenever both "
        "players or neither hold a spare) gives 5/9 for the second chance, and not swapping them after a forgiven "
        "guess gives 91/144 for the first."),
    g01("The second chance catches a function that forgets to swap the spares after a question, which is right "
        "whenever both players or neither hold one."))
def _(N):
    n_max = _upto(N, 30)
    none, each = spare_game(False, False), spare_game(True, True)
    small = range(1, n_max + 1)
    slip = {(x, x): spare_game(x, x, question_swaps=False) for x in (False, True)}
    right = {(x, x): spare_game(x, x) for x in (False, True)}     # one memo each, shared by every state
    alike = all(slip[x, x](n, m) == right[x, x](n, m) for x in (False, True) for n in small for m in small)
    slips = (alike and spare_game(True, False)(24, 24) == F(13, 18)
             and spare_game(True, False, question_swaps=False)(24, 24) == F(5, 9)
             and spare_game(True, True, guess_swaps=False)(24, 24) == F(91, 144))
    official = all(none(n, m) == P(n, m) for n in range(1, n_max + 1) for m in range(1, n_max + 1))
    one_left = all(each(n, 1) == F(1, n) for n in range(1, n_max + 1))
    first = {k: 1 - F(k, 24) * each(24, k) - F(24 - k, 24) * each(24, 24 - k) for k in range(1, 13)}
    best_k = [k for k, v in first.items() if v == max(first.values())]
    return holds(official and one_left and slips
                 and each(24, 24) == max(first.values()) == F(85, 144) > P(24, 24) == F(5, 9)
                 and best_k == [8, 10, 11], f"n, m <= {n_max}, and (24, 24)", f"best first questions {best_k}")


@register.statement(
    "course.challenge-00", "Against two suspects: P(2, g) = 1 - 1/g for g >= 2 (a question about one suspect, at "
    "least a guess's 1/2) and P(2, 1) = 1/2; at (n, 2) every question with at least 2 suspects in each group is worth "
    "2/n, the question about one suspect 3/(2n) and a guess 1/n, so P(n, 2) = 2/n for n >= 4 (1/2 at n = 2 and 3); "
    "the largest n with P(n, 2) >= 1/10 is 20, where it is exactly 1/10, and the largest n where asking about one "
    "suspect gives at least 1/10 is 15 (a guess alone: 10), so 00.6's pair is (20, 15). "
    "Proven by the algebra of the worked solution; checked here against the solver's value of every move.",
    s00("**00.6.** Your opponent at (2, g) with g ≥ 2: asking \"is it X?\" leaves you at (g, 1), where you must "
        "guess, so they win 1 − 1/g, at least their 1/2 for a guess; at (2, 1) they win 1/2."),
    s00("At (n, 2) a question with groups g and n − g, both of at least 2, is worth"),
    s00("1 − (g/n)(1 − 1/g) − ((n − g)/n)(1 − 1/(n − g)) = 1 − (g − 1)/n − (n − g − 1)/n = 2/n,"),
    s00("the same for every such g."),
    s00("A group of one is different: on its branch your opponent is at (2, 1) and still wins 1/2, so the question is "
        "worth 1 − (1/n)(1/2) − (n − 2)/n = 3/(2n), less than 2/n, and a guess is worth 1/n."),
    s00("So for n ≥ 4 every question with at least 2 in each group is best, and P(n, 2) = 2/n (at n = 2 and 3 it is "
        "1/2)."),
    s00("Then 2/n ≥ 1/10 exactly when n ≤ 20: a = 20, where the chance is exactly 1/10."),
    s00("Asking about one suspect keeps 1/10 while 3/(2n) ≥ 1/10, that is up to n = 15: b = 15, and the pair is "
        "(20, 15)."),
    s00("A guess alone keeps 1/10 only up to n = 10: the answer reader recognises it in either place, and a pair "
        "with a smaller than b."),
    g00("to notice that the group's size drops out when both groups hold at least two suspects (a group of one is "
        "worse), and to finish with two inequalities: the answer is a pair, the last n for the best move and the last "
        "n for asking about one suspect."), status="proven")
def _(N):
    n_max = _upto(N)
    t = cached_solution("official", n_max)
    tenth = F(1, 10)
    opponent = t.P(2, 1) == F(1, 2) and all(t.P(2, g) == 1 - F(1, g) == t.value(2, g, (1, 1)) >= F(1, 2)
                                            for g in range(2, n_max + 1))

    def at(n):                       # every move at (n, 2): the formula of the worked solution
        return (t.value(n, 2, GUESS) == F(1, n) and t.value(n, 2, (1, n - 1)) == F(3, 2 * n)
                and all(t.value(n, 2, (g, n - g)) == F(2, n) for g in range(2, n // 2 + 1)) and t.P(n, 2) == F(2, n))
    largest = [n for n in range(2, n_max + 1) if t.P(n, 2) >= tenth][-1]
    small = t.P(2, 2) == t.P(3, 2) == F(1, 2)
    off = [n for n in range(4, n_max + 1) if not at(n)]
    return holds(opponent and small and not off and largest == 20
                 and t.P(20, 2) == tenth and [n for n in range(2, n_max + 1) if F(1, n) >= tenth][-1] == 10
                 and t.value(3, 2, (1, 2)) == F(3, 6)
                 and [n for n in range(3, n_max + 1) if t.value(n, 2, (1, n - 1)) >= tenth][-1] == 15
                 == [n for n in range(3, n_max + 1) if F(3, 2 * n) >= tenth][-1],
                 f"every move at (n, 2) and (2, g), n, g <= {n_max}",
                 f"the formula fails at (n, 2) for n = {off[0]}" if off else f"largest n {largest}")


def _match_by_states(p: Fraction, games: int) -> tuple[Fraction, Fraction, Fraction]:
    """A match won by two wins in a row, the starts alternating, Ann starting game 1 and the starter of a game winning
    it with chance ``p``, followed game by game: (Ann's chance of the match by then, Ben's, the chance it goes on)."""
    going = {(None, "Ann"): Fraction(1)}         # (who won the last game, who starts the next) -> chance
    won = {"Ann": Fraction(0), "Ben": Fraction(0)}
    for _ in range(games):
        after: dict = {}
        for (last, starter), chance in going.items():
            other = "Ben" if starter == "Ann" else "Ann"
            for winner, c in ((starter, p), (other, 1 - p)):
                if winner == last:
                    won[winner] += chance * c
                else:
                    after[(winner, other)] = after.get((winner, other), 0) + chance * c
        going = after
    return won["Ann"], won["Ben"], sum(going.values(), Fraction(0))


@register.statement(
    "course.challenge-04", "Official rules, a match of games from (24, 24), the players taking turns to start, won by "
    "the first to win two games in a row: with p = P(24, 24) = 5/9, the player who starts the first game wins it with "
    "chance p/(1 + p) + q^2/(1 + q) = 809/1638 (q = 1 - p), less than 1/2.",
    l04("Ann is the favourite in every game she starts."),
    s04("**04.8 (challenge).** Let p = P(24, 24) = 5/9 be the chance that whoever starts a game wins it, and q = 1 − p "
        "= 4/9."),
    s04("After a game only two things matter: who won it, and who starts the next."),
    s04("From u, Ann wins at once with chance q; otherwise Ben has won a game he started, Ann starts the next, and Ann "
        "gets back to u by winning it (chance p): u = q + p · p · u, so u = q/(1 − p²) = 1/(1 + p)."),
    s04("From v, Ann must win the next game (chance q), and then she starts the next: she wins the match at once with "
        "chance p, or Ben gets back to v: v = q(p + q · v), so v = pq/(1 − q²) = q/(1 + q)."),
    s04("Ann starts the first game, so her chance is p · u + q · v = p/(1 + p) + q²/(1 + q) = 5/14 + 16/117 = "
        "809/1638 ≈ 0.494:"),
    s04("**less than 1/2**, although Ann wins 5/9 of the games she starts."), status="proven")
def _(N):
    """Independently of the worked solution's equations: the match followed game by game, exactly, brackets Ann's
    chance (what she has won by game 80, and that plus the chance the match is still going), and the bracket closes on
    809/1638; the two-game return of each position (u = q + p²u, v = q(p + qv)) is the solution's own algebra,
    recomputed."""
    p = P(24, 24)
    q = 1 - p
    ann, ben, going = _match_by_states(p, 80)
    right = F(809, 1638)
    u, v = q / (1 - p * p), p * q / (1 - q * q)
    return holds(p == F(5, 9) and ann <= right <= ann + going and going < F(1, 10 ** 12) and ann + ben + going == 1
                 and u == 1 / (1 + p) and v == q / (1 + q) and p * u + q * v == right
                 and (p / (1 + p), q * q / (1 + q)) == (F(5, 14), F(16, 117)) and right < F(1, 2)
                 and round(float(right), 3) == 0.494, "the match followed for 80 games, exactly")


def halving_cost_range(n: int, m: int) -> tuple[Fraction, Fraction]:
    """What always halving, moving first from (n, m), gives away (P(n, m) minus its exact chance) against a perfect
    player, at least and at most over every perfect player: one that plays a best move at every state, choosing
    freely among the best moves where several tie.  Each end is a walk of the game tree in which the perfect player
    picks, among its best moves only, the one worst (or best) for halving (Cushing et al., equation (1))."""
    t = cached_solution("official", max(n, m))
    rules = RULES["official"]

    def halving_chance(pick):
        memo: dict = {}

        def chance(a, b, halving_moves):     # halving's chance at (a, b), the mover holding a suspects
            key = (a, b, halving_moves)
            if key not in memo:
                if halving_moves:
                    outs = step(a, b, halving(a, b), rules)
                    memo[key] = win_chance(outs, lambda s: 1 - chance(*s, False))
                else:
                    memo[key] = pick(1 - win_chance(step(a, b, mv, rules), lambda s: chance(*s, True))
                                     for mv in t.optimal_moves(a, b))
            return memo[key]
        return chance(n, m, True)
    return P(n, m) - halving_chance(max), P(n, m) - halving_chance(min)


def _paid_along_the_tree(first, second, n, m):
    """Every state each player moves from, with the chance of reaching it, walking the game tree path by path: the
    first player's and the second player's expected total cost (P minus the value of the move), and the part of each
    paid at a state where the opponent has one suspect left."""
    t = cached_solution("official", max(n, m))
    paid = {0: F(0), 1: F(0)}
    at_one = {0: F(0), 1: F(0)}
    stack = [(F(1), n, m, 0)]
    while stack:
        reach, a, b, who = stack.pop()
        move = (first, second)[who](a, b)
        cost = reach * (t.P(a, b) - t.value(a, b, move))
        paid[who] += cost
        at_one[who] += cost if b == 1 else 0
        if move is not GUESS:
            stack += [(reach * F(k, a), b, k, 1 - who) for k in move]
    return paid, at_one


@register.statement(
    "course.challenge-08", "When both players always halve from (11, 11) (official rules) the first player's moves "
    "cost 15/121 on average and the second player's 38/121, all of it at states where the opponent has one "
    "suspect left; the identity averaged gives only their difference (the first player's chance 91/121 = 68/121 - "
    "15/121 + 38/121); halving against gw.strategies.optimal from (11, 11) gives away 5/121 (against other perfect "
    "players, choosing otherwise among tied best moves, from 3/121 to 15/121).",
    s08("Averaged over all games, the identity of section 3 gives only the difference of the two players' costs: "
        "luck is zero on average, so (the first player's chance) − P(11, 11) = −(the first player's expected cost) + "
        "(the second player's)."),
    s08("The first player pays $\\frac{15}{121}$ on average, the second $\\frac{38}{121}$, and the identity checks: "
        "the first player's chance is $\\frac{68}{121} - \\frac{15}{121} + \\frac{38}{121} = \\frac{91}{121}$."),
    s08("All of it is paid where the opponent is down to one suspect: halving asks instead of guessing, the weakness "
        "of 08.4."),
    s08("Against `gw.strategies.optimal`, halving gives away $\\frac5{121}$ (another choice among equally good best "
        "moves gives anywhere from $\\frac3{121}$ to $\\frac{15}{121}$: the cost of a strategy depends on its "
        "opponent)."),
    s08("With one suspect left halving names it: a best move, and the game is over."),
    g08("It asks them to see that the identity of section 3, averaged over all games, gives only the difference of the "
        "two players' costs"),
    g08("both players always halve from (11, 11), and the student finds what the first player's moves give away on "
        "average."))
def _(N):
    paid, at_one = _paid_along_the_tree(halving, halving, 11, 11)
    chance = evaluate(halving, halving, 11, 11)
    names = all(value(1, m, GUESS) == P(1, m) == 1 for m in range(1, 12))
    return holds(paid == {0: F(15, 121), 1: F(38, 121)} and at_one == paid and P(11, 11) == F(68, 121)
                 and chance - P(11, 11) == -paid[0] + paid[1] and chance == F(91, 121) and names
                 and P(11, 11) - evaluate(halving, optimal("official"), 11, 11) == F(5, 121)
                 and halving_cost_range(11, 11) == (F(3, 121), F(15, 121)), "(11, 11)")
