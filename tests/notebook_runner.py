"""Execute a notebook from a fresh kernel and report EVERY error, including errors in widget callbacks.

Why not just ``pytest --nbmake``?  ipywidgets catches exceptions raised inside button callbacks,
``interact`` functions and ``with output_widget:`` blocks and only *prints* a traceback (through
``IPython.InteractiveShell.showtraceback``), often into an Output widget whose contents never reach
the cell's outputs.  Such a notebook "runs" without error, and is broken the first time a student
moves a slider.  This runner therefore

1. injects a first cell that wraps ``showtraceback`` so that every traceback the kernel shows is
   also recorded (whatever output it was routed to);
2. runs every cell (``allow_errors=True``, so that all errors are collected, not only the first);
3. injects a last cell that walks every live widget, nudges each control (sliders to their ends
   and back, every option of a dropdown, checkboxes toggled, buttons clicked), catching exceptions
   raised directly by ``observe`` callbacks, and prints a JSON report;
4. scans all outputs for ``error`` outputs and for tracebacks printed on stderr.

The report also gives each code cell's text with its outputs, and apart from it the texts of the widgets it displays:
as they stand (a widget's default), and what ticking one of their boxes reveals (a "show the answer" box), for the
leak tests of tests/lessons/test_notebooks.py.

``tests/fixtures/`` holds deliberately broken notebooks; ``tests/lessons/test_notebooks.py`` proves that
each is reported and that a good one passes.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

REPORT_MARK = "GW_HARNESS_REPORT:"
_TRACEBACK_RE = re.compile(r"Traceback \(most recent call last\)")

# First injected cell: record every traceback the kernel shows, wherever it is displayed.
_SETUP_CELL = r'''
import sys as _gw_sys, traceback as _gw_tb
from IPython import get_ipython as _gw_get_ipython
_gw_shown_tracebacks = []
_gw_shell = _gw_get_ipython()
_gw_original_showtraceback = _gw_shell.showtraceback
def _gw_recording_showtraceback(exc_tuple=None, *args, **kwargs):
    etype, evalue, tb = exc_tuple if exc_tuple is not None else _gw_sys.exc_info()
    _gw_shown_tracebacks.append("".join(_gw_tb.format_exception(etype, evalue, tb))[-3000:])
    return _gw_original_showtraceback(exc_tuple, *args, **kwargs)
_gw_shell.showtraceback = _gw_recording_showtraceback
'''

# Last injected cell: interact with every live widget and report what went wrong.
_POKE_CELL = r'''
def _gw_poke_all_widgets(max_options=6):
    import json, math, traceback, warnings
    from IPython.display import clear_output
    try:
        from ipywidgets.widgets.widget import _instances as live
    except ImportError:
        live = {}
    import ipywidgets as W
    errors, poked = [], 0

    def attempt(widget, action, fn):
        nonlocal poked
        poked += 1
        before = len(_gw_shown_tracebacks)
        try:
            fn()
        except Exception:
            errors.append(f"{type(widget).__name__} {getattr(widget, 'description', '')!r} {action}: "
                          + traceback.format_exc()[-2000:])
        for tb in _gw_shown_tracebacks[before:]:
            errors.append(f"{type(widget).__name__} {getattr(widget, 'description', '')!r} {action} "
                          f"(traceback caught and printed by ipywidgets): " + tb)

    def values_to_try(w):
        if not isinstance(w, W.ValueWidget):
            return []
        v = w.value
        if isinstance(w, (W.IntSlider, W.FloatSlider, W.BoundedIntText, W.BoundedFloatText,
                          W.FloatLogSlider, W.IntText, W.FloatText, W.Play)):
            lo, hi = getattr(w, "min", None), getattr(w, "max", None)
            out = []
            if lo is not None and hi is not None:
                mid = lo + (hi - lo) / 2
                if isinstance(v, int):
                    mid = int(round(mid))
                out = [hi, lo, mid]
            return out + [v]
        if isinstance(w, (W.IntRangeSlider, W.FloatRangeSlider)):
            return [(w.min, w.max), (w.min, w.min), v]
        if isinstance(w, (W.Dropdown, W.RadioButtons, W.ToggleButtons, W.Select, W.SelectionSlider)):
            opts = [o[1] if isinstance(o, tuple) else o for o in w.options][:max_options]
            return opts + [v]
        if isinstance(w, (W.Checkbox, W.ToggleButton)):
            return [not v, v]
        return []

    def texts():
        out = set()
        for x in list(live.values()):
            for name in ("value", "description", "placeholder"):
                v = getattr(x, name, None)
                if isinstance(v, str) and v:
                    out.add(v)
        return out

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        widgets = list(live.values())
    revealed = {}        # model id of a toggle -> texts that ticking it shows (a "show the answer" box)
    for w in widgets:
        if getattr(w, "disabled", False):
            continue
        if isinstance(w, W.Button):
            attempt(w, "click", w.click)
            continue
        if isinstance(w, (W.Checkbox, W.ToggleButton)):
            before = texts()
            attempt(w, f"value={not w.value!r}", lambda w=w: setattr(w, "value", not w.value))
            revealed[w.model_id] = sorted(texts() - before)
            attempt(w, "value back", lambda w=w: setattr(w, "value", not w.value))
            continue
        for val in values_to_try(w):
            attempt(w, f"value={val!r}", lambda w=w, val=val: setattr(w, "value", val))
    return {"widgets": len(widgets), "pokes": poked, "callback_errors": errors,
            "shown_tracebacks": list(_gw_shown_tracebacks), "revealed": revealed}

_gw_report = _gw_poke_all_widgets()
print("''' + REPORT_MARK + r'''" + __import__("json").dumps(_gw_report))
'''


@dataclass
class NotebookReport:
    """What went wrong when a notebook was executed (``ok`` when nothing did)."""

    path: str
    seconds: float = 0.0
    cell_errors: list = field(default_factory=list)       # error outputs of cells
    stderr_tracebacks: list = field(default_factory=list)  # tracebacks printed on stderr
    callback_errors: list = field(default_factory=list)    # raised or printed while poking widgets
    shown_tracebacks: list = field(default_factory=list)   # every traceback the kernel displayed
    widgets: int = 0
    pokes: int = 0
    harness_error: str = ""                                # the run itself failed (timeout, dead kernel)
    cells: list = field(default_factory=list)              # (cell_type, source + output text) of the user's cells
    widget_texts: list = field(default_factory=list)       # the texts of the widgets each cell displays (see _collect)
    outputs: list = field(default_factory=list)            # what each user cell printed or showed as text (see printed)

    @property
    def cells_with_widgets(self) -> list:
        """(cell_type, text) with the texts of the widgets each cell displays added to it."""
        return [(k, t + ("\n" + w if w else "")) for (k, t), w in zip(self.cells, self.widget_texts or
                                                                     [""] * len(self.cells))]

    @property
    def ok(self) -> bool:
        return not (self.cell_errors or self.stderr_tracebacks or self.callback_errors
                    or self.shown_tracebacks or self.harness_error)

    def summary(self) -> str:
        parts = [f"{self.path}: {'ok' if self.ok else 'FAILED'} in {self.seconds:.1f} s "
                 f"({self.widgets} widgets, {self.pokes} interactions)"]
        for title, items in (("cell errors", self.cell_errors), ("stderr tracebacks", self.stderr_tracebacks),
                             ("widget callback errors", self.callback_errors),
                             ("tracebacks shown by the kernel", self.shown_tracebacks)):
            for it in items:
                parts.append(f"--- {title}:\n{it}")
        if self.harness_error:
            parts.append(f"--- harness: {self.harness_error}")
        return "\n".join(parts)


def _code_cell(source: str):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = ["gw-harness"]
    return cell


def run_notebook(path, timeout: int = 300, fast: bool = True, poke_widgets: bool = True,
                 kernel_name: str = "python3") -> NotebookReport:
    """Execute ``path`` top to bottom in a fresh kernel (with GUESSWHO_FAST=1) and report every error."""
    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    n_user = len(nb.cells)
    nb.cells.insert(0, _code_cell(_SETUP_CELL))
    if poke_widgets:
        nb.cells.append(_code_cell(_POKE_CELL))
    report = NotebookReport(str(path))
    # The kernel gets its own environment (nothing global is changed, so runs can go in parallel).
    env = dict(os.environ, GUESSWHO_FAST="1" if fast else "0")
    env.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    t0 = time.perf_counter()
    try:
        client = NotebookClient(nb, timeout=timeout, kernel_name=kernel_name, allow_errors=True,
                                resources={"metadata": {"path": str(path.parent)}})
        client.execute(env=env)
    except (CellTimeoutError, DeadKernelError, RuntimeError) as e:
        report.harness_error = f"{type(e).__name__}: {e}"[:3000]
    finally:
        report.seconds = time.perf_counter() - t0
    _collect(nb, report, n_user, poke_widgets)
    return report


def _output_text(cell) -> str:
    parts = [cell.source]
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type in ("display_data", "execute_result"):
            for mime in ("text/plain", "text/markdown", "text/html", "text/latex"):
                value = out.get("data", {}).get(mime, "")
                parts.append("".join(value) if isinstance(value, list) else str(value))
    return "\n".join(parts)


#: What a cell shows that is not a printed line of the lesson: the answer checker's feedback and hints (the exercise
#: tests read those), and the plain-text stand-ins of a widget, a figure or an HTML picture.
_FEEDBACK = re.compile(r"^\*\*(?:Correct!|Not yet\.|Hint\.)\*\*")
_RICH = ("application/vnd.jupyter.widget-view+json", "image/png", "image/svg+xml", "text/html")


def printed(cell) -> str:
    """The lines a code cell prints (its stream output) and the text it shows (a result's markdown, or its plain
    text when it has nothing richer), without the checker's feedback and hints.  Stream output is joined as it came
    (one printed line may arrive in two chunks); each shown result stands on lines of its own."""
    text = ""

    def own_lines(shown: str) -> str:
        return ("\n" if text and not text.endswith("\n") else "") + shown + "\n"
    for out in cell.get("outputs", []):
        if out.output_type == "stream" and out.name == "stdout":
            text += out.text
        elif out.output_type in ("display_data", "execute_result"):
            data = out.get("data", {})
            md = data.get("text/markdown")
            if md is not None:
                md = "".join(md) if isinstance(md, list) else str(md)
                if not _FEEDBACK.match(md):
                    text += own_lines(md)
            elif not any(mime in data for mime in _RICH):
                plain = data.get("text/plain", "")
                text += own_lines("".join(plain) if isinstance(plain, list) else str(plain))
    return text


def _widget_state(nb) -> dict:
    return nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})


def _widget_texts(cell, state: dict, revealed: dict) -> list[str]:
    """The texts of the widgets a cell displays, as they stand (a widget's default), and those that ticking one of
    their boxes reveals: every model below the displayed ones, by their ``IPY_MODEL_`` references."""
    todo = [out.get("data", {}).get("application/vnd.jupyter.widget-view+json", {}).get("model_id")
            for out in cell.get("outputs", [])]
    seen, texts = set(), []
    while todo:
        mid = todo.pop()
        if not mid or mid in seen or mid not in state:
            continue
        seen.add(mid)
        values = state[mid].get("state", {})
        for name in ("value", "description", "placeholder"):
            if isinstance(values.get(name), str) and values[name]:
                texts.append(values[name])
        texts += revealed.get(mid, [])
        for v in values.values():
            for ref in (v if isinstance(v, list) else [v]):
                if isinstance(ref, str) and ref.startswith("IPY_MODEL_"):
                    todo.append(ref[len("IPY_MODEL_"):])
    return texts


def _collect(nb, report: NotebookReport, n_user: int, poke_widgets: bool) -> None:
    user = nb.cells[1:1 + n_user]
    revealed = {}
    if poke_widgets:
        for out in nb.cells[-1].get("outputs", []):
            if out.output_type == "stream" and REPORT_MARK in out.text:
                revealed = json.loads(out.text.split(REPORT_MARK, 1)[1].strip().splitlines()[0]).get("revealed", {})
    state = _widget_state(nb)
    report.cells = [(c.cell_type, _output_text(c) if c.cell_type == "code" else c.source) for c in user]
    report.outputs = [printed(c) if c.cell_type == "code" else "" for c in user]
    report.widget_texts = ["\n".join(_widget_texts(c, state, revealed)) if c.cell_type == "code" else ""
                           for c in user]
    got_report = False
    error_lines: set = set()
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        is_poke = poke_widgets and i == len(nb.cells) - 1
        label = "injected widget-poking cell" if is_poke else f"cell {i}"  # user cells are 1-based here
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                report.cell_errors.append(f"{label}: {out.ename}: {out.evalue}")
                error_lines.add(f"{out.ename}: {out.evalue}")
            elif out.output_type == "stream":
                text = out.text
                if is_poke and REPORT_MARK in text:
                    payload = json.loads(text.split(REPORT_MARK, 1)[1].strip().splitlines()[0])
                    report.widgets = payload["widgets"]
                    report.pokes = payload["pokes"]
                    report.callback_errors.extend(payload["callback_errors"])
                    report.shown_tracebacks.extend(
                        tb for tb in payload["shown_tracebacks"]
                        if not any(tb in e for e in payload["callback_errors"]))
                    got_report = True
                elif out.name == "stderr" and _TRACEBACK_RE.search(text):
                    report.stderr_tracebacks.append(f"{label}: {text[-2000:]}")
            elif out.output_type in ("display_data", "execute_result"):
                text = out.get("data", {}).get("text/plain", "")
                if isinstance(text, list):
                    text = "".join(text)
                if _TRACEBACK_RE.search(str(text)):
                    report.stderr_tracebacks.append(f"{label} (displayed): {str(text)[-2000:]}")
    # Widget state saved by nbclient (outputs captured by Output widgets during execution).
    for model in state.values():
        for out in model.get("state", {}).get("outputs", []) or []:
            if out.get("output_type") == "error":
                report.cell_errors.append(f"output widget: {out.get('ename')}: {out.get('evalue')}")
    if poke_widgets and not got_report and not report.harness_error and not report.cell_errors:
        report.harness_error = "the injected widget-poking cell did not report (it did not run?)"
    # A cell's own error also passes through showtraceback: keep one record of it, as a cell error.
    if error_lines:
        report.shown_tracebacks = [tb for tb in report.shown_tracebacks
                                   if tb.rstrip().splitlines()[-1:] and tb.rstrip().splitlines()[-1] not in error_lines]


def run_notebooks(paths, workers: int = 2, **kwargs) -> dict:
    """Run several notebooks, ``workers`` at a time, each in its own fresh process and kernel.

    Processes, not threads: each run owns its kernel, its event loop and its ZeroMQ sockets.  The
    longest notebooks (by file size) start first.  Returns {path: NotebookReport}."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    paths = [Path(p) for p in paths]
    if workers <= 1 or len(paths) <= 1:
        return {p: run_notebook(p, **kwargs) for p in paths}
    order = sorted(paths, key=lambda p: -p.stat().st_size)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {p: pool.submit(partial(run_notebook, **kwargs), p) for p in order}
        return {p: futures[p].result() for p in paths}
