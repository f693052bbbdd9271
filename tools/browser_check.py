"""Run one notebook through JupyterLab in headless Chromium, as a reader would (``make browser``).

What it does:

1. copies the notebook into a new temporary folder (the file itself is never
   changed; the check also compares its bytes before and after);
2. starts JupyterLab from this Python (the project's .venv) on 127.0.0.1, a free
   port and a random token, with its own empty config, settings and workspace;
3. opens the notebook in the system's Chromium (Debian: ``apt-get install
   chromium``; nothing is downloaded) driven by Playwright, with a new empty
   profile; requests to anything but 127.0.0.1 are blocked;
4. clicks Edit > Clear Outputs of All Cells, then Run > Run All Cells, and waits
   until every code cell shows an execution count and the kernel is idle;
5. checks: every code cell ran, in order (1, 2, 3, ...); no output shows a
   traceback or an error; every plot is an ``<img>`` that decoded (naturalWidth
   > 0) and there are as many as the stored notebook has; the kernel runs in this
   Python's environment (its ``sys.prefix``, asked through the kernel's channel);
6. saves screenshots to ``artifacts/browser/`` and shuts the server down.

Exit status 0 when every check passed. Usage::

    .venv/bin/python -m tools.browser_check [notebooks/NN_name.ipynb] [--timeout 600]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # helpers, also when the project is not pip-installed
from helpers.paths import collection  # noqa: E402

DEFAULT_NOTEBOOK = ROOT / "notebooks" / "03_data_and_tf_function.ipynb"
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-proxy-server",
    # Only 127.0.0.1 resolves: the page cannot reach anything off this machine
    # (the badges under the title fail to load, which is expected).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
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
# Runs in the page: execute `code` in the kernel over its WebSocket channel (the way
# JupyterLab itself talks to it) and return what it printed. Not stored in history.
KERNEL_EXEC_JS = """
async ([kernelId, token, code]) => new Promise((resolve, reject) => {
  const url = `ws://${location.host}/api/kernels/${kernelId}/channels?token=${token}`;
  const ws = new WebSocket(url);
  const msgId = crypto.randomUUID();
  let out = "";
  const timer = setTimeout(() => { ws.close(); reject(new Error("no reply from the kernel")); }, 30000);
  ws.onerror = () => { clearTimeout(timer); reject(new Error("WebSocket error")); };
  ws.onopen = () => ws.send(JSON.stringify({
    header: {msg_id: msgId, msg_type: "execute_request", username: "browser-check",
             session: crypto.randomUUID(), version: "5.3", date: new Date().toISOString()},
    parent_header: {}, metadata: {}, channel: "shell", buffers: [],
    content: {code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false},
  }));
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (!msg.parent_header || msg.parent_header.msg_id !== msgId) return;
    if (msg.msg_type === "stream") out += msg.content.text;
    if (msg.msg_type === "error") out += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
    if (msg.msg_type === "status" && msg.content.execution_state === "idle") {
      clearTimeout(timer); ws.close(); resolve(out);
    }
  };
})
"""
# Runs in the page: the state of every code cell and output.
PAGE_STATE_JS = """
() => {
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell')];
  return {
    prompts: cells.map(c => (c.querySelector('.jp-InputArea-prompt') || {}).textContent || ''),
    stderr: [...document.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')].map(e => e.innerText),
    images: [...document.querySelectorAll('.jp-OutputArea-output img')].map(
        i => ({complete: i.complete, width: i.naturalWidth, height: i.naturalHeight})),
  };
}
"""
# The server is on 127.0.0.1: never send its requests through an HTTP proxy from the environment.
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
ERROR_TEXT = re.compile(r"Traceback \(most recent call last\)|^\w*(?:Error|Exception)\b.*:", re.M)


class CheckFailed(Exception):
    """A check did not pass; the message says what was seen."""


def log(message: str) -> None:
    print(f"[browser] {message}", flush=True)


def find_chromium(explicit: str | None) -> str:
    """Return the path of the system Chromium (``--chromium``, $CHROMIUM, or the usual names)."""
    for candidate in (explicit, os.environ.get("CHROMIUM"), *CHROMIUM_CANDIDATES):
        if candidate and (found := shutil.which(candidate)):
            return found
    raise CheckFailed(
        "Chromium not found: install it (Debian: apt-get install -y chromium) or pass --chromium PATH"
    )


def pick_notebook(given: Path | None) -> Path:
    """Return the notebook to check: the one given, else 03_data_and_tf_function, else the first."""
    if given:
        if not given.is_file():
            raise CheckFailed(f"no such notebook: {given}")
        return given.resolve()
    if DEFAULT_NOTEBOOK.is_file():
        return DEFAULT_NOTEBOOK
    found = collection(ROOT / "notebooks")  # NN_topic.ipynb, not copies left by other tools
    if not found:
        raise CheckFailed("no notebooks/*.ipynb to check")
    return found[0]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def expected_from_file(notebook: Path) -> tuple[int, int]:
    """Return (code cells that will run, image outputs stored) of the notebook on disk."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))

    def source(cell):
        src = cell.get("source", "")
        return "".join(src) if isinstance(src, list) else src

    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code" and source(c).strip()]
    images = sum(
        1
        for c in code
        for o in c.get("outputs", [])
        if any(k.startswith("image/") for k in o.get("data", {}))
    )
    return len(code), images


class JupyterLab:
    """A JupyterLab server on 127.0.0.1 for one check, in its own folders; stopped on exit."""

    def __init__(self, root_dir: Path, work: Path):
        self.root_dir = root_dir
        self.work = work
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

    def start(self, timeout: float) -> None:
        settings = self.work / "lab-settings"
        for name, value in LAB_SETTINGS.items():
            path = settings / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value), encoding="utf-8")
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
        for attempt in range(3):  # the free port may be taken between finding and binding it
            self.port = free_port()
            command = [
                sys.executable, "-m", "jupyterlab",
                "--no-browser",
                "--KernelManager.transport=ipc",
                f"--KernelManager.ip={self.work / 'kernel-ipc' / 'kernel'}",  # not in the notebooks' folder
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root_dir}",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.news_url=",
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
                    log(f"JupyterLab is up on 127.0.0.1:{self.port} ({sys.prefix})")
                    return
                time.sleep(0.5)
            if self.proc.poll() is None:
                self.stop()
                raise CheckFailed(f"JupyterLab did not answer within {timeout:.0f} s\n{self.log_tail()}")
            log(f"JupyterLab exited at start (attempt {attempt + 1}); retrying on another port")
        raise CheckFailed(f"JupyterLab would not start\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        if not self.proc or self.proc.poll() is not None:
            return
        with contextlib.suppress(OSError, urllib.error.URLError, ValueError):
            self.api("shutdown", method="POST")  # stops the kernels too
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGTERM)  # our own process group only
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        log("JupyterLab stopped")


