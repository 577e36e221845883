"""Portraits drawn from traits: valid self-contained SVG, deterministic, every trait visible, names escaped."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, strategies as st

from guesswho_lib.board.traits import PHRASES, Board, load_board
from guesswho_lib.widgets.portraits import (DRAWN_TRAITS, board_svg, board_widget, portrait_svg,
                                            traits_portrait_svg)

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def titles(root) -> list[str]:
    return [t.text for t in root.iter(SVG + "title")]


def test_every_character_is_valid_self_contained_svg():
    b = load_board()
    for name in b.names:
        svg = portrait_svg(b, name)
        root = parse(svg)
        assert titles(root) == [name]
        for bad in ("href", "url(", "<image", "<script", "<style", " id=", "@import"):
            assert bad not in svg, (name, bad)
    assert DRAWN_TRAITS == frozenset(PHRASES)        # every trait of the shipped board is drawn


def test_the_same_string_every_time_and_in_every_process():
    b = load_board()
    here = board_svg(b, flipped={"Ada", "Ugo"})
    assert here == board_svg(b, flipped=["Ugo", "Ada"])
    code = ("from guesswho_lib.widgets.portraits import board_svg; from guesswho_lib.board.traits import load_board;"
            "import sys; sys.stdout.write(board_svg(load_board(), flipped={'Ada', 'Ugo'}))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert there == here


base_traits = st.frozensets(st.sampled_from(sorted(DRAWN_TRAITS - {"bald"})), max_size=6)


@given(base_traits, st.sampled_from(sorted(DRAWN_TRAITS)))
def test_each_trait_changes_the_picture(base, trait):
    hair = {t for t in base if t.endswith(" hair") and t != "long hair"}
    eyes = {t for t in base if t.endswith(" eyes")}
    if trait.endswith(" eyes"):
        base = base - eyes                   # one eye colour at a time
    if trait.endswith(" hair") and trait != "long hair":
        base = base - hair                   # one hair colour at a time
    if trait == "bald":
        base = base - hair - {"long hair"}
    base = base - {trait}
    assert traits_portrait_svg(base | {trait}, "Ada") != traits_portrait_svg(base, "Ada")


def test_colours_differ_between_values():
    hair = [traits_portrait_svg({t}, "Ada") for t in sorted(DRAWN_TRAITS) if t.endswith(" hair") and t != "long hair"]
    eyes = [traits_portrait_svg({t}, "Ada") for t in sorted(DRAWN_TRAITS) if t.endswith(" eyes")]
    assert len(set(hair)) == len(hair) == 5 and len(set(eyes)) == len(eyes) == 3


def test_unknown_traits_are_not_drawn():
    assert traits_portrait_svg({"tall", "glasses"}, "Kim") == traits_portrait_svg({"glasses"}, "Kim")
    custom = Board(("Kim", "Lee"), ("tall", "hat"), ((1, 0), (0, 1)))
    root = parse(board_svg(custom))
    assert titles(root) == ["Kim", "Lee"]
    assert portrait_svg(custom, "Kim") == traits_portrait_svg(set(), "Kim")


@given(st.text(min_size=1, max_size=12).filter(lambda s: all(c.isprintable() for c in s)))
def test_names_are_escaped(name):
    board = Board((name, "Bob"), ("glasses",), ((1,), (0,)))
    for svg in (portrait_svg(board, name), board_svg(board), board_svg(board, flipped=[name])):
        root = parse(svg)
        assert name in titles(root) or f"{name} (flipped down)" in titles(root)
        texts = [t.text for t in root.iter(SVG + "text")]
        assert name in texts
    assert parse(traits_portrait_svg(set(), name)).get("aria-label") == name


def test_a_hostile_name_stays_text():
    name = '<script>alert("x")</script> & Co'
    svg = traits_portrait_svg({"hat"}, name)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert titles(parse(svg)) == [name]


def test_flipped_tiles_hide_the_face():
    b = load_board()
    root = parse(board_svg(b, flipped={"Ada", "Bram", "Zoe"} - {"Zoe"}))
    ts = titles(root)
    assert sorted(t for t in ts if t.endswith("(flipped down)")) == ["Ada (flipped down)", "Bram (flipped down)"]
    assert len(ts) == b.n
    groups = [g for g in root if g.tag == SVG + "g"]
    assert len(groups) == b.n
    for g in groups:
        has_face = any(e.tag == SVG + "ellipse" for e in g.iter())
        assert has_face == (not g.find(SVG + "title").text.endswith("(flipped down)"))


def test_grid_layout():
    b = load_board()
    root = parse(board_svg(b, columns=6, width=600))
    assert root.get("width") == "600"
    xs = sorted({g.get("transform") for g in root if g.tag == SVG + "g"})
    assert len(xs) == 24
    assert len({t.split(",")[0] for t in xs}) == 6       # six columns
    w = board_widget(b, flipped=["Ada"])
    assert w.value == board_svg(b, flipped=["Ada"])


def test_bad_input_is_refused_with_the_argument_named():
    b = load_board()
    with pytest.raises(ValueError, match="name must be one of"):
        portrait_svg(b, "Zoe")
    with pytest.raises(ValueError, match="name must be one of"):
        board_svg(b, flipped=["Zoe"])
    with pytest.raises(TypeError, match="flipped must be a collection"):
        board_svg(b, flipped="Ada")
    with pytest.raises(ValueError, match="columns must be an integer between 1 and 64"):
        board_svg(b, columns=0)
    with pytest.raises(ValueError, match="width must be a number of pixels"):
        portrait_svg(b, "Ada", width=-3)
    with pytest.raises(TypeError, match="board must be"):
        board_svg("characters")
    with pytest.raises(TypeError, match="traits must be a collection"):
        traits_portrait_svg("glasses")


def test_control_characters_do_not_break_the_xml():
    name = "Al\x01ex\x7f"
    root = parse(traits_portrait_svg({"hat"}, name))
    assert titles(root) == ["Al\ufffdex\x7f"]
