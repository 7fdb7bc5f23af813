"""One generation of built artifacts: the corpus database and its search index, as one unit.

A build folder holds complete, immutable generations and one symlink naming the current one::

    corpus/build/
      current -> generations/20261122T073512-3f9a1c     switched with one atomic rename
      generations/20261122T073512-3f9a1c/
        arbiter.db        the corpus; its meta row "generation" is the folder's name
        search-index/     the Whoosh index, built from that very database
        generation.json   the manifest, written last: id, files, a stamp of the index
        .readers          every process serving this generation holds a shared lock on it
      .build.lock         one builder at a time (ingest)
      cards.db            the card catalog, a file of its own (kept across ingests)

A build writes everything into a hidden staging folder, writes the manifest, renames the folder
into ``generations/`` and then points ``current`` at it (a new symlink renamed over the old one:
atomic). A crash or ``kill -9`` at any moment leaves ``current`` on the previous complete
generation; what the killed build left is removed by the next one, which holds the build lock and
so knows that no live builder owns it. Readers resolve ``current`` once and open both files from
the folder it names, so they can never pair a database with another build's index; the manifest
check refuses a folder whose parts do not belong together (copied or edited by hand) with a clear
message. A generation that a running server still reads is kept until it lets go of it.

Every file-system step calls :func:`checkpoint` with its name (:data:`STEPS`), so tests can fail
or kill a build at each one.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from codex import atomic
from codex.corpus.errors import CorpusNotBuilt, GenerationError, GenerationMismatch
from codex.paths import DB_FILE, INDEX_DIR, BuildPaths

MANIFEST = "generation.json"
READERS = ".readers"
STAGING = ".staging-"
FORMAT = 1
LEGACY = (DB_FILE, INDEX_DIR)   # the flat layout of earlier versions, replaced by generations
STEPS = ("staged", "corpus-written", "index-written", "manifest-written", "published",
         "switched", "collected")


def checkpoint(step: str) -> None:
    """Called before each step of :data:`STEPS` is considered done (a hook for fault tests)."""


@dataclass(frozen=True)
class Generation:
    """One published generation folder."""

    folder: Path

    @property
    def id(self) -> str:
        return self.folder.name

    @property
    def db(self) -> Path:
        return self.folder / DB_FILE

    @property
    def index(self) -> Path:
        return self.folder / INDEX_DIR

    @property
    def manifest_path(self) -> Path:
        return self.folder / MANIFEST

    def verify(self) -> dict[str, Any]:
        """Check that the folder is complete and its parts belong together; return the manifest.

        Raises :class:`GenerationError` (incomplete) or :class:`GenerationMismatch` (a database
        or an index from another build), each naming the file and saying how to fix it.
        """
        fix = "run `arbiter ingest` to build a new generation"
        try:
            manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise GenerationError(f"{self.folder} is not a complete generation (it has no "
                                  f"{MANIFEST}); {fix}") from None
        except (OSError, ValueError) as exc:
            raise GenerationError(f"{self.manifest_path} cannot be read ({exc}); {fix}") from None
        if not isinstance(manifest, dict) or manifest.get("id") != self.id:
            raise GenerationMismatch(f"{self.manifest_path} describes generation "
                                     f"{manifest.get('id') if isinstance(manifest, dict) else '?'}"
                                     f", not {self.id}; {fix}")
        stamped = corpus_generation(self.db)
        if stamped != self.id:
            raise GenerationMismatch(f"the corpus {self.db} belongs to generation {stamped}, not "
                                     f"{self.id}: it and the search index are not from one "
                                     f"build; {fix}")
        if manifest.get("index") and index_stamp(self.index) != manifest.get("index_stamp"):
            raise GenerationMismatch(f"the search index {self.index} was not built from the "
                                     f"corpus of generation {self.id}; {fix}")
        return manifest

    @property
    def has_index(self) -> bool:
        return self.index.is_dir()


def corpus_generation(db: Path) -> str | None:
    """The generation stamped in a corpus database, or None when it has none or is unreadable."""
    if not db.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            row = conn.execute("select value from meta where key = 'generation'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def index_stamp(index: Path) -> str | None:
    """A fingerprint of one index build: the hash of its ``meta.json``, written last by each."""
    try:
        return hashlib.sha256((index / "meta.json").read_bytes()).hexdigest()
    except OSError:
        return None


# -- reading ------------------------------------------------------------------------------
def current_name(build: BuildPaths) -> str | None:
    """The current generation's id (one ``readlink``: cheap enough to poll), or None."""
    try:
        return Path(os.readlink(build.current)).name
    except OSError:
        return None


def current(build: BuildPaths) -> Generation:
    """The current generation (not yet verified); :class:`CorpusNotBuilt` when there is none."""
    name = current_name(build)
    if name is None:
        legacy = any((build.root / part).exists() for part in LEGACY)
        hint = " (the corpus there was built by an older Arbiter)" if legacy else ""
        raise CorpusNotBuilt(f"no corpus in {build.root}{hint}: run `arbiter ingest` first")
    return Generation(build.generations / name)


