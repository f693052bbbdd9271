"""Browser checks (marker ``ui``): pytest-playwright driving the system's Chromium.

``make browser`` runs test_jupyterlab.py (a notebook in a real JupyterLab), ``make book-check``
runs test_book.py (the built book). Plain ``pytest`` and ``make test`` skip this folder unless
``-m`` names ``ui`` (tests/conftest.py). Here: the browser (Debian's Chromium, offline, defined
once in tools/browser.py), a JupyterLab server and a book server for the session, the options,
and a screenshot plus the browser console of every failing check.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tools.browser import CHROMIUM_FLAGS, NO_PROXY, ROOT, BookServer, find_chromium, free_port, pick_notebook

ARTIFACTS = ROOT / "artifacts"
# JupyterLab user settings for the run: every cell stays in the page (no virtual
# scrolling), nothing is autosaved, no news or update checks (no network).
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def pytest_addoption(parser):
    group = parser.getgroup("ui", "browser checks (tests/ui, -m ui)")
    group.addoption("--notebook", type=Path, help="make browser: the notebook to run "
                    "(default: notebooks/03_data_and_tf_function.ipynb, else the first)")  # fmt: skip
    group.addoption("--lab-timeout", type=float, default=600, help="make browser: seconds for Run All Cells")
    group.addoption("--book", type=Path, default=ROOT / "build" / "book", help="make book-check: the built book")
    group.addoption("--terms", help="make book-check: glossary terms to search, space-separated, "
                    "besides the required ones (default: all)")  # fmt: skip


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """The system's Chromium, headless, offline (only 127.0.0.1 resolves), no proxy: nothing is downloaded."""
    return {**browser_type_launch_args, "executable_path": find_chromium(), "headless": True, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1000}, "device_scale_factor": 1}


class Watched:
    """A page that the checks of one file share, with what its console said."""

    def __init__(self, context, out_dir: Path):
        self.context = context
        self.page = context.new_page()
        self.out_dir = out_dir
        self.console: list[tuple[str, str, str]] = []  # (type, text, url)
        self.page.on("console", lambda m: self.console.append((m.type, m.text, (m.location or {}).get("url", ""))))
        self.page.on("pageerror", lambda err: self.console.append(("error", f"JavaScript error: {err}", "")))
        out_dir.mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="module")
def watched_page(browser, browser_context_args, request):
    """A new context and page for one test file; screenshots go to artifacts/<the file's subject>/."""
    context = browser.new_context(**browser_context_args)
    context.set_default_timeout(60_000)
    yield Watched(context, ARTIFACTS / request.module.ARTIFACTS_NAME)
    context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing check leaves a screenshot of the page it looked at and the console's last errors."""
    report = yield
    if report.failed and call.when == "call":
        for value in getattr(item, "funcargs", {}).values():
            if isinstance(value, Watched):
                shot = value.out_dir / f"failure-{item.name}.png"
                with contextlib.suppress(Exception):
                    value.page.screenshot(path=str(shot))
                    report.sections.append(("screenshot", str(shot)))
                lines = [f"{k}: {t[:300]} {u}" for k, t, u in value.console if k in ("error", "warning")]
                if lines:
                    report.sections.append(("browser console (last 20 warnings/errors)", "\n".join(lines[-20:])))
                break
    return report


# ---------------------------------------------------------------------------
# JupyterLab (make browser)


class JupyterLab:
    """A JupyterLab server on 127.0.0.1, a free port and a random token, in its own folders."""

    def __init__(self, root_dir: Path, work: Path):
        self.root_dir, self.work = root_dir, work
        self.token = secrets.token_hex(24)
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.log_path = work / "jupyterlab.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(
            f"{self.base}/api/{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with NO_PROXY.open(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def start(self, timeout: float = 120) -> None:
        settings = self.work / "lab-settings"
        for name, value in LAB_SETTINGS.items():
            (settings / name).parent.mkdir(parents=True, exist_ok=True)
            (settings / name).write_text(json.dumps(value), encoding="utf-8")
        env = {
            **os.environ,
            "JUPYTER_CONFIG_DIR": str(self.work / "jupyter-config"),
            "JUPYTER_RUNTIME_DIR": str(self.work / "jupyter-runtime"),
            "JUPYTER_DATA_DIR": str(self.work / "jupyter-data"),
            "JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.work / "lab-workspaces"),
            "IPYTHONDIR": str(self.work / "ipython"),
            "JUPYTER_PLATFORM_DIRS": "1",
        }
        (self.work / "kernel-ipc").mkdir(exist_ok=True)
        for _attempt in range(3):  # the free port may be taken between finding and binding it
            self.port = free_port()
            command = [
                sys.executable, "-m", "jupyterlab", "--no-browser",
                "--KernelManager.transport=ipc",
                f"--KernelManager.ip={self.work / 'kernel-ipc' / 'kernel'}",  # not in the notebooks' folder
                "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root_dir}",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--LabApp.news_url=",
            ]  # fmt: skip
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                command.append("--allow-root")  # CI and containers run as root
            with open(self.log_path, "ab") as server_log:
                self.proc = subprocess.Popen(
                    command, cwd=self.root_dir, env=env, stdout=server_log, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL, start_new_session=True,
                )  # fmt: skip
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and self.proc.poll() is None:
                with contextlib.suppress(OSError, urllib.error.URLError, ValueError):
                    self.api("status")
                    return
                time.sleep(0.5)
            if self.proc.poll() is None:
                self.stop()
                pytest.fail(f"JupyterLab did not answer within {timeout:.0f} s\n{self.log_tail()}")
        pytest.fail(f"JupyterLab would not start\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
        return ""

    def stop(self) -> None:
        if not self.proc or self.proc.poll() is not None:
            return
        with contextlib.suppress(OSError, urllib.error.URLError, ValueError):
            self.api("shutdown", method="POST")  # stops the kernels too
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig:
                os.killpg(self.proc.pid, sig)  # our own process group only
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=20 if sig is None else 10)
                return


@pytest.fixture(scope="session")
def notebook(pytestconfig) -> Path:
    """The notebook that make browser runs (--notebook; the file itself is never changed)."""
    try:
        return pick_notebook(pytestconfig.getoption("notebook"))
    except FileNotFoundError as err:
        raise pytest.UsageError(str(err)) from None


@pytest.fixture(scope="session")
def jupyterlab(notebook, tmp_path_factory):
    """JupyterLab on a copy of the notebook (notebooks/NAME in a new folder), with its own empty config."""
    work = tmp_path_factory.mktemp("jupyterlab")
    (work / "root" / "notebooks").mkdir(parents=True)
    shutil.copy2(notebook, work / "root" / "notebooks" / notebook.name)
    lab = JupyterLab(work / "root", work)
    lab.start()
    yield lab
    lab.stop()


# ---------------------------------------------------------------------------
# The book (make book-check)


@pytest.fixture(scope="session")
def book_server(pytestconfig):
    """build/book/ (--book) on 127.0.0.1 and a free port."""
    book = pytestconfig.getoption("book").resolve()
    if not (book / "index.html").is_file():
        pytest.fail(f"no book in {book}: run `make book` first", pytrace=False)
    with BookServer(book) as server:
        yield server
