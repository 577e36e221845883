"""Every cache has a stated bound that holds, and gw.clear_caches() empties them all without changing a result."""

import ast
from fractions import Fraction
from pathlib import Path

import pytest

import guesswho_lib as gw
from guesswho_lib import caches
from guesswho_lib.game import any_size, solver
from guesswho_lib.imperfect import codes, minimum

PACKAGE = Path(gw.__file__).parent

EXPECTED = {"game.solver: exact tables", "game.any_size: values beyond the table", "imperfect.minimum: ball sizes",
            "imperfect.minimum: Paley codes", "imperfect.minimum: predetermined play",
            "imperfect.minimum: liar-game states", "imperfect.codes: Delsarte bounds"}


def _fill():
    """Use every cache once; return the answers (they must not depend on what was cached)."""
    return (solver.cached_solution("official", 40).P(40, 17), gw.P(10**12, 10**12 - 3, "official"),
            minimum.minimum_questions(30, lies=1).value, minimum.minimum_questions(24, lies=1, adaptive=False).value,
            minimum.minimum_questions(30, erasures=3, adaptive=False).value, codes.delsarte_bound(9, 3).size_bound)


def _sizes():
    return {c.name: c.size() for c in caches.registered_caches()}


def test_clear_caches_empties_every_cache_and_results_do_not_change():
    before = _fill()
    assert EXPECTED <= set(_sizes())
    assert all(_sizes()[name] > 0 for name in EXPECTED - {"imperfect.minimum: Paley codes"})
    gw.clear_caches()
    assert set(_sizes().values()) == {0}
    assert _fill() == before
    assert "bound:" in caches.cache_report()


def test_every_registered_cache_states_its_bound():
    for c in caches.registered_caches():
        assert c.bound and any(ch.isdigit() for ch in c.bound), c


def test_no_unbounded_cache_in_the_package():
    """No functools.cache and no lru_cache without a bound: caches go through caches.bounded_lru_cache."""
    bad = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
            if name in ("cache", "lru_cache") and path.name != "caches.py":
                bad.append(f"{path.relative_to(PACKAGE)}:{node.lineno} uses {name}")
    assert bad == [], "\n".join(bad)


def test_bounded_lru_cache_refuses_no_bound():
    with pytest.raises(ValueError, match="maxsize must be a positive integer"):
        caches.bounded_lru_cache(None, "x")
    with pytest.raises(ValueError, match="bound must say"):
        caches.register("x", "", lambda: None, lambda: 0)


# ---- the solver's shared tables ----------------------------------------------------------------------------
def test_solver_cache_keeps_within_its_byte_budget(monkeypatch):
    gw.clear_caches()
    monkeypatch.setattr(solver, "CACHE_BYTES", solver._kept_bytes(200) * 2)   # room for two tables of 200
    for rules in ("official", "nica", "tripartite"):
        solver.cached_solution(rules, 200)
    assert [r.name for r in solver._CACHE] == ["nica", "tripartite"]          # the least recently used went
    solver.cached_solution("nica", 10)                                         # used again: now the newest
    solver.cached_solution("official", 200)
    assert [r.name for r in solver._CACHE] == ["nica", "official"]
    big = solver.cached_solution("merciful", 400)                              # larger than the whole budget
    assert big.N == 400 and gw.RULES["merciful"] not in solver._CACHE and len(solver._CACHE) == 2
    assert sum(solver._kept_bytes(s.N) for s in solver._CACHE.values()) <= solver.CACHE_BYTES


def test_solver_cache_grows_by_doubling_up_to_the_growth_limit(monkeypatch):
    gw.clear_caches()
    assert solver.cached_solution("official", 5).N == 64                      # at least 64
    assert solver.cached_solution("official", 65).N == 128                    # doubled
    monkeypatch.setattr(solver, "GROWTH_LIMIT", 150)
    assert solver.cached_solution("official", 129).N == 150                   # doubling capped
    assert solver.cached_solution("official", 151).N == 151                   # beyond: exactly what is asked
    assert solver.cached_solution("official", 100).N == 151                   # never shrinks
    gw.clear_caches()


# ---- values beyond the table -------------------------------------------------------------------------------
def test_any_size_memo_stays_within_its_bound(monkeypatch):
    gw.clear_caches()
    fresh = {N: gw.P(N, N + 1) for N in (10**6, 10**9, 10**12, 10**15)}
    gw.clear_caches()
    monkeypatch.setattr(any_size, "MEMO_LIMIT", 40)
    for N, want in fresh.items():
        assert gw.P(N, N + 1) == want
        assert any_size._memo_size() <= 40
    assert gw.P(10**9, 10**9 + 1, "nica") == gw.P(10**9, 10**9 + 1, "nica", table_size=0)
    assert any_size._memo_size() <= 40 and len(any_size._MEMO) >= 1
    gw.clear_caches()


def test_liar_game_memo_stays_within_its_bound(monkeypatch):
    gw.clear_caches()
    want = [minimum.minimum_questions(n, lies=1).value for n in (24, 200, 1000)]
    q = minimum.best_question(200, 12, lies=1)
    gw.clear_caches()
    monkeypatch.setattr(minimum, "LIAR_GAME_MEMO_LIMIT", 30)
    assert [minimum.minimum_questions(n, lies=1).value for n in (24, 200, 1000)] == want
    assert minimum._memo_size() <= 30
    assert minimum.best_question(200, 12, lies=1) == q                        # the start state's choice is kept
    assert minimum._memo_size() <= 30
    gw.clear_caches()


def test_clearing_mid_session_keeps_exact_answers():
    t = solver.cached_solution("official", 24)
    gw.clear_caches()
    assert solver.cached_solution("official", 24) is not t
    assert solver.cached_solution("official", 24).P(24, 24) == Fraction(5, 9)


def test_two_threads_share_the_solvers_cache():
    """The class server's two threads (the players' moves, the store's referee) ask for tables at once: many rule
    sets (records of their own), a thread switch at almost every step."""
    import dataclasses
    import sys
    import threading

    from guesswho_lib.rules import get_rules

    variants = [dataclasses.replace(get_rules("official"), name=f"variant {k}") for k in range(40)]
    failures, interval = [], sys.getswitchinterval()

    def ask(start):
        try:
            for i in range(2000):
                solver.cached_solution(variants[(7 * i + start) % len(variants)], 4)
        except Exception as e:  # the failure, said by the assertion below
            failures.append(repr(e))
    gw.clear_caches()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask, args=(start,)) for start in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
        gw.clear_caches()
    assert failures == []
