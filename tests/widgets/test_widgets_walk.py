"""The widgets of lessons 00, 03 and 04: the card game's tally (widgets.tally), Nica's map (widgets.nica_map) and
the first-move advantage and a fair start (widgets.advantage), and a widget in every core lesson.  Models are tested
headless, against the papers' definitions and the exact solver; views by setting their controls and reading what
they show."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.papers.nica import bold_bid
from guesswho_lib.widgets.base import WidgetModel
import guesswho_lib.widgets as widgets
from guesswho_lessons.curriculum import LESSONS
from guesswho_lib.widgets.advantage import AdvantageExplorer, AdvantageModel, FairStartExplorer, FairStartModel
from guesswho_lib.widgets.nica_map import RegionMapExplorer, RegionMapModel
from guesswho_lib.widgets.tally import TallyExplorer, TallyModel
from test_widgets import shown_text


# ---- Nica's map -----------------------------------------------------------------------------------------------
def _weeds_by_definition(n, m):
    """Nica, Definition 2.6, written out again: 2^k < m <= 2^(k+1) and n > 2^(k+1)."""
    k = 0
    while not 2 ** k < m <= 2 ** (k + 1):
        k += 1
    return n > 2 ** (k + 1), k


def test_region_map_is_nica_s_definition_at_every_state():
    md = RegionMapModel(N=64, max_N=64)
    weeds = md.weeds
    for n in range(2, 65):
        for m in range(2, 65):
            expected, _ = _weeds_by_definition(n, m)
            assert bool(weeds[n, m]) == expected, (n, m)
    assert md.weeds_share == Fraction(int(weeds.sum()), 63 * 63)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 96), st.data())
def test_region_map_read_out_matches_the_definition_and_the_solver(N, data):
    n, m = data.draw(st.integers(2, N)), data.draw(st.integers(2, N))
    md = RegionMapModel(N=N, n=n, m=m, max_N=96)
    in_weeds, k = _weeds_by_definition(n, m)
    assert md.region == ("in the weeds" if in_weeds else "upper hand", k if in_weeds else md.region[1])
    t = cached_solution("nica", N)
    assert md.P == t.P(n, m)
    assert md.halving_is_optimal == (t.value(n, m, (n // 2, n - n // 2)) == t.P(n, m))
    # Theorem 1.1: the bold bid is optimal where the map says "in the weeds"
    b = bold_bid(n, m)
    assert t.value(n, m, (b, n - b)) == t.P(n, m)
    text = md.describe()
    assert md.region[0] in text and f"P({n}, {m})" in text


def test_region_map_validates_and_keeps_the_state_on_the_board():
    md = RegionMapModel(N=40, n=40, m=5)
    with pytest.raises(ValueError, match="N must be between 4 and 128, got 3"):
        md.set(N=3)
    with pytest.raises(ValueError, match="m must be between 2 and 40, got 1"):
        md.set(m=1)
    with pytest.raises(TypeError, match="n must be an integer"):
        md.set(n=2.5)
    assert (md.N, md.n, md.m) == (40, 40, 5)
    md.set(N=10)
    assert (md.n, md.m) == (10, 5)
    with pytest.raises(ValueError, match="max_N must be between 4 and 512"):
        RegionMapModel(max_N=1000)


def test_region_map_view_follows_its_controls():
    w = RegionMapExplorer(N=40, n=40, m=5)
    first = w.png
    assert "in the weeds" in shown_text(w)
    w.n.value = 6                                    # (6, 5): the upper hand; only the marker moves
    assert w.model.n == 6 and "upper hand" in shown_text(w)
    assert tuple(w.marker.get_data()[1]) == (6,)
    w.N.value = 20                                   # a new board: the map is redrawn
    assert w.model.N == 20 and w.png != first
    assert w.n.max == 20 and w.ax.get_xlim() == (0.5, 20.5)
    w.m.value = 25                                   # beyond the slider: ipywidgets clamps it
    assert w.model.m == 20 and w.error_messages == []


# ---- the first-move advantage ------------------------------------------------------------------------------
def test_advantage_model_reads_the_exact_values():
    md = AdvantageModel(N=24)
    assert md.P == gw.P(24, 24) and md.rules.name == "official"
    Ns, ps = md.curve("nica")
    assert Ns[0] == 2 and Ns[-1] == 64 and len(ps) == 63
    assert all(p == float(gw.P(N, N, "nica")) for N, p in zip(Ns, ps))
    md.set(rules="nica", N=3)
    assert md.P == gw.P(3, 3, "nica")
    assert "P(3, 3)" in md.describe() and "games in 100" in md.describe()


def test_advantage_model_validates():
    md = AdvantageModel()
    with pytest.raises(ValueError, match="rules must be one of the rule sets shown"):
        md.set(rules="tripartite")
    with pytest.raises(ValueError, match="N must be between 2 and 64, got 65"):
        md.set(N=65)
    with pytest.raises(ValueError, match="shown must name rule sets of gw.RULES"):
        AdvantageModel(shown=("official", "chess"))
    with pytest.raises(ValueError, match="shown must name at least one rule set"):
        AdvantageModel(shown=())
    with pytest.raises(ValueError, match="must be one of"):
        md.curve("tripartite")
    assert AdvantageModel(rules="tripartite", shown=("official", "tripartite")).rules.name == "tripartite"


def test_advantage_view_follows_its_controls():
    w = AdvantageExplorer(N=24)
    assert "5}{9}" in shown_text(w)
    w.N.value = 40
    w.rules.value = "nica"
    assert (w.model.N, w.model.rules.name) == (40, "nica")
    assert tuple(w.marker.get_data()[1]) == (float(gw.P(40, 40, "nica")),)
    assert w.lines["nica"].get_linewidth() > w.lines["official"].get_linewidth()
    assert w.error_messages == []


# ---- a fair start --------------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["official", "nica"]), st.integers(2, 64), st.data())
def test_fair_start_model_is_the_solver(rules, N, data):
    lowest = 2 if rules == "nica" else 1
    m = data.draw(st.integers(lowest, N))
    md = FairStartModel(rules, N=N, m=m)
    assert md.P == gw.P(N, m, rules)
    ms, ps = md.curve()
    assert ms == tuple(range(lowest, N + 1)) and ps == tuple(float(gw.P(N, k, rules)) for k in ms)
    h = md.fairest                                   # no m makes the game fairer
    assert all(abs(gw.P(N, k, rules) - Fraction(1, 2)) >= h.unfairness for k in ms)


def test_fair_start_hides_the_fairest_m_until_asked():
    md = FairStartModel(N=24, m=24)
    fair = md.fairest.second
    assert f"m = {fair}" not in md.describe() and "Fairest" not in md.describe()
    md.show_fairest = True
    assert f"m = {fair}" in md.describe()
    with pytest.raises(TypeError, match="show_fairest must be True or False, got 1"):
        md.set(show_fairest=1)
    with pytest.raises(ValueError, match="m must be between 1 and 24, got 25"):
        md.set(m=25)
    md.set(N=10)
    assert md.m == 10
    nica = FairStartModel("nica", N=8, m=2)
    with pytest.raises(ValueError, match="m must be between 2 and 8, got 1"):
        nica.set(m=1)


def test_fair_start_view_follows_its_controls():
    w = FairStartExplorer(N=24, m=24)
    assert len(w.fair.get_xdata()) == 0
    w.m.value = 16
    assert w.model.m == 16 and tuple(w.marker.get_data()[0]) == (16,)
    w.show_fairest.value = True
    assert tuple(w.fair.get_data()[0]) == (w.model.fairest.second,)
    w.N.value = 10
    assert (w.model.N, w.model.m, w.m.max) == (10, 10, 10) and w.error_messages == []


def test_a_fair_start_explorer_set_before_its_exercise_offers_no_box_that_shows_the_fairest_m():
    """Lesson 04 asks for the fairest m (04.4) before it reveals it: its first explorer has no box to tick."""
    w = FairStartExplorer(N=24, m=24, show_fairest=True, offer_fairest=False)
    assert not any(c is w.show_fairest for c in w.widget.children[1].children) and w.show_fairest.disabled
    assert not w.model.show_fairest and "Fairest" not in w.model.describe()
    offered = FairStartExplorer(N=24, m=24)
    assert any(c is offered.show_fairest for c in offered.widget.children[1].children)


def test_the_new_models_need_no_ipywidgets():
    code = """
