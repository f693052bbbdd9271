"""Which notebooks count: only the collection's NN_topic.ipynb, for make notebooks and pytest --nbval alike."""

import json
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

# pytester runs pytest on a small project inside this process: a fresh `python -m pytest`
# would spend ~3 s importing pytest, nbval and nbformat's schema checker, for each collection.
pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
from tools import run_notebooks  # noqa: E402

COPIES = ("01_intro.nbconvert.ipynb", "01_intro-Copy1.ipynb", "Untitled.ipynb", "1_intro.ipynb", "01_a b.ipynb")
NOTEBOOK = {
    "nbformat": 4, "nbformat_minor": 5, "metadata": {},
    "cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": 1,
               "source": "print(1)", "outputs": [{"name": "stdout", "output_type": "stream", "text": "1\n"}]}],
}


@pytest.fixture
def project(pytester):
    """A repository with tests/, notebooks/ (ours + copies), the root conftest.py and the real testpaths.

    It is pytester's folder, which is the current directory while the test runs.
    """
    tmp_path = pytester.path
    testpaths = re.search(r"^testpaths = .*$", (ROOT / "pyproject.toml").read_text(), re.M).group(0)
    (tmp_path / "pyproject.toml").write_text(f"[tool.pytest.ini_options]\n{testpaths}\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_unit.py").write_text("def test_unit():\n    pass\n")
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    for name in ("01_intro.ipynb", "02_more.ipynb", *COPIES):
        (notebooks / name).write_text(json.dumps(NOTEBOOK))
    return tmp_path


def collect(pytester, *args):
    """Run ``pytest --collect-only ARGS`` in the project (pytester's folder) and return what it printed.

    In this process, with the plugins that ``python -m pytest`` there would load (nbval, from its
    entry point). pytester gives the run its own config and rootdir (the project's pyproject.toml),
    and afterwards puts back ``sys.modules`` (the project's ``conftest`` and test modules),
    ``sys.path`` and the current directory.
    """
    result = pytester.runpytest_inprocess("--collect-only", "-p", "no:cacheprovider", *args)
    out = result.stdout.str()
    assert result.ret == 0, out + result.stderr.str()
    return out


def test_pytest_nbval_at_the_root_checks_the_nn_notebooks_once(project, pytester):
    out = collect(pytester, "-q", "--nbval")
    assert "tests/test_unit.py::test_unit" in out
    assert "notebooks/01_intro.ipynb::Cell 0" in out and "notebooks/02_more.ipynb::Cell 0" in out
    for copy in COPIES:
        assert f"notebooks/{copy}" not in out
    assert "3 tests collected" in out


def test_plain_pytest_runs_the_unit_tests_and_says_why_not_the_notebooks(project, pytester):
    out = collect(pytester)
    assert "notebooks/: not checked" in out and "add --nbval" in out
    assert "<Function test_unit>" in out and ".ipynb" not in out


def test_make_test_style_explicit_folders_collect_each_notebook_once(project, pytester):
    out = collect(pytester, "-q", "--nbval", "notebooks/", "tests/")
    assert out.count("notebooks/01_intro.ipynb::Cell 0") == 1 and "3 tests collected" in out


def test_run_notebooks_takes_only_nn_notebooks_from_a_folder_or_glob(project):
    folder = project / "notebooks"
    expected = [folder / "01_intro.ipynb", folder / "02_more.ipynb"]
    assert run_notebooks.expand([str(folder)]) == (expected, [])
    assert run_notebooks.expand([str(folder / "*.ipynb")]) == (expected, [])
    # a file named explicitly runs, whatever its name; what matches nothing is reported
    copy = folder / "Untitled.ipynb"
    assert run_notebooks.expand([str(copy), str(folder / "missing.ipynb")]) == ([copy], [str(folder / "missing.ipynb")])


def test_run_notebooks_cli_refuses_what_matches_nothing(tmp_path, capsys):
    with pytest.raises(SystemExit):
        run_notebooks.main([str(tmp_path)])
    assert "no NN_*.ipynb" in capsys.readouterr().err


def test_committed_sources_reads_the_cells_as_git_has_them(tmp_path):
    """committed_sources: None outside git or before a commit, else the code cells [(id, source)] as committed (HEAD)."""
    import subprocess

    notebook = tmp_path / "01_intro.ipynb"
    notebook.write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    assert run_notebooks.committed_sources(notebook) is None  # not in git: keep every stored output
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    assert run_notebooks.committed_sources(notebook) is None  # in git, but never committed
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "x"], check=True)
    edited = json.loads(notebook.read_text(encoding="utf-8"))
    edited["cells"][0]["source"] = "print(2)"
    notebook.write_text(json.dumps(edited), encoding="utf-8")
    assert run_notebooks.committed_sources(notebook) == [("c1", "print(1)")]


