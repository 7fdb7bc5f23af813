"""The ``arbiter`` command line.

Each area (corpus, search, cards, rulings, service) owns a module in ``codex.commands`` that
registers its subcommands here; this file only assembles them, so areas grow independently.
"""
from __future__ import annotations

import importlib

import click

from codex import paths

AREAS = ("corpus", "games", "search", "cards", "rulings", "deck", "serve")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--build-dir", type=click.Path(file_okay=False), envvar="ARBITER_BUILD_DIR",
              default=None, help="Where built artifacts live (default: corpus/build).")
@click.version_option(package_name="arbiter")
@click.pass_context
def main(ctx: click.Context, build_dir: str | None) -> None:
    """Arbiter: rules adjudication for Sorcery: Contested Realm (over the Codex), Contracts,
    Sorcerer and Archmajesty."""
    ctx.obj = paths.BuildPaths.at(build_dir)


for _area in AREAS:
    importlib.import_module(f"codex.commands.{_area}").register(main)
