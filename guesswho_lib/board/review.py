""""Why is this the best move?" on a real board, where every question is about traits.

:func:`explain_board` builds the same :class:`~guesswho_lib.game.review.Explanation` as the numbered game
(:func:`~guesswho_lib.game.review.explain_move`): every move with its exact value and its tree of outcomes, from the
exact board solution (:mod:`guesswho_lib.board.solver`), and the reasons in words.  On a board it adds what the
numbered game cannot say: which question achieves the best split, which splits the traits allow at all, what the
best split would be if any group could be asked about, and why no trait gives a better question (every question is
listed with its split and its exact value).

>>> from guesswho_lib.board.solver import cached_board_solution
>>> sol = cached_board_solution()
>>> everyone = sol.everyone
>>> e = explain_board(sol, everyone, everyone)
>>> e.chance, e.best[0].short
(Fraction(9, 16), 'Does your person have brown eyes?')
"""

from __future__ import annotations

from fractions import Fraction

from ..game.review import THRESHOLDS, Branch, Explanation, Option, build_explanation

from ..game.solver import cached_solution
from ..rules import GUESS, format_fraction, format_move
from .solver import BoardMove, BoardSolution

__all__ = ["explain_board", "board_options"]


def _sizes_text(sizes) -> str:
    return "a guess" if sizes is GUESS else format_move(sizes)


def _option(solution: BoardSolution, mine: frozenset, theirs: frozenset, move: BoardMove) -> Option:
    rules = solution.rules
    a = len(mine)
    branches = []
    if move.kind == "guess" and move.guess is None:          # official rules: each suspect is as good
        branches.append(Branch("right", Fraction(1, a), 1, "win", None, None, Fraction(1),
                               "you named the right person: you win"))
        if a > 1:
            branches.append(Branch("wrong", Fraction(a - 1, a), None, "lose", None, None, Fraction(0),
                                   "a wrong guess loses the game"))
        words = f"guess (name one of your {a} suspects)"
    else:
        for label, part in move.answers:
            p = Fraction(len(part), a)
            if label == "right":
                branches.append(Branch("right", p, 1, "win", None, None, Fraction(1),
                                       "you named the right person: you win"))
            elif rules.one_left_wins and len(part) == 1:
                branches.append(Branch(f"{label}: {next(iter(part))}", p, 1, "win", None, None, Fraction(1),
                                       "you are down to one suspect: you win at once (Nica's rules)"))
            else:
                q = solution.P(theirs, part)
                who = (f"{label}: one of {len(part)}" if len(part) > 3 else f"{label}: {', '.join(sorted(part))}")
                note = "the wrong person is crossed out and the turn passes; " if label == "wrong" else ""
                branches.append(Branch(who, p, len(part), "turn passes", (len(theirs), len(part)), q, 1 - q, note))
        words = (f'guess {move.guess}' if move.kind == "guess"
                 else f'ask "{move.text}" (it splits your {a} suspects {_sizes_text(move.sizes)})')
    short = "guess" if move.kind == "guess" and move.guess is None else (
        f"guess {move.guess}" if move.kind == "guess" else move.text)
    value = sum((b.chance * b.your_chance for b in branches), Fraction(0))
    assert value == move.value, "the tree of outcomes and the board solution disagree"
    return Option(move, short, words, move.sizes, value, tuple(branches))


def board_options(solution: BoardSolution, mine, theirs) -> tuple[Option, ...]:
    """Every move at (mine, theirs) on the board as an :class:`~guesswho_lib.game.review.Option` (best first),
    with its tree of outcomes: each answer, how many of your suspects it keeps, the opponent's exact chance there."""
    if not isinstance(solution, BoardSolution):
        raise TypeError(f"solution must be a BoardSolution (gw.solve_board(...)), got {type(solution).__name__}")
    moves = solution.moves(mine, theirs)              # checks mine and theirs
    mine, theirs = frozenset(mine), frozenset(theirs)
    return tuple(_option(solution, mine, theirs, mv) for mv in moves)


