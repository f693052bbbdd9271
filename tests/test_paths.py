"""helpers.paths: logs and exports go to notebooks/ of the checkout, whatever the working directory."""

import subprocess
import sys
from pathlib import Path

import pytest

import helpers
from helpers import paths

REPO = Path(helpers.__file__).resolve().parent.parent


def test_from_a_checkout_the_folders_are_under_notebooks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # papermill/nbconvert started from elsewhere
    assert paths.logs_dir() == REPO / "notebooks" / "logs"
    assert paths.logs_dir("fit", "run1") == REPO / "notebooks" / "logs" / "fit" / "run1"
    assert paths.exports_dir("model") == REPO / "notebooks" / "exports" / "model"


def test_nothing_is_created(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "_checkout_notebooks", lambda: None)
    monkeypatch.chdir(tmp_path)
    paths.logs_dir("a", "b")
    assert list(tmp_path.iterdir()) == []


def test_without_a_checkout_the_folders_are_under_the_cwd(tmp_path):
    """helpers installed as a package (Colab): a copy of helpers/ with no notebooks/ beside it."""
    site = tmp_path / "site"
    (site / "helpers").mkdir(parents=True)
    (site / "helpers" / "paths.py").write_text((REPO / "helpers" / "paths.py").read_text())
    (site / "helpers" / "__init__.py").write_text("")
    work = tmp_path / "content"
    work.mkdir()
    code = "from helpers import paths; print(paths.logs_dir('fit')); print(paths.exports_dir())"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=work, env={"PYTHONPATH": str(site)},
        capture_output=True, text=True, timeout=60, check=True,
    ).stdout.split()
    assert out == [str(work / "logs" / "fit"), str(work / "exports")]


def test_a_notebooks_folder_without_nn_notebooks_does_not_count(tmp_path, monkeypatch):
    fake_pkg = tmp_path / "helpers"
    fake_pkg.mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "scratch.ipynb").write_text("{}")
    (tmp_path / "notebooks" / "01_x.nbconvert.ipynb").mkdir()  # a folder, not a notebook
    monkeypatch.setattr(paths, "__file__", str(fake_pkg / "paths.py"))
    assert paths._checkout_notebooks() is None
    (tmp_path / "notebooks" / "01_intro.ipynb").write_text("{}")
    assert paths._checkout_notebooks() == tmp_path / "notebooks"


@pytest.mark.parametrize("bad", ["", " logs", "a/b", "a\\b", "..", "."])
def test_bad_folder_names_are_clear_errors(bad):
    with pytest.raises(ValueError, match=r"parts\[0\]"):
        paths.logs_dir(bad)
    with pytest.raises(ValueError, match=r"parts\[1\]"):
        paths.exports_dir("ok", bad)


@pytest.mark.parametrize("bad", [None, 1, Path("fit"), b"fit"])
def test_non_str_parts_are_type_errors(bad):
    with pytest.raises(TypeError, match=r"parts\[0\] must be a str"):
        paths.logs_dir(bad)


def test_collection_is_the_nn_notebooks_only(tmp_path):
    """One definition of the collection, shared by make notebooks, make lint, pytest, the exercises and the book."""
    from helpers.paths import collection

    for name in ("02_b.ipynb", "01_a.ipynb", "01_a.nbconvert.ipynb", "01_a-Copy1.ipynb", "Untitled.ipynb",
                 "1_c.ipynb", "03_a b.ipynb", "glossary.md"):
        (tmp_path / name).write_text("{}")
    assert [p.name for p in collection(tmp_path)] == ["01_a.ipynb", "02_b.ipynb"]
    assert [p.name for p in collection(str(tmp_path))] == ["01_a.ipynb", "02_b.ipynb"]
    with pytest.raises(TypeError, match="folder must be a path"):
        collection(None)
