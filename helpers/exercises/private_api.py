"""Every private TensorFlow API (and the one CPython C call) that the exercises use, each with its fallback.

Introduced with the 练习 sections; nothing else in ``helpers.exercises`` reaches into
``tensorflow.python`` or a ``_private`` attribute. TensorFlow may rename or drop any of these
in a release without notice, so each function here catches that (``ImportError``,
``AttributeError``, ``TypeError``) and falls back to something weaker but still true: the
check then decides less; it never crashes and never claims what it did not do. :data:`PRIVATE`
holds every private name; ``tests/test_exercises.py`` renames each one to run its fallback, and
``make compat`` runs those tests on each TensorFlow of the compatibility matrix.

- :func:`cancellable_functions` (the time limit stops a loop inside a graph function, e.g. a
  graph ``While``): ``tensorflow.python.eager.cancellation``, its ``context()`` hook that
  TensorFlow calls for every function call, and ``CancellationManager``. If gone: Python code
  is still interrupted, but a graph loop runs on; after a few seconds the learner is told to
  interrupt the kernel (and ``--verify`` reports that it cannot stop one, instead of waiting).
- :func:`interrupt_thread` (the time limit stops a Python loop): CPython's C function
  ``PyThreadState_SetAsyncExc``, reached through ``ctypes``. Documented and stable, but only
  on CPython. If gone: nothing is interrupted; the learner is told to interrupt the kernel.
- :func:`check_numerics_state` / :func:`restore_check_numerics` (is
  ``tf.debugging.enable_check_numerics()`` on, and switch it on again exactly as it was):
  ``check_numerics_callback._state`` and ``op_callbacks.add_op_callback``. If gone: the
  check switches it off with the public ``disable_check_numerics()``, cannot switch it on
  again, and its verdict says so.
- :func:`clone` (a copy of a ``tf.function`` with no traces yet, so that a check counts only
  its own): ``Function._clone``. If gone: the learner's own function, traces counted from
  where it stood.
- :func:`reduces_retracing` (was ``reduce_retracing=True`` given?): ``Function._reduce_retracing``.
  If gone: False; 01.1's verdict then names the cause (Python numbers) without naming the option.
- :func:`graph_function` (count the rounds of a graph ``While``):
  ``wrap_function.function_from_graph_def``. If gone: None; 07.1 then cannot tell a
  fixed-length loop from a data-dependent one, and does not decide on it.
- :func:`default_summary_writer` / :func:`set_default_summary_writer` (the writer that
  ``set_as_default()`` left as the default; TensorFlow has no public getter):
  ``summary_ops_v2._summary_state.writer``. If gone: :data:`UNKNOWN`; 08.2 then cannot tell
  a missing ``flush()`` from nothing written, and leaves the default writer as it finds it.

Importing this module does not import TensorFlow; each function imports what it needs.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
from collections.abc import Callable

#: Every private name used, in one place: modules by dotted name, attributes by name. A test that sets
#: one to a name that does not exist sees what a TensorFlow without it would do.
PRIVATE = {
    "cancellation": "tensorflow.python.eager.cancellation",
    "check_numerics_callback": "tensorflow.python.debug.lib.check_numerics_callback",
    "op_callbacks": "tensorflow.python.framework.op_callbacks",
    "summary_ops_v2": "tensorflow.python.ops.summary_ops_v2",
    "wrap_function": "tensorflow.python.eager.wrap_function",
    "_clone": "_clone",
    "_reduce_retracing": "_reduce_retracing",
    "PyThreadState_SetAsyncExc": "PyThreadState_SetAsyncExc",
}

_MISSING = (ImportError, AttributeError, TypeError)


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


#: What :func:`check_numerics_state` and :func:`default_summary_writer` return when this TensorFlow cannot tell.
UNKNOWN = _Unknown()


def _module(key: str):
    """Import the private module ``PRIVATE[key]`` (ImportError if it is gone)."""
    return importlib.import_module(PRIVATE[key])


# -- the time limit ----------------------------------------------------------------------------


def interrupt_thread(thread_id: int, exc_type: type[BaseException] | None) -> bool:
    """Raise ``exc_type`` in thread ``thread_id`` at its next Python instruction (None clears a pending one).

    Returns False where the interpreter offers no way to do it (not CPython).
    """
    try:
        set_async_exc = getattr(ctypes.pythonapi, PRIVATE["PyThreadState_SetAsyncExc"])
    except _MISSING:
        return False
    set_async_exc(ctypes.c_ulong(thread_id), ctypes.py_object(exc_type) if exc_type else None)
    return True


def can_cancel_functions() -> bool:
    """True if this TensorFlow has the hook :func:`cancellable_functions` needs to stop a running graph."""
    try:
        cancellation = _module("cancellation")
        return callable(cancellation.context) and callable(cancellation.CancellationManager)
    except _MISSING:
        return False


@contextlib.contextmanager
def cancellable_functions(cancelled: Callable[[], bool]):
    """Make every TensorFlow function called in the block cancellable; yield ``cancel()``.

    TensorFlow asks ``cancellation.context()`` for the cancellation manager of each function
    call; here each call gets a fresh one, so ``cancel()`` stops the calls running now (a graph
    ``While`` included), and ``cancelled()`` (the caller's flag) makes later calls start
    cancelled. A manager TensorFlow set itself (its own ``context()`` returns it) is left
    alone. Without the private hook, ``cancel()`` does nothing and returns False.
    """
    if not can_cancel_functions():
        yield lambda: False
        return
    cancellation = _module("cancellation")
    own_manager, manager_type = cancellation.context, cancellation.CancellationManager
    managers: list = []  # one per function call: a failed call cancels only its own

    def fresh_manager():
        own = own_manager()  # set by TensorFlow's CancellationManagerContext, or None
        if own is not None:
            return own
        manager = manager_type()
        if cancelled():
            manager.start_cancel()
        managers.append(manager)
        return manager

    def cancel() -> bool:
        for manager in list(managers):
            manager.start_cancel()
        return True

    cancellation.context = fresh_manager
    try:
        yield cancel
    finally:
        cancellation.context = own_manager


# -- global switches ---------------------------------------------------------------------------


def check_numerics_state():
    """Return what ``tf.debugging.enable_check_numerics()`` set up (None when it is off), or :data:`UNKNOWN`."""
    try:
        return getattr(_module("check_numerics_callback")._state, "check_numerics_callback", None)
    except _MISSING:
        return UNKNOWN


def restore_check_numerics(state) -> bool:
    """Switch check-numerics back on exactly as ``state`` (from :func:`check_numerics_state`) had it.

    Returns True if that was done (or there was nothing to do: ``state`` None), False if ``state``
    is :data:`UNKNOWN` or this TensorFlow cannot do it (then it stays off).
    """
    if state is None or state is UNKNOWN:
        return state is None
    try:
        numerics, op_callbacks = _module("check_numerics_callback"), _module("op_callbacks")
        numerics._state.check_numerics_callback = state
        op_callbacks.add_op_callback(state.callback)
        return True
    except _MISSING:
        return False


def default_summary_writer():
    """Return the summary writer that ``set_as_default()`` or ``as_default()`` made the default (None if none).

    :data:`UNKNOWN` where TensorFlow does not say (it has no public getter).
    """
    try:
        return _module("summary_ops_v2")._summary_state.writer
    except _MISSING:
        return UNKNOWN


def set_default_summary_writer(writer) -> None:
    """Make ``writer`` (from :func:`default_summary_writer`, None included) the default again; :data:`UNKNOWN` does nothing."""
    if writer is UNKNOWN:
        return
    with contextlib.suppress(*_MISSING):
        _module("summary_ops_v2")._summary_state.writer = writer


# -- looking into a tf.function ----------------------------------------------------------------


def clone(fn):
    """Return a copy of the ``tf.function`` ``fn`` with no traces yet, or None where TensorFlow offers none."""
    try:
        return getattr(fn, PRIVATE["_clone"])(None)
    except Exception:  # gone, renamed, or a function it cannot copy
        return None


def reduces_retracing(fn) -> bool:
    """True if the ``tf.function`` ``fn`` was made with ``reduce_retracing=True`` (False where it cannot be told)."""
    return bool(getattr(fn, PRIVATE["_reduce_retracing"], False))


def graph_function(graph_def, inputs: list[str], outputs: list[str]):
    """Return a function that runs the part of ``graph_def`` from tensors ``inputs`` to ``outputs``, or None."""
    try:
        return _module("wrap_function").function_from_graph_def(graph_def, inputs=inputs, outputs=outputs)
    except Exception:  # gone, renamed, or a graph it cannot prune
        return None
