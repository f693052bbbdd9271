"""The whole book as one PDF (``make book-pdf``): a single-page build printed by headless Chromium.

1. Sphinx's ``singlehtml`` builder renders the staged sources (the same as ``make book``: README,
   notebooks with their stored outputs, glossary, benchmark results, CONTRIBUTING) into one page,
   ``build/book-single/index.html``;
2. the system's Chromium (Debian: ``apt-get install chromium``) prints that page to
   ``build/book/effective-tf2.pdf``, next to the website, which links it from its landing page.
   Code and outputs wrap instead of being cut at the page's edge (book/_static/book.css, ``@media print``).

Offline: nothing is executed and nothing is fetched. Usage: ``.venv/bin/python book/build_pdf.py``
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

BOOK = Path(__file__).resolve().parent
sys.path.insert(0, str(BOOK))

import build_book  # noqa: E402  (book/build_book.py: staging and paths)

SINGLE = build_book.ROOT / "build" / "book-single"
PDF_NAME = build_book.PDF_NAME
#: Chromium's options for printing one local page without a network or a profile of its own.
CHROMIUM_PRINT = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--no-first-run", "--disable-component-update", "--disable-sync", "--no-pdf-header-footer",
                  "--virtual-time-budget=20000"]


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if path := shutil.which(name):
            return path
    raise SystemExit("[book-pdf] no Chromium found: install Debian's chromium (apt-get install chromium)")


def main() -> int:
    started = time.monotonic()
    chromium = find_chromium()
    build_book.stage()
    if SINGLE.exists():
        shutil.rmtree(SINGLE)
    command = [sys.executable, "-m", "sphinx", "-b", "singlehtml", "-q", "-E", "-c", str(build_book.BOOK),
               "-d", str(build_book.DOCTREES) + "-single", str(build_book.SRC), str(SINGLE)]
    result = subprocess.run(command, cwd=build_book.ROOT, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(build_book.repo_names(result.stderr))
    if result.returncode:
        print(f"[book-pdf] FAILED: sphinx-build exit status {result.returncode}", file=sys.stderr)
        return result.returncode
    build_book.OUT.mkdir(parents=True, exist_ok=True)
    pdf = build_book.OUT / PDF_NAME
    printed = subprocess.run(
        [chromium, *CHROMIUM_PRINT, f"--user-data-dir={SINGLE / '.chromium'}", f"--print-to-pdf={pdf}",
         (SINGLE / "index.html").as_uri()],
        capture_output=True, text=True, timeout=300,
    )
    if printed.returncode or not pdf.is_file() or pdf.stat().st_size < 10_000:
        print(f"[book-pdf] FAILED: Chromium did not print {pdf}:\n{printed.stderr[-2000:]}", file=sys.stderr)
        return 1
    print(f"[book-pdf] wrote {pdf.relative_to(build_book.ROOT)} ({pdf.stat().st_size / 1e6:.1f} MB) "
          f"in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
