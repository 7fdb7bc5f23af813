"""Where sources and built artifacts live. One place, so every layer agrees."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = PROJECT_ROOT / "corpus"
SOURCES_DIR = CORPUS_DIR / "sources"
DEFAULT_BUILD_DIR = CORPUS_DIR / "build"


@dataclass(frozen=True)
class BuildPaths:
    """Paths of the built artifacts inside one build folder."""

    root: Path

    @classmethod
    def at(cls, build_dir: str | os.PathLike[str] | None = None) -> "BuildPaths":
        env = os.environ.get("ARBITER_BUILD_DIR")
        return cls(Path(build_dir or env or DEFAULT_BUILD_DIR))

    @property
    def db(self) -> Path:
        """The SQLite corpus."""
        return self.root / "arbiter.db"

    @property
    def index(self) -> Path:
        """The Whoosh search index folder."""
        return self.root / "search-index"

    @property
    def cards_db(self) -> Path:
        """The imported card catalog: a file of its own, so re-ingesting the Codex never drops it."""
        return self.root / "cards.db"

    @property
    def rulings_db(self) -> Path:
        """Shared rulings (scenarios by content hash): beside the catalog, kept across builds."""
        return self.root / "rulings.db"
