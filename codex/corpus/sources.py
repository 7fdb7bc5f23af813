"""The source manifest: which files the corpus is built from, and their checksums.

Sources are copied byte for byte from the shared originals and never edited by hand; the
manifest makes an accidental edit (or a partial copy) fail loudly at ingest, naming the file.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from codex.corpus.errors import ChecksumError, SourceError

MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Source:
    name: str
    path: Path
    sha256: str
    bytes: int
    game: str
    role: str  # "codex" | "rulebook"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest(sources_dir: Path) -> dict[str, dict]:
    path = sources_dir / MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))["sources"]
    except FileNotFoundError:
        raise SourceError(path, "the source manifest is missing") from None
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise SourceError(path, f"the source manifest is not valid: {exc}") from None


def verified_source(sources_dir: Path, name: str) -> Source:
    """The manifest's record of ``name``, after checking the file still matches it."""
    manifest = load_manifest(sources_dir)
    if name not in manifest:
        raise SourceError(sources_dir / MANIFEST, f"{name} is not listed in the manifest")
    entry = manifest[name]
    path = sources_dir / name
    if not path.exists():
        raise SourceError(path, "the source file listed in the manifest is missing",
                          fix="copy it again from shared/corpus")
    actual = sha256_of(path)
    if actual != entry["sha256"]:
        raise ChecksumError(f"{path}: sha256 {actual[:12]}… does not match the manifest's "
                            f"{entry['sha256'][:12]}…; the source changed since it was recorded "
                            "(sources are never edited by hand: copy the original again)")
    return Source(name, path, actual, path.stat().st_size, entry["game"], entry["role"])


def external_source(path: Path, game: str, role: str) -> Source:
    """A source given on the command line (e.g. a newer Codex export): recorded, not verified."""
    if not path.is_file():
        raise SourceError(path, "no such file")
    return Source(path.name, path, sha256_of(path), path.stat().st_size, game, role)
