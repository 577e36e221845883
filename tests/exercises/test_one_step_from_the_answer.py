"""The rule for explanations: where the answer follows from a tempting value by one operation (1 - x, -x, swapping
the players, doubling a difference of two chances that add up to 1), the feedback on that value does not confirm
what the value is ("that is your opponent's chance", "the two add up to 1", "right size, wrong sign"): it asks
a question that sends the student back to the method ("whose turn is it at (m, k)?"), and does not do the last
step for the student ("who wins the games in which that guess is wrong?").

Over every exercise of every lesson (the registry), each operation is applied to each right answer; the value it
gives (one step from the answer) is typed as an answer, exactly and as a decimal, and the explanation the feedback
gives for it must name no relation to the answer and must ask a question.  The operations are involutions, so these
are exactly the tempting values from which the answer follows by one of them (the explanations computed by an
exercise's ``explain`` included, not only its table of tempting values)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from guesswho_lessons.reader import Exact, Tuple, Whole, Word
from guesswho_lessons.exercises import all_exercises, get

EXERCISES = all_exercises()

#: Words that tell the student what the value is, relative to the answer: the complement, the sign, the other player.
CONFIRMS = re.compile(
    r"add(?:s|ed)? up to|\bsum\b|\bsign\b|right size|\bcomplement|\bthe rest\b|\bthe other (?:player|side)|"
    r"\bopponent'?s?'? (?:chance|probability|value|win)|(?-i:\bOPPONENT\b)|\bsecond player'?s\b|"
    r"\bfirst player'?s (?:chance|value)|you want yours|\bnegative\b|\bpositive\b|\bminus\b|\b1 [-−] |"
    r"\bthe chance that the answer is no\b|"
    r"\b(?:that|this|it) is (?:the|your) (?:chance|value|probability) (?:of|for|that)\b.*\bopponent|"
    # the order of a subtraction (the sign), and the player the question is about (the complement)
    r"\bfrom which\b|\bwhich player does the question ask about\b|\bthe player the question asks about\b|"
    # how far a chance lies from an even game (half the answer, when the answer is a difference of two chances)
    r"\ban even game\b",
    re.I)

#: Words that do the last step for the student: who wins the games that remain is the answer itself.
COMPUTES = re.compile(r"\bwho wins the (?:other )?games\b|\bwhat fraction of the games\b", re.I)


#: Messages that say only that the value lies outside the range asked about (a probability below 0, an x outside an
#: interval): they name no relation to the answer.
RANGE_ONLY = re.compile(r"is a probability, and a probability lies between 0 and 1\.$|^the question asks for \w+ in "
                        r"[(\[][^)\]]*[)\]]\.$|^the questions are numbered \d+ to \d+\.$")


def one_step_values(kind, right) -> list:
    """The values from which ``right`` follows by one operation: 1 - x and -x of a number (each part of a pair of
    numbers, or all of them), and the pair with its players swapped (a state (n, m) read as (m, n))."""
    out = []
    if isinstance(kind, Exact) and not isinstance(kind, Whole) and isinstance(right, Fraction):
        out += [1 - right, -right]
        if not kind.probability:        # a difference, such as first - second = 2 first - 1 of two chances that
            # add up to 1: each chance, and the distance of the first from an even game, give it by doubling
            out += [(1 + right) / 2, (1 - right) / 2, right / 2]
    elif isinstance(kind, Tuple) and isinstance(right, tuple):
        if len(right) == 2 and right[0] != right[1]:
            out.append((right[1], right[0]))
        numeric = [i for i, k in enumerate(kind.kinds) if isinstance(k, Exact) and not isinstance(k, Whole)]
        for op in (lambda x: 1 - x, lambda x: -x):
            for i in numeric:
                out.append(right[:i] + (op(right[i]),) + right[i + 1:])
            if len(numeric) > 1:
                out.append(tuple(op(x) if i in numeric else x for i, x in enumerate(right)))
    return out


def explanation(message: str) -> str:
    """The part of a feedback message that explains the value typed (after "You gave ...:" or "...;"), without the
    pointer to the hint; "" for the plain "that is not ..." or "not right to its digits"."""
    message = re.sub(r"\s*\(Stuck\? hint\(.*$", "", message)
    m = re.match(r"You gave .*?[:;] (.*)$", message, re.S)
    if not m:
        return ""
    body = m.group(1)
    if re.match(r"(?:that is not|but .* is not|but .* does not begin)\b", body) or body.startswith("that is not "):
        return ""
    body = re.sub(r"^(?:to \d+ decimal places?|to the digits Python shows|as far as it goes), ", "", body)
    if RANGE_ONLY.search(body):         # where the value lies, not what it is: the same for every value out there
        return ""
    return body


def problems(ex) -> list[str]:
    out = []
    rights = ex.answers()
    for right in rights:
        for value in one_step_values(ex.kind, right):
            if any(ex.kind.equal(ex.kind.canonical(value), r) for r in rights):
                continue
            typed = [value] + ([float(value)] if isinstance(value, Fraction) and value.denominator > 1 else [])
            for answer in typed:
                fb = ex.check(answer)
                if fb.ok:
                    continue
                said = explanation(fb.message)
                if not said:
                    continue
                if CONFIRMS.search(said):
                    out.append(f"{ex.id}: {answer!r} confirms what it is: {said!r}")
                elif COMPUTES.search(said):
                    out.append(f"{ex.id}: {answer!r} is explained with the last step of the computation: {said!r}")
                elif "?" not in said:
                    out.append(f"{ex.id}: {answer!r} is explained without a question back to the method: {said!r}")
    return out


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_a_value_one_step_from_the_answer_is_not_confirmed(ex):
    assert problems(ex) == []


def test_the_rule_bites(monkeypatch):
    """01.2's old explanation of 1 - P(3, 3) ("that is your opponent's chance: the two add up to 1") and 09.3's old
    sign message are caught; a question about whose turn it is passes."""
    ex = get("01.2")
    right = ex.answers()[0]
    for old in ("that is your opponent's chance: the two add up to 1.", "right size, wrong sign.",
                "that is the value of guessing."):
        sol = ex.solution()
        monkeypatch.setitem(ex._cache, "solution", type(sol)(*sol.right, wrong={**sol.wrong, 1 - right: old},
                                                             explain=sol.explain, praise=sol.praise))
        assert problems(ex), old
    monkeypatch.setitem(ex._cache, "solution", type(sol)(*sol.right, wrong={
        **sol.wrong, 1 - right: "after your question, whose turn is it, and whose chance does the tree give at "
                                "its ends?"}, explain=sol.explain, praise=sol.praise))
    assert problems(ex) == []
    assert one_step_values(get("00.6").kind, (7, 5)) == [(5, 7)]


def test_the_rule_bites_on_the_old_feedback_of_lessons_00_to_04(monkeypatch):
    """The explanations a referee found one step from the answer: 04.6's "the second player's chance" (11/25) and
    "how far above an even game" (3/50, half the answer), 04.2's "which value does the question take away from
    which?", 04.1's and 04.8's "which player does the question ask about", and 00.3's computation."""
    old = {"04.6": {"(1 - r) / 2": "that is the second player's chance; the question asks for the difference.",
                    "r / 2": "that is how far the first player's chance is above an even game; compare it with the "
                             "second player's chance instead."},
           "04.2": {"-r": "which value does the question take away from which? Read it again, then check your "
                          "subtraction."},
           "04.1": {"1 - r": "which player's chance does P(3, 3) give, and which player does the question ask about?"},
           "04.8": {"1 - r": "who starts the second game, and is your value the chance of the player the question asks "
                             "about?"},
           "00.3": {"1 - r": "after your question it is your opponent's turn at (5, 1): who wins the games in which "
                             "their guess is wrong, and what fraction of the games is that?"}}
    for eid, messages in old.items():
        ex = get(eid)
        r = ex.answers()[0]
        sol = ex.solution()
        for op, words in messages.items():
            value = eval(op, {"r": r})
            monkeypatch.setitem(ex._cache, "solution", type(sol)(*sol.right, wrong={**sol.wrong, value: words},
                                                                 explain=sol.explain, praise=sol.praise))
            assert problems(ex), (eid, words)
        monkeypatch.setitem(ex._cache, "solution", sol)
    assert Fraction(3, 4) in one_step_values(Exact(), Fraction(1, 4)) and Word(["a", "b"])
