"""``parity verify``: compare the tools of configured or ad-hoc servers with their locks.

A thin shell over ``parity.sources.locking.verify_servers``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import click

from parity.cli.commands._servers import (
    error_text,
    redactor,
    resolve_targets,
    shown,
    source_options,
)
from parity.cli.commands._text import utf8_text
from parity.errors import ParityError
from parity.sources.locking import verify_servers


@click.command("verify")
@source_options
@click.option("--surface", type=click.Choice(["refuse", "warn"]), default=None,
              help="What a change to descriptions, titles, annotations... alone does "
                   "(default: the server's `surface` setting, else refuse).")
@click.option("--accept-name", metavar="NAME", default=None, callback=utf8_text,
              help="Accept a server that now reports this serverInfo.name (a renamed server; "
                   "the configuration's `accept_reported_name`).")
def command(servers: tuple[str, ...], config_path: Path | None, stdio: str | None,
            url: str | None, tools_file: Path | None, lock_path: Path | None,
            name: str | None, fmt: str, surface: str | None, accept_name: str | None) -> int:
    """Connect to each SERVER (default: all configured), list all its tools and compare
    them with its lock; on drift, explain it per tool.

    Exit codes: 0 the tools match (or only warned surface changes), 1 drift, 2 error
    (including a missing, corrupt, wrong-version or foreign lock: verification fails closed).
    """
    targets = resolve_targets(servers, config_path=config_path, stdio=stdio, url=url,
                              tools_file=tools_file, lock_path=lock_path, name=name,
                              surface=surface)
    if accept_name is not None:
        targets = [dataclasses.replace(t, accept_name=accept_name) for t in targets]
    code = 0
    documents: list[dict[str, Any]] = []
    for target, drift in verify_servers(targets, lock_file=lambda t: shown(t.lock_path)):
        if isinstance(drift, ParityError):
            message = error_text(target, drift)
            click.echo(f"parity: error: {message}", err=True)
            documents.append({"server": target.name, "lock": shown(target.lock_path),
                              "error": message})
            code = max(code, drift.exit_code)
            continue
        show = redactor(target)
        for warning in drift.warnings:
            click.echo(f"parity: warning: {show(warning)}", err=True)
        if fmt == "json":
            documents.append(drift.to_json())
        else:
            click.echo(show(drift.render_text()), nl=False)
        if drift.refused:
            code = max(code, 1)
    if fmt == "json":
        click.echo(json.dumps({"format": "parity.verify/1", "servers": documents}, indent=2,
                              sort_keys=True, ensure_ascii=False))
    return code
