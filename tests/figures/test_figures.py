"""`python -m guesswho_lib figures` writes every listed figure, and a second run gives identical bytes."""

from pathlib import Path

import pytest

from guesswho_lib.cli import main
from guesswho_lib.figures.build import gallery_markdown, save_deterministic
from guesswho_lib.figures.registry import FIGURES

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    a, b = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    assert main(["figures", "--fast", "--out", str(a)]) == 0
    assert main(["figures", "--fast", "--out", str(b)]) == 0
    return a, b


def test_every_figure_is_written_as_png_and_pdf(two_runs):
    a, _ = two_runs
    assert len(FIGURES) >= 11
    expected = {f"{name}.{ext}" for name in FIGURES for ext in ("png", "pdf")} | {"README.md"}
    assert {p.name for p in a.iterdir()} == expected
    for p in a.iterdir():
        assert p.stat().st_size > 1000 or p.name == "README.md"
    for name in ("nica-figure1", "nica-figure2", "heatmap-official", "heatmap-nica", "heatmap-tripartite",
                 "heatmap-merciful", "move-map-official", "tripartite-move-structure", "first-move-advantage",
                 "correction-1-over-nm", "imperfect-player-codes"):
        assert name in FIGURES


def test_second_run_is_byte_identical(two_runs):
    a, b = two_runs
    for p in a.iterdir():
        assert p.read_bytes() == (b / p.name).read_bytes(), p.name


def test_no_timestamps_in_pdf(two_runs):
    a, _ = two_runs
    data = (a / "heatmap-official.pdf").read_bytes()
    assert b"CreationDate" not in data and b"ModDate" not in data


def test_committed_gallery_is_current_and_lists_every_figure():
    text = (ROOT / "figures" / "README.md").read_text(encoding="utf-8")
    assert text == gallery_markdown()
    for name in FIGURES:
        assert f"({name}.png)" in text
        assert (ROOT / "figures" / f"{name}.png").exists() and (ROOT / "figures" / f"{name}.pdf").exists()


def test_unchanged_file_is_not_rewritten(tmp_path):
    from matplotlib.figure import Figure
    fig = Figure()
    fig.add_subplot().plot([0, 1], [1, 0])
    (png, pdf) = save_deterministic(fig, tmp_path / "x")
    before = png.stat().st_mtime_ns
    save_deterministic(fig, tmp_path / "x")
    assert png.stat().st_mtime_ns == before


# ---- nothing clipped; every number in a caption computed, and the computed claims true ------------------------------
def test_no_title_label_tick_label_or_legend_of_any_figure_is_outside_its_canvas():
    from guesswho_lib.figures.build import clipped_texts
    for name, spec in FIGURES.items():
        assert clipped_texts(spec.make(True)) == [], name


def test_the_clipping_check_bites_and_the_build_refuses_a_clipped_figure(tmp_path, monkeypatch):
    from matplotlib.figure import Figure

    from guesswho_lib.figures import registry
    from guesswho_lib.figures.build import ClippedFigure, clipped_texts, make_all

    def clipped(fast):
        fig = Figure(figsize=(3, 2), layout="constrained")
        ax = fig.add_subplot(projection="3d")
        ax.set_title("a title far too long for a figure three inches wide, so it runs off both edges")
        ax.set_zlabel("P(n, m)")
        return fig
    found = clipped_texts(clipped(True))
    assert any(t.startswith("title: a title far too long") for t in found), found
    monkeypatch.setitem(registry.FIGURES, "zz-clipped", registry.FigureSpec("zz-clipped", "t", "c", clipped))
    with pytest.raises(ClippedFigure, match="zz-clipped: text outside the canvas"):
        make_all(tmp_path, fast=True, only="zz-clipped")
    assert not (tmp_path / "zz-clipped.png").exists()


def test_the_first_move_caption_states_only_what_the_solver_confirms():
    """Each "between A (N = a) and B (N = b)" of the caption: P(a, a) = A, P(b, b) = B and every P(N, N) of its range
    lies between them; each "P(N, N) = v" is the exact value (Nica's from the closed form of Theorem 1.1, the others
    from a solver run here); and the official rules do fall below their band on the small boards the caption names
    (the old caption's "between 5/9 and 9/16" was false at N = 7)."""
    import re

    import guesswho_lib as gw
    from guesswho_lib.figures.gallery import FIRST_MOVE_N, FIRST_MOVE_SETTLED
    from guesswho_lib.rules import format_fraction
    caption = FIGURES["first-move-advantage"].caption
    lo, hi = FIRST_MOVE_SETTLED, FIRST_MOVE_N
    assert f"2 <= N <= {hi}" in caption and f"For {lo} <= N <= {hi}" in caption
    for rules in ("official", "tripartite", "merciful"):
        t = gw.solve(hi, rules)
        m = re.search(rf"the {rules} rules (?:stay )?between (\S+) \(N = (\d+)\) and (\S+) \(N = (\d+)\)", caption)
        assert m, rules
        low, a, high, b = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
        assert format_fraction(t.P(a, a)) == low and format_fraction(t.P(b, b)) == high, rules
        assert all(t.P(a, a) <= t.P(N, N) <= t.P(b, b) for N in range(lo, hi + 1)), rules
    official = gw.solve(hi)
    for n, value in re.findall(r"P\((\d+), \1\) = (\d+/\d+)", caption):
        rules = "nica" if int(n) == hi else "official"
        exact = gw.P(int(n), int(n), "nica") if rules == "nica" else official.P(int(n), int(n))
        assert format_fraction(exact) == value, (n, value)
    small = [N for N in range(2, lo) if official.P(N, N) < min(official.P(N, N) for N in range(lo, hi + 1))]
    assert small and all(f"P({N}, {N}) = " in caption for N in small)
    assert "between 5/9 and 9/16" not in caption


def test_the_other_captions_name_what_is_drawn():
    from guesswho_lib.claims.registry import all_claims, run_claim
    from guesswho_lib.figures.gallery import HEAT_N, MOVE_N, NICA2_MAX
    from guesswho_lib.papers.cushing import EXCEPTIONS
    fig = FIGURES["nica-figure2"].make(True)
    assert fig.axes[0].get_xlim() == (1, NICA2_MAX) and fig.axes[0].get_ylim() == (1, NICA2_MAX)
    assert f"stops them at alpha = {NICA2_MAX} and beta = {NICA2_MAX}" in FIGURES["nica-figure2"].caption
    move = FIGURES["move-map-official"].caption
    assert f"1 <= n, m <= {MOVE_N}" in move and all(f"({n},{m})" in move for n, m in EXCEPTIONS)
    exceptions = next(c for c in all_claims() if c.id == "cushing.exceptions")
    assert run_claim(exceptions, MOVE_N, MOVE_N).check.ok          # no other exception up to the map's size
    assert MOVE_N == HEAT_N                                          # the move map goes as far as the heat maps
    structure = FIGURES["tripartite-move-structure"].caption
    assert "Left: which rule of Theorem 3.1" in structure and "Right, from the exact solver alone" in structure
