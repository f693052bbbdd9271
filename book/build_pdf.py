"""The whole book as one PDF (``make book-pdf``): a single-page build printed by headless Chromium.

1. Sphinx's ``singlehtml`` builder renders the staged sources (the same as ``make book``: README,
   notebooks with their stored outputs, glossary, benchmark results, CONTRIBUTING) into one page,
   ``build/book-single/index.html``;
2. the system's Chromium (Debian: ``apt-get install chromium``) prints that page to
   ``build/book/effective-tf2.pdf``, next to the website, which links it from its landing page.
   Code and outputs wrap instead of being cut at the page's edge (book/_static/book.css, ``@media print``).

Offline: nothing is executed and nothing is fetched. Usage: ``.venv/bin/python -m book.build_pdf``
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

from book import build_book  # staging and paths
from tools.browser import CHROMIUM_FLAGS, find_chromium  # one set of Chromium options

SINGLE = build_book.ROOT / "build" / "book-single"
PDF_NAME = build_book.PDF_NAME
#: Printing one local page: the browser checks' options (headless, offline, no profile of its own),
#: plus no header or footer on the pages and time for the page's scripts to run.
CHROMIUM_PRINT = [*CHROMIUM_FLAGS, "--no-pdf-header-footer", "--virtual-time-budget=20000"]


def main() -> int:
    started = time.monotonic()
    try:
        chromium = find_chromium(None)
    except FileNotFoundError as err:
        raise SystemExit(f"[book-pdf] {err}") from None
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
