"""``python -m guesswho_lib lab``: open the lessons in JupyterLab (``--notebook``: in Jupyter Notebook 7), with a
terminal that shows only what a teacher can act on.

It opens the user's **working copy** of the lessons, ``~/guesswho-lessons`` (:mod:`.working_copy`): made from the
repository's ``notebooks/`` on first use and never overwritten; ``--fresh-copy`` sets it aside (renamed, nothing
deleted) and makes a new one.  What a student saves stays in their copy: the repository's lessons, which the tests
check, stay as committed.  A folder given on the command line is the working copy instead (made if it does not
exist, opened as it is if it does).

It starts JupyterLab as ``python -m jupyterlab ~/guesswho-lessons`` does, with these settings of JupyterLab's own:

* the kernels' messages are encrypted where jupyter_client can do it (``KernelManager.transport_encryption``
  "auto"): otherwise every kernel says "Kernel is running over TCP without encryption" when it starts (ipykernel
  7.3 and later; :func:`kernel_manager_settings`, which the website's builder gives its kernels too);
* the server's log shows warnings and errors, not its routine information (each extension loaded, each kernel
  started, each file saved): ``--ServerApp.log_level=WARN``.  The address to open, with its token, is still
  printed (JupyterLab prints it above that level) and the browser opens by itself;
* the kernels start with ``PYDEVD_DISABLE_FILE_VALIDATION=1``, the setting the debugger's own warning names
  (ipykernel 6's debugger otherwise says "Debugger warning: It seems that frozen modules are being used" at every
  kernel start);
* three warnings of the server's log that nobody running the lessons can act on are dropped
  (:class:`NotForTheTeacher`);
* a saved lesson keeps no widget view (:func:`without_widget_views`): a view names a widget that lives in the
  kernel, and a lesson opened again, with a new kernel, would show "Error displaying widget: model not found"
  in its place (and the browser's console "widget model not found");
* run as root (a container, a school's server), ``--allow-root``, which JupyterLab otherwise asks for.

Any option of JupyterLab's may follow, e.g. ``python -m guesswho_lib lab --port=8890 --no-browser``.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from .options import UsageError
from .working_copy import default_working_copy, make_working_copy, repository_lessons, set_aside

__all__ = ["HELP", "PASSES_ON", "NotForTheTeacher", "add_arguments", "jupyter_argv", "kernel_manager_settings",
           "lesson_server_settings",
           "open_working_copy", "without_widget_views", "WIDGET_VIEW", "WIDGET_SAVED", "run"]

HELP = ("open your working copy of the lessons (~/guesswho-lessons, made on first use) in JupyterLab (or Jupyter "
        "Notebook 7 with --notebook), with a quiet terminal; JupyterLab's own options may follow (--port=8890, "
        "--no-browser, ...)")
#: The kind of output that shows a widget: it names a widget model of the kernel that made it.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: What a saved lesson keeps in a widget's place.
WIDGET_SAVED = "(a widget: run this cell to show it again)"

#: Options this command does not know are passed on to JupyterLab.
PASSES_ON = True


class NotForTheTeacher(logging.Filter):
    """Drops three warnings of the Jupyter server that no one running the lessons can act on:

    * "Notebook 01-the-recurrence.ipynb is not trusted": a notebook is trusted once it was saved on this computer;
      a lesson from the repository never was, and trust only decides whether outputs saved in it are shown
      (the lessons are committed without outputs);
    * "The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000)" (tornado
      6.5 and later): jupyter_server gives its own ping settings, in milliseconds, to tornado, which reads them
      as seconds; jupyter_server pings the browser itself with the values it was given;
    * "Got events for closed stream" (pyzmq, through the server's log): a message that arrived for a kernel just
      shut down (a lesson closed), dropped as it should be.
    """

    def filter(self, record):
        msg = record.getMessage()
        return not ((msg.startswith("Notebook ") and msg.endswith(" is not trusted"))
                    or msg.startswith(("The websocket_ping_timeout (", "Got events for closed stream")))


def add_arguments(p) -> None:
    p.add_argument("folder", nargs="?", default=None,
                   help="your working copy of the lessons (default: ~/guesswho-lessons): made from the repository's "
                        "notebooks/ if it does not exist, opened as it is if it does")
    p.add_argument("--fresh-copy", action="store_true",
                   help="set your working copy aside (renamed ...-until-<date>-<time>: nothing is deleted) and "
                        "start again from a fresh copy of the lessons")
    p.add_argument("--notebook", action="store_true", help="open them in Jupyter Notebook 7 instead of JupyterLab")


def without_widget_views(model, **_hook_arguments) -> None:
    """jupyter_server's pre-save hook (``ContentsManager.pre_save_hook``): in a notebook being saved, each output
    that shows a widget keeps, instead of the widget's view, the line :data:`WIDGET_SAVED`.  The notebook in
    the browser is unchanged (its widgets stay live until the page closes); the file holds nothing that a new
    kernel cannot draw.

    >>> nb = {"type": "notebook", "content": {"cells": [{"cell_type": "code", "outputs": [
    ...     {"output_type": "display_data", "metadata": {}, "data": {WIDGET_VIEW: {"model_id": "a1"},
    ...                                                              "text/plain": "VBox(...)"}},
    ...     {"output_type": "stream", "name": "stdout", "text": "P = 1/2"}]}]}}
    >>> without_widget_views(nb); [o.get("data", o.get("text")) for o in nb["content"]["cells"][0]["outputs"]]
    [{'text/plain': '(a widget: run this cell to show it again)'}, 'P = 1/2']
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    for cell in model["content"].get("cells", []):
        outputs = cell.get("outputs") or []
        for k, output in enumerate(outputs):
            if WIDGET_VIEW in (output.get("data") or {}):
                outputs[k] = {**output, "data": {"text/plain": WIDGET_SAVED}, "metadata": {}}


def open_working_copy(folder: Path, fresh: bool = False) -> list[str]:
    """Make the working copy ``folder`` if it does not exist (``fresh``: after setting the one there aside), from
    the repository's lessons; returns the lines that say what was done.  UsageError when it cannot be."""
    lessons = repository_lessons()
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"folder: {str(folder)!r} is a file, not a folder")
    said = []
    own = lessons is not None and folder.exists() and folder.resolve() == lessons.resolve()
    if fresh and own:
        raise UsageError(f"--fresh-copy: {str(folder)!r} is the repository's lessons themselves, not a working copy")
    if (fresh or not folder.exists()) and lessons is None:
        raise UsageError("folder: no lessons to copy: they come with the repository (install it from its folder "
                         "with python -m pip install -e . and run this command there)")
    try:
        if fresh and folder.exists():
            said.append(f"Your working copy was set aside as {set_aside(folder)} (nothing was deleted).")
        made = not folder.exists() and make_working_copy(lessons, folder)
    except OSError as e:
        raise UsageError(f"folder: cannot make the working copy {str(folder)!r}: {e.strerror or e}") from None
    if made:
        said.append(f"Your working copy of the lessons is {folder}, made now from {lessons}: what you save there is "
                    "yours, and the repository's lessons stay as they are.")
    elif own:
        said.append(f"These are the repository's lessons themselves ({folder}): what you save changes them, and the "
                    "tests, which check them as committed, fail. python -m guesswho_lib lab opens your working copy.")
    else:
        said.append(f"Your working copy of the lessons: {folder} (--fresh-copy starts again from the lessons and "
                    "keeps this one aside).")
    return said


