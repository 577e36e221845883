"""Exam-style questions with a mark scheme, and exit tickets with their answers, one of each per core lesson; the
questions in the style of A-level papers: marks per part, a command word first, and for each part the DfE A level
mathematics subject content it assesses.

The questions are data (:data:`QUESTIONS`); every number in them is a placeholder of :mod:`.numbers`, computed by
the library when the paper is written (a test checks that no fraction, decimal or percentage is typed in).  A
part's marks are its mark scheme's marks: M (method), A (accuracy, after the M it follows) and B (independent), one
mark each, as exam boards write them.

Content references are those of the DfE's *Mathematics AS and A level content* (2016), whose lettering the exam
boards' specifications keep (A Proof, B Algebra and functions, D Sequences and series, M Probability, N Statistical
distributions; OT1-OT3 the overarching themes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..curriculum import LESSONS
from ..licence import notice
from .numbers import fill

__all__ = ["CONTENT", "COMMAND_WORDS", "Mark", "Part", "Question", "QUESTIONS", "questions", "content_label",
           "exam_markdown", "exam_story", "scheme_story", "write_exam", "EXIT_TICKETS", "exit_tickets",
           "tickets_story", "tickets_answers_story", "practice_notebook"]

HEADER = "Guess Who? maths"

#: reference -> what it covers (DfE A level mathematics subject content)
CONTENT = {
    "OT1": "overarching theme 1: mathematical argument, language and proof",
    "OT3": "overarching theme 3: mathematical modelling",
    "A1": "proof: the structure of a proof, proof by deduction, disproof by counter-example",
    "B1": "algebra and functions: the laws of indices",
    "D5": "sequences and series: geometric sequences and series, the sum to infinity when |r| < 1",
    "M1": "probability: mutually exclusive and independent events",
    "M2": "probability: conditional probability, tree diagrams, the conditional probability formula",
    "M3": "probability: modelling with probability, critiquing assumptions",
    "N1": "statistical distributions: the binomial distribution as a model, calculating its probabilities",
}

#: the command words a part may start with (as in A-level papers)
COMMAND_WORDS = ("Show that", "Find", "Explain", "Hence", "State", "Write down", "Verify")


@dataclass(frozen=True)
class Mark:
    """One mark of a mark scheme: ``kind`` M, A or B, and what earns it (placeholders allowed)."""
    kind: str
    text: str


@dataclass(frozen=True)
class Part:
    text: str
    assesses: tuple[str, ...]           # keys of CONTENT
    scheme: tuple[Mark, ...]

    @property
    def marks(self) -> int:
        return len(self.scheme)


@dataclass(frozen=True)
class Question:
    lesson: str                         # a core lesson's id
    stem: str
    parts: tuple[Part, ...]

    @property
    def marks(self) -> int:
        return sum(p.marks for p in self.parts)


def _M(text):
    return Mark("M", text)


def _A(text):
    return Mark("A", text)


def _B(text):
    return Mark("B", text)


OFFICIAL = ("In *Guess Who?* (official rules) a player either asks a yes/no question about a group of their suspects "
            "or guesses one; a wrong guess loses at once. P(n, m) is the chance that the player to move wins when "
            "they have n suspects left and their opponent m, both playing as well as possible. Each suspect is "
            "equally likely to be the opponent's person.")

QUESTIONS = (
    Question("00", OFFICIAL, (
        Part("Explain why P(1, m) = 1 for every m >= 1.", ("OT1",),
             (_B("With one suspect left it must be the opponent's person: the mover names it and wins for "
                 "certain."),)),
        Part("Show that P(2, 1) = {{P 2 1}}.", ("M1",),
             (_M("Considers both moves: a guess wins with chance {{value 2 1 G}}; a question leaves the opponent "
                 "with one suspect, who then wins, so the question is worth {{value 2 1 1:1}}."),
              _A("The better of the two: P(2, 1) = {{P 2 1}}."))),
        Part("Find the chance of winning at (3, 2) if the mover asks about one of their three suspects. You may "
             "use P(2, 1) = {{P 2 1}} and P(2, 2) = {{P 2 2}}.", ("M2",),
             (_M("A tree: yes with chance {{yes 1 3}}, then the opponent moves at (2, 1); no with chance "
                 "{{yes 2 3}}, then the opponent moves at (2, 2)."),
              _M("The mover wins when the opponent does not: 1 - {{yes 1 3}} × P(2, 1) - {{yes 2 3}} × P(2, 2)."),
              _A("1 - {{yes 1 3}} × {{P 2 1}} - {{yes 2 3}} × {{P 2 2}} = {{value 3 2 1:2}}"))),
        Part("Hence state the best move at (3, 2), giving a reason.", ("OT1",),
             (_B("{{best 3 2}}: the question's {{value 3 2 1:2}} is more than a guess's {{value 3 2 G}}."),)),
    )),
    Question("01", OFFICIAL + " At (n, m) the mover may ask about a group of a of their n suspects, "
             "1 <= a <= n - 1.", (
        Part("Explain why the mover's chance after this question is "
             "1 - (a/n) P(m, a) - ((n - a)/n) P(m, n - a).", ("M2", "OT3"),
             (_B("The answer is yes with chance a/n, as each suspect is equally likely; then the opponent moves "
                 "with m suspects against a (and no: n - a, with chance (n - a)/n)."),
              _B("After the answer it is the opponent's turn, and the mover wins exactly when the opponent does "
                 "not: each branch gives its chance times one minus the opponent's chance."))),
        Part("Find the value of each move at (4, 2): a guess, a question about one suspect (1:3) and a question "
             "about two (2:2). You may use P(2, 1) = {{P 2 1}}, P(2, 2) = {{P 2 2}} and P(2, 3) = {{P 2 3}}.",
             ("M2",),
             (_B("Guess: {{value 4 2 G}}."),
              _M("1:3: 1 - {{yes 1 4}} × P(2, 1) - {{yes 3 4}} × P(2, 3)."),
              _A("1 - {{yes 1 4}} × {{P 2 1}} - {{yes 3 4}} × {{P 2 3}} = {{value 4 2 1:3}}"),
              _M("2:2: 1 - {{yes 2 4}} × P(2, 2) - {{yes 2 4}} × P(2, 2)."),
              _A("1 - {{yes 2 4}} × {{P 2 2}} - {{yes 2 4}} × {{P 2 2}} = {{value 4 2 2:2}}"))),
        Part("Hence write down P(4, 2) and the best move at (4, 2).", ("OT1",),
             (_B("P(4, 2) = {{P 4 2}}, by the move {{best 4 2}} (the largest of the three)."),)),
        Part("Show that P(n, m) is not always equal to P(m, n).", ("A1",),
             (_B("A counter-example: P(2, 3) = {{P 2 3}} but P(3, 2) = {{P 3 2}}."),)),
    )),
    Question("02", OFFICIAL + " Both players have four suspects: the state (4, 4).", (
        Part("Show that halving (asking about two of the four suspects, 2:2) gives the mover {{value 4 4 2:2}}. "
             "You may use P(4, 2) = {{P 4 2}}.", ("M2",),
             (_M("1 - {{yes 2 4}} × P(4, 2) - {{yes 2 4}} × P(4, 2): both answers leave the opponent at (4, 2)."),
              _A("1 - {{yes 2 4}} × {{P 4 2}} - {{yes 2 4}} × {{P 4 2}} = {{value 4 4 2:2}}"))),
        Part("Show that asking about one suspect (1:3) gives {{value 4 4 1:3}}. You may use P(4, 1) = {{P 4 1}} "
             "and P(4, 3) = {{P 4 3}}.", ("M2",),
             (_M("A tree: yes with chance {{yes 1 4}} to (4, 1), no with chance {{yes 3 4}} to (4, 3), the "
                 "opponent to move."),
              _M("1 - {{yes 1 4}} × P(4, 1) - {{yes 3 4}} × P(4, 3)."),
              _A("1 - {{yes 1 4}} × {{P 4 1}} - {{yes 3 4}} × {{P 4 3}} = {{value 4 4 1:3}}"))),
        Part("Explain how parts (a) and (b) disprove a student's claim that \"halving is always a best "
             "question\".", ("A1",),
             (_B("At (4, 4) the question 1:3 is worth {{value 4 4 1:3}}, more than halving's {{value 4 4 2:2}}: one "
                 "counter-example disproves a claim about every state."),)),
        Part("Find P(X >= 6), where X is the number of games Team 1:3 wins out of 10 games from (4, 4) in which "
             "it moves first with the question 1:3 and both players then play as well as possible. State a "
             "distribution for X and an assumption it needs.", ("N1", "M3"),
             (_B("X ~ B(10, {{value 4 4 1:3}})."),
              _B("The games are independent, with the same chance of winning each time."),
              _M("P(X >= 6) = 1 - P(X <= 5), or the sum over r = 6, ..., 10 of C(10, r) p^r (1 - p)^(10 - r)."),
              _A("{{binom 10 6 4 4 1:3}} (to 4 decimal places)."))),
    )),
    Question("03", "Under Nica's race-to-one rules no one may guess, and a player who is down to one suspect wins "
             "at once. P(n, m) is the mover's chance with best play. Nica says the mover at (n, m) is *in the "
             "weeds* at level k when 2^(k+1) < n and 2^k < m <= 2^(k+1), and has the *upper hand* at level k when "
             "2^k < n <= 2^(k+1) and m > 2^k (k = 0, 1, 2, ...).", (
        Part("Explain why, under these rules, the mover at (2, m) wins for every m >= 2.", ("OT1",),
             (_B("Asking about one of the two suspects leaves the mover one suspect whatever the answer, so they "
                 "win at once."),)),
        Part("Show that the mover at (40, 5) is in the weeds, and find the level k.", ("B1",),
             (_M("Finds k with 2^k < 5 <= 2^(k+1) and checks 2^(k+1) < 40."),
              _A("k = {{level 40 5}}: the mover is {{weeds 40 5}}."))),
        Part("State the best question at (40, 5), given Nica's Theorem 1.1: in the weeds at level k the best "
             "question asks about 2^k suspects. Explain why it is called a bold play.", ("OT1",),
             (_B("Ask about {{bid 40 5}} of the 40 suspects."),
              _B("It is far from halving: the mover takes a small chance of a big gain (a yes leaves few "
                 "suspects) instead of the slow, safe halving."))),
        Part("Find P(40, 5) exactly, given that in the weeds at level k Theorem 1.1 gives "
             "P(n, m) = 2^(k+1)/n - 2(2^(2k+1) + 1)/(3nm).", ("B1",),
             (_M("Substitutes k = {{level 40 5}}, n = 40 and m = 5."),
              _A("P(40, 5) = {{P 40 5 nica}}"))),
    )),
    Question("04", OFFICIAL + " Both players start with 24 suspects, and P(24, 24) = {{P 24 24}}.", (
        Part("Show that, when a fair coin decides who moves first, the chance that player A wins is {{coin 24}}.",
             ("M1", "M2"),
             (_M("Total probability over the coin: half of P(24, 24) plus half of (1 - P(24, 24))."),
              _A("{{coin 24}}"))),
        Part("Find the probability that A moved first, given that A won.", ("M2",),
             (_M("P(first | won) = P(first and won) / P(won), with P(first and won) half of P(24, 24)."),
              _A("{{given 24}}"))),
        Part("Write down both first players' chances, with 24 suspects each and with 23 each "
             "(P(23, 23) = {{P 23 23}}), as percentages to one decimal place, and state which start is fairer.",
             ("OT1",),
             (_B("{{pct 24 24}} with 24 each, {{pct 23 23}} with 23 each."),
              _B("{{nearer 24 23}}: its chance is nearer one half."))),
    )),
    Question("05", "Under Nica's race-to-one rules (no guessing; a player down to one suspect wins at once), the "
             "boards (3, 2), (6, 4), (12, 8), ... double both players' pools each time. Let "
             "u_j = P(3 × 2^j, 2 × 2^j), so that u_0 = {{doubling 3 2 0}}, u_1 = {{doubling 3 2 1}} and "
             "u_2 = {{doubling 3 2 2}}.", (
        Part("Find u_1 - u_0 and u_2 - u_1, and show that the second is {{ratio 3 2}} times the first.", ("D5",),
             (_M("Subtracts with a common denominator."),
              _A("u_1 - u_0 = {{doubling 3 2 1}} - {{doubling 3 2 0}} = {{step 3 2 0}} and "
                 "u_2 - u_1 = {{doubling 3 2 2}} - {{doubling 3 2 1}} = {{step 3 2 1}}."),
              _A("Their ratio is {{ratio 3 2}}."))),
        Part("Hence find the limit of u_j as j tends to infinity, given that the differences u_(j+1) - u_j form a "
             "geometric sequence with this ratio (it follows from Nica's Theorem 1.1).", ("D5",),
             (_M("u_0 plus the sum to infinity of the differences, (u_1 - u_0) / (1 - r), valid as |r| < 1."),
              _A("{{limit 3 2}} (the value of Nica's continuous game at (3, 2))."))),
        Part("Verify that the model gives u_3 = {{doubling 3 2 3}}.", ("D5",),
             (_B("u_3 = u_2 + r (u_2 - u_1) = {{doubling 3 2 3}}."),)),
        Part("Explain why P(N, N), with equal pools, has no limit as N tends to infinity, given Nica's result "
             "that as N grows P(N, N) comes back as close as you like to {{band low}}, and to {{band high}}, "
             "again and again.", ("OT1",),
             (_B("A limit L would make P(N, N) stay within any small distance of L for all large N; but it keeps "
                 "coming near two different numbers, {{band low}} and {{band high}}, so no such L exists."),)),
    )),
    Question("06", "A paradox question (Cushing et al., section 3) can have a third answer, so the mover may split "
             "their suspects into three groups; each answer has a chance proportional to its group's size. "
             "Write P_T(n, m) for the mover's chance when both players may ask such questions, and P(n, m) under "
             "the official rules.", (
        Part("Show that splitting the suspects 1:1:1 at (3, 3) is worth {{value 3 3 1:1:1 tripartite}}, given "
             "P_T(3, 1) = {{P 3 1 tripartite}}.", ("M2",),
             (_M("Each answer has chance {{yes 1 3}} and leaves the opponent to move at (3, 1)."),
              _M("1 - 3 × {{yes 1 3}} × P_T(3, 1)."),
              _A("1 - 3 × {{yes 1 3}} × {{P 3 1 tripartite}} = {{value 3 3 1:1:1 tripartite}}"))),
        Part("Find the gain from the third answer at (3, 3), given P(3, 3) = {{P 3 3}} under the official rules "
             "and P_T(3, 3) = {{P 3 3 tripartite}}.", ("OT1",),
             (_B("P_T(3, 3) - P(3, 3) = {{gain 3 3}}."),)),
        Part("Explain how a new kind of question can lower the chance of the player to move: at (8, 3) the gain "
             "P_T(8, 3) - P(8, 3) is {{gain 8 3}}.", ("OT1", "M3"),
             (_B("Both players may use it: it helps the opponent in the positions they move from too."),
              _B("At (8, 3) the opponent's gain outweighs the mover's, so the mover's chance falls."))),
    )),
    Question("07", "A player must find one of 24 characters by asking yes/no questions, each chosen after hearing "
             "the answers so far.", (
        Part("Show that 4 questions are not always enough.", ("A1",),
             (_M("q questions have at most 2^q patterns of answers, and each pattern can point to only one "
                 "character."),
              _A("2^4 = 16 < 24."))),
        Part("Hence find the fewest questions that are always enough, and describe a way to find the character "
             "with that many.", ("OT1",),
             (_B("{{questions 24}}, as 2^5 = 32 >= 24."),
              _B("Halve each time (a group of half the remaining characters, rounded up): 24, 12, 6, 3, 2, 1."))),
        Part("Show that, when the opponent may lie once (or not at all), 7 questions are not always enough.",
             ("A1",),
             (_M("Each character needs q + 1 patterns of answers (the truthful one and q with one answer "
                 "changed), and no pattern can serve two characters: 24(q + 1) <= 2^q."),
              _A("For q = 7: 24 × 8 = 192 > 128 = 2^7."))),
        Part("State the fewest questions always enough against at most one lie.", ("OT1",),
             (_B("{{questions 24 lies=1}} (found by the library; Paz and Peterfreund's codes reach it)."),)),
    )),
    Question("08", OFFICIAL + " The cost of a move is P(n, m) minus the chance the mover has after playing it "
             "(both players playing as well as possible afterwards).", (
        Part("Find the cost of guessing at (4, 4), where the best move is worth {{P 4 4}} and a guess "
             "{{value 4 4 G}}.",
             ("OT1",),
             (_M("Cost = P(4, 4) minus the guess's value."),
              _A("{{P 4 4}} - {{value 4 4 G}} = {{cost 4 4 G}}"))),
        Part("Explain why a player who makes only best moves, each costing nothing, can still lose.",
             ("M3",),
             (_B("The answers are random: their luck decides which branch of the tree the game takes."),
              _B("Best play makes the chance of winning as large as possible, but at (4, 4) that is {{P 4 4}}, "
                 "less than 1."))),
        Part("Find E(W), where W is the number of games won out of 1000 games from (4, 4) in each of which the "
             "mover guesses at once, and explain why a simulation of these games rarely gives exactly E(W) wins.",
             ("N1",),
             (_B("W ~ B(1000, {{value 4 4 G}})."),
              _B("E(W) = 1000 × {{value 4 4 G}} = {{mean 1000 4 4 G}}."),
              _B("W varies from one run of 1000 games to the next (the luck of the guesses); any single value, "
                 "even E(W), has a small chance."))),
    )),
    Question("09", "On the real board of {{board people}} people every question asks about one trait, and each "
             "person is equally likely to be the opponent's. One of the best first questions is "
             "\"{{board best}}\", which splits the people {{board best-sizes}}.", (
        Part("Write down the probability that the answer to this question is yes.", ("M1",),
             (_B("{{board best-yes}}"),)),
        Part("Find the probability that the opponent's person is one particular person with the trait, given "
             "that the answer is yes.", ("M2",),
             (_M("P(that person | yes) = P(that person and yes) / P(yes) = P(that person) / P(yes)."),
              _A("{{board best-one}}"))),
        Part("Explain why restricting the questions can change the first player's chance: when both players may "
             "ask only about traits it is {{board start}}; when any group may be asked about it is "
             "P(24, 24) = {{P 24 24}}.", ("M3",),
             (_B("With traits only, not every split of the remaining suspects can be asked later in the game."),
              _B("The restriction holds for both players, so it can help or hurt the first player: the model "
                 "with free questions is an idealisation of the real game."))),
    )),
)


#: an exit ticket per core lesson: lesson -> (question, answer for the teacher), two or three quick ones
EXIT_TICKETS = {
    "00": (("What does the state (3, 1) mean?",
            "The player to move has 3 suspects left and the opponent 1."),
           ("What is P(1, 5), and why?", "1: with one suspect left you name it and win."),
           ("At (2, 1), should you guess or ask about one of your two suspects?",
            "Guess: {{value 2 1 G}}, against {{value 2 1 1:1}} for the question.")),
    "01": (("You ask about a of your n suspects. What is the chance that the answer is yes?", "a/n."),
           ("Find the value of asking about one suspect at (2, 2).",
            "1 - {{yes 1 2}} × {{P 2 1}} - {{yes 1 2}} × {{P 2 1}} = {{value 2 2 1:1}}.")),
    "02": (("At (4, 4), which first question is better: 1:3 or 2:2?",
            "{{best 4 4}}: {{value 4 4 1:3}} against {{value 4 4 2:2}}."),
           ("True or false: halving is always a best question.", "False: (4, 4) is a counter-example.")),
    "03": (("Under Nica's rules, is the mover at (40, 5) in the weeds, or do they have the upper hand?",
            "{{weeds 40 5}} (level {{level 40 5}})."),
           ("What is the best bid at (40, 5)?", "{{bid 40 5}} suspects: a bold play."),
           ("And at (4, 4), under Nica's rules?", "{{weeds 4 4}}: halve, {{best 4 4 nica}}.")),
    "04": (("Who is ahead at the start (24, 24), official rules, and by how much?",
            "The first player: P(24, 24) = {{P 24 24}} ({{pct 24 24}})."),
           ("To make the start fairer, should the second player get fewer or more suspects than 24?",
            "Fewer: {{fair 24}} is the fairest.")),
    "05": (("Under Nica's rules, does P(N, N) settle to one number as N grows?",
            "No: it keeps coming near {{band low}} and near {{band high}}."),
           ("What is the limit of P along the doubled boards (3, 2), (6, 4), (12, 8), ...?",
            "{{limit 3 2}}: the first value plus the sum to infinity of the differences, a geometric series with "
            "ratio {{ratio 3 2}}.")),
    "06": (("Into how many groups can a paradox question split your suspects?", "Three."),
           ("Does a paradox question always help the player to move?",
            "No: at (8, 3) the mover's chance changes by {{gain 8 3}}.")),
    "07": (("What is the fewest number of questions always enough to find one of 24?", "{{questions 24}}."),
           ("Why are 4 questions not enough?", "4 answers give 2^4 = 16 patterns, fewer than 24."),
           ("And against one lie?", "{{questions 24 lies=1}}.")),
    "08": (("What does a move cost?", "P(n, m) minus the value of the move."),
           ("What does halving cost at (4, 4)?", "{{P 4 4}} - {{value 4 4 2:2}} = {{cost 4 4 2:2}}."),
           ("What is luck on average?", "Zero.")),
    "09": (("On the real board, what may a question ask about?", "One trait, for both players."),
           ("\"{{board best}}\" splits the {{board people}} people {{board best-sizes}}. What is the chance of "
            "yes?", "{{board best-yes}}.")),
}


def exit_tickets() -> dict:
    """The exit tickets, checked: one per core lesson, two or three questions each."""
    core = [x.id for x in LESSONS if x.track == "core"]
    if list(EXIT_TICKETS) != core or not all(2 <= len(t) <= 3 for t in EXIT_TICKETS.values()):
        raise ValueError(f"an exit ticket of two or three questions per core lesson: {core}")
    return EXIT_TICKETS


def questions() -> tuple[Question, ...]:
    """The questions in lesson order, checked: one per core lesson, each part with a command word first, content
    references that exist, and M, A and B marks only."""
    core = [x.id for x in LESSONS if x.track == "core"]
    if [q.lesson for q in QUESTIONS] != core:
        raise ValueError(f"one question per core lesson, in order: expected {core}, got "
                         f"{[q.lesson for q in QUESTIONS]}")
    for q in QUESTIONS:
        for k, p in enumerate(q.parts):
            where = f"question for lesson {q.lesson}, part {'abcdefgh'[k]}"
            if not p.text.startswith(COMMAND_WORDS):
                raise ValueError(f"{where}: starts with {p.text.split()[0]!r}, not a command word")
            if not p.assesses or set(p.assesses) - set(CONTENT):
                raise ValueError(f"{where}: assesses {p.assesses}; references are {sorted(CONTENT)}")
            if not p.scheme or {m.kind for m in p.scheme} - set("MAB"):
                raise ValueError(f"{where}: marks must be M, A or B")
    return QUESTIONS



# ---- the paper and its mark scheme ---------------------------------------------------------------------------
LETTERS = "abcdefgh"


def content_label(key: str) -> str:
    """A content reference in words: 'DfE A level maths M2 (probability: conditional probability, ...)'."""
    return f"DfE A level maths {key} ({CONTENT[key]})"


def _heading(k: int, q: Question) -> str:
    lesson = next(x for x in LESSONS if x.id == q.lesson)
    return f"Question {k + 1} · Lesson {lesson.id}, {lesson.title} [{q.marks} marks]"


def _marks(n: int) -> str:
    return f"[{n} mark{'s' if n != 1 else ''}]"


def exam_markdown() -> str:
    """The questions and the mark scheme as Markdown (for the site)."""
    qs = questions()
    out = ["# Exam-style questions", "",
           f"{len(qs)} questions, one per core lesson, {sum(q.marks for q in qs)} marks. Every number is computed by "
           "the library. Each part names the DfE A level mathematics subject content it assesses.", ""]
    for k, q in enumerate(qs):
        out += [f"## {_heading(k, q)}", "", fill(q.stem), ""]
        for i, p in enumerate(q.parts):
            out += [f"**({LETTERS[i]})** {fill(p.text)} **{_marks(p.marks)}**", "",
                    "*Assesses:* " + "; ".join(content_label(c) for c in p.assesses), ""]
    out += ["# Mark scheme", "",
            "M: a method mark; A: an accuracy mark, which needs the M mark before it; B: an independent mark.", ""]
    for k, q in enumerate(qs):
        out += [f"## Question {k + 1} (lesson {q.lesson}) [{q.marks} marks]", "", "| part | mark | answer |",
                "|---|---|---|"]
        for i, p in enumerate(q.parts):
            for j, m in enumerate(p.scheme):
                out.append(f"| {'(' + LETTERS[i] + ')' if j == 0 else ''} | {m.kind}1 | "
                           f"{fill(m.text).replace('|', chr(92) + '|')} |")
        out.append("")
    out += ["# Exit tickets", "", "Two or three quick questions at the end of each core lesson; the answers are for "
            "the teacher.", ""]
    for lesson, ticket in exit_tickets().items():
        out += [f"## Exit ticket · lesson {lesson}", ""]
        for k, (question, answer) in enumerate(ticket):
            out.append(f"{k + 1}. {fill(question)} *Answer:* {fill(answer)}")
        out.append("")
    out.append(notice("content"))
    return "\n".join(out) + "\n"


def exam_story() -> list:
    """The question paper: each question with its parts, their marks, what they assess and room to answer."""
    from . import pdf
    qs = questions()
    story = [pdf.paragraph("Exam-style questions", "title"),
             pdf.paragraph(f"{len(qs)} questions, one per core lesson; {sum(q.marks for q in qs)} marks in all. "
                           "Give exact answers as fractions unless a question asks otherwise. Each part names the "
                           "DfE A level mathematics subject content it assesses.", "small"),
             pdf.paragraph("Name: ______________________   Class: __________   Date: __________", "body")]
    for k, q in enumerate(qs):
        block = [pdf.paragraph(_heading(k, q), "h2"), pdf.paragraph(fill(q.stem))]
        for i, p in enumerate(q.parts):
            block += [pdf.paragraph(f"**({LETTERS[i]})** {fill(p.text)} **{_marks(p.marks)}**"),
                      pdf.paragraph("Assesses: " + "; ".join(content_label(c) for c in p.assesses), "small"),
                      pdf.Spacer(1, 9 * pdf.mm * p.marks)]
        story.append(pdf.KeepTogether(block[:4]))
        story += block[4:]
    return story


def scheme_story() -> list:
    """The mark scheme: for each part, its marks one by one with what earns them."""
    from . import pdf
    qs = questions()
    story = [pdf.paragraph("Mark scheme (for the teacher)", "title"),
             pdf.paragraph("M: a method mark; A: an accuracy mark, which needs the M mark before it; B: an "
                           "independent mark. Every value is exact, computed by guesswho_lib.", "small")]
    for k, q in enumerate(qs):
        rows = [["part", "mark", "answer"]]
        for i, p in enumerate(q.parts):
            rows += [[f"({LETTERS[i]})" if j == 0 else "", f"{m.kind}1", pdf.Paragraph(pdf.inline(fill(m.text)),
                                                                                    pdf.STYLES["cell"])]
                     for j, m in enumerate(p.scheme)]
        story += [pdf.paragraph(f"Question {k + 1} (lesson {q.lesson}) [{q.marks} marks]", "h2"),
                  pdf.table(rows, widths=[14 * pdf.mm, 14 * pdf.mm, 146 * pdf.mm])]
    return story


def _lesson_title(lesson_id: str) -> str:
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    return f"Lesson {lesson.id}, {lesson.title}"


def tickets_story() -> list:
    """The exit tickets on paper: two per A4 page, to cut in half."""
    from . import pdf
    story = []
    for k, (lesson, ticket) in enumerate(exit_tickets().items()):
        block = [pdf.paragraph(f"Exit ticket · {_lesson_title(lesson)}", "h2"),
                 pdf.paragraph("Name: ______________________", "body")]
        for i, (question, _) in enumerate(ticket):
            block += [pdf.paragraph(f"**{i + 1}.** {fill(question)}"), pdf.Spacer(1, 22 * pdf.mm)]
        story.append(pdf.KeepTogether(block))
        story.append(pdf.PageBreak() if k % 2 else pdf.Spacer(1, 12 * pdf.mm))
    return story


def tickets_answers_story() -> list:
    """The exit tickets' answers, for the teacher."""
    from . import pdf
    story = [pdf.paragraph("Exit tickets: answers (for the teacher)", "title")]
    for lesson, ticket in exit_tickets().items():
        rows = [["", "question", "answer"]]
        rows += [[str(i + 1), pdf.Paragraph(pdf.inline(fill(q)), pdf.STYLES["cell"]),
                  pdf.Paragraph(pdf.inline(fill(a)), pdf.STYLES["cell"])] for i, (q, a) in enumerate(ticket)]
        story += [pdf.paragraph(_lesson_title(lesson), "h2"),
                  pdf.table(rows, widths=[8 * pdf.mm, 90 * pdf.mm, 76 * pdf.mm])]
    return story


