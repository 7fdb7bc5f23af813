"""The corpus and its search index are one generation: built, switched and opened as a unit.

Fault injection, not luck: every file-system step of a build (``generation.STEPS``) is made to
fail (an exception, as Ctrl-C would) and to die (``SIGKILL`` in a forked child, as ``kill -9``
would). After each, the current generation is complete and consistent (search and lookup
agree, and both are the old build or both the new one), and the next build leaves nothing
behind. A folder whose database and index come from different builds is refused, by readers
and by a running service.
"""
from __future__ import annotations

import csv
import io
import os
import shutil
import signal
import sqlite3
from pathlib import Path

import pytest

from codex.corpus import Corpus, CorpusError, GenerationError, GenerationMismatch, generation
from codex.corpus.generation import STEPS, lease
from codex.paths import SOURCES_DIR, BuildPaths
from codex.pipeline import build_all
from codex.search import Searcher

MARKER_TITLE = "Zephyr Clause"
MARKER_WORD = "zyzzogeton"          # appears in no other record
QUERIES = ["intercept", "airborne movement", "death's door", "carriable artifacts", "attack",
           MARKER_WORD]


def _newer_codex(tmp_path: Path) -> Path:
    """The embedded Codex plus one invented entry, so the two generations can be told apart."""
    text = (SOURCES_DIR / "sorcery-codex.csv").read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    rows.append([MARKER_TITLE, f"An invented rule about the {MARKER_WORD}, for tests.", ""])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path = tmp_path / "newer.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def _state(build: BuildPaths) -> str:
    """'old' or 'new' for a consistent generation; fails the test for anything else.

    Consistent: every search hit is a record of the corpus with the same title, and the
    invented entry is in both the corpus and the index, or in neither.
    """
    with lease(build) as held:
        corpus = Corpus.open(held.generation.db)
        searcher = Searcher.open(held.generation.index, cache_size=0)
        try:
            for q in QUERIES:
                for hit in searcher.search(q, correct=False).hits:
                    record = corpus.record(hit.source, hit.id)
                    assert record is not None, f"{hit.id} is in the index, not the corpus"
                    assert record["title"] == hit.title
            in_corpus = corpus.entry(MARKER_TITLE) is not None
            in_index = any(h.title == MARKER_TITLE
                           for h in searcher.search(MARKER_WORD, correct=False).hits)
            assert in_corpus == in_index, "the corpus and the index are from different builds"
            return "new" if in_corpus else "old"
        finally:
            searcher.close()
            corpus.close()


def _layout(build: BuildPaths) -> list[str]:
    """Everything in the build folder but the insides of generation folders."""
    top = sorted(p.name for p in build.root.iterdir())
    gens = sorted(p.name for p in build.generations.iterdir())
    return top + [f"generations/{g}" for g in gens]


def _clean_layout(build: BuildPaths) -> list[str]:
    return [".build.lock", "current", "generations", f"generations/{build.current.resolve().name}"]


@pytest.fixture(scope="module")
def newer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _newer_codex(tmp_path_factory.mktemp("newer"))


@pytest.fixture()
def old_build(build_paths: BuildPaths, tmp_path: Path) -> BuildPaths:
    from tests.conftest import clone_build

    build = clone_build(build_paths, tmp_path / "build")
    assert _state(build) == "old"
    return build


# -- failures and kills at every step -----------------------------------------------------
@pytest.mark.parametrize("step", STEPS)
def test_a_failure_at_any_step_leaves_one_whole_generation(old_build, newer, monkeypatch, step):
    def fail(at: str) -> None:
        if at == step:
            raise KeyboardInterrupt   # as Ctrl-C: BaseException, not only Exception

    monkeypatch.setattr(generation, "checkpoint", fail)
    with pytest.raises(KeyboardInterrupt):
        build_all(old_build, codex_csv=newer)
    switched = STEPS.index(step) >= STEPS.index("switched")
    assert _state(old_build) == ("new" if switched else "old")
    monkeypatch.undo()
    build_all(old_build, codex_csv=newer)
    assert _state(old_build) == "new"
    assert _layout(old_build) == _clean_layout(old_build), "leftovers were not removed"


