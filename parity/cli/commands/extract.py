"""``parity extract``: write (or, with ``--check``, verify) the manifests of configured pairs."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from parity.config.settings import load_config
from parity.sources.extract import extract


@click.command("extract")
@click.argument("pairs", nargs=-1)
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 when a committed manifest is out of date.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="The configuration file (default: nearest parity.toml or pyproject.toml).")
def command(pairs: tuple[str, ...], check: bool, config_path: Path | None) -> int:
    """Write manifests/<pair>.agent.json and manifests/<pair>.server.json.

    PAIRS are pair names from the configuration (default: every pair). A pair whose
    server fails does not stop the others. Exit codes: 0 done (or up to date), 1 out of
    date (--check), 2 a pair failed or a tool had to be left out.
    """
    config = load_config(config_path)
    chosen = config.select_pairs(pairs)
    servers = {id(p.server) for p in chosen}
    # progress only helps a person watching several servers start
    show = len(servers) > 1 and sys.stderr.isatty()
    result = extract(config, pairs, check=check,
                     progress=(lambda line: click.echo(line, err=True)) if show else None)
    for line in result.lines():
        failed = line.split(": ", 2)[1:2] == ["failed"]
        click.echo(line, err=failed or result.exit_code != 0)
    return result.exit_code
