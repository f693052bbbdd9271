"""helpers.timing: counts calls and computes medians and ratios (no test asserts a time)."""

import pytest

from helpers import timing


def test_measure_calls_warmup_plus_repeats_times_number():
    calls = []
    result = timing.measure(lambda: calls.append(1), repeats=3, warmup=2, number=4)
    assert len(calls) == 2 + 3 * 4
    assert result.repeats == 3
    assert result.median >= 0 and result.spread >= 0


def test_compare_is_baseline_over_entry():
    timings = {"slow": timing.Timing(0.4, 0.0, 1), "fast": timing.Timing(0.1, 0.0, 1)}
    assert timing.compare(timings, "slow") == {"slow": 1.0, "fast": 4.0}


def test_timing_str_is_in_milliseconds():
    assert str(timing.Timing(0.0125, 0.002, 5)) == "12.50 ms ± 1.00 ms (n=5)"


def test_bad_arguments():
    with pytest.raises(TypeError, match="fn must be callable"):
        timing.measure(42)
    with pytest.raises(ValueError, match="repeats must be an int >= 1"):
        timing.measure(lambda: None, repeats=0)
    with pytest.raises(KeyError, match="baseline 'x' is not one of"):
        timing.compare({"a": timing.Timing(1, 0, 1)}, "x")


def test_cpu_model_from_cpuinfo(tmp_path):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nmodel\t\t: 85\nmodel name\t: Example  CPU @ 2.0GHz\n")
    assert timing.cpu_model(cpuinfo) == "Example CPU @ 2.0GHz"
    assert timing.cpu_model(tmp_path / "missing")  # falls back to platform, never empty


def test_machine_line_names_cpu_cores_versions_and_date():
    machine = {
        "cpu": "Example CPU", "usable_cores": 2, "gpus": [], "tensorflow": "2.21.0",
        "keras": "3.15.1", "python": "3.11.7", "date": "2026-11-30T12:00:00+00:00",
    }
    assert timing.machine_line(machine) == (
        "Example CPU (2 cores), no GPU; TF 2.21.0, Keras 3.15.1, Python 3.11.7; 2026-11-30"
    )


def test_machine_info_describes_this_machine():
    info = timing.machine_info()
    assert info["cores"] >= 1 and info["usable_cores"] >= 1
    assert info["tensorflow"].startswith("2.") and info["keras"].startswith("3.")
    assert info["tf_intra_op_threads"] >= 0
    assert timing.machine_line(info).endswith(info["date"][:10])
