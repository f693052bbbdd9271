"""Sphinx configuration of the book (``make book``; see book/build_book.py, which stages the sources).

Sphinx + MyST-NB + sphinx-book-theme (the stack under Jupyter Book 1): the notebooks are
rendered with the outputs stored in them (nothing is executed), and nothing is fetched
from the network. Not Jupyter Book 2 (mystmd downloads its theme when it builds, so it
cannot build offline) and not MkDocs Material (end of life announced for May 2027; empty
anchors for Chinese headings; links between notebooks stay `.ipynb` and 404).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path, PurePosixPath

from docutils import nodes
from sphinx import addnodes
from sphinx.search.zh import SearchChinese

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
# Sphinx runs from the repository root (book/build_book.py), so the book package imports.
from book import build_book as book_build  # noqa: E402  (what is staged where)
from book import light_pages, terms  # noqa: E402  (icons inlined, unused scripts dropped; the glossary's terms)
from tools import project  # noqa: E402  (pyproject.toml names the repository)

# The one place that names the repository: pyproject.toml's [project.urls] Repository.
REPOSITORY = project.repository_url(ROOT)
BRANCH = "main"

project = "高效的 TensorFlow 2：可运行版"
author = "effective-tf2-runnable 的贡献者"
copyright = author
language = "zh_CN"
root_doc = "index"

extensions = ["myst_nb", "sphinx_copybutton"]
# A copy button on every code cell's input (not on outputs); prompts like "$ " are not copied.
copybutton_selector = "div.cell_input div.highlight pre, div.highlight-bash pre, div.highlight-python pre"
copybutton_prompt_text = r"\$ |>>> |\.\.\. "
copybutton_prompt_is_regexp = True
# Render the outputs stored in the notebooks (the tests check them); never run a kernel.
nb_execution_mode = "off"
# GitHub-style anchors for headings down to ### (links such as `03_x.ipynb#2-...`).
myst_heading_anchors = 3
exclude_patterns = ["**.ipynb_checkpoints", "**.nbconvert.ipynb"]
# A link to a heading in the same notebook is written as JupyterLab makes its anchors (the
# heading's text with spaces as '-', e.g. #深入：Keras-3-的变量), which MyST's GitHub-style slugs
# do not know: every section also gets that id (jupyterlab_anchors below), and such a link is
# not a Sphinx warning. make book-check (tests/ui/test_book.py) checks that every #anchor exists on its page, and
# the lint that every relative file link exists.
suppress_warnings = ["myst.xref_missing"]

html_theme = "sphinx_book_theme"
html_title = project
html_static_path = ["_static"]
# _templates/layout.html: the landing page's <title> names the book once.
templates_path = ["_templates"]
# book.css: long code and outputs wrap on phones, tables scroll inside themselves, printing wraps
# code; book.js: the visible sidebar buttons work, and the interface text is Chinese.
html_css_files = ["book.css"]
html_js_files = ["book.js"]
html_favicon = "_static/favicon.svg"
# Light or dark as the reader's system says (without it the theme logs a console error).
html_context = {"default_mode": "auto"}
html_baseurl = book_build.pages_url(REPOSITORY)
html_last_updated_fmt = None
html_copy_source = True
html_show_sourcelink = False
html_theme_options = {
    "repository_url": REPOSITORY,
    "repository_branch": BRANCH,
    "use_repository_button": True,
    "use_download_button": True,
    "use_issues_button": True,  # 报告问题: the repository's issues
    "use_edit_page_button": True,  # 编辑此页: the page's file on GitHub (the landing page is README.md)
    "path_to_docs": "",
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "navigation_with_keys": False,
    # Each notebook ends with its own previous / next links (## 延伸阅读); the theme's would repeat them.
    "show_prev_next": False,
}

# Chinese search: Sphinx splits Chinese text into words with jieba. Its user dictionary
# is written from the glossary when the build starts (see setup() below), so every
# glossary term is one searchable word.
html_search_language = "zh"
html_search_options: dict[str, str] = {}


class SearchChineseGlossary(SearchChinese):
    """Sphinx's Chinese search, which also indexes every glossary term that a text contains.

    The jieba user dictionary keeps the terms whole, but jieba still decides by
    context (训练步数 is cut 训练 + 步数), and Sphinx drops one-character words
    (层, 轮). Both are glossary terms a reader may search for.
    """

    glossary: frozenset[str] = frozenset()

    def split(self, input: str) -> list[str]:
        return super().split(input) + [term for term in self.glossary if term in input]

    def word_filter(self, stemmed_word: str) -> bool:
        return super().word_filter(stemmed_word) or stemmed_word in self.glossary

    def stem(self, word: str) -> str:
        """Index English words as they are written, lower-cased, not stemmed.

        The words a reader types here are API names (TensorArray, run_eagerly), which Snowball
        cuts (run_eag) where the browser's Porter stemmer cuts them differently (run_eagerli),
        so they were never found. book/_static/book.js keeps a query word the index holds as is.
        """
        return word.lower()


def write_jieba_dict(app, config) -> None:
    """config-inited: write the jieba user dictionary from the staged glossary; point the search at it."""
    glossary = Path(app.srcdir) / book_build.GLOSSARY
    words = terms.glossary_terms(glossary.read_text(encoding="utf-8"))
    path = Path(app.doctreedir) / "jieba-userdict.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(terms.jieba_userdict(words), encoding="utf-8")
    SearchChineseGlossary.glossary = frozenset(words)
    config.html_search_options = {**config.html_search_options, "dict": str(path)}
    try:
        import jieba

        jieba.setLogLevel(logging.WARNING)  # not "Building prefix dict ..." on every build
    except ImportError:
        pass


def github_url(repo_path: PurePosixPath, is_dir: bool) -> str:
    return f"{REPOSITORY}/{'tree' if is_dir else 'blob'}/{BRANCH}/{repo_path}"


def link_repo_files(app, doctree) -> None:
    """doctree-read: a link to a file of the repository that is not a page of the book goes to GitHub.

    MyST resolves links to pages (`notebooks/01_x.ipynb`, `glossary.md`) and to files
    copied into the book (images). A link to anything else in the repository
    (`requirements-exclude.txt`, a folder, `../README.md` from a notebook) would be a
    broken cross-reference; here it becomes a link to the page of the book it was
    staged as, or else to the file on GitHub. A link to nothing at all stays as it is,
    and the build fails on its warning.
    """
    docname = app.env.docname
    staged = PurePosixPath(app.env.doc2path(docname, False))
    repo_doc = book_build.repo_path_of(staged)
    pages = book_build.pages_by_repo_path(Path(app.srcdir))
    for node in list(doctree.findall(addnodes.pending_xref)):
        if node.get("reftype") != "myst" or node.get("refdomain"):
            continue
        target, _, anchor = node["reftarget"].partition("#")
        if not target or "://" in target or target.startswith("mailto:"):
            continue
        repo_target = PurePosixPath(book_build.normalize(repo_doc.parent / target))
        if str(repo_target).startswith(".."):
            continue
        if str(repo_target) in pages:
            new = addnodes.pending_xref(
                "",
                *node.children,
                refdomain="doc",
                reftarget=pages[str(repo_target)],
                reftargetid=anchor or None,
                refdoc=docname,
                reftype="myst",
                refexplicit=node.get("refexplicit", True),
            )
            new["classes"] = node.get("classes", [])
            node.replace_self(new)
            continue
        on_disk = ROOT / repo_target
        if not on_disk.exists():
            continue
        url = github_url(repo_target, on_disk.is_dir()) + (f"#{anchor}" if anchor else "")
        children = node.children
        if not node.get("refexplicit", True) or not children:
            children = [nodes.literal("", str(repo_target))]
        node.replace_self(nodes.reference("", "", *children, refuri=url, internal=False))


def jupyterlab_anchor(title: str) -> str:
    """The id JupyterLab gives a heading: its text with every space replaced by '-'."""
    return title.replace(" ", "-")


def jupyterlab_anchors(app, doctree) -> None:
    """doctree-read: readable section ids first, and in a notebook the id JupyterLab gives its heading too.

    docutils makes ASCII ids, so a Chinese heading's first id is ``id1``, which the right-hand
    contents would link to; the readable ids (MyST's slug, JupyterLab's anchor) go first.
    Runs before Sphinx's table-of-contents collector (priority 400).
    """
    is_notebook = str(app.env.doc2path(app.env.docname, False)).endswith(".ipynb")
    for section in doctree.findall(nodes.section):
        title = next(iter(section.findall(nodes.title)), None)
        if title is None:
            continue
        ids = section["ids"]
        if is_notebook and jupyterlab_anchor(title.astext()) not in ids:
            ids.append(jupyterlab_anchor(title.astext()))
        readable = [i for i in ids if not re.fullmatch(r"id\d+", i)]
        section["ids"] = readable + [i for i in ids if i not in readable]


# The theme's "suggest edit" and "open issue" links: the landing page is README.md in the
# repository (index.md is its staged copy), and the new issue's title and text are in Chinese.
GITHUB_LINK_FIXES = {
    f"{REPOSITORY}/edit/{BRANCH}/index.md\"": f"{REPOSITORY}/edit/{BRANCH}/README.md\"",
    "issues/new?title=Issue%20on%20page%20%2F": "issues/new?title=%E9%A1%B5%E9%9D%A2%E9%97%AE%E9%A2%98%EF%BC%9A%2F",
    "&body=Your%20issue%20content%20here.": "&body=%E5%93%AA%E9%87%8C%E4%B8%8D%E5%AF%B9%EF%BC%9F",
}


def github_links(app, exception) -> None:
    """build-finished: fix the theme's edit and issue links on every page (GITHUB_LINK_FIXES)."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        fixed = text
        for old, new in GITHUB_LINK_FIXES.items():
            fixed = fixed.replace(old, new)
        if fixed != text:
            page.write_text(fixed, encoding="utf-8")


def setup(app):
    app.add_search_language(SearchChineseGlossary)
    app.connect("config-inited", write_jieba_dict)
    app.connect("doctree-read", link_repo_files)
    app.connect("doctree-read", jupyterlab_anchors, priority=400)
    app.connect("build-finished", light_pages.lighten)
    app.connect("build-finished", github_links)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
