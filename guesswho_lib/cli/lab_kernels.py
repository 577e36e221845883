"""The kernel manager of the lessons' JupyterLab (``python -m guesswho_lib lab``): jupyter_server's own, with the
time of a kernel's last activity known from the moment the kernel is created.

jupyter_server sets that time only once a kernel has started; a request for the list of kernels (JupyterLab asks
for it every few seconds) that arrives in between, on a busy machine, failed and printed a traceback in the
terminal the teacher or the student reads.  Loaded by the server (its option
``MappingKernelManager.kernel_manager_class``), never by the library itself."""

from __future__ import annotations

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
from traitlets import default

__all__ = ["LessonKernelManager"]


class LessonKernelManager(ServerKernelManager):
    """jupyter_server's kernel manager, its ``last_activity`` the moment it was created until the server sets it."""

    @default("last_activity")
    def _created_now(self):
        return utcnow()
