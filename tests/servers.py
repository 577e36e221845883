"""Start the class server exactly as the README says, drive Chromium, and watch a browser's requests.

The class command sits between the README's ``<!-- serve-command -->`` and ``<!-- /serve-command -->`` markers
(as .ci/run reads the test command); :func:`serve_class` runs it as written, with ``python`` replaced by this
interpreter and, appended, a free port and any ``extra`` options.  Used by the tests of the game page and of class
sessions in Chromium, and by benchmarks/bench_class.py.  :func:`throwaway_postgresql` starts a PostgreSQL server of
the test's own (for the class store's tests on PostgreSQL).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CHROMIUM = os.environ.get("GUESSWHO_CHROMIUM", "/usr/bin/chromium")   # Debian's chromium by default
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def readme_command(marker: str) -> str:
    """The command line between the README's ``<!-- marker -->`` and ``<!-- /marker -->`` (its first line starting
    with python)."""
    text = README.read_text(encoding="utf-8")
    m = re.search(rf"<!-- {marker} -->(.*?)<!-- /{marker} -->", text, re.S)
    if m is None:
        raise AssertionError(f"README.md has no <!-- {marker} --> ... <!-- /{marker} --> block")
    lines = [ln.strip() for ln in m.group(1).splitlines() if ln.strip().startswith("python")]
    if not lines:
        raise AssertionError(f"no command starting with 'python' between the README's {marker} markers")
    return lines[0]


def serve_command() -> str:
    """The README's class command (the one command a teacher runs for a class)."""
    return readme_command("serve-command")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    """Process ids of all descendants of ``pid`` (Linux /proc), e.g. the browser's processes."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def cmdline(pid: int) -> str:
    """The command line of a process ("" if it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Server:
    """A running server: ``url``, ``proc``, ``log_text()``."""

    def __init__(self, proc: subprocess.Popen, url: str, log_path: Path, argv: list[str], log_start: int = 0):
        self.proc, self.url, self.log_path, self.argv, self.log_start = proc, url, log_path, argv, log_start

    def log_text(self) -> str:
        """This server's log (a log file may hold an earlier server's log before it)."""
        with open(self.log_path, "rb") as f:
            f.seek(self.log_start)
            return f.read().decode(errors="replace")


def stop_server(proc: subprocess.Popen):
    """Stop the server and the processes it started (found by parentage before it stops; any that outlive it
    are killed by their ids)."""
    children = descendants(proc.pid) if Path("/proc").is_dir() else []
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # anything left in the process group we created for the server
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=5)


def _argv(cmd: str) -> list[str]:
    argv = shlex.split(cmd)
    if argv[0] != "python":
        raise AssertionError(f"the README's command should start with python: {cmd!r}")
    return [sys.executable] + argv[1:]


@contextmanager
def serve_class(log_path: Path, extra: tuple = (), startup_timeout: float = 60, port: int | None = None):
    """Run the README's class command (plus a free port, or ``port``, and ``extra`` options) until the block
    ends; the server is ready when it has said so (its one line)."""
    port = free_port() if port is None else port
    argv = _argv(serve_command()) + [f"--port={port}", *extra]
    with _running(argv, port, log_path, startup_timeout) as server:
        t0 = time.monotonic()
        while "The game is served at" not in server.log_text():
            if server.proc.poll() is not None or time.monotonic() - t0 > startup_timeout:
                raise AssertionError(f"the class server did not say it was ready:\n{server.log_text()[-3000:]}")
            time.sleep(0.1)
        yield server


@contextmanager
def _running(argv: list[str], port: int, log_path: Path, startup_timeout: float):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    log = open(log_path, "a")
    log_start = log.tell()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    server = Server(proc, f"http://127.0.0.1:{port}/", log_path, argv, log_start)
    try:
        deadline = time.monotonic() + startup_timeout
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"the server exited with code {proc.returncode}:\n{server.log_text()[-3000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"the server did not answer on {server.url} within {startup_timeout} s:\n"
                                         f"{server.log_text()[-3000:]}") from None
                time.sleep(0.3)
        yield server
    finally:
        stop_server(proc)
        log.close()


@contextmanager
def evidence_on_failure(page, shot: Path, log_text, keep_open: bool = False):
    """Close ``page`` when the block ends (``keep_open``: only if it fails, for a page used again); if the block
    fails, first save a screenshot at ``shot`` and print the end of the server's log (``log_text()``), then let the
    failure go on."""
    ok = False
    try:
        yield
        ok = True
    except Exception:
        try:
            page.screenshot(path=str(shot), full_page=True)
        finally:
            print("---- server log ----\n" + log_text()[-5000:])
        raise
    finally:
        if not (ok and keep_open):
            page.close()


