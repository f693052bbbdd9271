"""tools/setup_venv.py (make setup): the Python check, the rebuild of a .venv made with another Python, the lock."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools import setup_venv

ROOT = Path(__file__).resolve().parent.parent


def test_an_old_python_stops_at_once_and_says_how_to_pass_another(monkeypatch, capsys):
    monkeypatch.setattr(setup_venv, "NEEDED", (sys.version_info[0], sys.version_info[1] + 1))
    with pytest.raises(SystemExit) as stopped:
        setup_venv.check_python()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    found = ".".join(map(str, sys.version_info[:3]))
    assert f"found Python {found}" in err and sys.executable in err, "the message names the Python it found"
    assert "make setup PYTHON=python" in err and "或更新的版本" in err, "and says how to pass another one"


def test_the_python_running_the_tests_passes_the_check():
    setup_venv.check_python()  # 3.11+: no exit


def test_an_old_python_fails_within_a_second_before_touching_the_venv(tmp_path):
    """The real script under the oldest Python installed here (skipped if none older than 3.11 is found)."""
    old = next((p for p in sorted(Path.home().glob(".pyenv/versions/3.1[0]*/bin/python3.1[0]")) if p.exists()), None)
    if old is None:
        pytest.skip("no Python 3.10 on this machine")
    start = time.monotonic()
    run = subprocess.run([str(old), str(ROOT / "tools" / "setup_venv.py"), "--venv", str(tmp_path / "v")],
                         capture_output=True, text=True)
    assert time.monotonic() - start < 5
    assert run.returncode == 2 and "3.11 or newer" in run.stderr
    assert not (tmp_path / "v").exists(), "nothing is made before the check"


def _fake_venv(folder: Path, version: str) -> Path:
    (folder / "bin").mkdir(parents=True)
    (folder / "bin" / "python").write_text("#!/bin/sh\n")
    (folder / "bin" / "python").chmod(0o755)
    (folder / "pyvenv.cfg").write_text(f"home = /usr/bin\nversion_info = {version}\n")
    return folder


def test_a_venv_made_with_another_python_is_rebuilt(tmp_path, monkeypatch, capsys):
    venv = _fake_venv(tmp_path / ".venv", "3.10.13")
    made = []
    monkeypatch.setattr(setup_venv.subprocess, "run", lambda cmd, **kw: made.append(cmd))
    setup_venv.ensure_venv(str(venv))
    assert not venv.exists(), "the old environment is removed"
    assert made == [[sys.executable, "-m", "venv", str(venv)]], "and made again with this Python"
    assert "made with Python 3.10" in capsys.readouterr().out


def test_a_venv_of_this_python_is_kept(tmp_path, monkeypatch):
    here = ".".join(map(str, sys.version_info[:3]))
    venv = _fake_venv(tmp_path / ".venv", here)
    monkeypatch.setattr(setup_venv.subprocess, "run", lambda cmd, **kw: pytest.fail(f"ran {cmd}"))
    setup_venv.ensure_venv(str(venv))
    assert (venv / "pyvenv.cfg").exists()


def test_a_half_made_venv_is_rebuilt(tmp_path, monkeypatch, capsys):
    venv = tmp_path / ".venv"
    venv.mkdir()  # no pyvenv.cfg, no python: an interrupted `python -m venv`
    monkeypatch.setattr(setup_venv.subprocess, "run", lambda cmd, **kw: None)
    setup_venv.ensure_venv(str(venv))
    assert "incomplete" in capsys.readouterr().out


def test_the_lock_pins_every_package_with_hashes():
    lock = (ROOT / "requirements.lock").read_text()
    pins = [line for line in lock.splitlines() if line and not line.startswith((" ", "#"))]
    assert len(pins) > 100, "the lock holds the whole environment, not only the direct requirements"
    unpinned = [p for p in pins if "==" not in p or not p.endswith("\\")]
    assert not unpinned, f"every line pins one version and is followed by its hashes: {unpinned[:3]}"
    assert lock.count("--hash=sha256:") >= len(pins)
    for left_out in ("scikit-learn==", "scipy==", "pandas==", "rfc3987-syntax=="):
        assert not any(p.startswith(left_out) for p in pins), f"{left_out} is kept out (requirements-exclude.txt)"


def test_the_uv_block_is_read_with_its_hashes():
    block = setup_venv.locked_block(str(ROOT / "requirements.lock"), "uv")
    assert block.startswith("uv==") and block.count("--hash=sha256:") > 5
    assert setup_venv.locked_block(str(ROOT / "requirements.lock"), "no-such-package") is None


def test_installed_versions_are_the_locked_ones():
    """The environment running the tests is the lock (make setup syncs it)."""
    from importlib import metadata

    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        pytest.skip("not the project's .venv (an environment of the user's own)")

    lock = (ROOT / "requirements.lock").read_text()
    for name in ("tensorflow", "keras", "numpy", "tensorflow-datasets", "nbval"):
        locked = next(line.split("==")[1].split()[0] for line in lock.splitlines() if line.startswith(name + "=="))
        assert metadata.version(name) == locked, f"{name}: installed {metadata.version(name)}, locked {locked}"
