"""The built book as a reader sees it (``make book-check``), in headless Chromium.

``build/book/`` (``--book``) is served on 127.0.0.1; every page is opened once (the crawl) and the
checks judge what the browser saw (tools/book_pages.py), then search, copy buttons and a phone's
screen are tried. Requests off this machine fail, as offline. Screenshots: artifacts/book/.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from urllib.parse import quote

import pytest

from book import build_book, terms
from tools import project
from tools.book_pages import (
    PHONE,
    PHRASE_SEARCHES,
    console_problems,
    expected_pages,
    image_problems,
    link_problems,
    notebook_pages,
    page_path,
    search_terms,
    snippet_problem,
    weight_problems,
)
from tools.browser import ROOT

pytestmark = pytest.mark.ui
ARTIFACTS_NAME = "book"
#: The page whose screenshot is kept (the landing page if it is missing).
SCREENSHOT_PAGE = "notebooks/03_data_and_tf_function.html"

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
  // Cells far below the screen are not laid out yet (book.css: content-visibility), and innerText
  // leaves such text out: lay every cell out, as scrolling to it would.
  document.querySelectorAll("div.cell").forEach(cell => { cell.style.contentVisibility = "visible"; });
  const content = document.querySelector("article.bd-article") || document.querySelector("main") || document.body;
  return {
    text: content.innerText,
    ids: [...document.querySelectorAll("[id]")].map(e => e.id)
          .concat([...document.querySelectorAll("a[name]")].map(e => e.name)),
    links: [...document.querySelectorAll("a[href]")].map(a => a.href),
    toc: [...document.querySelectorAll(".bd-sidebar-primary nav.bd-links a.reference.internal")].map(a => a.href),
    resources: performance.getEntriesByType("resource").map(r => r.name),
    fontIcons: [...document.querySelectorAll('i[class*="fa-"], span[class*="fa-"]')].map(e => e.className),
    images: [...document.images].map(img => ({
      src: img.currentSrc || img.src, alt: img.alt || "", width: img.naturalWidth,
      link: img.closest("a[href]") ? img.closest("a[href]").href : null,
    })),
  };
}
"""
# The search is finished when its summary line has text; then its results, and the snippets
# under the first three once searchtools.js has filled them in.
SEARCH_DONE_JS = """() => (document.querySelector("#search-results p.search-summary")?.innerText || "").trim() !== "" """
SEARCH_RESULTS_JS = """() => [...document.querySelectorAll("#search-results ul.search li a")].map(a => a.href)"""
SNIPPETS_JS = """
() => [...document.querySelectorAll("#search-results ul.search li")].slice(0, 3).map(li => ({
  href: li.querySelector("a").href,
  snippet: li.querySelector("p.context") ? li.querySelector("p.context").textContent : null,
}))
"""


def listed(problems: list[str], limit: int = 40) -> str:
    return f"{len(problems)} problem(s):\n    " + "\n    ".join(problems[:limit])


@pytest.fixture(scope="module")
def book(watched_page, book_server):
    watched_page.context.set_default_timeout(30_000)
    watched_page.base = book_server.base
    return watched_page


@pytest.fixture(scope="module")
def crawl(book, book_server):
    """Open every page reachable from the landing page and every page on disk, once; sort what is wrong."""
    base, page = book_server.base, book.page
    on_disk = sorted(p.relative_to(book_server.book).as_posix() for p in book_server.book.rglob("*.html")
                     if "_static" not in p.parts)  # fmt: skip
    infos: dict[str, dict] = {}
    problems: dict[str, list[str]] = {"http": [], "console": [], "images": [], "weight": [], "links": []}
    offline: set[str] = set()  # addresses off this machine that failed to load, as expected
    queue, visited = ["index.html", *on_disk], set()
    while queue:
        rel = queue.pop(0)
        if rel in visited or not rel.endswith(".html"):
            continue
        visited.add(rel)
        book.console.clear()
        response = page.goto(f"{base}/{quote(rel)}", wait_until="load")
        if response is None or response.status != 200:
            problems["http"].append(f"{rel}: HTTP {response.status if response else 'no response'}")
            continue
        page.evaluate(LOAD_IMAGES_JS)
        info = infos[rel] = page.evaluate(PAGE_JS)
        errors, off = console_problems(book.console, base)
        offline.update(off)
        problems["console"] += [f"{rel}: {e}" for e in errors]
        problems["images"] += [f"{rel}: {p}" for p in image_problems(info["images"], base)]
        problems["weight"] += [f"{rel}: {p}" for p in weight_problems(rel, info, base, book_server.book)]
        queue += [p for link in info["links"] if (p := page_path(link, base)) and p not in visited]
    # Links: a page the browser loaded is there; any other file (a download, a source) is asked for.
    status: dict[str, int] = {}
    for info in infos.values():
        for link in info["links"]:
            if (p := page_path(link, base)) is not None and p not in status:
                status[p] = 200 if p in infos else book_server.status(p)
    ids = {rel: set(info["ids"]) for rel, info in infos.items()}
    for rel, info in sorted(infos.items()):
        problems["links"] += [f"{rel}: broken link {p}" for p in link_problems(info["links"], base, status, ids)]
    problems["links"] += [f"the server answered 404 for {p}" for p, code in book_server.served.items() if code == 404]
    return {"infos": infos, "problems": problems, "offline": offline}


