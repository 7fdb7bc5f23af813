"""The curated rulebook/Codex conflicts: present, quoted verbatim, and guarded by ingest."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml

from codex.corpus import Corpus, SourceError, ingest
from codex.paths import BuildPaths

SPELLBOOK = "minimum-spellbook-size"


def _by_id(corpus: Corpus) -> dict[str, dict]:
    return {row["id"]: row for row in corpus.conflicts()}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _tamper(conflicts_file: Path, conflict_id: str, side: str, **changes: str) -> None:
    """Rewrite one side of one conflict in ``conflicts_file``."""
    data = yaml.safe_load(conflicts_file.read_text(encoding="utf-8"))
    [item] = [c for c in data["conflicts"] if c["id"] == conflict_id]
    item[side].update(changes)
    conflicts_file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


# -- the built corpus -------------------------------------------------------------------------
def test_spellbook_conflict_is_present_with_its_numbers(corpus: Corpus) -> None:
    row = _by_id(corpus)[SPELLBOOK]
    assert row["codex_id"] == "spellbook"
    assert row["rulebook_id"] == "building-your-own-decks"
    assert "60" in row["rulebook_quote"] and "50" not in row["rulebook_quote"]
    assert "50" in row["codex_quote"] and "60" not in row["codex_quote"]
    assert row["topic"] and row["note"]


def test_there_are_several_conflicts_each_complete(corpus: Corpus) -> None:
    rows = corpus.conflicts()
    assert 4 <= len(rows) <= 12
    for row in rows:
        for key in ("id", "topic", "codex_id", "codex_quote", "rulebook_id", "rulebook_quote", "note"):
            assert row[key] and row[key].strip(), (row["id"], key)


def test_every_quote_is_verbatim_in_the_record_it_cites(corpus: Corpus) -> None:
    for row in corpus.conflicts():
        for source in ("codex", "rulebook"):
            record_id, quote = row[f"{source}_id"], row[f"{source}_quote"]
            text = corpus.record_text(source, record_id)
            assert text is not None, f"{row['id']}: no {source} record {record_id!r}"
            assert quote in text, f"{row['id']}: {source} quote not verbatim in {record_id!r}"


def test_the_two_sides_of_each_conflict_really_differ(corpus: Corpus) -> None:
    for row in corpus.conflicts():
        assert row["codex_quote"] != row["rulebook_quote"], row["id"]


# -- ingest guards the curated file -----------------------------------------------------------
def test_a_tampered_quote_stops_ingest_and_keeps_the_old_corpus(sources_copy: Path) -> None:
    conflicts_file = sources_copy.parent / "conflicts.yaml"
    assert conflicts_file.exists()
    build = BuildPaths(sources_copy.parent.parent / "build")
    ingest(build, sources_dir=sources_copy, conflicts_file=conflicts_file)
    before = _sha256(build.db)

    _tamper(conflicts_file, SPELLBOOK, "rulebook",
            quote="Your Spellbook must contain at least 70 spell cards.")
    with pytest.raises(SourceError) as exc:
        ingest(build, sources_dir=sources_copy, conflicts_file=conflicts_file)

    message = str(exc.value)
    assert repr(SPELLBOOK) in message
    assert "rulebook quote" in message and "building-your-own-decks" in message
    assert _sha256(build.db) == before, "the previous corpus must be left untouched"
    assert [p.name for p in build.root.iterdir() if p.name.endswith(".tmp")] == []
    with _closing(build.db) as db:
        assert _by_id(db)[SPELLBOOK]["rulebook_quote"].endswith("at least 60 spell cards.")


def test_a_quote_citing_a_missing_record_stops_ingest(sources_copy: Path) -> None:
    conflicts_file = sources_copy.parent / "conflicts.yaml"
    _tamper(conflicts_file, SPELLBOOK, "codex", id="no-such-entry")
    with pytest.raises(SourceError, match=SPELLBOOK):
        ingest(BuildPaths(sources_copy.parent.parent / "build"), sources_dir=sources_copy,
               conflicts_file=conflicts_file)


def test_a_codex_quote_is_checked_against_the_codex_record(sources_copy: Path) -> None:
    conflicts_file = sources_copy.parent / "conflicts.yaml"
    # Verbatim in the rulebook's 'setup' section, absent from the Codex 'setup' entry.
    _tamper(conflicts_file, SPELLBOOK, "codex", id="setup",
            quote="Players may either decide who has the first turn")
    with pytest.raises(SourceError, match=SPELLBOOK):
        ingest(BuildPaths(sources_copy.parent.parent / "build"), sources_dir=sources_copy,
               conflicts_file=conflicts_file)


class _closing:
    """Open a corpus read-only and close it on exit."""

    def __init__(self, path: Path) -> None:
        self.db = Corpus.open(path)

    def __enter__(self) -> Corpus:
        return self.db

    def __exit__(self, *exc: object) -> None:
        self.db.close()
