"""What an exam paper must not share with what the students have already seen: the states its questions are set at
(and the number of characters, and the board's first trait) and the results its answers reach, computed with the
independent solver; and :func:`seen_in`, which of them a text prints.  Used on the summaries, the exit tickets and the
lessons' sources (tests/apps/teaching/test_exam_fresh.py) and on the lessons' executed outputs
(tests/lessons/test_notebooks.py)."""

from __future__ import annotations

import re
from fractions import Fraction as F

import independent as ind

from guesswho_apps.teaching import assessment


def items(paper: str) -> dict:
    """kind -> set of strings: "states" ("(3, 11)"), "values" ("28/33", "0.490", "55.8%"), "words"."""
    states, values, words = set(), set(), set()

    def state(a, b):
        states.add(f"({a}, {b})")

    for lesson in assessment.states()[paper]:
        v = assessment.paper_variables(paper, lesson)
        if lesson == "00":
            state(3, v["m"])
            values.add(ind.official_move(3, v["m"], (1, 2)))
        elif lesson == "01":
            state(5, v["m"])
            values |= {ind.official_move(5, v["m"], (1, 4)), ind.official_move(5, v["m"], (2, 3))}
        elif lesson == "02":
            n, m, a = v["n"], v["m"], v["a"]
            state(n, m)
            other = ind.official_move(n, m, (a, n - a))
            values |= {ind.official_move(n, m, (n // 2, n // 2)), other, ind.sig(ind.at_least(10, 6, other))}
        elif lesson == "03":
            state(v["n"], v["m"])
            values.add(ind.race(v["n"], v["m"]))
        elif lesson == "04":
            state(v["N"], v["N"])
            state(v["M"], v["M"])
            values |= {ind.official(v["N"], v["N"]), ind.pct(ind.official(v["N"], v["N"])),
                       ind.pct(ind.official(v["M"], v["M"]))}
        elif lesson == "05":
            u = [ind.race(v["n"] * 2 ** j, v["m"] * 2 ** j) for j in range(4)]
            for j in range(4):
                state(v["n"] * 2 ** j, v["m"] * 2 ** j)
            d = [b - a for a, b in zip(u, u[1:])]
            values |= {d[0], d[1], u[3], u[0] + d[0] / (1 - d[1] / d[0])}
        elif lesson == "06":
            state(v["n"], v["m"])
            state(v["n2"], v["m2"])
            values.add(ind.paradox(v["n"], v["m"]) - ind.official(v["n"], v["m"]))
        elif lesson == "07":
            words.add(f"{v['N']} characters")
        elif lesson == "08":
            state(v["N"], v["N"])
            values |= {ind.official(v["N"], v["N"]) - F(1, v["N"]), ind.sig(ind.at_least(v["games"], 2, F(1, v["N"])))}
        elif lesson == "09":
            words.add(v["t1"])
            values |= {F(v["k"], 24), F(v["j"], v["k"]), F(v["k2"] - v["j"], 24 - v["k"])}
    return {"states": states, "values": {ind.frac(x) if isinstance(x, F) else x for x in values}, "words": words}


def seen_in(text: str, paper: str, words: bool = True) -> list[str]:
    """Every state, result (and word) of the paper that ``text`` prints."""
    found = []
    it = items(paper)
    flat = " ".join(text.split())
    for s in it["states"]:
        a, b = re.findall(r"\d+", s)
        if re.search(rf"\(\s*{a}\s*,\s*{b}\s*\)", flat):
            found.append(s)
    for x in it["values"]:
        if re.search(rf"(?<![\d/.]){re.escape(x)}(?![\d/]|\.\d)", flat):
            found.append(x)
    if words:
        found += [w for w in it["words"] if w in flat]
    return found
