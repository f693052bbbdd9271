"""Build the book (``make book``): stage its sources in build/book-src/, then run Sphinx into build/book/.

What goes in, and where (the staged tree keeps the repository's layout, so every
relative link in the README and the notebooks still points at the same file):

- ``README.md`` -> ``index.md``, the landing page, with the table of contents appended;
- ``notebooks/NN_*.ipynb`` (two digits, underscore: not ``*.nbconvert.ipynb`` or
  checkpoints), in reading order, with the outputs stored in them;
- ``notebooks/glossary.md``;
- ``benchmarks/results/results.md`` with its chart ``results.png`` shown under the title;
- ``CONTRIBUTING.md``, the maintainers' page (the README is the learners').

The exercises' solutions (``helpers/exercises/``) are not staged: they are not in the book.
Sphinx runs with ``-W --keep-going`` (every warning is reported, then fails the build)
and ``-E`` (everything is read again, so a warning can never hide in a cached page).
Nothing is executed and nothing is fetched from the network.

Usage: ``.venv/bin/python -m book.build_book [--out build/book]`` (from the repository root)
"""

from __future__ import annotations

import argparse
import posixpath
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from urllib.parse import urlparse

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
from helpers.paths import collection  # noqa: E402

SRC = ROOT / "build" / "book-src"
OUT = ROOT / "build" / "book"
DOCTREES = ROOT / "build" / "book-doctrees"

README = "README.md"
INDEX = "index.md"
GLOSSARY = "notebooks/glossary.md"
CONTRIBUTING = "CONTRIBUTING.md"
RESULTS = "benchmarks/results/results.md"
RESULTS_CHART = "benchmarks/results/results.png"
#: Every notebook and the glossary in one download, linked from the landing page.
NOTEBOOKS_ZIP = "effective-tf2-notebooks.zip"
# The badges the notebooks and the README show come from other hosts, which an offline
# reader cannot reach: the book shows its own copies (book/badges/), with the same words.
BADGES = {
    "https://colab.research.google.com/assets/colab-badge.svg": "colab.svg",
    "https://img.shields.io/badge/GitHub-%E6%9F%A5%E7%9C%8B%E6%BA%90%E7%A0%81-181717?logo=github": "github.svg",
}
BADGES_DIR = "_badges"
#: The whole book as one PDF (book/build_pdf.py, make book-pdf), next to the site's pages.
PDF_NAME = "effective-tf2.pdf"


def notebooks(root: Path = ROOT) -> list[str]:
    """Return the notebooks of the book (repository paths), in reading order."""
    return [f"notebooks/{p.name}" for p in collection(root / "notebooks")]


def staged_files(root: Path = ROOT) -> dict[str, str]:
    """Return {repository path: staged path} for every file of the book that exists."""
    files = {README: INDEX}
    files.update({nb: nb for nb in notebooks(root)})
    files.update({p: p for p in (GLOSSARY, RESULTS, RESULTS_CHART, CONTRIBUTING) if (root / p).is_file()})
    return files


def docname(staged: str) -> str:
    """Return Sphinx's name of a staged page (its path without the suffix)."""
    return str(PurePosixPath(staged).with_suffix(""))


def pages_by_repo_path(root: Path = ROOT) -> dict[str, str]:
    """Return {repository path: docname} for every page of the book (not the images)."""
    return {
        repo: docname(staged)
        for repo, staged in staged_files(root).items()
        if staged.endswith((".md", ".ipynb"))
    }


def repo_path_of(staged: PurePosixPath | str) -> PurePosixPath:
    """Return the repository path of a staged file (``index.md`` is the README)."""
    return PurePosixPath(README) if str(staged) == INDEX else PurePosixPath(staged)


def normalize(path: PurePosixPath | str) -> str:
    """Return ``path`` with ``.`` and ``..`` folded (``notebooks/../README.md`` -> ``README.md``)."""
    return posixpath.normpath(str(path))


def pages_url(repository: str) -> str:
    """Return the GitHub Pages address of a ``https://github.com/OWNER/REPO`` repository."""
    parsed = urlparse(repository.rstrip("/"))
    parts = [p for p in parsed.path.split("/") if p]
    if parsed.netloc.lower() != "github.com" or len(parts) != 2:
        raise ValueError(f"expected https://github.com/OWNER/REPO, got {repository!r}")
    owner, repo = parts
    return f"https://{owner.lower()}.github.io/{repo.removesuffix('.git')}/"


def repo_names(text: str, src: Path = SRC) -> str:
    """Return Sphinx's messages with the staged paths replaced by the repository's (index.md -> README.md)."""
    return text.replace(f"{src}/{INDEX}:", f"{README}:").replace(f"{src}/", "")


def toctree(caption: str, entries: list[str]) -> str:
    lines = ["", "```{toctree}", ":hidden:", f":caption: {caption}", ""]
    return "\n".join([*lines, *entries, "```", ""])


