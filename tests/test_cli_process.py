"""`arbiter` as a process: what it loads to start, and how it ends when its reader goes away."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from codex.paths import BuildPaths

ARBITER = [sys.executable, "-m", "codex"]
HEAVY = ("codex.engine", "codex.corpus.build", "codex.pipeline", "codex.search.searcher", "lark")


def test_the_cli_starts_without_the_engine_or_the_builder() -> None:
    """`arbiter --help`, `show` and `search` must not pay for the rules engine, the card-text parser
    or the ingest pipeline: each command imports what it uses when it runs."""
    probe = ("import json, sys, codex.cli; "
             f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({HEAVY!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []


def _into_closed_pipe(args: list[str]) -> subprocess.CompletedProcess[str]:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte, as `| head -1` after its line
    try:
        return subprocess.run([*ARBITER, *args], stdout=write_end, stderr=subprocess.PIPE, text=True,
                              timeout=300)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("command", [["show", "storyline"], ["show", "storyline", "--json"],
                                     ["search", "lethal"], ["stats"]])
def test_a_reader_closing_the_pipe_is_not_an_internal_error(build_paths: BuildPaths,
                                                            command: list[str]) -> None:
    done = _into_closed_pipe(["--build-dir", str(build_paths.root), *command])
    assert done.stderr == "" and done.returncode == 1


def test_a_ruling_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    scenario = Path(__file__).parent / "scenarios_blind" / "round1.json"
    case = json.loads(scenario.read_text(encoding="utf-8"))["cases"][0]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(case["scenario"]), encoding="utf-8")
    done = _into_closed_pipe(["rule", str(path)])
    assert done.stderr == "" and done.returncode == 1


def _golem_scenario(tmp_path: Path) -> Path:
    """A scenario whose mover is a card of the judge fixture's catalog, named by `card` alone."""
    scenario = {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 5, "phase": "main"},
                "players": [{"id": "p1"}, {"id": "p2"}],
                "sites": [{"square": 18, "controller": "p1", "name": "Loamy Field", "affinity": "E"},
                          {"square": 13, "controller": "p1", "name": "Cinder Flats", "affinity": "F"},
                          {"square": 3, "controller": "p2", "name": "Grey Harbor", "affinity": "W"},
                          {"square": 8, "controller": "p2", "name": "Windworn Mesa", "affinity": "A"}],
                "units": [{"id": "av1", "name": "Ashen Seer", "controller": "p1", "at": 18, "power": 1,
                           "kind": "avatar"},
                          {"id": "av2", "name": "Tidecaller", "controller": "p2", "at": 3, "power": 1,
                           "kind": "avatar"},
                          {"id": "golem", "card": "Ember Golem", "controller": "p1", "at": 13}],
                "action": {"do": "move_and_attack", "unit": "golem", "path": [8], "attack": None}}
    path = tmp_path / "golem.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    return path


def test_rule_reads_the_catalog_of_the_build_dir_it_is_given(judge_build: BuildPaths, build_paths: BuildPaths,
                                                             tmp_path: Path) -> None:
    """`--build-dir` chooses the card catalog of `arbiter rule` (it used to read only the default build)."""
    from click.testing import CliRunner

    from codex.cli import main

    path = _golem_scenario(tmp_path)
    with_catalog = CliRunner().invoke(main, ["--build-dir", str(judge_build.root), "rule", str(path), "--json"])
    assert with_catalog.exit_code == 0, with_catalog.output
    assert json.loads(with_catalog.output)["verdict"] == "resolved"
    without = CliRunner().invoke(main, ["--build-dir", str(build_paths.root), "rule", str(path), "--json"])
    assert without.exit_code == 2 and "no card catalog" in without.output