def practice_notebook() -> dict:
    """The questions as a notebook for practice (nbformat 4, no outputs): each question in a Markdown cell, then an
    empty cell for the working; the library is imported first, to check an answer with it afterwards."""
    def cell(kind, name, text):
        c = {"cell_type": kind, "id": name, "metadata": {}, "source": text}
        return c | ({"execution_count": None, "outputs": []} if kind == "code" else {})

    cells = [cell("markdown", "title", "# Exam-style questions: practice\n\nWork each part by hand first, with exact "
                              "fractions; then check with the library if you like. The mark scheme is separate."),
             cell("code", "imports", "from fractions import Fraction\n\nimport guesswho_lib as gw")]
    for k, q in enumerate(questions()):
        parts = "\n\n".join(f"**({LETTERS[i]})** {fill(p.text)} **{_marks(p.marks)}**"
                             for i, p in enumerate(q.parts))
        cells += [cell("markdown", f"question-{k + 1}", f"## {_heading(k, q)}\n\n{fill(q.stem)}\n\n{parts}"),
                  cell("code", f"working-{k + 1}", "# your working")]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write_exam(out_dir) -> dict[str, Path]:
    """Write the questions, the mark scheme and the exit tickets into ``out_dir``: ``exam.md`` (all of them, for the
    site), ``exam-questions.pdf``, ``mark-scheme.pdf``, ``exit-tickets.pdf`` and ``exit-ticket-answers.pdf`` (A4,
    with the licence; same library, same bytes), and the questions as a notebook, ``exam-practice.ipynb``."""
    from . import pdf
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "exam.md"}
    paths["markdown"].write_text(exam_markdown(), encoding="utf-8")
    paths["questions"] = pdf.build(out / "exam-questions.pdf", exam_story(), f"{HEADER}: exam-style questions")
    paths["mark-scheme"] = pdf.build(out / "mark-scheme.pdf", scheme_story(), f"{HEADER}: mark scheme")
    paths["practice"] = out / "exam-practice.ipynb"
    paths["practice"].write_text(json.dumps(practice_notebook(), indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
    paths["exit-tickets"] = pdf.build(out / "exit-tickets.pdf", tickets_story(), f"{HEADER}: exit tickets")
    paths["exit-ticket-answers"] = pdf.build(out / "exit-ticket-answers.pdf", tickets_answers_story(),
                                             f"{HEADER}: exit tickets, answers")
    return paths
