"""`python -m guesswho_lib figures` writes every listed figure, and a second run gives identical bytes."""

from pathlib import Path

import pytest

from guesswho_lib.cli import main
from guesswho_lib.figures.build import gallery_markdown, save_deterministic
from guesswho_lib.figures.registry import FIGURES

ROOT = Path(__file__).resolve().parents[1]


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