def kernel_manager_settings() -> dict:
    """Settings of jupyter_client's kernel manager for a quiet kernel: its messages encrypted (CurveZMQ keys made
    by the manager, ``transport_encryption = "auto"``, for kernels that say they support it), where jupyter_client
    has that setting.  A kernel that can encrypt and is not asked to prints "Kernel is running over TCP without
    encryption" when it starts (ipykernel 7.3 and later); older versions have neither the setting nor the warning.

    >>> kernel_manager_settings() in ({}, {"KernelManager": {"transport_encryption": "auto"}})
    True
    """
    from jupyter_client.manager import KernelManager

    if "transport_encryption" not in KernelManager.class_trait_names():
        return {}
    return {"KernelManager": {"transport_encryption": "auto"}}


def lesson_server_settings() -> list[str]:
    """The Jupyter server's settings for the lessons, as command-line options: the kernels' settings
    (:func:`kernel_manager_settings`), their manager, and the save hook :func:`without_widget_views`.  The school's
    JupyterHub gives every student's server the same (``school/jupyterhub_config.py``).

    >>> lesson_server_settings()[-1]
    '--ContentsManager.pre_save_hook=guesswho_lib.cli.lab.without_widget_views'
    """
    settings = [f"--{cls}.{name}={value}" for cls, traits in kernel_manager_settings().items()
                for name, value in traits.items()]
    settings.append("--MappingKernelManager.kernel_manager_class=guesswho_lib.cli.lab_kernels.LessonKernelManager")
    settings.append(f"--ContentsManager.pre_save_hook={__name__}.without_widget_views")
    return settings


def jupyter_argv(folder, extra=(), app: str = "LabApp") -> list[str]:
    """The command line given to JupyterLab (``app``: its application's class name): the folder, the settings
    above, then ``extra`` (an option given there replaces the same setting above).

    >>> jupyter_argv("notebooks", ["--port=8890", "--ServerApp.log_level=INFO"])[-3:]
    ['--LabApp.log_level=WARN', '--port=8890', '--ServerApp.log_level=INFO']
    >>> jupyter_argv("notebooks", app="JupyterNotebookApp")[-1]
    '--JupyterNotebookApp.log_level=WARN'
    """
    settings = lesson_server_settings()
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        settings.append("--allow-root")
    settings += [f"--{a}.log_level=WARN" for a in dict.fromkeys(["ServerApp", "LabApp", app])]
    given = {a.split("=", 1)[0] for a in extra}
    return [str(folder), *[s for s in settings if s.split("=", 1)[0] not in given], *extra]


def run(args) -> int:
    folder = Path(args.folder).expanduser() if args.folder else default_working_copy()
    for line in open_working_copy(folder, args.fresh_copy):
        print(line, flush=True)
    if args.notebook:
        from notebook.app import JupyterNotebookApp as App
    else:
        from jupyterlab.labapp import LabApp as App
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")                          # the kernels inherit it
    for name in ("ServerApp", "tornado.general", "tornado.application"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, NotForTheTeacher) for f in logger.filters):
            logger.addFilter(NotForTheTeacher())
    App.launch_instance(argv=jupyter_argv(folder, getattr(args, "passed_on", ()), App.__name__))
    return 0
