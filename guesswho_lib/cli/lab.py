"""``python -m guesswho_lib lab``: open the lessons in JupyterLab (``--notebook``: in Jupyter Notebook 7), with a
terminal that shows only what a teacher can act on.

It starts JupyterLab as ``python -m jupyterlab notebooks`` does, with these settings of JupyterLab's own:

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
  (:class:`NotForTheTeacher`).

Any option of JupyterLab's may follow, e.g. ``python -m guesswho_lib lab --port=8890 --no-browser``.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from .options import UsageError

__all__ = ["HELP", "PASSES_ON", "NotForTheTeacher", "add_arguments", "jupyter_argv", "kernel_manager_settings",
           "run"]

HELP = ("open the lessons in JupyterLab (or Jupyter Notebook 7 with --notebook), with a quiet terminal; "
        "JupyterLab's own options may follow (--port=8890, --no-browser, ...)")

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
    p.add_argument("folder", nargs="?", default="notebooks",
                   help="the folder JupyterLab opens (default: notebooks, the lessons)")
    p.add_argument("--notebook", action="store_true", help="open them in Jupyter Notebook 7 instead of JupyterLab")


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


def jupyter_argv(folder, extra=(), app: str = "LabApp") -> list[str]:
    """The command line given to JupyterLab (``app``: its application's class name): the folder, the settings
    above, then ``extra`` (an option given there replaces the same setting above).

    >>> jupyter_argv("notebooks", ["--port=8890", "--ServerApp.log_level=INFO"])[-3:]
    ['--LabApp.log_level=WARN', '--port=8890', '--ServerApp.log_level=INFO']
    >>> jupyter_argv("notebooks", app="JupyterNotebookApp")[-1]
    '--JupyterNotebookApp.log_level=WARN'
    """
    settings = [f"--{cls}.{name}={value}" for cls, traits in kernel_manager_settings().items()
                for name, value in traits.items()]
    settings.append("--MappingKernelManager.kernel_manager_class=guesswho_lib.cli.lab_kernels.LessonKernelManager")
    settings += [f"--{a}.log_level=WARN" for a in dict.fromkeys(["ServerApp", "LabApp", app])]
    given = {a.split("=", 1)[0] for a in extra}
    return [str(folder), *[s for s in settings if s.split("=", 1)[0] not in given], *extra]


def run(args) -> int:
    folder = Path(args.folder)
    if not folder.is_dir():
        raise UsageError(f"folder: {args.folder!r} is not a folder (the lessons are in notebooks/, in the repository)")
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
