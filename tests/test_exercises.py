"""helpers.exercises and tools/sync_exercises.py: every stored answer gets its verdict, and the checks stay honest.

``verify_report`` runs ``--verify`` over all exercises once (so ``make test`` does): every
starter, solution, right and wrong answer in ``helpers/exercises/answers/``. The tests that
look at what a stored answer's verdict says read it from that report instead of running the
check again; the others show that verify notices a misplaced or mislabelled file, that a
learner's exception is explained, that the time limit works, and that every private-API
fallback (:mod:`helpers.exercises.private_api`) still gives a true verdict.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import helpers.exercises as exercises
from helpers.exercises import __main__ as cli
from helpers.exercises import private_api
from helpers.exercises.core import ANSWERS, OK, UNSOLVED, evaluate, run_source, unsolved_text
from helpers.exercises.verify import MIN_WRONG, layout_problems, verify, verify_one
from helpers.paths import collection

ROOT = Path(__file__).resolve().parent.parent
from tools import sync_exercises  # noqa: E402

#: A cheap exercise (no model, no tracing) for the tests that break things on purpose.
CHEAP = "03.3"


@pytest.fixture(scope="module")
def verify_report():
    lines: list[str] = []
    outcomes = verify(exercises.EXERCISES.values(), echo=lines.append)
    return {o.exercise: o for o in outcomes}, lines


def stored_verdict(report, ex_id: str, name: str):
    """The verdict that ``--verify`` gave the stored answer ``name`` of ``ex_id`` (e.g. "wrong/fixed_loop.py")."""
    outcomes, _ = report
    assert name in outcomes[ex_id].verdicts, f"{ex_id} has no stored answer {name}: {sorted(outcomes[ex_id].verdicts)}"
    return outcomes[ex_id].verdicts[name]


def test_verify_passes_every_exercise(verify_report):
    outcomes, lines = verify_report
    failed = {ex_id: o.problems for ex_id, o in outcomes.items() if not o.passed}
    assert not failed, "\n".join(lines)
    assert lines[-1] == f"{len(exercises.EXERCISES)} passed, 0 failed"
    for ex_id, outcome in outcomes.items():  # every file of the folder was run: starter, solution, right, wrong
        assert outcome.runs == len(exercises.get(ex_id).answers()) >= 2 + MIN_WRONG, ex_id


def test_registry_has_enough_well_formed_exercises():
    per_notebook: dict[str, int] = {}
    for ex_id, ex in exercises.EXERCISES.items():
        assert ex_id == ex.id and ex.id[:2].isdigit() and ex.id[2] == "." and ex.id[3:].isdigit(), ex_id
        assert ex.notebook.startswith(ex_id[:2] + "_")
        assert ex.difficulty in (1, 2, 3) and len(ex.hints) == 2 and all(ex.hints)
        per_notebook[ex.notebook] = per_notebook.get(ex.notebook, 0) + 1
    assert len(exercises.EXERCISES) >= 20
    # every notebook of the collection has 2-4 exercises, and no exercise names a notebook that does not exist
    assert sorted(per_notebook) == [p.stem for p in collection(ROOT / "notebooks")], per_notebook
    assert all(2 <= n <= 4 for n in per_notebook.values()), per_notebook
    # one folder of code per exercise, and no folder without an exercise
    folders = [p.name for p in ANSWERS.iterdir() if p.is_dir() and not p.name.startswith((".", "__"))]
    assert sorted(folders) == sorted(exercises.EXERCISES), sorted(set(folders) ^ set(exercises.EXERCISES))


def test_exercise_modules_are_found_by_name(tmp_path, monkeypatch):
    """A new nbNN.py module is picked up without editing __init__.py; other modules are not exercise modules."""
    assert {ex.notebook[:2] for ex in exercises.EXERCISES.values()} == {
        p.stem[2:] for p in (ROOT / "helpers" / "exercises").glob("nb[0-9][0-9].py")
    }
    assert not {"core", "verify", "private_api"} & {ex.id for ex in exercises.EXERCISES.values()}
    clash = exercises.get(CHEAP)
    monkeypatch.setattr(exercises.importlib, "import_module", lambda name: type("M", (), {"EXERCISES": [clash]}))
    with pytest.raises(ValueError, match=f"exercise id {CHEAP} is used twice"):
        exercises._discover()


def test_the_package_data_patterns_ship_every_answer_file():
    """A plain install (Colab, make compat) must carry answers/: pyproject's package-data has to match each file."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+ (make compat's minimum row runs 3.10)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    package = ROOT / "helpers" / "exercises"
    shipped = {p for pattern in config["package-data"]["helpers.exercises"] for p in package.glob(pattern)}
    code = {p for p in ANSWERS.rglob("*.py") if "__pycache__" not in p.parts}
    assert code and code == shipped, sorted(str(p.relative_to(package)) for p in code ^ shipped)


def test_importing_the_package_reads_no_answer_file_and_not_tensorflow():
    """Importing helpers.exercises (every notebook does) stays cheap: no TensorFlow, and none of the ~170 files read."""
    code = (
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)\n"
        "import helpers.exercises\n"
        "print(len(helpers.exercises.EXERCISES), 'tensorflow' in sys.modules, [p for p in opened if '/answers/' in p])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.split(None, 1) == [str(len(exercises.EXERCISES)), "False []\n"], result.stdout


