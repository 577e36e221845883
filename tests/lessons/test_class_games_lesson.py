"""Lesson x5, section 4 (a class's own games as data): its cells run on an export of a class session written by the
class server's own code and on the shipped sample, and what they print is the library's exact analysis; every claim
its text makes about the sample (how wide the intervals are, how many games would tell 9/16 from 1/2, each group's
accuracy) is checked here against the sample itself."""

from __future__ import annotations

import contextlib
import io
import re
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path

import nbformat

from class_games import activity_best_game, as_if_drawn
from guesswho_apps.classroom import ClassStore, export_csv, game_record, new_player_id
from guesswho_lib.game.class_data import activity_groups, read_games, sample_paths
from guesswho_lib.game.simulate import wilson_interval

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "extension" / "x5-luck-skill-and-statistics.ipynb"


def _section() -> tuple[list[str], str]:
    """The code cells of section 4 and its text."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    start = next(k for k, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith("## 4."))
    end = next(k for k, c in enumerate(nb.cells) if c.source.startswith("## References"))
    cells = nb.cells[start:end]
    return ([c.source for c in cells if c.cell_type == "code"],
            "\n".join(c.source for c in cells if c.cell_type == "markdown"))


def _run(games_file) -> str:
    """The section's cells as a student runs them (the lesson's imports first), with ``games_file``; what they print."""
    code, _ = _section()
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec("import guesswho_lib as gw\nfrom guesswho_lib import wilson_interval", namespace)
        for k, cell in enumerate(code):
            if k == 0 and games_file is not None:
                cell = cell.replace("games_file = None", f"games_file = {str(games_file)!r}", 1)
            exec(compile(cell, f"<x5 section 4, cell {k}>", "exec"), namespace)
    return out.getvalue()


def _printed_groups(text: str) -> dict:
    return {m[0]: (int(m[1]), int(m[2]), m[3] == "inside") for m in re.findall(
        r"first question (\d:\d): (\d+) won of (\d+) games.*?: (inside|outside) the interval", text)}


def test_an_export_of_a_class_session_reads_back_into_the_lesson(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    start = datetime.now(timezone.utc) - timedelta(hours=1)
    code = store.start_session(now=start).code
    counts = {"1:3": 9, "2:2": 7}
    k = 0
    for (first, count), nickname in zip(counts.items(), ("Sam", "Alex")):     # each under the nickname's cap
        player = new_player_id()
        for seed in range(count):
            store.record_game(code, player, nickname, as_if_drawn(game_record(activity_best_game(seed + 50, first))),
                              now=start + timedelta(seconds=k))
            k += 1
    games_csv, _ = export_csv(store.export_rows(code))
    path = tmp_path / f"class-{code}-games.csv"
    path.write_text(games_csv, encoding="utf-8")
    printed = _printed_groups(_run(path))
    expected = {g["move"]: (g["wins"], g["games"], g["inside"]) for g in activity_groups(read_games(path))}
    assert printed == expected and {m: g for m, (_, g, _) in printed.items()} == counts


def test_the_section_s_claims_hold_for_the_sample():
    printed = _run(None)
    groups = activity_groups(read_games(sample_paths()[0]))
    assert _printed_groups(printed) == {g["move"]: (g["wins"], g["games"], g["inside"]) for g in groups}
    _, text = _section()
    assert "about fifty games" in text and all(40 <= g["games"] <= 60 for g in groups)
    assert "more than a quarter wide" in text and all(g["high"] - g["low"] > 0.25 for g in groups)
    assert all(g["inside"] for g in groups)                       # "they agree with both expectations"
    needed = int(re.search(r"(\d+) games per group", printed).group(1))
    low, high = wilson_interval(needed // 2, needed)
    before = wilson_interval(needed // 2 - 1, needed - 2)
    assert high - low < 1 / 16 <= before[1] - before[0]           # the smallest even number that does it
    accuracy = dict(re.findall(r"first question (\d:\d): accuracy \(how many games\) \{Fraction\((\d+, \d+)\)",
                               printed))
    assert {m: Fraction(*map(int, a.split(", "))) for m, a in accuracy.items()} == {"1:3": 1, "2:2": Fraction(8, 9)}
    assert "scores exactly 1" in text and "\\frac89" in text
