"""Check every notebook against the house rules (``make lint``); print each problem with its fix.

Checks, for each ``notebooks/NN_*.ipynb`` (or the paths given):

- valid nbformat 4.5+ JSON; every cell has an ``id`` and no two cells share one;
- every code line fits the book's code box (88 columns, a CJK character counting 2);
- exactly one H1, in the first markdown cell, with the Colab and GitHub buttons on
  the lines right under it, pointing at this notebook in the repository named by
  ``[project.urls] Repository`` in pyproject.toml (the one place it is written);
- the first code cell is the setup cell: it imports ``helpers`` and calls
  ``helpers.make_reproducible(...)`` before TensorFlow / Keras are imported;
- stored outputs exist and were made top to bottom (execution counts 1, 2, 3, ...);
- no output holds a machine-specific path, an object address, an ANSI escape, a
  traceback or an error;
- relative links in markdown point at files that exist in the repository;
- prose is Simplified Chinese: code spans, links and URLs are not counted; a cell
  that starts with ``<!-- lang: en -->`` may hold a short English passage;
- terms follow the glossary ``notebooks/glossary.md``: no word from its “不要写成”
  column in markdown prose, code comments or Chinese strings in code;
- the title reads ``# NN · 标题`` with the file's number; readers never meet the
  maintainers' claim ids (C01, K03, ...);
- the notebook ends with a ``## 小结`` cell and, last, a ``## 延伸阅读`` cell whose
  navigation links the previous and next notebooks, the glossary and the guide.

Each check is a rule with a code (NB1xx format, NB2xx structure, NB3xx outputs, NB4xx
language), printed before each finding; ``--list-rules`` lists them, ``--select`` and
``--ignore`` choose them by code or prefix. Cells are numbered from 1 in the order they
appear. Exit status 1 if anything is wrong.
Runs without TensorFlow and takes well under a second per notebook.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import io
import json
import re
import sys
import tokenize
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import fastjsonschema  # compiles nbformat's own schema files into a fast validator (requirements.txt)

from book.terms import glossary_rows  # one parser of the glossary table, shared with the book
from helpers.paths import NOTEBOOK_NAME, collection
from tools.project import repository  # one reader of the repository's name

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

#: The widest code line the book's code box shows without scrolling (display columns: a CJK
#: or full-width character takes two, as in the monospace font).
CODE_COLUMNS = 88


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospace font: East Asian wide and full-width characters count 2."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


#: A markdown cell whose first line is this may hold a short English passage.
ENGLISH_MARK = "<!-- lang: en -->"
#: The most Latin letters such a marked passage may have (about 100 words).
ENGLISH_MAX_LETTERS = 600
# Thresholds for Chinese prose. A Chinese word is one to two characters; the project's
# own notebooks have 8 or more CJK characters per English word (API and product names)
# in every cell, never more than 3 English words in a row, and 78-92% CJK letters overall.
#: A cell with at least this many English words must have CJK_PER_WORD CJK characters per word.
CELL_MIN_WORDS = 6
CJK_PER_WORD = 2
#: This many English words in a row, with no Chinese between them, is an English sentence.
ENGLISH_RUN_WORDS = 8
#: Share of the notebook's prose letters that must be CJK (English terms are fine, English text is not).
MIN_CJK_SHARE = 0.6
#: Characters used only in Traditional Chinese (their Simplified forms differ); two in a cell is not a typo.
TRADITIONAL_ONLY = set(
    "們這個來時會說為與對學習數據練訓圖變實現無點後裡電腦網層優從開關長門問間題應當樣參異將書經過運體讓還見發單僅範類"
)

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")
LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+(?:['’-][A-Za-z\u00c0-\u024f]+)*")
# Chinese characters, full-width punctuation and line ends split English runs.
RUN_BREAK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\n]+")

FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
REF_DEF = re.compile(r"^[ \t]*\[[^\]]+\]:[ \t]*\S+.*$", re.M)
HTML_TAG = re.compile(r"<[^>\n]+>")
URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+")
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)

H1_ATX = re.compile(r"^ {0,3}#(?:[ \t]+|$)(.*)$")
H1_HTML = re.compile(r"<h1\b", re.I)
SETEXT_H1 = re.compile(r"^ {0,3}=+[ \t]*$")

LINK_TARGETS = (
    re.compile(r"\]\(\s*<?([^)\s>]+)"),  # [text](target), ![alt](target), nested badges
    re.compile(r"^[ \t]*\[[^\]]+\]:[ \t]*<?([^\s>]+)", re.M),  # [ref]: target
    re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.I),  # <img src=...>, <a href=...>
)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")

#: The collection's glossary; its last table column lists the variants that must not be used.
GLOSSARY = Path("notebooks") / "glossary.md"
#: The guide the collection follows; every notebook links to it.
GUIDE_URL = "https://www.tensorflow.org/guide/effective_tf2"
# The collection's own notebooks: ``NN_topic.ipynb`` (two digits, underscore, then letters, digits or
# underscores). Copies such as ``01_x.nbconvert.ipynb`` or ``01_x-Copy1.ipynb`` are not checked by default.
TITLE = re.compile(r"^(\d\d) · \S")
CLAIM_ID = re.compile(r"(?<![A-Za-z0-9])[CK]\d\d(?![0-9])")
#: A version note is labelled 版本变化（<what> <major.minor> 起）, e.g. 版本变化（Keras 3.0 起）.
VERSION_NOTE = re.compile(r"版本变化（([^）]*)）")
VERSION_LABEL = re.compile(r"(?:TensorFlow|Keras|TFDS|Python) \d+\.\d+ 起")

SETUP_IMPORT = re.compile(r"^\s*(?:import helpers\b|from helpers import\b)", re.M)
SETUP_CALL = re.compile(r"^\s*(?:helpers\.)?make_reproducible\(", re.M)
TF_IMPORT = re.compile(r"^\s*(?:import|from)\s+(?:tensorflow|keras|tensorflow_datasets)\b", re.M)

#: (pattern, what it is, how to fix it) checked in every text output.
#: The lines git (and nbdime) leave around a conflict: <<<<<<< ours, =======, >>>>>>> theirs.
CONFLICT_MARKER = re.compile(r"^(?:<{7}|={7}|>{7})(?:\s|$)")
OUTPUT_RULES = [
    (
        re.compile(r"/tmp/|/root/|/home/|/work/|site-packages"),
        "a machine-specific path",
        "do not print paths: print a name relative to notebooks/ or nothing; "
        "if a warning names a file, fix its cause",
    ),
    (
        re.compile(r"\b0x[0-9a-fA-F]{8,}"),
        "an object address",
        "print a value, a shape or type(obj).__name__ instead of the object's repr",
    ),
    (
        re.compile(r"\x1b"),
        "an ANSI escape (colours or a progress bar)",
        "use verbose=0 and turn progress bars off; print plain text",
    ),
    (
        re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff）]:"),
        "a half-width colon after a Chinese label",
        "printed Chinese labels take the full-width colon: print(f'损失：{loss:.3f}'), not '损失:'",
    ),
    (
        re.compile(r"Traceback \(most recent call last\)"),
        "a traceback",
        "fix the code; to show an expected error, catch it and print type(err).__name__ and a short message",
    ),
]
#: Output data that is binary (base64) and not checked for text patterns.
BINARY_MIME = re.compile(r"^(?:image/(?!svg)|application/(?:pdf|octet-stream))")


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a notebook: where it is, what it is, and how to fix it."""

    notebook: str
    cell: int | None  # numbered from 1; None: the whole notebook
    cell_id: str | None
    message: str
    fix: str
    code: str = ""  # the rule's code, e.g. NB302 (RULES)

    def __str__(self) -> str:
        where = "notebook" if self.cell is None else f"cell {self.cell} (id {self.cell_id!r})"
        return f"{self.notebook}: {where}: {self.code} {self.message}\n    fix: {self.fix}"