def _copy_of(ex_id: str, tmp_path: Path):
    """The exercise ``ex_id`` with its code in a copy of its folder (under ``tmp_path``) that a test may change."""
    folder = shutil.copytree(exercises.get(ex_id).folder, tmp_path / ex_id)
    return dataclasses.replace(exercises.get(ex_id), code=folder), folder


def test_breaking_a_solution_makes_verify_fail(tmp_path, monkeypatch, capsys):
    original = exercises.get(CHEAP)
    broken, folder = _copy_of(CHEAP, tmp_path)
    (folder / "solution.py").write_text((folder / "wrong" / "same_element.py").read_text(encoding="utf-8"))
    outcome = verify_one(broken)
    assert not outcome.passed
    assert any("solution.py" in p and "got 'same_element'" in p for p in outcome.problems), outcome.problems

    monkeypatch.setitem(exercises.EXERCISES, CHEAP, broken)
    assert cli.main(["--verify", CHEAP]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "0 passed, 1 failed" in out
    assert verify_one(original).passed  # control: the real folder passes


def test_a_wrong_answers_file_name_is_the_verdict_it_must_get(tmp_path):
    mislabelled, folder = _copy_of(CHEAP, tmp_path)
    (folder / "wrong" / "same_element.py").rename(folder / "wrong" / "some_other_key__first_two.py")
    outcome = verify_one(mislabelled)
    assert any(
        "wrong/some_other_key__first_two.py: expected 'some_other_key', got 'same_element'" in p for p in outcome.problems
    ), outcome.problems
    # a wrong answer that passes is caught too
    passing, folder = _copy_of(CHEAP, tmp_path / "passing")
    shutil.copy(folder / "solution.py", folder / "wrong" / "same_element__actually_right.py")
    assert any("got 'ok'" in p for p in verify_one(passing).problems)


def test_layout_problems_name_each_misplaced_file(tmp_path):
    ex, folder = _copy_of(CHEAP, tmp_path)
    assert layout_problems(ex) == []
    (folder / "solutoin.py").write_text("answer = 1\n")
    shutil.copy(folder / "solution.py", folder / "wrong" / "ok.py")
    (folder / "wrong" / "Same-Element.py").write_text("answer = 1\n")
    (folder / "wrong" / "notes.txt").write_text("")
    (folder / "starter.py").unlink()
    problems = "\n".join(layout_problems(ex))
    for expected in ("solutoin.py: does not belong here", "wrong/ok.py: a right answer belongs in right/",
                     "Same-Element.py: the name must start with the verdict key", "not notes.txt", "starter.py: missing"):
        assert expected in problems, problems
    for path in (folder / "wrong").glob("*.py"):
        path.unlink()
    (folder / "wrong" / "same_element.py").write_text("answer = 1\n")
    assert f"1 wrong answers; at least {MIN_WRONG} are required" in "\n".join(layout_problems(ex))


def test_the_starters_message_is_the_fixed_one_in_the_notebooks_cells(capsys):
    """verify checks every starter's text; here the notebook's way in: the answer cell hands it in, the check cell prints."""
    ex = exercises.get(CHEAP)
    exercises.check(CHEAP, run_source(ex.starter, "test starter"))  # check(ID, answer) keeps working
    assert capsys.readouterr().out == unsolved_text(ex) + "\n"
    run_source(ex.answer_cell, "test answer cell")  # the notebook's answer cell hands the starter in
    exercises.check(CHEAP)  # what the notebook's check cell prints
    out = capsys.readouterr().out
    assert out == unsolved_text(ex) + "\n" and "还没完成" in out and "0x" not in out


@pytest.mark.parametrize("answer", [..., NotImplemented])
def test_plain_placeholders_are_unsolved_or_explained(answer, capsys):
    exercises.check("07.3", answer)
    out = capsys.readouterr().out
    assert ("还没完成" if answer is ... else "还不对") in out


def test_learner_exception_is_explained_without_traceback(capsys):
    def first_two(dataset):
        return 1 / 0

    exercises.check(CHEAP, first_two)
    out = capsys.readouterr().out
    assert "ZeroDivisionError: （你的代码第" in out and "`return 1 / 0`）division by zero" in out, out
    assert "提示：" in out and "Traceback" not in out


def test_tensorflow_error_is_shortened_and_explained(verify_report):
    verdict = stored_verdict(verify_report, "03.2", "wrong/numpy_in_graph.py")  # calls .numpy() inside tf.function
    assert verdict.key == "numpy_in_graph"
    assert "Traceback" not in verdict.text and "/" not in verdict.text.split("\n")[0]


def test_not_implemented_error_means_unsolved():
    def first_two(dataset):
        raise NotImplementedError

    assert evaluate(exercises.get(CHEAP), first_two).key == UNSOLVED


def test_hint_and_solution_print_on_demand(capsys):
    ex = exercises.get("05.1")
    exercises.hint("05.1")
    out = capsys.readouterr().out
    assert ex.hints[0] in out and ex.hints[1] in out
    exercises.solution("05.1")
    out = capsys.readouterr().out
    assert "drop_remainder=True" in out and out.startswith("# 练习 05.1 的参考答案")
    assert (ANSWERS / "05.1" / "solution.py").read_text(encoding="utf-8").strip() in out  # the file, as it is


def test_unknown_id_says_which_exist():
    with pytest.raises(KeyError, match="01.1"):
        exercises.check("99.9", None)


def test_list_prints_one_line_per_exercise(capsys):
    assert cli.main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(exercises.EXERCISES)
    assert lines[0].startswith("01.1  01_modules_and_variables")
    ex = exercises.get("09.2")
    line = next(line for line in lines if line.startswith("09.2"))
    assert line.endswith(f"({len(ex.stored('wrong'))} wrong, {len(ex.stored('right'))} right)"), line


def test_list_fails_where_the_answer_files_are_missing(tmp_path, monkeypatch, capsys):
    """What make compat runs outside the source tree: a package installed without answers/ must not pass."""
    empty = dataclasses.replace(exercises.get(CHEAP), code=tmp_path / "nothing")
    monkeypatch.setitem(exercises.EXERCISES, CHEAP, empty)
    assert cli.main(["--list"]) == 1
    assert f"{CHEAP}: no code in" in capsys.readouterr().err


def test_for_notebook_accepts_a_file_name():
    assert [ex.id for ex in exercises.for_notebook("notebooks/04_keras_fit.ipynb")] == ["04.1", "04.2", "04.3"]


# -- tools/sync_exercises.py -------------------------------------------------------------------


def _notebook(path: Path, last: str = "## 延伸阅读\n\n- 链接") -> Path:
    nb = nbformat.v4.new_notebook()
    cells = [
        nbformat.v4.new_markdown_cell("# 02 · 标题"),
        nbformat.v4.new_code_cell("import helpers"),
        nbformat.v4.new_markdown_cell("## 小结\n\n- 要点"),
        nbformat.v4.new_markdown_cell(last),
    ]
    for i, cell in enumerate(cells):
        cell.id = f"nb02-{i + 1:02d}"
    nb.cells = cells
    nbformat.write(nb, path)
    return path


def test_sync_inserts_the_section_before_further_reading(tmp_path):
    path = _notebook(tmp_path / "02_optimizer_defaults.ipynb")
    assert sync_exercises.main([str(path)]) == 0
    nb = nbformat.read(path, as_version=4)
    ids = [c.id for c in nb.cells]
    assert ids[:3] == ["nb02-01", "nb02-02", "nb02-03"] and ids[-1] == "nb02-04"
    assert ids[3:7] == ["nb02-ex", "nb02-ex1", "nb02-ex1-answer", "nb02-ex1-check"]
    assert nb.cells[3].source.startswith("## 练习")
    assert nb.cells[4].source.startswith("### 练习 02.1 ★ ")
    assert nb.cells[5].source == exercises.get("02.1").answer_cell
    assert nb.cells[5].source.endswith('helpers.exercises.submit("02.1", answer)  # 把答案交给下面的检查单元格')
    assert nb.cells[6].source == 'helpers.exercises.check("02.1")'
    assert len(nb.cells) == 4 + 1 + 3 * len(exercises.for_notebook("02_optimizer_defaults"))


def test_sync_is_idempotent_and_keeps_outputs(tmp_path):
    path = _notebook(tmp_path / "02_optimizer_defaults.ipynb")
    sync_exercises.main([str(path)])
    nb = nbformat.read(path, as_version=4)
    check_cell = next(c for c in nb.cells if c.id == "nb02-ex1-check")
    check_cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="stored\n")]
    nbformat.write(nb, path)
    before = path.read_bytes()
    assert sync_exercises.main([str(path)]) == 0
    assert path.read_bytes() == before
    assert sync_exercises.main(["--check", str(path)]) == 0


