"""Which implementation of the card-text hot path runs: the modules the build compiled, or their source.

Why: ``setup.py`` compiles the parse hot path (:data:`MODULES`) with Cython, which saves about a fifth
of the instructions per card (``scripts/bench_grammar.py``). A compiled module would shadow its ``.py`` file
(Python imports an extension module before a source file of the same name), so an edit to the source
would silently not run until the next build. To rule that out, the build writes the SHA-256 of the
source it compiled into the module (``COMPILED_FROM``), and each compiled module calls
:func:`use_source_if_stale` first thing: when its ``.py`` file no longer has that digest, or when
``ARBITER_PURE_PYTHON=1`` asks for the source, the module replaces itself in ``sys.modules`` with the
source, so what runs is always what the ``.py`` file says. Without a C compiler the build skips the
extensions and the source runs as it is.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from typing import Any

#: The modules the build compiles (their source files are under ``codex/cardtext/``).
MODULES = ("codex.cardtext.lexer", "codex.cardtext.lalr", "codex.cardtext.normalize", "codex.cardtext.transform",
           "codex.cardtext.parser")
#: The line of each compiled module's source that the build rewrites with the source's digest.
MARKER = "COMPILED_FROM: str | None = None"
PURE_ENV = "ARBITER_PURE_PYTHON"


def source_digest(path: Path) -> str:
    """SHA-256 of a source file, as the build records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def use_source_if_stale(module_globals: dict[str, Any]) -> None:
    """Called at the top of each module in :data:`MODULES`. In the source (``COMPILED_FROM`` None) it does
    nothing; in a compiled module whose source changed since the build, or under ``ARBITER_PURE_PYTHON=1``,
    it executes the ``.py`` source as the module instead, warning when the build is stale."""
    digest = module_globals.get("COMPILED_FROM")
    if digest is None:
        return
    name = module_globals["__name__"]
    source = Path(module_globals["__file__"]).parent / (name.rsplit(".", 1)[-1] + ".py")
    if not os.environ.get(PURE_ENV) and source.exists() and source_digest(source) == digest:
        return
    if source.exists() and not os.environ.get(PURE_ENV):
        warnings.warn(f"{name}: the compiled module is older than {source.name}; running the source "
                      f"(slower). Rebuild with `python3 scripts/dev.py setup` or `pip install -e .`.",
                      RuntimeWarning, stacklevel=2)
    if not source.exists():
        return
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # what the import statement hands out once this module's init returns
    spec.loader.exec_module(module)


def implementation() -> dict[str, str]:
    """For each module of :data:`MODULES`: ``compiled`` or ``source`` (what is running now)."""
    out = {}
    for name in MODULES:
        module = importlib.import_module(name)
        out[name] = "compiled" if not str(getattr(module, "__file__", "")).endswith(".py") else "source"
    return out