# -- the rules ---------------------------------------------------------------------
# Each rule is one check_* method of NotebookLinter, registered with @rule under a code:
# NB1xx format, NB2xx structure, NB3xx outputs, NB4xx language (as nblint groups its rules).
# `--select` / `--ignore` take codes or prefixes (NB3 is every outputs rule), `--list-rules`
# prints them. Each rule has failing fixtures in tests/test_lint_notebooks.py (BROKEN).
TOPICS = {"NB1": "format", "NB2": "structure", "NB3": "outputs", "NB4": "language"}


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    summary: str
    method: str

    @property
    def topic(self) -> str:
        return TOPICS[self.code[:3]]


RULES: dict[str, Rule] = {}


def rule(code: str, name: str, summary: str):
    """Register a NotebookLinter.check_* method as the rule ``code`` (e.g. ``NB302``)."""
    if not re.fullmatch(r"NB[1-4]\d\d", code) or code in RULES:
        raise ValueError(f"rule code {code!r}: expected a new NB1xx-NB4xx code")

    def register(method):
        RULES[code] = Rule(code, name, summary, method.__name__)
        method.rule_code = code
        return method

    return register


def selected(code: str, select: tuple[str, ...] = (), ignore: tuple[str, ...] = ()) -> bool:
    """Whether rule ``code`` reports: selected (all when ``select`` is empty) and not ignored; prefixes match."""
    return (not select or code.startswith(select)) and not (ignore and code.startswith(ignore))