def test_sync_check_finds_a_stale_section(tmp_path, capsys):
    path = _notebook(tmp_path / "02_optimizer_defaults.ipynb")
    assert sync_exercises.main(["--check", str(path)]) == 1  # no section yet
    sync_exercises.main([str(path)])
    nb = nbformat.read(path, as_version=4)
    next(c for c in nb.cells if c.id == "nb02-ex2-answer").source = "answer = 1"
    nbformat.write(nb, path)
    before = path.read_bytes()
    assert sync_exercises.main(["--check", str(path)]) == 1
    assert path.read_bytes() == before  # --check changes nothing
    assert "differs" in capsys.readouterr().err
    assert sync_exercises.main([str(path)]) == 0
    assert sync_exercises.main(["--check", str(path)]) == 0


def test_sync_refuses_a_notebook_without_further_reading(tmp_path, capsys):
    path = _notebook(tmp_path / "02_optimizer_defaults.ipynb", last="## 小结 2")
    assert sync_exercises.main([str(path)]) == 1
    assert "延伸阅读" in capsys.readouterr().err


# -- helpers.exercises.core ------------------------------------------------------------------


def test_stubs_and_blanks_are_recognised():
    from helpers.exercises.core import has_ellipsis, is_stub, unfinished

    def stub(x): ...

    def documented():
        """Only a docstring."""

    def done(x):
        return x

    class Half:
        def __init__(self):
            self.ready = True

        def __call__(self, x): ...

    assert is_stub(stub) and is_stub(documented) and not is_stub(done)
    assert has_ellipsis((1, [2, {"a": ...}])) and not has_ellipsis((1, [2, {"a": 3}]))
    assert unfinished(...) and unfinished(Half) and not unfinished(done) and not unfinished(3)


