"""For the benchmarks: a copy of the sources with only Sorcery's in the manifest, so a build
of it is the corpus as it was before the other games (the baseline they are compared to)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from codex.paths import CORPUS_DIR, SOURCES_DIR


def sorcery_only_sources(folder: Path) -> Path:
    """``folder``/corpus/sources with Sorcery's sources only (and the conflicts file)."""
    dest = folder / "corpus" / "sources"
    dest.mkdir(parents=True)
    manifest = json.loads((SOURCES_DIR / "manifest.json").read_text())
    kept = {n: e for n, e in manifest["sources"].items() if e.get("game") == "sorcery"}
    for name in kept:
        shutil.copy(SOURCES_DIR / name, dest / name)
    (dest / "manifest.json").write_text(json.dumps({**manifest, "sources": kept}, indent=2))
    shutil.copy(CORPUS_DIR / "conflicts.yaml", dest.parent / "conflicts.yaml")
    return dest
