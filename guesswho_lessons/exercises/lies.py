"""Exercises for lesson 07: binary search, one "don't know" and one lie (Paz and Peterfreund, sections 2-4;
the bounds and the exact minimum are the extension lesson x3's).

Every right answer is computed with the library when the exercise is first checked: the codes are those of
:mod:`guesswho_lib.imperfect.codes`, decoded by :meth:`Code.decode`.
"""

from __future__ import annotations

from itertools import product

from guesswho_lib.imperfect.codes import hamming_code, parity_code
from ..reader.answers import Tuple, Whole
from ..reader.framework import Answer, exercise

CHARACTERS = 24                                  # the board of the lesson
E1_CHARACTERS = 100                              # 07.1 and 07.3: a bigger board
E2_ANSWERS = ("yes", "no", "don't know", "yes", "no", "yes")          # 07.2, ARI: five digits, then the parity question
E4_ANSWERS = ("no", "yes", "no", "no", "no", "no", "yes", "no", "no")  # 07.4, VAL: nine Hamming questions, one lie


def _bits(answers) -> list:
    return [1 if a == "yes" else 0 if a == "no" else None for a in answers]


def binary_search_questions(characters: int) -> int:
    """Questions binary search needs, in the worst case, to find one of ``characters`` (halving, rounding up)."""
    left, questions = characters, 0
    while left > 1:
        left, questions = (left + 1) // 2, questions + 1
    return questions


def counting_bound_one_lie(characters: int) -> int:
    """The smallest q with characters * (q + 1) <= 2**q: fewer questions cannot survive one lie (sphere packing)."""
    q = 0
    while characters * (q + 1) > 2 ** q:
        q += 1
    return q


@exercise("07-binary-search", "Binary search on 100 characters", level=1, kind=Whole("a number of questions"),
          about=f"the number of questions binary search needs for {E1_CHARACTERS} characters",
          hint="Halve 100, rounding up, until one character is left, and count the halvings. Or: which power of two "
               "is the first one at least 100?")
def _():
    q = binary_search_questions(E1_CHARACTERS)
    return Answer(q, wrong={q - 1: f"2^{q - 1} answer patterns are not enough for {E1_CHARACTERS} characters.",
                            E1_CHARACTERS - 1: "that is asking about one character at a time; halving does much "
                                               "better."})


@exercise("07-don-t-know", "ARI's \"don't know\"", level=2, kind=Whole("a character's number"),
          about="the number of ARI's character",
          hint="Count the 1s among the five known answers (the sixth is the parity digit): the missing digit makes "
               "the total number of 1s even.")
def _():
    code = parity_code(CHARACTERS)
    received = _bits(E2_ANSWERS)
    right = code.decode(received)
    return Answer(right)          # the other digit's number gets a plain "not": explaining it would give the answer


@exercise("07-counting-one-lie", "Counting against one lie", level=2, kind=Whole("a number of questions"),
          about=f"the smallest q with {E1_CHARACTERS} (q + 1) <= 2^q",
          hint="Try q = 7, 8, 9, ...: compare 100 * (q + 1) with 2**q.")
def _():
    q = counting_bound_one_lie(E1_CHARACTERS)
    return Answer(q, wrong={
        binary_search_questions(E1_CHARACTERS): "that is enough without lies; each character now needs q + 1 patterns.",
        q - 1: f"with that q, {E1_CHARACTERS} (q + 1) is still more than 2^q."})


@exercise("07-catch-the-lie", "Catch VAL's lie",
          level=3, kind=Tuple(Whole(), Whole(), what="a pair (character, question)"),
          about="VAL's character and the question she lied on",
          hint="For each number, count the places where hamming.words[number] differs from the answers "
               "(1 for yes, 0 for no); the character is the one 1 place away, and that place is the lie "
               "(questions are numbered from 1).")
