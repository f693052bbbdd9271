"""Re-execute notebooks in place and store their outputs (``make notebooks``).

It runs each notebook the way ``pytest --nbval --nbval-current-env`` does: a
fresh kernel of the Python running this script, started in the notebook's own
folder, cells executed top to bottom. So what it stores is what nbval compares.

Cells whose first line is ``# NBVAL_IGNORE_OUTPUT`` hold measurements (times)
that differ on every run; nbval does not compare them. To keep ``git status``
clean after a re-run, such a cell keeps its stored output when its code, and every
code cell above it, is the code committed in git (HEAD); once a code cell is edited,
added or removed, every timing cell from there on gets a fresh output, so a kept
output always comes from the code above it (a smaller validation split, say). Outside a
git checkout every such cell keeps its output. ``--refresh-ignored`` (``make
notebooks REFRESH=1``) stores fresh outputs for all of them.
Stream outputs are stored merged per stream, as nbval merges them, so the split
of printed text into messages (which depends on timing) never shows up as a diff.

Given a folder (``notebooks/``) or a quoted glob (``'notebooks/*.ipynb'``), it runs
only the collection's own notebooks, ``NN_topic.ipynb``: not the copies that
nbconvert, JupyterLab or papermill leave beside them. A file named explicitly runs.

Ctrl-C stops cleanly: the running notebooks' kernels are interrupted and their files are not
written (a file is only ever written whole, after its last cell); a second Ctrl-C stops at
once, shutting their kernels down.
"""

from __future__ import annotations

import argparse
import copy
import glob
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbval.plugin import coalesce_streams

from helpers.paths import NOTEBOOK_NAME, collection
from tools.kernels import IPCKernelManager

IGNORE_MARK = "# NBVAL_IGNORE_OUTPUT"
CELL_TIMEOUT_S = 300
# Notebook metadata that would change with the machine (exact Python version, ...).
STABLE_METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "pygments_lexer": "ipython3"},
}




def expand(args: list[str]) -> tuple[list[Path], list[str]]:
    """Return (notebooks to run, arguments that matched nothing): folders and globs give their NN_*.ipynb only."""
    paths: list[Path] = []
    unmatched = []
    for arg in args:
        path = Path(arg)
        if path.is_dir():
            found = collection(path)
        elif path.is_file():
            found = [path]
        elif glob.has_magic(arg):
            found = sorted(Path(p) for p in glob.glob(arg) if NOTEBOOK_NAME.match(Path(p).name))
        else:
            found = []
        if not found:
            unmatched.append(arg)
        paths.extend(p for p in found if p not in paths)
    return paths, unmatched


def is_ignored(cell) -> bool:
    """True for a code cell whose output nbval does not compare."""
    return cell.cell_type == "code" and cell.source.lstrip().startswith(IGNORE_MARK)