@functools.cache
def schema_validator(minor: int, definition: str | None = None) -> Callable[[dict], object]:
    """Return a validator for nbformat 4.``minor`` (or one of its definitions, e.g. ``code_cell``).

    Uses the schema files that nbformat ships.
    """
    spec = importlib.util.find_spec("nbformat")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("nbformat is not installed (it ships the notebook schema)")
    folder = Path(next(iter(spec.submodule_search_locations))) / "v4"
    path = folder / f"nbformat.v4.{minor}.schema.json"
    if not path.is_file():
        path = folder / "nbformat.v4.schema.json"  # the newest 4.x
    schema = json.loads(path.read_text(encoding="utf-8"))
    if definition:
        schema = {"definitions": schema["definitions"], "$ref": f"#/definitions/{definition}"}
    return fastjsonschema.compile(schema)


def button_urls(repo: str, notebook_name: str) -> dict[str, str]:
    """Return the Colab and GitHub URLs the buttons of ``notebooks/<notebook_name>`` must use."""
    rel = f"notebooks/{notebook_name}"
    return {
        "Colab": f"https://colab.research.google.com/github/{repo}/blob/main/{rel}",
        "GitHub": f"https://github.com/{repo}/blob/main/{rel}",
    }


def _text(value) -> str:
    """Notebook JSON stores multi-line strings as a string or a list of lines."""
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return value if isinstance(value, str) else ""


def _without_fences(markdown: str) -> str:
    """Markdown with fenced code blocks blanked out (line count kept)."""
    return FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), markdown)


def prose(markdown: str) -> str:
    """Return the reader-facing words of a markdown cell: no code, links, URLs, HTML or math."""
    text = _without_fences(markdown)
    for pattern in (HTML_COMMENT, CODE_SPAN, IMAGE, LINK, REF_DEF, URL, HTML_TAG, MATH):
        text = pattern.sub(" ", text)
    return text


def code_words(source: str) -> str:
    """Return the reader-facing words of a code cell: its comments and the strings that hold Chinese."""
    lines = ["" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()]
    words = []
    try:
        for token in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
            if token.type == tokenize.COMMENT and not token.string.lstrip("# ").startswith("NBVAL"):
                words.append(token.string)
            elif token.type == tokenize.STRING and CJK.search(token.string):
                words.append(token.string)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return ""  # not plain Python (ruff reports it); nothing to check here
    return "\n".join(words)


@functools.cache
def discarded_terms(glossary: Path) -> dict[str, str]:
    """Return ``{variant: term}`` from the glossary table's last column (不要写成), '、'-separated."""
    try:
        text = glossary.read_text(encoding="utf-8")
    except OSError:
        return {}
    variants = {}
    for cells in glossary_rows(text):
        if len(cells) < 4:
            continue
        term, last = cells[0], cells[-1]
        for variant in filter(None, (v.strip() for v in last.split("、"))):
            variants[variant] = term
    return variants


def term_pattern(variant: str) -> re.Pattern:
    """An English variant matches as a whole, case-sensitive word; a Chinese one anywhere."""
    if LATIN_WORD.fullmatch(variant):
        return re.compile(rf"(?<![A-Za-z_]){re.escape(variant)}(?![A-Za-z_])")
    return re.compile(re.escape(variant))


def _excerpt(text: str, start: int, end: int, width: int = 30) -> str:
    snippet = text[max(0, start - width) : end + width].replace("\n", " ")
    return repr(snippet)


