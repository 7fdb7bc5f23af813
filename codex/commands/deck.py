"""`arbiter deck check FILE`: a deck list against the construction rules, over the imported catalog."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from codex.paths import BuildPaths

#: A deck list is a few kilobytes; anything far larger is not one.
MAX_BYTES = 1_000_000


def _fail(message: str, fix: str = "") -> None:
    click.echo(f"error: {message}" + (f"\n  fix: {fix}" if fix else ""), err=True)
    sys.exit(2)


def _read(file: str) -> str:
    try:
        raw = sys.stdin.buffer.read(MAX_BYTES + 1) if file == "-" else Path(file).read_bytes()[:MAX_BYTES + 1]
    except OSError as e:
        _fail(f"cannot read {file}: {e.strerror}", "check the path")
        return ""
    if len(raw) > MAX_BYTES:
        _fail(f"{file} is larger than {MAX_BYTES:,} bytes, which no deck list is", "give the deck list file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        _fail(f"{file} is not UTF-8 text (byte {e.start})", "save the deck list as UTF-8 text")
        return ""


def _citations(rule_ids: list[str]) -> list[dict[str, str]]:
    from codex.engine.rules import RULES
    return [RULES[r].citation() for r in rule_ids if r in RULES]


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""

    @cli.group("deck")
    def deck() -> None:
        """Deck lists: check one against the deck construction rules."""

    @deck.command("check")
    @click.argument("file", type=str)
    @click.option("--format", "fmt", type=click.Choice(["constructed", "limited"]), default="constructed",
                  show_default=True, help="Constructed, or limited (Draft or Sealed).")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    @click.pass_obj
    def check_cmd(paths: BuildPaths, file: str, fmt: str, as_json: bool) -> None:
        """Check the deck list FILE (or - for stdin): exactly one Avatar, spellbook and atlas sizes,
        copies by rarity, cards in the right deck. Every finding cites its rules; where the rulebook
        and the Codex disagree, both are shown. Exit status: 0 legal, 1 not legal, 2 bad input.

        FILE is text (sections `Avatar: Name`, `Spellbook`, `Atlas`, `Collection`, or card-type
        headers like `Minion (20)` and `Site`, then lines `3 Name`) or JSON/YAML
        ({"avatar": ..., "spellbook": [...], "atlas": [...]}). Names are looked up in the card
        catalog (`arbiter cards import FILE.json`)."""
        from codex.cards.catalog import CardCatalog, CatalogError
        from codex.cards.source import CatalogCards
        from codex.engine.deck import DeckListError, check, parse_deck_list, resolve

        try:
            entries = parse_deck_list(_read(file))
        except DeckListError as e:
            _fail(f"{file}: {e}", "see `arbiter deck check --help` for the deck list format")
            return
        try:
            source = CatalogCards(CardCatalog.open(paths.cards_db))
        except CatalogError as e:
            _fail(str(e), "import the card list first: `arbiter cards import FILE.json`")
            return
        known, unknown = resolve(entries, source)
        if unknown:
            lines = [f"  {u.section}: {u.name!r}" + (f" (did you mean {', '.join(map(repr, u.suggestions))}?)"
                                                     if u.suggestions else "") for u in unknown]
            _fail(f"{len(unknown)} card name(s) not in the catalog:\n" + "\n".join(lines),
                  "correct the names, or import a card list that has them")
            return
        report = check(known, fmt)  # type: ignore[arg-type]
        if as_json:
            data: dict[str, Any] = report.to_dict()
            for f in data["findings"]:
                f["citations"] = _citations(f["rules"])
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            _print(report)
        sys.exit(0 if report.legal else 1)


def _print(report: Any) -> None:
    from codex.engine.rules import RULES

    console = Console()
    sizes = report.sizes
    collection = f", {sizes['collection']} in the collection" if sizes["collection"] else ""
    console.print(f"[bold]{report.format.title()} deck:[/bold] {sizes['avatar']} Avatar, {sizes['spellbook']} spells, "
                  f"{sizes['atlas']} sites{collection}")
    table = Table("check", "result", "finding", show_lines=False)
    style = {"ok": "green", "error": "red", "warning": "yellow", "conflict": "magenta"}
    for f in report.findings:
        table.add_row(f.check, f"[{style[f.level]}]{f.level}[/]", escape(f.message))
    console.print(table)
    seen: list[str] = []
    for f in report.findings:
        seen += [r for r in f.rules if r not in seen]
    for rid in seen:
        r = RULES[rid]
        console.print(f"[dim]{escape(f'[{r.source}: {r.title} #{r.record}]')}[/dim] \u201c{escape(r.quote)}\u201d",
                      highlight=False)
    console.print("[bold green]Legal.[/bold green]" if report.legal else "[bold red]Not legal.[/bold red]")
