"""`arbiter` subcommands for the cards area: import, search, coverage, show, and top-level validate."""
from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from codex.paths import BuildPaths


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""

    @cli.group("cards")
    def cards() -> None:
        """The card catalog: import the official card JSON, search it, measure grammar coverage."""

    @cards.command("import")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    @click.pass_obj
    def import_cmd(paths: BuildPaths, file: str, as_json: bool) -> None:
        """Import FILE.json (official card API format) into the catalog, atomically."""
        from codex.cards.catalog import CatalogError, import_cards

        try:
            n = import_cards(file, paths.cards_db)
        except CatalogError as e:
            _fail(str(e))
            return
        if as_json:
            _emit({"imported": n, "db": str(paths.cards_db)})
        else:
            click.echo(f"imported {n} cards into {paths.cards_db}")

    @cards.command("search")
    @click.argument("query", nargs=-1, required=True)
    @click.option("--limit", type=int, default=50, show_default=True)
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    @click.pass_obj
    def search_cmd(paths: BuildPaths, query: tuple[str, ...], limit: int, as_json: bool) -> None:
        """Search cards, e.g. `t:minion kw:airborne cost<=3 -kw:stealth`."""
        from codex.cards.catalog import CardCatalog, CatalogError
        from codex.cards.query import QueryError

        q = " ".join(query)
        from codex.cards.browse import search_page

        try:
            page = search_page(CardCatalog.open(paths.cards_db), q, limit=min(limit, 100))
        except CatalogError as e:
            _fail(str(e))
            return
        if page.error:
            _fail(f"bad query: {page.error}\n  {q}\n  {' ' * ((page.column or 1) - 1)}^")
            return
        rows = page.cards
        if as_json:
            _emit({"query": q, "count": len(rows), "total": page.total,
                   "suggestions": page.suggestions, "cards": rows})
            return
        for s in page.suggestions:
            click.echo(f"did you mean {s['query']!r}? ({s['typed']!r} is not a known "
                       f"{s['field']}; {s['suggestion']!r} is)", err=True)
        if not rows:
            click.echo(f"no card matches {q!r}", err=True)
            return
        table = Table("name", "type", "cost", "power", "rarity", "text")
        for r in rows:
            table.add_row(r["name"], r["type"] or "", r["cost_text"] or "", r["power"] or "",
                          r["rarity"] or "", (r["rules_text"] or "").replace("\n", " ")[:60])
        Console().print(table)
        if page.total > len(rows):
            click.echo(f"{len(rows)} of {page.total} cards shown (--limit)", err=True)

    @cards.command("show")
    @click.argument("name", nargs=-1, required=True)
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    @click.pass_obj
    def show_cmd(paths: BuildPaths, name: tuple[str, ...], as_json: bool) -> None:
        """Show one card with its parsed text."""
        from codex.cards.catalog import CardCatalog, CatalogError
        from codex.cardtext import to_json, parse_card_text

        try:
            card = CardCatalog.open(paths.cards_db).get(" ".join(name))
        except CatalogError as e:
            _fail(str(e))
            return
        if card is None:
            _fail(f"no card named {' '.join(name)!r}")
            return
        card["ast"] = to_json(parse_card_text(card["rules_text"], card["name"]))
        if as_json:
            _emit(card)
            return
        click.echo(f"{card['name']} — {card['type']} ({card['rarity']}), cost {card['cost']}")
        click.echo(card["rules_text"])

    @cards.command("coverage")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--top", type=int, default=25, show_default=True, help="Unique missing cases to list.")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    def coverage_cmd(file: str, top: int, as_json: bool) -> None:
        """Measure grammar coverage over FILE.json: per set, overall, and unique cases missing."""
        from codex.cards.catalog import CatalogError, load_cards
        from codex.cardtext.coverage import measure

        try:
            report = measure(load_cards(file))
        except CatalogError as e:
            _fail(str(e))
            return
        report["missing"] = report["missing"][:top]
        if as_json:
            _emit(report)
            return
        console = Console()
        table = Table("set", "cards", "fully", "partly", "fully %")
        for name, s in list(report["sets"].items()) + [("overall", report["overall"])]:
            table.add_row(name, str(s["cards"]), str(s["fully_parsed"]), str(s["partly_parsed"]),
                          f"{100 * s['fully_share']:.1f}")
        console.print(table)
        o = report["overall"]
        console.print(f"round-trip: {100 * o['roundtrip_share']:.1f}% of fully parsed; keyword lines parsed: "
                      f"{o['keyword_lines_parsed']}/{o['keyword_lines']}")
        miss = Table("count", "first failing phrase", title="unique cases missing")
        for m in report["missing"]:
            miss.add_row(str(m["count"]), m["phrase"])
        console.print(miss)

    @cli.command("validate")
    @click.argument("text")
    @click.option("--name", default=None, help="The card's name (recognised as SELF).")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    def validate_cmd(text: str, name: str | None, as_json: bool) -> None:
        """Validate card TEXT: print its AST, or errors with position, expected words and suggestions."""
        from codex.cardtext import validate

        result = validate(text.replace("\\n", "\n"), name)
        if as_json:
            _emit(result.to_dict())
        elif result.ok:
            _emit(result.to_dict()["ast"])
        else:
            for e in result.errors:
                click.echo(e.message, err=True)
                click.echo(e.excerpt, err=True)
        if not result.ok:
            sys.exit(1)