def _same(a: BoardMove, b: BoardMove) -> bool:
    return (a.kind, a.question, a.guess) == (b.kind, b.question, b.guess)


def _split_reasons(solution: BoardSolution, mine, theirs, options, played) -> list[str]:
    a, b = len(mine), len(theirs)
    questions = [o for o in options if not o.is_guess]
    if not questions:
        return []
    best = options[0]
    out = []
    splits = sorted({o.sizes for o in questions}, key=lambda s: (-min(s), s))
    out.append(f"On this board every question is about {'traits' if solution.questions == 'pairs' else 'one trait'}, "
               f"so you can only split your {a} suspects the way the traits split them: here "
               + ", ".join(format_move(s) for s in splits) + f" ({len(questions)} questions in all).")
    ideal_rules = solution.rules
    ideal = cached_solution(ideal_rules, max(solution.board.n, a, b))
    if ideal_rules.terminal_A(a, b) is None:
        ideal_moves = ideal.optimal_moves(a, b)
        ideal_text = " or ".join(_sizes_text(s) for s in ideal_moves)
        available = [s for s in ideal_moves if s is not GUESS and s in splits]
        text = (f"If both players could ask about any group of suspects (the numbered game), the best move would be "
                f"{ideal_text}, and your chance {format_fraction(ideal.P(a, b))}. ")
        if ideal.P(a, b) != best.value:
            text += (f"On this board it is {format_fraction(best.value)} instead: both players can only ask about "
                     f"traits, which can help or hurt the player to move. ")
        if best.is_guess:
            text += "Here the best move is the guess."
        elif best.sizes in ideal_moves:
            text += f"The best question here, \"{best.short}\", makes that split."
        elif available:
            text += (f"A question with that split exists here, but \"{best.short}\" ({_sizes_text(best.sizes)}) is "
                     f"worth more on this board.")
        else:
            text += (f"No trait splits your suspects that way, so the best question is the one whose split and "
                     f"suspects come closest in value: \"{best.short}\" ({_sizes_text(best.sizes)}).")
        out.append(text)
    top = [o for o in questions if o.value == questions[0].value]
    out.append("Why no trait does better: the list of every move below gives each question's split and your exact "
               "chance with it, best first. "
               + (f"No other question reaches {format_fraction(top[0].value)}." if len(top) == 1 else
                  f"{len(top)} questions share the best value, {format_fraction(top[0].value)}, and none beats it."))
    by_split: dict = {}
    for o in questions:
        by_split.setdefault(o.sizes, set()).add(o.value)
    if any(len(v) > 1 for v in by_split.values()):
        out.append("Two questions can split your suspects into groups of the same sizes and still be worth "
                   "different amounts: on a board what matters is also which suspects you keep, because your next "
                   "questions must split them too.")
    return out


def explain_board(solution: BoardSolution, mine, theirs, played: BoardMove | None = None,
                  thresholds=THRESHOLDS) -> Explanation:
    """"Why is this the best move?" at (mine, theirs) on a board (the mover suspects ``mine``, the opponent
    ``theirs``; names), against ``played`` (a BoardMove of that state) if given."""
    options = board_options(solution, mine, theirs)
    if not options:
        raise ValueError("there is no move here: the game is already over")
    chosen = None
    if played is not None:
        if not isinstance(played, BoardMove):
            raise TypeError(f"played must be a BoardMove (a move of this board), got {type(played).__name__}")
        chosen = next((o for o in options if _same(o.move, played)), None)
        if chosen is None:
            raise ValueError(f"played: {played.text!r} is not a move at this state")
    options = tuple(sorted(options, key=lambda o: -o.value))
    extra = _split_reasons(solution, frozenset(mine), frozenset(theirs), options, chosen)
    return build_explanation((len(mine), len(theirs)), solution.rules, options, chosen, extra, thresholds)
