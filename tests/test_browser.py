"""tools/browser.py: the parts of the browser checks that need no browser (those are tests/ui, `make browser`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools import browser  # noqa: E402


def test_expected_from_file_counts_cells_that_run_and_stored_plots(tmp_path):
    def code(source, outputs=()):
        return {"cell_type": "code", "source": source, "outputs": list(outputs)}

    png = {"output_type": "display_data", "data": {"image/png": "AAAA", "text/plain": "<Figure>"}}
    text = {"output_type": "stream", "name": "stdout", "text": "1\n"}
    nb = {
        "cells": [
            {"cell_type": "markdown", "source": "# 标题"},
            code("import helpers", [text]),
            code(["x = 1\n", "x"], [png, png]),
            code("   \n"),  # empty: JupyterLab and nbclient skip it
        ]
    }
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert browser.expected_from_file(path) == (2, 2)


def test_pick_notebook(tmp_path):
    given = tmp_path / "06_x.ipynb"
    given.write_text("{}")
    assert browser.pick_notebook(given) == given.resolve()
    with pytest.raises(FileNotFoundError, match="no such notebook"):
        browser.pick_notebook(tmp_path / "missing.ipynb")


def test_find_chromium_prefers_the_explicit_binary(tmp_path, monkeypatch):
    fake = tmp_path / "my-chromium"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.delenv("CHROMIUM", raising=False)
    assert browser.find_chromium(str(fake)) == str(fake)
    monkeypatch.setenv("CHROMIUM", str(fake))
    assert browser.find_chromium(None) == str(fake)


def test_find_chromium_says_how_to_install_it(monkeypatch):
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "CHROMIUM_CANDIDATES", ("/nonexistent/chromium",))
    with pytest.raises(FileNotFoundError, match="apt-get install -y chromium"):
        browser.find_chromium(None)


def test_free_port_is_bindable_on_loopback():
    import socket

    port = browser.free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
