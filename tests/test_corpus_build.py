"""Ingest is atomic, repeatable, verifies its sources and ingests newer exports."""
from __future__ import annotations

import csv
import hashlib
import io
import sqlite3
from pathlib import Path

import pytest

from codex.corpus import ChecksumError, Corpus, CorpusError, ingest
from codex.corpus.diff import diff_exports
from codex.paths import BuildPaths, SOURCES_DIR

CODEX = SOURCES_DIR / "sorcery-codex.csv"


def _content(db: Path) -> dict[str, list]:
    conn = sqlite3.connect(db)
    tables = [r[0] for r in conn.execute("select name from sqlite_master where type='table'")]
    return {t: sorted(map(repr, conn.execute(f"select * from {t}").fetchall()))
            for t in tables if t != "meta"}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_two_builds_give_the_same_content(tmp_path: Path) -> None:
    a, b = BuildPaths(tmp_path / "a"), BuildPaths(tmp_path / "b")
    ingest(a)
    ingest(b)
    assert _content(a.db) == _content(b.db)


def test_interrupted_build_leaves_previous_corpus(tmp_path: Path) -> None:
    build = BuildPaths(tmp_path)
    ingest(build)
    before = _digest(build.db)

    def interrupt(step: str) -> None:
        if step == "writing the rulebook":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ingest(build, progress=interrupt)
    assert _digest(build.db) == before
    # no temporary left behind: the build lock, the current link and one generation
    assert sorted(p.name for p in tmp_path.iterdir()) == [".build.lock", "current", "generations"]
    assert [p.name for p in build.generations.iterdir()] == [build.current.resolve().name]


def test_failure_after_writing_keeps_previous_corpus(tmp_path: Path) -> None:
    build = BuildPaths(tmp_path)
    ingest(build)
    before = _digest(build.db)

    def broken_index(db: Path) -> None:
        raise CorpusError("index build failed")

    with pytest.raises(CorpusError):
        ingest(build, after_build=broken_index)
    assert _digest(build.db) == before
    Corpus.open(build.db).stats()  # still a working corpus


def test_changed_source_is_named(tmp_path: Path, sources_copy: Path) -> None:
    rulebook = sources_copy / "sorcery-rulebook-2025-12.txt"
    rulebook.write_text(rulebook.read_text(encoding="utf-8") + "\nedited by hand\n", encoding="utf-8")
    with pytest.raises(ChecksumError, match="sorcery-rulebook-2025-12.txt.*does not match"):
        ingest(BuildPaths(tmp_path / "build"), sources_dir=sources_copy)


def _rows() -> list[list[str]]:
    with CODEX.open(encoding="utf-8", newline="") as fh:
        return list(csv.reader(fh))


def _write(path: Path, rows: list[list[str]]) -> Path:
    buf = io.StringIO()
    csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return path


def _newer_export(tmp_path: Path) -> Path:
    """A plausible newer export: 17 new entries (one with a sub-entry), one changed, one removed."""
    rows = _rows()
    header, body = rows[0], rows[1:]
    body = [r for r in body if r[0] != "Tawny"]
    for r in body:
        if r[0] == "Lethal":
            r[1] = r[1].replace("kill", "destroy", 1) + "  Added in this export: see ((Strike))."
    new = [[f"Invented Rule {n}", f"An invented entry number {n} that mentions [[Bosk  Troll]] "
            "and links to ((airborne units)).", ""] for n in range(1, 18)]
    new.insert(1, ["", "", "Invented Detail:  A sub-entry of the first invented rule."])
    return _write(tmp_path / "newer.csv", [header, *body, *new])


def test_newer_export_ingests(tmp_path: Path) -> None:
    build = BuildPaths(tmp_path / "build")
    report = ingest(build, codex_csv=_newer_export(tmp_path))
    assert report.counts["codex_main_entries"] == 186 - 1 + 17
    assert report.counts["codex_subentries"] == 61
    assert report.unresolved_links == []  # "airborne units" finds Airborne by its tail rule
    corpus = Corpus.open(build.db)
    assert corpus.entry("invented rule 1").subentries[0].id == "invented-rule-1#invented-detail"
    assert "invented-rule-17" in [r["id"] for r in corpus.mentions("Bosk Troll")]
    assert corpus.stats()["sources"][0]["name"] == "newer.csv"


def test_codex_diff_reports_changes(tmp_path: Path) -> None:
    result = diff_exports(CODEX, _newer_export(tmp_path))
    data = result.to_dict()
    assert data["summary"] == {"added": 18, "removed": 1, "changed": 1}
    assert {"id": "tawny", "title": "Tawny", "kind": "entry", "csv_row": data["removed"][0]["csv_row"]} \
        == data["removed"][0]
    assert "invented-rule-1#invented-detail" in [a["id"] for a in data["added"]]
    change = data["changed"][0]
    assert change["id"] == "lethal"
    assert "[-kill-] {+destroy+}" in change["diff"]
    assert "{+Added in this export: see Strike.+}" in change["diff"]


def test_codex_diff_of_identical_exports_is_empty() -> None:
    assert diff_exports(CODEX, CODEX).to_dict()["summary"] == {"added": 0, "removed": 0, "changed": 0}


def test_newer_export_that_rewords_a_conflict_quote_still_ingests(tmp_path: Path) -> None:
    """A curated conflict quoting text the newer Codex reworded is set aside and reported."""
    rows = _rows()
    for r in rows:
        if r[0] == "Setup":
            r[1] = r[1].replace("Players randomly decide who goes first.",
                                "Players roll a die to decide who goes first.")
    report = ingest(BuildPaths(tmp_path / "build"), codex_csv=_write(tmp_path / "n.csv", rows))
    assert [s["id"] for s in report.stale_conflicts] == ["choosing-the-first-player"]
    corpus = Corpus.open(report.db_path)
    ids = [c["id"] for c in corpus.conflicts()]
    assert "choosing-the-first-player" not in ids and "minimum-spellbook-size" in ids
