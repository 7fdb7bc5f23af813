"""The engine type-checks under ``mypy --strict`` (configuration: ``[tool.mypy]`` in pyproject.toml).

Types are the engine's contract with the card-text AST and the service; a type error there is a
bug we want to see in CI, not in a ruling."""
from __future__ import annotations

import subprocess
import sys

from codex.paths import PROJECT_ROOT


def test_engine_is_clean_under_mypy_strict() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=PROJECT_ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
