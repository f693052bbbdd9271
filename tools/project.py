"""The project's own facts that several tools read: where its repository is.

``[project.urls] Repository`` in pyproject.toml is the one place that names the repository; the
lint (each notebook's Colab and GitHub links) and the book (its repository button, Colab links,
published address) both read it here.
"""

from __future__ import annotations

import re
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def repository(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """Return ``owner/name`` from pyproject.toml's ``[project.urls] Repository`` (a GitHub URL)."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    url = data.get("project", {}).get("urls", {}).get("Repository", "")
    match = re.fullmatch(r"https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/?", url)
    if not match:
        raise ValueError(
            f"{pyproject}: [project.urls] Repository must be https://github.com/OWNER/NAME, got {url!r}"
        )
    return match.group(1)


def repository_url(root: Path = ROOT) -> str:
    """Return ``https://github.com/OWNER/NAME``, as pyproject.toml names it."""
    return f"https://github.com/{repository(root / 'pyproject.toml')}"
