"""Build step for the compiled card-text hot path; everything else about the package is in pyproject.toml.

Why: a cold parse of a card list spends most of its time interpreting the lexer, the LALR loop and the
AST callbacks; Cython compiles those modules (``codex.cardtext.compiled.MODULES``) as they are, with no
separate ``.pyx`` source to keep in step. Each module is compiled from a copy under ``build/cython`` whose
``COMPILED_FROM`` line records the SHA-256 of the source it came from, so a compiled module that no
longer matches its ``.py`` file runs the source instead (see ``codex/cardtext/compiled.py``).

``ARBITER_PURE_PYTHON=1`` at build time skips the extensions. So does a machine without a C compiler:
the extensions are optional, and the package then runs as plain Python.
"""
from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
BUILD = Path("build") / "cython"
# Same values as codex/cardtext/compiled.py (not imported: the package's dependencies are not installed
# in the isolated build environment).
MODULES = ("codex.cardtext.lexer", "codex.cardtext.lalr", "codex.cardtext.normalize", "codex.cardtext.transform",
           "codex.cardtext.parser")
MARKER = "COMPILED_FROM: str | None = None"


def _stamped_copy(module: str) -> Path:
    """Copy a module's source under build/cython with its digest written into the marker line."""
    rel = Path(*module.split(".")).with_suffix(".py")
    data = (ROOT / rel).read_bytes()
    text = data.decode("utf-8")
    if text.count(MARKER) != 1:
        raise SystemExit(f"{rel}: expected exactly one line {MARKER!r} for the build to stamp")
    digest = hashlib.sha256(data).hexdigest()
    out = BUILD / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    for parent in out.relative_to(BUILD).parents:  # package __init__ files, so Cython sees the package
        if parent != Path("."):
            shutil.copyfile(ROOT / parent / "__init__.py", BUILD / parent / "__init__.py")
    out.write_text(text.replace(MARKER, f'COMPILED_FROM: str | None = "{digest}"'), encoding="utf-8")
    return out


def extensions() -> list[Extension]:
    if os.environ.get("ARBITER_PURE_PYTHON"):
        return []
    from Cython.Build import cythonize

    modules = [Extension(m, [str(_stamped_copy(m))], optional=True) for m in MODULES]
    # annotation_typing off: the annotations document intent for readers and type checkers; they are not
    # runtime contracts (an AST slot typed str may hold a Possessive), so Cython must not enforce them.
    return cythonize(modules, build_dir=str(BUILD / "c"), quiet=True,
                     compiler_directives={"language_level": 3, "annotation_typing": False})


setup(ext_modules=extensions())