#: For ``page.wait_for_function(SETTLED_JS, arg=k)``: the game page has settled after the player's k-th move: the
#: game is over, or the history shows k moves of theirs and the suspects the status line counts are the buttons to
#: click (and, on the board of faces, the faces still up): the view has caught up with the model.
SETTLED_JS = """(k) => {
  if (document.querySelector('.gw-result')) return true;
  const status = document.querySelector('.gw-status-box');
  if (!status) return false;
  const m = status.innerText.match(/Suspects left:\\s*you (\\d+)/);
  const moves = Array.from(document.querySelectorAll('.gw-history tr'))
      .filter(r => r.cells.length > 1 && r.cells[1].innerText.trim() === 'you').length;
  const faces = document.querySelectorAll('.gw-face').length;
  const up = document.querySelectorAll('.gw-face:not(.gw-face-out)').length;
  const enabled = document.querySelectorAll('button.gw-suspect:not([disabled])').length;
  return m !== null && moves >= k && Number(m[1]) === enabled && (faces === 0 || up === enabled);
}"""


def local_only(url: str, server_url: str) -> bool:
    """True for a request that stays on the server (or never leaves the browser: data:, blob:, about:)."""
    return url.startswith(server_url) or url.split(":", 1)[0] in ("data", "blob", "about")


def watch_requests(page, server_url: str) -> list[str]:
    """Record every request ``page`` makes that goes anywhere but the server (fill a list, returned)."""
    outside: list[str] = []
    page.on("request", lambda req: None if local_only(req.url, server_url) else outside.append(req.url))
    return outside


def watched_page(browser, timeout_ms: int, server_url: str | None = None, **options):
    """A new page of ``browser`` (``options`` as Playwright's ``new_page``) that waits up to ``timeout_ms``; returns
    (the page, the list its script errors fill, the list of its requests outside ``server_url``, when given)."""
    page = browser.new_page(**options)
    page.set_default_timeout(timeout_ms)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors, (watch_requests(page, server_url) if server_url else [])


@contextmanager
def chromium():
    """Debian's Chromium through Playwright; raises RuntimeError with the reason when it cannot start."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM}: install it (sudo apt-get install chromium) or set "
                           "GUESSWHO_CHROMIUM to a Chromium program (README, 'Run the tests')")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as e:
        raise RuntimeError(f"the playwright package is not installed ({e})") from None
    with sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=60_000)
        except Exception as e:
            raise RuntimeError(
                f"chromium could not start: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
        try:
            yield b
        finally:
            b.close()


def axe_serious(page) -> list[str]:
    """The serious and critical problems axe-core finds on ``page`` (WCAG 2.1 A and AA), one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={
        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]})
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def browser_or_skip(what: str):
    """For a pytest fixture (``yield from browser_or_skip("the game page")``): Chromium, or the test skipped loudly,
    saying what was NOT tested in a browser and why."""
    import pytest

    try:
        with chromium() as b:
            yield b
    except RuntimeError as e:
        pytest.skip(f"BROWSER TEST SKIPPED ({what} was NOT tested in a browser): {e}")


def postgresql_server():
    """A PostgreSQL server for the test: GUESSWHO_TEST_POSTGRESQL, or a throwaway one started with Debian's
    PostgreSQL programs if they are installed (the folder of those programs); else (None, the reason why not)."""
    try:
        import psycopg  # noqa: F401 - only checking that it is installed
    except ImportError:
        return None, "the psycopg package is not installed (python -m pip install 'psycopg[binary]')"
    if os.environ.get("GUESSWHO_TEST_POSTGRESQL"):
        return os.environ["GUESSWHO_TEST_POSTGRESQL"], None
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not bins:
        return None, ("no PostgreSQL server: set GUESSWHO_TEST_POSTGRESQL=postgresql://... or install Debian's "
                      "postgresql package")
    return bins[-1].parent, None


def postgresql_or_skip():
    """For a pytest fixture (``yield from postgresql_or_skip()``): a PostgreSQL address (GUESSWHO_TEST_POSTGRESQL,
    or a throwaway server of the test's own), or the test skipped loudly, saying why."""
    import pytest

    found, reason = postgresql_server()
    if found is None:
        pytest.skip(f"POSTGRESQL TEST SKIPPED: {reason}")
    if isinstance(found, str):
        yield found
        return
    with throwaway_postgresql() as (location, _):
        yield location


