"""The corpus: sources → one indexed SQLite database (see docs/corpus.md)."""
from codex.corpus.build import IngestReport, ingest
from codex.corpus.errors import (BuildCheckError, ChecksumError, CorpusError, CorpusNotBuilt,
                                 GenerationError, GenerationMismatch, SourceError)
from codex.corpus.store import Corpus, Entry

__all__ = ["Corpus", "CorpusNotBuilt", "Entry", "IngestReport", "ingest", "CorpusError",
           "SourceError", "ChecksumError", "BuildCheckError", "GenerationError",
           "GenerationMismatch"]
