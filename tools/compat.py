"""Run the notebooks on another Python / TensorFlow, installed the way Colab users install us (``make compat``).

For one row of the compatibility matrix (see ``ROWS``) it:

1. makes a fresh virtual environment with that row's Python (``.compat/<row>/``, git-ignored);
2. preinstalls that row's TensorFlow stack, as Colab has it before the notebook's first cell runs;
3. installs this project **not editable**, from a clean copy of the committed tree, exactly as the
   notebooks' Colab cell does (``pip install <project>``, dependencies included);
4. asserts that TensorFlow, Keras and NumPy did not move (a Colab user must keep the preinstalled,
   GPU-enabled build, and must not have to restart the runtime because NumPy changed under it);
5. adds the test runner without moving anything (pytest, nbval, ipykernel; constrained to what is installed);
6. runs the notebooks: ``pytest --nbval-lax`` (every cell must run; outputs are not compared, since
   version lines differ), or strict ``--nbval`` for the row that matches the stored outputs;
7. runs the exercises' tests (``tests/test_exercises.py``: every stored answer's verdict, the time
   limit, each private-API fallback) on that row's TensorFlow, and ``python -m helpers.exercises --list``
   outside the source tree, which reads every exercise's code from the installed package.

Rows: ``minimum`` installs the lower bound of every dependency in pyproject.toml (read from the file,
so the declared minimums are what is tested); ``current`` installs exactly ``requirements.lock`` (every
package, hashes checked: the environment of the stored outputs). The others name the versions they
preinstall.

    python tools/compat.py ROW [ROW ...]    # e.g. make compat ROW=colab
    python tools/compat.py --list

Needs the network to PyPI (each row downloads its TensorFlow, about 600 MB) and the row's Python
(``python3.X`` on PATH, or installed by pyenv). Exit status 0 only if every row passed. A summary is appended to
``.compat/results.jsonl``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".compat"
#: Packages that must not move when the project is installed on top of a preinstalled stack.
PINNED = ("tensorflow", "keras", "numpy")
#: What the test run needs besides the project (installed constrained to what is already there).
TEST_TOOLS = ("pytest>=8", "nbval~=0.11.0", "ipykernel>=6.29", "pytest-xdist~=3.8")

ROWS: dict[str, dict] = {
    "minimum": {
        "python": "3.10",
        "preinstall": "lower bounds of pyproject.toml",
        "strict": False,
        "about": "the declared minimum: every dependency at its lower bound",
    },
    "colab": {
        "python": "3.12",
        # What a Colab runtime had preinstalled in 2025-2026 (TF 2.19 line, Keras 3.10, NumPy 2.0).
        "preinstall": [
            "tensorflow==2.19.1",
            "keras==3.10.0",
            "numpy==2.0.2",
            "tensorflow-datasets==4.9.9",
            "matplotlib==3.10.0",
        ],
        "strict": False,
        "about": "Colab-like: Python 3.12 with TF 2.19 preinstalled",
    },
    "tf2.20": {
        "python": "3.12",
        "preinstall": ["tensorflow==2.20.0"],
        "strict": False,
        "about": "TF 2.20 with the Keras it pulls in",
    },
    "current": {
        "python": "3.11",
        "preinstall": "requirements.lock",
        "strict": True,
        "about": "the lock the stored outputs were made with (strict nbval)",
    },
    "newest": {
        "python": "3.13",
        "preinstall": ["tensorflow", "keras", "tensorflow-datasets"],
        "strict": False,
        "about": "newest releases on the newest Python TensorFlow supports",
    },
}


def lower_bounds(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """Return ``name==version`` for every dependency of pyproject.toml, at its declared lower bound."""
    deps = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    pins = []
    for dep in deps:
        requirement = dep.split(";")[0]
        match = re.match(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(.*)$", requirement)
        if not match:
            raise ValueError(f"cannot read the dependency {dep!r} in {pyproject}")
        name, spec = match.groups()
        low = re.search(r"(?:>=|~=|==)\s*([0-9][^,\s]*)", spec)
        if not low:
            raise ValueError(f"dependency {dep!r} in {pyproject} has no lower bound (>=, ~= or ==)")
        pins.append(f"{name}=={low.group(1)}")
    return pins


def preinstall_args(spec) -> list[str]:
    """The ``pip install`` arguments of a row's ``preinstall``: the lower bounds, the lock, or the names given."""
    if spec == "lower bounds of pyproject.toml":
        return lower_bounds()
    if spec == "requirements.lock":
        return ["--no-deps", "--require-hashes", "-r", str(ROOT / "requirements.lock")]
    return list(spec)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kwargs)


