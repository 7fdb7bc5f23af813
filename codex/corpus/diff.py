"""Compare two Codex exports: what was added, removed and changed, with word diffs.

The Codex is republished with new and changed entries; judges and maintainers need to see
what changed in the rules between exports, sub-entries included, not just that files differ.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from codex.corpus.codex_csv import CodexRecord, read_codex_csv
from codex.corpus.text import plain


@dataclass
class Change:
    id: str
    title: str
    kind: str
    words: list[dict]  # [{"op": "equal"|"delete"|"insert", "text": ...}]

    def marked(self) -> str:
        """The word diff as text: ``[-removed-]`` and ``{+added+}``."""
        marks = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}
        return " ".join(marks[w["op"]].format(w["text"]) for w in self.words)


@dataclass
class CodexDiff:
    added: list[CodexRecord] = field(default_factory=list)
    removed: list[CodexRecord] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)

    def to_dict(self) -> dict:
        def brief(r: CodexRecord) -> dict:
            return {"id": r.id, "title": r.title, "kind": r.kind, "csv_row": r.csv_row}
        return {"added": [brief(r) for r in self.added],
                "removed": [brief(r) for r in self.removed],
                "changed": [{"id": c.id, "title": c.title, "kind": c.kind, "words": c.words,
                             "diff": c.marked()} for c in self.changed],
                "summary": {"added": len(self.added), "removed": len(self.removed),
                            "changed": len(self.changed)}}


def word_diff(old: str, new: str) -> list[dict]:
    """Word-level operations turning ``old`` into ``new`` (runs of equal words merged)."""
    a, b = old.split(), new.split()
    ops: list[dict] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag in ("delete", "replace"):
            ops.append({"op": "delete", "text": " ".join(a[i1:i2])})
        if tag in ("insert", "replace"):
            ops.append({"op": "insert", "text": " ".join(b[j1:j2])})
        if tag == "equal":
            ops.append({"op": "equal", "text": " ".join(a[i1:i2])})
    return ops


def diff_exports(old_path: Path, new_path: Path) -> CodexDiff:
    """Diff two Codex CSV exports by record id (title slug, ``parent#sub`` for sub-entries)."""
    old = {r.id: r for r in read_codex_csv(old_path)}
    new = {r.id: r for r in read_codex_csv(new_path)}
    result = CodexDiff(added=[r for i, r in new.items() if i not in old],
                       removed=[r for i, r in old.items() if i not in new])
    for rid, before in old.items():
        after = new.get(rid)
        if after is not None and plain(before.markup) != plain(after.markup):
            result.changed.append(Change(rid, after.title, after.kind,
                                         word_diff(plain(before.markup), plain(after.markup))))
    return result
