#!/usr/bin/env python3
"""One entry point for a fresh machine: set up a virtualenv, then serve or test.

Why a Python script and not a Makefile or shell script: the only thing a new machine is promised
is Python, so the bootstrap must need nothing else. It is idempotent: the virtualenv is reused
and dependencies are reinstalled only when ``pyproject.toml`` changes.

    python3 scripts/dev.py serve   # set up, build the corpus if needed, start the service
    python3 scripts/dev.py test    # set up (incl. test extras and Chromium), run the whole suite
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".arbiter-installed"


def _run(cmd: list[str], **kw) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=ROOT, **kw)


def ensure_venv(extras: str) -> None:
    """Create .venv and install the project (editable) once per version of ``pyproject.toml``.

    The install is editable and pure Python, so a source edit needs no reinstall; only a change of
    the dependencies does. The stamp records the extras installed with them, so `serve` after
    `test` (or the other way round) installs nothing: `test`'s extras include everything `serve`
    needs, and a later `test` after `serve` adds only the missing extras, once.
    """
    if sys.version_info < (3, 11):
        sys.exit(f"Arbiter needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PY.exists():
        if _run([sys.executable, "-m", "venv", VENV]) != 0:
            sys.exit("could not create the virtualenv in .venv (is the venv module installed?)")
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    needed = {e for e in extras.split(",") if e}
    stamp = _read_stamp()
    if stamp.get("inputs") == want and needed <= set(stamp.get("extras", [])):
        return
    keep = set(stamp.get("extras", [])) if stamp.get("inputs") == want else set()
    union = sorted(needed | keep)
    _run([PY, "-m", "pip", "install", "-q", "--upgrade", "pip"])
    target = f".[{','.join(union)}]" if union else "."
    if _run([PY, "-m", "pip", "install", "-q", "-e", target]) != 0:
        sys.exit("pip install failed; see the messages above")
    STAMP.write_text(json.dumps({"inputs": want, "extras": union}))


def _read_stamp() -> dict:
    try:
        data = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests when it is missing and we may install it.

    Browser tests skip with a clear message when this fails; nothing else depends on it.
    """
    if shutil.which("chromium") or os.environ.get("ARBITER_SKIP_CHROMIUM"):
        return
    apt = shutil.which("apt-get")
    if not apt or (hasattr(os, "geteuid") and os.geteuid() != 0):
        print("note: chromium is not installed and cannot be installed here; browser tests will skip")
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    _run([apt, "-qq", "update"], env=env, stdout=subprocess.DEVNULL)
    _run([apt, "-qq", "install", "-y", "--no-install-recommends", "chromium"], env=env,
         stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"serve", "test", "setup"}:
        print(__doc__)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "serve":
        ensure_venv("")
        return _run([PY, "-m", "codex", "serve", *rest])
    ensure_venv("test")
    if cmd == "setup":
        return 0
    ensure_chromium()
    return _run([PY, "-m", "pytest", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
