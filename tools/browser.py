"""The system's Chromium and the local servers that the browser checks share.

Used by the pytest-playwright tests in ``tests/ui/`` (``make browser``, ``make book-check``),
by ``book/build_pdf.py`` (Chromium prints the PDF) and by ``benchmarks/lighthouse.py`` (the
book served gzipped). Nothing is downloaded: Chromium is Debian's (``apt-get install chromium``),
and only 127.0.0.1 resolves in it.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import shutil
import socket
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

from helpers.paths import collection

ROOT = Path(__file__).resolve().parent.parent
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
# The servers are on 127.0.0.1: never send their requests through an HTTP proxy from the environment.
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
DEFAULT_NOTEBOOK = ROOT / "notebooks" / "03_data_and_tf_function.ipynb"


def find_chromium(explicit: str | None = None) -> str:
    """Return the path of the system Chromium (``explicit``, $CHROMIUM, or the usual names)."""
    for candidate in (explicit, os.environ.get("CHROMIUM"), *CHROMIUM_CANDIDATES):
        if candidate and (found := shutil.which(candidate)):
            return found
    raise FileNotFoundError(
        "Chromium not found: install it (Debian: apt-get install -y chromium) or set CHROMIUM=PATH"
    )


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def pick_notebook(given: Path | None) -> Path:
    """Return the notebook to run: the one given, else 03_data_and_tf_function, else the first."""
    if given:
        if not given.is_file():
            raise FileNotFoundError(f"no such notebook: {given}")
        return given.resolve()
    if DEFAULT_NOTEBOOK.is_file():
        return DEFAULT_NOTEBOOK
    found = collection(ROOT / "notebooks")  # NN_topic.ipynb, not copies left by other tools
    if not found:
        raise FileNotFoundError("no notebooks/*.ipynb to check")
    return found[0]


def expected_from_file(notebook: Path) -> tuple[int, int]:
    """Return (code cells that will run, image outputs stored) of the notebook on disk."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))

    def source(cell):
        src = cell.get("source", "")
        return "".join(src) if isinstance(src, list) else src

    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code" and source(c).strip()]
    images = sum(1 for c in code for o in c.get("outputs", []) if any(k.startswith("image/") for k in o.get("data", {})))
    return len(code), images


#: Served gzipped when ``BookServer(gzipped=True)`` and the browser accepts it, as GitHub Pages does.
COMPRESSED = (".html", ".js", ".css", ".svg", ".json", ".txt", ".map")


class _Handler(http.server.SimpleHTTPRequestHandler):
    served: dict[str, int]
    gzipped = False

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass

    def send_response(self, code, message=None):
        self.served[self.path] = code
        super().send_response(code, message)

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.gzipped and accepts and path.suffix.endswith(COMPRESSED) and path.is_file()):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # the browser moved on: not a problem
            super().handle_error(request, client_address)


class BookServer:
    """The built book on http://127.0.0.1:PORT/, served from a thread; records every status it sends."""

    def __init__(self, book: Path, gzipped: bool = False):
        self.book = book
        self.served: dict[str, int] = {}
        handler = type("Handler", (_Handler,), {"served": self.served, "gzipped": gzipped})
        self.httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(book)))
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def status(self, page: str) -> int:
        try:
            with NO_PROXY.open(f"{self.base}/{quote(page)}", timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as err:
            return err.code
