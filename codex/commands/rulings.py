"""`arbiter rule`: adjudicate a scenario file and print the ruling."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from codex.inputs import SCENARIO_FILE, InputError, load_json
from codex.paths import BuildPaths


def _read(path: str) -> Any:
    """The scenario (or suite) file, read within the bounds of ``codex.inputs``.

    A file that cannot be read, is not JSON or breaks a bound raises ``InputError``: the CLI
    prints one line saying what and where, and exits 2.
    """
    try:
        data = sys.stdin.buffer.read(SCENARIO_FILE.max_bytes + 1) if path == "-" else \
            _read_bytes(Path(path))
    except OSError as e:
        raise InputError(f"cannot read it: {e.strerror}", path, "check the path") from None
    return load_json(data, SCENARIO_FILE, "standard input" if path == "-" else path)


def _read_bytes(path: Path) -> bytes:
    if path.stat().st_size > SCENARIO_FILE.max_bytes:
        raise InputError(f"{path.stat().st_size:,} bytes; the limit is "
                         f"{SCENARIO_FILE.max_bytes:,}", str(path), "split the file")
    return path.read_bytes()


def _cards(build: BuildPaths) -> Any:
    """The card catalog imported into ``build`` as the engine's card source, or None when none is."""
    from codex.cards.catalog import CardCatalog
    from codex.cards.source import CatalogCards

    path = build.cards_db
    return CatalogCards(CardCatalog.open(path)) if path.exists() else None


def _share(doc: Any, base_url: str, build: BuildPaths) -> str:
    """Store ``doc`` as a shared ruling in ``build``; its URL on the service at ``base_url``."""
    from codex.rulings_store import RulingStore, StoreError

    try:
        key = RulingStore(build.rulings_db).put(doc)
    except StoreError as e:
        raise click.ClickException(str(e))
    return f"{base_url.rstrip('/')}/rulings/{key}"


def _print_ruling(r: dict[str, Any]) -> None:
    click.echo(click.style(f"Verdict: {r['verdict']}", bold=True))
    click.echo(r["summary"])
    for i, step in enumerate(r["steps"], 1):
        click.echo(f"\n{i}. {step['event']}")
        if step["rule"]:
            click.echo(f"   Rule: {step['rule']}")
        for c in step["citations"]:
            click.echo(f"   [{c['source']}: {c['title']} #{c['anchor']}] \"{c['quote']}\"")