@pytest.mark.slow
@pytest.mark.parametrize("step", STEPS)
def test_kill_9_at_any_step_leaves_one_whole_generation(old_build, newer, step):
    pid = os.fork()
    if pid == 0:  # the child builds and dies at ``step`` like ``kill -9``
        try:
            def die(at: str) -> None:
                if at == step:
                    os.kill(os.getpid(), signal.SIGKILL)

            generation.checkpoint = die
            build_all(old_build, codex_csv=newer)
        finally:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    switched = STEPS.index(step) >= STEPS.index("switched")
    assert _state(old_build) == ("new" if switched else "old")
    build_all(old_build)                   # the next run: back to the embedded Codex
    assert _state(old_build) == "old"
    assert _layout(old_build) == _clean_layout(old_build), "leftovers were not removed"


def test_kill_9_during_the_search_index_build(old_build, newer, monkeypatch):
    """A kill inside the index writer (not at a checkpoint) is no different."""
    pid = os.fork()
    if pid == 0:
        try:
            import codex.search.index as index_module

            real = index_module._check

            def die_after_writing(folder, expected):  # the index is written, not yet checked
                real(folder, expected)
                os.kill(os.getpid(), signal.SIGKILL)

            index_module._check = die_after_writing
            build_all(old_build, codex_csv=newer)
        finally:
            os._exit(3)
    os.waitpid(pid, 0)
    assert _state(old_build) == "old"
    leftovers = [p for p in old_build.generations.iterdir() if p.name.startswith(".staging-")]
    assert leftovers, "the kill left a staging folder (removed by the next build)"
    build_all(old_build)
    assert _layout(old_build) == _clean_layout(old_build)


# -- reading: one unit, mismatches refused -----------------------------------------------
def test_a_database_from_another_build_is_refused(old_build):
    with sqlite3.connect(old_build.db) as db:
        db.execute("update meta set value = 'some-other-build' where key = 'generation'")
    with pytest.raises(GenerationMismatch, match="belongs to generation some-other-build"):
        lease(old_build)


def test_an_index_from_another_build_is_refused(old_build, tmp_path, newer):
    other = BuildPaths(tmp_path / "other")
    build_all(other, codex_csv=newer)
    target = old_build.current.resolve() / "search-index"
    shutil.rmtree(target)
    shutil.copytree(other.index, target)
    with pytest.raises(GenerationMismatch, match="search index .* was not built from"):
        lease(old_build)
    from service import create_app

    with pytest.raises(GenerationMismatch):
        create_app(old_build)


def test_an_incomplete_generation_is_refused(old_build):
    (old_build.current.resolve() / generation.MANIFEST).unlink()
    with pytest.raises(GenerationError, match="not a complete generation"):
        lease(old_build)


def test_no_corpus_and_the_old_flat_layout_say_what_to_do(tmp_path):
    with pytest.raises(CorpusError, match="run `arbiter ingest`"):
        lease(BuildPaths(tmp_path / "none"))
    legacy = BuildPaths(tmp_path / "legacy")
    legacy.root.mkdir()
    (legacy.root / "arbiter.db").write_bytes(b"")
    with pytest.raises(CorpusError, match="older Arbiter.*run `arbiter ingest`"):
        lease(legacy)
    build_all(legacy)                      # the next ingest replaces the flat layout
    assert _layout(legacy) == _clean_layout(legacy)


def test_a_generation_in_use_is_kept_until_released(old_build, newer):
    held = lease(old_build)
    build_all(old_build, codex_csv=newer)
    assert held.generation.folder.is_dir(), "a build must not delete what a server reads"
    assert _state(old_build) == "new"
    held.release()
    build_all(old_build)
    assert not held.generation.folder.exists()
    assert _layout(old_build) == _clean_layout(old_build)