def test_describe_error_drops_paths_and_addresses():
    from helpers.exercises.core import describe_error

    error = ValueError("bad value at 0x7f3a12bc4e90 in /work/main/.venv/lib/python3.11/site-packages/x.py:12\nmore")
    text, meaning = describe_error(error)
    assert text.startswith("ValueError: bad value")
    assert "/work/" not in text and "7f3a12bc4e90" not in text and meaning is None
    text, _ = describe_error(TypeError("Received args: (<tf.Tensor: shape=(5,), dtype=float32, numpy=\narray([-1.3, 0.9])>,)"))
    assert text == "TypeError: Received args: (<tf.Tensor: shape=(5,), dtype=float32>,)"  # no values: they only add noise
    _, meaning = describe_error(AttributeError("'Mean' object has no attribute 'reset_states'"))
    assert "reset_state()" in meaning


@pytest.mark.parametrize(
    "message, meaning",
    [
        ("'total' has shape () before the loop, but shape (4, 1) after one iteration. Use set_loop_options", "换了形状"),
        ("Argument(s) not recognized: {'lr': 1.0}", "`learning_rate=`"),
        ("Input 'y' of 'Greater' Op has type int32 that does not match type float32 of argument 'x'.", "数据类型不同"),
    ],
)
def test_describe_error_explains_common_tensorflow_and_keras_errors(message, meaning):
    from helpers.exercises.core import describe_error

    assert meaning in describe_error(ValueError(message))[1]


def test_as_number_names_the_shape_of_a_tensor_that_is_not_one_number():
    import tensorflow as tf

    from helpers.exercises.core import Wrong, as_number

    assert as_number(tf.constant(2.5), "损失") == 2.5 and as_number(3, "损失") == 3.0
    with pytest.raises(Wrong) as caught:
        as_number(tf.zeros((8,)), "训练步返回的损失")
    assert caught.value.key == "not_scalar" and "形状 (8,)" in caught.value.message
    with pytest.raises(Wrong) as caught:
        as_number("2.5x", "损失")
    assert caught.value.key == "wrong_type" and "str" in caught.value.message


def test_take_finite_returns_what_ends_and_calls_what_does_not_endless():
    import itertools

    from helpers.exercises.core import Wrong, take_finite

    assert take_finite(iter(range(3)), 5, "生成器") == [0, 1, 2]
    with pytest.raises(Wrong) as caught:
        take_finite(itertools.count(), 5, "生成器", "原因。", "提示。")
    assert caught.value.key == "endless" and caught.value.message.endswith("原因。") and caught.value.hint == "提示。"


def test_summary_check_ignores_and_keeps_a_global_step_set_earlier():
    """08.2: a step left by the learner's own experiment must not hide a missing step=, and survives the check."""
    import tensorflow as tf

    no_step = (ANSWERS / "08.2" / "wrong" / "no_step.py").read_text(encoding="utf-8")
    tf.summary.experimental.set_step(3)
    try:
        verdict = evaluate(exercises.get("08.2"), run_source(no_step, "08.2 no_step"))
        assert verdict.key == "no_step", verdict.text
        assert tf.summary.experimental.get_step() == 3
    finally:
        tf.summary.experimental.set_step(None)


def test_trace_count_accepts_numpy_integers_and_keeps_the_count_for_the_verdict():
    import numpy as np

    assert evaluate(exercises.get("07.3"), np.int64(4)).key == OK
    for guess in (3, 5):
        verdict = evaluate(exercises.get("07.3"), guess)
        assert verdict.key in {"too_few", "too_many"} and "4" not in verdict.text.split("提示")[0], verdict.text


def test_call_turns_learner_errors_into_verdicts():
    from helpers.exercises.core import LearnerError, Unsolved, Wrong, call

    with pytest.raises(Unsolved):
        call(lambda: ...)
    with pytest.raises(Unsolved):
        call(lambda: (_ for _ in ()).throw(NotImplementedError("TODO")))
    with pytest.raises(LearnerError) as caught:
        call(lambda: [][1])
    assert isinstance(caught.value.error, IndexError)
    with pytest.raises(Wrong):
        call(42)


# -- the time limit ------------------------------------------------------------------------------


def test_endless_python_loop_is_stopped_with_a_fixed_message():
    import time

    from helpers.exercises.core import TIMEOUT, timeout_text

    def first_two(dataset):
        while True:
            pass

    ex = exercises.get(CHEAP)
    start = time.perf_counter()
    verdict = evaluate(ex, first_two, time_limit=0.3)
    assert verdict.key == TIMEOUT and verdict.text == timeout_text(ex, 0.3)
    assert "停不下来" in verdict.text and "Traceback" not in verdict.text
    assert time.perf_counter() - start < 3
    # Python code that runs after the check for 0.5 s: a stray interruption from the check's
    # timer would raise KeyboardInterrupt in this loop.
    deadline, rounds = time.perf_counter() + 0.5, 0
    while time.perf_counter() < deadline:
        rounds += 1
    assert rounds > 0


