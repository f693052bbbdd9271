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


def test_timing_str_of_one_round_shows_no_spread():
    assert str(timing.Timing(0.0125, 0.0, 1)) == "12.50 ms (n=1)"


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


#: What machine_info() returns, as far as machine_line() / machine_text() read it (no settings).
MACHINE = {
    "cpu": "Example CPU", "usable_cores": 2, "gpus": [], "tensorflow": "2.21.0",
    "keras": "3.15.1", "python": "3.11.7", "date": "2026-11-30T12:00:00+00:00",
}


def test_machine_line_names_cpu_cores_versions_and_date():
    machine = dict(MACHINE)
    assert timing.machine_line(machine) == (
        "Example CPU (2 cores), no GPU; TF 2.21.0, Keras 3.15.1, Python 3.11.7; 2026-11-30"
    )


def test_machine_line_names_the_settings_timings_ran_under():
    machine = dict(MACHINE, gpus=[{"name": "Example GPU"}], deterministic_ops=True, onednn=False,
                   tf_intra_op_threads=2, tf_inter_op_threads=0)
    assert timing.machine_line(machine) == (
        "Example CPU (2 cores), Example GPU; TF 2.21.0, Keras 3.15.1, Python 3.11.7; "
        "op determinism on, oneDNN off, TF threads 2 intra/auto inter; 2026-11-30"
    )
    machine.update(deterministic_ops=False, onednn=None, cpu="Caf\u00e9 CPU")
    line = timing.machine_line(machine)
    assert "op determinism off, oneDNN TF default," in line and line.isascii()


def test_machine_text_says_the_same_in_chinese():
    machine = dict(MACHINE)
    assert timing.machine_text(machine) == (
        "Example CPU（可用 2 核），无 GPU；TensorFlow 2.21.0 · Keras 3.15.1 · Python 3.11.7；2026-11-30"
    )
    machine.update(gpus=[{"name": "GPU A"}, {"name": "GPU B"}], deterministic_ops=True, onednn=False,
                   tf_intra_op_threads=2, tf_inter_op_threads=0)
    assert timing.machine_text(machine) == (
        "Example CPU（可用 2 核），GPU A、GPU B；TensorFlow 2.21.0 · Keras 3.15.1 · Python 3.11.7；"
        "确定性算子：开 · oneDNN：关 · TF 线程：算子内 2、算子间 自动；2026-11-30"
    )
    machine.update(deterministic_ops=None, onednn=None)
    assert "确定性算子：未知 · oneDNN：TF 默认 ·" in timing.machine_text(machine)


def test_this_machine_text_says_what_make_reproducible_set():
    assert "确定性算子：开 · oneDNN：关 · TF 线程：算子内 2、算子间 2；" in timing.machine_text()


@pytest.mark.parametrize("value,expected", [(None, None), ("0", False), ("1", True), ("true", True)])
def test_onednn_setting_comes_from_the_environment(monkeypatch, value, expected):
    if value is None:
        monkeypatch.delenv("TF_ENABLE_ONEDNN_OPTS", raising=False)
    else:
        monkeypatch.setenv("TF_ENABLE_ONEDNN_OPTS", value)
    assert timing.machine_info()["onednn"] is expected


def test_this_machine_line_says_what_make_reproducible_set():
    line = timing.machine_line()
    assert "op determinism on, oneDNN off, TF threads 2 intra/2 inter;" in line


@pytest.mark.parametrize("machine,error,message", [
    ({}, ValueError, r"machine must be a dict from machine_info\(\); it lacks \['cpu'"),
    ([], TypeError, "machine must be a dict from machine_info"),
    ({"cpu": "c", "usable_cores": 1, "gpus": None, "tensorflow": "2", "keras": "3", "python": "3",
      "date": "2026-01-01"}, ValueError, r"machine\['gpus'\] must be a list"),
])
@pytest.mark.parametrize("describe", [timing.machine_line, timing.machine_text])
def test_machine_line_bad_argument(describe, machine, error, message):
    with pytest.raises(error, match=message):
        describe(machine)


@pytest.mark.parametrize("timings,error,message", [
    ({"a": 1.0}, TypeError, r"timings\['a'\] must be a Timing \(from measure\(\)\), got float"),
    (None, TypeError, "timings must be a non-empty dict"),
    ({}, TypeError, "timings must be a non-empty dict"),
    ({"a": timing.Timing(0.0, 0.0, 1), "b": timing.Timing(1.0, 0.0, 1)}, ValueError,
     r"timings\['a'\] has median 0.0 s"),
])
def test_compare_bad_arguments(timings, error, message):
    with pytest.raises(error, match=message):
        timing.compare(timings, "b")


