"""The ``arbiter`` command line.

Each area (corpus, search, cards, rulings, service) owns a module in ``codex.commands`` that
registers its subcommands here; this file only assembles them, so areas grow independently.
"""
from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import click

from codex import paths
from codex.errors import ArbiterError
from codex.inputs import InputError, check_text

AREAS = ("corpus", "games", "search", "cards", "rulings", "deck", "serve")


class ArbiterGroup(click.Group):
    """The top-level group: arguments must be valid text, and errors end in one line.

    An argument that is not valid UTF-8 (Python carries its bytes as lone surrogates) is refused
    before any command sees it. An error Arbiter raises on purpose (``ArbiterError``) that a
    command did not handle itself is bad input: one ``error:`` line and exit status 2. A reader
    that closes the pipe early (``arbiter show storyline | head -3``) ends the output quietly,
    as for any Unix filter. Anything else is a bug: one line saying so and exit status 1;
    ``ARBITER_DEBUG=1`` shows the traceback.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        for n, arg in enumerate(args, 1):
            try:
                check_text(arg, f"argument {n}", max_chars=len(arg), max_digits=len(arg))
            except InputError as exc:
                _die(str(exc), 2)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ArbiterError as exc:
            _die(str(exc), 2)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            _die("interrupted", 130)
        except BrokenPipeError:
            _stdout_closed()
        except Exception as exc:  # noqa: BLE001 - the last resort: no traceback for a user
            if os.environ.get("ARBITER_DEBUG"):
                raise
            _die(f"internal error ({type(exc).__name__}: {exc}); please report it "
                 "(ARBITER_DEBUG=1 shows the traceback)", 1)


def _stdout_closed() -> NoReturn:
    """The reader of our output has gone: point stdout at the null device, so the interpreter's
    last flush cannot fail again, and exit as the Python documentation advises (status 1)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(1)


def _die(message: str, code: int) -> NoReturn:
    """One line on stderr, printable whatever the message holds, then exit."""
    line = "; ".join(part.strip() for part in message.splitlines() if part.strip())
    click.echo("error: " + line.encode("utf-8", "backslashreplace").decode("utf-8"), err=True)
    sys.exit(code)


@click.group(cls=ArbiterGroup, context_settings={"help_option_names": ["-h", "--help"]})
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
