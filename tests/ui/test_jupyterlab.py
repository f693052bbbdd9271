"""A reader's view (``make browser``): a notebook run in a real JupyterLab, in headless Chromium.

The notebook (``--notebook``, default 03_data_and_tf_function) is copied into a new folder and
opened in JupyterLab; Edit > Clear Outputs of All Cells, then Run > Run All Cells, as a person
clicks them. The checks share that one run, in file order. Screenshots: artifacts/browser/.
"""

from __future__ import annotations

import hashlib
import re
import sys
import time
from pathlib import Path

import pytest

from tools.browser import expected_from_file

pytestmark = pytest.mark.ui
ARTIFACTS_NAME = "browser"

# Runs in the page: execute `code` in the kernel over its WebSocket channel (the way
# JupyterLab itself talks to it) and return what it printed. Not stored in history.
KERNEL_EXEC_JS = """
async ([kernelId, token, code]) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://${location.host}/api/kernels/${kernelId}/channels?token=${token}`);
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
() => ({
  prompts: [...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell')].map(
      c => (c.querySelector('.jp-InputArea-prompt') || {}).textContent || ''),
  stderr: [...document.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')].map(e => e.innerText),
  images: [...document.querySelectorAll('.jp-OutputArea-output img')].map(
      i => ({complete: i.complete, width: i.naturalWidth, height: i.naturalHeight})),
})
"""
ERROR_TEXT = re.compile(r"Traceback \(most recent call last\)|^\w*(?:Error|Exception)\b.*:", re.M)


@pytest.fixture(scope="module")
def stored(notebook):
    """What the notebook on disk says before the run: its digest, code cells that run, stored plots."""
    cells, images = expected_from_file(notebook)
    return {"digest": hashlib.sha256(notebook.read_bytes()).hexdigest(), "cells": cells, "images": images}


@pytest.fixture(scope="module")
def lab(watched_page, jupyterlab, notebook, stored):
    """The notebook open in JupyterLab (only 127.0.0.1 resolves: requests off this machine fail)."""
    page = watched_page.page
    page.goto(f"{jupyterlab.base}/lab/tree/notebooks/{notebook.name}?token={jupyterlab.token}",
              wait_until="domcontentloaded")  # fmt: skip
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=120_000)
    return watched_page


@pytest.fixture(scope="module")
def kernel(lab, jupyterlab, notebook):
    """The kernel that the UI started for the notebook, once the server sees it idle (None: not within 120 s)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        sessions = [s for s in jupyterlab.api("sessions") if s.get("path") == f"notebooks/{notebook.name}"]
        if sessions and sessions[0].get("kernel"):
            if jupyterlab.api(f"kernels/{sessions[0]['kernel']['id']}")["execution_state"] == "idle":
                return sessions[0]["kernel"]
        lab.page.wait_for_timeout(500)
    return None


def click_menu(page, menu: str, item: str) -> None:
    """Click a top menu, then one of its items, as a person would."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(menu)}$")).click()
    page.locator(
        ".lm-Menu-item:not(.lm-mod-hidden) .lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$")
    ).first.click()


@pytest.fixture(scope="module")
def run_all(lab, kernel, jupyterlab, stored, pytestconfig):
    """Clear Outputs of All Cells, Run All Cells; wait until every cell has a count and the kernel is idle.

    Returns the page's state (PAGE_STATE_JS). Run All stops at an error, so an error ends the wait.
    """
    if kernel is None:
        pytest.fail("no idle kernel for the notebook within 120 s\n" + jupyterlab.log_tail())
    page = lab.page
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    click_menu(page, "Edit", "Clear Outputs of All Cells")  # whatever shows afterwards was made by this run
    page.wait_for_function(
        "() => document.querySelectorAll('.jp-Notebook .jp-OutputArea-output').length === 0", timeout=30_000
    )
    click_menu(page, "Run", "Run All Cells")
    timeout = pytestconfig.getoption("lab_timeout")
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(PAGE_STATE_JS)
        done = [p for p in state["prompts"] if re.search(r"\[\d+\]", p)]
        busy = any("*" in p for p in state["prompts"])
        idle = jupyterlab.api(f"kernels/{kernel['id']}")["execution_state"] == "idle"
        if not busy and (len(done) >= stored["cells"] and idle or any(ERROR_TEXT.search(t) for t in state["stderr"])):
            return state
        if time.monotonic() > deadline:
            pytest.fail(f"cells still running after {timeout:.0f} s: {len(done)}/{stored['cells']} done")
        page.wait_for_timeout(500)  # not time.sleep: Playwright handles page events while it waits


def test_kernel_starts(kernel):
    assert kernel is not None, "JupyterLab started no kernel for the notebook, or it never became idle (120 s)"


def test_every_code_cell_runs_in_order(run_all, stored):
    counts = [int(m.group(1)) for p in run_all["prompts"] if (m := re.search(r"\[(\d+)\]", p))]
    assert counts == list(range(1, stored["cells"] + 1)), f"execution counts {counts}, expected 1..{stored['cells']}"


def test_no_output_shows_an_error(run_all):
    errors = [text for text in run_all["stderr"] if ERROR_TEXT.search(text)]
    assert not errors, f"{len(errors)} output(s) show an error; first:\n{errors[0][-1500:] if errors else ''}"


def test_plots_render(lab, run_all, stored):
    """Every plot is an <img> that decoded, and there are as many as the stored notebook has."""
    lab.page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img')].every(i => i.complete)", timeout=30_000
    )
    images = lab.page.evaluate(PAGE_STATE_JS)["images"]
    decoded = [i for i in images if i["width"] > 0 and i["height"] > 0]
    assert len(decoded) == len(images) == stored["images"], (
        f"{len(decoded)} of {len(images)} <img> outputs decoded; the stored notebook has {stored['images']}"
    )


def test_kernel_runs_in_this_environment(lab, kernel, jupyterlab, run_all):
    """The kernel's sys.prefix is this Python's (the project's .venv under make), asked over its channel."""
    reply = lab.page.evaluate(KERNEL_EXEC_JS, [kernel["id"], jupyterlab.token, "import sys; print(sys.prefix)"])
    assert Path(reply.strip()).resolve() == Path(sys.prefix).resolve(), f"kernel runs in {reply.strip()!r}"


def test_screenshots(lab, run_all, notebook):
    """The top of the executed notebook and its first plot, in artifacts/browser/."""
    page = lab.page
    page.locator(".jp-Notebook .jp-Cell").first.scroll_into_view_if_needed()
    shots = [lab.out_dir / f"{notebook.stem}.png"]
    page.screenshot(path=str(shots[0]))
    if run_all["images"]:
        page.locator(".jp-OutputArea-output img").first.evaluate("img => img.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(300)
        shots.append(lab.out_dir / f"{notebook.stem}-plot.png")
        page.screenshot(path=str(shots[-1]))
    assert all(s.stat().st_size > 0 for s in shots)


def test_notebook_file_is_unchanged(run_all, notebook, stored):
    assert hashlib.sha256(notebook.read_bytes()).hexdigest() == stored["digest"], "the notebook file changed on disk"
