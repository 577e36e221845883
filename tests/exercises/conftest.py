"""What the exercise tests share."""

from __future__ import annotations

import pytest

from guesswho_lessons.exercises import all_exercises
from guesswho_lessons.reader import framework


@pytest.fixture
def registry(monkeypatch):
    """The course's registry, every exercise loaded, copied: what a test declares goes with the test."""
    all_exercises()
    monkeypatch.setattr(framework, "_REGISTRY", dict(framework._REGISTRY))
    framework._numbers.cache_clear()
    yield framework._REGISTRY
    framework._numbers.cache_clear()
