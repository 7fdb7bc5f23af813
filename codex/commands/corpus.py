"""`arbiter` subcommands for the corpus: ingest, show, mentions, stats, codex-diff."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from codex.corpus import Corpus, CorpusError
from codex.paths import BuildPaths

out = Console()
err = Console(stderr=True, soft_wrap=True)

json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print one JSON document instead of text.")


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def fail(message: str, code: int = 1) -> NoReturn:
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    sys.exit(code)


def not_found(what: str, suggestions: list[str]) -> NoReturn:
    """Exit 1 with a "did you mean" line: a typo should cost one more try, not a search."""
    hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    fail(f"{what}{hint}")


def open_corpus(build: BuildPaths) -> Corpus:
    try:
        return Corpus.open(build.db)
    except CorpusError as exc:
        fail(str(exc))


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""
    for command in (ingest, show, mentions, stats, codex_diff):
        cli.add_command(command)


@click.command()
@click.option("--codex", "codex_csv", type=click.Path(path_type=Path),
              help="Ingest this Codex CSV export instead of the embedded one.")
@json_option
@click.pass_obj
def ingest(build: BuildPaths, codex_csv: Path | None, as_json: bool) -> None:
    """Build the corpus (and search index) from the sources, atomically."""
    from codex.pipeline import build_all

    try:
        with out.status("ingesting…", spinner="dots") as status:
            report = build_all(build, codex_csv=codex_csv,
                               progress=lambda step: status.update(f"{step}…"))
    except CorpusError as exc:
        fail(f"{exc}\nthe previous corpus, if any, is unchanged")
    except KeyboardInterrupt:
        fail("interrupted; the previous corpus, if any, is unchanged", 130)
    data = report.to_dict()
    if as_json:
        return emit_json(data)
    c = data["counts"]
    table = Table(title=f"Corpus built in {data['seconds']:.2f} s → {data['db']}", show_header=False)
    rows = [("Codex entries", f"{c['codex_main_entries']} entries + {c['codex_subentries']} sub-entries"),
            ("Links", f"{c['links_resolved']}/{c['links']} resolved"),
            ("Card mentions", f"{c['mentions']} mentions of {c['cards_mentioned']} cards"),
            ("Aliases", str(c["aliases"])),
            ("Rulebook", f"{c['rulebook_sections']} sections, {c['rulebook_paragraphs']} "
                         f"paragraphs, {c['glossary']} glossary terms, {c['quick_reference']} "
                         "quick-reference records"),
            ("Conflicts", str(c["conflicts"])),
            ("Lists kept", f"{data['lists'].get('codex_items', 0)} items in "
                           f"{data['lists'].get('codex_records', 0)} Codex records, "
                           f"{data['lists'].get('rulebook_items', 0)} rulebook list lines"),
            ("Repairs", ", ".join(f"{n} {k}" for k, n in data["repair_counts"].items()) or "none")]
    for row in rows:
        table.add_row(*row)
    out.print(table)
    for link in data["unresolved_links"]:
        out.print(f"[yellow]unresolved link[/] (({escape(link['link'])})) in {link['record']} "
                  f"(CSV row {link['csv_row']})")
    for title in data["lost_headings"]:
        out.print(f"[yellow]note:[/] rulebook heading {escape(repr(title))} is in the table of contents but "
                  "not in the text; its section is empty")
    for stale in data["stale_conflicts"]:
        out.print(f"[yellow]conflict set aside:[/] {escape(stale['problem'])} (this export "
                  "changed the quoted text; update corpus/conflicts.yaml)", highlight=False)
    if data["unattached_synonyms"]:
        out.print("[yellow]note:[/] synonyms without an entry: "
                  + escape(", ".join(data["unattached_synonyms"])))
    from codex.commands.games import print_ingest_games

    print_ingest_games(data["games"])


@click.command()
@click.argument("name")
@click.option("--game", default=None, metavar="GAME",
              help="Look in this game only (sorcery, contracts, sorcerer, archmajesty). "
                   "Default: Sorcery's Codex, else the first game that defines the name.")
@json_option
@click.pass_obj
def show(build: BuildPaths, name: str, game: str | None, as_json: bool) -> None:
    """Print a record by any name, alias or anchor: a Codex entry (with its sub-entries and
    links), or a section, keyword, term or ruling of another game. A name several games
    define is shown from Sorcery (or the game asked for), and the others are listed."""
    from codex.commands.games import check_game, print_also, show_record

    corpus = open_corpus(build)
    game = check_game(corpus, game)
    everywhere = corpus.find_everywhere(name)
    entry = corpus.entry(name) if game in (None, "sorcery") else None
    target = None if entry is not None or game == "sorcery" else next(
        (f for f in everywhere if f["game"] != "sorcery" and game in (None, f["game"])), None)
    shown = "sorcery" if entry is not None else (target["game"] if target else None)
    also = [f for f in everywhere if f["game"] != shown]
    if target is not None:
        return show_record(corpus, target["game"], target["id"], as_json, also)
    if entry is None:
        suggestions = corpus.suggest(name) if game in (None, "sorcery") else [
            r["title"] for r in corpus.game_entries(game)
            if r["title"].casefold().startswith(name.casefold()[:3])][:5]
        if as_json:
            emit_json({"error": "not found", "name": name, "game": game,
                       "did_you_mean": suggestions})
            sys.exit(1)
        where = f"in {game}" if game else "in any game"
        not_found(f"no record named {name!r} {where}", suggestions)
    if as_json:
        return emit_json({**entry.to_dict(), "game": "sorcery", "also_defined_in": also})
    parent = f" (in {escape(entry.parent_title)})" if entry.parent_title else ""
    out.print(f"[bold]{escape(entry.title)}[/]{parent}  [dim]#{entry.anchor}[/]", highlight=False)
    out.print(entry.text, markup=False, highlight=False)
    for sub in entry.subentries:
        out.print(f"\n[bold]{escape(sub.title)}[/]  [dim]#{sub.anchor}[/]", highlight=False)
        out.print(sub.text, markup=False, highlight=False)
    links = {l["target_id"]: l["target_title"] for e in [entry, *entry.subentries]
             for l in e.links if l["target_id"]}
    if links:
        out.print("\n[bold]See also:[/] " + escape(", ".join(f"{t} (#{i})" for i, t in links.items())),
                  highlight=False)
    cards = list(dict.fromkeys(c for e in [entry, *entry.subentries] for c in e.mentions))
    if cards:
        out.print("[bold]Mentions:[/] " + escape(", ".join(cards)), highlight=False)
    for rec in entry.rulebook:
        out.print(f"[bold]Rulebook:[/] {escape(rec['title'])} (p. {rec['page']})", highlight=False)
    for conflict in entry.conflicts:
        out.print(f"[bold yellow]Sources disagree:[/] {escape(conflict['topic'])}: "
                  f"{escape(conflict['note'])}",
                  highlight=False)
    print_also(also)


@click.command()
@click.argument("card")
@json_option
@click.pass_obj
def mentions(build: BuildPaths, card: str, as_json: bool) -> None:
    """List the Codex entries that mention a card."""
    corpus = open_corpus(build)
    rows = corpus.mentions(card)
    imported = _imported_card(build, card) if rows else None
    if as_json:
        return emit_json({"card": card, "records": rows, "imported": imported,
                          "did_you_mean": [] if rows else corpus.suggest_card(card)})
    if not rows:
        not_found(f"no Codex entry mentions {card!r}", corpus.suggest_card(card))
    if imported:
        out.print(f"[bold]{escape(imported['name'])}[/] ({escape(imported['type'] or 'card')}): "
                  f"{escape(imported['rules_text'] or '')}", highlight=False)
    for row in rows:
        out.print(f"{escape(row['title'])}  [dim]#{row['id']}[/]", highlight=False)


def _imported_card(build: BuildPaths, card: str) -> dict[str, Any] | None:
    """The card from the imported catalog, when there is one (`arbiter cards import`)."""
    if not build.cards_db.exists():
        return None
    from codex.cards.catalog import CardCatalog, card_summary

    found = CardCatalog.open(build.cards_db).get(card)
    return card_summary(found) if found else None


@click.command()
@click.option("--game", default=None, metavar="GAME",
              help="Only this game's counts and sources (see `arbiter games`).")
@json_option
@click.pass_obj
def stats(build: BuildPaths, game: str | None, as_json: bool) -> None:
    """Counts, sources with checksums, and build time of the corpus (or of one game)."""
    from codex.commands.games import check_game, game_stats

    corpus = open_corpus(build)
    game = check_game(corpus, game)
    if game is not None:
        return game_stats(corpus, game, as_json)
    data = corpus.stats()
    data["games"] = {g["game"]: g["counts"] for g in corpus.games()}
    if as_json:
        return emit_json(data)
    out.print(f"built {data['meta'].get('built_at')}  (schema {data['meta'].get('schema_version')})")
    for name, value in data["counts"].items():
        out.print(f"  {name:22} {value}")
    for src in data["sources"]:
        out.print(f"  source {src['name']:36} sha256 {src['sha256'][:12]}  {src['bytes']} "
                  f"bytes  ({src['game']})")
    for game_name, counts in data["games"].items():
        out.print(f"  {game_name:12} " + ", ".join(f"{v} {k}" for k, v in counts.items()))


@click.command("codex-diff")
@click.argument("old", type=click.Path(path_type=Path))
@click.argument("new", type=click.Path(path_type=Path))
@json_option
def codex_diff(old: Path, new: Path, as_json: bool) -> None:
    """Report entries and sub-entries added, removed and changed between two Codex exports."""
    from codex.corpus.diff import diff_exports

    try:
        result = diff_exports(old, new)
    except CorpusError as exc:
        fail(str(exc))
    if as_json:
        return emit_json(result.to_dict())
    s = result.to_dict()["summary"]
    out.print(f"{s['added']} added, {s['removed']} removed, {s['changed']} changed")
    for r in result.added:
        out.print(f"[green]+ {escape(r.title)}[/]  [dim]#{r.id}[/]", highlight=False)
    for r in result.removed:
        out.print(f"[red]- {escape(r.title)}[/]  [dim]#{r.id}[/]", highlight=False)
    for c in result.changed:
        out.print(f"[yellow]~ {escape(c.title)}[/]  [dim]#{c.id}[/]", highlight=False)
        out.print("    " + c.marked(), markup=False, highlight=False)