def committed_sources(path: Path) -> list[tuple[str, str]] | None:
    """Return ``[(cell id, source)]`` of the code cells of ``path`` as committed in git (HEAD), in order;
    None outside git or for a file not committed."""
    try:
        shown = subprocess.run(
            ["git", "show", f"HEAD:./{path.name}"], cwd=path.parent, capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    cells = nbformat.reads(shown.stdout, as_version=4).cells
    return [(cell.id, cell.source) for cell in cells if cell.cell_type == "code"]


class Interrupted(Exception):
    """The run was stopped with Ctrl-C before this notebook finished; its file is as it was."""


# The clients whose notebooks are running, so that Ctrl-C can reach their kernels.
RUNNING: dict[Path, NotebookClient] = {}
STOPPING = threading.Event()


def run(path: Path, refresh_ignored: bool = False) -> float:
    """Execute ``path`` in place; return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    before = copy.deepcopy(nb)
    client = NotebookClient(
        nb,
        # IPC sockets: ipykernel 7 warns at every start that TCP traffic is not encrypted.
        kernel_manager_class=IPCKernelManager,  # nbclient owns it: shut down after the run
        timeout=CELL_TIMEOUT_S,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
    )
    start = time.perf_counter()
    if STOPPING.is_set():
        raise Interrupted(path)
    RUNNING[path] = client
    try:
        client.execute()
    except Exception:
        if STOPPING.is_set():
            raise Interrupted(path) from None
        raise
    finally:
        RUNNING.pop(path, None)
    if STOPPING.is_set():
        raise Interrupted(path)
    seconds = time.perf_counter() - start
    if not refresh_ignored:
        committed = committed_sources(path)
        code_so_far = []  # (id, source) of the code cells up to this one, to compare with git's
        for old, new in zip(before.cells, nb.cells, strict=True):
            if new.cell_type != "code":
                continue
            code_so_far.append((new.id, new.source))
            unchanged = committed is None or committed[: len(code_so_far)] == code_so_far
            if is_ignored(new) and unchanged and old.get("outputs"):
                new.outputs = old.outputs
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            # How a print is split into stream messages depends on timing; store the
            # streams merged, exactly as nbval merges them before it compares.
            cell.outputs = coalesce_streams(cell.outputs)
    nb.metadata = {**{k: v for k, v in nb.metadata.items() if k not in STABLE_METADATA}, **STABLE_METADATA}
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", help="notebook files, folders or quoted globs")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run at once")
    parser.add_argument("--refresh-ignored", action="store_true", help="store fresh outputs of timing cells too")
    args = parser.parse_args(argv)
    notebooks, missing = expand(args.notebooks)
    if missing:
        parser.error(f"no such notebook (or no NN_*.ipynb in it): {', '.join(missing)}")

    failed = 0

    def one(path: Path) -> None:
        nonlocal failed
        try:
            seconds = run(path, args.refresh_ignored)
            print(f"{seconds:6.1f} s  {path}", flush=True)
        except Interrupted:
            print(f"中断：{path} 没有写入 / interrupted: {path} not written", file=sys.stderr, flush=True)
        except Exception as err:  # report every failing notebook, not just the first
            failed += 1
            print(f"FAILED   {path}: {err.__class__.__name__}: {str(err)[-2000:]}", file=sys.stderr, flush=True)

    pool = ThreadPoolExecutor(max_workers=max(1, args.jobs))
    futures = [pool.submit(one, path) for path in notebooks]
    try:
        while not all(f.done() for f in futures):
            time.sleep(0.2)  # the main thread stays free to take Ctrl-C
    except KeyboardInterrupt:
        return stop(pool, futures)
    pool.shutdown()
    return 1 if failed else 0


def kill_kernel(client: NotebookClient) -> None:
    """Kill a client's kernel process group at once (it runs in a session of its own)."""
    process = getattr(getattr(getattr(client, "km", None), "provisioner", None), "process", None)
    if process is not None and process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()


def stop(pool: ThreadPoolExecutor, futures: list) -> int:
    """First Ctrl-C: interrupt the running kernels and wait; their notebooks are not written. Second: quit now."""
    STOPPING.set()
    names = ", ".join(p.stem.split("_")[0] for p in RUNNING) or "—"
    print(
        f"\n中断：正在结束 {names}……（再按一次 Ctrl-C 放弃，它们不会被写入）"
        f" / stopping {names} (Ctrl-C again to quit now; nothing is written)",
        file=sys.stderr,
        flush=True,
    )
    pool.shutdown(wait=False, cancel_futures=True)
    try:
        for client in list(RUNNING.values()):
            if getattr(client, "km", None) is not None:
                client.km.interrupt_kernel()
        while not all(f.done() for f in futures):
            time.sleep(0.2)
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a third Ctrl-C must not interrupt the shutdown
        for client in list(RUNNING.values()):
            kill_kernel(client)
        print("已放弃，没有写入任何文件 / quit; nothing written", file=sys.stderr, flush=True)
        sys.stderr.flush()
        os._exit(130)  # the worker threads are still inside nbclient: do not wait for them
    return 130


if __name__ == "__main__":
    sys.exit(main())
