"""Make the project's virtual environment from the lock file (``make setup``).

1. Checks the Python that runs this script: 3.11 or newer, or it stops at once and says
   which Python it found and how to pass another one (``make setup PYTHON=python3.11``).
2. Rebuilds the environment if it was made with another Python (or is broken).
3. Installs uv, pinned with its hashes in the lock, with pip (a few seconds).
4. ``uv pip sync``: exactly the packages of ``requirements.lock``, every one checked against
   its hash; anything else in the environment is removed. Bytecode is compiled at install time,
   as pip does (uv does not by default): otherwise every process compiles TensorFlow's sources
   again where ``PYTHONDONTWRITEBYTECODE`` is set, about 9 s more per ``import tensorflow``.
5. Installs this project (``helpers``) editable, without its dependencies: the lock has them.

This file is run by whatever ``python3`` a machine has, so it keeps to syntax that old
Pythons can still parse and reach the version check.

    python3 tools/setup_venv.py [--venv .venv] [--lock requirements.lock]
    python3 tools/setup_venv.py --add requirements-book.lock   # make book: its packages on top

``--add`` installs another lock on top of whatever the environment has (``uv pip install``, hashes
checked, nothing removed), making the environment and uv first if needed; the book needs no
TensorFlow. A full set-up afterwards removes what was added (``sync``), and so the stamp
``<venv>/.book-installed`` with it.
"""

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NEEDED = (3, 11)
#: What ``make lock`` resolves for (the platform of the stored outputs).
LOCKED_FOR = "Python 3.11, Linux x86-64"


def fail(chinese, english):
    sys.stderr.write("make setup：" + chinese + "\nmake setup: " + english + "\n")
    sys.exit(2)


def check_python():
    found = "%d.%d.%d" % sys.version_info[:3]
    if sys.version_info[:2] < NEEDED:
        need = "%d.%d" % NEEDED
        fail(
            "找到的 Python 是 %s（%s），但本项目需要 Python %s 或更新的版本。"
            "请换一个：make setup PYTHON=python%s（或 PYTHON=/path/to/python3.12）。"
            % (found, sys.executable, need, need),
            "found Python %s (%s), but the project needs Python %s or newer. "
            "Pass another one: make setup PYTHON=python%s (or PYTHON=/path/to/python3.12)."
            % (found, sys.executable, need, need),
        )


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def venv_version(venv):
    """Return the ``major.minor`` the environment was made with, or None if it is missing or broken."""
    cfg = os.path.join(venv, "pyvenv.cfg")
    if not os.path.isfile(cfg) or not os.access(venv_python(venv), os.X_OK):
        return None
    with open(cfg, encoding="utf-8") as f:
        for line in f:
            key, _, value = line.partition("=")
            if key.strip() in ("version_info", "version"):
                return ".".join(value.strip().split(".")[:2])
    return None


def ensure_venv(venv):
    here = "%d.%d" % sys.version_info[:2]
    if os.path.exists(venv):
        made_with = venv_version(venv)
        if made_with == here:
            return
        why = "由 Python %s 创建" % made_with if made_with else "不完整"
        why_en = "made with Python %s" % made_with if made_with else "incomplete"
        print("make setup：%s 是%s的，用 Python %s 重建。 / %s is %s: rebuilding it with Python %s."
              % (venv, why, here, venv, why_en, here))
        shutil.rmtree(venv)
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)


def locked_block(lock, name):
    """Return the lock's lines for ``name`` (the ``name==version`` line and its hashes), or None."""
    with open(lock, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(name + "=="):
            block = [line]
            for more in lines[i + 1:]:
                if not more.strip().startswith("--hash="):
                    break
                block.append(more)
            return "\n".join(block) + "\n"
    return None


def ensure_uv(venv, lock):
    block = locked_block(lock, "uv")
    if block is None:
        fail("%s 里没有 uv。" % lock, "%s has no uv line; run make lock." % lock)
    version = re.match(r"uv==(\S+)", block).group(1)
    uv = os.path.join(venv, "bin", "uv")
    if os.access(uv, os.X_OK):
        out = subprocess.run([uv, "--version"], capture_output=True, text=True).stdout.split()
        if len(out) > 1 and out[1] == version:
            return uv
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(block.replace(" \\\n", " ").replace("\\\n", " "))
    try:
        subprocess.run([venv_python(venv), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--require-hashes", "-r", f.name], check=True)
    finally:
        os.unlink(f.name)
    return uv


def main():
    check_python()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", default=".venv")
    parser.add_argument("--lock", default=os.path.join(ROOT, "requirements.lock"))
    parser.add_argument("--add", metavar="LOCK", help="install this lock on top instead of syncing --lock")
    args = parser.parse_args()
    venv = os.path.abspath(args.venv)
    lock = os.path.abspath(args.lock)
    for path in filter(None, (lock, args.add)):
        if not os.path.isfile(path):
            fail("找不到锁文件 %s。" % path, "the lock file %s is missing." % path)
    here = "Python %d.%d, %s %s" % (sys.version_info[0], sys.version_info[1], platform.system(), platform.machine())
    if sys.version_info[:2] != NEEDED or platform.system() != "Linux" or platform.machine() != "x86_64":
        print("make setup：锁文件是为 %s 解析的，这里是 %s；安装若失败，请用 Python 3.11。"
              " / The lock was resolved for %s, this is %s; if the install fails, use Python 3.11."
              % (LOCKED_FOR, here, LOCKED_FOR, here))
    start = time.monotonic()
    ensure_venv(venv)
    uv = ensure_uv(venv, lock)
    env = dict(os.environ, VIRTUAL_ENV=venv)
    quiet = ["--quiet"] if not os.environ.get("SETUP_VERBOSE") else []
    if args.add:
        subprocess.run([uv, "pip", "install", *quiet, "--python", venv_python(venv), "--no-deps",
                        "--compile-bytecode", "--require-hashes", "-r", os.path.abspath(args.add)], check=True, env=env)
        print("make setup：已在 %s 里加装 %s。 / added %s to %s."
              % (os.path.relpath(venv), os.path.basename(args.add), os.path.basename(args.add), os.path.relpath(venv)))
        return
    subprocess.run([uv, "pip", "sync", *quiet, "--compile-bytecode", "--python", venv_python(venv),
                    "--require-hashes", lock],
                   check=True, env=env)
    added = os.path.join(venv, ".book-installed")
    if os.path.exists(added):  # sync removed what --add installed
        os.unlink(added)
    # uv shows a build backend's output only when the build fails (no setuptools banner).
    subprocess.run([uv, "pip", "install", *quiet, "--python", venv_python(venv), "--no-deps",
                    "--no-build-isolation", "-e", ROOT], check=True, env=env)
    print("make setup：%s 已按 %s 装好（%.0f 秒）。 / %s matches %s (%.0f s)."
          % (os.path.relpath(venv), os.path.basename(lock), time.monotonic() - start,
             os.path.relpath(venv), os.path.basename(lock), time.monotonic() - start))


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as err:
        fail("命令失败（退出码 %d）：%s" % (err.returncode, " ".join(err.cmd)),
             "a command failed (exit status %d): %s" % (err.returncode, " ".join(err.cmd)))
