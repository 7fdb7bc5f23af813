"""`arbiter` subcommands for the cards area: import, search, coverage, show, and top-level validate."""
from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from codex.paths import BuildPaths

MAX_CARD_TEXT = 4000   # as the API's /cards/validate


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _executable_coverage(file: str, top: int, as_json: bool) -> None:
    """``cards coverage --executable``: the engine's executable share, overall, per set and type."""
    from codex.cards.catalog import CatalogError, load_cards
    from codex.engine.executable import measure_executable

    try:
        report = measure_executable(load_cards(file))
    except CatalogError as e:
        _fail(str(e))
        return
    report["missing"] = report["missing"][:top]
    if as_json:
        _emit(report)
        return
    console = Console()
    table = Table("set / type", "cards", "executable", "executable %")
    rows = list(report["sets"].items()) + [(f"type: {k}", v) for k, v in report["types"].items()]
    for name, s in rows + [("overall", report["overall"])]:
        table.add_row(name, str(s["cards"]), str(s["executable"]), f"{100 * s['share']:.1f}")
    console.print(table)
    miss = Table("cards", "missing piece", "example", title="what the engine does not execute yet, most frequent first")
    for m in report["missing"]:
        miss.add_row(str(m["cards"]), m["piece"], m["example"])
    console.print(miss)


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""

    @cli.group("cards")
    def cards() -> None:
        """The card catalog: import the official card JSON, search it, measure grammar coverage."""

    @cards.command("import")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--replace", is_flag=True,
                  help="Make the catalog exactly FILE (cards not in it are removed).")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    @click.pass_obj
    def import_cmd(paths: BuildPaths, file: str, replace: bool, as_json: bool) -> None:
        """Import FILE.json (official card API format) into the catalog, atomically.

        Cards are added, or updated by name; the catalog keeps the cards FILE does not have
        (importing a second set adds to the first) unless --replace is given.
        """
        from codex.cards.catalog import CatalogError, import_cards

        try:
            report = import_cards(file, paths.cards_db, replace=replace)
        except CatalogError as e:
            _fail(str(e))
            return
        if as_json:
            _emit(report.to_dict())
            return
        click.echo(f"imported {report.imported} cards into {paths.cards_db}: "
                   f"{len(report.added)} added, {len(report.updated)} updated, "
                   f"{report.unchanged} unchanged"
                   + (f", {len(report.removed)} removed" if replace else ""))
        for label, names in (("added", report.added), ("updated", report.updated),
                             ("removed", report.removed)):
            if names:
                shown = ", ".join(names[:20]) + (f" … and {len(names) - 20} more"
                                                 if len(names) > 20 else "")
                click.echo(f"  {label}: {shown}")

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

    @cards.command("audit")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    def audit_cmd(file: str, as_json: bool) -> None:
        """Rule every card of FILE.json the engine claims to execute on a generic board, in the situations
        its text speaks of, and list abilities that resolved in silence and engine crashes (exit 1 if any)."""
        from codex.cards.catalog import CatalogError, load_cards
        from codex.cards.source import source_from_cards
        from codex.engine.audit import audit

        try:
            listed = load_cards(file)
            report = audit(listed, source_from_cards(listed, file))
        except CatalogError as e:
            _fail(str(e))
            return
        if as_json:
            _emit(report.to_dict())
        else:
            click.echo(f"{report.cards} executable cards, {report.trials} trials ruled, "
                       f"{report.not_staged} not staged by the board, {len(report.findings)} findings")
            for f in report.findings:
                click.echo(f"{f.kind}: {f.card} ({f.trial}): {f.detail}")
        if report.findings:
            sys.exit(1)

    @cards.command("coverage")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--by-set", is_flag=True, help="One row per set (a card counts in every set it is printed in).")
    @click.option("--top", type=int, default=25, show_default=True, help="Failure families and verbs to list.")
    @click.option("--executable", is_flag=True,
                  help="Measure what the rules engine executes instead: cards every ability of which it runs.")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    def coverage_cmd(file: str, by_set: bool, top: int, executable: bool, as_json: bool) -> None:
        """Measure the card-text grammar over FILE.json: mapped (typed), parsed, overridden, failure families
        (with --executable: the share of cards the engine executes, per set, and what is missing)."""
        from codex.cards.catalog import CatalogError, load_cards
        from codex.cardtext.coverage import measure

        if executable:
            _executable_coverage(file, top, as_json)
            return
        try:
            report = measure(load_cards(file), by_set=by_set)
        except CatalogError as e:
            _fail(str(e))
            return
        report["missing"] = report["missing"][:top]
        report["verbs_without_primitive"] = report["verbs_without_primitive"][:top]
        report["unknown_words"] = report["unknown_words"][:top]
        if as_json:
            _emit(report)
            return
        console = Console()
        table = Table("set", "cards", "mapped", "parsed", "unparsed", "overridden", "mapped %", "parsed %")
        rows = (list(report["sets"].items()) if by_set else []) + [("overall", report["overall"])]
        for name, s in rows:
            table.add_row(name, str(s["cards"]), str(s["mapped"]), str(s["parsed"]), str(s["unparsed"]),
                          str(s["overridden"]), f"{100 * s['mapped_share']:.1f}", f"{100 * s['parsed_share']:.1f}")
        console.print(table)
        o = report["overall"]
        console.print(f"round trip (print, parse again, same AST): {100 * o['roundtrip_share']:.1f}% of parsed cards; "
                      f"keyword lines parsed: {o['keyword_lines_parsed']}/{o['keyword_lines']}")
        for c in report["overridden_cards"]:
            console.print(f"overridden (reported apart, not counted as parsed): {c['name']}: {c['reason']}")
        miss = Table("cards", "failure family (why, at which word)", "example", title="unique cases missing")
        for m in report["missing"]:
            miss.add_row(str(m["count"]), m["family"], m["example"])
        console.print(miss)
        verbs = Table("cards", "verb", title="verbs parsed with no typed primitive (parsed, not executable)")
        for v in report["verbs_without_primitive"]:
            verbs.add_row(str(v["cards"]), v["verb"])
        console.print(verbs)

    @cli.command("validate")
    @click.argument("text")
    @click.option("--name", default=None, help="The card's name (recognised as SELF).")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
    def validate_cmd(text: str, name: str | None, as_json: bool) -> None:
        """Validate card TEXT: print its AST, or errors with position, expected words and suggestions."""
        from codex.cardtext import validate
        from codex.inputs import check_text

        text = check_text(text.replace("\\n", "\n"), "TEXT", MAX_CARD_TEXT)
        result = validate(text, name)
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
