"""The whole build: sources → corpus → search index, as one step.

The corpus package knows nothing of search (data flows one way), so the pipeline that runs
both lives above them. The search index is built from the freshly written corpus inside the
new generation's staging folder, before the generation is published: a failure in either keeps
the previous pair intact, and the pair is always switched as one (``codex.corpus.generation``).
"""
from __future__ import annotations

from pathlib import Path

from codex.corpus import IngestReport, ingest
from codex.corpus.build import Progress
from codex.paths import INDEX_DIR, BuildPaths


def build_all(build: BuildPaths, *, codex_csv: Path | None = None,
              progress: Progress = lambda _: None) -> IngestReport:
    """Ingest the sources and build the search index next to the corpus."""

    def after_build(staged_db: Path) -> None:
        _build_search_index(staged_db, staged_db.parent / INDEX_DIR)

    return ingest(build, codex_csv=codex_csv, progress=progress, after_build=after_build)


def _build_search_index(db_path: Path, index_dir: Path) -> None:
    """Build the search index from ``db_path`` into ``index_dir`` (atomically)."""
    from codex.search import build_index  # imported here: corpus-only tools skip Whoosh

    build_index(db_path, index_dir)
