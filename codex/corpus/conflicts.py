"""Curated conflicts between the rulebook and the Codex, each quoted verbatim from both.

A rules service must show where its sources disagree rather than silently pick a side. The
file is curated by hand, so ingest verifies every quote against the built records: a quote
that drifts from its source (after a re-export, say) stops the build with a precise message.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from codex.corpus.errors import SourceError

REQUIRED = ("id", "topic", "codex", "rulebook", "note")


@dataclass(frozen=True)
class Side:
    record_id: str
    quote: str


@dataclass(frozen=True)
class Conflict:
    id: str
    topic: str
    codex: Side
    rulebook: Side
    note: str


def load_conflicts(path: Path) -> list[Conflict]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except yaml.YAMLError as exc:
        raise SourceError(path, f"not valid YAML: {exc}") from None
    items = (data or {}).get("conflicts", [])
    conflicts: list[Conflict] = []
    for n, item in enumerate(items, start=1):
        missing = [k for k in REQUIRED if k not in (item or {})]
        if missing:
            raise SourceError(path, f"conflict #{n} lacks {', '.join(missing)}")
        try:
            sides = [Side(item[k]["id"], item[k]["quote"]) for k in ("codex", "rulebook")]
        except (KeyError, TypeError):
            raise SourceError(path, f"conflict {item['id']!r}: each side needs an id and a quote") from None
        conflicts.append(Conflict(item["id"], item["topic"], *sides, note=item["note"]))
    return conflicts


def verify_quotes(path: Path, conflicts: list[Conflict], text_of: dict[tuple[str, str], str],
                  *, tolerate: frozenset[str] = frozenset()) -> tuple[list[Conflict], list[dict]]:
    """Check every quote is a verbatim substring of the record it cites.

    A mismatch is a curation error and stops the build, except on a side named in
    ``tolerate``: there (a newer Codex export than the one the file was curated against) the
    conflict is set aside and returned as stale, for the report, so the export still ingests.
    Returns the verified conflicts and the stale ones.
    """
    kept: list[Conflict] = []
    stale: list[dict] = []
    for conflict in conflicts:
        problem = None
        for label, side in (("codex", conflict.codex), ("rulebook", conflict.rulebook)):
            text = text_of.get((label, side.record_id))
            if text is None:
                problem = (label, f"conflict {conflict.id!r}: there is no {label} record "
                                  f"{side.record_id!r}")
            elif side.quote not in text:
                problem = (label, f"conflict {conflict.id!r}: the {label} quote is not verbatim "
                                  f"in {side.record_id!r}: {side.quote!r}")
            if problem:
                break
        if problem is None:
            kept.append(conflict)
        elif problem[0] in tolerate:
            stale.append({"id": conflict.id, "problem": problem[1]})
        else:
            raise SourceError(path, problem[1],
                              fix="copy the quote from the record's normalised text")
    return kept, stale
