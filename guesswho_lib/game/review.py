"""After a game, a review that teaches; at any state, "why is this the best move?" in words.

* :func:`explain_move` explains the best move at a board state (n, m) of the numbered game, against a move played:
  every move with its exact value, and for the best move and the move played the tree of outcomes with its
  fractions (each answer, how likely it is, the state it hands the opponent, their chance there and so yours), the
  arithmetic of the fundamental recurrence (Cushing et al., equation (1)), and the reasons in words: why a bold
  question is right when you are behind (Nica's "in the weeds", Theorem 1.1), why guessing is right at some states,
  why halving is right when you are ahead.  The board of faces builds the same :class:`Explanation` from its
  questions about traits (:func:`guesswho_lib.board.review.explain_board`).
* :class:`Review` reads any finished (or unfinished) :class:`~guesswho_lib.game.record.TwoPlayerGame`: each
  player's exact chance after every move, every move labelled by its exact cost (:func:`move_label`), marked (a
  guess, a bold question, a paradox question, a lucky or unlucky answer, a move made after a hint), and the skill and
  luck of each player.

**The labels.**  A move's *cost* is the chance of winning it gives away against the best move there (0 for a best
move); its *share* is that cost as a fraction of the mover's chance with the best move, ``cost / best``: after the
move, and best play by both sides, the mover's chance is their best chance times ``1 - share``.  The label reads the
share, so that it means the same whether the mover was ahead or behind (giving away 1/20 when your chance is 1/10
is giving away half of it):

=============  ==========================  ==================================================================
label          share of your chance lost   how many such moves it takes to halve your chance
=============  ==========================  ==================================================================
best           0                           never: a best move keeps all of it
good           below 1/20                  more than 13
inaccuracy     1/20 up to 1/8              6 to 13
mistake        1/8 up to 1/4               3 to 5
blunder        1/4 or more                 2 or fewer (one move of share 1/2 or more halves it alone)
=============  ==========================  ==================================================================

(The column on the right is the smallest k with ``(1 - share)^k <= 1/2``.)  Halving at (4, 4) under the official
rules gives away 1/16 of 9/16, a share of 1/9: an inaccuracy; guessing there gives away 5/9: a blunder.

**The accuracy** of a player over a game (:func:`accuracy`, :meth:`Review.accuracy`) is the product over their moves
of ``1 - share``, an exact fraction.  A move of share s keeps the fraction ``1 - s`` of the chance its mover had with
a best move there, so the accuracy is the fraction of their best chance that their own moves kept, move after move,
the luck of the answers and the opponent's moves set aside: 1 (100%) exactly when every move was a best move, 8/9
(about 88.9%) for halving at (4, 4) and best moves afterwards, and never above the ``1 - share`` of any one move (one
blunder alone takes it to 3/4 or below).

An answer is *lucky* (*unlucky*) for the mover when it moves their chance up (down) by at least
:data:`LUCK_MARK` = 1/10 from the value of the move; a question is *bold* when its smaller group is smaller than
that of the most even yes/no question the mover could ask (Nica, section 1.1: a bid below half).

>>> e = explain_move(4, 4, (2, 2))
>>> e.chance, e.played.value, e.label
(Fraction(9, 16), Fraction(1, 2), 'inaccuracy')
>>> e.best[0].arithmetic
'1/4 × 3/4 + 3/4 × 1/2 = 3/16 + 3/8 = 9/16'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..papers import nica
from ..rules import (GUESS, LOSE, WIN, Rules, check_int, format_fraction, format_move, format_percent, get_rules,
                     legal_moves, normalise_move, parse_move, plural, step)
from .pages import LABEL_COLOURS, MARK_SYMBOLS, PLAYER_COLOURS, explanation_html, review_html
from .record import COMPUTER, YOU, Turn, TwoPlayerGame
from .solver import Solution, cached_solution

__all__ = ["LABELS", "THRESHOLDS", "LUCK_MARK", "MARKS", "LABEL_COLOURS", "PLAYER_COLOURS", "MARK_SYMBOLS",
           "move_label", "halvings", "accuracy", "Branch", "Option", "Explanation", "explain_move", "build_explanation",
           "ReviewedMove", "Review"]

#: The labels, from the best move to the worst.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The shares of the mover's chance (cost / best) at which "good", "inaccuracy" and "mistake" end: a move whose
#: share is below 1/20 is good, below 1/8 an inaccuracy, below 1/4 a mistake, and 1/4 or more a blunder.
THRESHOLDS = (Fraction(1, 20), Fraction(1, 8), Fraction(1, 4))
#: An answer that moves the mover's chance by at least this much (from the value of the move) is marked lucky or
#: unlucky on the timeline.
LUCK_MARK = Fraction(1, 10)
#: Explanations a review keeps (the move shown and the one before: on the board of faces each holds every
#: question there, some 20 KiB; a server holds one review per player).
KEPT_EXPLANATIONS = 2
#: The marks a move can carry, in the order they are listed.
MARKS = ("guess", "bold", "paradox", "lucky", "unlucky", "hint")
# How the pictures of a review show them, LABEL_COLOURS, PLAYER_COLOURS, MARK_SYMBOLS: :mod:`.pages`.

WIN_OUTCOME, LOSE_OUTCOME, TURN_PASSES = "win", "lose", "turn passes"


def _check_thresholds(thresholds) -> tuple:
    t = tuple(thresholds)
    if len(t) != 3 or not all(isinstance(x, (int, Fraction)) and not isinstance(x, bool) for x in t):
        raise TypeError(f"thresholds must be three fractions (the ends of good, inaccuracy, mistake), got {t!r}")
    if not 0 < t[0] < t[1] < t[2] <= 1:
        raise ValueError(f"thresholds must increase strictly, between 0 (excluded) and 1, got {t!r}")
    return tuple(Fraction(x) for x in t)


def move_label(cost, best, thresholds=THRESHOLDS) -> str:
    """The label of a move that gives away ``cost`` of the mover's best chance ``best`` (see the module's table).

    >>> move_label(Fraction(1, 16), Fraction(9, 16)), move_label(Fraction(5, 16), Fraction(9, 16))
    ('inaccuracy', 'blunder')
    """
    cost, best = Fraction(cost), Fraction(best)
    if not 0 <= cost <= best <= 1:
        raise ValueError(f"cost must be between 0 and best, and best at most 1; got cost={cost}, best={best}")
    if cost == 0:                     # a best move (also where even the best move cannot win: best = 0)
        return "best"
    share = cost / best
    for label, bound in zip(LABELS[1:], _check_thresholds(thresholds)):
        if share < bound:
            return label
    return "blunder"


def halvings(share) -> int | None:
    """How many moves giving away ``share`` of your chance each halve it: the smallest k with
    (1 - share)^k <= 1/2 (None for share 0).

    >>> [halvings(s) for s in THRESHOLDS]
    [14, 6, 3]
    """
    share = Fraction(share)
    if share == 0:
        return None
    k = max(1, math.ceil(math.log(0.5) / math.log(1 - float(share)))) if share < 1 else 1
    while (1 - share) ** k > Fraction(1, 2):        # exact: correct any rounding of the logarithms
        k += 1
    while k > 1 and (1 - share) ** (k - 1) <= Fraction(1, 2):
        k -= 1
    return k


def accuracy(shares) -> Fraction:
    """The exact accuracy of a player's moves, given the share of their chance each move gave away: the product of
    ``1 - share`` over the moves (1 for no moves, and exactly 1 when every share is 0).

    >>> accuracy([Fraction(1, 9), 0, 0])           # halving at (4, 4), then best moves
    Fraction(8, 9)
    """
    out = Fraction(1)
    for share in shares:
        share = Fraction(share)
        if not 0 <= share <= 1:
            raise ValueError(f"a share must be a fraction between 0 and 1, got {share}")
        out *= 1 - share
    return out


def _capital(text: str) -> str:
    """``text`` with its first letter a capital: the start of a sentence."""
    return text[:1].upper() + text[1:]


def _possessive(name: str) -> str:
    """"your", "the computer's", "Player 2's"."""
    return "your" if name == "you" else f"{name}'s"


def _pct(x: Fraction) -> str:
    return f"about {format_percent(x)}"


# ==== the tree of outcomes ==================================================================================
@dataclass(frozen=True)
class Branch:
    """One answer to a move: how likely it is, and the mover's chance after it.

    ``outcome`` is "win" or "lose" (the game ends) or "turn passes": the opponent then moves at ``their_state`` =
    (their suspects, the mover's suspects left), where they win with ``their_chance``, so the mover's chance is
    ``1 - their_chance``.
    """

    answer: str
    chance: Fraction
    left: int | None
    outcome: str
    their_state: tuple | None
    their_chance: Fraction | None
    your_chance: Fraction
    note: str = ""       # why the game ends here, in words ("you are down to one suspect")

    def words(self) -> str:
        """The branch in a sentence, for the mover ("you")."""
        head = f"{self.answer} (probability {format_fraction(self.chance)}): "
        if self.outcome == WIN_OUTCOME:
            return head + (self.note or "you win") + "; your chance 1"
        if self.outcome == LOSE_OUTCOME:
            return head + (self.note or "you lose") + "; your chance 0"
        m, g = self.their_state
        return (head + f"{self.note}you have {plural(g, 'suspect')} left; your opponent moves at ({m}, {g}), where "
                f"they win with probability {format_fraction(self.their_chance)}, so your chance is "
                f"{format_fraction(self.your_chance)}")


@dataclass(frozen=True)
class Option:
    """One move the mover could make, with its exact value and its tree of outcomes.

    ``move`` is the move as the game knows it (GUESS or group sizes; a BoardMove on the board of faces); ``sizes``
    the move of the idealised game with the same group sizes (GUESS or sorted sizes); ``short`` the move in a few
    words ("1:3", "guess", a question); ``words`` in a sentence.
    """

    move: object
    short: str
    words: str
    sizes: object
    value: Fraction
    branches: tuple[Branch, ...]

    @property
    def is_guess(self) -> bool:
        return self.sizes is GUESS

    @property
    def smallest(self) -> int | None:
        """The smallest group of a question (None for a guess)."""
        return None if self.is_guess else min(self.sizes)

    @property
    def arithmetic(self) -> str:
        """The value as the recurrence computes it: each answer's probability times your chance after it, added."""
        terms = [f"{format_fraction(b.chance)} × {format_fraction(b.your_chance)}" for b in self.branches]
        products = [format_fraction(b.chance * b.your_chance) for b in self.branches]
        total = format_fraction(self.value)
        text = " + ".join(terms)
        if len(products) > 1:
            text += " = " + " + ".join(products)
        return text + f" = {total}"


def _branch(answer: str, p: Fraction, result, one_left_wins: bool, their_P, left: int | None, wrong_guess=False):
    """A :class:`Branch` from one outcome of :func:`guesswho_lib.rules.step` (WIN, LOSE or a state (m, g))."""
    if result is WIN:
        note = ("you are down to one suspect: you win at once (Nica's rules)" if one_left_wins and left == 1
                else "you named the right person: you win")
        return Branch(answer, p, left, WIN_OUTCOME, None, None, Fraction(1), note)
    if result is LOSE:
        return Branch(answer, p, None, LOSE_OUTCOME, None, None, Fraction(0), "a wrong guess loses the game")
    q = their_P(result)
    note = "the wrong person is crossed out and the turn passes; " if wrong_guess else ""
    return Branch(answer, p, result[1], TURN_PASSES, tuple(result), q, 1 - q, note)


def _numbered_option(n: int, m: int, move, rules: Rules, solution: Solution) -> Option:
    outs = step(n, m, move, rules)
    def their_P(state):
        return Fraction(int(solution.A[state]), state[0] * state[1])
    if move is GUESS:
        wrong = "wrong: the suspect is crossed out" if rules.guess.passes(n, m) else "wrong"
        answers = ("right", wrong)
        branches = tuple(_branch(a, p, r, rules.one_left_wins, their_P, 1 if a == "right" else n - 1, a != "right")
                         for a, (p, r) in zip(answers, outs))
        words = "guess (name your last suspect)" if n == 1 else f"guess (name one of your {n} suspects)"
        return Option(move, "guess", words, GUESS, sum((b.chance * b.your_chance for b in branches), Fraction(0)),
                      branches)
    if len(move) == 2:
        answers = ("yes, the one asked about" if move[0] == 1 else f"yes, one of the {move[0]} asked about",
                   "no, the other one" if move[1] == 1 else f"no, one of the other {move[1]}")
        even = ", halving" if move[0] == n // 2 else ""
        words = f"ask about {move[0]} of your {plural(n, 'suspect')} ({format_move(move)}{even})"
    else:
        answers = tuple(f"in group {x} ({g})" for x, g in zip("ABC", move))
        answers = (answers[0], answers[1], f"in neither ({move[2]})")
        words = f"ask a paradox question with groups of {move[0]}, {move[1]} and {move[2]} ({format_move(move)})"
    branches = tuple(_branch(a, p, r, rules.one_left_wins, their_P, g) for a, g, (p, r) in zip(answers, move, outs))
    return Option(move, format_move(move), words, tuple(move),
                  sum((b.chance * b.your_chance for b in branches), Fraction(0)), branches)


# ==== the explanation =========================================================================================
def _nica_like(rules: Rules) -> bool:
    """Nica's race-to-one rules (Definition 2.1): yes/no questions only, no guessing, one suspect left wins."""
    return rules.one_left_wins and rules.guess is None and rules.max_parts == 2


@dataclass(frozen=True)
class Explanation:
    """"Why is this the best move?" at one state, against the move played (if any).

    ``state`` is (the mover's suspects, the opponent's), the mover to move; ``chance`` the mover's chance with a
    best move (P of the state); ``options`` every move, best first; ``played`` the move played (None: a hint before
    moving), or the move chosen when choosing again (``against`` is then "chosen", :meth:`chosen_again`);
    ``reasons`` the explanation in sentences, for the mover ("you").  :meth:`text` puts it all in words, with the
    tree of outcomes of the best move and of the move played.
    """

    state: tuple
    rules: Rules
    chance: Fraction
    options: tuple[Option, ...]
    played: Option | None
    reasons: tuple[str, ...]
    thresholds: tuple = field(default=THRESHOLDS, repr=False)
    against: str = "played"

    def chosen_again(self) -> "Explanation":
        """The same explanation against ``played`` as a move chosen again at this position, not the one played in
        the game (:mod:`.choose_again`): its sentence says "the move chosen"."""
        if self.played is None:
            raise ValueError("there is no move to compare with: explain a move chosen at this position")
        played = _played_words(self.chance, self.played, self.thresholds)
        chosen = _played_words(self.chance, self.played, self.thresholds, "chosen")
        return replace(self, against="chosen", reasons=tuple(chosen if r == played else r for r in self.reasons))

    @property
    def best(self) -> tuple[Option, ...]:
        """Every best move (the first is the one shown)."""
        return tuple(o for o in self.options if o.value == self.chance)

    @property
    def cost(self) -> Fraction | None:
        return None if self.played is None else self.chance - self.played.value

    @property
    def share(self) -> Fraction | None:
        return None if self.played is None else (self.cost and self.cost / self.chance)

    @property
    def label(self) -> str | None:
        return None if self.played is None else move_label(self.cost, self.chance, self.thresholds)

    @property
    def shown(self) -> tuple[Option, ...]:
        """The moves whose trees are shown: the best one, the move played, and the most even question when the
        reasons compare with it."""
        out = [self.best[0]]
        if self.played is not None and self.played.value != self.chance:
            out.append(self.played)
        even = most_even(self.options)
        if even is not None and even not in out and any("halving" in r or "safe" in r for r in self.reasons):
            out.append(even)
        return tuple(out)

    @property
    def why(self) -> tuple[str, ...]:
        """The reasons without the general paragraph on how the numbers work: what a class is told at a reveal."""
        return tuple(r for r in self.reasons if r != _HOW_TO_READ)

    def tree_text(self, option: Option) -> str:
        lines = [f"{option.words}:"] + [f"  - {b.words()}" for b in option.branches]
        return "\n".join(lines + [f"  your chance: {option.arithmetic}"])

    def text(self) -> str:
        """The whole explanation in words: the reasons, the trees, then every move with its value."""
        parts = list(self.reasons)
        parts += [self.tree_text(o) for o in self.shown]
        parts.append("Every move, best first: " + "; ".join(
            f"{o.short}" + ("" if o.is_guess or o.short == format_move(o.sizes) else f" ({format_move(o.sizes)})")
            + f": {format_fraction(o.value)}" for o in self.options) + ".")
        return "\n\n".join(parts)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        """What a notebook shows: the explanation as HTML (:func:`~guesswho_lib.game.pages.explanation_html`)."""
        return explanation_html(self)


def most_even(options) -> Option | None:
    """The most even yes/no question among ``options`` (the largest smaller group; the best of those), or None."""
    two = [o for o in options if not o.is_guess and len(o.sizes) == 2]
    if not two:
        return None
    top = max(o.smallest for o in two)
    return max((o for o in two if o.smallest == top), key=lambda o: o.value)


def _is_bold(option: Option, options) -> bool:
    even = most_even(options)
    return (not option.is_guess and len(option.sizes) == 2 and even is not None
            and option.smallest < even.smallest)


def _state_words(n: int, m: int) -> str:
    return (f"You have {plural(n, 'suspect')} left, your opponent {m}, and it is your move: the state ({n}, {m}). "
            f"Your chance of winning, both sides playing as well as possible from here, is P({n}, {m}) = ")


def _headline(n, m, chance, best) -> str:
    text = _state_words(n, m) + f"{format_fraction(chance)}."
    if len(best) == 1:
        return text + f" The best move is to {best[0].words}."
    shown = ", ".join(o.short for o in best[:4]) + (", ..." if len(best) > 4 else "")
    return text + f" {len(best)} moves are equally good ({shown}); for example {best[0].words}."


def _played_words(e_chance, played: Option, thresholds, against: str = "played") -> str:
    if played.value == e_chance:
        return f"The move {against}, {played.short}, is a best move: it keeps all of this chance."
    cost = e_chance - played.value
    share = cost / e_chance
    label = move_label(cost, e_chance, thresholds)
    k = halvings(share)
    return (f"The move {against}, {played.short}, wins with probability {format_fraction(played.value)} instead of "
            f"{format_fraction(e_chance)}: it gives away {format_fraction(cost)}, which is {format_fraction(share)} "
            f"({_pct(share)}) of the chance you had, so it is labelled \"{label}\" "
            + (f"({plural(k, 'move')} like it would halve your chance)." if k > 1
               else "(one move like it halves your chance).")
            )


_HOW_TO_READ = ("How the numbers work: after your move the answer decides where the game goes. Each answer has a "
                "probability (the share of your suspects it keeps), and after it your opponent moves; your chance "
                "of winning is each answer's probability times your chance after that answer, added up. That is "
                "the recurrence of lessons 01 and 02 (Cushing et al., equation (1)).")


def _guess_reasons(n, m, rules, options, played) -> list[str]:
    guess = next((o for o in options if o.is_guess), None)
    if guess is None:
        return []
    best_value = options[0].value
    questions = [o for o in options if not o.is_guess]
    out = []
    if guess.value == best_value:
        if n == 1:
            return ["You have one suspect left: name them and you win."]
        if not questions:
            return []
        bq = questions[0]
        if rules.guess.passes(n, m):
            out.append(f"Why guess? Under these rules a wrong guess only crosses that suspect out and passes the turn, "
                       f"so a guess is like a question about one suspect that also wins at once when it is right. "
                       f"With {n} suspects it wins {format_fraction(guess.value)}; the best question, {bq.short}, "
                       f"wins {format_fraction(bq.value)}.")
        elif m == 1:
            out.append(f"Why guess? Your opponent has only one suspect left: on their next turn they name them and "
                       f"win. Any question hands them that turn, so your only chance is to guess now and be right: "
                       f"1 in {n}, {format_fraction(guess.value)}.")
        else:
            out.append(f"Why guess? A guess wins at once with probability 1/{n} (and a wrong guess loses). A question "
                       f"hands the turn to your opponent, who is close to winning too: the best question, "
                       f"{bq.short}, gives you {format_fraction(bq.value)}, "
                       + ("the same as guessing." if bq.value == guess.value
                          else f"less than guessing, {format_fraction(guess.value)}."))
    elif played is not None and played.is_guess:
        out.append(f"Why not guess? A guess is right only 1 time in {n}"
                   + ("" if rules.guess.passes(n, m) else " and a wrong one loses the game")
                   + f": it wins {format_fraction(guess.value)}. The best move, {options[0].short}, keeps more "
                     f"suspects in play: {format_fraction(best_value)}.")
    return out


def _bold_reasons(n, m, rules, options, best, played) -> list[str]:
    even = most_even(options)
    bold = next((o for o in best if _is_bold(o, options)), None)
    if even is None:
        return []
    out = []
    if bold is not None and even.value < bold.value:
        small = min(bold.branches, key=lambda b: b.left if b.left is not None else 0)
        big = max(bold.branches, key=lambda b: b.left if b.left is not None else 0)
        half = max(even.branches, key=lambda b: b.left if b.left is not None else 0)
        text = (f"Why a bold question? Halving ({even.short}) is the safe move: whatever the answer, about half your "
                f"suspects go, and it wins {format_fraction(even.value)}. The bold question {bold.short} is a gamble: "
                f"with probability {format_fraction(small.chance)} the answer leaves you only "
                f"{plural(small.left, 'suspect')}, and your chance jumps to {format_fraction(small.your_chance)}; "
                f"otherwise you keep {big.left} and your chance is {format_fraction(big.your_chance)} (after halving "
                f"it would be {format_fraction(half.your_chance)}). On average the gamble wins "
                f"{format_fraction(bold.value)} against {format_fraction(even.value)}.")
        if big.their_chance is not None and half.their_chance is not None and big.their_chance == half.their_chance:
            text += (f" Notice that your opponent's chance is the same, {format_fraction(big.their_chance)}, whether "
                     f"you keep {plural(big.left, 'suspect')} or {half.left}: the extra suspects cost you nothing, "
                     f"and the small group is a free chance to get ahead.")
        out.append(text)
        if _nica_like(rules) and nica.in_the_weeds(n, m) is not None:
            k = nica.in_the_weeds(n, m)
            out.append(
                f"You are behind: in Nica's words you are \"in the weeds\". Your opponent has {m} suspects, at most "
                f"2^{k + 1} = {2 ** (k + 1)}, so by halving they get down to one suspect in at most {k + 1} more "
                f"questions. You have {n}, more than {2 ** (k + 1)}, so halving you need more questions than they do "
                f"and you would usually lose the race. The bold bid of Nica's Theorem 1.1 asks about 2^{k} = "
                f"{2 ** k} suspects: if the answer is yes you have {2 ** k} left and need only {k} more "
                f"question{'s' if k != 1 else ''}, while your opponent, with more than {2 ** k}, needs {k + 1} by "
                f"halving: you are ahead in the race. The gamble usually fails, but playing safe fails more often: "
                f"a player who is behind must take risks to catch up.")
        elif bold.value > even.value and options[0].value < Fraction(1, 2):
            out.append("You are behind (your chance is below 1/2): playing safe keeps you behind, so the gamble that "
                       "can put you ahead is worth more than the safe move.")
    elif (played is not None and _is_bold(played, options) and played.value < options[0].value
          and not options[0].is_guess):
        if _nica_like(rules) and nica.upper_hand(n, m) is not None:
            out.append(f"Why not a bold question here? You have the upper hand (Nica's words): you have {n} suspects "
                       f"and your opponent {m}, so by halving you are not behind in the race. A gamble can only throw "
                       f"away your lead: halving ({even.short}) wins {format_fraction(even.value)}, the bold "
                       f"{played.short} only {format_fraction(played.value)}.")
        else:
            out.append(f"Why not a bold question here? The safe, even split keeps you in the race: "
                       f"{options[0].short} wins {format_fraction(options[0].value)}, the bold {played.short} only "
                       f"{format_fraction(played.value)}; a gamble pays only when playing safe would leave you "
                       f"behind.")
    return out


def _paradox_reasons(options, best) -> list[str]:
    two = next((o for o in options if not o.is_guess and len(o.sizes) == 2), None)
    if two is None or len(best[0].sizes if not best[0].is_guess else ()) != 3 or two.value == best[0].value:
        return []
    return [f"Why a paradox question? Its three possible answers cut your suspects into three groups, so one question "
            f"can leave you with a third of them or fewer (Cushing et al., section 3). The best yes/no question, "
            f"{two.short}, wins only {format_fraction(two.value)}; {best[0].short} wins "
            f"{format_fraction(best[0].value)}."]


def build_explanation(state: tuple, rules: Rules, options, played: Option | None = None, extra=(),
                      thresholds=THRESHOLDS) -> Explanation:
    """An :class:`Explanation` from every move's :class:`Option` at ``state`` (numbered game or board of faces):
    the headline, the move played, how the numbers work, why guessing or a bold question is right (or not), and
    ``extra`` reasons (the board's: which question splits best)."""
    n, m = state
    options = tuple(sorted(options, key=lambda o: -o.value))
    if not options:
        raise ValueError(f"there is no move at ({n}, {m}): the game is already over")
    chance = options[0].value
    best = tuple(o for o in options if o.value == chance)
    reasons = [_headline(n, m, chance, best)]
    if played is not None:
        reasons.append(_played_words(chance, played, thresholds))
    reasons.append(_HOW_TO_READ)
    reasons += _guess_reasons(n, m, rules, options, played)
    reasons += _bold_reasons(n, m, rules, options, best, played)
    reasons += _paradox_reasons(options, best)
    reasons += list(extra)
    return Explanation((n, m), rules, chance, options, played, tuple(reasons), _check_thresholds(thresholds))


def explain_move(n, m, move=None, rules="official", solution: Solution | None = None,
                 thresholds=THRESHOLDS) -> Explanation:
    """"Why is this the best move?" at the state (n, m) of the numbered game (you have n suspects, your opponent m,
    your move), against ``move`` if given (GUESS or group sizes, or written as "1:3" or "guess"): every move's exact
    value, the trees of outcomes, and the reasons in words.

    >>> e = explain_move(10, 3, (5, 5), "nica")          # in the weeds: Nica's bold bid is 2
    >>> [o.short for o in e.best], e.label
    (['2:8'], 'blunder')
    """
    rules = get_rules(rules)
    n = check_int(n, "n", 1)
    m = check_int(m, "m", 1)
    if solution is None:
        solution = cached_solution(rules, max(n, m))
    elif not isinstance(solution, Solution) or solution.rules != rules or solution.N < max(n, m):
        raise ValueError(f"solution must be a Solution of the {rules.name!r} rules covering ({n}, {m})")
    if rules.terminal_A(n, m) is not None:
        raise ValueError(f"the game is already over at ({n}, {m}) under the {rules.name!r} rules: there is no move")
    options = [_numbered_option(n, m, mv, rules, solution) for mv in legal_moves(n, rules)]
    played = None
    if move is not None:
        move = parse_move(move, n, rules) if isinstance(move, str) else normalise_move(move, n, rules)
        played = next(o for o in options if o.sizes == move or (o.is_guess and move is GUESS))
    e = build_explanation((n, m), rules, options, played, thresholds=thresholds)
    assert e.chance == solution.P(n, m), "the options and the solver disagree"
    return e


# ==== the review of a game ===================================================================================
@dataclass(frozen=True)
class ReviewedMove:
    """One move of a game, reviewed: its label, its marks, and the mover's own chances (not Player 1's).

    ``before``, ``value``, ``best``, ``after``: the mover's chance before the move, with the move played (before
    the answer), with the best move, and once the answer is known; ``cost = best - value``, ``share = cost /
    best``; ``luck = after - value`` (the answer's doing, zero on average).
    """

    turn: Turn
    name: str
    label: str
    marks: tuple[str, ...]
    before: Fraction
    value: Fraction
    best: Fraction
    after: Fraction

    @property
    def number(self) -> int:
        return self.turn.number

    @property
    def player(self) -> str:
        return self.turn.player

    @property
    def cost(self) -> Fraction:
        return self.best - self.value

    @property
    def share(self) -> Fraction:
        """cost / best (0 for a best move, also where even the best move cannot win)."""
        return self.cost and self.cost / self.best

    @property
    def luck(self) -> Fraction:
        return self.after - self.value

    def words(self) -> str:
        """The move in sentences: who played what, its label, and what the move and then the answer did to the
        mover's chance of winning."""
        whose = _possessive(self.name)
        text = f"Move {self.number}: {self.name} played {self.turn.label} (answer: {self.turn.answer}), {self.label}"
        text += f". {_capital(whose)} chance of winning was {format_fraction(self.before)} before it. "
        text += self.numbers_words()
        return text + (f" Marks: {', '.join(self.marks)}." if self.marks else "")

    def numbers_words(self) -> str:
        """What the move and then the answer did to the mover's chance, in sentences (no symbols)."""
        whose = _possessive(self.name)
        if self.cost:
            text = (f"With this move {whose} chance is {format_fraction(self.value)}; with a best move it would be "
                    f"{format_fraction(self.best)}. So the move gave away {format_fraction(self.cost)}, which is "
                    f"{format_fraction(self.share)} of that chance ({_pct(self.share)}).")
        else:
            text = (f"This is a best move: {whose} chance stays at {format_fraction(self.value)} (both sides "
                    f"playing their best from here).")
        if not self.luck:
            return text + f" The answer ({self.turn.answer}) left it at {format_fraction(self.after)}."
        return text + (f" Then the answer ({self.turn.answer}) took it to {format_fraction(self.after)}: "
                       f"{'up' if self.luck > 0 else 'down'} by {format_fraction(abs(self.luck))}, luck "
                       f"{'for' if self.luck > 0 else 'against'} {self.name}.")


class Review:
    """The review of a game (any :class:`~guesswho_lib.game.record.TwoPlayerGame`, finished or not).

    * :attr:`moves`: every move as a :class:`ReviewedMove` (label, marks, the mover's chances);
    * :meth:`chance` and :attr:`timeline`: each player's exact chance after every move (step 0 is the start);
    * :meth:`summary`: each player's moves by label, their skill (the total cost of their moves) and their luck
      (the total luck of the answers they got); :meth:`explanation`: "why is this the best move?" for any move;
    * :meth:`path`: the states (n, m) each player faced, for the heat map of P(n, m).

    Chances are exact, both sides playing optimally from each point (Cushing et al., equation (1)).  Adding up:
    ``result - start = - cost(Player 1) + cost(Player 2) + luck(Player 1) - luck(Player 2)`` for Player 1 ("you").

    >>> from guesswho_lib.game.play import Game
    >>> g = Game("official", board=4, seed=1)
    >>> _ = g.ask([1, 2])
    >>> r = Review(g)
    >>> r.moves[0].label, r.timeline[0]
    ('inaccuracy', Fraction(9, 16))
    """

    def __init__(self, game: TwoPlayerGame, thresholds=THRESHOLDS, luck_mark=LUCK_MARK):
        if not isinstance(game, TwoPlayerGame):
            raise TypeError(f"game must be a game such as gw.Game(...) or a BoardGame, got {type(game).__name__}")
        self.game = game
        self.thresholds = _check_thresholds(thresholds)
        self.luck_mark = Fraction(luck_mark)
        if not 0 < self.luck_mark <= 1:
            raise ValueError(f"luck_mark must be a fraction in (0, 1], got {luck_mark!r}")
        self.history = tuple(game.history)
        self._explanations: dict[int, Explanation] = {}
        self.moves = tuple(self._review(t) for t in self.history)

    # ---- each move ----
    def _review(self, t: Turn) -> ReviewedMove:
        you = t.player == YOU
        mine = (lambda x: x) if you else (lambda x: 1 - x)
        before, value, best, after = (mine(x) for x in (t.win_before, t.move_value, t.best_value, t.win_after))
        explanation = self.explanation(t.number)
        played = explanation.played
        marks = []
        if played.is_guess:
            marks.append("guess")
        else:
            if _is_bold(played, explanation.options):
                marks.append("bold")
            if len(played.sizes) == 3:
                marks.append("paradox")
        if after - value >= self.luck_mark:
            marks.append("lucky")
        elif value - after >= self.luck_mark:
            marks.append("unlucky")
        if t.number in self.game.hints:
            marks.append("hint")
        label = move_label(best - value, best, self.thresholds)
        return ReviewedMove(t, self.name(t.player), label, tuple(marks), before, value, best, after)

    def explanation(self, number: int) -> Explanation:
        """"Why is this the best move?" at move ``number`` (from 1), against the move played."""
        if not self.history:
            raise ValueError("number: the game has no moves yet")
        number = check_int(number, "number", 1, len(self.history))
        if number not in self._explanations:
            while len(self._explanations) >= KEPT_EXPLANATIONS:      # each holds every move there: keep a few
                del self._explanations[next(iter(self._explanations))]
            self._explanations[number] = self.game.explain(self.history[number - 1])
        return self._explanations[number]

    def name(self, player) -> str:
        """'you' / 'the computer', or 'Player 1' / 'Player 2' in a hot-seat game."""
        return self.game.player_name(player)

    # ---- the whole game ----
    @property
    def start(self) -> Fraction:
        """Player 1's ("your") chance before the first move."""
        return self.history[0].win_before if self.history else self.game.win_probability()

    @property
    def timeline(self) -> tuple[Fraction, ...]:
        """Player 1's exact chance at step 0 (the start) and after every move (1 or 0 once the game is over)."""
        return (self.start, *(t.win_after for t in self.history))

    def chance(self, step: int, player=YOU) -> Fraction:
        """``player``'s exact chance after ``step`` moves (0: at the start)."""
        step = check_int(step, "step", 0, len(self.history))
        p = self.timeline[step]
        return p if player == YOU else 1 - p

    def path(self, player=YOU) -> tuple[tuple[int, tuple], ...]:
        """(move number, (n, m)) for every move of ``player``: the states they faced, their own suspects first."""
        return tuple((t.number, tuple(t.state_before)) for t in self.history if t.player == player)

    def accuracy(self, player=YOU) -> Fraction | None:
        """``player``'s exact accuracy (see the module's docstring): the product of ``1 - share`` over their moves,
        the fraction of their best chance their moves kept; None when they have made no move."""
        mine = [r.share for r in self.moves if r.player == player]
        return accuracy(mine) if mine else None

    def accuracy_words(self, player=YOU) -> str:
        """The accuracy in words: "8/9 (about 88.9%)", "1 (100%: every move a best move)", "no moves yet"."""
        a = self.accuracy(player)
        if a is None:
            return "no moves yet"
        if a == 1:
            return "1 (100%: every move a best move)"
        return f"{format_fraction(a)} ({_pct(a)})"

    def summary(self, player=YOU) -> dict:
        """``player``'s moves by label, how many were best, their skill (``cost``: the chance their moves gave away),
        their ``accuracy`` (:meth:`accuracy`) and their ``luck`` (what the answers to their own moves did to their
        chance; zero on average)."""
        mine = [r for r in self.moves if r.player == player]
        return {"name": self.name(player), "moves": len(mine),
                "labels": {label: sum(r.label == label for r in mine) for label in LABELS},
                "best": sum(r.label == "best" for r in mine),
                "cost": sum((r.cost for r in mine), Fraction(0)),
                "accuracy": self.accuracy(player),
                "luck": sum((r.luck for r in mine), Fraction(0))}

    def where_the_chance_went(self, player=YOU) -> str:
        """Where ``player``'s chance of winning went over the game, in sentences: from the start to now, what
        their moves and the other player's gave away, and what the answers did; the four add up exactly to the
        change (``now - start = - own cost + other's cost + own luck - other's luck``)."""
        other = COMPUTER if player == YOU else YOU
        me, them = self.summary(player), self.summary(other)
        name, other_name = self.name(player), self.name(other)
        whose, theirs = _possessive(name), _possessive(other_name)
        start, now = self.chance(0, player), self.chance(len(self.moves), player)
        change = now - start

        def moved(x: Fraction) -> str:
            return ("did not change it" if not x else
                    f"{'raised' if x > 0 else 'lowered'} it by {format_fraction(abs(x))}")

        terms = [(-me["cost"], f"{whose} moves"), (them["cost"], f"{theirs} moves"),
                 (me["luck"], f"answers to {name}"), (-them["luck"], f"answers to {other_name}")]
        check = " ".join(f"{'-' if x < 0 else '+' if k else ''}{' ' if k or x < 0 else ''}"
                         f"{format_fraction(abs(x))} ({what})" for k, (x, what) in enumerate(terms))
        given = (f"{_capital(theirs)} moves gave away nothing." if not them["cost"] else
                 f"{_capital(theirs)} moves gave away {format_fraction(them['cost'])} of "
                 f"{'their' if other_name != 'you' else 'your'} chance, and that went to {name}.")
        return (f"{_capital(whose)} chance of winning was {format_fraction(start)} at the start and is "
                f"{format_fraction(now)} now: " + (f"{'up' if change > 0 else 'down'} by "
                                                   f"{format_fraction(abs(change))}." if change else "no change.")
                + f" {_capital(whose)} own moves gave away "
                + (f"{format_fraction(me['cost'])} of it. " if me["cost"] else "nothing. ") + given +
                f" The answers to {whose} own moves {moved(me['luck'])}; the answers to {theirs} moves "
                f"{moved(-them['luck'])}. Skill and luck add up to the change exactly: {check} = "
                f"{'-' if change < 0 else ''}{format_fraction(abs(change))}.")

    def result_text(self) -> str:
        return self.game.result_text()

    def text(self) -> str:
        """The review as a plain-text table, then each player's summary."""
        lines = [f"{'#':>3}  {'who':12} {'move':28} {'label':11} {'cost':>7}  {'chance before > after':24} marks"]
        for r in self.moves:
            move = (r.turn.label if len(r.turn.label) <= 28 else r.turn.label[:25] + "...")
            lines.append(f"{r.number:>3}  {r.name:12} {move:28} {r.label:11} {format_fraction(r.cost):>7}  "
                         f"{format_fraction(r.before) + ' > ' + format_fraction(r.after):24} {', '.join(r.marks)}")
        for player in (YOU, COMPUTER):
            s = self.summary(player)
            labels = ", ".join(f"{v} {k}" for k, v in s["labels"].items() if v)
            lines.append(f"{s['name']}: {plural(s['moves'], 'move')} ({labels or 'none'}); accuracy "
                         f"{self.accuracy_words(player)}; skill: gave away {format_fraction(s['cost'])}; luck of the "
                         f"answers: {format_fraction(s['luck'])}.")
        lines.append(self.where_the_chance_went(YOU))
        lines.append(self.result_text())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Review({self.game!r}, moves={len(self.moves)})"

    def _repr_html_(self) -> str:
        """What a notebook shows: the whole review at its last move (:func:`~guesswho_lib.game.pages.review_html`;
        ``gw.widgets.ReviewWidget(game)`` steps through the moves)."""
        return review_html(self)
