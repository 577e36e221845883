"""The specification references the kit's exam parts and lessons cover: the DfE's *Mathematics AS and A level content*
(2016), and the three English boards' A level Mathematics specifications, AQA 7357, Pearson Edexcel 9MA0 and OCR A
H240; and the Further Mathematics topics the course leads to.

Each board's reference was read from a copy of its specification's text.  Where only the section could be confirmed,
not the number of the statement, the reference is the section alone and :attr:`Ref.confirmed` is False; the grid and
the scheme of work mark it, and say to check it against the board's current specification.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Ref", "CONTENT", "BOARDS", "FURTHER", "content_label"]

#: the boards, in the order the grid lists them
BOARDS = ("AQA 7357", "Edexcel 9MA0", "OCR H240")


@dataclass(frozen=True)
class Ref:
    """One piece of content: the DfE's words, and each board's reference to it (``confirmed``: the statement's
    number was confirmed, not only its section)."""

    dfe: str
    aqa: str
    edexcel: str
    ocr: str
    confirmed: tuple = (True, True, True)     # AQA, Edexcel, OCR

    def boards(self) -> tuple:
        """Each board's reference, with a dagger (†) where only the section is confirmed."""
        return tuple(r + ("" if ok else "†") for r, ok in zip((self.aqa, self.edexcel, self.ocr), self.confirmed))


#: key -> the content it stands for (the keys are the DfE's letters; the exam's parts name them)
CONTENT = {
    "OT1": Ref("overarching theme 1: mathematical argument, language and proof", "OT1", "Overarching theme 1",
               "Overarching theme 1", (True, False, False)),
    "OT2": Ref("overarching theme 2: mathematical problem solving", "OT2", "Overarching theme 2",
               "Overarching theme 2", (True, False, False)),
    "OT3": Ref("overarching theme 3: mathematical modelling", "OT3", "Overarching theme 3", "Overarching theme 3",
               (True, False, False)),
    "A": Ref("proof: the structure of a proof, proof by deduction, disproof by counter-example", "A (Proof)",
             "Pure 1.1", "1.01 (Proof)", (False, True, False)),
    "D": Ref("sequences and series: geometric sequences and series, the sum to infinity of a convergent geometric "
             "series, |r| < 1", "D (Sequences and series)", "Pure 4.5", "1.04i, 1.04j", (False, True, True)),
    "M1": Ref("probability: mutually exclusive and independent events", "M1", "Statistics 3.1", "2.03a"),
    "M2": Ref("probability: conditional probability, tree diagrams, the conditional probability formula", "M2",
              "Statistics 3.2", "2.03b, 2.03c, 2.03d"),
    "M3": Ref("probability: modelling with probability, critiquing the assumptions made", "M3", "Statistics 3.3",
              "2.03e"),
    "N1": Ref("statistical distributions: the binomial distribution as a model, calculating its probabilities "
              "(the mean and variance of a discrete random variable are excluded)", "N (Statistical distributions)",
              "Statistics 4.1", "2.04b, 2.04c", (False, False, True)),
}

#: The Further Mathematics topics the course leads to: (topic, what in the course, where each board has it).
FURTHER = (
    ("recurrence relations", "P(n, m) is defined by a recurrence in two variables (lesson 01), solved in closed "
     "form by Nica (lessons 03 and 05)",
     "Edexcel 9FM0: Decision Mathematics 2 (recurrence relations). AQA 7367 and OCR H245: not confirmed."),
    ("game theory", "a two-player game of chance solved exactly, with the best move at every state (lessons 01, 02 "
     "and 08); its zero-sum structure, one player's win is the other's loss",
     "Edexcel 9FM0: Decision Mathematics 2 (game theory); AQA 7367: the discrete option (game theory for zero-sum "
     "games); OCR H245: Discrete Mathematics, 7.08 (pay-off matrices of zero-sum games)†."),
)


def content_label(key: str) -> str:
    """A content reference in words: 'DfE M2 (probability: conditional probability, ...)'."""
    return f"DfE {key} ({CONTENT[key].dfe})"
