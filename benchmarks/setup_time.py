"""Time a fresh install of requirements.lock with uv and with pip, side by side, from empty caches.

    python -m benchmarks.setup_time [--rounds 1]

Each round makes two new virtual environments in a temporary folder and installs the same lock
into each: ``uv pip sync --require-hashes --compile-bytecode`` (what ``make setup`` does) and
``pip install --no-deps --require-hashes`` (the same packages and hashes; pip compiles bytecode by
default). Each installer gets a cache folder of its own that starts empty, so both download every
file. pip's configuration files are ignored (``PIP_CONFIG_FILE=/dev/null``), so a machine's local
wheel folders do not make pip look faster.
The network is needed. Prints one line per install and a Markdown table for the README.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"


def _timed(cmd: list[str], env: dict) -> float:
    start = time.monotonic()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def one_round(work: Path, uv: str) -> dict[str, float]:
    env = dict(os.environ, PIP_CONFIG_FILE=os.devnull, PIP_DISABLE_PIP_VERSION_CHECK="1")
    for key in ("PIP_FIND_LINKS", "PIP_EXTRA_INDEX_URL", "PIP_INDEX_URL", "PIP_CONSTRAINT"):
        env.pop(key, None)
    times = {}
    for tool in ("uv", "pip"):
        venv, cache = work / f"venv-{tool}", work / f"cache-{tool}"
        shutil.rmtree(venv, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = str(venv / "bin" / "python")
        if tool == "uv":
            cmd = [uv, "pip", "sync", "--quiet", "--compile-bytecode", "--python", python, "--require-hashes", "--cache-dir",
                   str(cache), str(LOCK)]
        else:
            cmd = [python, "-m", "pip", "install", "--quiet", "--no-deps", "--require-hashes", "--cache-dir",
                   str(cache), "-r", str(LOCK)]
        times[tool] = _timed(cmd, env)
        print(f"{tool}: {times[tool]:.1f} s", flush=True)
        shutil.rmtree(venv, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="rounds of both installs (default 1)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error(f"--rounds must be 1 or more, got {args.rounds}")
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if uv is None:
        parser.error("uv not found: run make setup first (it installs uv into .venv)")
    rounds = []
    with tempfile.TemporaryDirectory(prefix="setup-time-") as tmp:
        for _ in range(args.rounds):
            rounds.append(one_round(Path(tmp), uv))
    print("\n| 安装工具 | 秒 |\n|---|---|")
    for tool in ("uv", "pip"):
        print(f"| {tool} | {' / '.join(f'{r[tool]:.0f}' for r in rounds)} |")
    ratio = [r["pip"] / r["uv"] for r in rounds]
    print(f"\npip / uv: {' / '.join(f'{x:.1f}×' for x in ratio)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
