"""Lighthouse on the built book, as a phone reader gets it (``make lighthouse``).

Serves ``build/book/`` on 127.0.0.1 gzipped, as GitHub Pages serves it, and runs Lighthouse
(npm ``lighthouse@12.2.3``, through ``npx``; newer versions want Node 22) with the system's
Chromium on a few pages, with its default mobile settings (a mid-range phone on a slow 4G
network, simulated). Writes the scores and weights to ``benchmarks/results/lighthouse.md``
and prints them. Needs ``make book`` first, Node with npx, and Chromium; the first run
downloads Lighthouse from the npm registry (about 20 s).

Transferred bytes are counted without the page's own plot images (``_images/*.png``), which
are the lesson rather than page weight.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.browser import BookServer, find_chromium  # the book server of make book-check

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "build" / "book"
OUT = ROOT / "benchmarks" / "results" / "lighthouse.md"
LIGHTHOUSE = "lighthouse@12.2.3"
PAGES = ["index.html", "notebooks/03_data_and_tf_function.html", "notebooks/05_keras_fit_advanced.html", "search.html"]


def audit(url: str, chromium: str, work: Path) -> dict:
    """One Lighthouse run (mobile defaults) on ``url``; the figures this page reports."""
    report = work / "report.json"
    command = [
        "npx", "--yes", LIGHTHOUSE, url,
        "--quiet", "--output=json", f"--output-path={report}",
        "--only-categories=performance,accessibility",
        f"--chrome-path={chromium}",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-proxy-server",
    ]  # fmt: skip
    env = {**os.environ, "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    if result.returncode or not report.is_file():
        raise RuntimeError(f"lighthouse failed on {url}:\n{result.stderr[-2000:]}")
    data = json.loads(report.read_text(encoding="utf-8"))
    items = data["audits"]["network-requests"]["details"]["items"]
    own = [i for i in items if "/_images/" not in i["url"] or not i["url"].endswith(".png")]
    blocking = data["audits"].get("render-blocking-resources", {}).get("details", {}).get("items", [])
    return {
        "performance": round(data["categories"]["performance"]["score"] * 100),
        "accessibility": round(data["categories"]["accessibility"]["score"] * 100),
        "lcp_s": data["audits"]["largest-contentful-paint"]["numericValue"] / 1000,
        "requests": len(items),
        "kb_transferred": sum(i.get("transferSize", 0) for i in items) / 1024,
        "kb_without_plots": sum(i.get("transferSize", 0) for i in own) / 1024,
        "blocking": [Path(b["url"]).name for b in blocking],
    }


def table(results: dict[str, dict]) -> str:
    lines = [
        "# Lighthouse on the book (mobile, served gzipped)",
        "",
        f"{LIGHTHOUSE}, default mobile settings (simulated slow 4G, 4x CPU slowdown), system Chromium; "
        "`make lighthouse` after `make book`. KB are transferred (gzipped) bytes; "
        "“without plots” leaves out the page's own plot images.",
        "",
        "| page | performance | accessibility | LCP (s) | requests | KB | KB without plots | render-blocking |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for page, r in results.items():
        lines.append(
            f"| {page} | {r['performance']} | {r['accessibility']} | {r['lcp_s']:.1f} | {r['requests']} | "
            f"{r['kb_transferred']:.0f} | {r['kb_without_plots']:.0f} | {', '.join(r['blocking']) or 'none'} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=BOOK, help="built book (default: build/book)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the table goes")
    parser.add_argument("--chromium", help="Chromium binary (default: as make browser finds it)")
    parser.add_argument("pages", nargs="*", default=PAGES, help="pages, relative to the book")
    args = parser.parse_args(argv)
    if not (args.book / "index.html").is_file():
        print(f"[lighthouse] no book in {args.book}: run `make book` first", file=sys.stderr)
        return 2
    if shutil.which("npx") is None:
        print("[lighthouse] needs Node.js with npx (Debian: apt-get install npm)", file=sys.stderr)
        return 2
    chromium = find_chromium(args.chromium)
    results = {}
    with BookServer(args.book, gzipped=True) as server, tempfile.TemporaryDirectory() as work:
        for page in args.pages:
            results[page] = audit(f"{server.base}/{page}", chromium, Path(work))
            print(f"[lighthouse] {page}: {results[page]}")
    args.out.write_text(table(results), encoding="utf-8")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
