"""The theme's style sheets cut down to the rules the book can use (build-finished, after light_pages).

pydata-sphinx-theme ships all of Bootstrap 5 in one style sheet (about 370 KB, 64 KB gzipped),
and a phone spends most of its first second matching those rules against a long notebook page.
Like PurgeCSS's default mode, a rule is kept when every class, id and element name that its
selector requires occurs as a word somewhere in the built pages or in any of their scripts
(classes that scripts add later, such as Bootstrap's ``show``, occur in the scripts). Attribute
selectors (``[data-theme=dark]``), pseudo-classes and the insides of ``:not()``/``:is()``/
``:where()``/``:has()`` are not required, so the dark theme, hover and focus styles stay. At-rules
other than ``@media``/``@supports``/``@layer``/``@container`` (fonts, keyframes) are kept whole.

The cut is conservative: a word in a script keeps every rule that names it. tests/ui/test_book.py
checks that the pages still work and look as before on a desktop and on a phone.
"""

from __future__ import annotations

import re
from pathlib import Path

GROUPING = ("@media", "@supports", "@layer", "@container")
WORD = re.compile(r"[\w-]+")
TAG = re.compile(r"<([a-zA-Z][\w-]*)")
SPACE_OR_COMMENT = re.compile(r"\s+|/\*.*?\*/", re.S)
FUNCTIONAL_PSEUDO = re.compile(r":(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)")
ATTRIBUTE = re.compile(r"\[[^\]]*\]")
PSEUDO = re.compile(r"::?[\w-]+(?:\([^)]*\))?")
CLASS_OR_ID = re.compile(r"[.#]([\w-]+)")
ELEMENT = re.compile(r"(?:^|[\s>+~])([a-zA-Z][\w-]*)")


def _matching(css: str, start: int) -> int:
    """The index just past the ``}`` that closes the ``{`` at ``start``, skipping strings."""
    depth, quote, i = 0, None, start
    while i < len(css):
        ch = css[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(f"unbalanced braces from character {start}")


def top_level(css: str) -> list[tuple[str, str, str | None]]:
    """The top-level pieces of ``css``: (kind, text, body) with kind "space", "comment", "statement" or "block"."""
    pieces, i = [], 0
    while i < len(css):
        gap = SPACE_OR_COMMENT.match(css, i)
        if gap and gap.end() > i:
            pieces.append(("comment" if css.startswith("/*", i) else "space", gap.group(), None))
            i = gap.end()
            continue
        j, quote = i, None
        while j < len(css):
            ch = css[j]
            if quote:
                if ch == "\\":
                    j += 1
                elif ch == quote:
                    quote = None
            elif ch in "\"'":
                quote = ch
            elif ch == ";":
                pieces.append(("statement", css[i : j + 1], None))
                i = j + 1
                break
            elif ch == "{":
                end = _matching(css, j)
                pieces.append(("block", css[i:j], css[j + 1 : end - 1]))
                i = end
                break
            j += 1
        else:
            pieces.append(("statement", css[i:], None))
            i = len(css)
    return pieces


def required(selector: str) -> tuple[list[str], list[str]]:
    """(classes and ids, element names) that one selector needs for it to match anything."""
    plain = PSEUDO.sub("", ATTRIBUTE.sub("", FUNCTIONAL_PSEUDO.sub("", selector)))
    names = CLASS_OR_ID.findall(plain)
    elements = [e.lower() for e in ELEMENT.findall(CLASS_OR_ID.sub("", plain))]
    return names, elements


def usable(selectors: str, words: set[str], elements: set[str]) -> bool:
    """Whether any selector of a comma-separated list can match, given the book's words and element names."""
    for selector in selectors.split(","):
        names, tags = required(selector.strip())
        if all(n in words for n in names) and all(t in elements for t in tags):
            return True
    return False


def purge(css: str, words: set[str], elements: set[str]) -> str:
    """``css`` without the rules that no page can use; licence comments (``/*!``) are kept."""
    kept = []
    for kind, text, body in top_level(css):
        if kind == "block":
            prelude = text.strip()
            if prelude.startswith(GROUPING):
                inner = purge(body, words, elements)
                if inner.strip():
                    kept.append(f"{prelude}{{{inner}}}")
            elif prelude.startswith("@") or usable(prelude, words, elements):
                kept.append(f"{prelude}{{{body}}}")
        elif kind == "statement":
            kept.append(text)
        elif kind == "comment" and text.startswith("/*!"):
            kept.append(text)
    return "".join(kept)


def vocabulary(out: Path) -> tuple[set[str], set[str]]:
    """(every word, every element name) in the built pages and in every script of ``out``."""
    words, elements = set(), {"html", "body"}
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        words.update(WORD.findall(text))
        elements.update(t.lower() for t in TAG.findall(text))
    for script in out.rglob("*.js"):
        if script.name == "searchindex.js":  # the pages' words again, no markup
            continue
        found = WORD.findall(script.read_text(encoding="utf-8", errors="replace"))
        words.update(found)
        elements.update(w.lower() for w in found)  # document.createElement("…"), innerHTML strings
    return words, elements


def purge_style_sheets(out: Path) -> list[tuple[str, int, int]]:
    """Cut every style sheet under ``out/_static`` down to its usable rules; [(name, bytes before, after)]."""
    words, elements = vocabulary(out)
    sizes = []
    for sheet in sorted((out / "_static").rglob("*.css")):
        before = sheet.read_text(encoding="utf-8")
        after = purge(before, words, elements)
        if after != before:
            sheet.write_text(after, encoding="utf-8")
        sizes.append((sheet.relative_to(out).as_posix(), len(before.encode()), len(after.encode())))
    return sizes