def test_git_ignores_the_copies():
    """git itself (not a line of .gitignore) ignores what notebook tools leave next to the notebooks."""
    import subprocess

    copies = ["notebooks/01_x.nbconvert.ipynb", "notebooks/01_x-Copy1.ipynb", "notebooks/Untitled.ipynb"]
    checked = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", *copies],
                             capture_output=True, text=True)
    assert checked.stdout.split() == copies
    ours = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", "notebooks/01_x.ipynb"])
    assert ours.returncode == 1, "a collection notebook is not ignored"


class _FakeClient:
    """Stands in for nbclient: every code cell gets the output 'new', as a fresh kernel would print."""

    def __init__(self, nb, **kwargs):
        self.nb = nb

    def execute(self):
        for cell in self.nb.cells:
            if cell.cell_type == "code":
                cell.outputs = [nbformat_stream("new\n")]


def nbformat_stream(text):
    import nbformat

    return nbformat.v4.new_output("stream", name="stdout", text=text)


def _timing_notebook(path, source="# NBVAL_IGNORE_OUTPUT\nprint(1)"):
    nb = json.loads(json.dumps(NOTEBOOK))
    nb["cells"][0]["source"] = source
    nb["cells"][0]["outputs"][0]["text"] = "old\n"
    nb["cells"].append({"cell_type": "code", "id": "c2", "metadata": {}, "execution_count": 2,
                        "source": "print(2)", "outputs": [{"name": "stdout", "output_type": "stream",
                                                            "text": "old\n"}]})
    path.write_text(json.dumps(nb), encoding="utf-8")


def _outputs(path):
    texts = [c["outputs"][0]["text"] for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]
    return ["".join(t) if isinstance(t, list) else t for t in texts]


def test_run_keeps_a_timing_output_only_while_its_code_is_as_committed(tmp_path, monkeypatch):
    """make notebooks: an ignored (timing) cell keeps its stored output if its code is what git has;
    edited code, or REFRESH (refresh_ignored), stores the fresh output; other cells always get fresh ones."""
    import subprocess

    monkeypatch.setattr(run_notebooks, "NotebookClient", _FakeClient)
    notebook = tmp_path / "01_intro.ipynb"
    _timing_notebook(notebook)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "x"], check=True)

    run_notebooks.run(notebook)
    assert _outputs(notebook) == ["old\n", "new\n"], "the committed timing cell keeps its output"

    run_notebooks.run(notebook, refresh_ignored=True)
    assert _outputs(notebook) == ["new\n", "new\n"], "REFRESH measures it again"

    _timing_notebook(notebook, source="# NBVAL_IGNORE_OUTPUT\nprint(10)")  # edited, not committed
    run_notebooks.run(notebook)
    assert _outputs(notebook) == ["new\n", "new\n"], "code that differs from git's is measured again"


def test_a_timing_output_is_measured_again_when_code_above_it_changed(tmp_path, monkeypatch):
    """A timing cell whose own code is as committed, below an edited cell (e.g. a smaller data split),
    gets a fresh output: the stored one came from the old code above it."""
    import subprocess

    monkeypatch.setattr(run_notebooks, "NotebookClient", _FakeClient)
    notebook = tmp_path / "01_intro.ipynb"
    _timing_notebook(notebook)
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    nb["cells"].reverse()  # the plain cell first, the timing cell below it
    notebook.write_text(json.dumps(nb), encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "x"], check=True)

    run_notebooks.run(notebook)
    assert _outputs(notebook) == ["new\n", "old\n"], "nothing above it changed: the timing output is kept"
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    nb["cells"][0]["source"] = "print(3)"  # the cell above the timing cell is edited, not committed
    nb["cells"][1]["outputs"][0]["text"] = "old\n"
    notebook.write_text(json.dumps(nb), encoding="utf-8")
    run_notebooks.run(notebook)
    assert _outputs(notebook) == ["new\n", "new\n"], "code above it changed: the timing cell is measured again"


def test_ctrl_c_stops_the_run_and_writes_nothing(tmp_path):
    """First Ctrl-C: the running notebook's kernel is interrupted, its file stays as it was; exit 130."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import time\ntime.sleep(60)")]
    nb.cells[0].id = "c1"
    path = tmp_path / "01_sleep.ipynb"
    nbformat.write(nb, path)
    before = path.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tools.run_notebooks", str(path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    time.sleep(4)  # the kernel is starting or running the cell: either way nothing may be written
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "中断：正在结束" in err and "Traceback" not in err, err
    assert path.read_bytes() == before, "an interrupted notebook is not written"
