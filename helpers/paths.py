"""Where the notebooks write their files: TensorBoard logs and exported models.

Introduced in 01_modules_and_variables. The notebook text says ``notebooks/logs/``
and ``notebooks/exports/``; these functions make that true whatever the working
directory of the kernel (JupyterLab, nbval, nbconvert or papermill started from
elsewhere). When ``helpers`` is installed from PyPI/GitHub rather than used from
a checkout of this repository (Colab), the folders are made under the current
working directory instead: ``./logs/`` and ``./exports/``.
"""

from __future__ import annotations

import re
from pathlib import Path

#: The collection's notebooks are named ``NN_topic.ipynb``: two digits (group 1, the reading
#: order), an underscore, then letters, digits or underscores, so copies that other tools leave
#: beside them (``01_x.nbconvert.ipynb``, ``01_x-Copy1.ipynb``, ``Untitled.ipynb``) are not.
#: The one definition that make notebooks, make lint, pytest, the exercises and the book all use.
NOTEBOOK_NAME = re.compile(r"^(\d\d)_\w+\.ipynb$")


def collection(folder: str | Path) -> list[Path]:
    """Return the collection's notebooks (``NN_topic.ipynb``) directly in ``folder``, in reading order."""
    if not isinstance(folder, (str, Path)):
        raise TypeError(f"folder must be a path (str or Path), got {type(folder).__name__}")
    return sorted(p for p in Path(folder).glob("*.ipynb") if NOTEBOOK_NAME.match(p.name))


def _checkout_notebooks() -> Path | None:
    """Return the repository's ``notebooks/`` when helpers is imported from a checkout, else None."""
    folder = Path(__file__).resolve().parent.parent / "notebooks"
    try:
        if collection(folder):
            return folder
    except OSError:  # no such folder (pip-installed helpers), or unreadable
        pass
    return None


def notebooks_dir() -> Path:
    """Return the folder the notebooks write under: the checkout's ``notebooks/``, or the cwd (Colab)."""
    return _checkout_notebooks() or Path.cwd()


def _check_parts(parts: tuple) -> None:
    for i, part in enumerate(parts):
        if not isinstance(part, str):
            raise TypeError(f"parts[{i}] must be a str (one folder name), got {type(part).__name__}: {part!r}")
        if not part or part.strip() != part:
            raise ValueError(f"parts[{i}] must be a non-empty folder name without surrounding spaces, got {part!r}")
        if "/" in part or "\\" in part or part in (".", ".."):
            raise ValueError(
                f"parts[{i}] must be one folder name, without '/', '\\\\', '.' or '..', got {part!r}: "
                "pass nested folders as separate arguments, e.g. logs_dir('fit', 'run1')"
            )


def logs_dir(*parts: str) -> Path:
    """Return ``<notebooks folder>/logs/<parts...>`` (not created), for TensorBoard and summary logs."""
    _check_parts(parts)
    return notebooks_dir().joinpath("logs", *parts)


def exports_dir(*parts: str) -> Path:
    """Return ``<notebooks folder>/exports/<parts...>`` (not created), for checkpoints and SavedModels."""
    _check_parts(parts)
    return notebooks_dir().joinpath("exports", *parts)
