"""``python -m guesswho_apps course`` checks the lessons' own statements and prints their report; the library's
``verify`` checks the papers' claims only, even in a program that has loaded the course's register too."""

from __future__ import annotations

from guesswho_apps.cli import main
from guesswho_lessons.register import course_claims
from guesswho_lib.claims.registry import claim_modules
from guesswho_lib.claims.report import select_claims


def test_the_course_command_checks_a_lesson_s_statement_and_reports_it(capsys):
    assert main(["course", "--only", "tiny-board", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "course.tiny-board" in out and "holds (a lesson's statement)" in out
    assert "1 statement of the lessons checked (two-way rules up to N = 130" in out
    assert "python -m guesswho_apps course --only tiny-board" in out


def test_the_course_command_refuses_an_id_no_statement_has(capsys):
    assert main(["course", "--only", "no-such-statement", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "--only" in err and "no-such-statement" in err and "course." in err


def test_verify_checks_the_papers_only_even_with_the_course_s_register_loaded():
    assert any(c.id.startswith("course.") for c in course_claims())      # the course's register, loaded here
    papers = select_claims()
    assert papers and not any(c.id.startswith("course.") for c in papers)
    assert {c.module for c in papers} <= set(claim_modules())