def test_endless_graph_loop_is_cancelled():
    import tensorflow as tf

    from helpers.exercises.core import TIMEOUT

    if not private_api.can_cancel_functions():  # verify reports it as a problem: this TensorFlow cannot stop it
        pytest.skip("this TensorFlow has no hook to cancel a running graph function")
    ex = exercises.get("07.1")
    answer = run_source((ex.folder / "wrong" / "timeout.py").read_text(encoding="utf-8"), "test endless While")
    assert evaluate(ex, answer, time_limit=0.3).key == TIMEOUT
    assert int(answer(tf.constant(0))) == 0  # the function itself still works afterwards (0 ends the loop)


def test_code_that_cannot_be_stopped_gets_a_warning(monkeypatch, capsys):
    import time

    from helpers.exercises import core

    monkeypatch.setattr(core, "RETRY_SECONDS", 0.05)
    monkeypatch.setattr(core, "GRACE_SECONDS", 0.05)

    def first_two(dataset):
        time.sleep(0.8)  # blocked in C: the interruption only arrives when it returns
        return 10, 11

    ex = exercises.get(CHEAP)
    verdict = evaluate(ex, first_two, time_limit=0.1)
    assert verdict.key == core.TIMEOUT
    assert capsys.readouterr().out == core.stuck_text(ex, 0.1) + "\n"  # printed while it was still stuck


def test_describe_error_shows_the_real_error_inside_autograph_text():
    from helpers.exercises.core import describe_error

    error = NotImplementedError(
        "in user code:\n\n    File \"<cell>\", line 4, in collatz_steps  *\n        for _ in range(200):\n\n"
        "    NotImplementedError: break and return statements which depend on a TF condition are not supported"
    )
    text, meaning = describe_error(error)
    assert text == (
        "NotImplementedError: （你的代码第 4 行）break and return statements which depend on a TF condition are not supported"
    )
    assert "while" in meaning


def test_each_exercise_names_a_section_of_its_notebook():
    """The "练的是" line points the learner at a real section: a '## N. ...' heading, or a '## 深入：...' one."""
    root = Path(__file__).resolve().parent.parent / "notebooks"
    headings: dict[str, set[str]] = {}
    for path in collection(root):
        nb = nbformat.read(path, as_version=4)
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        headings[path.name[:2]] = set(re.findall(r"^## \d+\. (.+?)\s*$", text, re.M)) | set(
            re.findall(r"^## (深入：.+?)\s*$", text, re.M)
        )
    for ex in exercises.EXERCISES.values():
        number = ex.id.split(".")[0]
        assert ex.section in headings[number], (ex.id, ex.section, sorted(headings[number]))


def test_repeated_trace_count_checks_add_no_tensorflow_warning():
    """07.3 traces a fresh function per check; TF's English 'frequent retracing' warning must not reach the learner.

    make_reproducible() (run by conftest and by every notebook) lowers TF's logger to errors; a learner's session
    that skipped it logs warnings, so the test does too.
    """
    import logging

    import tensorflow as tf

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    logger = tf.get_logger()
    level = logger.level
    logger.setLevel(logging.WARNING)
    logger.addHandler(handler)
    try:
        verdicts = [evaluate(exercises.get("07.3"), 4) for _ in range(4)]
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert {v.key for v in verdicts} == {OK}
    assert [r.getMessage()[:80] for r in records if r.levelno >= logging.WARNING] == []


# -- the check cell: whose answer it checks ------------------------------------------------------


@pytest.fixture
def no_submissions(monkeypatch):
    """An empty registry of handed-in answers, as in a notebook whose answer cells have not run yet."""
    monkeypatch.setattr(exercises, "SUBMITTED", {})


def test_check_cell_before_its_answer_cell_says_so_without_traceback(no_submissions, capsys):
    exercises.check("04.2")  # the check cell, with no answer cell run yet
    out = capsys.readouterr().out
    assert out.startswith("练习 04.2 · 还不能检查：") and "先运行上面的答案单元格" in out, out
    assert "Traceback" not in out and "NameError" not in out and "异常" not in out
    assert exercises.verdict("04.2").key == "no_answer"


def test_check_cell_after_another_exercises_answer_does_not_judge_that_code(no_submissions, capsys):
    other = run_source(exercises.get("04.1").solution + '\nhelpers.exercises.submit("04.1", answer)\n', "test 04.1 cell")
    exercises.check("04.2")  # 04.2's answer cell was never run: 04.1's function must not be judged as 04.2's
    out = capsys.readouterr().out
    assert "先运行上面的答案单元格" in out and "reported_loss" not in out and "异常" not in out, out
    exercises.check("04.2", other)  # the old way: `answer` still holds 04.1's function
    out = capsys.readouterr().out
    assert "检查拿到的是练习 04.1 的答案" in out and "先运行上面的答案单元格" in out, out
    assert "TypeError" not in out


def test_answer_cell_hands_in_the_answer_for_its_check_cell(no_submissions, capsys):
    ex = exercises.get(CHEAP)
    run_source(ex.answer_cell, "test starter cell")
    run_source(ex.solution + "\n" + ex.submit_line + "\n", "test solved cell")  # the learner's finished cell
    exercises.check(CHEAP)
    assert capsys.readouterr().out.startswith(f"练习 {CHEAP} · 正确！")
    exercises.solution(CHEAP)  # the printed solution keeps the line that hands the answer in
    assert capsys.readouterr().out.rstrip().endswith(ex.submit_line)