def test_compare_unhashable_baseline():
    with pytest.raises(KeyError, match="baseline"):
        timing.compare({"a": timing.Timing(1, 0, 1)}, ["a"])


def test_measure_accepts_numpy_integers():
    import numpy as np

    calls = []
    result = timing.measure(lambda: calls.append(1), repeats=np.int64(2), warmup=np.int32(0), number=np.int64(3))
    assert len(calls) == 6 and result.repeats == 2 and type(result.repeats) is int
    with pytest.raises(TypeError, match="repeats must be an int, got float"):
        timing.measure(lambda: None, repeats=2.0)


def test_machine_info_describes_this_machine():
    info = timing.machine_info()
    assert info["cores"] >= 1 and info["usable_cores"] >= 1
    assert info["tensorflow"].startswith("2.") and info["keras"].startswith("3.")
    assert info["tf_intra_op_threads"] >= 0
    assert timing.machine_line(info).endswith(info["date"][:10])


def _fake_clock(monkeypatch):
    """A clock that only moves when a fake candidate 'works'; returns a function that spends seconds."""
    now = [0.0]
    monkeypatch.setattr(timing.time, "perf_counter", lambda: now[0])

    def spend(seconds):
        now[0] += seconds

    return spend


def test_benchmark_times_per_unit_and_compares_with_the_baseline(monkeypatch):
    spend = _fake_clock(monkeypatch)
    calls = {"slow": 0, "fast": 0}

    def slow():
        calls["slow"] += 1
        spend(0.010)  # 10 ms per call, one step per call

    def fast():
        calls["fast"] += 1
        spend(0.020)  # 20 ms per call, but 10 steps per call

    result = timing.benchmark({"slow": slow, "fast": fast}, "slow", units={"fast": 10}, unit="步",
                              repeats=3, warmup=1, min_round_s=0.03)
    assert calls == {"slow": 1 + 1 + 3 * 3, "fast": 1 + 1 + 3 * 2}  # warm-up, probe, rounds of >= 30 ms
    assert result.timings["slow"].median == pytest.approx(0.010)
    assert result.timings["fast"].median == pytest.approx(0.002)
    assert result.speedups == pytest.approx({"slow": 1.0, "fast": 5.0})
    lines = str(result).splitlines()
    assert lines[0] == "每步用时和速度（以 slow 为 1 倍）："
    assert [line.split() for line in lines[1:]] == [["slow", "10.00", "ms", "1.0", "倍"], ["fast", "2.00", "ms", "5.0", "倍"]]


def test_benchmark_table_names_the_unit_in_chinese(monkeypatch):
    spend = _fake_clock(monkeypatch)
    result = timing.benchmark({"a": lambda: spend(0.01)}, "a", unit="批", repeats=1, warmup=0)
    assert str(result).splitlines()[0] == "每批用时和速度（以 a 为 1 倍）："
    default = timing.benchmark({"a": lambda: spend(0.01)}, "a", repeats=1, warmup=0)
    assert str(default).splitlines()[0] == "每次用时和速度（以 a 为 1 倍）："


def test_benchmark_rejects_bad_arguments_before_calling_anything():
    calls = []
    fn = lambda: calls.append(1)  # noqa: E731
    with pytest.raises(ValueError, match="candidates must be a non-empty dict"):
        timing.benchmark({}, "a")
    with pytest.raises(TypeError, match="candidates must map str names to callables"):
        timing.benchmark({"a": 42}, "a")
    with pytest.raises(KeyError, match="baseline 'b' is not one of the candidates"):
        timing.benchmark({"a": fn}, "b")
    with pytest.raises(KeyError, match="units names 'b'"):
        timing.benchmark({"a": fn}, "a", units={"b": 2})
    with pytest.raises(ValueError, match=r"units\['a'\] must be an int >= 1"):
        timing.benchmark({"a": fn}, "a", units={"a": 0})
    with pytest.raises(ValueError, match="unit must be a non-empty str"):
        timing.benchmark({"a": fn}, "a", unit=" ")
    with pytest.raises(ValueError, match="repeats must be an int >= 1"):
        timing.benchmark({"a": fn}, "a", repeats=0)
    with pytest.raises(ValueError, match="min_round_s must be a number of seconds >= 0"):
        timing.benchmark({"a": fn}, "a", min_round_s=-1)
    assert calls == []


def test_display_width_counts_chinese_characters_as_two_columns():
    assert timing.display_width("tf.function") == 11
    assert timing.display_width("即时执行") == 8
    assert timing.display_width("tf.data + cache()") == 17
    assert timing.display_width("NumPy 切片") == 10
    assert timing.display_width("读文件，解码") == 12  # the full-width comma too


