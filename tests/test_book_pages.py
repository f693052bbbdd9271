"""The book (make book, make book-check): the parts that need neither Sphinx nor a browser.

book/terms.py (the glossary's terms, the jieba dictionary), book/build_book.py (what is
staged where, the published address) and tools/book_pages.py (how pages, links, images,
console messages and search results are judged). The build itself is `make book`, the
browser run `make book-check` (tests/ui/test_book.py).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


from book import build_book, terms  # noqa: E402
from tools import book_pages, project  # noqa: E402

BASE = "http://127.0.0.1:8000"


# --- book/terms.py -----------------------------------------------------------


def test_glossary_terms_of_the_real_glossary():
    found = terms.glossary_terms((ROOT / "notebooks" / "glossary.md").read_text(encoding="utf-8"))
    for term in book_pages.REQUIRED_TERMS:
        assert term in found
    assert terms.TERM_HEADER not in found
    assert len(found) == len(set(found))
    assert all(term and "|" not in term and "-" * 3 not in term for term in found)


def test_glossary_terms_reads_the_first_column_only():
    text = "\n".join(
        [
            "# 术语表",
            "",
            "| 术语 | English | 不要写成 |",
            "|:---|---|---|",
            "| 计算图 | graph | 静态图 |",
            "| **迭代器** | iterator | |",
            "| `学习率` | learning rate | |",
            "| 计算图 | graph again | |",
            "",
            "| 别的表 | x |",
            "|---|---|",
            "| 不算 | y |",
        ]
    )
    assert terms.glossary_terms(text) == ["计算图", "迭代器", "学习率"]


def test_glossary_terms_without_a_table_is_a_clear_error():
    with pytest.raises(ValueError, match="术语"):
        terms.glossary_terms("# 术语表\n\n没有表格。\n")


def test_jieba_userdict_has_one_word_a_line_and_no_frequency():
    assert terms.jieba_userdict(["计算图", "预取", "two words", ""]) == "计算图\n预取\n"


# --- book/build_book.py ------------------------------------------------------


def test_pages_url_is_derived_from_the_repository():
    assert (
        build_book.pages_url("https://github.com/effective-tf2/effective-tf2-runnable")
        == "https://effective-tf2.github.io/effective-tf2-runnable/"
    )
    assert build_book.pages_url("https://github.com/Owner/Repo.git/") == "https://owner.github.io/Repo/"
    for bad in ("https://gitlab.com/a/b", "https://github.com/only-owner"):
        with pytest.raises(ValueError, match="OWNER/REPO"):
            build_book.pages_url(bad)


def test_readme_links_to_the_published_book():
    repository = project.repository_url(ROOT)
    assert repository.startswith("https://github.com/")
    assert build_book.pages_url(repository) in (ROOT / "README.md").read_text(encoding="utf-8")


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "notebooks").mkdir(parents=True)
    (root / "benchmarks" / "results").mkdir(parents=True)
    (root / "helpers" / "exercises").mkdir(parents=True)
    (root / "README.md").write_text("# 标题\n\n[一](notebooks/01_a.ipynb)\n", encoding="utf-8")
    for name in ("02_b.ipynb", "01_a.ipynb", "01_a.nbconvert.ipynb", "scratch.ipynb", "1_x.ipynb"):
        (root / "notebooks" / name).write_text(json.dumps({"cells": []}), encoding="utf-8")
    (root / "notebooks" / "glossary.md").write_text("# 术语表\n", encoding="utf-8")
    (root / "benchmarks" / "results" / "results.md").write_text(
        "# Benchmark results\n\ntext\n", encoding="utf-8"
    )
    (root / "benchmarks" / "results" / "results.png").write_bytes(b"\x89PNG")
    (root / "helpers" / "exercises" / "solutions.py").write_text("answer = 42\n", encoding="utf-8")
    return root


def test_only_numbered_notebooks_are_in_the_book(tmp_path):
    assert build_book.notebooks(_repo(tmp_path)) == ["notebooks/01_a.ipynb", "notebooks/02_b.ipynb"]


def test_stage_copies_the_book_and_nothing_else(tmp_path):
    root, dest = _repo(tmp_path), tmp_path / "src"
    (dest / "stale.md").parent.mkdir(parents=True)
    (dest / "stale.md").write_text("left from an earlier build", encoding="utf-8")
    build_book.stage(root, dest)

    staged = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    assert staged == [
        "_badges/colab.svg",
        "_badges/github.svg",
        "benchmarks/results/results.md",
        "benchmarks/results/results.png",
        "effective-tf2-notebooks.zip",
        "index.md",
        "notebooks/01_a.ipynb",
        "notebooks/02_b.ipynb",
        "notebooks/glossary.md",
    ]
    index = (dest / "index.md").read_text(encoding="utf-8")
    assert index.startswith("# 标题\n\n[一](notebooks/01_a.ipynb)\n")  # the README, links unchanged
    toc = index[index.index("```{toctree}") :]
    assert toc.index("notebooks/01_a\n") < toc.index("notebooks/02_b\n") < toc.index("notebooks/glossary\n")
    assert "benchmarks/results/results\n" in toc
    import zipfile

    with zipfile.ZipFile(dest / "effective-tf2-notebooks.zip") as archive:
        assert archive.namelist() == ["notebooks/01_a.ipynb", "notebooks/02_b.ipynb", "notebooks/glossary.md"]
    assert "[全部 2 个笔记本和术语表（zip）](effective-tf2-notebooks.zip)" in index, "the landing page links the zip"
    results = (dest / "benchmarks" / "results" / "results.md").read_text(encoding="utf-8").splitlines()
    assert results[0] == "# 实测：指南的速度建议（make bench 的结果）"  # make bench's English title, in Chinese
    assert any("make bench" in line and "生成" in line for line in results[1:4]), "a line says where the tables come from"
    assert any(line.startswith("![") and line.endswith("(results.png)") for line in results[1:6])


def test_warnings_name_the_files_in_the_repository(tmp_path):
    src = tmp_path / "build" / "book-src"
    warnings = (
        f"{src}/index.md:10: WARNING: 'myst' cross-reference target not found: 'x.ipynb'\n"
        f"{src}/notebooks/03_x.ipynb:5: WARNING: Non-consecutive header level increase\n"
    )
    assert build_book.repo_names(warnings, src) == (
        "README.md:10: WARNING: 'myst' cross-reference target not found: 'x.ipynb'\n"
        "notebooks/03_x.ipynb:5: WARNING: Non-consecutive header level increase\n"
    )


def test_pages_by_repo_path_maps_the_readme_to_the_landing_page(tmp_path):
    pages = build_book.pages_by_repo_path(_repo(tmp_path))
    assert pages["README.md"] == "index"
    assert pages["notebooks/01_a.ipynb"] == "notebooks/01_a"
    assert pages["notebooks/glossary.md"] == "notebooks/glossary"
    assert "benchmarks/results/results.png" not in pages  # an image, not a page
    assert build_book.repo_path_of("index.md").as_posix() == "README.md"
    assert build_book.normalize("notebooks/../README.md") == "README.md"


# --- tools/book_pages.py -----------------------------------------------------


def test_page_path():
    assert book_pages.page_path(f"{BASE}/notebooks/01_a.html?highlight=x#top", BASE) == "notebooks/01_a.html"
    assert book_pages.page_path(f"{BASE}/", BASE) == "index.html"
    assert book_pages.page_path(f"{BASE}/_sources/a%20b.ipynb", BASE) == "_sources/a b.ipynb"
    assert book_pages.page_path("https://colab.research.google.com/x", BASE) is None
    assert book_pages.page_path("http://127.0.0.1:80001/x.html", BASE) is None


def test_search_terms_start_with_the_required_ones_and_must_be_in_the_glossary():
    glossary = ["层", *book_pages.REQUIRED_TERMS, "追踪"]
    assert book_pages.search_terms(glossary) == [*book_pages.REQUIRED_TERMS, "层", "追踪"]
    assert book_pages.search_terms(glossary, ["追踪", "计算图"]) == [*book_pages.REQUIRED_TERMS, "追踪"]
    with pytest.raises(ValueError, match="不存在的词"):
        book_pages.search_terms(glossary, ["不存在的词"])


def test_expected_pages_are_those_that_show_the_term():
    texts = {"a.html": "先追踪，再重新追踪", "b.html": "计算图", "c.html": ""}
    assert book_pages.expected_pages("追踪", texts) == {"a.html"}
    assert book_pages.expected_pages("计算图", texts) == {"b.html"}
    assert book_pages.expected_pages("预取", texts) == set()


def test_image_problems():
    ok = [
        {"src": f"{BASE}/_images/a.png", "alt": "", "width": 640, "link": None},
        {"src": "data:image/png;base64,AAAA", "alt": "", "width": 1, "link": None},
        {"src": "https://colab.research.google.com/badge.svg", "alt": "在 Colab 中运行", "width": 0,
         "link": "https://colab.research.google.com/github/o/r/blob/main/notebooks/01_a.ipynb"},
    ]  # fmt: skip
    assert book_pages.image_problems(ok, BASE) == []
    bad = [
        {"src": f"{BASE}/_images/missing.png", "alt": "图", "width": 0, "link": None},
        {"src": "https://img.shields.io/badge.svg", "alt": "GitHub", "width": 0, "link": None},
        {"src": "https://img.shields.io/badge.svg", "alt": " ", "width": 0, "link": "https://github.com/o/r"},
    ]
    problems = book_pages.image_problems(bad, BASE)
    assert [p.split(":")[0] for p in problems] == [
        "image did not load",
        "external image is not a link",
        "external image has no alt text",
    ]


def test_link_problems():
    status = {"index.html": 200, "notebooks/01_a.html": 200, "missing.html": 404}
    ids = {"index.html": {"top"}, "notebooks/01_a.html": {"1-张量", "main-content"}}
    links = [
        f"{BASE}/index.html#top",
        f"{BASE}/notebooks/01_a.html#1-%E5%BC%A0%E9%87%8F",  # the browser's form of #1-张量
        f"{BASE}/notebooks/01_a.html",
        "https://github.com/o/r",
        f"{BASE}/missing.html",
        f"{BASE}/index.html#no-such-heading",
    ]
    problems = book_pages.link_problems(links, BASE, status, ids)
    assert len(problems) == 2
    assert "HTTP 404" in problems[0]
    assert "no-such-heading" in problems[1]


def test_console_problems_keeps_offline_badges_apart():
    messages = [
        ("error", "Failed to load resource: net::ERR_NAME_NOT_RESOLVED", "https://img.shields.io/b.svg"),
        ("error", "Failed to load resource: the server responded with a status of 404", f"{BASE}/x.png"),
        ("error", "JavaScript error: Stemmer is not defined", ""),
        ("warning", "something odd", f"{BASE}/_static/a.js"),
        ("log", "hello", ""),
    ]
    errors, offline = book_pages.console_problems(messages, BASE)
    assert offline == ["https://img.shields.io/b.svg"]
    assert len(errors) == 2
    assert errors[0].startswith("Failed to load resource") and "x.png" in errors[0]
    assert errors[1] == "JavaScript error: Stemmer is not defined"


def test_notebook_pages_in_reading_order():
    pages = [
        "notebooks/glossary.html",
        "notebooks/02_b.html",
        "index.html",
        "notebooks/01_a.html",
        "search.html",
        "notebooks/01_a.nbconvert.html",
    ]
    assert book_pages.notebook_pages(pages) == ["notebooks/01_a.html", "notebooks/02_b.html"]


def test_clear_output_removes_pages_of_sources_that_are_gone(tmp_path):
    out = tmp_path / "book"
    (out / "notebooks").mkdir(parents=True)
    (out / ".buildinfo").write_text("# Sphinx build info version 1\n")
    (out / "notebooks" / "05_old_name.html").write_text("<html></html>")
    build_book.clear_output(out)
    assert not out.exists()
    build_book.clear_output(out)  # nothing there: nothing to do


def test_clear_output_refuses_a_folder_that_is_not_a_book_build(tmp_path):
    (tmp_path / "thesis.tex").write_text("keep me")
    with pytest.raises(SystemExit, match="not an earlier book build"):
        build_book.clear_output(tmp_path)
    assert (tmp_path / "thesis.tex").exists()


def test_weight_problems(tmp_path):
    (tmp_path / "_static").mkdir()
    (tmp_path / "_images").mkdir()
    (tmp_path / "page.html").write_text("<p>x</p>", encoding="utf-8")
    (tmp_path / "_static" / "a.css").write_bytes(b"a{}" * 100)
    noise = random.Random(0).randbytes  # bytes that gzip cannot shrink
    (tmp_path / "_images" / "plot.png").write_bytes(noise(1000 * 1024))
    light = {"resources": [f"{BASE}/_static/a.css", f"{BASE}/_images/plot.png", "https://x.org/y.js"], "fontIcons": []}
    assert book_pages.weight_problems("page.html", light, BASE, tmp_path) == [], "plots and other hosts do not count"

    (tmp_path / "_static" / "big.js").write_bytes(noise(400 * 1024))
    heavy = {**light, "resources": [*light["resources"], f"{BASE}/_static/big.js"]}
    [problem] = book_pages.weight_problems("page.html", heavy, BASE, tmp_path)
    assert problem.startswith("weighs 40") and "budget 300 KB" in problem, problem

    scripts = {
        "resources": [f"{BASE}/_static/scripts/fontawesome.js?digest=1", f"{BASE}/searchindex.js"],
        "fontIcons": ["fa-solid fa-bars"],
    }
    assert book_pages.weight_problems("page.html", scripts, BASE, tmp_path) == [
        "loads fontawesome.js, which it does not use",
        "loads searchindex.js, which it does not use",
        "1 icon(s) drawn with the icon font, not inline SVG: fa-solid fa-bars",
    ]
    assert book_pages.weight_problems("search.html", {"resources": [f"{BASE}/searchindex.js"]}, BASE, tmp_path) == []


def test_stage_shows_the_books_own_badges(tmp_path):
    (tmp_path / "notebooks").mkdir()
    colab, github = build_book.BADGES
    (tmp_path / "notebooks" / "01_a.ipynb").write_text(f"[![在 Colab 中运行]({colab})](https://c) ![g]({github})")
    (tmp_path / "index.md").write_text(f"[![Colab]({colab})](https://c)")
    build_book.local_badges(tmp_path, ["notebooks/01_a.ipynb", "index.md", "x.png"])
    assert (tmp_path / "notebooks" / "01_a.ipynb").read_text() == (
        "[![在 Colab 中运行](../_badges/colab.svg)](https://c) ![g](../_badges/github.svg)"
    )
    assert (tmp_path / "index.md").read_text() == "[![Colab](_badges/colab.svg)](https://c)"
    assert (tmp_path / "_badges" / "colab.svg").read_text().startswith("<svg"), "the badge files come along"


def test_snippet_problem():
    text = "第一段。\n默认学习率 是 0.001，\n  来自 Keras。"
    assert book_pages.snippet_problem("...默认学习率 是 0.001， 来自 Keras。", text) is None, "line breaks differ"
    assert book_pages.snippet_problem(None, text) == "no snippet"
    assert book_pages.snippet_problem("System Settings 亮色 暗色 默认学习率", text).startswith(
        "snippet is not from the page's text: 'System Settings"
    )
