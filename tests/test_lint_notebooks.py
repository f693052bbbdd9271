"""tools/lint_notebooks.py: a good notebook passes; each broken one fails naming its cell."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools import lint_notebooks  # noqa: E402
from tools import project as project_facts  # noqa: E402

REPO = "example-owner/example-repo"
NAME = "01_demo.ipynb"
COLAB = f"https://colab.research.google.com/github/{REPO}/blob/main/notebooks/{NAME}"
GITHUB = f"https://github.com/{REPO}/blob/main/notebooks/{NAME}"
BUTTONS = (
    f"[![在 Colab 中运行](https://colab.research.google.com/assets/colab-badge.svg)]({COLAB})\n"
    f"[![在 GitHub 上查看](https://img.shields.io/badge/GitHub-181717?logo=github)]({GITHUB})"
)
SETUP = """# 环境准备：在 Colab 上先安装本项目，再让这次运行可复现。
import sys

if "google.colab" in sys.modules:
    %pip install -q "git+https://github.com/example-owner/example-repo"

import helpers

helpers.make_reproducible(seed=42)

import keras
import numpy as np
import tensorflow as tf"""
ENDING = (
    "## 延伸阅读\n\n- [Better performance with tf.function](https://www.tensorflow.org/guide/function)\n\n---\n\n"
    "[术语表](glossary.md) · 指南原文：[《高效的 TensorFlow 2》](https://www.tensorflow.org/guide/effective_tf2?hl=zh-cn)"
)
GLOSSARY = (
    "# 术语表\n\n| 术语 | English | 含义 | 不要写成 |\n|---|---|---|---|\n"
    "| 即时执行 | eager execution | 立刻算出结果 | Eager、即时模式 |\n| 张量 | tensor | 多维数组 | |\n"
)
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg0x1234567890ab"


def md(cell_id: str, source: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}


def code(cell_id: str, source: str, count: int | None, outputs: list | None = None) -> dict:
    return {
        "cell_type": "code",
        "id": cell_id,
        "metadata": {},
        "execution_count": count,
        "outputs": outputs or [],
        "source": source,
    }


def stdout(text: str, name: str = "stdout") -> dict:
    return {"output_type": "stream", "name": name, "text": text}


def good_notebook() -> dict:
    """A small notebook that follows every rule (cells 1-7)."""
    cells = [
        md(
            "c01",
            f"# 01 · 演示：把函数编译成计算图\n\n{BUTTONS}\n\n"
            "读完这个笔记本，你会知道 `tf.function` 怎样追踪 Python 函数，以及何时会重新追踪。",
        ),
        code("c02", SETUP, 1, [stdout("TensorFlow 2.21.0 · Keras 3.15.0 · 随机种子 42\n")]),
        md(
            "c03",
            "## 第一步：准备数据\n\n先用 NumPy 生成一小批数据，数据模块见 [helpers/data.py](../helpers/data.py)；"
            "用 `keras.Input(shape=(28, 28, 1))` 声明输入形状。",
        ),
        code("c04", "x = [1, 2, 3]\nprint(sum(x))", 2, [stdout("6\n")]),
        code(
            "c05",
            "helpers.plotting.plot_bars({'a': 1.0})",
            3,
            [
                {
                    "output_type": "display_data",
                    "metadata": {},
                    "data": {"image/png": PNG, "text/plain": "<Figure>"},
                }
            ],
        ),
        md("c06", "<!-- lang: en -->\n> Write code that reads well. (from the guide's outline)"),
        md("c07", "## 小结\n\n- 计算图比即时执行快，而且结果相同。"),
        md("c08", ENDING),
    ]
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "cells": cells,
    }


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A minimal repository: pyproject.toml naming the repo, helpers/data.py, notebooks/."""
    (tmp_path / "pyproject.toml").write_text(
        f'[project]\nname = "demo"\n\n[project.urls]\nRepository = "https://github.com/{REPO}"\n',
        encoding="utf-8",
    )
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "data.py").write_text("", encoding="utf-8")
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "glossary.md").write_text(GLOSSARY, encoding="utf-8")
    return tmp_path


