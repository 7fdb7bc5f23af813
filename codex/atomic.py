"""Small file-system tools for writers that must never leave half a file behind.

Shared by the corpus build (``codex.corpus.generation``) and the card catalog import: an
advisory lock so that one writer at a time works in a folder, temporary names that a later run
can recognise and remove, and durable renames. Temporaries are created by plain ``open``,
``mkdir`` or SQLite, so they get the ordinary mode (``0666``/``0777`` less the umask), not the
``0600`` of ``tempfile.mkstemp`` that made the card catalog unreadable to a service running as
another user.

Locks are ``fcntl.flock`` locks: POSIX only, released by the kernel when the process dies, so a
``kill -9`` never leaves a stale lock behind.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

TEMP_SUFFIX = ".tmp"


class Busy(Exception):
    """A non-blocking lock is held by another process."""


@contextlib.contextmanager
def locked(path: Path, *, shared: bool = False, wait: bool = True) -> Iterator[int]:
    """Hold an advisory lock on ``path`` (created if missing) for the ``with`` block.

    ``shared`` locks coexist with each other and exclude an exclusive one. With ``wait=False``
    a lock held elsewhere raises :class:`Busy` at once instead of waiting.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        flags = (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | (0 if wait else fcntl.LOCK_NB)
        try:
            fcntl.flock(fd, flags)
        except BlockingIOError:
            raise Busy(str(path)) from None
        yield fd
    finally:
        os.close(fd)  # closing releases the lock


def temp_path(target: Path, tag: str = "") -> Path:
    """A hidden, unique name beside ``target`` that :func:`remove_temporaries` recognises."""
    tag = f"{tag}." if tag else ""
    return target.with_name(f".{target.name}.{tag}{os.getpid()}-{secrets.token_hex(4)}"
                            f"{TEMP_SUFFIX}")


def remove_temporaries(target: Path) -> list[Path]:
    """Remove what writers of ``target`` left behind when they were killed; return it.

    Only call this while holding the writers' lock: then no live writer owns any of them.
    """
    removed = []
    for leftover in target.parent.glob(f".{target.name}.*{TEMP_SUFFIX}"):
        remove(leftover)
        removed.append(leftover)
    return removed


def remove(path: Path) -> None:
    """Delete a file, a symlink or a folder tree; a missing path is fine."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    elif path.is_dir():
        shutil.rmtree(path, ignore_errors=True)


def fsync_dir(folder: Path) -> None:
    """Make the renames and creations in ``folder`` durable (a crash keeps them)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)

