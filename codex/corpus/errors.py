"""Precise exceptions for bad source input: what, where, and how to fix it."""
from __future__ import annotations

from pathlib import Path

from codex.errors import ArbiterError


class CorpusError(ArbiterError):
    """Base class: ingest stopped and the previous corpus is untouched, or a corpus cannot be
    opened."""


class SourceError(CorpusError):
    """A source file is malformed. Names the file, the row (when known) and the problem."""

    def __init__(self, path: Path | str, problem: str, *, row: int | None = None,
                 fix: str | None = None) -> None:
        self.path, self.problem, self.row, self.fix = Path(path), problem, row, fix
        where = f"{self.path}" + (f", row {row}" if row is not None else "")
        super().__init__(f"{where}: {problem}" + (f" ({fix})" if fix else ""))


class ChecksumError(CorpusError):
    """A source does not match the manifest: it changed since it was recorded."""


class BuildCheckError(CorpusError):
    """The freshly built corpus failed a post-build check; it was not installed."""


class CorpusNotBuilt(CorpusError):
    """No corpus at the given path: run ``arbiter ingest`` first."""


class GenerationError(CorpusError):
    """The current generation is missing, incomplete or inconsistent; nothing is served from it."""


class GenerationMismatch(GenerationError):
    """The corpus and the search index in a generation folder do not come from one build."""
