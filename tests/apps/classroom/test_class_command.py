"""``python -m guesswho_apps class``, as a teacher reads it: ``class list`` and ``class tally`` print aligned tables
in words (``--json``: the data, for a program), and the commands work as the README prints them, from the folder
of the README's class command (its store, ``class.db``, is the default)."""

from __future__ import annotations

import json
import re

import pytest

from guesswho_apps.classroom import ClassStore, expected_win_rates
from guesswho_apps.cli import main
from guesswho_lib.rules import format_fraction
from class_games import sample_class


def _tables(text: str) -> list[list[str]]:
    """Each table in ``text``: its header, its rule (dashes) and its rows; checks that every row fits the columns
    the rule draws (two spaces between columns, nothing written across them)."""
    lines = text.splitlines()
    tables = []
    for k, line in enumerate(lines):
        if re.fullmatch(r"-+( {2}-+)*", line):
            rows = [lines[k - 1], line]
            for row in lines[k + 1:]:
                if not row.strip():
                    break
                rows.append(row)
            gaps = [m.start() for m in re.finditer(r"  ", line)]
            for row in rows[2:] + rows[:1]:
                assert all(row[g:g + 2] in ("  ", " ", "") for g in gaps), f"not aligned:\n{line}\n{row}"
                assert len(row) <= len(line), f"wider than its columns:\n{line}\n{row}"
            tables.append(rows)
    return tables


def _cells(row: str, rule: str) -> list[str]:
    spans = [m.span() for m in re.finditer(r"-+", rule)]
    return [row[a:b].strip() for a, b in spans]


@pytest.fixture
def sample(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    code, _ = sample_class(store, start="2026-01-05T09:00:00+00:00")
    return store, code


def test_the_tally_is_tables_in_words_with_the_store_s_numbers(sample, capsys):
    store, code = sample
    assert main(["class", "tally", "--store", store.location, "--code", code]) == 0
    out = capsys.readouterr().out
    tally = store.tally(code)
    assert out.startswith(f"Class {code}: {tally['games']} games recorded, {tally['wins']} won by the students")
    activity, settings, moves, players = _tables(out)
    assert activity[0].split()[:2] == ["group", "first"]
    expected = expected_win_rates()
    for group, row in zip(tally["activity"]["groups"], activity[2:]):
        cells = _cells(row, activity[1])
        assert cells[:4] == [group["name"], group["move"], str(group["games"]), str(group["wins"])]
        assert cells[6].startswith(format_fraction(expected[group["move"]]) + " = ")
    assert [_cells(r, settings[1])[4] for r in settings[2:]] == [str(s["games"]) for s in tally["by_settings"]]
    assert [_cells(r, moves[1])[-1] for r in moves[2:]] == [str(m["times"]) for m in tally["costs"]["mistakes"]]
    assert [_cells(r, players[1]) for r in players[2:]] == [[name, str(k)] for name, k in tally["nicknames"]]
    assert "{" not in out and "Left out of every figure below: 2 games" in out

    assert main(["class", "tally", "--store", store.location, "--code", code, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(tally))


def test_the_list_is_a_table(sample, capsys):
    store, code = sample
    second = store.start_session().code
    assert main(["class", "list", "--store", store.location]) == 0
    out = capsys.readouterr().out
    [table] = _tables(out)
    assert _cells(table[0], table[1]) == ["code", "started", "takes games until", "deleted after", "games", "players"]
    rows = {_cells(r, table[1])[0]: _cells(r, table[1]) for r in table[2:]}
    assert set(rows) == {code, second}
    assert rows[code][1] == "2026-01-05 09:00 UTC" and rows[code][4:] == ["102", "27"]
    assert rows[second][4:] == ["0", "0"]
    assert out.rstrip().endswith("2 sessions in " + repr(store))
    assert main(["class", "list", "--store", store.location, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(store.sessions()))


def test_the_readme_s_commands_work_from_the_class_command_s_folder(tmp_path, monkeypatch, capsys):
    """The README's class command keeps class.db in the folder it runs in; the class commands read it there
    without --store, as the README prints them."""
    monkeypatch.chdir(tmp_path)
    assert main(["class", "list"]) == 2
    assert "--store: there is no class store at" in capsys.readouterr().err
    assert main(["class", "start"]) == 0
    code = re.search(r"class code (\w{5})", capsys.readouterr().out)[1]
    assert ClassStore(str(tmp_path / "class.db")).open_sessions() == [code]
    assert main(["class", "list"]) == 0 and code in capsys.readouterr().out
    assert main(["class", "tally", "--code", code]) == 0 and f"Class {code}: 0 games" in capsys.readouterr().out
    assert main(["class", "delete", "--code", code]) == 0
    assert ClassStore(str(tmp_path / "class.db")).sessions() == []
