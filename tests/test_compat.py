"""tools/compat.py: the minimum row installs exactly the declared lower bounds."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("compat", ROOT / "tools" / "compat.py")
compat = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compat)


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


def test_rows_name_a_python_and_what_they_preinstall():
    assert {"minimum", "colab", "current", "newest"} <= set(compat.ROWS)
    for name, row in compat.ROWS.items():
        assert row["python"].startswith("3."), name
        assert row["preinstall"], name
    assert [n for n, r in compat.ROWS.items() if r["strict"]] == ["current"]


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
