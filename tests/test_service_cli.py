"""`arbiter serve`: builds a missing corpus, serves it with gunicorn, prints the URL."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request

from click.testing import CliRunner

from codex.cli import main
from codex.paths import PROJECT_ROOT


def test_serve_builds_then_serves_and_prints_the_url(tmp_path):
    build = tmp_path / "fresh-build"
    proc = subprocess.Popen([sys.executable, "-m", "codex", "--build-dir", str(build), "serve",
                             "--port", "0", "--workers", "2"], cwd=PROJECT_ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        deadline = time.monotonic() + 300   # a fresh build on a loaded machine
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, proc.stderr.read()
            match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
            url = match.group(1) if match else None
        assert url, "no URL printed"
        assert (build / "current" / "arbiter.db").is_file(), "the corpus was built on first run"
        # generous: the first request waits for a worker that opens the index (speed is
        # measured by scripts/bench_service.py, not here; a loaded machine took > 10 s once)
        with urllib.request.urlopen(url + "api/v1/stats", timeout=60) as resp:
            stats = json.load(resp)
            assert resp.headers["Server"].startswith("gunicorn")  # not Flask's dev server
        assert stats["counts"]["codex_entries"] > 200
        with urllib.request.urlopen(url + "entries/intercept", timeout=60) as resp:
            assert b"<h1>Intercept</h1>" in resp.read()
    finally:
        proc.terminate()
        proc.wait(10)


def test_serve_help_lists_options():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--workers", "--connections"):
        assert option in result.output


def test_library_does_not_import_flask():
    code = ("import sys, codex.cli, codex.corpus, codex.pipeline; "
            "print(any(m == 'flask' or m.startswith(('flask.', 'apiflask', 'service')) "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PROJECT_ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_stale_builds_are_detected(build_paths, tmp_path):
    import shutil
    import sqlite3

    from codex.commands.serve import stale_reason
    from codex.paths import BuildPaths

    assert stale_reason(build_paths) is None
    assert stale_reason(BuildPaths(tmp_path / "none")) == "no corpus yet"
    old = BuildPaths(tmp_path / "old")
    shutil.copytree(build_paths.root, old.root, symlinks=True)
    with sqlite3.connect(old.db) as db:  # as if written by older code
        db.execute("alter table glossary drop column codex_id")
    assert "older code" in stale_reason(old)
    changed = BuildPaths(tmp_path / "changed")
    shutil.copytree(build_paths.root, changed.root, symlinks=True)
    with sqlite3.connect(changed.db) as db:
        db.execute("update sources set sha256 = 'x' where role = 'codex'")
    assert "changed" in stale_reason(changed)
    mixed = BuildPaths(tmp_path / "mixed")      # a database from another build: refused
    shutil.copytree(build_paths.root, mixed.root, symlinks=True)
    with sqlite3.connect(mixed.db) as db:
        db.execute("update meta set value = 'another-build' where key = 'generation'")
    assert "another-build" in stale_reason(mixed)
    index_old = BuildPaths(tmp_path / "index-old")   # a search index of an older schema
    shutil.copytree(build_paths.root, index_old.root, symlinks=True)
    import json
    meta = index_old.index / "meta.json"
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "schema_version": 5}))
    from codex.corpus import generation
    gen = generation.current(index_old)            # as that older build stamped it
    manifest = json.loads(gen.manifest_path.read_text())
    gen.manifest_path.write_text(json.dumps(
        {**manifest, "index_stamp": generation.index_stamp(gen.index)}))
    assert "search index from older code" in stale_reason(index_old)
