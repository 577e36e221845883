"""Running a student's code within limits: a mistake (a loop that never ends, a recursion without a base case, a
list that grows for ever, an answer whose ``repr`` never returns) ends in a message within seconds, and the kernel
goes on working.

How.  The checker runs the student's code in the student's own thread (a Jupyter kernel runs a cell on its main
thread) and starts a watchdog thread that looks at the clock and at the process's memory every :data:`POLL`
seconds.  Past a limit it raises :class:`Stopped` in the checked thread, at its next Python instruction
(``PyThreadState_SetAsyncExc``, part of CPython's C API on Linux, macOS and Windows), and again every
:data:`REFIRE` seconds in case the student's code swallows it (a bare ``except:``).  For the duration, Python's
recursion limit is lowered to the current depth plus :attr:`Limits.depth` (a student who raised it to a million
would otherwise crash the kernel with a deep enough recursion: the C stack overflows).  On the way out the
watchdog is disarmed under a lock and any exception still pending is cancelled, so that none can reach the
notebook later; the recursion limit is put back.

Why this way.  A thread with a time limit running the student's code cannot kill it: the code would run on,
using a core, after the check returned.  A subprocess can be killed, but the student's function must be sent to
it: a function defined in a notebook cannot be pickled under the ``spawn`` start method of macOS and Windows, and
``fork`` in a kernel with zmq threads is unsafe.  ``signal.setitimer`` works only on the main thread of Unix, not
on Windows.  Tracing every line with ``sys.settrace`` works everywhere, but slows the student's code several-fold,
is switched off for good by the first exception it raises if the student's code swallows it, and displaces a
debugger.  The watchdog costs
nothing while the code runs.

What nothing inside the process can stop: a single call into compiled code that never returns
(``time.sleep(10**9)``, ``list(itertools.count())``, ``10**10**10``); the exception waits for it to return, and
the kernel's Interrupt button is the way out.  Memory is the process's resident size, measured on Linux (now) and
macOS (its peak); on Windows only the time limit applies.  Without ``ctypes`` (an interpreter other than CPython)
no limit applies.

The limits are in :data:`LIMITS`; :func:`limits` changes them for a block (tests use small ones)::

    with limits(seconds=0.5):
        check("01.4", my_P)
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import threading
import time

__all__ = ["Limits", "LIMITS", "limits", "Stopped", "TimeLimit", "MemoryLimit", "run_within_limits",
           "memory_in_use", "POLL", "REFIRE"]

POLL = 0.02          # seconds between two looks at the clock and the memory
REFIRE = 0.25        # seconds between two raises, if the student's code swallows the first


@dataclasses.dataclass
class Limits:
    """What a check may use: ``seconds`` of time, ``memory`` bytes more than the process used when it began,
    ``depth`` nested Python calls more than when it began (the lower of this and Python's own recursion limit)."""

    seconds: float = 5.0
    memory: int = 2 ** 30
    depth: int = 2000

    def check(self) -> None:
        for name, low in (("seconds", 0), ("memory", 1), ("depth", 10)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > low \
                    or (name != "seconds" and not isinstance(value, int)):
                kind = "a positive number of seconds" if name == "seconds" else f"a whole number above {low}"
                raise ValueError(f"{name} must be {kind}, got {value!r}")


#: The limits every check uses (a teacher with slow machines may raise ``LIMITS.seconds``).
LIMITS = Limits()


@contextlib.contextmanager
def limits(**changes):
    """Change :data:`LIMITS` for the duration of a ``with`` block (``seconds=``, ``memory=``, ``depth=``)."""
    unknown = set(changes) - {f.name for f in dataclasses.fields(Limits)}
    if unknown:
        raise TypeError(f"unknown limit(s) {sorted(unknown)}; the limits are seconds, memory and depth")
    new = dataclasses.replace(LIMITS, **changes)
    new.check()
    old = dataclasses.replace(LIMITS)
    _set(new)
    try:
        yield LIMITS
    finally:
        _set(old)


def _set(values: Limits) -> None:
    for f in dataclasses.fields(Limits):
        setattr(LIMITS, f.name, getattr(values, f.name))


class Stopped(BaseException):
    """Raised in the student's code when it passes a limit.  A ``BaseException`` (like ``KeyboardInterrupt``), so
    that ``except Exception`` in the student's code, or in the reader, does not swallow it.  ``where`` may name
    the point being checked ("(4, 4)")."""

    where = ""

    def describe(self, who: str) -> str:     # pragma: no cover - every limit describes itself
        raise NotImplementedError


class TimeLimit(Stopped):
    """The student's code ran longer than :attr:`Limits.seconds`."""

    def describe(self, who: str) -> str:
        return f"{who} had not finished after {LIMITS.seconds:g} seconds, so it was stopped"


class MemoryLimit(Stopped):
    """The student's code made the process use more than :attr:`Limits.memory` more bytes."""

    def describe(self, who: str) -> str:
        return f"{who} used more than {_bytes_text(LIMITS.memory)} of memory, so it was stopped"


def _bytes_text(n: int) -> str:
    for unit, size in (("GiB", 2 ** 30), ("MiB", 2 ** 20), ("KiB", 2 ** 10)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} bytes"


# ---- memory -------------------------------------------------------------------------------------------------------
def _statm_page() -> int:
    try:
        import os
        return os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 4096


_PAGE = _statm_page()


def memory_in_use() -> int | None:
    """The process's resident memory in bytes: now on Linux, the peak so far on macOS; None where it is not known
    (Windows)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


# ---- raising in another thread ------------------------------------------------------------------------------------
def _raiser():
    try:
        import ctypes
        return ctypes, ctypes.pythonapi.PyThreadState_SetAsyncExc
    except (ImportError, AttributeError):
        return None


_RAISER = _raiser()


def _raise_in(thread_id: int, exc) -> None:
    """Raise ``exc`` (a class) in the thread at its next Python instruction; ``None`` cancels a pending one."""
    if _RAISER is None:
        return
    ctypes, set_async = _RAISER
    set_async(ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc is not None else None)


class _Watchdog:
    """Watches one check: the clock and the memory, from a thread of its own."""

    def __init__(self, limits: Limits):
        self.limits = dataclasses.replace(limits)
        self.target = threading.get_ident()
        self.lock = threading.Lock()
        self.armed = True
        self.done = threading.Event()
        self.start = time.monotonic()
        self.base = memory_in_use()
        self.reason: type[Stopped] | None = None
        self.thread = threading.Thread(target=self._watch, name="guesswho: limits of a check", daemon=True)

    def _over(self):
        if time.monotonic() - self.start > self.limits.seconds:
            return TimeLimit
        used = memory_in_use() if self.base is not None else None
        if used is not None and used - self.base > self.limits.memory:
            return MemoryLimit
        return None

    def _watch(self) -> None:
        while not self.done.wait(POLL):
            self.reason = self.reason or self._over()
            if self.reason is None:
                continue
            with self.lock:
                if not self.armed:
                    return
                _raise_in(self.target, self.reason)
            if self.done.wait(REFIRE):
                return

    def disarm(self) -> None:
        """No exception is raised after this returns, and none is pending (idempotent)."""
        with self.lock:
            self.armed = False
            _raise_in(self.target, None)
        self.done.set()


_ACTIVE = threading.local()


def _depth() -> int:
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1
    return n


def run_within_limits(fn, *args):
    """``fn(*args)`` within :data:`LIMITS`: raises :class:`TimeLimit` or :class:`MemoryLimit` (a
    :class:`Stopped`) if it passes one, and puts everything back however it ends.  A call inside another runs
    under the outer one's limits.

    >>> run_within_limits(sum, [1, 2, 3])
    6
    """
    if getattr(_ACTIVE, "on", False):
        return fn(*args)
    watchdog = _Watchdog(LIMITS)
    old_limit = sys.getrecursionlimit()
    _ACTIVE.on = True
    try:
        sys.setrecursionlimit(min(old_limit, _depth() + LIMITS.depth))
        watchdog.thread.start()
        return fn(*args)
    finally:
        while True:                  # an exception may still arrive here, before the watchdog is disarmed
            try:
                watchdog.disarm()
                break
            except Stopped:
                continue
        if watchdog.thread.ident is not None:        # started (a thread may fail to start)
            watchdog.thread.join()
        sys.setrecursionlimit(old_limit)
        _ACTIVE.on = False
