"""``python -m guesswho_apps numbers``: check that the exercise numbers each lesson shows follow the order of its
exercises' declarations (:mod:`guesswho_lessons.register.numbering`); ``--write`` writes them again, after an
exercise was added, removed or moved.  Exit status 0 when every lesson agrees (or was written), 1 otherwise, 2 for
a misuse."""

from __future__ import annotations

from guesswho_lib.cli.options import UsageError

__all__ = ["HELP", "add_arguments", "run"]

HELP = "check (or --write) the exercise numbers the lessons show, from the order of their declarations"


def add_arguments(p) -> None:
    p.add_argument("--write", action="store_true",
                   help="write the numbers into the lessons' notebooks, worked solutions, guide and hints")
    p.add_argument("--lesson", default=None, help="only this lesson (\"02\", \"x1\")")


def run(args) -> int:
    from guesswho_lessons.exercises import lesson_modules
    from guesswho_lessons.register.numbering import differences, renumber

    lessons = lesson_modules()
    if args.lesson is not None:
        if args.lesson not in lessons:
            raise UsageError(f"--lesson must be one of {', '.join(lessons)}, got {args.lesson!r}")
        lessons = [args.lesson]
    if args.write:
        for lesson in lessons:
            for path in renumber(lesson):
                print(f"{lesson}: numbers written in {path.name}")
    problems = [f"{lesson}: {p}" for lesson in lessons for p in differences(lesson)]
    print("\n".join(problems) if problems else f"The exercise numbers of {len(lessons)} lessons follow their "
                                                "declarations.")
    return 1 if problems else 0