def click_menu(page, menu: str, item: str) -> None:
    """Click a top menu, then one of its items, as a person would."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(menu)}$")).click()
    entry = page.locator(
        ".lm-Menu-item:not(.lm-mod-hidden) .lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$")
    )
    entry.first.click()
    log(f"clicked {menu} > {item}")


def wait_for_run(page, lab: JupyterLab, session: dict, expected_cells: int, timeout: float) -> dict:
    """Wait until every non-empty code cell shows an execution count and the kernel is idle."""
    deadline = time.monotonic() + timeout
    last_report = 0.0
    while True:
        state = page.evaluate(PAGE_STATE_JS)
        done = [p for p in state["prompts"] if re.search(r"\[\d+\]", p)]
        busy = any("*" in p for p in state["prompts"])
        kernel = lab.api(f"kernels/{session['kernel']['id']}")
        if not busy and len(done) >= expected_cells and kernel["execution_state"] == "idle":
            return state
        if any(ERROR_TEXT.search(text) for text in state["stderr"]) and not busy:
            return state  # Run All stops at an error: nothing more will run
        now = time.monotonic()
        if now > deadline:
            raise CheckFailed(
                f"cells still running after {timeout:.0f} s: {len(done)}/{expected_cells} done, "
                f"kernel {kernel['execution_state']}"
            )
        if now - last_report > 10:
            log(f"running: {len(done)}/{expected_cells} cells done")
            last_report = now
        page.wait_for_timeout(500)  # not time.sleep: Playwright handles page events while it waits


def check(notebook: Path, chromium: str, out_dir: Path, timeout: float) -> list[str]:
    """Run the whole check; return the lines of its report. Raises CheckFailed."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    digest_before = hashlib.sha256(notebook.read_bytes()).hexdigest()
    expected_cells, expected_images = expected_from_file(notebook)
    passed: list[str] = []
    failed: list[str] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = notebook.stem

    with tempfile.TemporaryDirectory(prefix="browser-check-") as tmp:
        work = Path(tmp)
        root_dir = work / "root"
        (root_dir / "notebooks").mkdir(parents=True)
        shutil.copy2(notebook, root_dir / "notebooks" / notebook.name)
        rel = f"notebooks/{notebook.name}"
        lab = JupyterLab(root_dir, work)
        lab.start(timeout=120)
        blocked: list[str] = []
        try:
            with sync_playwright() as pw:
                context = pw.chromium.launch_persistent_context(
                    user_data_dir=str(work / "chromium-profile"),  # new and empty
                    executable_path=chromium,
                    headless=True,
                    args=CHROMIUM_FLAGS,
                    viewport={"width": 1280, "height": 1000},
                    device_scale_factor=1,
                )
                page = None
                failure_shot = out_dir / f"{stem}-failure.png"
                failure_shot.unlink(missing_ok=True)
                console: list[str] = []
                try:
                    context.set_default_timeout(60_000)
                    page = context.pages[0] if context.pages else context.new_page()
                    page.on(
                        "requestfailed",
                        lambda request: (
                            None if request.url.startswith(lab.base) else blocked.append(request.url)
                        ),
                    )
                    page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text[:300]}"))
                    page.goto(f"{lab.base}/lab/tree/{rel}?token={lab.token}", wait_until="domcontentloaded")
                    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=120_000)
                    log(f"opened {rel} in JupyterLab")

                    # The kernel the UI started for this notebook, as the server sees it.
                    session = None
                    deadline = time.monotonic() + 120
                    while time.monotonic() < deadline:
                        sessions = [s for s in lab.api("sessions") if s.get("path") == rel]
                        if sessions and sessions[0].get("kernel"):
                            kernel = lab.api(f"kernels/{sessions[0]['kernel']['id']}")
                            if kernel["execution_state"] == "idle":
                                session = sessions[0]
                                break
                        page.wait_for_timeout(500)
                    if session is None:
                        raise CheckFailed(f"no idle kernel for {rel} within 120 s\n{lab.log_tail()}")
                    log(f"kernel {session['kernel']['name']} is idle")

                    # Clear the stored outputs first: whatever shows afterwards was made by this run.
                    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
                    click_menu(page, "Edit", "Clear Outputs of All Cells")
                    page.wait_for_function(
                        "() => document.querySelectorAll('.jp-Notebook .jp-OutputArea-output').length === 0",
                        timeout=30_000,
                    )
                    started = time.monotonic()
                    click_menu(page, "Run", "Run All Cells")
                    state = wait_for_run(page, lab, session, expected_cells, timeout)
                    log(f"Run All Cells finished in {time.monotonic() - started:.1f} s")

                    # 1. every code cell ran, top to bottom
                    counts = [int(m.group(1)) for p in state["prompts"] if (m := re.search(r"\[(\d+)\]", p))]
                    if counts == list(range(1, expected_cells + 1)):
                        passed.append(f"all {expected_cells} code cells ran in order (1..{expected_cells})")
                    else:
                        failed.append(f"execution counts {counts}, expected 1..{expected_cells}")

                    # 2. no error, no traceback
                    errors = [text for text in state["stderr"] if ERROR_TEXT.search(text)]
                    if errors:
                        failed.append(f"{len(errors)} output(s) show an error; first:\n{errors[0][-1500:]}")
                    else:
                        passed.append(
                            f"no error or traceback in any output ({len(state['stderr'])} stderr outputs)"
                        )

                    # 3. the plots render
                    page.wait_for_function(
                        "() => [...document.querySelectorAll('.jp-OutputArea-output img')].every(i => i.complete)",
                        timeout=30_000,
                    )
                    images = page.evaluate(PAGE_STATE_JS)["images"]
                    decoded = [i for i in images if i["width"] > 0 and i["height"] > 0]
                    if len(decoded) == len(images) == expected_images:
                        passed.append(f"{len(images)} plot(s) rendered, as many as stored (naturalWidth > 0)")
                    else:
                        failed.append(
                            f"{len(decoded)} of {len(images)} <img> outputs decoded; the stored notebook has "
                            f"{expected_images}"
                        )

                    # 4. the kernel is this environment (the project's .venv under make)
                    reply = page.evaluate(
                        KERNEL_EXEC_JS,
                        [
                            session["kernel"]["id"],
                            lab.token,
                            "import sys; print(sys.prefix); print(sys.executable)",
                        ],
                    )
                    lines = reply.strip().splitlines()
                    kernel_prefix = Path(lines[0]).resolve() if lines else None
                    if kernel_prefix == Path(sys.prefix).resolve():
                        passed.append(f"kernel runs in {sys.prefix} ({lines[1] if len(lines) > 1 else ''})")
                    else:
                        failed.append(f"kernel runs in {reply.strip()!r}, expected sys.prefix {sys.prefix}")

                    # Screenshots: the top of the executed notebook, and its first plot.
                    page.locator(".jp-Notebook .jp-Cell").first.scroll_into_view_if_needed()
                    shot = out_dir / f"{stem}.png"
                    page.screenshot(path=str(shot))
                    shots = [shot]
                    if images:
                        page.locator(".jp-OutputArea-output img").first.evaluate(
                            "img => img.scrollIntoView({block: 'center'})"
                        )
                        page.wait_for_timeout(300)
                        shots.append(out_dir / f"{stem}-plot.png")
                        page.screenshot(path=str(shots[-1]))
                    log(
                        "screenshots: "
                        + ", ".join(str(s.relative_to(ROOT) if s.is_relative_to(ROOT) else s) for s in shots)
                    )
                except (CheckFailed, PlaywrightError):
                    if page is not None:
                        with contextlib.suppress(PlaywrightError):
                            page.screenshot(path=str(failure_shot))
                            log(f"screenshot of the failure: {failure_shot}")
                    interesting = [line for line in console if not line.startswith(("debug", "log", "info"))]
                    log("browser console (last 20 warnings/errors):\n  " + "\n  ".join(interesting[-20:]))
                    raise
                finally:
                    context.close()
        except PlaywrightError as err:
            raise CheckFailed(f"browser: {err}\n{lab.log_tail()}") from err
        finally:
            lab.stop()
        if blocked:
            log(f"{len(blocked)} request(s) off this machine failed, as they should, e.g. {blocked[0]}")

    if hashlib.sha256(notebook.read_bytes()).hexdigest() == digest_before:
        passed.append("the notebook file is unchanged")
    else:
        failed.append("the notebook file changed on disk")
    report = [f"ok   {line}" for line in passed] + [f"FAIL {line}" for line in failed]
    report.append(f"browser check: {len(passed)} passed, {len(failed)} failed")
    if failed:
        raise CheckFailed("\n".join(report))
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "notebook", nargs="?", type=Path, help="default: notebooks/03_data_and_tf_function.ipynb"
    )
    parser.add_argument("--chromium", help="Chromium binary (default: $CHROMIUM, /usr/bin/chromium, on PATH)")
    parser.add_argument("--out", type=Path, default=ARTIFACTS, help="folder for the screenshots")
    parser.add_argument("--timeout", type=float, default=600, help="seconds for Run All Cells")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        notebook = pick_notebook(args.notebook)
        chromium = find_chromium(args.chromium)
        log(f"checking {notebook.name} with {chromium}")
        report = check(notebook, chromium, args.out, args.timeout)
    except CheckFailed as err:
        print(f"[browser] FAILED after {time.monotonic() - started:.0f} s:\n{err}", file=sys.stderr)
        return 1
    print("\n".join(report))
    log(f"done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
