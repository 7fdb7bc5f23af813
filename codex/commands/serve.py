"""`arbiter serve`: build the corpus if needed, then serve it with gunicorn.

Flask and the service package are imported inside the command, so the ``codex`` library (and
every other subcommand) stays free of the web stack.
"""
from __future__ import annotations

import os

import click

from codex.paths import BuildPaths


def _default_workers() -> int:
    """One worker process per CPU: a Python process serves on one core (the GIL)."""
    return max(1, os.cpu_count() or 1)


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""

    @cli.command("serve")
    @click.option("--host", default="127.0.0.1", show_default=True,
                  help="Interface to listen on (0.0.0.0 to serve the local network).")
    @click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
                  help="TCP port (0 picks a free one).")
    @click.option("--workers", default=None, type=click.IntRange(1, 64),
                  help="Worker processes (default: one per CPU).")
    @click.option("--connections", default=1000, show_default=True,
                  type=click.IntRange(1, 100_000),
                  help="Simultaneous connections per worker process (gevent).")
    @click.option("--rebuild", is_flag=True, help="Rebuild the corpus before serving.")
    @click.pass_obj
    def serve(build: BuildPaths, host: str, port: int, workers: int | None, connections: int,
              rebuild: bool) -> None:
        """Serve the web pages and the JSON API over the built corpus (read-only).

        Production setup: gunicorn with gevent workers (slow clients wait as cheap greenlets
        instead of holding threads), one worker process per CPU; see docs/service.md.
        """
        ensure_built(build, rebuild)
        run(build, host, port, workers or _default_workers(), connections)


def ensure_built(build: BuildPaths, rebuild: bool = False) -> None:
    """Build corpus and search index when missing or stale (first run, changed sources)."""
    reason = "--rebuild" if rebuild else stale_reason(build)
    if reason is None:
        return
    from codex.pipeline import build_all

    click.echo(f"Building the corpus in {build.root} ({reason}) …", err=True)
    report = build_all(build).to_dict()
    counts = report.get("counts") or {}
    click.echo("Built: " + ", ".join(f"{v} {k}" for k, v in counts.items()), err=True)


def stale_reason(build: BuildPaths) -> str | None:
    """Why the build cannot be served as it is, or None.

    A corpus or search index from older code (a missing column, another schema version) or
    from sources that have changed since must be rebuilt, or the first request would fail instead of the first command fixing it.
    """
    import hashlib
    import sqlite3
    from pathlib import Path

    from codex.corpus import Corpus
    from codex.corpus.errors import CorpusError

    from codex.corpus import generation, schema
    from codex.corpus.games import game_names
    from codex.paths import SOURCES_DIR

    if not build.db.is_file():
        return "no corpus yet"
    if not build.index.is_dir():
        return "no search index yet"
    try:
        generation.current(build).verify()
    except CorpusError as exc:
        return f"the current generation is unusable ({exc})"
    try:
        corpus = Corpus.open(build.db)
        try:
            stats = corpus.stats()
            for src in stats["sources"]:
                path = Path(src["path"])
                if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() != src["sha256"]:
                    return f"{src['name']} changed"
            built = stats["meta"].get("schema_version")
            if built != str(schema.VERSION):
                return f"corpus from older code (schema {built}, now {schema.VERSION})"
            missing = [g for g in game_names(SOURCES_DIR) if g not in corpus.game_names()]
            if missing:
                return f"the corpus has no {', '.join(missing)} rules yet"
            for row in corpus.entries(1):
                corpus.entry(row["id"])  # touches every table an entry page reads
        finally:
            corpus.close()
    except (sqlite3.Error, CorpusError, KeyError) as exc:
        return f"corpus from older code ({exc})"
    return _index_stale_reason(build)


def _index_stale_reason(build: BuildPaths) -> str | None:
    """Why the search index was built by other code, or None. An index of another schema
    (another stemmer: "fly" was stem "fly", now "fli") would open but miss words."""
    import json

    from codex.search.index import META_FILE
    from codex.search.schema import SCHEMA_VERSION

    try:
        meta = json.loads((build.index / META_FILE).read_text())
    except (OSError, ValueError):
        return "no complete search index"
    built = meta.get("schema_version") if isinstance(meta, dict) else None
    if built != SCHEMA_VERSION:
        return f"search index from older code (schema {built}, now {SCHEMA_VERSION})"
    return None


def run(build: BuildPaths, host: str, port: int, workers: int, connections: int) -> None:
    """Start gunicorn with Arbiter's gevent worker (``service.worker.ArbiterWorker``).

    gunicorn, a production WSGI server (never Flask's development server), runs ``workers``
    processes: one Python process serves on one core, whatever else it does. Each is a gevent
    worker: a connection is a greenlet, so clients that send or read slowly wait without
    holding anything that other requests need (up to ``connections`` of them per process).
    Each process opens its own read-only corpus and search index after the fork (a SQLite
    connection must not cross a fork) and warms the index before taking requests. The worker
    timeout recycles a process whose event loop stayed blocked for ``timeout`` seconds: the
    last resort behind the per-request work deadline (``service.limits``).
    """
    import socket
    import sys

    from gunicorn.app.base import BaseApplication

    def when_ready(server: object) -> None:
        bound = server.LISTENERS[0].sock.getsockname()[1]  # type: ignore[attr-defined]
        shown = host if host not in ("0.0.0.0", "::") else socket.gethostname()
        shown = f"[{shown}]" if ":" in shown else shown
        click.echo(f"Arbiter is serving {build.root} at http://{shown}:{bound}/ "
                   f"({workers} processes, gevent, up to {connections} connections each; "
                   "Ctrl-C to stop)")
        sys.stdout.flush()

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            options = {"bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
                       "workers": workers, "worker_class": "service.worker.ArbiterWorker",
                       "worker_connections": connections,
                       "when_ready": when_ready, "loglevel": "warning", "accesslog": None,
                       "errorlog": "-", "timeout": 20, "graceful_timeout": 5, "keepalive": 5,
                       "limit_request_line": 4094, "limit_request_fields": 100,
                       "limit_request_field_size": 8190,
                       "preload_app": False, "proc_name": "arbiter"}
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> object:
            from service import create_app

            return create_app(build, {"ARBITER_WARM_SEARCH": True})

    Server().run()
