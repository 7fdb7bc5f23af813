"""Index build: every record indexed, atomic replacement, a failed build keeps the old index."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from codex.search import IndexMissing, Searcher, build_index, index_exists
from codex.search import index as index_module


@pytest.fixture()
def private_build(build_paths, tmp_path: Path) -> tuple[Path, Path]:
    db = tmp_path / "arbiter.db"
    shutil.copy(build_paths.db, db)
    return db, tmp_path / "search-index"


def test_ingest_builds_the_index(build_paths, corpus) -> None:
    assert index_exists(build_paths.index)
    with Searcher.open(build_paths.index) as s:
        # every citable record of every game, and the texts describing pictures
        expected = len(corpus.records()) + sum(len(corpus.game_images(g))
                                               for g in corpus.game_names())
        assert s.meta["documents"] == expected
        assert s.meta["by_kind"]["codex:subentry"] > 0


def test_build_stats(private_build) -> None:
    db, folder = private_build
    stats = build_index(db, folder)
    assert stats["documents"] > 300 and stats["synonym_groups"] >= 5 and stats["seconds"] > 0
    assert not list(folder.parent.glob(".search-index.*"))   # no temp folders left


def test_failed_build_keeps_previous_index(private_build, monkeypatch) -> None:
    db, folder = private_build
    build_index(db, folder)
    before = sorted(p.name for p in folder.iterdir())

    def boom(*_a, **_k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(index_module, "_check", boom)
    with pytest.raises(RuntimeError):
        build_index(db, folder)
    assert sorted(p.name for p in folder.iterdir()) == before
    assert not list(folder.parent.glob(".search-index.*"))
    with Searcher.open(folder) as s:
        assert s.search("airborne").hits[0].key == "codex:airborne"


def test_failed_write_keeps_previous_index(private_build, monkeypatch) -> None:
    db, folder = private_build
    build_index(db, folder)
    real = index_module.read_documents

    def half(db_path):
        docs, side = real(db_path)
        docs[5]["page"] = "not a number"     # the Whoosh writer rejects this mid-build
        return docs, side

    monkeypatch.setattr(index_module, "read_documents", half)
    with pytest.raises(Exception):
        build_index(db, folder)
    with Searcher.open(folder) as s:
        assert s.search("stealth").hits


def test_rebuild_replaces_index(private_build) -> None:
    db, folder = private_build
    build_index(db, folder)
    first = (folder / "meta.json").stat().st_mtime_ns
    build_index(db, folder)
    assert (folder / "meta.json").stat().st_mtime_ns != first


def test_missing_index(tmp_path: Path) -> None:
    with pytest.raises(IndexMissing):
        Searcher.open(tmp_path / "nope")
