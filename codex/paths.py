"""Where sources and built artifacts live. One place, so every layer agrees."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = PROJECT_ROOT / "corpus"
SOURCES_DIR = CORPUS_DIR / "sources"
DEFAULT_BUILD_DIR = CORPUS_DIR / "build"


DB_FILE = "arbiter.db"          # inside a generation folder
INDEX_DIR = "search-index"      # inside a generation folder


@dataclass(frozen=True)
class BuildPaths:
    """Paths of the built artifacts inside one build folder.

    The corpus and its search index live together in generation folders; ``current`` is a
    symlink to the one in use (see ``codex.corpus.generation``). ``db`` and ``index`` go through
    that link, which suits a tool that reads one of them once; a reader of both (the service)
    resolves the link once with ``codex.corpus.generation.lease`` so that the pair it opens is
    always from one build.
    """

    root: Path

    @classmethod
    def at(cls, build_dir: str | os.PathLike[str] | None = None) -> "BuildPaths":
        env = os.environ.get("ARBITER_BUILD_DIR")
        return cls(Path(build_dir or env or DEFAULT_BUILD_DIR))

    @property
    def current(self) -> Path:
        """Symlink to the current generation folder."""
        return self.root / "current"

    @property
    def generations(self) -> Path:
        """Folder of the generation folders."""
        return self.root / "generations"

    @property
    def lock(self) -> Path:
        """Held by the one build (ingest) that may run at a time."""
        return self.root / ".build.lock"

    @property
    def db(self) -> Path:
        """The SQLite corpus of the current generation."""
        return self.current / DB_FILE

    @property
    def index(self) -> Path:
        """The Whoosh search index folder of the current generation."""
        return self.current / INDEX_DIR

    @property
    def cards_db(self) -> Path:
        """The imported card catalog: a file of its own, so re-ingesting the Codex never drops it."""
        return self.root / "cards.db"

    @property
    def rulings_db(self) -> Path:
        """Shared rulings (scenarios by content hash): beside the catalog, kept across builds."""
        return self.root / "rulings.db"
