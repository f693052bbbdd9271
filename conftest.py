"""pytest for the whole repository: which notebooks are checked, and how their kernels talk.

Only the collection's own notebooks, ``notebooks/NN_topic.ipynb``, are checked.

Copies that other tools leave next to them (``01_x.nbconvert.ipynb`` from
``jupyter nbconvert --execute``, ``01_x-Copy1.ipynb`` from JupyterLab, ``Untitled.ipynb``)
are not part of the collection: ``pytest --nbval`` skips them.
"""

from helpers.paths import NOTEBOOK_NAME
from tools.kernels import FreshDataKernelManager, IPCKernelManager


def pytest_addoption(parser):
    parser.addoption(
        "--fresh-data", action="store_true",
        help="give each notebook's kernel a new, empty TFDS_DATA_DIR (a learner's first run; make fresh)",
    )


def pytest_configure(config):
    """nbval starts each notebook's kernel with ``nbval.kernel.KernelManager``: make it IPC."""
    try:
        import nbval.kernel
    except ImportError:  # nbval not installed: the unit tests still run
        return
    fresh = config.getoption("fresh_data", False)
    nbval.kernel.KernelManager = FreshDataKernelManager if fresh else IPCKernelManager


def pytest_ignore_collect(collection_path, config):
    """Skip every ``.ipynb`` that is not one of the collection's notebooks."""
    if collection_path.suffix == ".ipynb" and not NOTEBOOK_NAME.match(collection_path.name):
        return True
    return None


def pytest_report_header(config):
    """Say so when the notebooks are not checked (plain ``pytest`` collects them only with --nbval)."""
    if not (config.getoption("nbval", False) or config.getoption("nbval_lax", False)):
        return "notebooks/: not checked (only the unit tests run); add --nbval to compare the notebooks' stored outputs"
    return None
