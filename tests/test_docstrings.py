"""Each helpers module's docstring names the notebook that introduces it: the first one, in reading order, that uses it."""

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MODULES = sorted(p.stem for p in (ROOT / "helpers").glob("*.py") if not p.stem.startswith("_"))
#: What a notebook writes to use a module whose functions are re-exported at the top of helpers.
ALSO_USED_AS = {"reproducibility": r"helpers\.make_reproducible\("}


def first_user(module: str) -> str | None:
    pattern = re.compile(rf"helpers\.{module}\b|from helpers(?:\.{module})? import|" + ALSO_USED_AS.get(module, "$^"))
    for path in NOTEBOOKS:
        if pattern.search(path.read_text(encoding="utf-8")):
            return path.stem
    return None


@pytest.mark.parametrize("module", MODULES)
def test_the_introducing_notebook_is_the_first_that_uses_the_module(module):
    doc = importlib.import_module(f"helpers.{module}").__doc__ or ""
    stated = re.search(r"Introduced in (\d\d_\w+)", doc)
    if stated is None:
        pytest.skip(f"helpers.{module} names no introducing notebook")
    assert stated.group(1) == first_user(module), (
        f"helpers.{module} says it is introduced in {stated.group(1)}, but {first_user(module)} uses it first"
    )