# -- global switches, output, the learner's line, the check's own failure -----------------------


def test_eager_switch_left_on_is_turned_off_for_the_check_and_restored(verify_report):
    import tensorflow as tf

    ex = exercises.get("01.1")
    starter_like = run_source(_source("01.1", "wrong/retraced__no_signature.py"), "test 01.1 unchanged starter")
    tf.config.run_functions_eagerly(True)
    try:
        verdict = evaluate(ex, starter_like)
        assert verdict.key == "retraced", verdict.text  # with the switch on it would never trace and pass
        assert tf.config.functions_run_eagerly(), "the learner's own setting must be back after the check"
        assert "检查时临时关掉了它，检查结束后又恢复成开着" in verdict.text
    finally:
        tf.config.run_functions_eagerly(False)
    # control: verify ran the same code with the switch off; same verdict, and no note about the switch
    control = stored_verdict(verify_report, "01.1", "wrong/retraced__no_signature.py")
    assert control.key == "retraced" and "run_functions_eagerly" not in control.text, control.text
    # 09.3's reference solution in a cell that turns the switch on first: accepted, and no claim that the check turned it off
    solved = stored_verdict(verify_report, "09.3", "right/eager_switch_on.py")
    assert "替你关掉" not in solved.text and "恢复成开着" in solved.text, solved.text


def test_a_switch_function_an_earlier_cell_assigned_to_is_put_back_and_named(verify_report):
    """`tf.config.run_functions_eagerly = True` in an earlier cell: the check puts TensorFlow's function back, says so."""
    import tensorflow as tf

    original = tf.config.run_functions_eagerly
    tf.config.run_functions_eagerly = True  # the learner's typo, in a cell run before this check
    try:
        verdict = evaluate(exercises.get(CHEAP), run_source(_source(CHEAP, "solution.py"), "test switch assigned"))
        assert tf.config.run_functions_eagerly is original
    finally:
        tf.config.run_functions_eagerly = original
    assert verdict.key == OK and "已经不是函数了，而是 `True`" in verdict.text, verdict.text
    # the answer itself assigns: its verdict says so (not "the check failed"), and the function is back
    assigned = stored_verdict(verify_report, "09.1", "wrong/switch_assigned.py")
    assert "检查本身出了错" not in assigned.text and "不能用 `=` 赋值" in assigned.text, assigned.text
    assert tf.config.run_functions_eagerly is original


def test_graph_execution_error_shows_the_ops_message_not_its_traceback():
    from helpers.exercises.core import describe_error

    error = ValueError(
        "Graph execution error:\n\nDetected at node while/TensorListSetItem defined at (most recent call last):\n"
        '  File "/usr/lib/python3.11/runpy.py", line 198, in _run_module_as_main\n\n  File "<cell 7>", line 8, in f\n\n'
        "Trying to modify element 4 in a list with 4 elements.\n\t [[{{node while/TensorListSetItem}}]] [Op:__inference_f_102]"
    )
    text, _ = describe_error(error)
    assert text == "ValueError: （你的代码第 8 行）Trying to modify element 4 in a list with 4 elements.", text


def test_check_numerics_left_on_does_not_stand_in_for_the_assertion():
    import tensorflow as tf
    from tensorflow.python.debug.lib import check_numerics_callback

    ex = exercises.get("09.2")
    no_assertion = run_source(_source("09.2", "wrong/no_error__plain_log.py"), "test 09.2 no assertion")
    tf.debugging.enable_check_numerics()
    try:
        verdict = evaluate(ex, no_assertion)
        assert verdict.key == "no_error", verdict.text
        assert hasattr(check_numerics_callback._state, "check_numerics_callback"), "must be on again after the check"
        assert "enable_check_numerics" in verdict.text
    finally:
        tf.debugging.disable_check_numerics()


def test_huge_prints_are_swallowed_without_keeping_them():
    import tracemalloc

    def first_two(dataset):
        chunk = "输出" * 500_000  # 1 MB of text (UTF-8: 3 MB), printed 100 times
        for _ in range(100):
            print(chunk)
        iterator = iter(dataset)
        return next(iterator), next(iterator)

    tracemalloc.start()
    try:
        verdict = evaluate(exercises.get(CHEAP), first_two)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert verdict.key == OK, verdict.text
    assert peak < 40 * 2**20, f"printing 100 MB during a check kept {peak / 2**20:.0f} MB"


def test_learner_exception_names_the_line_of_their_code():
    source = "def first_two(dataset):\n    iterator = iter(dataset)\n    return next(iterator), 1 / 0\n\n\nanswer = first_two\n"
    verdict = evaluate(exercises.get(CHEAP), run_source(source, "test learner line"))
    assert verdict.key == "exception"
    assert "（你的代码第 3 行：`return next(iterator), 1 / 0`）" in verdict.text.splitlines()[0], verdict.text


def test_a_failure_of_the_check_itself_is_not_blamed_on_the_learner(monkeypatch):
    import tensorflow as tf

    monkeypatch.setattr(tf, "function", lambda fn=None, **kwargs: fn)  # e.g. an earlier cell replaced tf.function
    verdict = evaluate(exercises.get("07.3"), 4)
    assert verdict.key == "check_failed", verdict.text
    assert "这不是你的答案的问题" in verdict.text and "运行你的代码时出了异常" not in verdict.text