def _run_cases(cases: list[dict[str, Any]], as_json: bool, build: BuildPaths) -> None:
    """A scenario suite file: adjudicate every case and report pass/fail per case."""
    from codex.engine import ScenarioError, TooComplex, rule
    from codex.engine.expect import check

    results = []
    cards = _cards(build)
    for case in cases:
        try:
            ruling = rule(case["scenario"], cards=cards).to_dict()
            failures = check(ruling, case.get("expect", {}))
        except ScenarioError as e:
            want = case.get("expect", {}).get("error_pointers")
            got = [p.pointer for p in e.problems]
            failures = [] if want is not None and all(w in got for w in want) else [f"bad scenario: {e}"]
        except TooComplex as e:
            failures = [str(e)]
        results.append({"name": case.get("name"), "passed": not failures, "failures": failures})
    if as_json:
        click.echo(json.dumps({"results": results, "passed": sum(r["passed"] for r in results),
                               "total": len(results)}, indent=2))
    else:
        for r in results:
            mark = click.style("PASS", fg="green") if r["passed"] else click.style("FAIL", fg="red")
            click.echo(f"{mark} {r['name']}")
            for f in r["failures"]:
                click.echo(f"     - {f}")
        click.echo(f"{sum(r['passed'] for r in results)}/{len(results)} passed")
    if not all(r["passed"] for r in results):
        sys.exit(1)


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""

    @cli.group("rules")
    def rules_group() -> None:
        """The rules the engine knows."""

    @rules_group.command("coverage")
    @click.argument("scenarios", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path))
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    @click.pass_obj
    def coverage_cmd(build: BuildPaths, scenarios: Path | None, as_json: bool) -> None:
        """Which top-level Codex entries the scenarios in SCENARIOS (default: tests/scenarios) cite,
        and the ones none cites."""
        from codex.commands.corpus import open_corpus
        from codex.engine.coverage import coverage, scenario_cases
        from codex.paths import PROJECT_ROOT

        folder = scenarios or PROJECT_ROOT / "tests" / "scenarios"
        corpus = open_corpus(build)
        entries = [r["id"] for r in corpus.query(
            "select id from codex_entries where parent_id is null and game = 'sorcery' order by position")]
        report = coverage(entries, scenario_cases(folder))
        if as_json:
            click.echo(json.dumps(report.to_dict(), indent=2))
            return
        data = report.to_dict()
        click.echo(f"{data['cited']}/{data['entries']} top-level Codex entries cited ({data['share']:.1%}) "
                   f"by {data['scenarios']} scenarios in {folder}")
        if report.failed:
            click.echo(f"{len(report.failed)} scenario(s) could not be ruled: {', '.join(report.failed[:10])}")
        click.echo("Not cited by any scenario:")
        for entry in report.missing:
            click.echo(f"  {entry}")

    @cli.command("rule")
    @click.argument("scenario", type=str)
    @click.option("--json", "as_json", is_flag=True, help="Print the ruling as one JSON document.")
    @click.option("--link", is_flag=True,
                  help="Store the scenario as a shared ruling and print its stable URL.")
    @click.option("--base-url", envvar="ARBITER_BASE_URL", default="http://127.0.0.1:8000",
                  show_default=True, help="The service's address, for --link (env ARBITER_BASE_URL).")
    @click.pass_obj
    def rule_cmd(build: BuildPaths, scenario: str, as_json: bool, link: bool, base_url: str) -> None:
        """Adjudicate SCENARIO.json (or - for stdin): verdict, summary, steps with their rules and quotes.

        A file of the form {"name", "scenario", "expect"} is adjudicated and checked against its
        expectation; a mismatch exits with status 1. With --link, a scenario that can be ruled
        on is stored under its content hash in the build's shared-rulings file and its URL
        printed (the same link the web page gives; the service at --base-url must read the
        same build folder).
        """
        from codex.engine import ScenarioError, TooComplex, rule  # the engine loads when a ruling is asked
        from codex.engine.expect import check

        doc = _read(scenario)
        if isinstance(doc, dict) and isinstance(doc.get("cases"), list):
            _run_cases(doc["cases"], as_json, build)
            return
        expect = None
        if isinstance(doc, dict) and "scenario" in doc and "format" not in doc:
            expect = doc.get("expect")
            doc = doc["scenario"]
        try:
            ruling = rule(doc, cards=_cards(build)).to_dict()
        except ScenarioError as e:
            if as_json:
                click.echo(json.dumps(e.to_dict(), indent=2))
            else:
                click.echo(click.style("Bad scenario:", fg="red", bold=True), err=True)
                for p in e.problems:
                    click.echo(f"  {p.pointer or '/'}: {p.problem}" + (f" (fix: {p.fix})" if p.fix else ""), err=True)
            sys.exit(2)
        except TooComplex as e:
            if as_json:
                click.echo(json.dumps(e.to_dict(), indent=2))
            else:
                click.echo(click.style(f"Too complex: {e}", fg="red", bold=True), err=True)
            sys.exit(2)
        failures = check(ruling, expect) if expect else []
        url = _share(doc, base_url, build) if link else None
        if as_json:
            out = dict(ruling) if url is None else {**ruling, "link": url}
            if expect is not None:
                out = {**ruling, "expectation": {"passed": not failures, "failures": failures}}
            click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        else:
            _print_ruling(ruling)
            if url:
                click.echo(f"\nLink: {url}")
            if expect is not None:
                click.echo("")
                if failures:
                    click.echo(click.style("Expectation FAILED:", fg="red", bold=True))
                    for f in failures:
                        click.echo(f"  - {f}")
                else:
                    click.echo(click.style("Expectation passed.", fg="green", bold=True))
        if failures:
            sys.exit(1)