def test_every_page_loads_without_console_errors(crawl):
    problems = crawl["problems"]["http"] + crawl["problems"]["console"]
    assert not problems, listed(problems)
    assert len(crawl["infos"]) > 10, f"only {len(crawl['infos'])} pages"


def test_images_load(crawl):
    """Every image the book serves decoded (lazy ones too); one from another host is a link with alt text."""
    assert not crawl["problems"]["images"], listed(crawl["problems"]["images"])


def test_links_into_the_book_resolve(crawl):
    """Every link into the book is served (200) and its #anchor exists on the page."""
    assert not crawl["problems"]["links"], listed(crawl["problems"]["links"])


def test_pages_are_light(crawl):
    """At most PAGE_BUDGET_KB gzipped with what it loads (plots aside), no unused script, no icon font."""
    assert not crawl["problems"]["weight"], listed(crawl["problems"]["weight"])


def test_notebook_pages(crawl, book):
    """Every notebook is a page, in reading order in the contents, with its Colab button; no solutions."""
    infos, base = crawl["infos"], book.base
    notebooks = notebook_pages(infos)
    expected = [f"{nb.removesuffix('.ipynb')}.html" for nb in build_book.notebooks(ROOT)]
    assert notebooks == expected
    toc = [p for link in infos.get("index.html", {}).get("toc", []) if (p := page_path(link, base))]
    assert [p for p in toc if p in notebooks] == expected, f"table of contents lists {toc}"
    colab = "https://colab.research.google.com/github/{}/blob/main/notebooks/{}.ipynb"
    missing = [nb for nb in notebooks if colab.format(project.repository(), Path(nb).stem) not in infos[nb]["links"]]
    assert not missing, f"no Colab button on {missing}"
    solutions = [p for p in infos if p.startswith("helpers/") or "exercises/" in p]
    assert not solutions, f"pages that must not be in the book (the exercises' solutions): {solutions}"
    shown = SCREENSHOT_PAGE if SCREENSHOT_PAGE in infos else "index.html"
    book.page.goto(f"{base}/{shown}", wait_until="load")
    book.page.evaluate(LOAD_IMAGES_JS)
    book.page.screenshot(path=str(book.out_dir / "page.png"))


def search(book, query: str) -> list[str]:
    """The pages a search on the book's search page finds, in order."""
    book.page.goto(f"{book.base}/search.html?q={quote(query)}", wait_until="load")
    book.page.wait_for_function(SEARCH_DONE_JS, timeout=30_000)
    return [p for link in book.page.evaluate(SEARCH_RESULTS_JS) if (p := page_path(link, book.base))]


def test_chinese_search_finds_every_page_that_shows_the_term(crawl, book, pytestconfig):
    """The glossary's terms (--terms; the required ones always, all by default): every page whose
    text, as the browser shows it, contains the term is among the results."""
    asked = pytestconfig.getoption("terms")
    to_search = search_terms(terms.glossary_terms((ROOT / "notebooks" / "glossary.md").read_text(encoding="utf-8")),
                             asked.split() if asked else None)  # fmt: skip
    texts = {rel: i["text"] for rel, i in crawl["infos"].items() if rel not in ("search.html", "genindex.html")}
    problems = []
    for term in to_search:
        book.console.clear()
        found = set(search(book, term))
        if term == to_search[0]:
            book.page.screenshot(path=str(book.out_dir / "search.png"))
        expected = expected_pages(term, texts)
        errors, _ = console_problems(book.console, book.base)
        if not expected:
            problems.append(f"{term}: no page of the book shows this term")
        elif expected - found or errors:
            problems.append(f"{term}: missing {sorted(expected - found)} (found {sorted(found)})"
                            + (f"; console: {errors}" if errors else ""))  # fmt: skip
    assert not problems, f"of {len(to_search)} terms, " + listed(problems)


