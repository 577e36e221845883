"""The settings file reused by a Jupyter server that runs Voila as an extension: what JupyterHub starts for
every student (``jupyterhub-singleuser`` is such a server; README, "More players than one computer").

A Jupyter server is started on 127.0.0.1 with ``--config=serving/voila.py`` (no hub: its logins and its
proxy are JupyterHub's own, tested by JupyterHub); Chromium opens the game at
``/voila/render/notebooks/app-play.ipynb``.  The page uses the guesswho template (no request leaves the
server, lost games are shown), the culling settings apply (times shortened on the command line), and a
closed page's kernel is culled (Voila's shutdown request on closing is a standalone-Voila feature).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from voila_server import ROOT, chromium, descendants, free_port, stop_server, watch_requests

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000


@contextmanager
def _jupyter_server(log_path: Path):
    port = free_port()
    argv = [sys.executable, "-m", "jupyter", "server", f"--config={ROOT / 'serving' / 'voila.py'}",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.open_browser=False", f"--ServerApp.root_dir={ROOT}",
            "--allow-root", "--MappingKernelManager.cull_idle_timeout=6", "--MappingKernelManager.cull_interval=2"]
    jupyter_path = os.pathsep.join([str(Path(sys.prefix) / "share" / "jupyter")]
                                   + [p for p in [os.environ.get("JUPYTER_PATH")] if p])
    with open(log_path, "w") as log:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "JUPYTER_PATH": jupyter_path, "PYTHONUNBUFFERED": "1"})
        try:
            deadline = time.monotonic() + 120
            while "is running at" not in log_path.read_text(errors="replace"):
                assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text()[-3000:]
                time.sleep(0.3)
            with socket.create_connection(("127.0.0.1", port), timeout=10):
                pass
            yield proc, f"http://127.0.0.1:{port}/"
        finally:
            stop_server(proc)


def _kernels(proc) -> set[str]:
    out = set()
    for pid in descendants(proc.pid):
        try:
            m = re.search(r"kernel-([0-9a-f-]{36})", Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"))
        except OSError:
            continue
        if m:
            out.add(m.group(1))
    return out


@pytest.fixture()
def browser():
    pytest.importorskip("voila", reason="SERVING TEST SKIPPED: the voila package is not installed")
    if not Path("/proc").is_dir():
        pytest.skip("SERVING TEST SKIPPED: kernels are found in /proc (Linux only)")
    try:
        with chromium() as b:
            yield b
    except RuntimeError as e:
        pytest.skip(f"BROWSER TEST SKIPPED (the game under a Jupyter server was NOT tested): {e}")


def test_a_students_jupyter_server_serves_the_game_with_the_settings_file(tmp_path, browser):
    with _jupyter_server(tmp_path / "server.log") as (proc, url):
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        outside = watch_requests(page, url)
        page.goto(url + "voila/render/notebooks/app-play.ipynb?rules=nica&board=8&seed=1")
        page.wait_for_selector(".gw-status-box", state="visible")
        kid = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        assert kid in _kernels(proc)
        assert page.evaluate("window.WebSocket.name") == "GameWebSocket"     # lost games are shown
        page.click("button.gw-suspect-1")
        page.click("button.gw-ask")
        page.wait_for_function("document.querySelectorAll('.gw-history tr').length >= 2")
        page.close(run_before_unload=True)                                   # the tab is closed
        deadline = time.monotonic() + 30                  # culled (shortened times; Voila's shutdown request
        while kid in _kernels(proc) and time.monotonic() < deadline:     # is a standalone-Voila feature)
            time.sleep(0.3)
        assert kid not in _kernels(proc), "the closed page's kernel is still running"
        assert not outside, f"the page made requests to other sites: {sorted(set(outside))}"
        log = (tmp_path / "server.log").read_text(errors="replace")
        assert "Culling kernels even if busy" in log          # cull_busy, from the settings file
        assert "is not trusted" not in log
