"""The corpus commands of `arbiter`: human output, --json documents, clear failures."""
from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from codex.cli import main
from codex.paths import BuildPaths


def run(build: BuildPaths, *args: str):
    return CliRunner().invoke(main, ["--build-dir", str(build.root), *args])


def test_help_lists_subcommands() -> None:
    result = CliRunner().invoke(main, ["--help"])
    for command in ("ingest", "show", "mentions", "stats", "codex-diff"):
        assert command in result.output


def test_python_dash_m_codex_is_the_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "codex", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "ingest" in done.stdout


def test_show_json_by_alias(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "show", "destroy", "--json").output)
    assert data["id"] == "kill" and data["title"] == "Kill"


def test_show_entry_with_subentries_and_links(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "show", "storyline", "--json").output)
    subs = {s["anchor"]: s for s in data["subentries"]}
    assert "storyline#simultaneous-triggers" in subs
    out = run(build_paths, "show", "Carriable Artifacts").output
    assert "Carriable Artifact" in out and "#artifact#monument" in out


def test_show_unknown_name_suggests(build_paths: BuildPaths) -> None:
    result = run(build_paths, "show", "airbourne")
    assert result.exit_code == 1 and "did you mean: Airborne" in result.output
    data = json.loads(run(build_paths, "show", "airbourne", "--json").output)
    assert data["did_you_mean"][0] == "Airborne"


def test_mentions(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "mentions", "Gnome Hollows", "--json").output)
    assert "range-of-motion" in [r["id"] for r in data["records"]]
    result = run(build_paths, "mentions", "Gnome Holows")
    assert result.exit_code == 1 and "Gnome Hollows" in result.output


def test_stats_json(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "stats", "--json").output)
    assert data["counts"]["codex_entries"] == 246
    assert data["meta"]["built_at"]
    assert {s["name"] for s in data["sources"]} == {
        "sorcery-codex.csv", "sorcery-rulebook-2025-12.txt", "contracts-rules.md",
        "sorcerer-rulebook.md", "archmajesty-alpha-core-rulebook.md"}


def test_ingest_json_summary(tmp_path) -> None:
    data = json.loads(CliRunner().invoke(main, ["--build-dir", str(tmp_path), "ingest", "--json"]).output)
    assert data["counts"]["links_resolved"] == data["counts"]["links"] == 57
    assert data["unresolved_links"] == []
    assert data["repair_counts"]["damaged-arrow"] == 1


def test_commands_without_a_corpus_fail_clearly(tmp_path) -> None:
    result = CliRunner().invoke(main, ["--build-dir", str(tmp_path), "stats"])
    assert result.exit_code == 1 and "run `arbiter ingest` first" in result.output


def test_text_with_brackets_is_printed_verbatim(build_paths: BuildPaths) -> None:
    """Corpus text is data, never terminal markup: "[a specified moment]" must survive."""
    entry = next(r for r in build_paths_records(build_paths) if "[a specified moment]" in r)
    assert "[a specified moment]" in entry


def build_paths_records(build: BuildPaths) -> list[str]:
    from codex.corpus import Corpus
    corpus = Corpus.open(build.db)
    ids = [r["id"] for r in corpus.query("select id from codex_entries where text like '%[a specified moment]%'")]
    return [run(build, "show", i).output.replace("\n", " ") for i in ids]


def test_codex_diff_markers_are_printed(tmp_path) -> None:
    from codex.paths import SOURCES_DIR
    new = tmp_path / "new.csv"
    new.write_text((SOURCES_DIR / "sorcery-codex.csv").read_text(encoding="utf-8")
                   .replace("The active player is the player who is currently taking", "The active player is the player taking", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["codex-diff", str(SOURCES_DIR / "sorcery-codex.csv"), str(new)])
    assert result.exit_code == 0, result.output
    assert "[-who is currently-]" in result.output
