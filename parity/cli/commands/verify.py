"""``parity verify``: compare the tools of configured or ad-hoc servers with their locks."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import click

from parity.cli.commands.lock import (
    Target,
    check_secrets,
    read_live,
    redactor,
    resolve_targets,
    shown,
    source_options,
)
from parity.errors import ParityError


@click.command("verify")
@source_options
@click.option("--surface", type=click.Choice(["refuse", "warn"]), default=None,
              help="What a change to descriptions, titles, annotations... alone does "
                   "(default: the server's `surface` setting, else refuse).")
def command(servers: tuple[str, ...], config_path: Path | None, stdio: str | None,
            url: str | None, tools_file: Path | None, lock_path: Path | None,
            name: str | None, fmt: str, surface: str | None) -> int:
    """Connect to each SERVER (default: all configured), list all its tools and compare
    them with its lock; on drift, explain it per tool.

    Exit codes: 0 the tools match (or only warned surface changes), 1 drift, 2 error
    (including a missing, corrupt, wrong-version or foreign lock: verification fails closed).
    """
    targets = resolve_targets(servers, config_path=config_path, stdio=stdio, url=url,
                              tools_file=tools_file, lock_path=lock_path, name=name,
                              surface=surface)
    code = 0
    documents: list[dict[str, Any]] = []
    for target in targets:
        try:
            drift = verify_target(target)
        except ParityError as exc:
            message = redactor(target)(str(exc))
            click.echo(f"parity: error: {message}", err=True)
            documents.append({"server": target.name, "lock": str(target.lock_path),
                              "error": message})
            code = max(code, exc.exit_code)
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


def verify_target(target: Target) -> Any:
    """Load the lock (fail closed), read the live tools, check identity, compare."""
    from parity.pinning.drift import compare
    from parity.pinning.lock import check_identity, dumps, load

    lock = load(target.lock_path)
    if target.capabilities is None and lock.client_capabilities is not None:
        # list as the lock was listed: a server may show other tools to other capabilities
        target = dataclasses.replace(target, capabilities=lock.client_capabilities)
    live = read_live(target, name=lock.server)
    check_secrets(target, dumps(live), action="not compared")
    check_identity(lock, server=live.server, reported=live.reported_name,
                   file=str(target.lock_path))
    return compare(lock, live, surface_policy=target.surface,  # type: ignore[arg-type]
                   lock_file=shown(target.lock_path))
