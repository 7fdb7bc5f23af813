"""Malformed Codex exports: a clear error naming file, row and problem; the old corpus survives."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from codex.cli import main
from codex.corpus import ingest
from codex.paths import BuildPaths, SOURCES_DIR

GOOD = (SOURCES_DIR / "sorcery-codex.csv").read_bytes()
HEADER = b'title,content,subcodexes\n'


def _huge() -> bytes:
    filler = b'"Filler","' + b"x" * 1000 + b'",""\n'
    return HEADER + filler * (50 * 1024)


CASES = {
    "missing column": (b'title,content\n"Airborne","Flies."\n', r"row 1: expected the columns.*missing: subcodexes"),
    "wrong columns": (b'name,text,notes\n"Airborne","Flies.",""\n', r"row 1: expected the columns title, content, subcodexes; found name, text, notes"),
    "extra column": (b'title,content,subcodexes,extra\n"A","b","",""\n', r"row 1: .*unexpected: extra"),
    "unbalanced quotes": (HEADER + b'"Airborne","Flies over,""\n"Stealth","Hides.",""\n', r"malformed CSV|expected 3 fields"),
    "empty file": (b"", r"the file is empty"),
    "header only": (HEADER, r"header but no entries"),
    "sub-entry first": (HEADER + b'"","","Orphan:  A sub-entry with no parent."\n', r"row 2: a sub-entry comes before any titled entry"),
    "bad sub-entry": (HEADER + b'"Airborne","Flies.",""\n"","","no title separator here"\n', r"row 3: sub-entry of 'Airborne' is not of the form"),
    "invalid utf-8": (HEADER + b'"Airborne","Fl\xffies.",""\n', r"invalid UTF-8 byte 0xff at byte \d+ \(line 2\)"),
    "50 MB file": (_huge(), r"over the 10 MB limit"),
    "duplicate titles": (HEADER + b'"Airborne","Flies.",""\n"airborne","Again.",""\n', r"row 3: duplicate title 'airborne' \(first at row 2\)"),
    "short row": (HEADER + b'"Airborne","Flies."\n', r"row 2: expected 3 fields, found 2"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildPaths:
    build = BuildPaths(tmp_path_factory.mktemp("bad-input"))
    ingest(build)
    return build


@pytest.mark.parametrize("case", CASES)
def test_malformed_export_is_rejected_clearly(case: str, built: BuildPaths, tmp_path: Path) -> None:
    data, message = CASES[case]
    path = tmp_path / "export.csv"
    path.write_bytes(data)
    before = hashlib.sha256(built.db.read_bytes()).hexdigest()
    result = CliRunner().invoke(main, ["--build-dir", str(built.root), "ingest", "--codex", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    import re
    assert str(path) in result.output.replace("\n", "")
    assert re.search(message, " ".join(result.output.split())), result.output
    assert "previous corpus" in result.output
    assert hashlib.sha256(built.db.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("variant", ["bom", "crlf"])
def test_bom_and_crlf_exports_ingest_identically(variant: str, tmp_path: Path) -> None:
    """A BOM or Windows line ends are encoding details, not errors: same corpus either way."""
    data = b"\xef\xbb\xbf" + GOOD if variant == "bom" else GOOD.replace(b"\n", b"\r\n")
    path = tmp_path / "export.csv"
    path.write_bytes(data)
    plain = ingest(BuildPaths(tmp_path / "plain"))
    report = ingest(BuildPaths(tmp_path / variant), codex_csv=path)
    assert report.counts == plain.counts
    assert len(report.repairs) == len(plain.repairs)


def test_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--build-dir", str(tmp_path), "ingest", "--codex",
                                       str(tmp_path / "nope.csv")])
    assert result.exit_code == 1 and "no such file" in result.output
