"""Exercises for extension lesson x3: codes and bounds (Paz and Peterfreund; beyond the paper: the exact minimum
number of questions, Berlekamp's volume bound, the sphere-packing and Delsarte bounds).

Every right answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from math import comb

from guesswho_lib.imperfect.minimum import minimum_questions
from ..reader.answers import Whole, Word, YesNo
from ..reader.framework import Answer, exercise

CHARACTERS = 24          # the board of the lesson
E1_DISTANCE = 7          # x3.1: lies survived by a code of this minimum distance
SPHERE_LENGTH = 8         # x3.3: sphere-packing bound for codes of this length and distance 3
VOLUME_LIES = 2           # x3.2: Berlekamp's volume bound with this many lies, adaptive
E4_ERASURES = 2          # x3.4: predetermined questions against this many "don't know" answers
E5_QUESTIONS = 9         # x3.5: the most characters this many adaptive questions handle against one lie


def volume(q: int, lies: int) -> int:
    """Answer patterns one character can produce with q answers and at most ``lies`` lies: sum of C(q, i)."""
    return sum(comb(q, i) for i in range(lies + 1))


@exercise("x3-lies-a-code-survives", "Lies a code survives", level=1, kind=Whole("a number of lies"),
          about=f"the number of lies a code of minimum distance {E1_DISTANCE} always survives",
          hint="After t lies the received word is t places from the truth and at least d - t from any other "
               "codeword. Decoding to the nearest codeword works while t < d - t.")
def _():
    d = E1_DISTANCE
    right = max(t for t in range(d) if t < d - t)
    return Answer(right, wrong={d - 1: "that is the number of \"don't know\" answers it survives: an erasure "
                                       "is a known position, a lie is not.",
                                d: "a code of distance d cannot even survive d erasures."})


@exercise("x3-volume-bound", "Two lies, adaptive: the volume bound", level=2, kind=Whole("a number of questions"),
          about=f"the smallest q with {CHARACTERS} (1 + q + C(q, 2)) <= 2^q",
          hint="With two lies one character can produce 1 + q + q(q-1)/2 answer patterns. Compare both sides for "
               "q = 5, 6, 7, ... until it fits.")
def _():
    q = 0
    while CHARACTERS * volume(q, VOLUME_LIES) > 2 ** q:
        q += 1
    return Answer(q, wrong={q - 1: "with that q the patterns do not yet fit.",
                            minimum_questions(CHARACTERS, lies=1).value: "that is the answer for ONE lie."})


@exercise("x3-sphere-packing-bound", "The sphere-packing bound", level=2, kind=Whole("a number of codewords"),
          about=f"the sphere-packing bound on codewords of length {SPHERE_LENGTH} at distance 3",
          hint="Around each codeword, the words at distance 0 or 1 (1 + q of them) belong to it alone; they "
               "cannot number more than 2^q in all.")
def _():
    q = SPHERE_LENGTH
    return Answer(2 ** q // volume(q, 1), wrong={2 ** q // q: "count the codeword itself too: 1 + q words "
                                                               "around each."})


@exercise("x3-two-don-t-knows", "Two \"don't know\" answers, questions in advance",
          level=2, kind=Whole("a number of questions"),
          about=f"the fewest predetermined questions that find one of {CHARACTERS} characters despite "
                f"{E4_ERASURES} \"don't know\" answers",
          hint="Two erased answers must never make two codewords agree: which minimum distance is needed? Which "
               "other setting of this lesson needs the same distance?")
def _():
    right = minimum_questions(CHARACTERS, erasures=E4_ERASURES, adaptive=False).value
    return Answer(right, wrong={
        minimum_questions(CHARACTERS, erasures=1, adaptive=False).value: "that survives one \"don't know\" only.",
        minimum_questions(CHARACTERS, erasures=E4_ERASURES).value: "may you choose a question after seeing a "
                                                                   "\"don't know\" here, or are all the questions "
                                                                   "fixed before the first answer?"})


@exercise("x3-nine-questions-one-lie", "How many characters do nine questions handle against one lie?", level=3,
          kind=Whole("a number of characters"),
          about=f"the largest n for which {E5_QUESTIONS} adaptive questions always find the character despite "
                "one lie",
          hint=f"Loop over n = 2, 3, 4, ... with imp.minimum_questions(n, lies=1).value; or use the volume bound "
               f"n ({E5_QUESTIONS} + 1) <= 2^{E5_QUESTIONS} and check whether the game search reaches it.")
def _():
    n = 2
    while minimum_questions(n + 1, lies=1).value <= E5_QUESTIONS:
        n += 1
    q = E5_QUESTIONS
    volume_bound = 2 ** q // (q + 1)
    wrong = {2 ** q: f"that is how many characters {q} questions handle with no lie."}
    if volume_bound > n:
        wrong[volume_bound] = ("that is what Berlekamp's volume bound allows, but the game search shows that "
                               f"{q} questions are not enough there: the bound is not always reached.")
    return Answer(n, wrong=wrong)


# ---- one exercise in each section that had none: a shortest formula (section 1), NATAN's answers (section 2), ARI's
# "don't know" (section 3), a liar's answer strings (section 5) --------------------------------------------------------
E6_SET = ("beard", "moustache")        # x3.6: the characters with the first trait and without the second, by name
E7_ANSWERS = ("yes", "no", "no", "yes", "yes")   # x3.7: NATAN's answers to the binary code's questions
E8_SECRET, E8_UNKNOWN = "Ugo", 0       # x3.8: ARI's secret, and the question (from 0) answered "don't know"
E9_CODE = "Hamming"                    # x3.9: the answer strings one secret can produce with at most one lie


def _board():
    from guesswho_lib.board import load_board
    return load_board()


def _names_of(trait_in: str, trait_out: str) -> tuple:
    board = _board()
    return tuple(sorted(set(board.with_trait(trait_in)) - set(board.with_trait(trait_out))))


@exercise("x3-shortest-question", "The shortest question for a set", level=1, kind=Whole("a number of literals"),
          about=f"the size of a shortest formula for the set {{{', '.join(_names_of(*E6_SET))}}}",
          hint="Is there one trait (or its negation) whose column is yes exactly for these characters? If not, can "
               "two literals joined by AND do it?")
def _():
    from guesswho_lib.imperfect import describe
    size = describe(_board(), set(_names_of(*E6_SET))).size
    return Answer(size, wrong={len(_names_of(*E6_SET)): "that many literals would name the characters one by one "
                                                        "(an OR of their rows is longer still): what do they have in "
                                                        "common that the others lack?"})


@exercise("x3-who-is-natan", "Who is NATAN?", level=1, kind=Word(_board().names, what="a name"),
          about=f"the character whose answers to the binary code's questions are {', '.join(E7_ANSWERS)}",
          hint="Write the answers as a binary number (yes = 1, no = 0, the first question first), then count along "
               "the board from Ada = 0.")
def _():
    from guesswho_lib.imperfect import binary_code
    board = _board()
    word = tuple(1 if a == "yes" else 0 for a in E7_ANSWERS)
    words = binary_code(board.n).words
    index = words.index(word)
    wrong = {}
    if tuple(reversed(word)) in words and tuple(reversed(word)) != word:
        wrong[board.names[words.index(tuple(reversed(word)))]] = ("which question stands for the largest power of "
                                                                  "two: the first, or the last?")
    if index + 1 < board.n:
        wrong[board.names[index + 1]] = "where does the count along the board start: at Ada = 0 or Ada = 1?"
    return Answer(board.names[index], wrong=wrong)


@exercise("x3-ari-s-don-t-know", "ARI's \"don't know\"", level=1, kind=YesNo(),
          about=f"the answer to question {E8_UNKNOWN + 1} of the parity code when the secret is {E8_SECRET} and ARI "
                "says \"don't know\" to it",
          hint="The other answers are known. Every codeword of the parity code has an even number of 1s (yes): which "
               "answer makes the count even?")
def _():
    from guesswho_lib.imperfect import parity_code
    board = _board()
    word = parity_code(board.n).words[board.index(E8_SECRET)]
    return Answer("yes" if word[E8_UNKNOWN] else "no")


@exercise("x3-answer-strings", "How many answer strings can the liars make?",
          level=2, kind=Whole("a number of answer strings"),
          about="the number of different answer strings that the 24 secrets together can produce against the Hamming "
                "code's questions, when VAL answers all at once and lies at most once",
          hint="Play one secret with the widget and count its strings: the truthful one, and one for each question VAL "
               "could lie about. Can two secrets ever give the same string? (If they could, could the code decode?)")
def _():
    from guesswho_lib.imperfect import Val, hamming_code, play, val_strategy
    board = _board()
    strings, one = set(), {}
    for secret in range(board.n):
        mine = {tuple(play(val_strategy(board.n), Val(secret, max_lies=0, all_at_once=True)).answers)}
        for position in range(hamming_code(board.n).length):
            run = play(val_strategy(board.n), Val(secret, positions={position}, all_at_once=True))
            mine.add(tuple(run.answers))
        one[secret] = len(mine)
        strings |= mine
    each = set(one.values()).pop()
    return Answer(len(strings), wrong={each: "which secrets did your count cover? Read the question again: whose "
                                             "strings does it ask for, and can two secrets give the same string?"})
