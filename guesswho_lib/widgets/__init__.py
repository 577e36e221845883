"""Widgets for the lessons and the play page, all in one pattern (:mod:`.base`): a *model* that holds and
checks the state (``traitlets``; tested with no browser, no kernel, no ipywidgets) and a thin *view* that
shows it (ipywidgets controls bound to the model, a figure rendered to PNG, an error area that shows any
error in a callback).

* :mod:`.base`        the pattern: ``WidgetModel``, ``View``, ``FigureView``, checked trait types;
* :mod:`.explorers`   heat map, move map, try-a-split and scale explorers;
* :mod:`.tripartite`  paradox question and three-way split widgets;
* :mod:`.first_move`  the fair-handicap widget for boards of any size;
* :mod:`.advantage`   the first-move advantage and a fair start, with sliders (lesson 04);
* :mod:`.nica_map`    Nica's map of "in the weeds" and "the upper hand" (lesson 03);
* :mod:`.tally`       the card game's tally, many games played by the computer (lesson 00);
* :mod:`.play`        the play page (``PlayModel``, ``PlayWidget``);
* :mod:`.play_view`   what the play page shows, computed in one place for every view of it (the widget, and the
                      class server's page);
* :mod:`.classroom`   the play page in a class session: join a class, each finished game recorded for the teacher;
* :mod:`.review`      the review of a game as inline SVG and HTML (``ReviewModel``, ``ReviewWidget``);
* :mod:`.imperfect`   games against imperfect players (``ImperfectGameModel``, ``FormulaModel``);
* :mod:`.portraits`   each character drawn from its traits (SVG), and a board of portraits;
* :mod:`.board_lab`   try a board of your own: one-trait or two-trait questions, the exact first-player chance.
"""

import importlib

#: Every name the package offers, and the module it comes from.  A module loads on first use, so the game page
#: (``widgets.play``) never loads matplotlib, which the explorers draw with.  ``tests/widgets/test_widgets.py``
#: checks that this table lists exactly the public names of each module.
EXPORTS = {
    "explorers": ("HeatmapModel", "HeatmapExplorer", "TrySplitModel", "TrySplit", "ScaleModel", "ScaleExplorer",
                  "rules_of_thumb", "EXPLORER_MAX_N"),
    "board_lab": ("BoardLabModel", "BoardLabWidget", "LabResult", "PRESETS", "MAX_LAB_CHARACTERS"),
    "advantage": ("AdvantageModel", "AdvantageExplorer", "FairStartModel", "FairStartExplorer"),
    "nica_map": ("RegionMapModel", "RegionMapExplorer"),
    "tally": ("TallyModel", "TallyExplorer"),
    "play": ("PlayModel", "PlayWidget"),
    "review": ("LABEL_COLOURS", "PLAYER_COLOURS", "MARK_SYMBOLS", "timeline_svg", "path_svg", "heatmap_png",
               "explanation_html", "summary_html", "move_html", "review_html", "ReviewModel", "ReviewWidget"),
    "portraits": ("DRAWN_TRAITS", "portrait_svg", "traits_portrait_svg", "board_svg", "board_widget"),
    "tripartite": ("ParadoxQuestionModel", "ParadoxQuestionWidget", "TripartiteSplitModel", "TripartiteSplitWidget"),
}
_SOURCE = {name: module for module, names in EXPORTS.items() for name in names}

__all__ = sorted(_SOURCE)


def __getattr__(name):
    if name not in _SOURCE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_SOURCE[name]}"), name)
    globals()[name] = value
    return value


def __dir__():
    """The widgets and models only (``gw.widgets.`` + Tab): not the modules they live in."""
    return sorted(__all__)
