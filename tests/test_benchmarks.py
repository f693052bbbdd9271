"""benchmarks: a --quick run writes well-formed results.json / .md / .png (no test asserts a time or a ratio)."""

import json
import math
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
from benchmarks import report  # noqa: E402
from benchmarks import run as bench  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MACHINE_KEYS = {
    "cpu",
    "cores",
    "usable_cores",
    "gpus",
    "python",
    "tensorflow",
    "keras",
    "date",
    "tf_intra_op_threads",
    "tf_inter_op_threads",
    "deterministic_ops",
}


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    """Run every group once on tiny sizes, in this process (TensorFlow is already imported)."""
    out = tmp_path_factory.mktemp("bench") / "results"
    results = bench.run(out, quick=True)
    return out, results


def test_writes_the_three_files(quick_run):
    out, _ = quick_run
    assert sorted(p.name for p in out.iterdir()) == ["results.json", "results.md", "results.png"]
    assert (out / "results.png").read_bytes()[:8] == PNG_SIGNATURE


def test_json_has_machine_and_every_group_with_positive_numbers(quick_run):
    out, results = quick_run
    saved = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert saved == json.loads(json.dumps(results))
    assert saved["schema"] == bench.SCHEMA and saved["quick"] is True and saved["failed"] == []
    assert saved["duration_s"] > 0
    assert MACHINE_KEYS <= set(saved["machine"])
    assert isinstance(saved["machine"]["gpus"], list) and saved["machine"]["cores"] >= 1
    assert list(saved["groups"]) == list(bench.GROUP_KEYS)
    for key, group in saved["groups"].items():
        assert {"title", "per_call", "baseline", "warmup", "repeats", "round_s", "results"} <= set(group), key
        assert len(group["results"]) >= 3, key
        assert group["baseline"] in group["results"], key
        for name, case in group["results"].items():
            assert "error" not in case, (key, name)
            assert case["label"].isascii(), (key, name)
            assert math.isfinite(case["median_s"]) and case["median_s"] > 0, (key, name)
            assert case["spread_s"] >= 0 and case["repeats"] == group["repeats"] and case["number"] >= 1, (
                key,
                name,
            )
            assert math.isfinite(case["speedup"]) and case["speedup"] > 0, (key, name)
        assert group["results"][group["baseline"]]["speedup"] == 1.0


def test_markdown_has_a_table_per_group_and_a_row_per_variant(quick_run):
    out, results = quick_run
    text = (out / "results.md").read_text(encoding="utf-8")
    assert text.startswith("# Benchmark results\n")
    assert results["machine"]["tensorflow"] in text
    assert "Model: a small dense net (`helpers.models.build_mlp`)" in text  # --quick uses the MLP
    lines = text.splitlines()
    for group in results["groups"].values():
        assert f"## {report.md_text(group['title'])}" in lines
        for key, case in group["results"].items():
            label = report.md_text(case["label"]) + (" (baseline)" if key == group["baseline"] else "")
            rows = [line for line in lines if line.startswith(f"| {label} |")]
            assert len(rows) == 1, label
            cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
            assert len(cells) == 5 and float(cells[1]) > 0 and cells[4].endswith("x"), rows[0]


def test_a_failed_variant_is_reported_not_timed():
    results = {
        "quick": False,
        "duration_s": 1.0,
        "sizes": {"model": "cnn", "batch_size": 64, "examples": 4000},
        "machine": {
            "cpu": "Test CPU",
            "usable_cores": 2,
            "gpus": [],
            "tensorflow": "2.x",
            "keras": "3.x",
            "python": "3.x",
            "date": "2026-01-01T00:00:00+00:00",
            "tf_intra_op_threads": 2,
            "tf_inter_op_threads": 2,
            "deterministic_ops": True,
        },
        "groups": {
            "g": {
                "title": "G",
                "per_call": "one thing",
                "baseline": "a",
                "warmup": 1,
                "repeats": 3,
                "round_s": 0.25,
                "results": {
                    "a": {
                        "label": "A",
                        "note": "",
                        "median_s": 0.002,
                        "spread_s": 0.0,
                        "repeats": 3,
                        "number": 9,
                        "speedup": 1.0,
                    },
                    "b": {
                        "label": "B",
                        "note": "why",
                        "error": "UnimplementedError: no\nmore",
                        "median_s": None,
                        "spread_s": None,
                        "speedup": None,
                    },
                },
            },
        },
    }
    text = report.to_markdown(results)
    assert "| A (baseline) | 2.00 | 0.00 | 3 x 9 | 1.00x |" in text
    assert "Model: the guide's CNN (`helpers.models.build_cnn`); batch 64; 4000 training images at most." in text
    assert "| B | failed: UnimplementedError: no | | | |" in text
    assert "- **B**: why." in text.splitlines()
    fig = report.draw_chart(results)  # a failed bar is drawn empty, labelled "failed"
    try:
        assert "failed (see results.json)" in [t.get_text() for t in fig.axes[0].texts]
    finally:
        report.plt.close(fig)


def test_md_text_escapes_markup():
    assert report.md_text("model(x) (__call__) | *a* `b`") == r"model(x) (\_\_call\_\_) \| \*a\* \`b\`"


def test_measure_case_fits_calls_to_the_round():
    calls = []
    timing, number = bench.measure_case(lambda: calls.append(1), warmup=2, repeats=3, round_s=0)
    assert number == 1 and len(calls) == 2 + 3 and timing.repeats == 3
    calls.clear()
    timing, number = bench.measure_case(
        lambda: calls.append(1), warmup=2, repeats=3, round_s=1e6, max_number=5
    )
    assert number == 5 and len(calls) == 2 + 1 + 3 * 5  # warm-up, one probe call, the rounds


def test_an_unknown_model_name_is_refused_with_the_choices():
    from dataclasses import replace

    from benchmarks import cases

    assert cases.QUICK.model == "mlp" and cases.FULL.model == "cnn"
    with pytest.raises(ValueError, match=r"sizes.model must be one of \['cnn', 'mlp'\], got 'resnet'"):
        cases.build_model(replace(cases.QUICK, model="resnet"))
