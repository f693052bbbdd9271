"""Look inside what AutoGraph and ``tf.function`` produce.

Introduced in 03_data_and_tf_function (the op types of a traced graph); 07_dynamic_rnn
also shows an excerpt of the code AutoGraph generates. TensorFlow is imported on first call, so
``import helpers.autograph`` stays light.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable


def converted_excerpt(fn: Callable, first: str, last: str, width: int = 96) -> str:
    """Return the lines of ``tf.autograph.to_code(fn)`` from the one containing ``first`` to the one containing ``last``.

    Introduced in 07_dynamic_rnn. Blank lines, ``nonlocal`` declarations and
    ``ag__.Undefined`` placeholders are left out (AutoGraph lists their names
    in set order, which can change from run to run); the common indentation is
    removed and lines longer than ``width`` end in `` …``.
    """
    if not callable(fn):
        raise TypeError(f"fn must be a Python function, got {type(fn).__name__}")
    for arg, value in (("first", first), ("last", last)):
        if not isinstance(value, str) or not value:
            raise ValueError(f"{arg} must be a non-empty string, got {value!r}")
    if not isinstance(width, int) or isinstance(width, bool) or width < 10:
        raise ValueError(f"width must be an int >= 10, got {width!r}")
    import tensorflow as tf

    lines = tf.autograph.to_code(fn).splitlines()
    start = next((i for i, line in enumerate(lines) if first in line), None)
    if start is None:
        raise ValueError(f"first={first!r} does not occur in the code AutoGraph generated for {fn.__name__}")
    end = next((i for i in range(start, len(lines)) if last in lines[i]), None)
    if end is None:
        raise ValueError(f"last={last!r} does not occur after first={first!r} in the generated code")
    kept = [
        line
        for line in lines[start : end + 1]
        if line.strip() and "nonlocal" not in line and "ag__.Undefined" not in line
    ]
    kept = textwrap.dedent("\n".join(kept)).splitlines()
    return "\n".join(line if len(line) <= width else line[: width - 2] + " …" for line in kept)


def _single_graph(fn, caller: str):
    """The graph of a concrete function, or of a ``tf.function`` with an input signature or exactly one trace."""
    graph = getattr(fn, "graph", None)
    if graph is not None:
        return graph
    if not hasattr(fn, "get_concrete_function"):
        raise TypeError(f"fn must be a tf.function or a concrete function, got {type(fn).__name__}")
    try:
        return fn.get_concrete_function().graph
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"fn has no single graph yet: give it an input_signature, or call it once before {caller}(fn), "
            "or pass fn.get_concrete_function(<args>)"
        ) from error


def op_types(fn) -> list[str]:
    """Return the sorted, distinct op types in the graph of a concrete function (or of a ``tf.function`` traced once).

    Introduced in 03_data_and_tf_function, e.g. to see the ``While`` op a ``for`` over a
    dataset becomes inside a ``tf.function``. A ``tf.function`` must have an ``input_signature`` or
    exactly one trace, so that its graph is unambiguous.
    """
    return sorted({op.type for op in _single_graph(fn, "op_types").get_operations()})


def control_flow_ops(fn) -> list[str]:
    """Return the sorted ``If`` / ``While`` op types (repeats kept) of a graph, nested ones included.

    Introduced in 07_dynamic_rnn. The branches of an ``If`` and the body of a ``While`` are
    graphs of their own, kept in the function library (``as_graph_def().library``), so a
    control-flow op nested inside another one shows up only there. ``fn`` is what
    :func:`op_types` accepts: a concrete function, or a ``tf.function`` with a single graph.
    """
    graph_def = _single_graph(fn, "control_flow_ops").as_graph_def()
    nested = [node for function in graph_def.library.function for node in function.node_def]
    return sorted(node.op for node in [*graph_def.node, *nested] if node.op.endswith(("If", "While")))


def op_type_list(fn, *args) -> list[str]:
    """Return the type of every op in the graph ``fn.get_concrete_function(*args)`` traces, repeats kept, in graph order.

    Introduced in 07_dynamic_rnn, to count how many copies of an op (e.g. ``Mul``) a loop left
    in the graph: a Python ``range`` copies the loop body once per round, ``tf.range`` does not.
    """
    if not hasattr(fn, "get_concrete_function"):
        raise TypeError(f"fn must be a tf.function, got {type(fn).__name__}")
    return [op.type for op in fn.get_concrete_function(*args).graph.get_operations()]