def installed(python: Path, names=PINNED) -> dict[str, str | None]:
    """Return ``{name: version or None}`` for ``names`` in the environment of ``python``."""
    code = (
        "import importlib.metadata as m, json, sys\n"
        "out = {}\n"
        "for n in sys.argv[1:]:\n"
        "    try: out[n] = m.version(n)\n"
        "    except m.PackageNotFoundError: out[n] = None\n"
        "print(json.dumps(out))"
    )
    result = subprocess.run([str(python), "-c", code, *names], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def clean_copy(dest: Path) -> Path:
    """Export the committed tree (HEAD) to ``dest``: what a clone, and Colab's git install, would get."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    archive = dest.parent / "source.tar"
    run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), "HEAD"])
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")
    archive.unlink()
    return dest


def find_python(version: str) -> str | None:
    """Return a working ``python<version>``: on PATH, else one that pyenv installed (its shims may refuse)."""
    candidates = [shutil.which(f"python{version}")]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted(str(p) for p in pyenv.glob(f"{version}.*/bin/python{version}"))
    for candidate in filter(None, candidates):
        probe = subprocess.run([candidate, "--version"], capture_output=True, text=True)
        if probe.returncode == 0:
            return candidate
    return None


def strict_differences(py: Path, source: Path, env: dict) -> list[str]:
    """Run strict nbval and return the ids of the cells whose stored output differs (what a learner sees change)."""
    result = subprocess.run(
        [str(py), "-m", "pytest", "--nbval", "notebooks/", "-n", "2", "--dist", "loadfile", "-q", "-rf",
         "-p", "no:cacheprovider"],
        cwd=source, env=env, capture_output=True, text=True,
    )
    return sorted(set(re.findall(r"^FAILED (notebooks/\S+::Cell \d+)", result.stdout, re.M)))


#: The exercises' checks on a row: (what, command after the row's python, where it runs: "source" or "outside").
EXERCISE_CHECKS = (
    # the verdicts, the time limit and helpers/exercises/private_api.py's fallbacks, on this TensorFlow
    ("tests/test_exercises.py", ["-m", "pytest", "tests/test_exercises.py", "-q", "-p", "no:cacheprovider"], "source"),
    # outside the source tree: the installed package must carry answers/ (package data)
    ("installed --list", ["-m", "helpers.exercises", "--list"], "outside"),
)


def run_exercise_checks(py: Path, source: Path, outside: Path, env: dict) -> dict[str, int]:
    """Run :data:`EXERCISE_CHECKS` with the row's python; return the exit status of each, by name."""
    status = {}
    for name, args, where in EXERCISE_CHECKS:
        print("+", py, *args, f"(in {where})", flush=True)
        cwd = source if where == "source" else outside
        status[name] = subprocess.run([str(py), *args], cwd=cwd, env=env).returncode
    return status


def run_row(name: str, diff: bool = False, reuse: bool = False) -> dict:
    """Build and test one row; return its summary."""
    row = ROWS[name]
    python = find_python(row["python"])
    if python is None:
        raise SystemExit(f"row {name!r} needs Python {row['python']} (python{row['python']} on PATH, or pyenv)")
    base = WORK / name
    venv = base / "venv"
    py = venv / "bin" / "python"
    pip = [str(py), "-m", "pip", "--disable-pip-version-check", "--quiet"]
    preinstall = preinstall_args(row["preinstall"])
    stamp = base / "preinstalled.json"
    started = time.monotonic()
    if reuse and py.exists() and stamp.exists() and json.loads(stamp.read_text()) == preinstall:
        print(f"reusing {venv} (preinstalled {' '.join(preinstall)}); the project is installed again", flush=True)
        run([*pip, "uninstall", "-y", "effective-tf2-runnable"])
    else:
        if venv.exists():
            shutil.rmtree(venv)
        base.mkdir(parents=True, exist_ok=True)
        run([python, "-m", "venv", str(venv)])
        run([*pip, "install", "--upgrade", "pip"])
        run([*pip, "install", *preinstall])
        stamp.write_text(json.dumps(preinstall))
    before = installed(py)

    source = clean_copy(base / "source")
    t0 = time.monotonic()
    run([*pip, "install", str(source)])  # as the Colab cell does: not editable, dependencies included
    install_s = time.monotonic() - t0
    after = installed(py)
    moved = {k: (before[k], after[k]) for k in PINNED if before[k] != after[k]}

    summary = {
        "row": name,
        "about": row["about"],
        "python": row["python"],
        "preinstalled": before,
        "after_install": after,
        "moved": moved,
        "project_install_s": round(install_s, 1),
        "date": datetime.date.today().isoformat(),
    }
    if moved:
        summary["result"] = f"FAILED: installing the project moved {moved}"
        return summary

    constraints = base / "constraints.txt"
    frozen = subprocess.run([*pip, "freeze"], check=True, capture_output=True, text=True).stdout
    constraints.write_text("".join(line + "\n" for line in frozen.splitlines() if "==" in line))
    run([*pip, "install", "-c", str(constraints), *TEST_TOOLS])
    summary["versions"] = installed(py, ("tensorflow", "keras", "numpy", "tensorflow-datasets", "protobuf",
                                          "tensorflow-metadata", "mlxtend", "matplotlib"))

    mode = "--nbval" if row["strict"] else "--nbval-lax"
    env = {**os.environ, "TFDS_DATA_DIR": str(base / "tensorflow_datasets")}
    env.pop("ETF2_FULL_MNIST", None)
    tests = subprocess.run(
        [str(py), "-m", "pytest", mode, "notebooks/", "-n", "2", "--dist", "loadfile", "-q", "-p", "no:cacheprovider"],
        cwd=source, env=env,
    )
    summary["nbval"] = mode.lstrip("-")
    summary["exercises"] = run_exercise_checks(py, source, base, env)
    failures = [f"pytest exit {tests.returncode}"] if tests.returncode else []
    failures += [f"{check} exit {code}" for check, code in summary["exercises"].items() if code]
    summary["result"] = "FAILED: " + ", ".join(failures) if failures else "passed"
    if diff and not row["strict"] and tests.returncode == 0:
        summary["strict_differs"] = strict_differences(py, source, env)
    summary["total_s"] = round(time.monotonic() - started, 1)
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="*", help=f"rows to run: {', '.join(ROWS)}")
    parser.add_argument("--list", action="store_true", help="print the rows and what each preinstalls")
    parser.add_argument(
        "--diff", action="store_true",
        help="after a passing lax run, also run strict nbval and record which cells' outputs differ",
    )
    parser.add_argument(
        "--reuse", action="store_true",
        help="keep a row's environment from an earlier run if it preinstalled the same versions "
        "(skips the ~600 MB download; the project itself is installed again)",
    )
    args = parser.parse_args(argv)
    if args.list or not args.rows:
        for name, row in ROWS.items():
            pre = row["preinstall"] if isinstance(row["preinstall"], str) else " ".join(row["preinstall"])
            print(f"{name:8} Python {row['python']}: {pre}  ({row['about']})")
        return 0 if args.list else 2
    unknown = [r for r in args.rows if r not in ROWS]
    if unknown:
        parser.error(f"unknown row(s) {unknown}; choose from {list(ROWS)}")
    WORK.mkdir(exist_ok=True)
    ok = True
    for name in args.rows:
        summary = run_row(name, diff=args.diff, reuse=args.reuse)
        with open(WORK / "results.jsonl", "a") as log:
            log.write(json.dumps(summary, ensure_ascii=False) + "\n")
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        ok &= summary["result"] == "passed"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
