"""The numbers a lesson shows follow its declarations, and adding an exercise between two others takes its
declaration, its cells and one command: every key stays, the numbers after it move up in the notebook, the worked
solutions, the guide and the hints (guesswho_lessons.register.numbering)."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from guesswho_lessons.exercises import all_exercises, get, lesson_modules
from guesswho_lessons.register.numbering import differences, lesson_files, renumber, shown_numbers
from guesswho_lessons.reader import Answer, Exact, exercise, framework
from guesswho_lessons.register.anchors import CHECKOUT, lesson_path


@pytest.mark.parametrize("lesson", lesson_modules())
def test_every_check_cell_names_a_key_and_its_statement_shows_the_declared_number(lesson):
    assert differences(lesson) == [], "run: python -m guesswho_apps numbers --write"


def _copy(lesson, root):
    for path in lesson_files(lesson):
        target = root / path.relative_to(CHECKOUT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)


def _insert_after(path, key, cells):
    nb = json.loads(path.read_text(encoding="utf-8"))
    at = next(i for i, c in enumerate(nb["cells"]) if f'check("{key}"' in "".join(c["source"]))
    nb["cells"][at + 1:at + 1] = cells
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_an_exercise_added_between_two_others_is_numbered_by_one_command(registry, monkeypatch, tmp_path):
    lesson_02 = {e.key: e.id for e in all_exercises() if e.lesson == "02"}
    _copy("02", tmp_path)
    before = {p: p.read_text(encoding="utf-8") for p in lesson_files("02", tmp_path)}

    @exercise("02-a-new-question", "A question added after the first", kind=Exact(), about="an answer")
    def added():
        return Answer(0)
    order = list(registry)
    order.remove("02-a-new-question")
    order.insert(order.index("02-halving") + 1, "02-a-new-question")
    monkeypatch.setattr(framework, "_REGISTRY", {k: registry[k] for k in order})
    framework._numbers.cache_clear()
    notebook = tmp_path / lesson_path("02")
    _insert_after(notebook, "02-halving", [
        {"cell_type": "markdown", "metadata": {}, "source": ["**02.?** (level 1, no programming). A new question."]},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": ['answer = None\n', 'check("02-a-new-question", answer)']}])
    assert any("shows 02.?" in d or "02-one-of-four is 02.3" in d for d in differences("02", tmp_path))

    changed = renumber("02", tmp_path)
    assert differences("02", tmp_path) == []
    shown = shown_numbers(json.loads(notebook.read_text(encoding="utf-8")))
    assert shown["02-a-new-question"] == "02.2"
    for key, number in lesson_02.items():                       # every key kept, the later numbers one up
        digits = re.match(r"02\.(\d+)", number).group(1)
        assert shown[key] == (number if number == "02.1" else number.replace(f"02.{digits}", f"02.{int(digits) + 1}"))
    assert set(changed) == {p for p in before if re.search(r"02\.(?:[2-9]|\d\d)", before[p])}
    for path, text in before.items():                           # the references moved too, and nothing else
        if path == notebook:
            continue
        after = path.read_text(encoding="utf-8")
        assert re.sub(r"02\.\d+", "#", after) == re.sub(r"02\.\d+", "#", text), path.name
        if "02.4a" in text:
            assert "02.5a" in after and "02.4a" not in after


def test_a_check_cell_that_names_a_number_or_shows_the_wrong_one_is_found(tmp_path):
    _copy("02", tmp_path)
    notebook = tmp_path / lesson_path("02")
    text = notebook.read_text(encoding="utf-8")
    notebook.write_text(text.replace('check(\\"02-halving\\"', 'check(\\"02.1\\"', 1)
                        .replace("**02.2**", "**02.9**", 1), encoding="utf-8")
    found = differences("02", tmp_path)
    assert any("names exercise 02-halving by its number" in d for d in found)
    assert any("02-one-of-four is 02.2 in its declarations, but its statement shows 02.9" in d for d in found)
    assert any("02-halving (02.1) is checked by no cell" in d for d in found)


def test_two_exercises_showing_one_number_are_refused_with_the_way_out(tmp_path):
    _copy("02", tmp_path)
    notebook = tmp_path / lesson_path("02")
    notebook.write_text(notebook.read_text(encoding="utf-8").replace("**02.2**", "**02.1**", 1), encoding="utf-8")
    with pytest.raises(ValueError, match=r"both show 02\.1: write the new one's number as 02\.\?"):
        renumber("02", tmp_path)
    assert get("02.2").key == "02-one-of-four"


def test_the_numbers_command_says_the_lessons_agree_and_refuses_an_unknown_lesson(capsys):
    from guesswho_apps.cli import main
    assert main(["numbers"]) == 0
    said = capsys.readouterr().out
    assert f"The exercise numbers of {len(lesson_modules())} lessons follow their declarations." in said
    assert main(["numbers", "--lesson", "99"]) == 2
    assert "--lesson must be one of 00, 01" in capsys.readouterr().err
