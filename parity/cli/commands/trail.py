"""``parity trail verify``: check that an event trail was not edited, cut or reordered."""

from __future__ import annotations

import json
from pathlib import Path

import click

from parity.core.trail import verify


@click.command("trail")
@click.argument("action", type=click.Choice(["verify"]))
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--open", "open_ended", is_flag=True,
              help="Accept a trail without its closing record (still being written).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def command(action: str, file: Path, open_ended: bool, fmt: str) -> int:
    """verify: report the first record of FILE, an event trail (parity.trail/1, written by
    the guard and by `parity drill --events`), that was edited, removed, inserted or
    reordered, or a cut end (exit 1); or confirm the chain (exit 0). Exit 2: not a trail."""
    verdict = verify(file, open_ended=open_ended)
    if fmt == "json":
        click.echo(json.dumps({"file": str(file), **verdict.to_json()}, sort_keys=True))
    elif verdict.ok:
        extra = f"; {verdict.message}" if verdict.message else ""
        click.echo(f"{file}: chain ok: {verdict.records} records{extra}; head {verdict.head}")
    else:
        click.echo(f"{file}:{verdict.line}: {verdict.kind}: {verdict.message}")
        click.echo(f"parity trail verify: FAILED: the chain holds for the first "
                   f"{verdict.records} records only")
    return 0 if verdict.ok else 1