@contextmanager
def throwaway_postgresql():
    """A PostgreSQL server of its own, started with Debian's programs (a test skips, saying why, without them):
    (its address, a function that stops it)."""
    import pytest

    found, reason = postgresql_server()
    if found is None or isinstance(found, str):
        pytest.skip(f"POSTGRESQL TEST SKIPPED: {reason or 'a server of its own is needed'}")
    folder = Path(tempfile.mkdtemp(prefix="guesswho-pg-"))     # in /tmp: the server's own user can reach it
    data = folder / "data"
    run_as = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []   # the server refuses to run as root
    if run_as:
        shutil.chown(folder, "postgres")

    def stop():
        subprocess.run(run_as + [str(found / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
    try:
        subprocess.run(run_as + [str(found / "initdb"), "-D", str(data), "-A", "trust", "-U", "guesswho"],
                       check=True, capture_output=True, timeout=120)
        subprocess.run(run_as + [str(found / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "-o",
                                 f"-k {folder} -c listen_addresses='' -p 5499", "start"],
                       check=True, capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"POSTGRESQL TEST SKIPPED: a throwaway server could not be started ({e})")
    try:
        yield f"postgresql://guesswho@/postgres?host={folder}&port=5499", stop
    finally:
        stop()
        shutil.rmtree(folder, ignore_errors=True)


def teacher_cookie(url: str, code: str, token: str) -> dict:
    """The ``Cookie`` header of the teacher of class ``code`` signed in with ``token`` on the class server at
    ``url`` by its sign-in form (the session id the server sets: the cookie never holds the token)."""
    import urllib.error
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    request = urllib.request.Request(url + "class/teacher", data=f"code={code}&token={token}".encode(),
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        urllib.request.build_opener(NoRedirect).open(request, timeout=30)
        raise AssertionError("the sign-in form did not send the teacher on")
    except urllib.error.HTTPError as e:
        if e.code != 302:
            raise AssertionError(f"the sign-in form answered {e.code}: {e.read()[:300]!r}") from None
        return {"Cookie": e.headers["Set-Cookie"].split(";", 1)[0]}


class StubServer:
    """A stand-in for a class server on a free port of 127.0.0.1, in threads of this process: it records every
    request (``requests``: (method, path, headers, body); ``accepted``: those it answered 200) and answers as
    ``mode`` says: "ok" (a class server's 200), "full" (503), "results-full" (joins, then 503 to every result),
    "down-after-join" (joins, then stops: its port refuses every result), "silent" (reads the request and never
    answers, until :meth:`close`), "page" (an HTML page, as a server that is not a class server would) or
    "redirect" (307 to ``location``).  ``port``: listen there (a port another server has let go of) rather than
    on a free one."""

    def __init__(self, mode: str = "ok", port: int = 0, location: str = ""):
        import http.server
        import json
        import threading

        self.mode, self.requests, self.accepted, self.released = mode, [], [], threading.Event()
        self.location = location
        stub = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
                stub.requests.append(("POST", self.path, dict(self.headers), body))
                if stub.mode == "silent":
                    stub.released.wait(120)
                    return
                if stub.mode == "page":
                    status, data, kind = 200, b"<html><p>Welcome</p></html>", "text/html"
                elif stub.mode == "redirect":
                    self.send_response(307)
                    self.send_header("Location", stub.location)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                elif stub.mode == "full" or (stub.mode == "results-full" and self.path.endswith("/result")):
                    status, kind = 503, "application/json"
                    data = json.dumps({"error": "unavailable", "message": "the class is full"}).encode()
                else:
                    status, kind = 200, "application/json"
                    sent = json.loads(body or b"{}")
                    stub.accepted.append((self.path, sent))
                    data = json.dumps({"joined": True, "code": sent.get("code"), "nickname": sent.get("nickname"),
                                       "new": True} if self.path.endswith("/join") else {"recorded": True}).encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                if stub.mode == "down-after-join" and self.path.endswith("/join"):
                    threading.Thread(target=stub.close, daemon=True).start()

            do_GET = do_POST

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def bodies(self, path_end: str, accepted: bool = False) -> list[dict]:
        """The bodies of the requests to a path ending in ``path_end``: all, or only those answered 200."""
        import json

        if accepted:
            return [body for p, body in self.accepted if p.endswith(path_end)]
        return [json.loads(b) for _, p, _, b in self.requests if p.endswith(path_end)]

    def close(self):
        self.released.set()
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
