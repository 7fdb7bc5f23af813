"""Corpus statistics (with source checksums and build time) and a liveness probe."""
from __future__ import annotations

from typing import Any

from service.api import api
from service.api.schemas import Health, StatsOut
from service.resources import resources


@api.get("/stats")
@api.output(StatsOut)
@api.doc(summary="Corpus counts, source checksums and build time")
def stats() -> dict[str, Any]:
    res = resources()
    meta = res.stats["meta"]
    return {"built_at": meta.get("built_at"), "schema_version": meta.get("schema_version"),
            "fingerprint": res.fingerprint, "search_engine": res.search.name,
            "meta": {k: str(v) for k, v in meta.items()}, "counts": res.stats["counts"],
            "sources": res.stats["sources"]}


@api.get("/health")
@api.output(Health)
@api.doc(summary="Liveness probe")
def health() -> dict[str, Any]:
    return {"ok": True}