class NotebookLinter:
    """Collect the problems of one notebook file."""

    def __init__(
        self, path: Path, repo: str, root: Path, select: tuple[str, ...] = (), ignore: tuple[str, ...] = ()
    ):
        self.select, self.ignore = select, ignore
        self.current = ""  # the code of the rule being run
        self.path = path
        self.repo = repo
        self.root = root.resolve()
        try:
            self.name = str(path.resolve().relative_to(self.root))
        except ValueError:
            self.name = str(path)
        self.problems: list[Problem] = []
        self.cells: list[dict] = []

    # -- reporting -----------------------------------------------------------------
    def add(self, index: int | None, message: str, fix: str) -> None:
        cell_id = None
        if index is not None and 0 <= index < len(self.cells):
            cell_id = self.cells[index].get("id")
        if selected(self.current, self.select, self.ignore):
            self.problems.append(
                Problem(self.name, None if index is None else index + 1, cell_id, message, fix, self.current)
            )

    def code_cells(self) -> Iterator[tuple[int, dict]]:
        return ((i, c) for i, c in enumerate(self.cells) if c.get("cell_type") == "code")

    def markdown_cells(self) -> Iterator[tuple[int, dict]]:
        return ((i, c) for i, c in enumerate(self.cells) if c.get("cell_type") == "markdown")

    # -- checks --------------------------------------------------------------------
    def run(self) -> list[Problem]:
        self.current = "NB101"
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            self.add(None, f"cannot be read as notebook JSON ({err})", "restore it from git, or re-save it")
            return self.problems
        if not isinstance(raw, dict) or not isinstance(raw.get("cells"), list):
            self.add(None, "is not a notebook (no 'cells' list)", "restore it from git, or re-save it")
            return self.problems
        self.cells = [c if isinstance(c, dict) else {} for c in raw["cells"]]
        # The format rules always run (their findings only if selected): the others need a sound notebook.
        for code, gate in (("NB102", self.check_conflicts), ("NB101", lambda: self.check_format(raw))):
            self.current = code
            if not gate():
                return self.problems
        for code, registered in RULES.items():
            if code not in ("NB101", "NB102") and selected(code, self.select, self.ignore):
                self.current = code
                getattr(self, registered.method)()
        return self.problems

    @rule("NB101", "nbformat", "valid nbformat 4.5+ JSON; every cell has a unique id; the schema holds")
    def check_format(self, raw: dict) -> bool:
        """nbformat 4.5+, cell ids present and unique, schema valid. False: stop here."""
        version = (raw.get("nbformat"), raw.get("nbformat_minor"))
        if version[0] != 4 or not isinstance(version[1], int) or version[1] < 5:
            self.add(
                None,
                f"is nbformat {version[0]}.{version[1]}, expected 4.5 or newer (the first with cell ids)",
                "re-save it with JupyterLab 4, or with nbformat >= 5.1 (nbformat.validator.normalize adds the ids)",
            )
            return False
        first_seen: dict[str, int] = {}
        ids_ok = True
        for i, cell in enumerate(self.cells):
            cell_id = cell.get("id")
            if not isinstance(cell_id, str) or not cell_id:
                ids_ok = False
                self.add(
                    i,
                    "has no cell id",
                    "give it a stable, unique id such as 'nb03-07' (JupyterLab 4 makes one for a new cell)",
                )
            elif cell_id in first_seen:
                ids_ok = False
                self.add(
                    i,
                    f"has the same id as cell {first_seen[cell_id] + 1}",
                    "give each cell its own id (ids must be unique within the notebook)",
                )
            else:
                first_seen[cell_id] = i
        if not ids_ok:
            return False
        try:
            schema_validator(version[1])(raw)
        except fastjsonschema.JsonSchemaException as err:
            message = getattr(err, "message", str(err))
            path = [str(p) for p in (getattr(err, "path", None) or [])][1:]  # drop the root "data"
            index = int(path[1]) if len(path) > 1 and path[0] == "cells" and path[1].isdigit() else None
            if index is not None and index < len(self.cells):
                # "valid exactly by one definition" says little: check against the cell's own type.
                kind = self.cells[index].get("cell_type")
                if kind in ("code", "markdown", "raw"):
                    try:
                        schema_validator(version[1], f"{kind}_cell")(self.cells[index])
                    except fastjsonschema.JsonSchemaException as cell_err:
                        message = getattr(cell_err, "message", str(cell_err)).replace("data", "the cell", 1)
                else:
                    message = f"cell_type {kind!r} is not one of 'code', 'markdown', 'raw'"
            where = "/".join(path) or "top level"
            self.add(
                index,
                f"does not match the nbformat 4.{version[1]} schema at {where}: {message}",
                "re-save it with Jupyter, or fix that field",
            )
            return False
        return True

    @rule("NB102", "conflict-markers", "no merge-conflict markers (<<<<<<<, =======, >>>>>>>) left in a cell")
    def check_conflicts(self) -> bool:
        """No merge-conflict markers (<<<<<<<, =======, >>>>>>>) left by git or nbdime in any cell.

        Returns False if there are any: the other checks would misread them (``=======`` under a
        line of text is a setext H1 to Markdown, and the fix for that is not "make it '## '").
        """
        found = False
        for i, cell in enumerate(self.cells):
            for n, line in enumerate(_text(cell.get("source")).splitlines(), start=1):
                if CONFLICT_MARKER.match(line):
                    found = True
                    self.add(
                        i,
                        f"has a merge-conflict marker on line {n}: {line.strip()[:40]!r}",
                        "resolve the conflict (keep one side, or merge them by hand; nbdime's "
                        "`git mergetool --tool nbdime` shows both), then delete the marker lines",
                    )
        return not found

    @rule("NB103", "code-width", f"code lines fit the book's code box: {CODE_COLUMNS} columns (a CJK character is 2)")
    def check_code_width(self) -> None:
        """Each code line is at most CODE_COLUMNS display columns wide, so the book shows it without scrolling."""
        for i, cell in self.code_cells():
            for n, line in enumerate(_text(cell.get("source")).splitlines(), start=1):
                width = display_width(line)
                if width > CODE_COLUMNS:
                    self.add(
                        i,
                        f"line {n} of the code is {width} columns wide (at most {CODE_COLUMNS}; a CJK character "
                        f"counts 2): {line.strip()[:40]!r}",
                        "move a trailing comment onto its own line above, or split the call or string over lines",
                    )

    @rule("NB201", "one-title", "exactly one H1, the first line of the first cell")
    def check_headings(self) -> None:
        """Exactly one H1 (ATX '# ', setext '===' or <h1>)."""
        h1s: list[tuple[int, str]] = []
        for i, cell in self.markdown_cells():
            lines = _without_fences(_text(cell.get("source"))).splitlines()
            for n, line in enumerate(lines):
                match = H1_ATX.match(line)
                if match:
                    h1s.append((i, match.group(1).strip()))
                elif H1_HTML.search(line):
                    h1s.append((i, line.strip()))
                elif SETEXT_H1.match(line) and n > 0 and lines[n - 1].strip():
                    h1s.append((i, lines[n - 1].strip()))
        if not h1s:
            self.add(0, "the notebook has no H1 title", "start the first markdown cell with '# <中文标题>'")
        for i, title in h1s[1:]:
            self.add(
                i,
                f"has a second H1 {title!r} (the title is in cell {h1s[0][0] + 1})",
                "a notebook has exactly one H1: make this a '## ' section heading",
            )

    @rule("NB202", "buttons", "the Colab and GitHub buttons under the title point at this notebook")
    def check_buttons(self) -> None:
        """First cell: markdown, H1 on its first line, then the Colab and GitHub buttons."""
        if not self.cells:
            self.add(None, "has no cells", "write the notebook (title, buttons, setup cell, sections)")
            return
        first = self.cells[0]
        lines = _text(first.get("source")).splitlines()
        nonblank = [n for n, line in enumerate(lines) if line.strip()]
        if first.get("cell_type") != "markdown" or not nonblank or not H1_ATX.match(lines[nonblank[0]]):
            self.add(
                0,
                "the notebook must open with a markdown cell whose first line is the H1 title",
                "put '# <中文标题>' and then the Colab/GitHub buttons in the first cell",
            )
            return
        # The block of non-blank lines right after the title (blank lines in between are fine).
        block: list[str] = []
        for line in lines[nonblank[0] + 1 :]:
            if line.strip():
                block.append(line)
            elif block:
                break
        block_text = "\n".join(block)
        targets = LINK_TARGETS[0].findall(block_text)
        for label, url in button_urls(self.repo, self.path.name).items():
            if url in targets:
                continue
            host = "colab.research.google.com" if label == "Colab" else "github.com/"
            wrong = [t for t in targets if host in t and not t.endswith((".svg", ".png"))]
            if wrong:
                problem = f"the {label} button points at {wrong[0]}, not at this notebook"
            elif url in _text(first.get("source")):
                problem = f"the {label} button is not on the lines right under the H1"
            else:
                problem = f"the {label} button is missing under the H1"
            self.add(0, problem, f"put [![...](badge)]({url}) on the lines right under the H1")

    @rule("NB203", "setup-cell", "the first code cell imports helpers, calls make_reproducible before TensorFlow")
    def check_setup_cell(self) -> None:
        """The first code cell imports helpers and calls make_reproducible() before TF/Keras load."""
        first_code = next(self.code_cells(), None)
        if first_code is None:
            self.add(
                None, "has no code cell", "add the setup cell (import helpers; helpers.make_reproducible())"
            )
            return
        i, cell = first_code
        source = _text(cell.get("source"))
        fix = (
            "make the first code cell the setup cell: 'import helpers', then "
            "'helpers.make_reproducible(seed=42)', then the other imports"
        )
        imported = SETUP_IMPORT.search(source)
        called = SETUP_CALL.search(source)
        if not imported:
            self.add(i, "the first code cell (the setup cell) does not import helpers", fix)
        if not called:
            self.add(i, "the first code cell (the setup cell) does not call helpers.make_reproducible()", fix)
        elif imported and called.start() < imported.start():
            self.add(i, "the setup cell calls make_reproducible() before importing helpers", fix)
        if called:
            early = [m for m in TF_IMPORT.finditer(source) if m.start() < called.start()]
            if early:
                self.add(
                    i,
                    f"the setup cell imports {early[0].group(0).strip()!r} before make_reproducible() runs",
                    "call helpers.make_reproducible() first: TensorFlow reads its settings when it is imported",
                )

    @rule("NB301", "executed-in-order", "outputs stored, from one run top to bottom (execution counts 1, 2, 3, ...)")
    def check_execution(self) -> None:
        """Outputs stored, made by one run top to bottom: execution counts 1, 2, 3, ..."""
        expected = 1
        has_outputs = False
        for i, cell in self.code_cells():
            has_outputs = has_outputs or bool(cell.get("outputs"))
            if not _text(cell.get("source")).strip():
                self.add(i, "is an empty code cell (never executed, so it breaks the count)", "delete it")
                continue
            count = cell.get("execution_count")
            if count != expected:
                state = (
                    "was not executed"
                    if count is None
                    else f"has execution count {count}, expected {expected}"
                )
                self.add(
                    i,
                    f"{state}: stored outputs must come from one run, top to bottom",
                    "re-execute the notebook with `make notebooks` (python -m tools.run_notebooks)",
                )
                return  # later counts are off by the same cause
            expected += 1
        if expected > 1 and not has_outputs:
            self.add(None, "has no stored outputs, so nbval compares nothing", "run `make notebooks`")

    @rule("NB302", "clean-outputs", "no machine paths, addresses, ANSI escapes, tracebacks, errors; full-width colons")
    def check_outputs(self) -> None:
        """No errors, tracebacks, paths, addresses or ANSI escapes in any output."""
        for i, cell in self.code_cells():
            for output in cell.get("outputs") or []:
                if not isinstance(output, dict):
                    continue
                if output.get("output_type") == "error":
                    self.add(
                        i,
                        f"has an error output ({output.get('ename')}: {str(output.get('evalue'))[:80]})",
                        "fix the code; to show an expected error, catch it and print type(err).__name__",
                    )
                    continue
                texts = []
                if output.get("output_type") == "stream":
                    texts.append((f"{output.get('name', 'stream')} output", _text(output.get("text"))))
                for mime, value in (output.get("data") or {}).items():
                    if not BINARY_MIME.match(mime):
                        texts.append(
                            (
                                f"{mime} output",
                                _text(value) if not isinstance(value, dict) else json.dumps(value),
                            )
                        )
                for kind, text in texts:
                    for pattern, what, fix in OUTPUT_RULES:
                        match = pattern.search(text)
                        if match:
                            self.add(
                                i,
                                f"its {kind} contains {what}: {_excerpt(text, match.start(), match.end())}",
                                fix,
                            )

    @rule("NB204", "relative-links", "relative links in markdown point at files in the repository")
    def check_links(self) -> None:
        """Relative links in markdown resolve to files in the repository."""
        base = self.path.resolve().parent
        for i, cell in self.markdown_cells():
            text = CODE_SPAN.sub(" ", _without_fences(_text(cell.get("source"))))
            for pattern in LINK_TARGETS:
                for target in pattern.findall(text):
                    if SCHEME.match(target) or target.startswith(("#", "//")):
                        continue
                    path = unquote(urlsplit(target).path)
                    if not path:
                        continue
                    if path.startswith("/"):
                        self.add(
                            i,
                            f"links to the absolute path {target!r}",
                            "link relative to the notebook, e.g. '../helpers/data.py'",
                        )
                        continue
                    resolved = (base / path).resolve()
                    if not resolved.is_relative_to(self.root):
                        self.add(
                            i,
                            f"links to {target!r}, outside the repository",
                            "link to a file in the repository, or use a full https:// URL",
                        )
                    elif not resolved.exists():
                        self.add(
                            i,
                            f"links to {target!r}, which does not exist",
                            "fix the path (relative to the notebook's folder) or remove the link",
                        )

    @rule("NB401", "simplified-chinese", "prose is Simplified Chinese (short English cells marked <!-- lang: en -->)")
    def check_language(self) -> None:
        """Markdown prose is Simplified Chinese; marked short English passages are allowed."""
        cjk_total = latin_total = 0
        most_latin: tuple[int, int] | None = None  # (letters, cell index)
        for i, cell in self.markdown_cells():
            source = _text(cell.get("source"))
            text = prose(source)
            cjk = len(CJK.findall(text))
            letters = len(LATIN_LETTER.findall(text))
            words = LATIN_WORD.findall(text)
            if source.lstrip().startswith(ENGLISH_MARK):
                if letters > ENGLISH_MAX_LETTERS:
                    self.add(
                        i,
                        f"is marked English but has {letters} letters (at most {ENGLISH_MAX_LETTERS})",
                        "keep marked English passages short; write the rest in Simplified Chinese",
                    )
                continue
            cjk_total += cjk
            latin_total += letters
            if most_latin is None or letters > most_latin[0]:
                most_latin = (letters, i)
            fix = (
                "write the prose in Simplified Chinese (keep code in `code spans`); a short English "
                f"quote may go in its own cell that starts with {ENGLISH_MARK}"
            )
            if len(words) >= CELL_MIN_WORDS and cjk < CJK_PER_WORD * len(words):
                self.add(i, f"is mostly English ({len(words)} English words, {cjk} Chinese characters)", fix)
                continue
            for segment in RUN_BREAK.split(text):
                run = LATIN_WORD.findall(segment)
                if len(run) >= ENGLISH_RUN_WORDS:
                    self.add(i, f"has an English sentence: {segment.strip()[:80]!r}", fix)
                    break
            traditional = sorted({ch for ch in text if ch in TRADITIONAL_ONLY})
            if len(traditional) >= 2:
                self.add(
                    i,
                    f"uses Traditional Chinese characters ({''.join(traditional)})",
                    "write Simplified Chinese (简体中文)",
                )
        letters = cjk_total + latin_total
        if letters >= 50 and cjk_total / letters < MIN_CJK_SHARE and most_latin is not None:
            self.add(
                most_latin[1],
                f"the notebook's prose is only {cjk_total / letters:.0%} Chinese characters "
                f"(at least {MIN_CJK_SHARE:.0%} expected); this cell has the most English",
                "write the prose in Simplified Chinese; English names of APIs belong in `code spans`",
            )

    @rule("NB402", "emphasis", "bold and italic marks that render")
    def check_emphasis(self) -> None:
        """Bold and italic markers that CommonMark (JupyterLab, the book) would show as literal ``**``.

        A closing ``**`` right after punctuation must be followed by a space or punctuation:
        ``**对应本篇：**追踪`` shows its asterisks, ``**对应本篇**：追踪`` is bold.
        """
        from markdown_it import MarkdownIt  # markdown-it-py (requirements.txt)

        render = MarkdownIt("commonmark").render
        for i, cell in self.markdown_cells():
            html = render(_text(cell.get("source")))
            text = re.sub(r"<(code|pre)>.*?</\1>", "", html, flags=re.S)
            stray = re.search(r"\S{0,12}(\*\*|__)\S{0,12}", re.sub(r"<[^>]+>", " ", text))
            if stray:
                self.add(
                    i,
                    f"has emphasis that does not render: {stray.group(0)!r}",
                    "put punctuation outside the markers (**对应本篇**：…), or add a space after the closing **",
                )

    @rule("NB403", "glossary-terms", "no variant the glossary replaces (its 不要写成 column) in prose or comments")
    def check_terms(self) -> None:
        """No variant the glossary discards, in prose, comments or Chinese strings; no claim ids in prose."""
        variants = discarded_terms(self.root / GLOSSARY)
        for i, cell in enumerate(self.cells):
            source = _text(cell.get("source"))
            if cell.get("cell_type") == "markdown":
                text, kind = prose(source), "prose"
                for note in VERSION_NOTE.finditer(text):
                    if not VERSION_LABEL.fullmatch(note.group(1)):
                        self.add(
                            i,
                            f"labels a version note {note.group(0)!r}, not 版本变化（<产品> <主版本.次版本> 起）",
                            "name the product and the release where it changed, e.g. 版本变化（Keras 3.0 起）",
                        )
                match = CLAIM_ID.search(text)
                if match:
                    self.add(
                        i,
                        f"names the claim id {match.group(0)!r}, which readers do not know: "
                        f"{_excerpt(text, match.start(), match.end())}",
                        "name the guide's point in words (the ids are for maintainers, defined in README.md)",
                    )
            elif cell.get("cell_type") == "code":
                text, kind = code_words(source), "comments or strings"
            else:
                continue
            for variant, term in variants.items():
                match = term_pattern(variant).search(text)
                if match:
                    self.add(
                        i,
                        f"its {kind} use {variant!r}, which the glossary replaces with {term!r}: "
                        f"{_excerpt(text, match.start(), match.end())}",
                        f"write {term!r} (see {GLOSSARY.as_posix()}); English labels in plots may stay English",
                    )

    def neighbours(self) -> tuple[Path | None, Path | None]:
        """The collection's notebooks just before and after this one (``NN_*.ipynb`` in this folder)."""
        folder = self.path.parent
        names = [p.name for p in collection(folder)]
        if self.path.name not in names:
            return None, None
        k = names.index(self.path.name)
        before = folder / names[k - 1] if k > 0 else None
        after = folder / names[k + 1] if k + 1 < len(names) else None
        return before, after

    @rule("NB205", "title-number", "the title reads '# NN · 标题' with the file's number; no claim ids in prose")
    def check_title(self) -> None:
        """The H1 reads ``NN · 标题`` with this file's number."""
        number = NOTEBOOK_NAME.match(self.path.name)
        if not number or not self.cells or self.cells[0].get("cell_type") != "markdown":
            return
        first_line = next((ln for ln in _text(self.cells[0].get("source")).splitlines() if ln.strip()), "")
        heading = H1_ATX.match(first_line)
        if not heading:
            return  # check_buttons reports it
        title = TITLE.match(heading.group(1).strip())
        if not title or title.group(1) != number.group(1):
            self.add(
                0,
                f"the title {heading.group(1).strip()!r} does not read '{number.group(1)} · 标题'",
                f"write the H1 as '# {number.group(1)} · <中文标题>' (the number of the file, a middle dot)",
            )

    @rule("NB206", "ending", "a 小结 section; last, a 延伸阅读 cell linking previous, next, glossary, guide")
    def check_ending(self) -> None:
        """A '## 小结' cell, then last a '## 延伸阅读' cell linking previous/next, the glossary and the guide."""
        if not NOTEBOOK_NAME.match(self.path.name) or not self.cells:
            return
        headings = [
            (i, line.strip())
            for i, cell in self.markdown_cells()
            for line in _without_fences(_text(cell.get("source"))).splitlines()
            if line.startswith("## ")
        ]
        if not any(h == "## 小结" for _, h in headings):
            self.add(None, "has no '## 小结' section", "end the lesson with a '## 小结' cell of short, true bullets")
        last = len(self.cells) - 1
        source = _text(self.cells[last].get("source"))
        if self.cells[last].get("cell_type") != "markdown" or not source.lstrip().startswith("## 延伸阅读"):
            self.add(
                last,
                "the last cell is not the '## 延伸阅读' cell with the navigation",
                "end the notebook with a markdown cell: '## 延伸阅读', links, '---', then 上一篇 · 下一篇 · 术语表 · 指南原文",
            )
            return
        targets = {t for pattern in LINK_TARGETS for t in pattern.findall(CODE_SPAN.sub(" ", source))}
        before, after = self.neighbours()
        wanted = [
            ("上一篇", before.name if before else None),
            ("下一篇", after.name if after else None),
            ("术语表", GLOSSARY.name),
        ]
        for label, target in wanted:
            if target and (target not in targets or label not in source):
                self.add(last, f"does not link {label} ({target})", f"add '{label}：[标题]({target})' to the navigation line")
        if not any(t.startswith(GUIDE_URL) for t in targets):
            self.add(
                last,
                "does not link the guide's section this notebook follows",
                f"add '指南原文：[《高效的 TensorFlow 2》“小节名”]({GUIDE_URL}?hl=zh-cn)' to the navigation line",
            )


