"""Shared fixtures. The corpus is built once per session from the embedded sources."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from codex.corpus import Corpus
from codex.pipeline import build_all
from codex.paths import PROJECT_ROOT, BuildPaths

SHARED_CARDS = PROJECT_ROOT.parent / "shared" / "cards" / "sorcery-cards.json"


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The card snapshot imported into a temporary catalog, as the engine's card source (module scope:
    the catalog teaches the parser its names, which each module forgets as it ends)."""
    from codex.cards import import_cards
    from codex.cards.catalog import CardCatalog
    from codex.cards.source import CatalogCards
    db = tmp_path_factory.mktemp("cards") / "cards.db"
    import_cards(SHARED_CARDS, db)
    return CatalogCards(CardCatalog.open(db))


def named_cards(x: Any) -> list[str]:
    """Every card a scenario names by `card`, anywhere in it."""
    if isinstance(x, dict):
        own = [x["card"]] if isinstance(x.get("card"), str) else []
        return own + [n for v in x.values() for n in named_cards(v)]
    if isinstance(x, list):
        return [n for v in x for n in named_cards(v)]
    return []


@pytest.fixture(autouse=True, scope="module")
def _parser_names_restored_per_module() -> Iterator[None]:
    """The same for a module's own fixtures (a module-scoped card catalog teaches the parser its names
    and subtypes): they are forgotten when the module ends, so no later module parses with them."""
    from codex.cardtext.parser import names_added

    with names_added():
        yield


@pytest.fixture(autouse=True)
def _parser_names_restored() -> Iterator[None]:
    """Card names a test teaches the parser (opening a catalog does) are forgotten after it: golden
    trees read the parser's own vocabulary, whatever ran before."""
    from codex.cardtext.parser import names_added

    with names_added():
        yield


@pytest.fixture(scope="session")
def build_paths(tmp_path_factory: pytest.TempPathFactory) -> BuildPaths:
    """A build folder with a freshly ingested corpus (and whatever ingest builds with it)."""
    build = BuildPaths(tmp_path_factory.mktemp("build"))
    build_all(build)
    return build


class InSorcery:
    """A searcher whose searches are Sorcery's (``game="sorcery"``) unless told otherwise:
    for tests of Sorcery's own search behaviour (its players' vocabulary, its typo
    correction, its query sets), which the other games' words must not change."""

    def __init__(self, searcher) -> None:  # noqa: ANN001
        self._searcher = searcher

    def search(self, q: str, **kwargs):  # noqa: ANN201
        kwargs.setdefault("game", "sorcery")
        return self._searcher.search(q, **kwargs)

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self._searcher, name)


def clone_build(build: BuildPaths, dest: Path) -> BuildPaths:
    """A private copy of a build folder (generations and the ``current`` link), to change freely."""
    import shutil

    shutil.copytree(build.root, dest, symlinks=True)
    return BuildPaths(dest)


@pytest.fixture(scope="session")
def corpus(build_paths: BuildPaths) -> Corpus:
    """The embedded corpus, opened read-only."""
    db = Corpus.open(build_paths.db)
    yield db
    db.close()


@pytest.fixture(scope="module")
def app(build_paths: BuildPaths):
    """The Flask app over the test corpus, one per test module (each module starts with an empty
    response cache)."""
    from service import create_app

    return create_app(build_paths)


@pytest.fixture()
def client(app):
    """A test client of :func:`app`."""
    return app.test_client()


@pytest.fixture()
def sources_copy(tmp_path: Path) -> Path:
    """A private copy of corpus/sources and conflicts.yaml, for tests that tamper with them."""
    import shutil

    from codex.paths import CORPUS_DIR, SOURCES_DIR

    dest = tmp_path / "corpus"
    shutil.copytree(SOURCES_DIR, dest / "sources")
    if (CORPUS_DIR / "conflicts.yaml").exists():
        shutil.copy(CORPUS_DIR / "conflicts.yaml", dest / "conflicts.yaml")
    return dest / "sources"


@pytest.fixture(scope="session")
def judge_build(build_paths: BuildPaths, tmp_path_factory: pytest.TempPathFactory) -> BuildPaths:
    """A copy of the test build with the invented card catalog imported (card pages, card
    search, the board editor's card picker); the shared build stays without a catalog."""
    import shutil

    from codex.cards.catalog import import_cards

    root = tmp_path_factory.mktemp("judge") / "build"
    shutil.copytree(build_paths.root, root, symlinks=True)
    build = BuildPaths(root)
    import_cards(Path(__file__).parent / "fixtures" / "cards" / "judge.json", build.cards_db)
    return build
