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