def lint(
    paths: list[Path],
    root: Path = ROOT,
    repo: str | None = None,
    select: tuple[str, ...] = (),
    ignore: tuple[str, ...] = (),
) -> list[Problem]:
    """Return the problems of every notebook in ``paths`` (repository taken from root/pyproject.toml)."""
    repo = repo or repository(root / "pyproject.toml")
    problems: list[Problem] = []
    for path in paths:
        problems.extend(NotebookLinter(path, repo, root, select, ignore).run())
    return problems


def rule_codes(text: str | None) -> tuple[str, ...]:
    """``--select NB3,NB401`` as ("NB3", "NB401"); an unknown code or prefix is an error naming the known ones."""
    codes = tuple(c.strip().upper() for c in (text or "").split(",") if c.strip())
    unknown = [c for c in codes if not any(code.startswith(c) for code in RULES)]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown rule code(s) {', '.join(unknown)}; the rules are {', '.join(RULES)} (--list-rules)"
        )
    return codes


def list_rules() -> str:
    """One line a rule: code, topic, name and what it checks."""
    return "\n".join(f"{r.code}  {r.topic:<9}  {r.name:<18}  {r.summary}" for r in sorted(RULES.values(), key=lambda r: r.code))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/NN_*.ipynb")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root (holds pyproject.toml)")
    parser.add_argument("--select", type=rule_codes, default=(), help="only these rules: codes or prefixes (NB3,NB401)")
    parser.add_argument("--ignore", type=rule_codes, default=(), help="not these rules (codes or prefixes)")
    parser.add_argument("--list-rules", action="store_true", help="print each rule's code, topic, name and summary")
    args = parser.parse_args(argv)
    if args.list_rules:
        print(list_rules())
        return 0
    paths = args.notebooks or collection(args.root / "notebooks")
    missing = [p for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(map(str, missing))}")
    try:
        problems = lint(paths, args.root, select=args.select, ignore=args.ignore)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as err:
        print(f"lint_notebooks: {err}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    bad = len({p.notebook for p in problems})
    print(f"lint_notebooks: {len(paths)} notebook(s) checked, {len(problems)} problem(s) in {bad}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
