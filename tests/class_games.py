"""Games as the play page makes them, for the class-session tests (tests/apps/classroom/test_classroom.py,
tests/apps/server/test_class_session.py)."""

from __future__ import annotations

import random

from guesswho_lib.game.play import Game


def play_out(game, rng: random.Random):
    """Finish ``game`` with random legal moves of the student (any group, sometimes a guess)."""
    while not game.over:
        mine = list(game.mover_suspects)          # hot-seat: the player to move's
        if game.asks_from_menu:
            if len(mine) == 1 or (game.rules.guess and rng.random() < 0.1):
                game.guess(rng.choice(mine) + 1)
            else:
                game.ask(rng.choice(game.question_menu())[1])
            continue
        if game.rules.guess and (len(mine) == 1 or rng.random() < 0.2):
            game.guess(rng.choice(mine) + 1)
        elif game.rules.max_parts == 3 and len(mine) >= 3 and rng.random() < 0.4:
            a, b = sorted(rng.sample(range(1, len(mine)), 2))
            rng.shuffle(mine)
            game.ask([i + 1 for i in mine[:a]], [i + 1 for i in mine[a:b]])
        else:
            rng.shuffle(mine)
            game.ask([i + 1 for i in mine[:rng.randint(1, len(mine) - 1)]])
    return game


def activity_game(seed: int, first: str):
    """A (4, 4) activity game: the student's first question is 1:3 or 2:2, then they play on at random."""
    g = Game("official", board=4, computer="optimal", you_first=True, seed=seed)
    g.ask([1] if first == "1:3" else [1, 2])
    return play_out(g, random.Random(seed))


def as_if_drawn(record: dict) -> dict:
    """The record of a game whose secret persons were drawn at random (the tests fix them with a seed, to know
    the tally; a seeded game of a page is left out of the tally's figures)."""
    return {**record, "seeded": False}
