"""Run every code cell of a notebook twice in a row, as a learner who presses Shift+Enter twice (``make twice``).

    python -m tools.run_twice [NOTEBOOK_OR_FOLDER ...]     # default: notebooks/

One kernel per notebook, started in the notebook's folder. Each code cell runs, then at once
runs again, before the next cell. A cell passes if neither run raises, or if its error tells
the learner to restart the kernel (``重启内核`` in the message): a cell that cannot be run twice
must say so. Nothing is written back to the notebook. Exit status 1 names every cell that failed,
with the error of the run that failed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from tools.kernels import IPCKernelManager
from tools.run_notebooks import CELL_TIMEOUT_S, expand

ROOT = Path(__file__).resolve().parent.parent


#: An error whose message says this tells the learner what to do, so it is allowed on a rerun.
RESTART_ADVICE = "重启内核"


def errors(cell) -> list[str]:
    """The errors a run left in the cell's outputs, as ``Name: message`` lines."""
    return [f"{o.get('ename')}: {o.get('evalue')}" for o in cell.get("outputs", []) if o.get("output_type") == "error"]


def run_twice(path: Path) -> list[str]:
    """Run each code cell of ``path`` twice in a row; return one line per cell that failed."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_manager_class=IPCKernelManager,  # nbclient owns it: shut down after the run
        timeout=CELL_TIMEOUT_S,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    failures = []
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            for attempt in ("first run", "second run"):
                client.execute_cell(cell, index)
                found = errors(cell)
                if found and not any(RESTART_ADVICE in line for line in found):
                    failures.append(f"{path.name} cell {index} (id {cell.get('id')}), {attempt}: {found[0][:300]}")
                    break
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", default=[str(ROOT / "notebooks")])
    args = parser.parse_args(argv)
    paths, unmatched = expand(args.notebooks)
    if unmatched:
        parser.error(f"no notebook found for {unmatched}")
    failed = []
    for path in paths:
        found = run_twice(path)
        print(f"{path.name}: {'every code cell ran twice' if not found else f'{len(found)} cell(s) failed'}", flush=True)
        failed += found
    for line in failed:
        print("  " + line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
