"""Exercises for extension lesson x3: codes and bounds (Paz & Peterfreund).

Every right answer is computed by the library when the checker runs.
"""

from __future__ import annotations

import numbers

from ..board.traits import load_board
from ..imperfect.codes import hamming_code, parity_code
from ..imperfect.minimum import minimum_questions
from . import exercise
from .answers import Feedback

BOARD = load_board()

# x3.2: ARI's answers to the six parity-code questions (None = "don't know")
ARI_ANSWERS = ("yes", "no", None, "yes", "no", "yes")
# x3.3: VAL's answers to the nine Hamming-code questions (exactly one is a lie)
VAL_ANSWERS = ("yes", "no", "no", "yes", "no", "yes", "yes", "no", "no")


def _bits(answers):
    return tuple(None if a is None else int(a == "yes") for a in answers)


def ari_character() -> str:
    return BOARD.names[parity_code(BOARD.n).decode(_bits(ARI_ANSWERS))]


def val_character_and_lie() -> tuple[str, int]:
    code = hamming_code(BOARD.n)
    received = _bits(VAL_ANSWERS)
    i = code.decode(received, lies=1)
    lie = next(l for l, (a, b) in enumerate(zip(received, code.words[i])) if a != b)
    return BOARD.names[i], lie + 1


def _int_answer(answer, right, what):
    if isinstance(answer, bool) or not isinstance(answer, int):
        return Feedback(False, f"Give a whole number of questions, not {answer!r}.")
    if answer == right:
        return Feedback(True, f"{right} {what}.")
    if answer < right:
        return Feedback(False, f"{answer} is too few: some character and some behaviour of the chooser "
                               "would leave two characters possible.")
    return Feedback(False, f"{answer} questions work, but fewer already suffice.")


@exercise("x3.1", "Predetermined questions against NATAN for 24 characters", 1,
          hint="Each answer is one bit; how many bit patterns do you need?")
def _ex1(answer):
    return _int_answer(answer, minimum_questions(24, adaptive=False).value,
                       "questions: 2^5 = 32 >= 24 answer patterns, while 2^4 = 16 are too few")


@exercise("x3.2", "Decode ARI's answers with the parity bit", 1,
          hint="The number of 'yes' answers (1s) in every codeword is even: fill in the '?' to make it so.")
def _ex2(answer):
    right = ari_character()
    if answer == right:
        return Feedback(True, f"The '?' must make the number of 1s even; the five data bits then spell {right}.")
    if answer not in BOARD.names:
        return Feedback(False, f"Answer with a name from the board, e.g. 'Ada'; got {answer!r}.")
    return Feedback(False, f"{answer} does not match the answers once the '?' is filled in.")


@exercise("x3.3", "Catch VAL's lie with the Hamming code", 2,
          hint="XOR together the positions (1..9) of the 'yes' answers: the result is the position of the lie.")
def _ex3(answer):
    name, lie = val_character_and_lie()
    if not (isinstance(answer, tuple) and len(answer) == 2):
        return Feedback(False, "Answer with a pair (name, question number of the lie), e.g. ('Ada', 4).")
    who, question = answer
    if isinstance(question, bool) or not isinstance(question, numbers.Integral):
        return Feedback(False, f"Give the question number as an int (1-{len(VAL_ANSWERS)}), not {question!r}: "
                               "e.g. ('Ada', 4).")
    if (who, question) == (name, lie):
        return Feedback(True, f"The syndrome is {lie}: question {lie} was the lie, and the character is {name}.")
    if who == name and question == lie - 1:
        return Feedback(False, "Right character; count the questions from 1, not from 0.")
    if who == name:
        return Feedback(False, "Right character, but the lie was at another question.")
    return Feedback(False, "Not that character: flip the answer at the syndrome position first, then read the code.")


@exercise("x3.4", "Adaptive play against one lie: the fewest questions", 2,
          hint="Berlekamp: each character needs q+1 answer patterns (no lie, or a lie at one of q places).")
def _ex4(answer):
    return _int_answer(answer, minimum_questions(24, lies=1).value,
                       "questions: 24 * (7 + 1) = 192 > 2^7 rules out 7, and the game search wins with 8")


@exercise("x3.5", "Predetermined questions when the chooser may say \"don't know\" twice", 3,
          hint="Two erased answers must never make two codewords agree: what minimum distance is needed?")
def _ex5(answer):
    return _int_answer(answer, minimum_questions(24, erasures=2, adaptive=False).value,
                       "questions: you need distance 3, and no code of length 8 has 24 words at distance 3 "
                       "(Delsarte's bound gives at most 21)")