def test_leftovers_of_killed_builds_are_removed_by_the_next(old_build):
    gens = old_build.generations
    (gens / ".staging-20200101T000000-abcdef").mkdir()
    (gens / ".staging-20200101T000000-abcdef" / "arbiter.db").write_bytes(b"half")
    (gens / "20200101T000000-000000").mkdir()                   # published, never switched to
    (gens / "20200101T000000-000000" / generation.READERS).touch()
    os.symlink("generations/nowhere", old_build.root / ".current.123-abcd.tmp")
    (old_build.root / ".arbiter.db.4242.tmp").write_bytes(b"from the flat layout")
    build_all(old_build)
    assert _layout(old_build) == _clean_layout(old_build)


def test_built_files_have_ordinary_permissions(old_build):
    umask = os.umask(0o022)
    os.umask(umask)
    folder = old_build.current.resolve()
    assert folder.stat().st_mode & 0o777 == 0o777 & ~umask
    for path in [folder / "arbiter.db", folder / generation.MANIFEST,
                 *(folder / "search-index").iterdir()]:
        assert path.stat().st_mode & 0o666 == 0o666 & ~umask, path   # not 0600


# -- a running service --------------------------------------------------------------------
def test_a_running_service_switches_to_a_new_generation_whole(old_build, newer):
    from service import create_app
    from service.resources import EXTENSION_KEY

    app = create_app(old_build)
    client, live = app.test_client(), app.extensions[EXTENSION_KEY]
    assert client.get(f"/api/v1/entries/{MARKER_TITLE}").status_code == 404
    old_gen = client.get("/api/v1/stats").get_json()["meta"]["generation"]
    in_flight = live.acquire()                       # a request still using the old one
    build_all(old_build, codex_csv=newer)
    assert live.refresh() is True
    entry = client.get(f"/api/v1/entries/{MARKER_TITLE}")
    hits = client.get(f"/api/v1/search?q={MARKER_WORD}").get_json()["hits"]
    assert entry.status_code == 200 and [h["title"] for h in hits][:1] == [MARKER_TITLE]
    assert client.get("/api/v1/stats").get_json()["meta"]["generation"] != old_gen
    assert in_flight.corpus.entry("intercept") is not None, "the old one serves to the end"
    assert in_flight.corpus.entry(MARKER_TITLE) is None
    live.release(in_flight)                          # last user: closed, lease released
    build_all(old_build, codex_csv=newer)
    assert not in_flight.generation.folder.exists()


def test_a_running_service_refuses_a_mismatched_generation(old_build, newer, caplog):
    from service import create_app
    from service.resources import EXTENSION_KEY

    app = create_app(old_build)
    live = app.extensions[EXTENSION_KEY]
    build_all(old_build, codex_csv=newer)
    with sqlite3.connect(old_build.db) as db:
        db.execute("update meta set value = 'tampered' where key = 'generation'")
    assert live.refresh() is False
    assert "not serving generation" in caplog.text and "tampered" in caplog.text
    client = app.test_client()
    assert client.get(f"/api/v1/entries/{MARKER_TITLE}").status_code == 404   # still the old
    assert client.get(f"/api/v1/search?q={MARKER_WORD}").get_json()["hits"] == []


def test_a_service_answering_from_its_cache_notices_a_new_generation(old_build, newer,
                                                                       monkeypatch):
    """The response cache answers repeated pages before any view runs; a worker whose
    requests all hit it must still notice a new build, and then serve the new text."""
    import time

    import service.resources
    from service import create_app

    monkeypatch.setattr(service.resources, "RECHECK_SECONDS", 0.0)
    client = create_app(old_build).test_client()
    url = f"/api/v1/search?q={MARKER_WORD}"
    assert client.get(url).get_json()["hits"] == []
    assert client.get(url).get_json()["hits"] == []                    # from the cache
    build_all(old_build, codex_csv=newer)
    deadline = time.monotonic() + 20                  # the new generation loads in the background
    while not client.get(url).get_json()["hits"]:     # only this cached URL is asked for
        assert time.monotonic() < deadline, "the cached answer of the old build is still served"
        time.sleep(0.05)
    assert client.get(url).get_json()["hits"][0]["title"] == MARKER_TITLE