import sys
sys.modules["ipywidgets"] = None
from guesswho_lib.widgets import advantage, nica_map, tally
texts = [advantage.AdvantageModel().describe(), advantage.FairStartModel(show_fairest=True).describe(),
         nica_map.RegionMapModel().describe(), tally.TallyModel(reveal=True).describe()]
assert all(texts)
assert "matplotlib" not in sys.modules, "a model must not load matplotlib"
print("ok", len(texts))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("ok 4"), out.stderr[-2000:]


# ---- the tally of lesson 00 ------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(1, 4), st.data())
def test_tally_plays_real_games_and_settles_near_the_exact_chance(n, m, data):
    k = data.draw(st.integers(0, n // 2))
    md = TallyModel(n=n, m=m, k=k, games=400, seed=data.draw(st.integers(0, 10)), max_n=4, max_m=4)
    t = cached_solution("official", 4)
    assert md.exact == t.value(n, m, gw.GUESS if k == 0 else (k, n - k))
    assert md.wins == sum(md.results) and len(md.results) == 400 and md.running[-1] == md.wins / 400
    # 400 games: the frequency lies within 4 standard errors of the exact chance (fails about once in 15,000)
    p = float(md.exact)
    assert abs(md.wins / 400 - p) <= 4 * (p * (1 - p) / 400) ** 0.5 + 1e-9


def test_tally_validates_and_hides_the_exact_chance_until_asked():
    md = TallyModel(n=3, m=1)
    assert "exact" not in md.describe()
    md.reveal = True
    assert "\\frac{1}{3}" in md.describe()
    with pytest.raises(ValueError, match="n must be between 2 and 3, got 4"):
        md.set(n=4)
    with pytest.raises(ValueError, match="k must be between 0 and 1, got 2"):
        md.set(k=2)
    with pytest.raises(ValueError, match="games must be between 1 and 2000"):
        md.set(games=0)
    with pytest.raises(TypeError, match="reveal must be True or False"):
        md.set(reveal="yes")
    before = md.results
    md.seed = 5
    assert md.results != before and md.set(seed=0).results == before      # the seed fixes the games


def test_tally_view_follows_its_controls():
    w = TallyExplorer()
    assert len(w.exact_line.get_xdata()) == 0
    w.n.value = 3
    w.k.value = 1
    w.reveal.value = True
    assert (w.model.n, w.model.k) == (3, 1) and tuple(w.exact_line.get_ydata()) == (float(w.model.exact),) * 2
    seed = w.model.seed
    w.again.click()
    assert w.model.seed == seed + 1 and w.error_messages == []


# ---- a widget in every core lesson ------------------------------------------------------------------------------
def test_every_core_lesson_has_a_widget_from_the_package():
    """Each core lesson shows at least one widget of guesswho_lib.widgets (a model tested headless here or in
    tests/widgets/test_widgets.py and tests/widgets/test_imperfect_widgets.py)."""
    import importlib
    import nbformat

    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    views = set()
    for module, names in widgets.EXPORTS.items():
        for name in names:
            obj = getattr(importlib.import_module(f"guesswho_lib.widgets.{module}"), name)
            if isinstance(obj, type) and not issubclass(obj, WidgetModel) and name.endswith(("Explorer", "Widget",
                                                                                                "Split")):
                views.add(name)
    views |= {"play_widget"}                        # widgets.imperfect's view of an ImperfectGameModel
    for x in (x for x in LESSONS if x.track == "core"):
        nb = nbformat.read(root / "notebooks" / f"{x.notebook}.ipynb", as_version=4)
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        used = {v for v in views if re.search(rf"\b{v}\(", code)}
        assert used, f"lesson {x.id} shows no widget"
