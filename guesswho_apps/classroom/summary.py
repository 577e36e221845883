"""The class tally the teacher's page shows, from the rows of a class store (:meth:`.store.ClassStore.rows`).

* **The (4, 4) activity** (Cushing et al., Theorem 2.1 and the classroom activity of their introduction): games
  under the official rules on 4 numbered suspects, the student moving first against the computer playing
  optimally.  A game belongs to a group by the student's **first move**: "ask about one suspect first" (1:3) or
  "split two and two" (2:2); a first guess belongs to neither.  For each group: games, wins, the win rate with
  its 95% Wilson interval, and the exact expectation, the value of that first move with best play afterwards
  by both sides, from the solver: 9/16 and 1/2.
* **The tally measures the class, not a student's choice**: a game a student could have arranged is recorded but
  left out of every figure, and counted, with its reason (:data:`LEFT_OUT`): two players on one screen
  (either can choose who wins), secret persons chosen by the page's address (``seed``: a won game can be
  replayed), or a game beyond the first few of one nickname with the same settings (one student cannot outweigh
  the class).  And a game counts from its student's first move: one left unfinished was finished by the server
  with best play for both sides (a student cannot drop the games going badly); each group says how many.
* **Every game** by settings: games, wins, win rate and interval, and, against the optimal computer, the
  student's exact chance with best play.
* **The class's costly moves**: the student moves that gave away a chance of winning, grouped by position and
  move, most frequent first, with the exact cost of each; and how many moves cost nothing.

Everything is plain data (text, numbers, lists), ready to be sent to the teacher's page as JSON; chances are
exact fractions as text (``"9/16"``), with a float beside them for drawing.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from guesswho_lib.game.simulate import wilson_interval
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import format_fraction, format_percent, parse_move
from .names import numbered

__all__ = ["ACTIVITY", "ACTIVITY_GROUPS", "activity_address", "tally", "expected_win_rates", "MAX_MISTAKES"]

#: The settings of the (4, 4) activity, as the game page's address writes them.
ACTIVITY = {"rules": "official", "board": "4", "computer": "optimal", "first": "you"}
#: The activity's opponent: the computer playing its best.
ACTIVITY_OPPONENTS = ("optimal",)
#: Why a game is left out of the figures (the store's key -> the teacher's page's words).
LEFT_OUT = {"two players": "for two players on one screen (either player can choose who wins)",
            "seed": "whose secret persons the page's address chose (seed=...: a won game can be replayed)",
            "cap": "beyond the first {cap} of one nickname with the same settings (played and reviewed, but one "
                   "student cannot outweigh the class)"}
#: The activity's two groups: the student's first move -> the group's name.
ACTIVITY_GROUPS = {"1:3": "Ask about one suspect first", "2:2": "Split two and two"}
#: Rows of the table of costly moves.
MAX_MISTAKES = 12


def activity_address(code: str) -> str:
    """The game page's address (its query string) for the activity in class ``code``."""
    return "?class=" + code + "".join(f"&{k}={v}" for k, v in ACTIVITY.items())


def expected_win_rates() -> dict:
    """Each group's exact expectation: the value of its first move at (4, 4), both sides playing optimally
    afterwards (Cushing et al., equation (1)): {"1:3": 9/16, "2:2": 1/2}."""
    solution = cached_solution(ACTIVITY["rules"], int(ACTIVITY["board"]))
    n = int(ACTIVITY["board"])
    return {move: solution.value(n, n, parse_move(move)) for move in ACTIVITY_GROUPS}


def _rate(wins: int, games: int, expected: Fraction | None = None) -> dict:
    out = {"games": games, "wins": wins}
    if games:
        lo, hi = wilson_interval(wins, games)
        out.update(rate=format_fraction(Fraction(wins, games)), rate_float=wins / games, low=lo, high=hi,
                   rate_pct=format_percent(Fraction(wins, games)), low_pct=format_percent(lo),
                   high_pct=format_percent(hi))
    if expected is not None:
        out.update(expected=format_fraction(expected), expected_float=float(expected),
                   expected_pct=format_percent(expected))
    return out


def _is_activity(rules, board, computer, you_first) -> bool:
    return (computer in ACTIVITY_OPPONENTS and
            (rules, board, bool(you_first)) == (ACTIVITY["rules"], ACTIVITY["board"], ACTIVITY["first"] == "you"))


