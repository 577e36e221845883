"""The lessons' own statements about real boards of characters (lessons 09 and x4, their worked solutions and their
parts of the teacher's guide), each anchored to its sentences and checked with the board solver (Cushing et al.,
equation (1) on sets of suspects), the complete sets of :mod:`guesswho_lib.board.complete` and the boards a search
found (:data:`guesswho_lib.board.designs.DESIGNS`), or against the registered claims ``board.*``."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.board.complete import completeness
from guesswho_lib.board.compare import compare_with_ideal, first_questions
from guesswho_lib.board.designs import DESIGNS, load_design
from guesswho_lib.board.question_sets import question_set
from guesswho_lib.board.solver import cached_board_solution, solve_board
from guesswho_lib.board.traits import Board, load_board
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import GUESS
from .anchors import guide_path, in_guide, in_lesson, in_solution, lesson_path, solution_path
from .facts import P, as_recorded, holds
from guesswho_lib.claims.registry import Register

register = Register(__name__)

l09, lx4 = in_lesson("09"), in_lesson("x4")
s09, sx4 = in_solution("09"), in_solution("x4")
g09, gx4 = in_guide("09"), in_guide("x4")
F = Fraction


def _tiny() -> Board:
    return Board(("Ann", "Ben", "Cat", "Dan"), ("hat", "glasses"), ((1, 1), (1, 0), (0, 1), (0, 0)))


@register.statement(
    "course.first-questions", "On the shipped board (24 characters, official rules, one trait per question) five "
    "first questions tie for the best, worth 9/16: brown eyes (12 : 12) and glasses, earrings, long hair, smiling (10 "
    ": 14), more than the idealised 5/9 = P(24, 24), where 12 : 12 and 10 : 14 are both best too; after the best "
    "question the opponent wins 7/16 on average against the idealised 4/9; the worst question, bald (2 : 22, the "
    "fewest faces), is worth 95/192 < 1/2; the restriction cost at the start is 5/9 - 9/16 < 0.",
    l09("* **Five questions tie** for the best: brown eyes (12 : 12), but also glasses, earrings, long hair and "
        "smiling (10 : 14): here a 10 : 14 split is worth exactly as much as 12 : 12."),
    l09("* The best value is $\\frac{9}{16}$, **more** than the idealised $\\frac59$."),
    l09("Your best first question makes a split that is also best in the idealised game, but after it your opponent, "
        "held to traits too, wins only $\\frac7{16}$ (on average over the two answers) instead of the idealised "
        "$\\frac49$."),
    l09("* The worst question picks out the fewest faces:"),
    l09("\"Is your person bald?\" (2 : 22), worth $\\frac{95}{192}$: asking it makes you the underdog."),
    l09("At the start it is $\\frac59 - \\frac9{16}$, a small negative number."),
    l09("In this *idealised game* of the papers the first player wins $P(24, 24) = \\frac59$ with 24 suspects each."),
    l09("In the idealised game a **12 : 12** split is one of the best (lesson 02)."),
    l09("* On our 24-character board five first questions tie for the best (brown eyes, glasses, earrings, long hair, "
        "smiling), and going first is worth $\\frac9{16}$, a little **more** than the idealised $\\frac59$."),
    l09("Asking \"Is your person bald?\" first is the worst question."),
    lx4("In lesson 09 a question was about one trait, and on our board going first was worth $\\frac{9}{16}$, a little "
        "more than the idealised $\\frac59$."),
    lx4("$\\frac9{16}$ on ours, $\\frac12$ on Ann, Ben, Cat and Dan."),
    g09("compute every first question exactly (five tie for the best, {{ board('best') }} among them, each worth "
        "{{ board('best-value') }} to the first player)"),
    g09("Five questions tie for the best ({{ board('best') }} is one of them); worst: {{ board('worst') }} "
        "({{ board('worst-value') }})."),
    g09("on the real board several questions with different splits can be equally good."),
    g09("They restrict the opponent too: on this board the first player starts with {{ board('start') }} with traits "
        "only, against {{ P(24, 24) }} in the idealised game."),
    was="the guide for 09 named brown eyes as *the* best first question, where five tie",
    title="The shipped board: five first questions tie, worth 9/16, more than the idealised 5/9; bald is the worst "
          "(95/192)")
def _(N):
    sol = cached_board_solution()
    qs = [f for f in first_questions(sol) if f.sizes is not GUESS]
    best = {f.text for f in qs if f.value == sol.start}
    want = {"Does your person have brown eyes?", "Does your person wear glasses?", "Does your person wear earrings?",
            "Does your person have long hair?", "Is your person smiling?"}
    bald = next(f for f in qs if "bald" in f.text)
    ideal = cached_solution("official", 24)
    return holds(best == want and sol.start == F(9, 16) > ideal.P(24, 24) == F(5, 9) and qs[-1] is bald
                 and min(f.sizes[0] for f in qs) == bald.sizes[0] == 2 and bald.value == F(95, 192) < F(1, 2)
                 and {(12, 12), (10, 14)} <= set(ideal.optimal_moves(24, 24)) and 1 - sol.start == F(7, 16)
                 and ideal.P(24, 12) == F(4, 9) and F(5, 9) - F(9, 16) < 0, "the shipped board")


@register.statement(
    "course.tiny-board", "On the board of Ann, Ben, Cat and Dan (hat, glasses) every one-trait question splits the "
    "four 2 : 2, a guess wins 1/4, and going first is worth exactly 1/2 (at 2 against 1: 1/2; at 2 against 2: 1/2), "
    "less than the idealised 9/16, which needs a 1 : 3 split; with two-trait questions it plays like the idealised "
    "game.",
    l09("Each question (\"hat?\" or \"glasses?\") splits four suspects **2 : 2**; a guess wins with probability "
        "$\\frac14$."),
    s09("Every question splits 2 : 2, and a guess wins $\\frac14$."),
    s09("* (2 suspects against 1): guess, $\\frac12$."),
    s09("* (2 against 2): a guess wins $\\frac12$; a 1 : 1 question leaves you one suspect and your opponent at (2 "
        "against 1), where they win $\\frac12$, so it is worth $1 - \\frac12 = \\frac12$ too."), s09("P = $\\frac12$."),
    s09("* (4 against 2), your opponent to move after your first question: a 2 : 2 question leaves you at (2 against "
        "2), where you win $\\frac12$, so it is worth $1 - \\frac12 = \\frac12$ to them (a guess:"),
    s09("* (4 against 4), you: a 2 : 2 question is worth $1 - \\frac12 = \\frac12$ (a guess:"),
    s09("So the first player wins $\\frac12$, less than the idealised $\\frac9{16}$ at (4, 4), which needs a 1 : 3 "
        "question that this board cannot ask."),
    s09("$\\frac9{16}$ (the idealised game), $\\frac14$ (guessing)."),
    lx4("With one trait per question each question splits the four 2 : 2, and lesson 09 found that going first is "
        "then worth exactly $\\frac12$: no advantage at all."),
    lx4("In the idealised game the best first move at (4, 4) is the bold 1 : 3 split of lesson 02, which no single "
        "trait makes here."),
    lx4("With two traits the tiny board plays exactly like the idealised game: every split size the idealised game may "
        "want, the board can make."),
    sx4("\"hat\" = {Ann, Ben}, \"glasses\" = {Ann, Cat}: two 2 : 2 splits."),
    sx4("Both traits are held by two of the four, so every one-trait question splits them 2 : 2: no question splits "
        "them **1** : 3."),
    sx4("(So the four are not complete with one-trait questions; every smaller set is.)"),
    g09("Ann, Ben, Cat and Dan, where every question splits 2 : 2; draw the tree."),
    title="Ann, Ben, Cat and Dan: going first is worth exactly 1/2 with one-trait questions, 9/16 with two")
def _(N):
    tiny = _tiny()
    one, two = solve_board(tiny), solve_board(tiny, "pairs")
    splits = {tuple(sorted((len(tiny.with_trait(t)), 4 - len(tiny.with_trait(t))))) for t in tiny.traits}
    c = completeness(tiny, "traits")
    sub_complete = all(c.is_complete(tiny.mask(list(s))) for s in (("Ann", "Ben", "Cat"), ("Ann", "Dan", "Cat"),
                                                                     ("Ben", "Dan", "Cat"), ("Ann", "Ben", "Dan")))
    return holds(splits == {(2, 2)} and one.start == F(1, 2) < P(4, 4) == F(9, 16) and two.start == P(4, 4)
                 and P(2, 1) == P(2, 2) == F(1, 2) and not c.is_complete(tiny.everyone) and sub_complete,
                 "Ann, Ben, Cat and Dan")


@register.statement(
    "course.one-one-question", "With two suspects left, a 1 : 1 question tells you the person, but the opponent moves "
    "first and, facing your one suspect, must guess: they win 1/m, so P(2, m) = 1 - 1/m, not 1.",
    s09("with two suspects left, a 1 : 1 question tells you the person, but your opponent moves before you can name "
        "them: holding several suspects against your one, they must guess now, and they may be right."),
    was="09 [9], the only help for 09.1, said 'a 1 : 1 question leaves you one, so you win on your next turn'; under "
        "the official rules the opponent moves first and guesses: P(2, m) = 1 - 1/m", status="proven",
    title="With two suspects, a 1 : 1 question leaves the opponent guessing first: P(2, m) = 1 - 1/m")
def _(N):
    return holds(all(P(2, m) == 1 - F(1, m) < 1 and P(m, 1) == F(1, m) for m in range(2, 100)), "2 <= m < 100")


@register.statement(
    "course.restriction", "Over the 25,070,049 pairs of reachable sets the board changes nothing in about 99 in 100 "
    "(98.8%), hurts the player to move in 153,800 and helps in 153,453: about equally often.",
    l09("Most squares are nearly white: in about 99 in 100 pairs of sets the board changes nothing, because some trait "
        "happens to make an optimal split."),
    l09("* Being held to traits hurts the player to move when their best idealised split cannot be asked, and helps "
        "them when the opponent will be stuck; the heat map shows both, about equally often."),
    l09("It is positive when the board **hurts** the player to move (their best idealised split cannot be asked), "
        "negative when it **helps**."),
    title="The real board changes nothing in about 99 pairs of sets in 100, and hurts about as often as it helps")
def _(N):
    c = compare_with_ideal(cached_board_solution())
    same = c.pairs - c.worse_pairs - c.better_pairs
    return holds(c.pairs == 25_070_049 and Fraction(985, 1000) <= Fraction(same, c.pairs) < Fraction(995, 1000)
                 and c.worse_pairs == 153_800
                 and c.better_pairs == 153_453, "every pair of reachable sets of the shipped board")


@register.statement(
    "course.designed-board", "Every two characters of a board must be told apart (the checker of 09.5 refuses "
    "look-alikes); no such board of five characters with up to four traits, nor of six with three, helps the first "
    "player; the example of six characters and four traits is worth 7/12 to the first player, more than the idealised "
    "5/9.",
    s09("Every two characters must be told apart by some trait (the checker refuses look-alikes)."),
    s09("On it going first is worth 7/12, more than the idealised 5/9."),
    s09("No such board of five characters with up to four traits does it, and none of six characters with three "
        "traits (a computer tried them all)."), status="computed",
    title="No board of five characters (up to four traits) or six (three traits) helps the first player; one of six "
          "with four traits does")
def _(N):
    import itertools
    names5 = ("hat", "glasses", "beard", "earrings")

    def helps(n, traits):
        ideal = cached_solution("official", n).P(n, n)
        columns = [c for c in range(1, 2 ** n - 1) if c < (2 ** n - 1) ^ c]
        for cols in itertools.combinations(columns, traits):
            rows = tuple(tuple(c >> i & 1 for c in cols) for i in range(n))
            if len(set(rows)) == n and solve_board(Board(tuple("ABCDEF"[:n]), names5[:traits], rows)).start > ideal:
                return True
        return False
    example = Board(tuple("ABCDEF"), names5, ((1, 1, 0, 0), (0, 1, 0, 0), (0, 0, 1, 1), (0, 0, 1, 0), (0, 0, 0, 1),
                                              (0, 0, 0, 0)))
    return holds(not any(helps(5, k) for k in (3, 4)) and not helps(6, 3)
                 and solve_board(example).start == F(7, 12) > P(6, 6) == F(5, 9),
                 "every board of 5 and of 6 characters")


@register.statement(
    "course.exit-ticket-09", "On the board of five (Ann, Ben, Cat, Dan, Eve; hat, glasses, beard) Ben, Dan and Eve "
    "have no glasses, and two of them a beard; a question on the real board asks about one trait.",
    s09("**09.6.** No glasses leaves Ben, Dan and Eve; Ben and Dan have a beard: 2 of the 3."),
    s09("**09.7.** No: on the real board a question asks about one trait."))
def _(N):
    five = Board(("Ann", "Ben", "Cat", "Dan", "Eve"), ("hat", "glasses", "beard"),
                 ((1, 1, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1), (0, 0, 0)))
    one = all(len(q.traits) == 1 for q in question_set(load_board(), "traits"))
    left = set(five.names) - set(five.with_trait("glasses"))
    return holds(left == {"Ben", "Dan", "Eve"} and left & set(five.with_trait("beard")) == {"Ben", "Dan"}
                 and one, "the board of five")



@register.statement(
    "course.challenge-09", "On the shipped board with one trait removed (for both players), going first is worth "
    "9/16, as on the full board, for every trait but brown eyes, the only trait that splits the 24 faces 12 : 12; "
    "without brown eyes it is worth 163/288, more. Glasses as the first question is worth 9/16 on the full board and "
    "163/288 without brown eyes. Every removal leaves every two characters told apart.",
    s09("Dropping any trait but brown eyes leaves going first at $\\frac9{16}$; dropping brown eyes, the only trait "
        "that splits the 24 faces 12 : 12, raises it to $\\frac{163}{288}$."),
    s09("A question taken away from both players can help the one who moves first: the first player does not need "
        "brown eyes (glasses is worth $\\frac9{16}$ as a first question on the full board too), but after glasses the "
        "second player, without brown eyes, is worse off, so glasses is worth more to the first player on the "
        "smaller board."),
    g09("taking a question away from both players can help the one who moves first."),
    l09("Every two characters can still be told apart."),
    l09("On the real board, 09.8b found a trait whose removal helps the first player."))
def _(N):
    board, full = load_board(), cached_board_solution()
    starts, told_apart = {}, True
    for j, t in enumerate(board.traits):       # the column deleted from the rows, not through sub_board
        rows = tuple(r[:j] + r[j + 1:] for r in board.rows)
        told_apart = told_apart and len(set(rows)) == board.n
        starts[t] = solve_board(Board(board.names, board.traits[:j] + board.traits[j + 1:], rows)).start
    smaller = solve_board(board.sub_board(traits=[t for t in board.traits if t != "brown eyes"]))
    halves = [t for t in board.traits if 2 * len(board.with_trait(t)) == board.n]
    return holds(told_apart and full.start == Fraction(9, 16) and halves == ["brown eyes"]
                 and all(v == full.start for t, v in starts.items() if t != "brown eyes")
                 and starts["brown eyes"] == Fraction(163, 288) > full.start
                 and full.value(full.everyone, full.everyone, "glasses") == Fraction(9, 16)
                 and smaller.value(smaller.everyone, smaller.everyone, "glasses") == Fraction(163, 288),
                 "the shipped board, each of its traits removed in turn")

# ---- x4: two traits, complete sets, designed boards ------------------------------------------------------------------
register.statement(
    "course.complete-sets", "The theorem of complete sets (ours, beyond the papers; official, Nica's and merciful "
    "rules): a complete set is the best set of its size to hold and the worst to face; complete sets of one size are "
    "interchangeable; V(S, T) = P(|S|, |T|) when both are complete; holding one is worth at least P, facing one at "
    "most; proved by induction on |S| + |T| and checked against the set-by-set solver.",
    lx4("a theorem of this course (it goes beyond the papers), proved here and checked by computer"),
    lx4("**Theorem** (complete sets; official, Nica's and merciful rules)."),
    lx4("*A complete set is the best set of its size to hold, and the worst to face:* if $S$ is complete and "
        "$|S'| = |S|$, then $V(S, T) \\ge V(S', T)$ and $V(T, S) \\le V(T, S')$ for every $T$."),
    lx4("So complete sets of the same size are **interchangeable**: only their size matters."),
    lx4("If $S$ and $T$ are both complete, $V(S, T) = P(|S|, |T|)$: the idealised game."),
    lx4("Holding a complete set is worth at least $P(|S|, |T|)$; facing one, at most."),
    lx4("For 1: a guess is worth $\\frac1{|S|}$ from $S$ and from $S'$."),
    lx4("The opponent then moves at $(T, S_i)$ instead of $(T, S'_i)$, with fewer suspects in all, so by the "
        "induction (the second inequality) $V(T, S_i) \\le V(T, S'_i)$:"),
    lx4("For the second inequality the mover holds $T$ in both games and has the same moves;"),
    lx4("Under Nica's rules a player with one suspect left wins at once, which depends only on sizes;"),
    lx4("For 3: by 1, among the questions splitting $S$ into sizes $a$ and $|S| - a$ one with complete parts is best, "
        "and one exists for every $a$;"),
    lx4("For 4: holding a complete $S$, copy an idealised optimal move with complete parts;"),
    lx4("A complete set is the best set of its size to hold and the worst to face; two complete sets give exactly the "
        "idealised value (a theorem of this course, proved by induction on the number of suspects)."),
    lx4("the idea behind it, a **complete** set of suspects: one that questions can split into complete parts of every "
        "size, so that it plays exactly like a pile of that many suspects;"),
    gx4("prove that a complete set plays exactly like a pile of its size"),
    gx4("Only one split of each size is needed, with complete parts; the parts' own splits are what the induction is "
        "about."), status="proven",
    title="The theorem of complete sets (beyond the papers; a proof by induction in the lesson, checked against the "
          "set-by-set solver)")(as_recorded("board.complete.theorem"))


@register.statement(
    "course.two-traits", "With one- or two-trait questions (and / or, negations allowed) the shipped board has 445 "
    "different questions, every one of its 2^24 - 1 = 16,777,215 sets is complete, so at every one of the "
    "(2^24 - 1)^2 states it plays exactly like the idealised game: going first is worth 5/9 (official), 91/144 "
    "(Nica's), 2/3 (merciful), a little less than 9/16 with one trait; a first question is best exactly when its split "
    "is best at (24, 24): 8 : 16 to 12 : 12; with one trait, 732 of the 5,007 reachable sets are not complete, so the "
    "table has 756 rows; you holding glasses or a hat (17) against brown eyes (12) is the idealised P(17, 12).",
    lx4("Every set is complete."),
    lx4("So by part 3 of the theorem, with two-trait questions our board **is** the idealised game, at every one of "
        "the $(2^{24} - 1)^2$ states, reachable or not:"),
    lx4("the value depends only on how many suspects each player has, and a question is best exactly when its split "
        "sizes are best in the idealised game."),
    lx4("The board solver uses the theorem: a complete set needs no row of its own in the table of values, only its "
        "size does."),
    lx4("(With one-trait questions 732 of the 5,007 sets a player can reach are not complete, so the table shrinks "
        "from 5,007 rows to 756.)"),
    lx4("Going first is worth $\\frac59$ again: the extra questions help **both** players, and with both of them free "
        "to make any split size the first player's edge is the idealised one, a little **less** than with one trait "
        "per question."),
    lx4("* With questions about **two traits** (\"and\" / \"or\", negations allowed), every one of the 16,777,215 sets "
        "of suspects on our board is complete, so the board plays exactly like the idealised game: going first is "
        "worth $\\frac59$ (official rules), $\\frac{91}{144}$ (Nica's), $\\frac23$ (merciful), at every state."),
    lx4("The computer checks them size by size, from the smallest:"),
    sx4("With two-trait questions every set of the board is complete, so by part 3 of the theorem the value is the "
        "idealised $P(17, 12)$."),
    sx4("By the theorem a first question is best exactly when its split sizes are best in the idealised game at "
        "(24, 24): 8 : 16, 9 : 15, 10 : 14, 11 : 13 or 12 : 12."),
    gx4("the computer check that every set of the real board is complete with two-trait questions: the board then is "
        "the idealised game, and going first is worth {{ P(24, 24) }} instead of {{ board('start') }}."),
    gx4("10 The whole board with two traits: {{ ex('x4-any-state') }} and {{ ex('x4-best-first-questions') }}, then "
        "the start ({{ P(24, 24) }})"),
    status="proven",
    title="With two-trait questions every one of the 16,777,215 sets of the shipped board is complete, so it plays "
          "exactly like the idealised game (checked for every set)")
def _(N):
    board = load_board()
    one = completeness(board, "traits")
    table = solve_board(method="complete")
    sizes = [table.board.n]
    mine = board.with_trait("glasses") | board.with_trait("hat")
    return holds(as_recorded("board.pairs.idealised")(N).ok and len(question_set(board, "pairs")) == 445
                 and 2 ** 24 - 1 == 16_777_215 and cached_board_solution().family_size == 5007
                 and one.incomplete == 732 and table.table.shape[1] == 756 and sizes == [24]
                 and cached_solution("official", 24).optimal_moves(24, 24) == ((8, 16), (9, 15), (10, 14), (11, 13),
                                                                               (12, 12))
                 and P(24, 24) == F(5, 9) < F(9, 16) and P(24, 24, "nica") == F(91, 144)
                 and P(24, 24, "merciful") == F(2, 3) and len(mine) == 17 and len(board.with_trait("brown eyes")) == 12,
                 "the shipped board")


@register.statement(
    "course.designs", "The boards the search found (24 characters, 18 traits, every two told apart, every trait held "
    "by some but not all): the fairest is worth 77/144 (about 0.535), twelve pairs of look-alikes (eleven traits mark "
    "one pair each, the twelfth pair none; one trait of 12 tells the two of each pair apart; six traits repeat these), "
    "its 12 different first questions all equally good; the highest is worth 83/144 (about 0.576), every trait held "
    "by 4 to 8 characters, its best first questions all 8 : 16; the cube board of 16 characters and 4 traits, where "
    "every question halves every group, is worth exactly 1/2.",
    lx4("**24 characters and 18 yes/no traits**, every two characters told apart by some trait, every trait held by "
        "some but not all."),
    lx4("On the **fairest** board going first is worth $\\frac{77}{144} \\approx 0.535$, the lowest value found."),
    lx4("It is made of 12 pairs of look-alikes: eleven traits each mark one pair (the twelfth pair has none of them), "
        "one trait tells the two of a pair apart, and the other six traits repeat these."),
    lx4("A question picks out one pair, or splits every pair; many sets of suspects can then only shrink one pair, or "
        "one character, at a time, and all of its 12 different first questions are equally good."),
    lx4("On the **highest** board going first is worth $\\frac{83}{144} \\approx 0.576$: every trait is held by 4 to 8 "
        "characters, so no question splits the 24 nearly evenly, and the best first questions split them 8 : 16."),
    lx4("* With **one trait** per question the board matters: the boards a search found give the first player between "
        "$\\frac{77}{144} \\approx 0.535$ (twelve pairs of look-alikes) and $\\frac{83}{144} \\approx 0.576$, around "
        "the idealised $\\frac59 \\approx 0.556$; on boards of 4 or 16 characters where every question halves every "
        "group, going first does not help at all."),
    lx4("Lesson 09's four characters are a fair board, but a small one: on it every question halves every group of "
        "suspects."),
    sx4("Every question about a trait that is not yet fixed halves it, and a question about a fixed trait does not "
        "split it."),
    sx4("So every move halves, in the first player's game and in the second's, and the game is the idealised game with "
        "only the 8 : 8, 4 : 4 and 2 : 2 splits allowed."),
    sx4("There, at (16, 16), going first is worth exactly $\\frac12$ (as at (4, 4) on lesson 09's four characters, "
        "which are the cube of two traits)."), status="found",
    title="The fairest board found is worth 77/144, the highest 83/144 (boards found, not proven extremes)")
def _(N):
    fair, high = load_design("fairest"), load_design("highest")
    sf, sh = solve_board(fair, method="complete"), solve_board(high, method="complete")
    cols = {}
    for t in fair.traits:
        cols.setdefault(frozenset(fair.with_trait(t)), []).append(t)
    pairs = [k for k in cols if len(k) == 2]
    tells = [k for k in cols if len(k) == 12]
    fair_shape = (len(cols) == 12 and len(pairs) == 11 and len(frozenset().union(*pairs)) == 22 and len(tells) == 1
                  and all(len(p & tells[0]) == 1 for p in pairs) and sum(len(v) - 1 for v in cols.values()) == 6)
    fair_best = {frozenset(fair.with_trait(m.question.traits[0])) for m in sf.best_questions(sf.everyone, sf.everyone)}
    counts = [len(high.with_trait(t)) for t in high.traits]
    high_best = {m.sizes for m in sh.best_questions(sh.everyone, sh.everyone)}
    shape = all(b.n == 24 and b.m == 18 and len(set(map(tuple, b.rows))) == 24
                and all(0 < len(b.with_trait(t)) < 24 for t in b.traits) for b in (fair, high, load_board()))
    cube = Board(tuple(f"c{i:02d}" for i in range(16)), ("hat", "glasses", "beard", "earrings"),
                 tuple(tuple(i >> j & 1 for j in range(4)) for i in range(16)))
    return holds(sf.start == DESIGNS["fairest"].value == F(77, 144) and round(77 / 144, 3) == 0.535 and fair_shape
                 and len(fair_best) == 12 and sh.start == DESIGNS["highest"].value == F(83, 144)
                 and round(83 / 144, 3) == 0.576 and min(counts) == 4 and max(counts) == 8 and high_best == {(8, 16)}
                 and shape and solve_board(cube).start == F(1, 2), "the shipped designs and the cube board")


@register.statement(
    "course.bounds-found", "No board of 24 characters and 18 traits on which going first is worth at most 1/2 is "
    "known: the search found none, and none is proven impossible (open); a search proves nothing about boards it did "
    "not try.",
    lx4("No board of 24 characters was found on which going first does not help (at most $\\frac12$), but that does "
        "not prove that none exists: it is open here."),
    lx4("* A search gives bounds found, not proven extremes."),
    gx4("A search finds boards; it proves nothing about boards it did not try."), status="open",
    title="Whether a board of 24 characters and 18 traits makes going first worth at most 1/2")
def _(N):
    return holds(all(d.value > F(1, 2) for d in DESIGNS.values()), "the boards the search found")


# ---- sentences that state nothing to check ---------------------------------------------------------------------------
register.not_statements(lesson_path("09"), "a learning goal, a rule of the real board, a prompt, a heading, a "
                        "definition, a label or a description of the solver, a picture or a cell",
                        "why a real Guess Who? board is a **different game**", "to **predict**, then compute, the best "
                        "first question", "to write your own small board as a table", "On a real board you can only "
                        "ask about what you see:", "A question is one trait, and it only helps if some of your "
                        "suspects have it and some do not.", "Here is our board of 24 invented characters", "Here you "
                        "can only make the groups in the list above.", "\"more\", \"less\" or \"the same\" as 5/9",
                        "Reveal: every first question on the real board", "The computer solves the real board exactly.",
                        "A state is the set of faces you still suspect", "Below is every first move, best first:",
                        "The **cost** of a move is how much less it is worth", "$$\\text{restriction cost} = "
                        "P_{\\text{ideal}}", "`sol.moves(mine, theirs)` lists every move", "idealised best moves:",
                        "The heat map shows the restriction cost for every pair of sizes", "**red** where the board "
                        "hurts the player to move", "board's best moves:", "A board is a table: one row per character",
                        "best first questions:", "* On a real board every question is about a trait, for **both** "
                        "players", "The computer still solves it exactly, by applying the recurrence")
register.not_statements(guide_path("09"), "a goal, a step of the plan or homework, or how the solver works",
                        "The real board of {{ board('people') }} faces",
                        "8 §2 Predict (Worksheet 3, its counts copied from the list",
                        "Students count a few traits on the picture, then the notebook prints every count.",
                        "7 §4 Compute: every first question ranked exactly",
                        "It solved every reachable pair of suspect sets exactly",
                        "{{ ex('09-restriction-cost') }} and {{ ex('09-best-question-later') }} (a restriction cost "
                        "and a best question later in the game")
register.not_statements(guide_path("09"), "registered as course.four-four (Theorem 2.1's exception at (4, 4))",
                        "The (4, 4) exception already showed otherwise;")
register.not_statements(lesson_path("x4"), "a learning goal, a definition, a heading, a label, a prompt or a "
                        "description of the search, the widget or the check", "- what changes when a question may join "
                        "**two traits**", "Allow every question that joins two traits", "\"more than 9/16\", or a "
                        "fraction", "Complete sets, and a theorem", "The idealised game only sees **sizes**:",
                        "A board can only make the splits its questions make.", "Call a set $S$ of suspects "
                        "**complete**", "every set complete:", "best first splits (sizes: how many questions):",
                        "idealised best first splits:", "A computer can look for boards:", "The search ran with "
                        "`benchmarks/search_boards.py`", "best first questions:", "Load a board, or type one",
                        "The lab solves the board exactly and says which sets of suspects are not complete",
                        "* A set of suspects is **complete** when questions can split it into complete parts of every "
                        "size.")
register.not_statements(guide_path("x4"), "a goal or a step of the seminar and its homework",
                        "Students meet complete sets of suspects", "20 Complete sets: the definition, the theorem and "
                        "its proof", "{{ ex('x4-questions-with-two-traits') }} and {{ ex('x4-missing-split') }} in "
                                     "class (no programming);", "{{ ex('x4-going-first-does-not-help') }} (a fair "
                        "board of at least ten characters) as a project;")
@register.statement(
    "course.challenge-09-design", "On the board of 7 characters A to G and 5 traits of the worked solution of 09.8, "
    "every first question is worth 27/49 to the first player; without freckles going first is worth 4/7, glasses as "
    "the first question is worth 4/7, and every two characters are still told apart. After no to glasses (the first "
    "player holds A, C, D, E, G) the second player's chance is 18/35, reached by hat or freckles, and 17/35 without "
    "freckles.",
    s09("On the board below every first question is worth $\\frac{27}{49}$ to the first player, so she does not need "
        "freckles: glasses will do."),
    s09("After glasses, when she has the five characters without glasses left (A, C, D, E, G), the second player's "
        "best chance against them is $\\frac{18}{35}$ by asking hat or freckles, and only $\\frac{17}{35}$ without "
        "freckles: freckles rescued that state for the second player."),
    s09("Without freckles, glasses is worth $\\frac27\\cdot\\frac57 + \\frac57\\cdot\\frac{18}{35} = \\frac47$ to the "
        "first player, more than $\\frac{27}{49}$, and every two characters are still told apart."))
def _(N):
    board = Board(tuple("ABCDEFG"), ("hat", "glasses", "beard", "earrings", "freckles"),
                  ((1, 0, 0, 0, 0), (0, 1, 1, 1, 1), (0, 0, 0, 1, 0), (0, 0, 1, 1, 1), (1, 0, 1, 1, 1),
                   (1, 1, 1, 1, 0), (0, 0, 1, 0, 0)))          # the worked solution's design, typed again
    kept = [t for t in board.traits if t != "freckles"]
    full, less = solve_board(board), solve_board(board.sub_board(traits=kept))
    left = frozenset("ACDEG")
    rows = {tuple(r[j] for j in range(board.m) if board.traits[j] != "freckles") for r in board.rows}
    second = {t: full.value(full.everyone, left, t) for t in board.traits}
    return holds(board.names == tuple("ABCDEFG") and board.m == 5 and len(rows) == board.n
                 and all(full.value(full.everyone, full.everyone, t) == Fraction(27, 49) == full.start
                         for t in board.traits)
                 and less.start == Fraction(4, 7) == less.value(less.everyone, less.everyone, "glasses")
                 and set(board.names) - set(board.with_trait("glasses")) == left
                 and full.P(full.everyone, left) == Fraction(18, 35) == max(second.values())
                 and {t for t, v in second.items() if v == Fraction(18, 35)} == {"hat", "freckles"}
                 and less.P(less.everyone, left) == Fraction(17, 35)
                 and Fraction(2, 7) * Fraction(5, 7) + Fraction(5, 7) * Fraction(18, 35) == Fraction(4, 7),
                 "the designed board of 7, with and without freckles")


register.not_statements(lesson_path("09"), "how to go about the challenge 09.8 (its mathematics: course.challenge-09)",
                        "`board.sub_board(traits=kept)` is the board with only the traits in the list `kept`",
                        "The makers want to print the real board with one trait fewer, and both players may then ask "
                        "only about the traits that are left.")
register.not_statements(solution_path("09"), "the method of the worked solution of 09.8 (course.challenge-09)",
                        "Drop each trait in turn, solve the smaller board and keep the best start.",
                        "The same reasoning on a small board.",
                        "A random search found this board of 7 characters and 5 traits; any design the checker "
                        "accepts is right.")
register.not_statements(guide_path("09"), "what the challenge 09.8 asks (its mathematics: course.challenge-09)",
                        "The challenge, {{ ex('09-challenge-absent-trait') }} (level 4, optional), is for students "
                        "who finish early, or at home.",
                        "The challenge asks them to design a board of at most 8 characters, and a trait on it, whose "
                        "removal does the same.")
