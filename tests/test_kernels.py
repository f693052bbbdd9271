"""tools/kernels.py: notebook kernels over IPC, and the fresh data folder of ``make fresh``."""

import os
from pathlib import Path

import pytest

from tools.kernels import FreshDataKernelManager, IPCKernelManager

pytest_plugins = ["pytester"]


def _run(manager, code: str) -> str:
    """Start a kernel with ``manager``, run ``code``, return what it printed; the kernel is shut down."""
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        out = []
        client.execute_interactive(code, output_hook=lambda msg: out.append(msg["content"].get("text", "")),
                                   timeout=60)
        return "".join(out)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_the_kernel_talks_over_ipc_at_an_absolute_address():
    manager = IPCKernelManager(kernel_name="python3")
    assert manager.transport == "ipc" and os.path.isabs(manager.ip), "IPC sockets in a folder of their own"
    assert _run(manager, "print(6 * 7)").strip() == "42"


def test_a_fresh_data_kernel_gets_a_new_empty_tfds_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("TFDS_DATA_DIR", str(tmp_path / "the user's data"))
    printed = _run(FreshDataKernelManager(kernel_name="python3"),
                   "import os; d = os.environ['TFDS_DATA_DIR']; print(d); print(os.listdir(d))")
    folder, listing = printed.strip().splitlines()
    assert folder != str(tmp_path / "the user's data"), "not the folder of the process that started it"
    assert Path(folder).name.startswith("tfds-empty-") and listing == "[]", "a new, empty folder"


@pytest.mark.parametrize("option,manager", [([], "IPCKernelManager"), (["--fresh-data"], "FreshDataKernelManager")])
def test_nbval_starts_its_kernels_with_ours(pytester, option, manager):
    """The root conftest.py hands nbval the IPC manager, or the fresh-data one with --fresh-data."""
    import shutil

    root = Path(__file__).resolve().parent.parent
    shutil.copy(root / "conftest.py", pytester.path / "conftest.py")
    pytester.makepyfile(test_which="import nbval.kernel\n\ndef test_which():\n"
                        f"    assert nbval.kernel.KernelManager.__name__ == {manager!r}\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", *option)
    result.assert_outcomes(passed=1)