@dataclass
class Lease:
    """A verified generation held open: while the lease lives, no build removes its folder."""

    generation: Generation
    manifest: dict[str, Any]
    _fd: int | None = field(default=None, repr=False)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)   # closing the file drops the shared lock
            self._fd = None

    def __enter__(self) -> "Lease":
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def lease(build: BuildPaths, attempts: int = 5) -> Lease:
    """Take and verify the current generation; raise :class:`GenerationError` if it is unusable.

    A build that switches ``current`` at the same moment may remove the generation just resolved
    (it holds an exclusive lock on ``.readers`` while doing so); then the new one is resolved.
    """
    for attempt in range(attempts):
        generation = current(build)
        try:
            fd = os.open(generation.folder / READERS, os.O_RDONLY)
        except FileNotFoundError:
            time.sleep(0.005 * (attempt + 1))
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            if not generation.folder.is_dir():   # removed before the lock was ours
                raise BlockingIOError
            manifest = generation.verify()
        except BlockingIOError:
            os.close(fd)
            time.sleep(0.005 * (attempt + 1))
            continue
        except BaseException:
            os.close(fd)
            raise
        return Lease(generation, manifest, fd)
    raise GenerationError(f"the current generation in {build.root} kept changing while it was "
                          "being opened; try again")


# -- building -----------------------------------------------------------------------------
@dataclass
class Stage:
    """A generation being built, in a hidden folder of its own until :meth:`publish`."""

    build: BuildPaths
    id: str
    published: Generation | None = None

    @property
    def folder(self) -> Path:
        return self.build.generations / f"{STAGING}{self.id}"

    @property
    def db(self) -> Path:
        return self.folder / DB_FILE

    @property
    def index(self) -> Path:
        return self.folder / INDEX_DIR

    def publish(self) -> Generation:
        """Write the manifest, move the folder into place and make it the current generation."""
        checkpoint("index-written")
        manifest = {"format": FORMAT, "id": self.id,
                    "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "db": DB_FILE, "index": INDEX_DIR if self.index.is_dir() else None,
                    "index_stamp": index_stamp(self.index) if self.index.is_dir() else None}
        path = self.folder / MANIFEST
        path.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        atomic.fsync_file(path)
        atomic.fsync_file(self.db)
        checkpoint("manifest-written")
        final = self.build.generations / self.id
        os.rename(self.folder, final)
        atomic.fsync_dir(self.build.generations)
        self.published = Generation(final)
        checkpoint("published")
        _switch(self.build, self.id)
        checkpoint("switched")
        collect(self.build)
        checkpoint("collected")
        return self.published


def new_id() -> str:
    """Sortable by creation time, unique across processes."""
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(3)


@contextlib.contextmanager
def building(build: BuildPaths) -> Iterator[Stage]:
    """A staging folder for a new generation, under the build lock.

    On leaving the block without :meth:`Stage.publish` (an error, Ctrl-C) the staging folder is
    removed and the current generation is untouched. Leftovers of builds that were killed are
    removed first.
    """
    build.root.mkdir(parents=True, exist_ok=True)
    with atomic.locked(build.lock):
        clean(build)
        stage = Stage(build, new_id())
        build.generations.mkdir(exist_ok=True)
        stage.folder.mkdir()
        (stage.folder / READERS).touch()
        checkpoint("staged")
        try:
            yield stage
        finally:
            if stage.published is None:
                atomic.remove(stage.folder)


def clean(build: BuildPaths) -> list[Path]:
    """Remove what killed builds left (call under the build lock); return what was removed."""
    removed = atomic.remove_temporaries(build.current)
    if build.generations.is_dir():
        for folder in build.generations.glob(f"{STAGING}*"):
            atomic.remove(folder)
            removed.append(folder)
    # leftovers of the flat layout's own temporaries (".arbiter.db.<pid>.tmp", ".search-index.*")
    for part in LEGACY:
        for leftover in build.root.glob(f".{part}.*"):
            atomic.remove(leftover)
            removed.append(leftover)
    return removed + collect(build)


def collect(build: BuildPaths) -> list[Path]:
    """Remove generations that are neither current nor held by a reader; return them."""
    name = current_name(build)
    removed: list[Path] = []
    if name is None or not build.generations.is_dir():
        return removed
    for folder in build.generations.iterdir():
        if folder.name == name or folder.name.startswith("."):
            continue
        try:
            with atomic.locked(folder / READERS, wait=False):
                atomic.remove(folder)
        except atomic.Busy:
            continue         # a running server still reads it; a later build removes it
        except OSError:
            atomic.remove(folder)   # not a generation folder we can lock: debris
        removed.append(folder)
    for part in LEGACY:      # the flat layout, now superseded by a generation
        legacy = build.root / part
        if legacy.exists() and not legacy.is_symlink():
            atomic.remove(legacy)
            removed.append(legacy)
    return removed


def _switch(build: BuildPaths, gen_id: str) -> None:
    """Point ``current`` at ``generations/<gen_id>`` with one atomic rename."""
    tmp = atomic.temp_path(build.current)
    os.symlink(f"{build.generations.name}/{gen_id}", tmp)
    os.replace(tmp, build.current)
    atomic.fsync_dir(build.root)