def tally(rows: dict, cap: int | None = None) -> dict:
    """The teacher's page's data from :meth:`ClassStore.rows <.store.ClassStore.rows>` (``cap``: the games of a
    nickname with the same settings that count, for the words of :data:`LEFT_OUT`)."""
    expected = expected_win_rates()
    groups = {move: [0, 0] for move in ACTIVITY_GROUPS}      # first move -> [wins, games]
    by_server = {move: 0 for move in ACTIVITY_GROUPS}        # ... of which the server finished
    other_first = 0
    settings: dict = defaultdict(lambda: [0, 0])
    total = wins_all = finished_by_server = 0
    left_out: dict = defaultdict(int)
    for rules, board, computer, you_first, first_move, winner, why, server, count in rows["games"]:
        total += count
        if why:
            left_out[why] += count
            continue
        finished_by_server += count if server else 0
        won = count if winner == "you" else 0
        wins_all += won
        s = settings[(rules, board, computer, bool(you_first))]
        s[0] += won
        s[1] += count
        if _is_activity(rules, board, computer, you_first):
            if first_move in groups:
                groups[first_move][0] += won
                groups[first_move][1] += count
                by_server[first_move] += count if server else 0
            else:
                other_first += count
    activity = [{"move": move, "name": name, **_rate(*groups[move], expected[move]), "by_server": by_server[move]}
                for move, name in ACTIVITY_GROUPS.items()]
    by_settings = []
    for (rules, board, computer, you_first), (wins, games) in sorted(settings.items(), key=lambda kv: -kv[1][1]):
        best = None
        if computer in ("optimal", "human") and board != "faces":        # best play by both sides
            n = 24 if board == "characters" else int(board)
            p = cached_solution(rules, n).P(n, n)
            best = p if you_first else 1 - p
        by_settings.append({"rules": rules, "board": board, "computer": computer,
                            "first": "you" if you_first else "computer", **_rate(wins, games, best)})
    return {"code": rows["code"], "started": rows["started"], "open_until": rows["open_until"],
            "last_game": rows["last_game"], "games": total, "wins": wins_all, "players": len(rows["players"]),
            "finished_by_server": finished_by_server, "counted_per_nickname": cap,
            "nicknames": [[name, count] for name, (_, _, count, _) in
                          zip(numbered([p[1] for p in rows["players"]]), rows["players"])],
            "rows": [{"id": player, "name": name, "nickname": nickname, "games": count} for name, (
                player, nickname, count, _) in zip(numbered([p[1] for p in rows["players"]]), rows["players"])],
            "activity": {"groups": activity, "other_first_move": other_first,
                         "address": activity_address(rows["code"])},
            "by_settings": by_settings, "costs": _costs(rows["moves"]),
            "left_out": {"games": sum(left_out.values()),
                         "reasons": [{"reason": key, "text": LEFT_OUT.get(key, key).format(cap=cap),
                                      "games": left_out[key]}
                                     for key in sorted(left_out, key=lambda k: -left_out[k])]}}


def _costs(moves) -> dict:
    """The students' moves by cost: how many cost nothing, how many each exact cost, and the costly moves most
    often made (position, move, best move, cost, times)."""
    optimal = 0
    by_cost: dict = defaultdict(int)
    mistakes = []
    for rules, board, mine, theirs, move, best, num, den, count in moves:
        cost = Fraction(num, den)
        if cost == 0:
            optimal += count
            continue
        by_cost[cost] += count
        mistakes.append({"rules": rules, "board": board, "you": mine, "computer": theirs, "move": move, "best": best,
                         "cost": format_fraction(cost), "cost_float": float(cost), "times": count})
    mistakes.sort(key=lambda m: (-m["times"], -m["cost_float"], m["move"]))
    costly = sum(by_cost.values())
    return {"moves": optimal + costly, "optimal": optimal, "costly": costly,
            "by_cost": [{"cost": format_fraction(c), "cost_float": float(c), "moves": k}
                        for c, k in sorted(by_cost.items(), key=lambda ck: (-ck[1], -ck[0]))],
            "mistakes": mistakes[:MAX_MISTAKES], "more_mistakes": max(0, len(mistakes) - MAX_MISTAKES)}
