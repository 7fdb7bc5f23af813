"""``build_index``: corpus database → Whoosh index folder, swapped in atomically.

The index is written into a hidden sibling folder and only renamed over the previous one
after it has been committed and re-opened successfully. Any failure removes the partial
folder and leaves the previous index untouched, mirroring how the corpus file is installed,
so a broken ingest never leaves the service with an index that disagrees with its corpus.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index

from codex.search.documents import read_documents
from codex.search.schema import BODY_ANALYZER, SCHEMA_VERSION, TITLE_ANALYZER, build_schema, stems

INDEX_NAME = "codex"
SIDE_FILE = "side.json"
DOCSTEMS_FILE = "docstems.json"
META_FILE = "meta.json"
SCORED_FIELDS = ("title", "aliases", "body", "mentions", "parent_title")


class IndexBuildError(RuntimeError):
    """The search index could not be built; the previous index (if any) is kept."""


def build_index(db_path: Path, index_dir: Path) -> dict[str, Any]:
    """Build the search index of the corpus at ``db_path`` into ``index_dir``; return stats."""
    started = time.perf_counter()
    db_path, index_dir = Path(db_path), Path(index_dir)
    if not db_path.is_file():
        raise IndexBuildError(f"no corpus at {db_path}")
    index_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = index_dir.with_name(f".{index_dir.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        tmp.mkdir()
        stats = _write(db_path, tmp)
        stats["seconds"] = round(time.perf_counter() - started, 3)
        (tmp / META_FILE).write_text(json.dumps(stats, indent=1))
        _check(tmp, stats["documents"])
        _swap(tmp, index_dir)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return stats


def _write(db_path: Path, folder: Path) -> dict[str, Any]:
    docs, side = read_documents(db_path)
    ix = whoosh_index.create_in(str(folder), build_schema(), indexname=INDEX_NAME)
    writer = ix.writer()
    docstems: dict[str, list[str]] = {}
    stats: dict[str, dict[str, Any]] = {}
    schema = ix.schema
    try:
        for d in docs:
            fields = {k: v for k, v in d.items() if v is not None and v != []}
            fields["aliases"] = " ; ".join(d["aliases"])
            fields["mentions"] = "|".join(d["mentions"])
            fields = {k: v for k, v in fields.items() if v != ""}
            writer.add_document(**fields)
            _count(stats.setdefault(d["game"], {"docs": 0, "lengths": {}}), schema, fields)
            docstems[d["key"]] = sorted(
                set(stems(BODY_ANALYZER, d["body"])) | set(stems(TITLE_ANALYZER, d["title"]))
                | set(stems(TITLE_ANALYZER, " ; ".join(d["aliases"]))))
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    ix.close()
    (folder / SIDE_FILE).write_text(json.dumps({**side.to_json(), "stats": stats}))
    (folder / DOCSTEMS_FILE).write_text(json.dumps(docstems))
    counts: dict[str, int] = {}
    for d in docs:
        name = f"{d['source']}:{d['kind']}"
        counts[name] = counts.get(name, 0) + 1
    return {"schema_version": SCHEMA_VERSION, "documents": len(docs), "by_kind": counts,
            "vocabulary": len(side.vocabulary), "synonym_groups": len(side.synonyms),
            "cards": len(side.cards), "corpus": str(db_path)}


def _count(game: dict[str, Any], schema: Any, fields: dict[str, Any]) -> None:
    """Add one record to its game's collection statistics: the record count and each
    scored field's total length, counted as Whoosh counts it (the frequencies of the terms
    the field's analyzer makes), so that BM25F can be computed per game (``memory.py``)."""
    game["docs"] += 1
    for name in SCORED_FIELDS:
        if name in fields:
            n = sum(freq for _t, freq, _w, _v in schema[name].index(fields[name]))
            game["lengths"][name] = game["lengths"].get(name, 0) + n


def _check(folder: Path, expected: int) -> None:
    """Re-open what was written: an index that cannot be searched must not be installed."""
    ix = whoosh_index.open_dir(str(folder), indexname=INDEX_NAME)
    try:
        if ix.doc_count() != expected:
            raise IndexBuildError(f"index holds {ix.doc_count()} documents, expected {expected}")
    finally:
        ix.close()


def _swap(tmp: Path, index_dir: Path) -> None:
    """Rename ``tmp`` over ``index_dir``; put the old folder back if the second rename fails."""
    old = index_dir.with_name(f".{index_dir.name}.{os.getpid()}.old")
    shutil.rmtree(old, ignore_errors=True)
    had_old = index_dir.exists()
    if had_old:
        os.rename(index_dir, old)
    try:
        os.rename(tmp, index_dir)
    except BaseException:
        if had_old:
            os.rename(old, index_dir)
        raise
    shutil.rmtree(old, ignore_errors=True)


def index_exists(index_dir: Path) -> bool:
    """Whether ``index_dir`` holds a complete index (its meta file is written last)."""
    return (Path(index_dir) / META_FILE).is_file() and whoosh_index.exists_in(
        str(index_dir), indexname=INDEX_NAME)
