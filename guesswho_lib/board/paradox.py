"""The paradox question of Cushing et al. (section 1 and its footnote): a question whose truthful answer may be
neither yes nor no, so that the opponent's head explodes and the suspects split three ways.


    >>> paradox_answer("Ada", X={"Ada", "Bram"}, Y={"Chidi"})
    'yes'
    >>> paradox_answer("Chidi", X={"Ada", "Bram"}, Y={"Chidi"})
    'head explodes'
    >>> paradox_answer("Dara", X={"Ada", "Bram"}, Y={"Chidi"})
    'no'
"""

from __future__ import annotations

from typing import Iterable, Sequence


from ..rules import check_int
from .questions import paradox_question as trait_question
from .traits import load_board

__all__ = ["YES", "NO", "EXPLODES", "suspect_names", "truthful_answers", "paradox_answer", "answer_groups",
           "split_of_question", "paradox_question", "paradox_question_in_traits", "sets_for_split"]



YES, NO, EXPLODES = "yes", "no", "head explodes"



def suspect_names(k: int = 24) -> tuple[str, ...]:
    """The first ``k`` characters of the project's own 24-character board (``guesswho_lib.imperfect``)."""

    names = load_board().names
    k = check_int(k, "k", 1, len(names))
    return tuple(names[:k])


def _as_set(names, what: str) -> frozenset:
    if isinstance(names, str):
        raise TypeError(f"{what} must be a collection of names, not a single string {names!r}")
    try:
        return frozenset(names)
    except TypeError:
        raise TypeError(f"{what} must be a collection of names, got {names!r}") from None


def truthful_answers(person, X, Y) -> frozenset:
    """The answers among 'yes' and 'no' that would be *true* answers to the question (*)

        "Is your person in X, OR is your person in Y AND the answer to this question is no?"

    An answer a is truthful when the question's statement, evaluated with 'the answer' set to a,
    is true exactly when a is 'yes' (Cushing et al., section 1).  For a person in Y only, neither
    answer is truthful: that is the paradox.

    >>> sorted(truthful_answers("Bram", {"Ada"}, {"Bram"}))
    []
    """
    X, Y = _as_set(X, "X"), _as_set(Y, "Y")
    ok = set()
    for a in (YES, NO):
        statement = person in X or (person in Y and a == NO)
        if statement == (a == YES):
            ok.add(a)
    return frozenset(ok)


def paradox_answer(person, X, Y) -> str:
    """What the opponent answers to (*) when their person is ``person``: 'yes', 'no', or, when no
    answer is truthful, 'head explodes' -- the third answer that makes the question tripartite."""
    ok = truthful_answers(person, X, Y)
    if len(ok) == 2:  # cannot happen for this question; kept so a wrong edit is noticed
        raise AssertionError("both answers truthful")
    return next(iter(ok)) if ok else EXPLODES


def answer_groups(suspects: Iterable, X, Y) -> dict:
    """Split ``suspects`` by the answer they would produce: {'yes': [...], 'no': [...], 'head explodes': [...]}."""
    groups = {YES: [], NO: [], EXPLODES: []}
    for s in suspects:
        groups[paradox_answer(s, X, Y)].append(s)
    return groups


def split_of_question(suspects: Sequence, X, Y) -> tuple:
    """The move (group sizes, in non-decreasing order, empty groups dropped) that the question (*)
    makes on a board of ``suspects``.  Compare with ``Solution.optimal_moves``."""
    sizes = sorted(len(g) for g in answer_groups(suspects, X, Y).values() if g)
    return tuple(sizes)


def _list_names(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def paradox_question(X, Y, order: Sequence | None = None) -> str:
    """The text of the question (dagger) of Cushing et al., section 3, for the sets X and Y.

    Names in both X and Y only ever produce 'yes', so they are listed in X only (the paper assumes
    X and Y disjoint).  ``order`` (e.g. the board's names) fixes the order names are listed in.

    >>> print(paradox_question({"Ada", "Bram"}, {"Chidi"}))
    Is your person Ada or Bram
    OR
    is your person Chidi AND the answer to this question is no?
    """
    X, Y = _as_set(X, "X"), _as_set(Y, "Y")
    Y = Y - X
    key = (lambda s: list(order).index(s)) if order is not None else str
    xs, ys = sorted(X, key=key), sorted(Y, key=key)
    if not xs and not ys:
        raise ValueError("X and Y are both empty: the question would be 'is the answer to this question no?' "
                         "for nobody; choose at least one name for X or Y")
    if not ys:
        return f"Is your person {_list_names(xs)}?"
    second = f"is your person {_list_names(ys)} AND the answer to this question is no?"
    if not xs:
        return second[0].upper() + second[1:]
    return f"Is your person {_list_names(xs)}\nOR\n{second}"


def paradox_question_in_traits(suspects: Sequence[str], X, Y) -> str | None:
    """The question (*) with X and Y described by the traits of the project's board, when the suspects
    are characters of that board (uses :func:`guesswho_lib.board.questions.paradox_question` on the
    sub-board of ``suspects``); None for other names.  Names in both sets count as X."""

    board = load_board()
    if not set(suspects) <= set(board.names):
        return None
    X, Y = _as_set(X, "X"), _as_set(Y, "Y")
    return trait_question(board.sub_board(list(suspects)), X, Y - X)


def sets_for_split(move: Sequence[int], suspects: Sequence) -> tuple[list, list]:
    """Sets X and Y (from the front of ``suspects``) whose question (*) makes the split ``move``.

    >>> sets_for_split((1, 1, 2), ["Ada", "Bram", "Chidi", "Dara"])
    (['Ada'], ['Bram'])
    """
    parts = [check_int(p, "move group size", 1) for p in move]
    if not 2 <= len(parts) <= 3:
        raise ValueError(f"move must have 2 or 3 groups, got {move!r}")
    if sum(parts) != len(suspects):
        raise ValueError(f"move {tuple(move)!r} must sum to the number of suspects, {len(suspects)}")
    X = list(suspects[:parts[0]])
    Y = list(suspects[parts[0]:parts[0] + parts[1]]) if len(parts) == 3 else []
    return X, Y