def test_benchmark_table_aligns_chinese_names_and_spaces_the_baseline_only_next_to_latin(monkeypatch):
    spend = _fake_clock(monkeypatch)
    names = {"即时执行": 0.02, "tf.function": 0.01, "每次调用 10 步": 0.001}
    result = timing.benchmark({name: (lambda s=s: spend(s)) for name, s in names.items()}, "即时执行",
                              unit="步", repeats=1, warmup=0)
    lines = str(result).splitlines()
    assert lines[0] == "每步用时和速度（以即时执行为 1 倍）："
    columns = {timing.display_width(line.split("  ")[0].rstrip()) for line in lines[1:]}
    assert columns == {8, 11, 14}, "the names themselves are unchanged"
    ms_column = {timing.display_width(line[: line.index(" ms")]) for line in lines[1:]}
    assert len(ms_column) == 1, f"every row's 'ms' starts in the same column: {lines[1:]}"
    latin = timing.benchmark({"eager": lambda: spend(0.01)}, "eager", repeats=1, warmup=0)
    assert str(latin).splitlines()[0] == "每次用时和速度（以 eager 为 1 倍）："


def test_fit_fixed_and_per_unit_recovers_a_line_and_rejects_too_few_counts():
    intercept, slope = timing.fit_fixed_and_per_unit([0, 3, 12], [0.010, 0.016, 0.034])
    assert intercept == pytest.approx(0.010) and slope == pytest.approx(0.002)
    with pytest.raises(ValueError, match="at least two different counts"):
        timing.fit_fixed_and_per_unit([3, 3], [0.1, 0.1])
    with pytest.raises(ValueError, match="one time per count"):
        timing.fit_fixed_and_per_unit([1, 3], [0.1])


def test_scaling_times_the_fixed_cost_directly_and_fits_the_cost_per_unit(monkeypatch):
    spend = _fake_clock(monkeypatch)
    calls = []

    def fn(n):
        calls.append(n)
        spend(0.050 + 0.010 * n)  # 50 ms per call, 10 ms per batch

    result = timing.scaling(fn, (12, 0, 3), repeats=3, enough_s=10)
    assert calls == [0, 3, 12] * 3, "round by round over the counts (sorted), so a busy spell hits every count alike"
    assert result.counts == (0, 3, 12) and result.calls == (3, 3, 3)
    assert result.seconds == pytest.approx((0.050, 0.080, 0.170))
    assert result.fixed == pytest.approx(0.050), "the fixed cost is the median of the calls that do no work"
    assert result.per_unit == pytest.approx(0.010)


def test_scaling_keeps_the_median_and_times_a_long_call_once(monkeypatch):
    spend = _fake_clock(monkeypatch)
    calls = []
    disturbed = iter([0.0, 0.0, 0.5, 0.0])  # another program slows down the second call of fn(0)

    def fn(n):
        calls.append(n)
        spend(0.010 + 0.010 * n + next(disturbed))

    result = timing.scaling(fn, (0, 30), repeats=3, enough_s=0.25)
    assert calls == [0, 30, 0, 0], "fn(30) takes 0.31 s, already enough_s: it is not repeated"
    assert result.calls == (3, 1)
    assert result.fixed == pytest.approx(0.010), "the median leaves the disturbed call out"
    assert result.per_unit == pytest.approx(0.010)


def test_scaling_text_shows_both_costs_and_the_medians():
    result = timing.Scaling((0, 3, 12), (0.050, 0.080, 0.170), (3, 3, 3), 0.050, 0.010)
    table = timing.scaling_text({"编译好的单步": result, "eager": timing.Scaling((0, 3), (0.001, 0.3), (3, 3), 0.001, 0.1)})
    lines = table.splitlines()
    assert lines[0].split()[:3] == ["写法", "固定开销（0", "批）"]
    assert "每批的开销" in lines[0] and "0 批" not in lines[0].replace("固定开销（0 批）", "")
    assert "50.0 ms" in lines[1] and "10.0 ms" in lines[1] and "170.0 ms" in lines[1]
    assert lines[2].endswith("—"), "a count that was not measured shows a dash"


def test_scaling_rejects_counts_without_zero_and_bad_arguments():
    with pytest.raises(ValueError, match="must hold 0"):
        timing.scaling(lambda n: None, (1, 3))
    with pytest.raises(ValueError, match="must hold 0"):
        timing.scaling(lambda n: None, (0,))
    with pytest.raises(ValueError, match="each once"):
        timing.scaling(lambda n: None, (0, 3, 3))
    with pytest.raises(TypeError, match="fn must be callable"):
        timing.scaling(42, (0, 3))
    with pytest.raises(ValueError, match="repeats must be an int >= 1"):
        timing.scaling(lambda n: None, (0, 3), repeats=0)
    with pytest.raises(TypeError, match="results must be a non-empty dict"):
        timing.scaling_text({})
