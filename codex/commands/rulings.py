"""`arbiter` subcommands for the rulings area."""
from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    """Attach this area's subcommands to the top-level CLI."""