def _():
    code = hamming_code(CHARACTERS)
    received = _bits(E4_ANSWERS)
    who = code.decode(received, lies=1)
    lies = [i + 1 for i, (a, b) in enumerate(zip(received, code.words[who])) if a != b]
    if len(lies) != 1:
        raise ArithmeticError("exercise 07.4's answers must hold exactly one lie")

    def explain(pair):
        c, q = pair
        if not 0 <= c < CHARACTERS:
            return f"characters are numbered 0 to {CHARACTERS - 1}."
        if not 1 <= q <= len(E4_ANSWERS):
            return f"the questions are numbered 1 to {len(E4_ANSWERS)}."
        return "compare the answers with that character's codeword place by place: how many places differ, and where?"
    return Answer((who, lies[0]), explain=explain)


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on new boards) -------------
TICKET_SEARCH = 50        # 07.5: binary search on 50 characters
TICKET_LIE = 20           # 07.6: the counting argument against one lie, for 20 characters


@exercise("07-ticket-binary-search", "Exit ticket: binary search on 50", level=1, kind=Whole("a number of questions"),
          about=f"the fewest questions always enough to find one of {TICKET_SEARCH} characters",
          hint="Halve, rounding up, until one character is left, and count the halvings.")
def _():
    return Answer(binary_search_questions(TICKET_SEARCH))


@exercise("07-ticket-one-lie", "Exit ticket: one lie among 20", level=1, kind=Whole("a number of questions"),
          about=f"the smallest q with {TICKET_LIE} (q + 1) <= 2^q",
          hint="With one lie each character needs q + 1 answer patterns, and q answers give 2^q. Try q = 5, 6, 7, ...")
def _():
    return Answer(counting_bound_one_lie(TICKET_LIE), wrong={
        binary_search_questions(TICKET_LIE): "that is enough without lies; each character now needs q + 1 patterns."})


# ---- the challenge (level 4, optional): answer lists that prove more than one lie ---------------------------------
@exercise("07-challenge-broken-promise", "Challenge: caught breaking her promise",
          level=4, kind=Whole("a number of answer lists"),
          about="the number of lists of nine answers to the Hamming questions that no character explains with at "
                "most one lie",
          hint="A list proves a broken promise when every character's codeword differs from it in 2 places or more. "
               "It may be easier to count the other lists first: those that some character explains with at most one "
               "lie. Section 4's distances will help. Or let Python try every list: format(p, \"09b\") writes p with "
               "nine binary digits, as text: turn each digit into a number with int() before comparing it with a "
               "codeword.")
def _():
    code = hamming_code(CHARACTERS)
    lists = 2 ** code.length
    nearest = [min(sum(a != b for a, b in zip(answers, word)) for word in code.words)
               for answers in product((0, 1), repeat=code.length)]
    caught = sum(1 for answers in product((0, 1), repeat=code.length) if not code.consistent(answers, lies=1))
    per_character = code.length + 1                  # its own codeword, or one answer changed

    def explain(got):
        if not 0 <= got <= lists:
            return f"the number of lists is between 0 and {lists}: nine yes/no answers make 2^{code.length} lists."
        return None
    return Answer(caught, explain=explain, wrong={
        CHARACTERS * per_character: "those are the lists some character explains; the question asks about the "
                                    "lists no character explains.",
        lists - CHARACTERS: "that counts every list that is not exactly a codeword, but a list one place away from "
                            "a codeword is explained by one lie.",
        lists - CHARACTERS * code.length: "each character also explains its own codeword, the list with no lie.",
        lists: "every list? Then even a codeword itself would not fit. Compare like with like: format() gives the "
               "characters \"0\" and \"1\", a codeword the numbers 0 and 1.",
        nearest.count(1): "those are the lists with exactly one lie, one place from a codeword; the question asks "
                          "about the lists no character explains.",
        nearest.count(2): "those are the lists exactly two places from the nearest codeword; some lists are further "
                          "from every codeword, and they prove a broken promise too.",
        sum(d >= 3 for d in nearest): "those are the lists three places or more from every codeword, but two places "
                                      "already prove two lies.",
        0: "then some character would explain every list with at most one lie. Can "
           f"{CHARACTERS} characters do that for all {lists} lists?",
        CHARACTERS: "that counts characters, not lists.",
    })
