"""helpers.checks: every run starts from the same variable values, and the values are restored afterwards."""

import numpy as np
import pytest

from helpers import checks


class FakeVariable:
    """Just what run_from_same_start needs: numpy() and assign(), like tf.Variable."""

    def __init__(self, value):
        self.value = np.array(value, dtype=np.float32)

    def numpy(self):
        return self.value.copy()

    def assign(self, value):
        self.value = np.array(value, dtype=np.float32)


def test_each_run_starts_from_the_same_values_and_they_are_restored():
    v = FakeVariable([1.0, 2.0])

    def add(amount):
        v.assign(v.numpy() + amount)
        return float(v.numpy().sum())

    results = checks.run_from_same_start([v], {"plus one": lambda: add(1.0), "plus ten": lambda: add(10.0)})
    assert list(results) == ["plus one", "plus ten"]
    assert results["plus one"][0] == 5.0 and results["plus ten"][0] == 23.0  # not 25.0: started again from [1, 2]
    np.testing.assert_array_equal(results["plus ten"][1][0], [11.0, 12.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_values_are_restored_when_a_run_fails():
    v = FakeVariable(3.0)

    def broken():
        v.assign(99.0)
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        checks.run_from_same_start([v], {"broken": broken})
    assert float(v.numpy()) == 3.0


def test_bad_arguments_are_rejected_before_running_anything():
    calls = []
    with pytest.raises(TypeError, match=r"variables\[0\] must be a variable"):
        checks.run_from_same_start([1.0], {"a": lambda: calls.append(1)})
    with pytest.raises(ValueError, match="runs must be a non-empty dict"):
        checks.run_from_same_start([FakeVariable(0.0)], {})
    with pytest.raises(TypeError, match="runs must map str names to callables"):
        checks.run_from_same_start([FakeVariable(0.0)], {"a": 42})
    assert calls == []


def test_works_with_tf_variables():
    tf = pytest.importorskip("tensorflow")
    v = tf.Variable(0.0)
    results = checks.run_from_same_start([v], {"a": lambda: v.assign_add(2.0), "b": lambda: v.assign_add(5.0)})
    assert [float(r[1][0]) for r in results.values()] == [2.0, 5.0]
    assert float(v.numpy()) == 0.0


def test_same_values_compares_element_by_element():
    a = [np.array([1.0, 2.0]), FakeVariable(3.0)]
    assert checks.same_values(a, [np.array([1.0, 2.0]), np.array(3.0)])
    assert not checks.same_values(a, [np.array([1.0, 2.5]), np.array(3.0)])
    assert checks.same_values(a, [np.array([1.0, 2.0 + 1e-6]), np.array(3.0)], atol=1e-5)
    assert not checks.same_values([np.zeros(2)], [np.zeros(3)])  # different shapes never agree
    assert checks.same_values([], [])


def test_same_values_rejects_lists_of_different_lengths_and_bad_atol():
    with pytest.raises(ValueError, match="same number of arrays, got 1 and 2"):
        checks.same_values([np.zeros(1)], [np.zeros(1), np.zeros(1)])
    with pytest.raises(ValueError, match="atol must be a number >= 0"):
        checks.same_values([np.zeros(1)], [np.zeros(1)], atol=-1.0)


def test_changed_variables_names_only_what_the_run_changed():
    a, b, c = FakeVariable([1.0, 2.0]), FakeVariable(3.0), FakeVariable(4.0)
    a.path, b.path, c.name = "model/a", "model/b", "c"  # Keras variables have a path; a tf.Variable only a name

    def step():
        a.assign([1.0, 2.5])
        c.assign(5.0)

    assert checks.changed_variables([a, b, c], step) == ["model/a", "c"]
    assert checks.changed_variables([a, b, c], lambda: None) == []


def test_changed_variables_rejects_what_is_not_a_variable_or_a_function():
    with pytest.raises(TypeError, match=r"variables\[0\] must be a variable"):
        checks.changed_variables([1.0], lambda: None)
    with pytest.raises(TypeError, match="run must be a function without arguments"):
        checks.changed_variables([], 42)


def test_changed_variables_works_with_keras_variables():
    keras = pytest.importorskip("keras")
    dense = keras.layers.Dense(2, name="d")
    dense.build((None, 3))
    assert checks.changed_variables(dense.variables, lambda: dense.bias.assign([1.0, 1.0])) == ["d/bias"]