# -- verdicts that name the real cause (read from the verify report: the checks are not run again) -----


def _source(ex_id: str, name: str) -> str:
    return (exercises.get(ex_id).folder / name).read_text(encoding="utf-8")


def test_per_batch_metric_is_rejected_with_the_keras_weighting(verify_report):
    verdict = stored_verdict(verify_report, "05.2", "wrong/not_per_sample.py")
    assert "MeanMetricWrapper" in verdict.text and "0.8" in verdict.text and "0.50" in verdict.text, verdict.text


def test_fixed_length_loop_is_not_taken_for_a_data_dependent_while(verify_report):
    verdict = stored_verdict(verify_report, "07.1", "wrong/fixed_loop.py")
    assert "都是 1000 次" in verdict.text and "正确" not in verdict.text, verdict.text
    solved = stored_verdict(verify_report, "07.1", "solution.py")
    assert "从 1 开始循环 0 次，从 27 开始循环 111 次" in solved.text, solved.text


def test_switch_left_on_after_an_error_is_named(verify_report):
    assert "finally" in stored_verdict(verify_report, "09.1", "wrong/left_on_after_error.py").text


def test_switch_left_on_after_an_error_is_caught_with_the_learners_switch_on():
    """verify runs 09.1 with the switch off, as a fresh notebook has it; here it is on before the check."""
    import tensorflow as tf

    ex = exercises.get("09.1")
    no_finally = run_source(_source("09.1", "wrong/left_on_after_error.py"), "test 09.1 no finally")
    tf.config.run_functions_eagerly(True)
    try:
        verdict = evaluate(ex, no_finally)
        assert tf.config.functions_run_eagerly(), "the learner's own setting must be back"
        solved = evaluate(ex, run_source(ex.solution, "test 09.1 solution"))
        assert tf.config.functions_run_eagerly()
    finally:
        tf.config.run_functions_eagerly(False)
    assert verdict.key == "left_on_after_error", verdict.text
    assert solved.key == OK, solved.text


def test_check_numerics_on_the_result_is_rejected_for_blocking_a_valid_inf(verify_report):
    """log(inf) = inf is right: check_numerics on the result stops it, an assertion on x does not."""
    verdict = stored_verdict(verify_report, "09.2", "wrong/rejects_inf__check_numerics_result.py")
    assert "check_numerics" in verdict.text and "不是 `x` 本身" in verdict.text and "[1, inf]" in verdict.text
    finite = stored_verdict(verify_report, "09.2", "wrong/rejects_inf__all_finite.py")
    assert "assert_all_finite" in finite.text and "check_numerics" not in finite.text, finite.text
    solved = stored_verdict(verify_report, "09.2", "solution.py")
    assert "被断言拦下" in solved.text and "[1, inf] 也照常返回 inf" in solved.text, solved.text


def test_reduce_retracing_is_named_as_the_cause_not_new_shapes(verify_report):
    verdict = stored_verdict(verify_report, "01.1", "wrong/retraced__reduce_retracing.py")
    assert "`reduce_retracing=True` 放宽的只是张量的形状" in verdict.text and "Python 数字它从不放宽" in verdict.text
    assert "每个新长度的 `x` 都会" not in verdict.text, verdict.text
    plain = stored_verdict(verify_report, "01.1", "wrong/retraced__no_signature.py")  # the starter, named
    assert "每个新的 Python 数字 `factor`、每个新长度的 `x`" in plain.text, plain.text


# -- private API: each fallback (helpers.exercises.private_api) still gives a true verdict -------------


@pytest.fixture
def without(monkeypatch):
    """``without("wrap_function")``: run the rest of the test as on a TensorFlow that lacks that private name."""

    def remove(*keys):
        for key in keys:
            monkeypatch.setitem(private_api.PRIVATE, key, f"{private_api.PRIVATE[key]}_gone_in_this_test")

    return remove


#: What private API looks like in source: TensorFlow's internal package, ctypes, ``obj._name``, ``"_name"``.
PRIVATE_USE = re.compile(r"tensorflow\.python|ctypes|\b\w+\._(?!_)\w+|[\"']_(?!_)\w+[\"']")


def test_private_names_are_only_used_in_private_api():
    """The one module that reaches into TensorFlow's internals: the others must not (grep for the patterns)."""
    offenders = []
    for path in sorted((ROOT / "helpers" / "exercises").glob("*.py")):
        if path.name != "private_api.py":
            text = path.read_text(encoding="utf-8")
            offenders += [f"{path.name}: {m.group(0)}" for m in PRIVATE_USE.finditer(text)]
    assert offenders == [], offenders
    assert PRIVATE_USE.search('getattr(fn, "_clone", None)') and PRIVATE_USE.search("numerics._state")  # control


