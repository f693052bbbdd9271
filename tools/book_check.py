"""Open the built book in headless Chromium and check it as a reader would (``make book-check``).

What it does:

1. serves ``build/book/`` (``make book``) on 127.0.0.1 and a free port;
2. opens every page in the system's Chromium (Debian: ``apt-get install chromium``;
   nothing is downloaded) driven by Playwright, with a new empty profile; requests
   to anything but 127.0.0.1 fail, as they would offline;
3. checks each page: it loads with no console error and no JavaScript error; every
   image served by the book decoded (naturalWidth > 0, lazy images included); an
   image from another host cannot load offline, so it must be a link with alt
   text, which is what a reader sees in its place (the Colab and GitHub badges are
   the book's own copies, book/badges/);
   every link into the book resolves (the server answered 200 for the file and
   the ``#anchor`` exists on the page); each notebook shows its Colab button; the
   table of contents lists the notebooks in reading order;
4. searches the glossary's terms through the book's search page (计算图, 迭代器,
   学习率, 即时执行 and 预取 at least; all of them by default) and checks that every
   page whose text contains the term is among the results: the expected pages come
   from the text the browser shows on each page, so the check stays true as the
   notebooks' prose changes;
5. searches as learners type: Chinese phrases without spaces and API names
   (``PHRASE_SEARCHES``) must find their page among the first three results, and those
   results' snippets must come from the page's text, not from the theme's buttons and menus;
6. every code cell of every notebook page has a copy button;
7. each page is light: with what it loads, at most ``PAGE_BUDGET_KB`` gzipped (its own plot
   images aside), no ``fontawesome.js``, the search index only on the search page, and every
   theme icon drawn as inline SVG (``book/light_pages.py``);
8. at a phone's size (390×844): no page is wider than the screen, and the visible ☰ button
   opens the table of contents;
9. saves screenshots of a notebook page, of a search and of the phone's contents to ``artifacts/book/``.

Exit status 0 when every check passed. Usage::

    .venv/bin/python -m tools.book_check [--book build/book] [--terms 计算图 预取 ...]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import re
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from urllib.parse import quote, unquote, urldefrag, urlsplit

from book import build_book, terms  # the build's glossary parser and notebook list
from tools import (
    browser_check,  # the same Chromium and flags as make browser (only 127.0.0.1 resolves)
    project,  # the repository, as pyproject.toml names it
)

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "build" / "book"
GLOSSARY = ROOT / "notebooks" / "glossary.md"
ARTIFACTS = ROOT / "artifacts" / "book"
#: Searched whatever else is asked for: the terms jieba cut apart before the book had its dictionary,
#: and two more.
REQUIRED_TERMS = ("计算图", "迭代器", "学习率", "即时执行", "预取")
#: Searches as a learner types them, and the notebook (its number) that must be among the first
#: three results: Chinese phrases without spaces (cut into the index's words in the browser by
#: book/_static/book.js) and API names (indexed without stemming, book/conf.py).
PHRASE_SEARCHES = {
    "默认学习率": "02",
    "保存模型": "01",
    "损失变成nan": "05",
    "TensorArray": "07",
    "run_eagerly": "09",
    "run_functions_eagerly": "09",
}
#: A phone's screen (CSS pixels), as in the reviews of the book.
PHONE = {"width": 390, "height": 844}
#: The page whose screenshot is kept (the first notebook if it is missing).
SCREENSHOT_PAGE = "notebooks/03_data_and_tf_function.html"
# The server is on 127.0.0.1: its requests never go through a proxy (the opener make browser uses).
NO_PROXY = browser_check.NO_PROXY


CheckFailed = browser_check.CheckFailed

# Runs in each page, after load: make lazy images load now, wait for every image to finish.
LOAD_IMAGES_JS = """
async () => {
  const images = [...document.images];
  images.forEach(img => { img.loading = "eager"; });
  await Promise.all(images.map(img => img.complete ? null : new Promise(done => {
    img.addEventListener("load", done, {once: true});
    img.addEventListener("error", done, {once: true});
    setTimeout(done, 10000);
  })));
}
"""
# Runs in each page: what the checks need to know about it.
PAGE_JS = """
() => {
  const content = document.querySelector("article.bd-article") || document.querySelector("main") || document.body;
  return {
    title: document.title,
    text: content.innerText,
    ids: [...document.querySelectorAll("[id]")].map(e => e.id)
          .concat([...document.querySelectorAll("a[name]")].map(e => e.name)),
    links: [...document.querySelectorAll("a[href]")].map(a => a.href),
    toc: [...document.querySelectorAll(".bd-sidebar-primary nav.bd-links a.reference.internal")]
           .map(a => a.href),
    resources: performance.getEntriesByType("resource").map(r => r.name),
    fontIcons: [...document.querySelectorAll('i[class*="fa-"], span[class*="fa-"]')].map(e => e.className),
    images: [...document.images].map(img => ({
      src: img.currentSrc || img.src, alt: img.alt || "", width: img.naturalWidth,
      link: img.closest("a[href]") ? img.closest("a[href]").href : null,
    })),
  };
}
"""
# Runs in the search page: the search is finished when its summary line has text.
SEARCH_DONE_JS = """
() => {
  const summary = document.querySelector("#search-results p.search-summary");
  return summary !== null && summary.innerText.trim().length > 0;
}
"""
SEARCH_RESULTS_JS = """
() => [...document.querySelectorAll("#search-results ul.search li a")].map(a => a.href)
"""


def log(message: str) -> None:
    print(f"[book-check] {message}", flush=True)


# ---------------------------------------------------------------------------
# Pure parts (no browser; tested in tests/test_book_check.py)


def page_path(url: str, base: str) -> str | None:
    """Return the book page a URL points to (``notebooks/01_x.html``), or None if it is off the book.

    The query and the fragment are dropped; a folder means its ``index.html``.
    """
    url, _ = urldefrag(url)
    if not url.startswith(base.rstrip("/") + "/"):
        return None
    path = unquote(urlsplit(url).path)
    base_path = urlsplit(base).path.rstrip("/") + "/"
    rel = path[len(base_path) :] if path.startswith(base_path) else path.lstrip("/")
    return rel + "index.html" if rel == "" or rel.endswith("/") else rel


def search_terms(glossary: list[str], asked: Iterable[str] | None = None) -> list[str]:
    """Return the terms to search: the required ones first, then those asked for (default: the whole glossary).

    Every term must be in the glossary (the book's search is built for those).
    """
    wanted = list(REQUIRED_TERMS) + list(glossary if asked is None else asked)
    unknown = sorted({t for t in wanted if t not in glossary})
    if unknown:
        raise CheckFailed(f"not glossary terms (notebooks/glossary.md, column 术语): {', '.join(unknown)}")
    return list(dict.fromkeys(wanted))


def expected_pages(term: str, texts: Mapping[str, str]) -> set[str]:
    """Return the pages whose shown text contains ``term``: a search for it must find each of them."""
    return {page for page, text in texts.items() if term in text}


def image_problems(images: Iterable[Mapping], origin: str) -> list[str]:
    """Return what is wrong with a page's images (``PAGE_JS`` records); [] when all is well.

    An image the book serves (same origin) must have decoded. An image from another host
    cannot load offline: it must sit in a link and have alt text, so a reader still
    sees the words and can follow the link.
    """
    problems = []
    for img in images:
        src = img["src"]
        if src.startswith(origin + "/") or src.startswith("data:"):
            if not img["width"]:
                problems.append(f"image did not load: {src}")
        elif not img.get("link"):
            problems.append(f"external image is not a link: {src}")
        elif not img.get("alt", "").strip():
            problems.append(f"external image has no alt text: {src}")
    return problems


# A page and everything it loads, gzipped as GitHub Pages serves it, without the page's own
# plot images (the lesson, not page weight); scripts a page must not load (book/light_pages.py).
PAGE_BUDGET_KB = 300
UNNEEDED_SCRIPTS = ("fontawesome.js",)
SEARCH_ONLY = ("searchindex.js", "searchtools.js", "language_data.js")


def gzipped_kb(path: Path, _cache: dict = {}) -> float:  # noqa: B006 - a cache on purpose
    if path not in _cache:
        _cache[path] = len(gzip.compress(path.read_bytes(), compresslevel=6)) / 1024 if path.is_file() else 0.0
    return _cache[path]


def weight_problems(rel: str, info: Mapping, base: str, book: Path) -> list[str]:
    """What makes a page heavier than it needs to be: over budget, a script it does not use, a font-drawn icon."""
    problems = []
    files = [rel]
    for url in info.get("resources", []):
        path = page_path(url, base)
        if path is None:
            continue
        name = PurePosixPath(path).name
        if name in UNNEEDED_SCRIPTS or (name in SEARCH_ONLY and PurePosixPath(rel).name != "search.html"):
            problems.append(f"loads {name}, which it does not use")
        if not (path.startswith("_images/") and path.endswith(".png")):
            files.append(path)
    total = sum(gzipped_kb(book / f) for f in set(files))
    if total > PAGE_BUDGET_KB:
        problems.append(f"weighs {total:.0f} KB gzipped without its plots (budget {PAGE_BUDGET_KB} KB)")
    if info.get("fontIcons"):
        problems.append(f"{len(info['fontIcons'])} icon(s) drawn with the icon font, not inline SVG: {info['fontIcons'][0]}")
    return problems


def link_problems(
    links: Iterable[str], base: str, status: Mapping[str, int], ids: Mapping[str, set[str]]
) -> list[str]:
    """Return the links into the book that are broken: not served (404), or a ``#anchor`` the page lacks."""
    problems = []
    for link in links:
        page = page_path(link, base)
        if page is None:
            continue
        code = status.get(page)
        if code != 200:
            problems.append(f"{link} -> HTTP {code}")
            continue
        fragment = unquote(urldefrag(link).fragment)
        if fragment and page in ids and fragment not in ids[page]:
            problems.append(f"{link} -> no element with id {fragment!r} on {page}")
    return problems


def console_problems(messages: Iterable[tuple[str, str, str]], origin: str) -> tuple[list[str], list[str]]:
    """Split console messages (type, text, url) into (errors, expected offline failures).

    A failed request to another host (a badge image) is expected offline and kept apart;
    any other error or warning from the page is a problem.
    """
    errors, offline = [], []
    for kind, text, url in messages:
        if kind not in ("error", "warning"):
            continue
        if text.startswith("Failed to load resource") and url and not url.startswith(origin + "/"):
            offline.append(url)
        elif kind == "error":
            errors.append(f"{text} ({url})" if url else text)
    return errors, offline


def notebook_pages(pages: Iterable[str]) -> list[str]:
    """Return the notebook pages (``notebooks/NN_name.html``), in reading order."""
    return sorted(p for p in pages if re.fullmatch(r"notebooks/\d\d_[^./]+\.html", p))


# ---------------------------------------------------------------------------
# The browser run


class _Handler(http.server.SimpleHTTPRequestHandler):
    served: dict[str, int]

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass

    def send_response(self, code, message=None):
        self.served[self.path] = code
        super().send_response(code, message)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # the browser moved on: not a problem
            super().handle_error(request, client_address)


class BookServer:
    """The built book on http://127.0.0.1:PORT/, served from a thread; records every status it sends."""

    def __init__(self, book: Path):
        self.book = book
        self.served: dict[str, int] = {}
        handler = functools.partial(
            type("Handler", (_Handler,), {"served": self.served}), directory=str(book)
        )
        self.httpd = _Server(("127.0.0.1", 0), handler)
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


class Crawl:
    """What the browser saw on every page of the book."""

    def __init__(self):
        self.infos: dict[str, dict] = {}  # page -> PAGE_JS record, for the pages that loaded
        self.problems: list[str] = []
        self.offline: set[str] = set()  # addresses off this machine that failed to load, as expected


def crawl(page, base: str, console: list, start: list[str], server: BookServer) -> Crawl:
    """Open every page reachable from ``start`` (links are followed); record console, images, links."""
    seen = Crawl()
    queue, visited = list(start), set()
    while queue:
        rel = queue.pop(0)
        if rel in visited or not rel.endswith(".html"):
            continue
        visited.add(rel)
        console.clear()
        response = page.goto(f"{base}/{quote(rel)}", wait_until="load")
        if response is None or response.status != 200:
            seen.problems.append(f"{rel}: HTTP {response.status if response else 'no response'}")
            continue
        page.evaluate(LOAD_IMAGES_JS)
        info = seen.infos[rel] = page.evaluate(PAGE_JS)
        errors, offline = console_problems(console, base)
        seen.offline.update(offline)
        seen.problems += [f"{rel}: console: {e}" for e in errors]
        seen.problems += [f"{rel}: {p}" for p in image_problems(info["images"], base)]
        seen.problems += [f"{rel}: {p}" for p in weight_problems(rel, info, base, server.book)]
        queue += [p for link in info["links"] if (p := page_path(link, base)) and p not in visited]

    # Links: a page the browser loaded is there; any other file (a download, a source) is asked for.
    status: dict[str, int] = {}
    for info in seen.infos.values():
        for link in info["links"]:
            if (p := page_path(link, base)) is not None and p not in status:
                status[p] = 200 if p in seen.infos else server.status(p)
    ids = {rel: set(info["ids"]) for rel, info in seen.infos.items()}
    for rel, info in sorted(seen.infos.items()):
        seen.problems += [f"{rel}: broken link {p}" for p in link_problems(info["links"], base, status, ids)]
    seen.problems += [
        f"the server answered 404 for {path}" for path, code in server.served.items() if code == 404
    ]
    return seen


def check_notebooks(seen: Crawl, base: str) -> list[str]:
    """Return problems: a notebook missing, out of order in the table of contents, without a Colab button."""
    notebooks = notebook_pages(seen.infos)
    expected = [f"{nb.removesuffix('.ipynb')}.html" for nb in build_book.notebooks(ROOT)]
    toc = [p for link in seen.infos.get("index.html", {}).get("toc", []) if (p := page_path(link, base))]
    problems = []
    if notebooks != expected:
        problems.append(f"notebook pages {notebooks}, expected {expected}")
    if [p for p in toc if p in notebooks] != expected:
        problems.append(f"table of contents lists {toc}, expected the notebooks in the order {expected}")
    repository = project.repository()
    for nb in notebooks:
        colab = (
            f"https://colab.research.google.com/github/{repository}/blob/main/notebooks/{Path(nb).stem}.ipynb"
        )
        if colab not in seen.infos[nb]["links"]:
            problems.append(f"{nb}: no Colab button ({colab})")
    solutions = [p for p in seen.infos if p.startswith("helpers/") or "exercises/" in p]
    if solutions:
        problems.append(f"pages that must not be in the book (the exercises' solutions): {solutions}")
    return problems


def check_search(
    page, base: str, console: list, seen: Crawl, to_search: list[str], shot: Path
) -> tuple[list[str], int]:
    """Search each term on the search page; return (problems, results found in all).

    Every page that shows the term (its article text, as the browser rendered it) must be a result.
    """
    texts = {
        rel: info["text"] for rel, info in seen.infos.items() if rel not in ("search.html", "genindex.html")
    }
    problems: list[str] = []
    total = 0
    for term in to_search:
        console.clear()
        page.goto(f"{base}/search.html?q={quote(term)}", wait_until="load")
        page.wait_for_function(SEARCH_DONE_JS, timeout=30_000)
        found = {p for link in page.evaluate(SEARCH_RESULTS_JS) if (p := page_path(link, base))}
        total += len(found)
        expected = expected_pages(term, texts)
        errors, _ = console_problems(console, base)
        if term == to_search[0]:
            page.screenshot(path=str(shot))
        if not expected:
            problems.append(f"{term}: no page of the book shows this term")
        elif expected - found or errors:
            problems.append(
                f"{term}: expected {sorted(expected)}, found {sorted(found)}; missing {sorted(expected - found)}"
                + (f"; console: {errors}" if errors else "")
            )
        elif term in REQUIRED_TERMS:
            numbers = [Path(p).stem[:2] for p in notebook_pages(found)]
            log(f"search {term}: {len(found)} pages, notebooks {', '.join(numbers) or 'none'}")
    return problems, total


# The snippets under the first three results, once searchtools.js has filled them in.
SNIPPETS_JS = """
() => [...document.querySelectorAll("#search-results ul.search li")].slice(0, 3).map(li => ({
  href: li.querySelector("a").href,
  snippet: li.querySelector("p.context") ? li.querySelector("p.context").textContent : null,
}))
"""


def snippet_problem(snippet: str | None, text: str) -> str | None:
    """What is wrong with a result's snippet: missing, or not taken from the page's text (theme chrome)."""
    if not snippet:
        return "no snippet"
    squeeze = lambda t: re.sub(r"\s+", "", t)  # noqa: E731 - the browser and Sphinx wrap lines differently
    if squeeze(snippet.strip().removeprefix("...").removesuffix("...")) not in squeeze(text):
        return f"snippet is not from the page's text: {snippet.strip()[:80]!r}"
    return None


def check_phrases(page, base: str, texts: Mapping[str, str]) -> list[str]:
    """Search each of PHRASE_SEARCHES; return a problem for each whose notebook is not in the top three,
    or whose top results show a snippet that is not from the page's own text."""
    problems = []
    for phrase, number in PHRASE_SEARCHES.items():
        page.goto(f"{base}/search.html?q={quote(phrase)}", wait_until="load")
        page.wait_for_function(SEARCH_DONE_JS, timeout=30_000)
        top = [p for link in page.evaluate(SEARCH_RESULTS_JS) if (p := page_path(link, base))][:3]
        if not any(Path(p).name.startswith(number + "_") for p in top):
            problems.append(f"search {phrase!r}: notebook {number} is not among the first three results {top}")
        with contextlib.suppress(Exception):  # a snippet that never comes is reported below
            page.wait_for_function(f"() => ({SNIPPETS_JS})().every(r => r.snippet !== null)", timeout=10_000)
        for result in page.evaluate(SNIPPETS_JS):
            rel = page_path(result["href"], base)
            problem = snippet_problem(result["snippet"], texts.get(rel, ""))
            if problem:
                problems.append(f"search {phrase!r}, result {rel}: {problem}")
    return problems


COPY_BUTTONS_JS = """() => [...document.querySelectorAll('div.cell_input')].filter(
    (cell) => !cell.querySelector('button.copybtn')).length"""


def check_copy_buttons(page, base: str, notebooks: list[str]) -> tuple[list[str], int]:
    """Every code cell's input on every notebook page has a copy button; return (problems, cells seen)."""
    problems, cells = [], 0
    for rel in notebooks:
        page.goto(f"{base}/{rel}", wait_until="load")
        cells += page.evaluate("() => document.querySelectorAll('div.cell_input').length")
        missing = page.evaluate(COPY_BUTTONS_JS)
        if missing:
            problems.append(f"{rel}: {missing} code cell(s) without a copy button")
    return problems, cells


WIDER_THAN_SCREEN_JS = "() => document.documentElement.scrollWidth - window.innerWidth"


def check_phone(context, base: str, pages: list[str], shot: Path) -> list[str]:
    """At PHONE size: no page scrolls sideways as a whole, and the visible ☰ opens the contents."""
    problems = []
    phone = context.new_page()
    try:
        phone.set_viewport_size(PHONE)
        for rel in pages:
            phone.goto(f"{base}/{rel}", wait_until="load")
            extra = phone.evaluate(WIDER_THAN_SCREEN_JS)
            if extra > 1:
                problems.append(f"{rel}: {extra} px wider than a {PHONE['width']} px screen (scrolls sideways)")
        phone.goto(f"{base}/{pages[0]}", wait_until="load")
        visible = [b for b in phone.query_selector_all(".primary-toggle") if b.is_visible()]
        if not visible:
            problems.append("no visible ☰ (.primary-toggle) button at phone size")
        else:
            visible[0].click()
            phone.wait_for_timeout(300)
            if not phone.evaluate("() => !!document.querySelector('#pst-primary-sidebar-modal')?.open"):
                problems.append("the visible ☰ button does not open the table of contents at phone size")
            phone.screenshot(path=str(shot))
    finally:
        phone.close()
    return problems


def check(book: Path, chromium: str, out_dir: Path, asked_terms: list[str] | None) -> list[str]:
    """Run the whole check; return the lines of its report. Raises CheckFailed."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    if not (book / "index.html").is_file():
        raise CheckFailed(f"no book in {book}: run `make book` first")
    to_search = search_terms(terms.glossary_terms(GLOSSARY.read_text(encoding="utf-8")), asked_terms)
    on_disk = sorted(p.relative_to(book).as_posix() for p in book.rglob("*.html") if "_static" not in p.parts)
    passed: list[str] = []
    failed: list[str] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    failure_shot = out_dir / "failure.png"
    failure_shot.unlink(missing_ok=True)

    with BookServer(book) as server, tempfile.TemporaryDirectory(prefix="book-check-") as tmp:
        log(f"serving {book} at {server.base}/")
        with sync_playwright() as pw:
            context = pw.chromium.launch_persistent_context(
                user_data_dir=str(Path(tmp) / "chromium-profile"),  # new and empty
                executable_path=chromium,
                headless=True,
                args=browser_check.CHROMIUM_FLAGS,
                viewport={"width": 1280, "height": 1000},
                device_scale_factor=1,
            )
            context.set_default_timeout(30_000)
            page = context.pages[0] if context.pages else context.new_page()
            console: list[tuple[str, str, str]] = []
            page.on("console", lambda m: console.append((m.type, m.text, (m.location or {}).get("url", ""))))
            page.on("pageerror", lambda err: console.append(("error", f"JavaScript error: {err}", "")))
            try:
                # 1. Every page (from the landing page's links, and every file on disk): console, images, links.
                seen = crawl(page, server.base, console, ["index.html", *on_disk], server)
                if seen.problems:
                    failed.append(
                        f"{len(seen.problems)} problem(s) on the pages:\n    "
                        + "\n    ".join(seen.problems[:40])
                    )
                else:
                    infos = seen.infos.values()
                    n_links = sum(1 for i in infos for link in i["links"] if page_path(link, server.base))
                    passed.append(
                        f"{len(seen.infos)} pages load with no console error; {sum(len(i['images']) for i in infos)} "
                        f"images checked; {n_links} links into the book resolve (files and #anchors)"
                    )
                if seen.offline:
                    passed.append(
                        f"images from {len(seen.offline)} address(es) off this machine cannot load offline "
                        f"(expected); each is a link with alt text, e.g. {sorted(seen.offline)[0]}"
                    )

                # 2. The notebooks: all there, in reading order, each with its Colab button.
                problems = check_notebooks(seen, server.base)
                if problems:
                    failed += problems
                else:
                    n = len(notebook_pages(seen.infos))
                    passed.append(
                        f"all {n} notebooks are pages, in reading order, each with its Colab button"
                    )
                shown = SCREENSHOT_PAGE if SCREENSHOT_PAGE in seen.infos else "index.html"
                page.goto(f"{server.base}/{shown}", wait_until="load")
                page.evaluate(LOAD_IMAGES_JS)
                page.screenshot(path=str(out_dir / "page.png"))

                # 3. Search: every page that shows the term is among the results.
                problems, total = check_search(
                    page, server.base, console, seen, to_search, out_dir / "search.png"
                )
                if problems:
                    failed.append(
                        f"search: {len(problems)} of {len(to_search)} terms:\n    " + "\n    ".join(problems)
                    )
                else:
                    passed.append(
                        f"search finds every page that shows the term, for all {len(to_search)} glossary terms "
                        f"searched ({', '.join(REQUIRED_TERMS)}, ...; {total} results in all)"
                    )
                # 4. Searches as learners type them.
                problems = check_phrases(page, server.base, {rel: info["text"] for rel, info in seen.infos.items()})
                failed += problems
                if not problems:
                    passed.append(
                        f"{len(PHRASE_SEARCHES)} searches typed without spaces or as API names "
                        f"({', '.join(PHRASE_SEARCHES)}) find their notebook among the first three, with snippets from the page"
                    )

                # 5. A copy button on every code cell.
                pages = notebook_pages(seen.infos)
                problems, cells = check_copy_buttons(page, server.base, pages)
                failed += problems
                if not problems:
                    passed.append(f"all {cells} code cells of the {len(pages)} notebooks have a copy button")

                # 6. A phone.
                problems = check_phone(context, server.base, [p for p in seen.infos if p != "search.html"],
                                       out_dir / "phone.png")
                failed += problems
                if not problems:
                    passed.append(
                        f"at {PHONE['width']}×{PHONE['height']} no page scrolls sideways, "
                        "and the visible ☰ opens the contents"
                    )
                shots = [out_dir / "page.png", out_dir / "search.png", out_dir / "phone.png"]
                log(
                    "screenshots: "
                    + ", ".join(str(s.relative_to(ROOT) if s.is_relative_to(ROOT) else s) for s in shots)
                )
            except (CheckFailed, PlaywrightError):
                with contextlib.suppress(PlaywrightError):
                    page.screenshot(path=str(failure_shot))
                    log(f"screenshot of the failure: {failure_shot}")
                raise
            finally:
                context.close()

    report = [f"ok   {line}" for line in passed] + [f"FAIL {line}" for line in failed]
    report.append(f"book check: {len(passed)} passed, {len(failed)} failed")
    if failed:
        raise CheckFailed("\n".join(report))
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=BOOK, help="the built book (default: build/book)")
    parser.add_argument("--chromium", help="Chromium binary (default: $CHROMIUM, /usr/bin/chromium, on PATH)")
    parser.add_argument("--out", type=Path, default=ARTIFACTS, help="folder for the screenshots")
    parser.add_argument(
        "--terms",
        nargs="+",
        help=f"glossary terms to search besides {' '.join(REQUIRED_TERMS)} (default: all)",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        chromium = browser_check.find_chromium(args.chromium)
        log(f"checking {args.book} with {chromium}")
        report = check(args.book.resolve(), chromium, args.out.resolve(), args.terms)
    except CheckFailed as err:
        print(f"[book-check] FAILED after {time.monotonic() - started:.0f} s:\n{err}", file=sys.stderr)
        return 1
    print("\n".join(report))
    log(f"done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
