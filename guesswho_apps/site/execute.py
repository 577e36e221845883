"""Run lesson notebooks top to bottom in fresh kernels (nbclient), several at a time, reproducibly.

Each notebook runs in its own process and kernel, in its own folder, with a fixed environment: the
``GUESSWHO_FAST`` switch (small grids, for tests) or not, ``PYTHONHASHSEED=0`` and ``SOURCE_DATE_EPOCH=0`` (so
that set orders and file dates do not vary), and matplotlib's inline backend.  No timings are recorded in the
notebook (``record_timing=False``), printed output is merged however the kernel split it
(``coalesce_streams``), and the widget state is saved (:mod:`.static_widgets` draws it).  The kernel starts with
:func:`describe_figures`: the plain-text form of each matplotlib figure it shows is the figure's description
(:func:`guesswho_lib.plots.describe.describe_figure`), which the site makes the picture's text alternative.
The kernels' connections are encrypted where the Jupyter packages can
(:func:`guesswho_lib.cli.lab.kernel_manager_settings`, as in ``python -m guesswho_lib lab``), so a kernel has no
warning to print.
"""

from __future__ import annotations

import os
import signal
import tempfile
import threading
from pathlib import Path

from guesswho_lib.cli.lab import kernel_manager_settings

__all__ = ["NotebookFailed", "describe_figures", "execute_all", "execute_notebook", "kernel_environment",
           "stop_kernels"]

#: The notebook clients running in this process (their kernels are stopped at once when the build is stopped).
_RUNNING: list = []


class NotebookFailed(RuntimeError):
    """A notebook raised an error while it was executed for the site (the message names the notebook and cell)."""


def kernel_environment(fast: bool) -> dict:
    """The environment a notebook's kernel gets: this process's, plus the fixed settings above."""
    return dict(os.environ, GUESSWHO_FAST="1" if fast else "0", PYTHONHASHSEED="0", SOURCE_DATE_EPOCH="0",
                MPLBACKEND="module://matplotlib_inline.backend_inline", PYDEVD_DISABLE_FILE_VALIDATION="1")


def describe_figures() -> None:
    """In a kernel: show every matplotlib figure's description as its plain-text form (beside its picture).

    The inline backend starts first (when it starts it clears every display printer of ``Figure``)."""
    from IPython import get_ipython

    from guesswho_lib.plots.describe import describe_figure

    shell = get_ipython()
    shell.run_line_magic("matplotlib", "inline")
    plain = shell.display_formatter.formatters["text/plain"]
    plain.for_type_by_name("matplotlib.figure", "Figure", lambda fig, p, cycle: p.text(describe_figure(fig)))


_KERNEL_START = f"--IPKernelApp.exec_lines=from {__name__} import describe_figures; describe_figures()"


def execute_notebook(path, fast: bool = False, timeout: int = 1800, kernel_name: str = "python3"):
    """The notebook at ``path`` executed top to bottom in a fresh kernel (an ``nbformat`` notebook).

    Raises :class:`NotebookFailed` naming the notebook and the cell when a cell raises."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    from traitlets.config import Config

    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    # The kernel talks to the build through local sockets (files in a folder of its own), not TCP ports: two
    # kernels starting at once cannot be given the same port.
    sockets = tempfile.TemporaryDirectory(prefix="guesswho-kernel-")
    settings = kernel_manager_settings()
    settings.setdefault("KernelManager", {}).update(transport="ipc", ip=os.path.join(sockets.name, "kernel"))
    client = NotebookClient(nb, config=Config(settings), timeout=timeout, kernel_name=kernel_name, record_timing=False,
                            store_widget_state=True, coalesce_streams=True, extra_arguments=[_KERNEL_START],
                            resources={"metadata": {"path": str(path.parent)}}, shutdown_kernel="immediate")
    # nbclient runs in a thread of its own, where it leaves the signals alone (in the main thread it would catch
    # Ctrl-C to shut its kernel down, and the build would go on): Ctrl-C stops the kernel at once, here.
    outcome: dict = {}

    def run():
        try:
            client.execute(env=kernel_environment(fast))
        except BaseException as e:  # handed to the waiting thread below
            outcome["error"] = e

    _RUNNING.append(client)
    thread = threading.Thread(target=run, name=f"notebook {path.stem}", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.2)
    except KeyboardInterrupt:
        stop_kernels()
        raise
    finally:
        _RUNNING.remove(client)
        sockets.cleanup()
    e = outcome.get("error")
    if isinstance(e, CellExecutionError):
        cell = str(e).split("------------------")[1].strip() if "------------------" in str(e) else ""
        raise NotebookFailed(f"{path.name}: a cell failed while building the site: {e.ename}: {e.evalue}\n"
                             f"the cell:\n{cell[:1500]}") from None
    if e is not None:
        raise e
    return nb


def stop_kernels() -> None:
    """Stop at once the kernels of the notebooks running in this process (each with its own processes)."""
    for client in list(_RUNNING):
        process = getattr(getattr(getattr(client, "km", None), "provisioner", None), "process", None)
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)         # (a kernel starts its own process group)
            except OSError:
                process.kill()


def _worker_start() -> None:
    """In a process that runs notebooks for the build: Ctrl-C is the main process's to handle; when the main
    process stops the build (SIGTERM), the kernels stop at once and the process ends without a word."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)


def _stop_worker(signum, frame) -> None:
    stop_kernels()
    os._exit(1)


def execute_all(paths, fast: bool = False, workers: int = 2, progress=None, timeout: int = 1800,
                meanwhile=None) -> dict:
    """{path: executed notebook} for every path, ``workers`` notebooks at a time (each in its own process);
    ``progress(i, total, name)`` after each one finishes.  The largest notebooks start first.  ``meanwhile()``
    is called in this process while they run (with one worker: before they run)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    paths = [Path(p) for p in paths]
    done: dict = {}
    if workers <= 1 or len(paths) <= 1:
        if meanwhile:
            meanwhile()
        for i, p in enumerate(paths):
            if progress:
                progress(i, len(paths), f"running {p.stem}")
            done[p] = execute_notebook(p, fast=fast, timeout=timeout)
    else:
        order = sorted(paths, key=lambda p: -p.stat().st_size)
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                 initializer=_worker_start) as pool:
            futures = {pool.submit(execute_notebook, p, fast, timeout): p for p in order}
            try:
                if meanwhile:
                    meanwhile()
                for i, future in enumerate(as_completed(futures)):
                    if progress:
                        progress(i, len(paths), f"ran {futures[future].stem}")
                    done[futures[future]] = future.result()
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)      # the first failure ends the build,
                for child in multiprocessing.active_children():     # and the notebooks running stop at once
                    child.terminate()
                raise
    return {p: done[p] for p in paths}
