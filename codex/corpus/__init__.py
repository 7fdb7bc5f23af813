"""The corpus: sources → one indexed SQLite database (see docs/corpus.md).

Reading a built corpus (``Corpus``) is light; building one (``ingest``) needs the parsers and
sqlite-utils, so ``codex.corpus.build`` is imported the first time ``ingest`` or ``IngestReport``
is asked for: a command that only reads (``arbiter show``, the service) starts without it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from codex.corpus.errors import (BuildCheckError, ChecksumError, CorpusError, CorpusNotBuilt,
                                 GenerationError, GenerationMismatch, SourceError)
from codex.corpus.store import Corpus, Entry

if TYPE_CHECKING:
    from codex.corpus.build import IngestReport, ingest

__all__ = ["Corpus", "CorpusNotBuilt", "Entry", "IngestReport", "ingest", "CorpusError",
           "SourceError", "ChecksumError", "BuildCheckError", "GenerationError",
           "GenerationMismatch"]

_BUILD_NAMES = frozenset({"IngestReport", "ingest"})


def __getattr__(name: str) -> Any:
    if name in _BUILD_NAMES:
        from codex.corpus import build

        return getattr(build, name)
    raise AttributeError(f"module 'codex.corpus' has no attribute {name!r}")
