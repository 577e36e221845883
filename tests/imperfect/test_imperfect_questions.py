"""Any subset as a question in words: shortest formula search (guesswho_lib.board.questions)."""

from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from guesswho_lib.board.traits import load_board
from guesswho_lib.board.questions import (Formula, Literal, assumption1_counts, describe,
                                              paradox_question, separable, shortest_formula)

BOARD = load_board()
NAMES = BOARD.names


@settings(max_examples=25)
@given(st.sets(st.sampled_from(NAMES), max_size=4))
def test_formula_set_equals_subset(subset):
    f = shortest_formula(BOARD, subset, max_size=12)
    assert f is not None
    assert f.names(BOARD) == frozenset(subset)
    q = describe(BOARD, subset)
    assert q.names == frozenset(subset) and q.kind in ("formula", "greedy")
    assert q.formula.mask(BOARD) == BOARD.mask(subset)


def _all_formulas_up_to(board, size):
    """Brute force: every DNF / negated DNF with at most `size` literals (small boards only)."""
    lits = [Literal(t, p) for t in board.traits for p in (True, False)]
    terms = [()]
    for k in range(1, size + 1):
        terms += [c for c in combinations(lits, k) if len({l.trait for l in c}) == k]
    masks = {}
    def add(f):
        m = f.mask(board)
        masks[m] = min(masks.get(m, 99), f.size)
    for r in range(0, size + 1):
        for ts in combinations([t for t in terms if t], r):
            if sum(map(len, ts)) <= size:
                add(Formula(ts))
                add(Formula(ts, True))
    return masks


def test_shortest_is_shortest_on_a_small_board():
    small = BOARD.sub_board(["Ada", "Bram", "Chidi", "Dara", "Elif", "Farid"], ["glasses", "hat", "beard", "earrings"])
    best = _all_formulas_up_to(small, 4)
    for mask in range(1 << small.n):
        f = shortest_formula(small, mask, max_size=4)
        if mask in best:
            assert f is not None and f.size == best[mask] and f.mask(small) == mask, mask
        else:
            assert f is None or f.size > 4


def test_examples_in_words():
    q = describe(BOARD, BOARD.with_trait("glasses") - BOARD.with_trait("hat"))
    assert q.text == "Does your person wear glasses and not wear a hat?" and q.size == 2
    assert describe(BOARD, BOARD.with_trait("bald")).text == "Is your person bald?"
    assert describe(BOARD, []).formula.size == 0


def test_names_when_traits_cannot_separate():
    small = BOARD.sub_board(["Ada", "Chidi", "Bram"], ["glasses", "hat"])   # Ada and Chidi look alike
    assert not separable(small, {"Ada"})
    q = describe(small, {"Ada"})
    assert q.kind == "names" and "Ada" in q.text and shortest_formula(small, {"Ada"}) is None


def test_assumption1_fails_on_a_real_board():
    c = assumption1_counts(BOARD)
    assert not c.assumption1_holds
    assert c.subsets == 2 ** 24 and c.single_traits == 18 and c.literals == 36
    assert c.literals <= c.conjunctions < c.subsets
    assert c.formulas == c.subsets          # but every subset is some formula
    assert c.halves_single <= c.halves_conjunction < c.halves


def test_paradox_question():
    text = paradox_question(BOARD, BOARD.with_trait("blond hair"), BOARD.with_trait("brown hair"))
    assert text.startswith("Is your person someone who has blond hair, OR someone who has brown hair AND")
    assert text.endswith("the answer to this question is no?")
    with pytest.raises(ValueError, match="disjoint"):
        paradox_question(BOARD, {"Ada"}, {"Ada", "Bram"})


def test_bad_input():
    with pytest.raises(ValueError, match="name"):
        describe(BOARD, {"Nobody"})
    with pytest.raises(TypeError, match="subset"):
        describe(BOARD, "Ada")
    with pytest.raises(ValueError, match="mask"):
        describe(BOARD, 1 << 30)
    with pytest.raises(ValueError, match="max_size"):
        shortest_formula(BOARD, {"Ada"}, max_size=-1)


def test_a_paradox_question_in_words_keeps_its_groups_apart():
    """Lesson x2's sets ({Ada} and four others of the first nine): the group Y, a negated OR of two terms, reads
    'neither ..., nor ...' inside brackets, apart from the question's own OR and AND (it once read "someone who is not
    someone who ..., or ... AND the answer ...")."""
    from guesswho_lib.board import paradox
    text = paradox.paradox_question_in_traits(paradox.suspect_names(9), ["Ada"], ["Bram", "Chidi", "Dara", "Elif"])
    assert "is not someone who" not in text and "(someone who neither " in text
    head, _, tail = text.partition(", OR (")
    assert head.count("(") == head.count(")") and tail.endswith(") AND the answer to this question is no?")
