"""`arbiter` subcommands for the search area: ``arbiter search QUERY``."""
from __future__ import annotations

import json

import click

from codex.paths import BuildPaths


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""
    cli.add_command(search)


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--source", default=None,
              help="Only this source: codex, rulebook (Sorcery's), or a game's name.")
@click.option("--kind", default=None,
              help="Only this kind: entry, subentry, section, term, keyword, quickref, status, "
                   "ruling, image (texts describing pictures: only when asked for).")
@click.option("--game", default=None, metavar="GAME",
              help="Search this game only (sorcery, contracts, sorcerer, archmajesty); "
                   "default: every game.")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option("--no-correct", is_flag=True,
              help="Search the words exactly as typed (no typo correction, no players' terms).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.pass_obj
def search(build: BuildPaths, query: tuple[str, ...], source: str | None, kind: str | None,
           game: str | None, limit: int, no_correct: bool, as_json: bool) -> None:
    """Search every game's rules (or one game's, with --game): Codex entries, rulebook
    sections, keywords and terms.

    Typos are corrected with the vocabulary of the game searched (real words and card names
    never are), other games' words are searched as the game's own ("exile" → banish), and a
    card named is found (the imported catalog's cards too); the output says what was
    searched, how many matches each game has, and each game's definition of a term several
    games define.
    """
    from codex.search import IndexMissing, Searcher   # Whoosh loads only for this command

    try:
        searcher = Searcher.open(build.index, catalog=build.cards_db)
    except IndexMissing:
        raise click.ClickException(
            f"no search index in {build.root}: run `arbiter ingest` first") from None
    _warn_if_stale(searcher)
    if game is not None and game.lower() not in searcher.games:
        searcher.close()
        raise click.BadParameter(f"{game!r} is not a game of this index; the games are "
                                 f"{', '.join(searcher.games)}", param_hint="--game")
    with searcher:
        result = searcher.search(" ".join(query), source=source, kind=kind, limit=limit,
                                 correct=not no_correct, game=game)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return
    _print(result)


def _warn_if_stale(searcher: "Searcher") -> None:  # noqa: F821 (imported lazily above)
    """Say so (on stderr) when the index was built by another schema: its stems are another
    stemmer's, so words it holds may not be found; `arbiter ingest` rebuilds it."""
    from codex.search.schema import SCHEMA_VERSION

    built = searcher.meta.get("schema_version")
    if built != SCHEMA_VERSION:
        click.echo(f"warning: the search index was built by older code (schema {built}, "
                   f"now {SCHEMA_VERSION}); some words may not be found: run `arbiter "
                   f"ingest` to rebuild it", err=True)


def _print(result: "SearchResult") -> None:  # noqa: F821 (imported lazily above)
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    if result.showing_results_for:
        console.print(Text.assemble("Showing results for ",
                                    (result.showing_results_for, "bold italic"),
                                    (f"  (search as typed: --no-correct)", "dim")))
    if result.did_you_mean:
        console.print(Text.assemble("Did you mean ", (result.did_you_mean, "bold italic"), "?"))
    for m in result.mappings:
        console.print(Text.assemble((m["label"], "bold"), f": {m['reason']}"))
    for card in result.cards:
        line = Text.assemble((card.name, "bold italic"), ": ")
        line.append(f"{card.note}." if card.note else
                    f"a card, named in {card.mentions} record(s) of the rules.")
        if card.entries:
            line.append(f" {'Its keywords' if card.keywords else 'Its card type'}: "
                        + ", ".join(e["title"] for e in card.entries) + ".")
        console.print(line)
    if result.definitions:
        console.print("Defined in several games:", style="bold")
        for d in result.definitions:
            console.print(Text.assemble(("  " + d["game"], "bold"), f": {d['title']} — ",
                                        d["text"]))
    if not result.hits:
        console.print("No results" + (f" in {result.game}." if result.game else "."), style="bold")
        elsewhere = result.facets.get("game", {})
        if elsewhere:
            console.print("Found in " + ", ".join(f"{g} ({n})" for g, n in elsewhere.items())
                          + ": search there with --game.")
        if result.suggestions:
            console.print("Try: " + ", ".join(result.suggestions))
        return
    facets = result.facets.get("game", {})
    by_game = ", ".join(f"{g} {n}" for g, n in facets.items())
    console.print(f"{result.total} matches" + (f" ({by_game})" if len(facets) > 1 or
                                                result.game else ""), style="dim")
    shown = {h.key for h in result.hits[:3]}
    also = [(g, h) for g, h in result.best_by_game.items() if h.key not in shown]
    if len(result.best_by_game) > 1 and also and not result.offset:
        console.print(Text.assemble(("First in ", "dim"), *[
            part for i, (g, h) in enumerate(also)
            for part in ((", " if i else "", "dim"), (f"{g}: ", "dim"), (h.title, "bold"))]))
    for n, hit in enumerate(result.hits, 1 + result.offset):
        head = Text.assemble((f"{n}. ", "dim"), (hit.title, "bold"))
        if hit.parent_title:
            head.append(f"  (in {hit.parent_title})", style="italic")
        where = (hit.source if hit.game == "sorcery" else hit.game) + (
            f", p. {hit.page}" if hit.page is not None else "")
        head.append(f"  [{where}] #{hit.anchor}  score {hit.score:.2f}", style="dim")
        console.print(head)
        if hit.explain:
            console.print(Text("   (" + "; ".join(hit.explain) + ")", style="italic"))
        snippet = Text("   " + hit.snippet.text)
        for start, end in hit.snippet.matches:
            snippet.stylize("bold reverse", start + 3, end + 3)
        console.print(snippet)
