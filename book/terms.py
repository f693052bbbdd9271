"""The glossary's terms, and the jieba user dictionary made from them (no dependencies).

Sphinx indexes Chinese text for search with jieba, which splits words it does not
know: 计算图 becomes 计算 + 图, so a search for 计算图 finds nothing (the browser does
not split the query). Every term of ``notebooks/glossary.md`` (its first column, 术语)
goes into a jieba user dictionary, so each one is indexed as a word. Used by
``book/conf.py`` (the build) and ``tools/book_pages.py`` (which terms make book-check searches).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: The header cell of the glossary table's first column.
TERM_HEADER = "术语"
# A table row: `| cell | cell | ... |`; the separator row is `|---|---|`.
_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _plain(cell: str) -> str:
    """The text of a Markdown table cell, without emphasis or code marks."""
    return re.sub(r"[*_`]", "", cell).strip()


def glossary_rows(markdown: str) -> list[list[str]]:
    """Return the rows of the glossary's table (the one whose first column is 术语), each a list of its cells.

    The one parser of the glossary: the book takes the terms (first column), the lint the
    variants not to use (last column, 不要写成).
    """
    rows: list[list[str]] = []
    in_table = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if not stripped.startswith("|"):
            in_table = False
            continue
        cells = _cells(stripped)
        if not in_table:
            in_table = _plain(cells[0]) == TERM_HEADER
            continue
        if not _SEPARATOR.match(stripped):
            rows.append(cells)
    return rows


def glossary_terms(markdown: str) -> list[str]:
    """Return the terms in the first column (术语) of the glossary's table, in order, once each."""
    terms: list[str] = []
    for cells in glossary_rows(markdown):
        term = _plain(cells[0])
        if term and term not in terms:
            terms.append(term)
    if not terms:
        raise ValueError(
            f"no glossary table found: expected a Markdown table whose first column is {TERM_HEADER}"
        )
    return terms


def jieba_userdict(terms: Iterable[str]) -> str:
    """Return a jieba user dictionary (one word a line) with every term that contains a space-free word.

    No frequency is given: jieba then picks one just high enough that the term is
    kept whole (``jieba.suggest_freq``), without changing how other text is cut.
    Terms with spaces cannot be jieba words and are left out.
    """
    return "".join(f"{term}\n" for term in terms if term and not re.search(r"\s", term))
