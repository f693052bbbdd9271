"""How the book checks (``tests/ui/test_book.py``, ``make book-check``) judge what the browser saw.

Pure functions, no browser (unit-tested in ``tests/test_book_pages.py``): which page a link points
to, which terms to search and which pages must be found, what is wrong with a page's images, links,
console messages, weight or search snippets.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urldefrag, urlsplit

#: Searched whatever else is asked for: the terms jieba cut apart before the book had its dictionary,
#: and two more.
REQUIRED_TERMS = ("计算图", "迭代器", "学习率", "即时执行", "预取")
#: Searches as a learner types them, and the notebook (its number) that must be among the first
#: three results: Chinese phrases without spaces (cut into the index's words in the browser by
#: book/_static/book.js) and API names (indexed without stemming, book/conf.py).
PHRASE_SEARCHES = {
    "默认学习率": "02",
    "保存模型": "01",
    "迁移学习": "01",
    "梯度是None": "09",
    "损失变成nan": "05",
    "TensorArray": "07",
    "run_eagerly": "09",
    "run_functions_eagerly": "09",
}
#: A phone's screen (CSS pixels), as in the reviews of the book.
PHONE = {"width": 390, "height": 844}


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
        raise ValueError(f"not glossary terms (notebooks/glossary.md, column 术语): {', '.join(unknown)}")
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


def snippet_problem(snippet: str | None, text: str) -> str | None:
    """What is wrong with a result's snippet: missing, or not taken from the page's text (theme chrome)."""
    if not snippet:
        return "no snippet"
    squeeze = lambda t: re.sub(r"\s+", "", t)  # noqa: E731 - the browser and Sphinx wrap lines differently
    if squeeze(snippet.strip().removeprefix("...").removesuffix("...")) not in squeeze(text):
        return f"snippet is not from the page's text: {snippet.strip()[:80]!r}"
    return None
