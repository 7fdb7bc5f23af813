"""The whole build: sources → corpus → search index, as one step.

The corpus package knows nothing of search (data flows one way), so the pipeline that runs
both lives above them. The search index is built from the freshly written temporary corpus
before that corpus is installed: a failure in either keeps the previous pair intact.
"""
from __future__ import annotations

from pathlib import Path

from codex.corpus import IngestReport, ingest
from codex.corpus.build import Progress
from codex.paths import BuildPaths


def build_all(build: BuildPaths, *, codex_csv: Path | None = None,
              progress: Progress = lambda _: None) -> IngestReport:
    """Ingest the sources and build the search index next to the corpus."""

    def after_build(tmp_db: Path) -> None:
        _build_search_index(tmp_db, build.index)

    return ingest(build, codex_csv=codex_csv, progress=progress, after_build=after_build)


def _build_search_index(db_path: Path, index_dir: Path) -> None:
    """Build the search index from ``db_path`` into ``index_dir`` (atomically)."""
    from codex.search import build_index  # imported here: corpus-only tools skip Whoosh

    build_index(db_path, index_dir)
