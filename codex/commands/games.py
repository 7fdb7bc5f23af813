"""`arbiter games`, and what `show`/`stats`/`ingest` print about the other rule systems.

Sorcery's own output (Codex entries, its rulebook) stays in ``corpus.py``; this module adds
the games beside it: the list of games, a record of any game by name, per-game counts and
the per-game part of the ingest report (every repair, every note).
"""
from __future__ import annotations

from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from codex.commands.corpus import emit_json, json_option, open_corpus, out
from codex.corpus import Corpus
from codex.paths import BuildPaths

SORCERY = "sorcery"


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""
    cli.add_command(games)


def game_choice() -> click.Option:
    """``--game``: one of the games the corpus holds (checked when the command runs)."""
    return click.option("--game", default=None, metavar="GAME",
                        help="sorcery, contracts, sorcerer or archmajesty (see `arbiter games`).")


def check_game(corpus: Corpus, game: str | None) -> str | None:
    """The game, lower-cased, or a usage error naming the games there are."""
    if game is None:
        return None
    names = corpus.game_names()
    if game.lower() not in names:
        raise click.BadParameter(f"{game!r} is not a game of this corpus; the games are "
                                 f"{', '.join(names)}", param_hint="--game")
    return game.lower()


@click.command()
@json_option
@click.pass_obj
def games(build: BuildPaths, as_json: bool) -> None:
    """The rule systems of the corpus: sources with checksums, and their records."""
    corpus = open_corpus(build)
    data = corpus.games()
    if as_json:
        return emit_json({"games": data})
    table = Table(title="Games")
    for col in ("game", "name", "sections", "glossary", "rulings", "source (sha256)"):
        table.add_column(col)
    for g in data:
        c = g["counts"]
        glossary = str(c.get("glossary_entries", 0))
        if g["game"] == SORCERY:
            glossary += f" + {c.get('codex_entries', 0)} Codex"
        table.add_row(g["game"], g["label"], str(c.get("sections", 0)), glossary,
                      str(c.get("rulings", 0)),
                      "\n".join(f"{s['name']} ({s['sha256'][:12]})" for s in g["sources"]))
    out.print(table)


def show_record(corpus: Corpus, game: str, record_id: str, as_json: bool,
                also: list[dict[str, Any]] | None = None) -> None:
    """Print one section, glossary entry or ruling of a game other than Sorcery."""
    record = (corpus.game_entry(game, record_id) if ":" in record_id or "#" in record_id
              else corpus.game_section(game, record_id))
    if record is None:                       # a section id may hold "/" but never ":"
        record = corpus.game_section(game, record_id) or corpus.game_entry(game, record_id)
    assert record is not None
    if as_json:
        return emit_json({**record, "also_defined_in": also or []})
    label = corpus.game(game)["label"]
    title = record["title"] + (f" ({record['qualifier']})" if record.get("qualifier") else "")
    where = f"{label}, {record.get('kind') or 'section'}"
    if record.get("page"):
        end = record.get("page_end")
        where += f", p. {record['page']}" + (f"–{end}" if end else "")
    out.print(f"[bold]{escape(title)}[/]  [dim]{escape(where)}  #{escape(record['id'])}[/]",
              highlight=False)
    if record.get("parent"):
        out.print(f"[dim]in {escape(record['parent']['title'])}[/]", highlight=False)
    paragraphs = record.get("paragraphs")
    if paragraphs is not None:
        for p in paragraphs:
            prefix = "• " if p["kind"] == "item" else ""
            style = "bold" if p["kind"] == "name" else ""
            out.print(f"[{style}]{escape(prefix + p['text'])}[/]" if style else
                      escape(prefix + p["text"]), highlight=False)
        for child in record.get("children", []):
            out.print(f"[bold]Sub-section:[/] {escape(child['title'])}  #{child['id']}",
                      highlight=False)
        for image in record.get("images", []):
            out.print(f"[italic dim][image description] {escape(image['text'])}[/]",
                      highlight=False)
    else:
        out.print(record["text"], markup=False, highlight=False)
    links = {link["target_id"]: link["target_title"] for link in record.get("links", [])}
    if links:
        out.print("[bold]See also:[/] " + escape(", ".join(f"{t} (#{i})" for i, t in
                                                           links.items())), highlight=False)
    if record.get("linked_from"):
        out.print("[bold]Referred to by:[/] " + escape(", ".join(
            r["title"] for r in record["linked_from"])), highlight=False)
    print_also(also or [])


def print_also(also: list[dict[str, Any]]) -> None:
    """The same name in other games: "Also defined in: Contracts (Summon), …"."""
    if also:
        out.print("[bold]Also defined in:[/] " + escape("; ".join(
            f"{a['game']}: {a['title']} (arbiter show --game {a['game']} \"{a['id']}\")"
            for a in also)), highlight=False)


def game_stats(corpus: Corpus, game: str, as_json: bool) -> None:
    """`arbiter stats --game G`."""
    data = corpus.game(game)
    if as_json:
        return emit_json(data)
    out.print(f"[bold]{escape(data['label'])}[/] ({game})")
    for name, value in data["counts"].items():
        out.print(f"  {name:22} {value}")
    for src in data["sources"]:
        out.print(f"  source {src['name']:36} sha256 {src['sha256'][:12]}  {src['bytes']} bytes")


def print_ingest_games(report_games: dict[str, dict[str, Any]]) -> None:
    """The per-game part of `arbiter ingest`'s summary: counts, repairs, notes."""
    for game, g in report_games.items():
        c = g["counts"]
        kinds = ", ".join(f"{c[k]} {k}" for k in ("keywords", "terms", "status", "rulings")
                          if c.get(k))
        out.print(f"[bold]{escape(g['label'])}[/] ({escape(g['source'])}): {c['sections']} "
                  f"sections ({c['subsections']} sub-sections), {kinds or 'no glossary'}, "
                  f"{c['paragraphs']} paragraphs, {c['images']} image descriptions, "
                  f"{c['links']} links", highlight=False)
        for rep in g["repairs"]:
            out.print(f"  [yellow]repair[/] line {rep['line']} ({rep['kind']}): "
                      f"{escape(_short(rep['before']))} → {escape(_short(rep['after']))}",
                      highlight=False)
        for kind, notes in g["notes"].items():
            for note in notes:
                out.print(f"  [yellow]{escape(kind.replace('_', ' '))}:[/] {escape(note)}",
                          highlight=False)


def _short(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
