"""Insert or refresh the 练习 (exercises) section of each notebook from ``helpers.exercises``.

The section sits between the ``## 小结`` cell and the last cell (``## 延伸阅读``):

- a markdown cell ``## 练习`` (id ``nbNN-ex``) saying how the exercises work;
- per exercise ``NN.K``: a markdown cell with id, difficulty, title, the point it
  practises and the task (``nbNN-exK``), the answer cell with the starter code
  (``nbNN-exK-answer``: the starter code, ``helpers/exercises/answers/NN.K/starter.py``, then
  ``helpers.exercises.submit("NN.K", answer)``)
  and the check cell (``nbNN-exK-check``: ``helpers.exercises.check("NN.K")``, which
  checks what that answer cell handed in).

An existing section (cells with those ids) is replaced where it is; otherwise the
section goes right before the last cell, which must start with ``## 延伸阅读``.
A cell whose type and source do not change is kept as it is, stored outputs
included, so running this twice changes nothing. New or changed code cells have no
outputs: re-execute the notebook afterwards (python -m tools.run_notebooks).

``--check`` changes nothing and exits 1 if a notebook's section differs from the
registry (for the lint). Importing the registry does not import TensorFlow.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

from helpers.exercises import Exercise, for_notebook
from helpers.paths import collection

ROOT = Path(__file__).resolve().parent.parent


FURTHER_READING = "## 延伸阅读"


def intro(first_id: str) -> str:
    """Return the source of the ``## 练习`` cell."""
    return (
        "## 练习\n\n"
        "每道题先在答案单元格里把 `...` 换成你的代码并运行，再运行紧跟着的检查单元格：它会马上告诉你哪里对、"
        "哪里不对，以及为什么。答案单元格的最后一行 `helpers.exercises.submit(...)` 把答案交给检查单元格，请保留它。"
        "检查只看代码的行为（数值、追踪次数、变量、写出的文件），不看代码怎么写。\n\n"
        f"还需要提示时运行 `helpers.exercises.hint(\"{first_id}\")`，想看参考答案时运行 "
        f"`helpers.exercises.solution(\"{first_id}\")`（换成对应的题号）。"
        "难度：★ 入门，★★ 要想一想，★★★ 有挑战。"
    )


def task_markdown(ex: Exercise) -> str:
    """Return the source of an exercise's markdown cell."""
    return f"### 练习 {ex.id} {ex.stars} {ex.title}\n\n**对应本篇**：{ex.section}\n\n{ex.task.strip()}"


def cell_ids(number: str, ex: Exercise) -> tuple[str, str, str]:
    k = ex.id.split(".", 1)[1]
    return f"nb{number}-ex{k}", f"nb{number}-ex{k}-answer", f"nb{number}-ex{k}-check"


def section_cells(number: str, exercises: list[Exercise]) -> list[dict]:
    """Return the section's cells (new nbformat cells, no outputs)."""
    header = nbformat.v4.new_markdown_cell(intro(exercises[0].id))
    header.id = f"nb{number}-ex"
    cells = [header]
    for ex in exercises:
        md_id, answer_id, check_id = cell_ids(number, ex)
        md = nbformat.v4.new_markdown_cell(task_markdown(ex))
        md.id = md_id
        answer = nbformat.v4.new_code_cell(ex.answer_cell)  # the starter, then the line that hands `answer` in
        answer.id = answer_id
        check = nbformat.v4.new_code_cell(ex.check_cell)
        check.id = check_id
        cells += [md, answer, check]
    return cells


def _is_section_cell(cell, number: str) -> bool:
    return bool(re.fullmatch(rf"nb{number}-ex(?:\d+(?:-answer|-check)?)?", str(cell.get("id", ""))))


def synced(nb, number: str, exercises: list[Exercise]) -> list:
    """Return the notebook's cells with the section inserted or refreshed; raise ValueError if it has no place."""
    old = {c.get("id"): c for c in nb.cells if _is_section_cell(c, number)}
    new = []
    for cell in section_cells(number, exercises):
        kept = old.get(cell.id)
        same = kept is not None and kept.cell_type == cell.cell_type and kept.source == cell.source
        new.append(kept if same else cell)
    positions = [i for i, c in enumerate(nb.cells) if _is_section_cell(c, number)]
    if positions:
        if positions != list(range(positions[0], positions[-1] + 1)):
            raise ValueError("its exercise cells are not next to each other: move them together, then run again")
        return nb.cells[: positions[0]] + new + nb.cells[positions[-1] + 1 :]
    last = nb.cells[-1] if nb.cells else None
    if last is None or last.cell_type != "markdown" or not last.source.lstrip().startswith(FURTHER_READING):
        raise ValueError(f"its last cell does not start with '{FURTHER_READING}', so there is no place for 练习")
    return nb.cells[:-1] + new + [last]


def _signature(cells) -> list[tuple]:
    return [(c.get("id"), c.cell_type, c.source) for c in cells]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: the NN_*.ipynb in notebooks/")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a section is out of date")
    args = parser.parse_args(argv)
    paths = args.notebooks or collection(ROOT / "notebooks")  # not copies such as NN_x.nbconvert.ipynb
    status = 0
    for path in paths:
        exercises = for_notebook(path.stem)
        if not exercises:
            print(f"{path}: no exercises in helpers.exercises for {path.stem}; skipped")
            continue
        number = path.name[:2]
        nb = nbformat.read(path, as_version=4)
        try:
            cells = synced(nb, number, exercises)
        except ValueError as err:
            print(f"{path}: {err}", file=sys.stderr)
            status = 1
            continue
        if _signature(cells) == _signature(nb.cells):
            if not args.check:
                print(f"{path}: 练习 up to date ({len(exercises)} exercises)")
            continue
        if args.check:
            print(
                f"{path}: the 练习 section differs from helpers.exercises; "
                "run `.venv/bin/python -m tools.sync_exercises` and re-execute the notebook",
                file=sys.stderr,
            )
            status = 1
            continue
        nb.cells = cells
        nbformat.validate(nb)
        nbformat.write(nb, path)
        print(f"{path}: 练习 written ({len(exercises)} exercises); re-execute it: python -m tools.run_notebooks {path}")
    return status


if __name__ == "__main__":
    sys.exit(main())