def test_without_cancellation_a_python_loop_is_still_stopped(without, tmp_path):
    import tensorflow as tf  # noqa: F401 - the cancellation module is TensorFlow's
    from tensorflow.python.eager import cancellation

    hook = cancellation.context

    def first_two(dataset):
        while True:
            pass

    ex = exercises.get(CHEAP)
    assert private_api.can_cancel_functions()
    assert evaluate(ex, first_two, time_limit=0.2).key == "timeout"
    assert cancellation.context is hook  # with it: the hook is put back after the check
    without("cancellation")
    assert not private_api.can_cancel_functions()
    assert evaluate(ex, first_two, time_limit=0.2).key == "timeout"
    assert cancellation.context is hook
    # verify does not run a stored answer that only a cancelled graph would stop (it would wait for ever)
    with_endless, folder = _copy_of(CHEAP, tmp_path)
    shutil.copy(exercises.get("07.1").folder / "wrong" / "timeout.py", folder / "wrong" / "timeout.py")
    problems = verify_one(with_endless).problems
    assert problems == [f"{folder / 'wrong' / 'timeout.py'}: not run: this TensorFlow offers no way to stop a graph loop"]


def test_without_interrupting_threads_the_learner_is_told_to_interrupt(monkeypatch, capsys):
    import threading
    import time

    from helpers.exercises import core

    monkeypatch.setattr(core, "RETRY_SECONDS", 0.05)
    monkeypatch.setattr(core, "GRACE_SECONDS", 0.05)
    monkeypatch.setattr(private_api, "ctypes", type("NoCPython", (), {})())
    assert private_api.interrupt_thread(0, None) is False

    def watchdog_running() -> bool:
        return any(thread.name == "exercise-time-limit" for thread in threading.enumerate())

    def first_two(dataset):
        deadline = time.perf_counter() + 10
        while watchdog_running() and time.perf_counter() < deadline:  # a Python loop that nothing interrupts now
            time.sleep(0.01)
        return 10, 11

    ex = exercises.get(CHEAP)
    verdict = evaluate(ex, first_two, time_limit=0.1)
    assert verdict.key == core.TIMEOUT, verdict.text  # it ended by itself, after the time limit
    assert capsys.readouterr().out == core.stuck_text(ex, 0.1) + "\n"


def test_without_the_check_numerics_state_it_is_off_for_the_check_and_the_verdict_says_so(without):
    import tensorflow as tf

    ex = exercises.get("09.2")
    no_assertion = run_source(_source("09.2", "wrong/no_error__plain_log.py"), "test 09.2 no assertion")
    without("check_numerics_callback")
    assert private_api.check_numerics_state() is private_api.UNKNOWN
    tf.debugging.enable_check_numerics()
    try:
        verdict = evaluate(ex, no_assertion)
    finally:
        tf.debugging.disable_check_numerics()
    assert verdict.key == "no_error", verdict.text  # check-numerics did not stand in for the missing assertion
    assert "结束后没有再打开" in verdict.text and "恢复成开着" not in verdict.text, verdict.text


def test_without_clone_traces_are_counted_from_where_the_function_stood(without):
    ex = exercises.get("07.1")
    own_call = run_source(_source("07.1", "right/own_call_first.py"), "test 07.1 own call")  # traced once already
    without("_clone")
    assert private_api.clone(own_call) is None
    assert evaluate(ex, own_call).key == OK  # the learner's own trace is still not counted
    assert evaluate(ex, run_source(_source("07.1", "wrong/dtype_changed.py"), "test 07.1 dtype")).key == "dtype_changed"


def test_without_reduce_retracing_the_verdict_names_python_numbers_only(without):
    answer = run_source(_source("01.1", "wrong/retraced__reduce_retracing.py"), "test 01.1 reduce")
    without("_reduce_retracing")
    verdict = evaluate(exercises.get("01.1"), answer)
    assert verdict.key == "retraced" and "reduce_retracing" not in verdict.text, verdict.text
    assert "每个新的 Python 数字 `factor` 都会让 `tf.function` 重新追踪" in verdict.text
    assert "每个新长度的 `x`" not in verdict.text, verdict.text  # it relaxed the shape after 2 lengths: not "every"


def test_without_graph_function_a_fixed_loop_is_not_judged(without):
    """07.1 cannot count a While's iterations then: it says nothing about them, and the other checks still decide."""
    ex = exercises.get("07.1")
    without("wrap_function")
    fixed = evaluate(ex, run_source(_source("07.1", "wrong/fixed_loop.py"), "test 07.1 fixed"))
    assert fixed.key == OK and "开始循环" not in fixed.text, fixed.text  # accepted, with no claim about rounds
    python_value = run_source(_source("07.1", "wrong/python_value_in_graph.py"), "test 07.1 python value")
    assert evaluate(ex, python_value).key == "python_value_in_graph"


def test_without_the_default_writer_a_missing_flush_is_called_nothing_written(without):
    from tensorflow.python.ops import summary_ops_v2

    ex = exercises.get("08.2")
    default = summary_ops_v2._summary_state.writer
    without("summary_ops_v2")
    assert private_api.default_summary_writer() is private_api.UNKNOWN
    try:
        verdict = evaluate(ex, run_source(_source("08.2", "wrong/not_flushed.py"), "test 08.2 not flushed"))
        flushed = evaluate(ex, run_source(_source("08.2", "right/set_as_default_flush.py"), "test 08.2 flush"))
    finally:
        summary_ops_v2._summary_state.writer = default  # those answers' writers stay the default: the check cannot tell
    assert verdict.key == "nothing_written", verdict.text
    assert flushed.key == OK, flushed.text
