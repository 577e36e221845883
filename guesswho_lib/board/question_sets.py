"""The questions a player may ask on a real board, as data: one trait, two traits, or a paradox question.

A question is known by what it does to the characters: its *answer sets*, disjoint sets of characters
(bit masks on the full board) that together hold everyone.  Asked of a set ``S`` of suspects, it
splits ``S`` into the non-empty parts ``S & answer_set``; it only counts as a move when at least two
parts are non-empty (it "splits" ``S``).

Three question sets (the ``questions`` argument of :func:`question_set`):

* ``"traits"``: one trait, "Does your person wear glasses?".  Asking about a trait or about its
  negation gives the same split, so each trait is one question (worded positively).
* ``"pairs"``: also two traits (or negations) joined by "and" or "or": "Does your person wear glasses
  and not wear a hat?".  "l1 or l2" has the same split as "not l1 and not l2" (the answers swap), so
  each split is kept once, in its plainest words: one trait, else an "and" with the fewest negations,
  else an "or".
* paradox questions (``rules="tripartite"``, only with ``"traits"``): Cushing et al.'s question (*),
  section 1, with one trait (or negation) X and another Y: "Is your person someone who has blond
  hair, OR someone who has brown hair AND the answer to this question is no?".  A person with X
  answers *yes* (the first part is true, and only *yes* is truthful), a person with Y but not X has
  no truthful answer (the third outcome), anyone else answers *no*.  So the answer sets are X,
  Y - X and the rest: sound for any two traits, overlapping or not.

    >>> from guesswho_lib.board.traits import load_board
    >>> b = load_board()
    >>> qs = question_set(b, "traits")
    >>> len(qs), qs[9].text
    (18, 'Does your person wear glasses?')
    >>> question_words(b, [("bald", True)])
    'Is your person bald?'
    >>> question_words(b, [("glasses", True), ("hat", False)], "and")
    'Does your person wear glasses and not wear a hat?'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..rules import Rules, get_rules
from .traits import Board

__all__ = ["BoardQuestion", "QUESTION_SETS", "question_set", "question_words", "trait_question"]

#: The question sets :func:`question_set` knows.
QUESTION_SETS = ("traits", "pairs")

#: Answer labels, in the order of :attr:`BoardQuestion.answer_sets`.
YES, NO, EXPLODES = "yes", "no", "no truthful answer"


@dataclass(frozen=True)
class BoardQuestion:
    """One question, by its words and its answer sets on the full board.

    Attributes
    ----------
    text : str
        The question in words, "Does your person wear glasses?".
    short : str
        Compact form: ``glasses``, ``glasses AND NOT hat``, ``blond hair PARADOX brown hair``.
    traits : tuple of str
        The traits it mentions.
    answers : tuple of str
        The answer labels, ``("yes", "no")`` or ``("yes", "no truthful answer", "no")``.
    answer_sets : tuple of int
        For each answer, the bit mask of the characters (on the full board) who give it.
    """

    text: str
    short: str
    traits: tuple[str, ...]
    answers: tuple[str, ...]
    answer_sets: tuple[int, ...]

    def parts(self, mine: int) -> tuple[int, ...]:
        """The parts of the suspect set ``mine`` (a bit mask), one per answer (some may be empty)."""
        return tuple(mine & a for a in self.answer_sets)

    def splits(self, mine: int) -> bool:
        """True if the question splits ``mine``: at least two answers are possible."""
        return sum(1 for p in self.parts(mine) if p) >= 2

    def answer_for(self, index: int) -> str:
        """The answer given for the character with board index ``index``."""
        for label, a in zip(self.answers, self.answer_sets):
            if a >> index & 1:
                return label
        raise ValueError(f"index must be a character index of the board, got {index!r}")


_BASE_VERB = {"has": "have", "wears": "wear"}


def _base(phrase: str) -> str | None:
    """'has red hair' -> 'have red hair', 'does not wear a hat' -> 'not wear a hat'; None for 'is ...'."""
    if phrase.startswith("does not "):
        return "not " + phrase[len("does not "):]
    verb, _, rest = phrase.partition(" ")
    return f"{_BASE_VERB[verb]} {rest}" if verb in _BASE_VERB else None


def question_words(board: Board, literals, joiner: str = "and") -> str:
    """A yes/no question about one or more traits (``literals``: pairs (trait, positive)), joined by
    ``joiner`` ("and" or "or"), in the phrasing of :data:`guesswho_lib.board.traits.PHRASES`."""
    if joiner not in ("and", "or"):
        raise ValueError(f"joiner must be 'and' or 'or', got {joiner!r}")
    literals = list(literals)
    if not literals:
        raise ValueError("literals must name at least one trait")
    phrases = [board.phrase(t, bool(p)) for t, p in literals]
    bases = [_base(p) for p in phrases]
    if all(b is not None for b in bases):
        return "Does your person " + f" {joiner} ".join(bases) + "?"
    if all(p.startswith("is ") for p in phrases):
        return "Is your person " + f" {joiner} ".join(p[3:] for p in phrases) + "?"
    return "Is your person someone who " + f" {joiner} ".join(phrases) + "?"


def _literal_mask(board: Board, trait: str, positive: bool) -> int:
    col = board.column(trait)
    return col if positive else board.everyone & ~col


def _short(trait: str, positive: bool) -> str:
    return trait if positive else f"NOT {trait}"


def trait_question(board: Board, trait: str) -> BoardQuestion:
    """The single-trait question about ``trait`` ("Does your person wear glasses?")."""
    col = board.column(trait)
    return BoardQuestion(question_words(board, [(trait, True)]), trait, (trait,), (YES, NO),
                         (col, board.everyone & ~col))


def _two_way(board: Board, keep: dict, q: BoardQuestion) -> None:
    """Keep ``q`` unless a question with the same split (its yes set or its no set) is already kept."""
    yes = q.answer_sets[0]
    key = min(yes, board.everyone & ~yes)
    if 0 < yes < board.everyone and key not in keep:
        keep[key] = q


def question_set(board: Board, questions: str = "traits",
                 rules: "str | Rules" = "official") -> tuple[BoardQuestion, ...]:
    """Every question of the set ``questions`` ("traits" or "pairs") on ``board``, plus paradox questions
    over two traits when ``rules`` allow three answers ("tripartite", with "traits" only).

    Questions that split nobody (a trait everyone or no one has) are left out.  Under "traits", two
    traits with the same characters stay two questions (different words, same split); under "pairs"
    each split of the full board is kept once, in its plainest words.
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board, got {type(board).__name__}")
    if questions not in QUESTION_SETS:
        raise ValueError(f"questions must be one of {QUESTION_SETS}, got {questions!r}")
    rules = get_rules(rules)
    full = board.everyone
    out = [trait_question(board, t) for t in board.traits if 0 < board.column(t) < full]
    if questions == "pairs":
        if rules.max_parts == 3:
            raise ValueError("questions must be 'traits' under the 'tripartite' rules (paradox questions are "
                             "built from two traits; paradox questions over pairs are not supported)")
        keep: dict[int, BoardQuestion] = {}
        for q in out:
            _two_way(board, keep, q)
        lits = [(t, p) for t in board.traits for p in (True, False)]
        ands, ors = [], []
        for (t1, p1), (t2, p2) in itertools.combinations(lits, 2):
            if t1 == t2:
                continue
            both = _literal_mask(board, t1, p1) & _literal_mask(board, t2, p2)
            either = _literal_mask(board, t1, p1) | _literal_mask(board, t2, p2)
            neg = (not p1) + (not p2)
            traits = (t1, t2)
            ands.append((neg, BoardQuestion(question_words(board, [(t1, p1), (t2, p2)], "and"),
                                            f"{_short(t1, p1)} AND {_short(t2, p2)}", traits, (YES, NO),
                                            (both, full & ~both))))
            ors.append((neg, BoardQuestion(question_words(board, [(t1, p1), (t2, p2)], "or"),
                                           f"{_short(t1, p1)} OR {_short(t2, p2)}", traits, (YES, NO),
                                           (either, full & ~either))))
        for _, q in sorted(ands, key=lambda x: x[0]) + sorted(ors, key=lambda x: x[0]):
            _two_way(board, keep, q)
        return tuple(keep.values())
    if rules.max_parts == 3:
        seen: set[frozenset] = set()
        lits = [(t, p) for t in board.traits for p in (True, False)]
        pairs = sorted(itertools.permutations(lits, 2), key=lambda pq: (not pq[0][1]) + (not pq[1][1]))
        for (t1, p1), (t2, p2) in pairs:     # fewest negations first: they give the words kept
            if t1 == t2:
                continue
            x = _literal_mask(board, t1, p1)
            y = _literal_mask(board, t2, p2) & ~x
            rest = full & ~(x | y)
            key = frozenset((x, y, rest))
            if not x or not y or not rest or key in seen:
                continue   # fewer than three answer sets (a single-trait split), or the same three sets again
            seen.add(key)
            text = (f"Is your person someone who {board.phrase(t1, p1)}, OR someone who {board.phrase(t2, p2)} "
                    f"AND the answer to this question is no?")
            out.append(BoardQuestion(text, f"{_short(t1, p1)} PARADOX {_short(t2, p2)}", (t1, t2),
                                     (YES, EXPLODES, NO), (x, y, rest)))
    return tuple(out)
