"""``parity snapshot``: save what a live server lists, or check a saved snapshot is current."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from parity.cli.commands._servers import resolve_targets, tools_counted
from parity.errors import ConfigError


@click.command("snapshot")
@click.argument("servers", nargs=-1)
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Configuration file (default: the nearest parity.toml or pyproject.toml "
                   "with [tool.parity]).")
@click.option("--stdio", "stdio", metavar='"COMMAND ARGS..."',
              help="Ad hoc: start this stdio server instead of a configured one.")
@click.option("--url", "url", metavar="URL", help="Ad hoc: a streamable HTTP server.")
@click.option("--tools-file", "tools_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Ad hoc: a saved tools/list result (re-rendered in snapshot form).")
@click.option("--output", "-o", "output", required=True,
              type=click.Path(path_type=Path),
              help="The snapshot file (with --split: the folder of one file per tool).")
@click.option("--split", is_flag=True,
              help="One file per tool, named after it; removes only parity's own files of "
                   "tools no longer listed, never another file.")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 when the committed snapshot is stale.")
def command(servers: tuple[str, ...], config_path: Path | None, stdio: str | None,
            url: str | None, tools_file: Path | None, output: Path, split: bool,
            check: bool) -> int:
    """Save every tool ONE server lists (configured by name, or ad hoc) as raw, sorted,
    stable JSON: usable as --tools-file, as an agent side and by `parity paths`.

    Exit codes: 0 written or up to date, 1 stale (--check), 2 error.
    """
    adhoc = bool(stdio or url or tools_file)
    targets = resolve_targets(servers, config_path=config_path, stdio=stdio, url=url,
                              tools_file=tools_file, lock_path=output if adhoc else None,
                              name=None)
    if len(targets) != 1:
        raise ConfigError(f"a snapshot holds one server; {len(targets)} are configured",
                          hint="name the server: parity snapshot NAME --output FILE")
    target = dataclasses.replace(targets[0], lock_path=output)
    from parity.sources.locking import check_secrets
    from parity.sources.snapshot import listed, render, render_split, stale, write_one, write_split

    definitions = listed(target, warn=lambda line: click.echo(f"warning: {line}", err=True))
    files = render_split(definitions) if split else {output.name: render(definitions)}
    for text in files.values():
        check_secrets(target, text, action="not written" if not check else "not compared")
    if check:
        lines = stale(files, output, split=split, keep=target.tools_file)
        for line in lines:
            click.echo(line)
        verdict = "stale: rerun without --check and commit" if lines else "up to date"
        click.echo(f"parity snapshot: {output}: {verdict}")
        return 1 if lines else 0
    if split:
        for removed in write_split(files, output, keep=target.tools_file):
            click.echo(f"parity snapshot: removed {removed}: no such tool any more")
    else:
        write_one(files[output.name], output, inputs=target.inputs)
    click.echo(f"parity snapshot: wrote {tools_counted(len(definitions))} to {output}")
    return 0