def lint(project: Path, nb: dict | str, name: str = NAME) -> list:
    path = project / "notebooks" / name
    path.write_text(nb if isinstance(nb, str) else json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return lint_notebooks.lint([path], root=project)


def test_good_notebook_passes(project):
    assert lint(project, good_notebook()) == []


def test_cli_checks_only_the_collections_nn_notebooks(project, capsys):
    """Copies left by nbconvert, JupyterLab or papermill are not part of the collection."""
    lint(project, good_notebook())
    broken = good_notebook()
    broken["cells"][3]["outputs"] = [stdout("saved to /tmp/abc/model.keras\n")]
    for name in ("01_intro.nbconvert.ipynb", "01_intro-Copy1.ipynb", "Untitled.ipynb", "1_intro.ipynb"):
        lint(project, broken, name)
    assert lint_notebooks.main(["--root", str(project)]) == 0
    assert "1 notebook(s) checked" in capsys.readouterr().out
    assert [p.name for p in lint_notebooks.collection(project / "notebooks")] == [NAME]


def test_cli_passes_on_good_and_fails_on_broken_naming_the_cell(project, capsys):
    lint(project, good_notebook())
    assert lint_notebooks.main(["--root", str(project)]) == 0
    broken = good_notebook()
    broken["cells"][3]["outputs"] = [stdout("saved to /tmp/abc/model.keras\n")]
    lint(project, broken, "02_other.ipynb")
    assert lint_notebooks.main(["--root", str(project)]) == 1
    out = capsys.readouterr().out
    assert (
        "notebooks/02_other.ipynb: cell 4 (id 'c04'): NB302 its stdout output contains a machine-specific path"
        in out
    )
    assert "fix: do not print paths" in out
    assert "2 notebook(s) checked" in out


def test_repository_is_read_from_pyproject():
    assert project_facts.repository(ROOT / "pyproject.toml").count("/") == 1
    assert project_facts.repository_url(ROOT) == "https://github.com/" + project_facts.repository()
    assert lint_notebooks.button_urls("o/r", "03_x.ipynb") == {
        "Colab": "https://colab.research.google.com/github/o/r/blob/main/notebooks/03_x.ipynb",
        "GitHub": "https://github.com/o/r/blob/main/notebooks/03_x.ipynb",
    }


def test_repository_must_be_a_github_url(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project.urls]\nRepository = "https://example.org/x"\n')
    with pytest.raises(ValueError, match=r"Repository must be https://github.com/OWNER/NAME"):
        project_facts.repository(tmp_path / "pyproject.toml")


def _set(cell: int, key: str, value):
    def change(nb):
        nb["cells"][cell - 1][key] = value

    return change


def _source(cell: int, text: str):
    return _set(cell, "source", text)


def _outputs(cell: int, *outputs):
    return _set(cell, "outputs", list(outputs))


def _delete_id(nb):
    del nb["cells"][3]["id"]


def _insert_empty_code_cell(nb):
    nb["cells"].insert(4, code("c04b", "", None))


def _swap_counts(nb):
    nb["cells"][3]["execution_count"], nb["cells"][4]["execution_count"] = 3, 2


def _long_english_section(nb):
    nb["cells"][5]["source"] = "<!-- lang: en -->\n" + "This sentence is English. " * 40


# (what is broken, change, cell named (from 1), words the message must contain)
BROKEN = [
    ("cell without id", _delete_id, 4, "has no cell id"),
    ("duplicate id", _set(4, "id", "c02"), 4, "same id as cell 2"),
    ("bad id characters (schema)", _set(4, "id", "bad id!"), 4, "nbformat 4.5 schema"),
    (
        "code cell without outputs field (schema)",
        lambda nb: nb["cells"][3].pop("outputs"),
        4,
        "must contain ['outputs']",
    ),
    ("second H1", _source(3, "# 另一个标题\n\n正文是中文。"), 3, "second H1"),
    ("setext H1", _source(3, "另一个标题\n======\n\n正文是中文。"), 3, "second H1"),
    ("merge conflict in prose", _source(3, "<<<<<<< HEAD\n正文是中文。\n=======\n正文是另一段中文。\n>>>>>>> other\n"),
     3, "merge-conflict marker on line 1"),
    ("merge conflict in code", lambda nb: nb["cells"][3].update(source="x = 1\n=======\nx = 2\n"), 4,
     "merge-conflict marker on line 2"),
    ("code line too wide", lambda nb: nb["cells"][3].update(source="x = 1  # " + "很长的注释" * 9 + "\n"), 4,
     "line 1 of the code is 99 columns wide"),
    ("no H1", _source(1, f"## 演示\n\n{BUTTONS}\n\n正文是中文。"), 1, "no H1"),
    ("first cell is code", lambda nb: nb["cells"].insert(0, code("c00", "x = 1", None)), 1, "must open with"),
    (
        "Colab button for another notebook",
        _source(1, "# 演示\n\n" + BUTTONS.replace(f"{NAME})", "02_other.ipynb)", 1)),
        1,
        "Colab button points at https://colab.research.google.com/github/example-owner/example-repo/blob/main/notebooks/02_other.ipynb",
    ),
    (
        "buttons name another repository",
        _source(1, "# 演示\n\n" + BUTTONS.replace(REPO, "someone/else")),
        1,
        "GitHub button points at https://github.com/someone/else",
    ),
    (
        "GitHub button missing",
        _source(1, "# 演示\n\n" + BUTTONS.splitlines()[0]),
        1,
        "GitHub button is missing",
    ),
    (
        "buttons not right under the H1",
        _source(1, f"# 演示\n\n这里先写一段介绍，按钮应该在标题正下方。\n\n{BUTTONS}"),
        1,
        "Colab button is not on the lines right under the H1",
    ),
    (
        "setup cell without import helpers",
        _source(2, "import keras\nmake_reproducible(seed=1)"),
        2,
        "does not import helpers",
    ),
    (
        "setup cell without make_reproducible",
        _source(2, "import helpers\nimport keras"),
        2,
        "make_reproducible()",
    ),
    (
        "tensorflow imported before make_reproducible",
        _source(2, "import helpers\nimport tensorflow as tf\n\nhelpers.make_reproducible(seed=42)"),
        2,
        "imports 'import tensorflow' before make_reproducible() runs",
    ),
    ("cell not executed", _set(4, "execution_count", None), 4, "was not executed"),
    ("cells executed out of order", _swap_counts, 4, "has execution count 3, expected 2"),
    ("empty code cell", _insert_empty_code_cell, 5, "empty code cell"),
    (
        "path in stdout",
        _outputs(4, stdout("wrote /root/.keras/x\n")),
        4,
        "machine-specific path: 'wrote /root/",
    ),
    ("work path", _outputs(4, stdout("data in /work/main/x\n")), 4, "machine-specific path"),
    (
        "site-packages in a stderr warning",
        _outputs(4, stdout("/usr/lib/python3/site-packages/keras/x.py:12: UserWarning\n", "stderr")),
        4,
        "its stderr output contains a machine-specific path",
    ),
    (
        "object address in text/plain",
        _outputs(
            4,
            {
                "output_type": "execute_result",
                "execution_count": 2,
                "metadata": {},
                "data": {"text/plain": "<keras.Model object at 0x7f3a2b4c5d60>"},
            },
        ),
        4,
        "text/plain output contains an object address",
    ),
    ("ANSI escape", _outputs(4, stdout("\x1b[32mEpoch 1/2\x1b[0m\n")), 4, "ANSI escape"),
    ("half-width colon after a Chinese label", _outputs(4, stdout("损失: 0.25\n")), 4,
     "half-width colon after a Chinese label"),
    (
        "traceback printed to stderr",
        _outputs(4, stdout("Traceback (most recent call last):\n  File x\nValueError: no\n", "stderr")),
        4,
        "contains a traceback",
    ),
    (
        "error output",
        _outputs(4, {"output_type": "error", "ename": "ValueError", "evalue": "bad", "traceback": []}),
        4,
        "has an error output (ValueError: bad)",
    ),
    (
        "broken relative link",
        _source(3, "## 数据\n\n详见[数据模块](../helpers/missing.py)。"),
        3,
        "does not exist",
    ),
    (
        "relative image missing",
        _source(3, "## 数据\n\n示意图：![示意图](images/x.png)"),
        3,
        "'images/x.png', which does not exist",
    ),
    (
        "absolute link",
        _source(3, "## 数据\n\n详见[数据模块](/work/main/helpers/data.py)。"),
        3,
        "absolute path",
    ),
    (
        "link outside the repository",
        _source(3, "## 数据\n\n详见[配置](../../../etc/passwd)。"),
        3,
        "outside the repository",
    ),
    (
        "English cell",
        _source(
            3, "## Data\n\nFirst we build a small dataset with NumPy and feed it to the model in batches."
        ),
        3,
        "is mostly English",
    ),
    (
        "English sentence inside Chinese prose",
        _source(
            3,
            "## 数据\n\n这一节先准备数据，再训练一个很小的模型，观察损失怎样随轮数下降。"
            "数据只取几千张图片，训练几轮就能看到明显的进步，所以整个笔记本几秒钟就能跑完。\n\n"
            "Note that we train for only a few epochs.",
        ),
        3,
        "has an English sentence",
    ),
    (
        "Traditional Chinese",
        _source(3, "## 數據\n\n這一節準備數據，然後訓練模型。"),
        3,
        "Traditional Chinese",
    ),
    ("marked English section too long", _long_english_section, 6, "is marked English but has"),
    # NB205 title-number, NB206 ending, NB402 emphasis, NB403 glossary-terms
    ("title with another number", lambda nb: nb["cells"][0].update(
        source=nb["cells"][0]["source"].replace("# 01 · ", "# 02 · ", 1)), 1, "does not read '01 · 标题'"),
    ("ending without the guide", lambda nb: nb["cells"][7].update(source=ENDING.split(" · 指南原文")[0]), 8,
     "does not link the guide's section"),
    ("emphasis glued to punctuation", _source(3, "## 第一步：准备数据\n\n**对应本篇：**先用 NumPy 生成数据。"), 3,
     "has emphasis that does not render"),
    ("discarded glossary variant", _source(3, "## 第一步：准备数据\n\n这里用即时模式运行每一步。"), 3, "即时模式"),
]


@pytest.mark.parametrize("change,cell,expected", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_notebook_fails_naming_the_cell(project, change, cell, expected):
    nb = good_notebook()
    change(nb)
    problems = lint(project, nb)
    assert problems, "the broken notebook passed"
    messages = [str(p) for p in problems]
    named = [m for m in messages if f": cell {cell} (id " in m and expected in m]
    assert named, f"no problem names cell {cell} with {expected!r}; got:\n" + "\n".join(messages)
    assert all(m.startswith(f"notebooks/{NAME}: ") and "\n    fix: " in m for m in messages)


def test_every_rule_has_a_failing_fixture_and_its_findings_carry_its_code(project):
    """Each registered rule (NB101 ...) is what some BROKEN notebook trips; a rule no fixture breaks is untested."""
    tripped = {}
    for name, change, cell, expected in BROKEN:
        nb = good_notebook()
        change(nb)
        for problem in lint(project, nb):
            if problem.cell == cell and expected in problem.message:
                assert problem.code in lint_notebooks.RULES, f"{name}: finding without a rule code: {problem}"
                tripped.setdefault(problem.code, name)
    untested = sorted(set(lint_notebooks.RULES) - set(tripped))
    assert not untested, f"no BROKEN fixture trips {untested}: add one for each"


def test_select_and_ignore_choose_rules_by_code_or_prefix(project, capsys):
    nb = good_notebook()
    nb["cells"][3]["outputs"] = [stdout("saved to /tmp/abc/model.keras\n")]  # NB302
    nb["cells"][3]["execution_count"] = None  # NB301
    path = project / "notebooks" / NAME
    lint(project, nb)
    codes = lambda **kw: sorted({p.code for p in lint_notebooks.lint([path], root=project, **kw)})  # noqa: E731
    assert codes() == ["NB301", "NB302"]
    assert codes(select=("NB302",)) == ["NB302"]
    assert codes(select=("NB3",), ignore=("NB301",)) == ["NB302"]
    assert codes(ignore=("NB3",)) == []
    with pytest.raises(SystemExit):
        lint_notebooks.main(["--root", str(project), "--select", "NB9"])
    assert "unknown rule code(s) NB9" in capsys.readouterr().err
    assert lint_notebooks.main(["--list-rules"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in listed] == sorted(lint_notebooks.RULES), "every rule, by code"


def test_mostly_english_notebook_fails_even_when_each_cell_is_short(project):
    nb = good_notebook()
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown" and i > 0:
            cell["source"] = "## Step\n\nTraining the tiny model here 训练。"
    nb["cells"].insert(2, md("c02b", "Keras fit evaluate predict summary callbacks 一二"))
    problems = lint(project, nb)
    assert any("prose is only" in str(p) and ": cell " in str(p) for p in problems), problems


@pytest.mark.parametrize(
    "text",
    [
        "## 用 `tf.function` 编译\n\n`model.fit(dataset, epochs=3, verbose=0)` 会按批次训练。",
        "## 延伸阅读\n\n- [Better performance with tf.function and AutoGraph in TensorFlow 2](https://www.tensorflow.org/guide/function)",
        "## 模型\n\n```python\nmodel = keras.Sequential([keras.layers.Dense(10)])  # an English comment\n```\n\n"
        "上面的代码建一个模型。",
        "## Keras 3 变化\n\n> **Keras 3 变化：** `reset_states()` 改名为 `reset_state()`；TensorFlow 2.16 起默认使用 Keras 3。",
    ],
)
def test_chinese_prose_with_code_links_and_terms_passes(project, text):
    nb = good_notebook()
    nb["cells"][2]["source"] = text
    assert lint(project, nb) == []


def test_binary_outputs_are_not_scanned_but_svg_is(project):
    nb = good_notebook()  # its PNG's base64 happens to contain '0x1234567890ab'
    assert lint(project, nb) == []
    nb["cells"][4]["outputs"][0]["data"]["image/svg+xml"] = "<svg><!-- /home/me/fig.svg --></svg>"
    assert any("image/svg+xml output contains a machine-specific path" in str(p) for p in lint(project, nb))


def test_source_as_list_of_lines_is_read(project):
    nb = good_notebook()
    for cell in nb["cells"]:
        cell["source"] = cell["source"].splitlines(keepends=True)
    assert lint(project, nb) == []


@pytest.mark.parametrize(
    "content,expected",
    [
        ("{not json", "cannot be read as notebook JSON"),
        (json.dumps({**good_notebook(), "nbformat_minor": 4}), "is nbformat 4.4, expected 4.5"),
        ("[]", "is not a notebook"),
    ],
)
def test_unreadable_notebooks_fail_at_notebook_level(project, content, expected):
    problems = lint(project, content)
    assert [str(p).split("\n")[0] for p in problems] == [f"notebooks/{NAME}: notebook: NB101 {problems[0].message}"]
    assert expected in problems[0].message


def test_lint_does_not_modify_the_notebook(project):
    nb = copy.deepcopy(good_notebook())
    nb["cells"][3]["execution_count"] = None
    path = project / "notebooks" / NAME
    lint(project, nb)
    before = path.read_bytes()
    lint_notebooks.lint([path], root=project)
    assert path.read_bytes() == before


# -- glossary terms, title, ending and navigation ----------------------------------------------


@pytest.mark.parametrize(
    "cell, expected",
    [
        (md("c03", "## 第一步\n\n在 Eager 下逐条运行。"), "'Eager', which the glossary replaces with '即时执行'"),
        (md("c03", "## 第一步\n\n即时模式下逐条运行。"), "'即时模式'"),
        (code("c04", "# 即时模式下逐条运行\nx = 1", 2), "its comments or strings use '即时模式'"),
        (code("c04", "print('即时模式：', 1)", 2, [stdout("即时模式： 1\n")]), "'即时模式'"),
        (md("c03", "## 第一步\n\n这一步对应指南的 C01。"), "claim id 'C01'"),
        (md("c03", "## 第一步\n\n> **版本变化（Keras 3 起）：** 要产出元组。"), "version note '版本变化（Keras 3 起）'"),
    ],
)
def test_discarded_terms_and_claim_ids_are_reported(project, cell, expected):
    nb = good_notebook()
    nb["cells"][2 if cell["cell_type"] == "markdown" else 3] = cell
    problems = lint(project, nb)
    assert any(expected in p.message for p in problems), problems


def test_terms_in_code_spans_and_english_labels_are_fine(project):
    nb = good_notebook()
    nb["cells"][2] = md("c03", "## 第一步\n\n即时执行时 `Eager` 这个词只出现在代码里。")
    nb["cells"][3] = code("c04", "label = 'eager loop'  # 即时执行的循环\nprint(1)", 2, [stdout("1\n")])
    assert lint(project, nb) == []


def test_title_must_carry_the_file_number(project):
    nb = good_notebook()
    nb["cells"][0]["source"] = nb["cells"][0]["source"].replace("# 01 · ", "# ")
    problems = lint(project, nb)
    assert [p.cell for p in problems] == [1] and "'01 · 标题'" in problems[0].message


def test_ending_needs_summary_and_navigation_cell_last(project):
    nb = good_notebook()
    nb["cells"] = nb["cells"][:-1]  # no 延伸阅读 cell
    problems = lint(project, nb)
    assert any("last cell is not the '## 延伸阅读' cell" in p.message for p in problems), problems
    nb = good_notebook()
    nb["cells"][-2] = md("c07", "## 总结\n\n- 计算图更快。")
    assert any("no '## 小结' section" in p.message for p in lint(project, nb))


def test_navigation_links_neighbours_glossary_and_guide(project):
    nb = good_notebook()
    (project / "notebooks" / "02_next.ipynb").write_text("{}", encoding="utf-8")
    problems = lint(project, nb)
    assert [p.message for p in problems] == ["does not link 下一篇 (02_next.ipynb)"]
    nb["cells"][-1]["source"] = ENDING.replace("[术语表]", "下一篇：[02 · 下一篇](02_next.ipynb) · [术语表]")
    assert lint(project, nb) == []
    nb["cells"][-1]["source"] = nb["cells"][-1]["source"].split("指南原文")[0]
    assert [p.message for p in lint(project, nb)] == ["does not link the guide's section this notebook follows"]


@pytest.mark.parametrize("text,renders", [
    ("## 第一步\n\n**对应本篇：**追踪", False),  # closing ** after punctuation, before a character
    ("## 第一步\n\n**对应本篇**：追踪", True),
    ("## 第一步\n\n> **版本变化（Keras 3.0 起）：** 这是说明。", True),  # a space after the closing **
    ("## 第一步\n\n计算图里的 `a**2` 和\n\n```python\nx = y ** 2\n```", True),  # code is not prose
])
def test_emphasis_that_would_show_its_asterisks_is_reported(project, text, renders):
    nb = good_notebook()
    nb["cells"][2] = md("c03", text)
    problems = lint(project, nb)
    if renders:
        assert problems == []
    else:
        assert [p.cell for p in problems] == [3] and "does not render: '**对应本篇：**追踪'" in problems[0].message


def test_a_merge_conflict_is_not_called_a_second_h1(project):
    """'=======' under a line of text is a setext H1 to Markdown; the fix is to resolve the conflict."""
    nb = good_notebook()
    _source(3, "<<<<<<< HEAD\n正文是中文。\n=======\n正文是另一段中文。\n>>>>>>> other\n")(nb)
    messages = [str(p) for p in lint(project, nb)]
    assert any("merge-conflict marker" in m for m in messages)
    assert not any("second H1" in m for m in messages), messages