def stage(root: Path = ROOT, dest: Path = SRC) -> dict[str, str]:
    """Copy the book's sources into ``dest`` (emptied first); return {repository path: staged path}."""
    if dest.exists():
        shutil.rmtree(dest)
    files = staged_files(root)
    for repo, staged in files.items():
        (dest / staged).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / repo, dest / staged)
    local_badges(dest, files.values())

    # The landing page: the README with a download line above its first section, then the
    # table of contents (the left sidebar).
    index = dest / INDEX
    chapters = [docname(nb) for nb in notebooks(root)]
    reference = [docname(files[p]) for p in (GLOSSARY, RESULTS, CONTRIBUTING) if p in files]
    write_notebooks_zip(root, dest / NOTEBOOKS_ZIP)
    text = with_download_line(index.read_text(encoding="utf-8"), len(chapters)).rstrip("\n") + "\n"
    text += toctree("笔记本", chapters)
    if reference:
        text += toctree("参考", reference)
    index.write_text(text, encoding="utf-8")

    # The benchmark page shows its chart under the title (results.md itself only has tables).
    if RESULTS in files and RESULTS_CHART in files:
        results = dest / RESULTS
        lines = results.read_text(encoding="utf-8").splitlines()
        at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
        if at:  # make bench writes English; the book's page gets a Chinese title and a word on why
            lines[at - 1] = "# 实测：指南的速度建议（make bench 的结果）"
        note = (
            "下面的表格由 `make bench` 生成（英文），数字来自表头所写的那台机器和设置；"
            "在你的机器上运行 `make bench` 会得到你自己的数字。各项结论的解读见首页的“实测”一节。"
        )
        chart = f"![make bench: speed-ups of each variant]({PurePosixPath(RESULTS_CHART).name})"
        lines[at:at] = ["", note, "", chart, ""]
        results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return files


def local_badges(dest: Path, staged: Iterable[str]) -> None:
    """Point the staged pages' badge images at the book's own copies, written to ``dest/_badges/``."""
    (dest / BADGES_DIR).mkdir(exist_ok=True)
    for name in BADGES.values():
        shutil.copy2(BOOK / "badges" / name, dest / BADGES_DIR / name)
    for page in staged:
        if not page.endswith((".md", ".ipynb")):
            continue
        path = dest / page
        text = path.read_text(encoding="utf-8")
        up = "../" * (len(PurePosixPath(page).parts) - 1)
        new = text
        for url, name in BADGES.items():
            new = new.replace(f"]({url})", f"]({up}{BADGES_DIR}/{name})")
        if new != text:
            path.write_text(new, encoding="utf-8")


def write_notebooks_zip(root: Path, path: Path) -> None:
    """Write every ``notebooks/NN_*.ipynb`` and the glossary into one zip, under ``notebooks/``."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in [*notebooks(root), GLOSSARY]:
            archive.write(root / name, name)


def with_download_line(readme: str, count: int) -> str:
    """The README with a line that links the notebooks' zip, right before its first ``## `` section."""
    line = (f"**下载：**[全部 {count} 个笔记本和术语表（zip）]({NOTEBOOKS_ZIP})，解压后在装好环境的 JupyterLab 里打开，"
            "或者在任意一个笔记本页面顶上点“在 Colab 中运行”；"
            f'<a href="{PDF_NAME}">整本书的 PDF</a>（由 <code>make book-pdf</code> 生成）。\n\n')
    at = readme.find("\n## ")
    return readme + "\n" + line if at < 0 else readme[: at + 1] + line + readme[at + 1 :]


def clear_output(out: Path) -> None:
    """Empty ``out`` before a build: Sphinx never deletes the page of a source that is gone
    (a renamed notebook would stay in the book, and in its search index, under its old name).
    Refuses a non-empty folder that is not an earlier Sphinx build, rather than delete it."""
    if not out.exists():
        return
    if any(out.iterdir()) and not (out / ".buildinfo").exists():
        raise SystemExit(f"[book] {out} is not empty and is not an earlier book build (no .buildinfo): not touching it")
    shutil.rmtree(out)


def build(out: Path = OUT) -> int:
    """Stage the sources and run Sphinx into an emptied ``out``; return its exit status."""
    started = time.monotonic()
    clear_output(out)
    files = stage()
    print(
        f"[book] staged {len(files)} files ({len(notebooks())} notebooks) in {SRC.relative_to(ROOT)}/",
        flush=True,
    )
    command = [
        sys.executable, "-m", "sphinx", "-b", "html",
        "-W", "--keep-going", "-E", "-q",
        "-c", str(BOOK), "-d", str(DOCTREES),
        str(SRC), str(out),
    ]  # fmt: skip
    # Sphinx names the staged copies in its warnings; name the files a maintainer edits instead.
    result = subprocess.run(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(repo_names(result.stderr))
    status = result.returncode
    elapsed = time.monotonic() - started
    if status == 0:
        print(
            f"[book] built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}/ in {elapsed:.1f} s"
        )
    else:
        print(f"[book] FAILED after {elapsed:.1f} s (sphinx-build exit status {status})", file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: build/book)")
    args = parser.parse_args(argv)
    return build(args.out.resolve())


if __name__ == "__main__":
    sys.exit(main())