@pytest.mark.parametrize("phrase", PHRASE_SEARCHES)
def test_search_as_learners_type(crawl, book, phrase):
    """Chinese phrases without spaces and API names find their notebook among the first three results,
    and those results' snippets come from the page's text, not from the theme's buttons and menus."""
    top = search(book, phrase)[:3]
    number = PHRASE_SEARCHES[phrase]
    assert any(Path(p).name.startswith(number + "_") for p in top), f"notebook {number} is not in the top three {top}"
    with contextlib.suppress(Exception):  # a snippet that never comes is reported below
        book.page.wait_for_function(f"() => ({SNIPPETS_JS})().every(r => r.snippet !== null)", timeout=10_000)
    problems = []
    for result in book.page.evaluate(SNIPPETS_JS):
        rel = page_path(result["href"], book.base)
        if problem := snippet_problem(result["snippet"], crawl["infos"].get(rel, {}).get("text", "")):
            problems.append(f"{rel}: {problem}")
    assert not problems, listed(problems)


def test_every_code_cell_has_a_copy_button(crawl, book):
    problems, cells = [], 0
    for rel in notebook_pages(crawl["infos"]):
        book.page.goto(f"{book.base}/{rel}", wait_until="load")
        cells += book.page.locator("div.cell_input").count()
        if missing := book.page.locator("div.cell_input:not(:has(button.copybtn))").count():
            problems.append(f"{rel}: {missing} code cell(s) without a copy button")
    assert cells > 0 and not problems, listed(problems) if problems else "no code cells"


@pytest.fixture(scope="module")
def phone(browser, browser_context_args, book):
    """A phone's screen (PHONE, 390×844) on the same book."""
    context = browser.new_context(**{**browser_context_args, "viewport": PHONE})
    book.phone = context.new_page()
    yield book.phone
    context.close()


def test_phone_no_page_scrolls_sideways(crawl, phone, book):
    problems = []
    for rel in (p for p in crawl["infos"] if p != "search.html"):
        phone.goto(f"{book.base}/{rel}", wait_until="load")
        if (extra := phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")) > 1:
            problems.append(f"{rel}: {extra} px wider than a {PHONE['width']} px screen (scrolls sideways)")
    # Search results: a snippet may hold a long identifier such as tf.function(input_signature=…).
    phone.goto(f"{book.base}/search.html?q=tf.function", wait_until="load")
    phone.wait_for_function(SEARCH_DONE_JS, timeout=30_000)
    with contextlib.suppress(Exception):  # snippets that never come are test_search_as_learners_type's to report
        phone.wait_for_function(f"() => ({SNIPPETS_JS})().every(r => r.snippet !== null)", timeout=10_000)
    if (extra := phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")) > 1:
        problems.append(f"search.html?q=tf.function: {extra} px wider than a {PHONE['width']} px screen")
    assert not problems, listed(problems)


def test_phone_contents_button_opens_the_contents(phone, book):
    """At phone size the visible ☰ (.primary-toggle) opens the table of contents."""
    phone.goto(f"{book.base}/index.html", wait_until="load")
    visible = [b for b in phone.query_selector_all(".primary-toggle") if b.is_visible()]
    assert visible, "no visible ☰ (.primary-toggle) button at phone size"
    visible[0].click()
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(book.out_dir / "phone.png"))
    assert phone.evaluate("() => !!document.querySelector('#pst-primary-sidebar-modal')?.open"), (
        "the visible ☰ button does not open the table of contents at phone size"
    )


def test_pdf_is_built_and_linked(crawl, book_server):
    """make book-pdf printed the whole book, and the landing page links it."""
    pdf = book_server.book / build_book.PDF_NAME
    assert pdf.is_file() and pdf.stat().st_size > 10_000, f"no PDF at {pdf}: run `make book-pdf`"
    assert build_book.PDF_NAME in {page_path(link, book_server.base) for link in crawl["infos"]["index.html"]["links"]}
