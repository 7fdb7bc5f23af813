"""`arbiter games`, and `--game` on `show`, `search` and `stats` (issue #13)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from codex.cli import main
from codex.paths import BuildPaths


def run(build: BuildPaths, *args: str):  # noqa: ANN201
    return CliRunner().invoke(main, ["--build-dir", str(build.root), *args])


def test_games_lists_each_game_with_sources_and_counts(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "games", "--json").output)["games"]
    assert [g["game"] for g in data] == ["sorcery", "contracts", "sorcerer", "archmajesty"]
    assert data[1]["sources"][0]["name"] == "contracts-rules.md"
    assert len(data[1]["sources"][0]["sha256"]) == 64
    text = run(build_paths, "games").output
    assert "Archmajesty" in text and "contracts" in text


def test_show_a_record_of_another_game(build_paths: BuildPaths) -> None:
    out = run(build_paths, "show", "magnetized").output           # only Contracts has it
    assert "Contracts, keyword" in out and "Start turn: remove Magnetized." in out
    data = json.loads(run(build_paths, "show", "--game", "archmajesty", "[Knell/10]",
                          "--json").output)
    assert data["id"] == "keyword:knell-x" and data["game"] == "archmajesty"


def test_a_name_several_games_define_shows_sorcery_and_lists_the_others(
        build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "show", "summon", "--json").output)
    assert data["id"] == "summon" and data["game"] == "sorcery"
    assert {a["game"] for a in data["also_defined_in"]} == {"contracts", "archmajesty"}
    out = run(build_paths, "show", "summon").output
    assert "Also defined in:" in out and "--game contracts" in out
    scoped = json.loads(run(build_paths, "show", "--game", "contracts", "summon",
                            "--json").output)
    assert scoped["id"] == "keyword:summon"
    assert {a["game"] for a in scoped["also_defined_in"]} == {"sorcery", "archmajesty"}


def test_unknown_names_and_games_fail_clearly(build_paths: BuildPaths) -> None:
    result = run(build_paths, "show", "--game", "contracts", "zzzz")
    assert result.exit_code == 1 and "no record named 'zzzz' in contracts" in result.output
    result = run(build_paths, "show", "--game", "chess", "x")
    assert result.exit_code == 2 and "the games are sorcery, contracts" in result.output
    result = run(build_paths, "search", "--game", "chess", "x")
    assert result.exit_code == 2 and "not a game" in result.output


def test_search_with_a_game(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "search", "--game", "sorcerer", "--json",
                          "blankd").output)
    assert data["game"] == "sorcerer" and data["hits"][0]["key"] == "sorcerer:term:blanked"
    out = run(build_paths, "search", "destroy").output
    assert "Defined in several games:" in out and "sorcerer" in out


def test_search_across_every_game_names_each_games_first_record(build_paths: BuildPaths) -> None:
    out = run(build_paths, "search", "hand", "size", "limit").output
    line = next(x for x in out.splitlines() if x.startswith("First in "))
    assert "contracts: Drawing and fetching" in line and "sorcery:" not in line
    assert "First in " not in run(build_paths, "search", "--game", "contracts", "hand", "size",
                                  "limit").output
    data = json.loads(run(build_paths, "search", "--json", "hand", "size", "limit").output)
    assert data["best_by_game"]["contracts"]["key"] == "contracts:drawing-and-fetching"


def test_search_on_an_index_of_an_older_schema_says_to_rebuild(build_paths: BuildPaths,
                                                                tmp_path) -> None:  # noqa: ANN001
    from tests.conftest import clone_build

    old = clone_build(build_paths, tmp_path / "old")
    meta = old.index / "meta.json"
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "schema_version": 5}))
    result = CliRunner().invoke(
        main, ["--build-dir", str(old.root), "search", "--json", "knell"])
    assert result.exit_code == 0 and json.loads(result.stdout)["hits"]
    assert "schema 5" in result.stderr and "arbiter ingest" in result.stderr
    fresh = CliRunner().invoke(
        main, ["--build-dir", str(build_paths.root), "search", "knell"])
    assert "warning" not in fresh.stderr


def test_stats_of_one_game_and_of_all(build_paths: BuildPaths) -> None:
    data = json.loads(run(build_paths, "stats", "--game", "contracts", "--json").output)
    assert data["counts"]["keywords"] == 14 and data["sources"][0]["name"] == "contracts-rules.md"
    every = json.loads(run(build_paths, "stats", "--json").output)
    assert set(every["games"]) == {"sorcery", "contracts", "sorcerer", "archmajesty"}


def test_ingest_reports_each_games_repairs_and_notes(tmp_path) -> None:  # noqa: ANN001
    result = CliRunner().invoke(main, ["--build-dir", str(tmp_path), "ingest"])
    assert result.exit_code == 0, result.output
    assert "Contracts (contracts-rules.md): 15 sections" in result.output
    assert "repair line 125 (split-entry)" in result.output
    assert "placed headings:" in result.output and "Followers of Usir" in result.output
    data = json.loads(CliRunner().invoke(main, ["--build-dir", str(tmp_path), "ingest",
                                                "--json"]).output)
    assert data["games"]["contracts"]["repair_counts"] == {"rejoined-paragraph": 2,
                                                           "split-entry": 1}
    assert data["games"]["archmajesty"]["counts"]["images"] == 1


def test_serve_rebuilds_a_corpus_built_before_the_games(build_paths: BuildPaths,
                                                        tmp_path) -> None:  # noqa: ANN001
    import sqlite3

    from codex.commands.serve import stale_reason
    from codex.corpus.generation import lease
    from tests.conftest import clone_build

    build = clone_build(build_paths, tmp_path / "copy")
    assert stale_reason(build) is None
    with lease(build) as held:
        db = held.generation.db
    db.chmod(0o644)
    conn = sqlite3.connect(db)
    conn.execute("delete from games where game = 'archmajesty'")
    conn.commit()
    assert stale_reason(build) == "the corpus has no archmajesty rules yet"
    conn.execute("update meta set value = '2' where key = 'schema_version'")
    conn.commit()
    conn.close()
    assert stale_reason(build) == "corpus from older code (schema 2, now 3)"


def test_search_offers_a_rules_word_for_a_real_word_typed(build_paths: BuildPaths) -> None:
    out = run(build_paths, "search", "--game", "sorcery", "borrowing", "minion").output
    assert out.splitlines()[0] == "Did you mean burrowing minion?"


def test_search_that_finds_nothing_in_its_game_names_the_games_that_match(
        build_paths: BuildPaths) -> None:
    out = run(build_paths, "search", "--game", "contracts", "ties").output
    assert out.splitlines()[0] == "No results in contracts."
    assert out.splitlines()[1].startswith("Found in sorcery (")
