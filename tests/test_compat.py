"""tools/compat.py: the minimum row installs exactly the declared lower bounds; every row runs the exercises' tests."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools import compat  # noqa: E402


def write(tmp_path: Path, deps: str) -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text(f'[project]\nname = "x"\ndependencies = [\n{deps}\n]\n', encoding="utf-8")
    return path


def test_lower_bounds_pin_each_dependency_at_its_minimum(tmp_path):
    path = write(tmp_path, '  "tensorflow>=2.16.1",\n  "mlxtend>=0.23.4,<0.24",\n  "numpy~=1.26",\n  "six==1.16"')
    assert compat.lower_bounds(path) == ["tensorflow==2.16.1", "mlxtend==0.23.4", "numpy==1.26", "six==1.16"]


def test_a_dependency_without_lower_bound_is_an_error(tmp_path):
    path = write(tmp_path, '  "tensorflow<3"')
    with pytest.raises(ValueError, match="tensorflow<3.*no lower bound"):
        compat.lower_bounds(path)


def test_the_projects_own_bounds_are_readable():
    pins = compat.lower_bounds()
    names = [p.split("==")[0] for p in pins]
    assert {"tensorflow", "keras", "tensorflow-datasets", "numpy"} <= set(names)
    assert all(p.count("==") == 1 for p in pins)


def test_unknown_row_is_refused(capsys):
    with pytest.raises(SystemExit):
        compat.main(["nosuchrow"])
    assert "unknown row" in capsys.readouterr().err


def test_the_current_row_installs_exactly_the_lock():
    """The strict row is the environment of the stored outputs: the lock, hashes checked, nothing resolved."""
    args = compat.preinstall_args(compat.ROWS["current"]["preinstall"])
    assert args == ["--no-deps", "--require-hashes", "-r", str(compat.ROOT / "requirements.lock")]
    assert (compat.ROOT / "requirements.lock").is_file()
    assert compat.preinstall_args(["tensorflow==2.19.1"]) == ["tensorflow==2.19.1"]
    assert compat.preinstall_args("lower bounds of pyproject.toml") == compat.lower_bounds()


@pytest.fixture
def offline_row(tmp_path, monkeypatch):
    """run_row with nothing installed or downloaded: every command is recorded and succeeds unless told to fail."""
    calls: list[tuple[list[str], Path | None]] = []
    failing: set[str] = set()

    def fake_subprocess_run(cmd, **kwargs):
        cmd = [str(c) for c in cmd]
        calls.append((cmd, kwargs.get("cwd")))
        code = 1 if any(part in failing for part in cmd) else 0
        return subprocess.CompletedProcess(cmd, code, stdout="", stderr="")

    monkeypatch.setattr(compat, "WORK", tmp_path)
    monkeypatch.setattr(compat, "find_python", lambda version: sys.executable)
    monkeypatch.setattr(compat, "run", lambda cmd, **kwargs: calls.append(([str(c) for c in cmd], None)))
    monkeypatch.setattr(compat, "installed", lambda py, names=compat.PINNED: dict.fromkeys(names, "1.0"))
    monkeypatch.setattr(compat, "clean_copy", lambda dest: (dest.mkdir(parents=True, exist_ok=True), dest)[1])
    monkeypatch.setattr(compat.subprocess, "run", fake_subprocess_run)
    return calls, failing


@pytest.mark.parametrize("row", list(compat.ROWS))
def test_every_row_runs_the_exercise_tests_and_the_installed_list(row, offline_row, capsys):
    calls, failing = offline_row
    summary = compat.run_row(row)
    assert summary["result"] == "passed", summary
    base = compat.WORK / row
    ran = {" ".join(cmd[1:]): cwd for cmd, cwd in calls}
    # the time limit and the private-API fallbacks on this row's TensorFlow, in the clean copy of the tree
    assert ran["-m pytest tests/test_exercises.py -q -p no:cacheprovider"] == base / "source"
    # outside the tree, so that the installed package (and its answers/ package data) is what is read
    assert ran["-m helpers.exercises --list"] == base and not (base / "helpers").exists()
    assert summary["exercises"] == {"tests/test_exercises.py": 0, "installed --list": 0}

    failing.add("tests/test_exercises.py")  # control: a failing exercise test fails the row
    assert compat.run_row(row)["result"] == "FAILED: tests/test_exercises.py exit 1"
