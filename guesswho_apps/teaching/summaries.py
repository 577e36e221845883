"""A one-page summary for the student of each core lesson (what was learned, the key result with its exact value, a
worked example, the course's words it uses) and the glossary of those words, defined as the papers define them.

Text is data with the placeholders of :mod:`.numbers` (no number typed in); :func:`write_summaries` writes one A4
page per lesson and the glossary as a PDF, and both as Markdown for the site.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..curriculum import LESSONS
from ..licence import notice
from .numbers import fill

__all__ = ["GLOSSARY", "SUMMARIES", "Summary", "summaries", "summaries_markdown", "glossary_markdown",
           "write_summaries"]

HEADER = "Guess Who? maths"

#: word -> its meaning in this course (as the papers use it)
GLOSSARY = {
    "state": "The state (n, m): the player to move has n suspects left and the opponent m. Every suspect being "
             "equally likely, it is all that matters for the best move (Cushing et al. call it the board state).",
    "P(n, m)": "The chance that the player to move at the state (n, m) wins when both players play as well as "
               "possible.",
    "official rules": "On your turn, ask a yes/no question about a group of your suspects, or guess one person: a "
                      "right guess wins and a wrong guess loses at once (Cushing et al.).",
    "race-to-one rules": "Nica's rules: no guessing; the first player down to one suspect wins at once.",
    "recurrence": "P(n, m) is the best of a guess, worth one over n, and of every question about a of the n "
                  "suspects, worth 1 - (a/n) P(m, a) - ((n - a)/n) P(m, n - a) (Cushing et al., equation (1)).",
    "split": "A question's group sizes: 1:3 asks about one suspect of four, 2:2 about two of four.",
    "halving": "Asking about half of your suspects (n/2, rounded down): the safe bid, which makes the answers as "
               "equally likely as possible.",
    "bid": "Nica's word for a yes/no question, by its size: a bid of size b asks about b of your n suspects, so the "
           "answer is yes with chance b/n.",
    "bold play": "A bid smaller than half of your suspects (2^k when in the weeds): a small chance, always below "
                 "one half, of a big gain. Nica proves it is the best play when you are in the weeds.",
    "in the weeds": "Nica's name for the states where the mover is far behind: at level k, 2^(k+1) < n and "
                    "2^k < m <= 2^(k+1). There the best bid is 2^k, which depends only on the opponent's pool "
                    "(Nica, Theorem 1.1).",
    "upper hand": "Nica's name for the states where the mover is not far behind: at level k, 2^k < n <= 2^(k+1) "
                  "and m > 2^k. There the best bid is halving (Nica, Theorem 1.1).",
    "the (4, 4) exception": "At (4, 4), under the official rules, the only best question asks about one suspect "
                            "(1:3), not two (2:2): halving is not always best.",
    "first-move advantage": "How much more than one half the first player's chance P(N, N) is when both start "
                            "with N suspects.",
    "fair start": "Pools that make the first player's chance as near one half as possible.",
    "log-periodic": "Repeating the same pattern each time the board doubles: under Nica's rules the values at "
                    "(2n, 2m) are nearly those at (n, m) on large boards, and exactly so in the continuous game.",
    "continuous game": "Nica's race in which pools and bids may be any positive numbers; on large boards P(n, m) "
                       "is within a small correction of the continuous game's value at (n, m).",
    "paradox question": "A question with a third possible answer (the opponent's 'head explodes': no truthful yes "
                        "or no exists), which splits the suspects into three groups (Cushing et al., section 3).",
    "binary search": "Halving the candidates with every question: it finds one of n in log2(n) questions, rounded "
                     "up, and no method always needs fewer.",
    "code": "Questions written down in advance whose answers still pick out the person when some answers are "
            "'don't know' or lies (Paz and Peterfreund).",
    "cost": "What a move gives away: P(n, m) minus the mover's chance after choosing that move, both playing as "
            "well as possible afterwards. A best move costs nothing.",
    "luck": "The change in your chance made by the answer, not by the choice of move: your chance after the "
            "answer minus the value of the move played. It is zero on average.",
    "simulation": "Playing many games with random answers on the computer; the fraction won estimates the exact "
                  "chance, and the estimate wobbles less the more games are played.",
    "trait": "A feature a face on the board has or has not (hair colour, glasses, a hat); on the real board every "
             "question asks about one trait.",
}


@dataclass(frozen=True)
class Summary:
    lesson: str
    learned: tuple[str, ...]
    key: str                      # the key result, with its exact value
    example: tuple[str, ...]      # a worked example, line by line
    words: tuple[str, ...]        # glossary words the summary uses


SUMMARIES = (
    Summary("00", ("A moment of the game is described by its state (n, m): n suspects for the player to move, m "
                   "for the opponent.",
                   "P(n, m) is the mover's chance with best play; with one suspect left you win: P(1, m) = 1.",
                   "A notebook's cells run one at a time, in the order you run them; `Fraction` keeps chances exact."),
            "With two suspects each, P(2, 2) = {{P 2 2}} (official rules): guessing and asking give the same.",
            ("At (2, 1) you may guess: right with chance {{value 2 1 G}}, and a wrong guess loses.",
             "Or you may ask about one of your two: then you have one suspect, but your opponent, who has one too, "
             "moves first and wins. That question is worth {{value 2 1 1:1}}.",
             "So P(2, 1) = {{P 2 1}}, by guessing."),
            ("state", "P(n, m)", "official rules")),
    Summary("01", ("A question about a of your n suspects is answered yes with chance a/n; then your opponent "
                   "moves, and you win when they do not.",
                   "This gives the recurrence, and a table of P(n, m) filled from the smallest states up."),
            "At (4, 2) the best move is {{best 4 2}}, and P(4, 2) = {{P 4 2}}.",
            ("At (3, 2), ask about one suspect (the split 1:2): yes with chance {{yes 1 3}}, no with chance "
             "{{yes 2 3}}.",
             "Your chance: 1 - {{yes 1 3}} × P(2, 1) - {{yes 2 3}} × P(2, 2) = "
             "1 - {{yes 1 3}} × {{P 2 1}} - {{yes 2 3}} × {{P 2 2}} = {{value 3 2 1:2}}.",
             "A guess gives {{value 3 2 G}}, so the best move at (3, 2) is {{best 3 2}}."),
            ("recurrence", "split", "state", "P(n, m)")),
    Summary("02", ("Halving is not always the best question: at (4, 4) asking about one suspect is better.",
                   "A tree diagram shows why: after 1:3 your opponent is left in an awkward state.",
                   "A search through the table finds every state where the mover is behind."),
            "At (4, 4): 1:3 is worth {{value 4 4 1:3}}, halving (2:2) only {{value 4 4 2:2}}. This is the (4, 4) "
            "exception.",
            ("The split 1:3: yes ({{yes 1 4}}) leaves your opponent at (4, 1), worth {{P 4 1}} to them; no "
             "({{yes 3 4}}) leaves them at (4, 3), worth {{P 4 3}}.",
             "Your chance: 1 - {{yes 1 4}} × {{P 4 1}} - {{yes 3 4}} × {{P 4 3}} = {{value 4 4 1:3}}.",
             "2:2: both answers leave them at (4, 2), worth {{P 4 2}}: your chance is {{value 4 4 2:2}}."),
            ("the (4, 4) exception", "halving", "split")),
    Summary("03", ("Under Nica's race-to-one rules the best question depends on who is ahead.",
                   "In the weeds (far behind) the best bid is a bold play of size a power of two; with the upper "
                   "hand it is halving."),
            "At (40, 5) the mover is {{weeds 40 5}} (level {{level 40 5}}): the best bid is {{bid 40 5}}, and "
            "P(40, 5) = {{P 40 5 nica}}.",
            ("At (40, 5): the level k has 2^k < 5 <= 2^(k+1), so k = {{level 40 5}}, and 2^(k+1) < 40: in the "
             "weeds.",
             "The best bid is 2^k = {{bid 40 5}} suspects out of 40: a small chance of a big jump.",
             "At (4, 4) instead the mover has the upper hand and halves: {{best 4 4 nica}}."),
            ("race-to-one rules", "in the weeds", "upper hand", "bid", "bold play")),
    Summary("04", ("Moving first helps: with N suspects each, for every N from 3 to 64, the first player's "
                   "chance is above one half under both rule sets (official rules, N = 2: exactly one half), by "
                   "an amount that depends on the rules and the size.",
                   "A smaller pool for the second player can make the start fairer."),
            "The real game's start: P(24, 24) = {{P 24 24}} ({{pct 24 24}}) for the first player, official rules.",
            ("With 24 suspects each the first player wins {{pct 24 24}} of games played well.",
             "With 23 each: {{pct 23 23}}. The first-move advantage is the amount above one half.",
             "A fair start against 24: the second player's pool that brings the first player's chance nearest "
             "one half is {{fair 24}} suspects."),
            ("first-move advantage", "fair start")),
    Summary("05", ("Zooming out, the table of P (Nica's race-to-one rules) looks nearly the same at every scale: it is "
                   "log-periodic.",
                   "With equal pools the first player's chance never settles: it keeps swinging across the "
                   "continuous game's band."),
            "Under Nica's rules P(N, N) keeps coming back near {{band low}} and near {{band high}}.",
            ("The doubled boards (3, 2), (6, 4), (12, 8), ... give {{doubling 3 2 0}}, {{doubling 3 2 1}}, "
             "{{doubling 3 2 2}}.",
             "The differences, {{step 3 2 0}} then {{step 3 2 1}}, shrink by the factor {{ratio 3 2}} each time.",
             "Their sum to infinity gives the limit {{limit 3 2}}: the continuous game's value at (3, 2)."),
            ("log-periodic", "continuous game", "race-to-one rules")),
    Summary("06", ("A paradox question has a third answer, so it splits your suspects into three groups.",
                   "It can help the player who asks, but both players have it: at some states it hurts the "
                   "mover."),
            "At (3, 3) the paradox question 1:1:1 raises the mover's chance from {{P 3 3}} to "
            "{{P 3 3 tripartite}}.",
            ("At (3, 3) split 1:1:1: each answer has chance {{yes 1 3}} and leaves you one suspect.",
             "Your opponent then moves at (3, 1), worth {{P 3 1 tripartite}} to them.",
             "Your chance: 1 - 3 × {{yes 1 3}} × {{P 3 1 tripartite}} = {{value 3 3 1:1:1 tripartite}}."),
            ("paradox question", "split", "state")),
    Summary("07", ("Binary search finds one of 24 characters in {{questions 24}} questions, and fewer are never "
                   "always enough.",
                   "One 'don't know' costs one extra question; one lie costs more, and a code handles it."),
            "24 characters: {{questions 24}} questions; with one 'don't know' {{questions 24 unknowns=1}}; with "
            "one lie {{questions 24 lies=1}}.",
            ("Four answers give at most 2^4 = 16 patterns, fewer than 24: four questions are not enough.",
             "Five give 2^5 = 32, at least 24: binary search halves 24, 12, 6, 3, 2, 1 in {{questions 24}}.",
             "With one lie each character needs q + 1 patterns: 24 × 8 > 2^7, so seven questions are not "
             "enough."),
            ("binary search", "code")),
    Summary("08", ("Every move has a cost: what it gives away compared with the best move.",
                   "A game's result splits exactly into the costs of the moves and luck, and luck is zero on "
                   "average."),
            "At (4, 4) a guess costs {{P 4 4}} - {{value 4 4 G}} = {{cost 4 4 G}}: the best move is worth "
            "{{P 4 4}}, a guess {{value 4 4 G}}.",
            ("Halving at (4, 4) is worth {{value 4 4 2:2}}: its cost is {{P 4 4}} - {{value 4 4 2:2}} = "
             "{{cost 4 4 2:2}}.",
             "In 1000 games of guessing at (4, 4) you expect {{mean 1000 4 4 G}} wins; a simulation gives a "
             "number near it, different each time.",
             "Change in your chance = - your costs + your opponent's costs + luck."),
            ("cost", "luck", "simulation")),
    Summary("09", ("On the real board every question asks about a trait, and both players are held to that.",
                   "Several first questions tie for the best, and the restriction changes the value of going "
                   "first."),
            "Both players held to traits: the first player's chance is {{board start}}, against {{P 24 24}} with "
            "free questions.",
            ("\"{{board best}}\" splits the {{board people}} people {{board best-sizes}}: yes with chance "
             "{{board best-yes}}.",
             "Given a yes, one particular person with the trait has chance {{board best-one}}.",
             "That question is worth {{board best-value}} to the first player; the worst trait question, "
             "\"{{board worst}}\", {{board worst-value}}."),
            ("trait", "split")),
)


def summaries() -> tuple[Summary, ...]:
    """The summaries in lesson order, checked: one per core lesson, every word they list in the glossary."""
    core = [x.id for x in LESSONS if x.track == "core"]
    if [s.lesson for s in SUMMARIES] != core:
        raise ValueError(f"one summary per core lesson, in order: expected {core}")
    for s in SUMMARIES:
        missing = set(s.words) - set(GLOSSARY)
        if missing:
            raise ValueError(f"summary of lesson {s.lesson}: {sorted(missing)} not in the glossary")
    return SUMMARIES


def _title(s: Summary) -> str:
    lesson = next(x for x in LESSONS if x.id == s.lesson)
    return f"Lesson {lesson.id} · {lesson.title}: summary"


def _parts(s: Summary):
    """(heading, lines, bullets?) of one summary, numbers filled in."""
    yield "What you learned", [fill(t) for t in s.learned], True
    yield "The key result", [fill(s.key)], False
    yield "A worked example", [fill(t) for t in s.example], True
    yield "Words", [f"**{w}**: {GLOSSARY[w]}" for w in s.words], True


def summaries_markdown() -> str:
    """Every summary, then the glossary, as Markdown (for the site)."""
    out = ["# Lesson summaries", "", "One page per core lesson; every number is computed by the library. The "
           "course's words are in the glossary at the end.", ""]
    for s in summaries():
        out += [f"## {_title(s)}", ""]
        for heading, lines, bullets in _parts(s):
            out += [f"**{heading}**", ""] + [("- " if bullets else "") + line for line in lines] + [""]
    return "\n".join(out) + "\n" + glossary_markdown(level=2) + "\n" + notice("content") + "\n"


def glossary_markdown(level: int = 1) -> str:
    out = ["#" * level + " Glossary", ""]
    out += [f"- **{word}**: {meaning}" for word, meaning in GLOSSARY.items()]
    return "\n".join(out) + "\n"


def summaries_story() -> list:
    """One A4 page per core lesson, then the glossary."""
    from . import pdf
    story = []
    for s in summaries():
        story.append(pdf.paragraph(_title(s), "h1"))
        for heading, lines, bullets in _parts(s):
            story.append(pdf.paragraph(heading, "h2"))
            story += [pdf.paragraph(line, "bullet" if bullets else "body") for line in lines]
        story.append(pdf.PageBreak())
    story.append(pdf.paragraph("Glossary", "h1"))
    story += [pdf.paragraph(f"**{word}**: {meaning}", "bullet") for word, meaning in GLOSSARY.items()]
    return story


def write_summaries(out_dir) -> dict[str, Path]:
    """Write ``summaries.md`` and ``summaries.pdf`` (a page per core lesson, then the glossary) into ``out_dir``."""
    from . import pdf
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"summaries-markdown": out / "summaries.md"}
    paths["summaries-markdown"].write_text(summaries_markdown(), encoding="utf-8")
    paths["summaries"] = pdf.build(out / "summaries.pdf", summaries_story(), f"{HEADER}: lesson summaries")
    return paths
