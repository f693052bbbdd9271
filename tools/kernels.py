"""Kernels for the notebook runs (nbval in ``make test``, ``make notebooks``): local IPC sockets, not TCP.

ipykernel 7 warns at every start that a kernel reached over TCP on 127.0.0.1 is not encrypted.
Over IPC the sockets are files in a private temporary folder, and the warning does not apply.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from jupyter_client import KernelManager


class IPCKernelManager(KernelManager):
    """A ``KernelManager`` whose kernel listens on IPC sockets in a folder of its own (absolute path).

    jupyter_client's default IPC address is relative (``kernel-ipc``) unless a connection file
    is set first; a kernel started in the notebook's folder would then listen elsewhere than
    the manager connects, so the address is made absolute here.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("transport", "ipc")
        if kwargs["transport"] == "ipc" and "ip" not in kwargs:
            folder = tempfile.mkdtemp(prefix="kernel-ipc-")
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            kwargs["ip"] = f"{folder}/kernel"
        super().__init__(**kwargs)


class FreshDataKernelManager(IPCKernelManager):
    """An IPC kernel whose TensorFlow Datasets folder (``TFDS_DATA_DIR``) is new and empty.

    Each notebook run with it is a learner's first run: ``helpers.data.prepare()`` has to build
    the data, whatever ran before (``make fresh``: ``pytest --nbval --fresh-data``).
    """

    def start_kernel(self, **kwargs):
        env = dict(kwargs.pop("env", None) or os.environ)
        folder = tempfile.mkdtemp(prefix="tfds-empty-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        env["TFDS_DATA_DIR"] = folder
        return super().start_kernel(env=env, **kwargs)
