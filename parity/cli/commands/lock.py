"""``parity lock``: pin the tool definitions of configured or ad-hoc servers in lock files.

A thin shell over ``parity.sources.locking`` and ``parity.pinning.pin``: it shows the plan
(drift, warnings) and asks on a terminal before replacing a changed or unreadable lock."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from parity.cli.commands._servers import (
    error_text,
    redactor,
    resolve_targets,
    shown,
    source_options,
    tools_counted,
)
from parity.errors import ParityError
from parity.pinning.pin import Relock, commit_lock, lock_result
from parity.sources.locking import Target, plans_for_lock


@click.command("lock")
@source_options
@click.option("--yes", "-y", is_flag=True, help="Overwrite a differing lock without asking.")
@click.option("--capabilities", "capabilities", metavar="NAMES", default=None,
              help="Client capabilities to declare while listing, comma separated (roots, "
                   "sampling, elicitation; default: none, as the mcp SDK's default client). "
                   "Match the agent's client: servers may list other tools to it.")
@click.option("--protocol", "protocol", metavar="VERSION", default=None,
              help="The MCP protocol version to list under: 2026-07-28 (the 2.x SDK's "
                   "Client speaks it by default), an older one, or auto (2026-07-28 when "
                   "the server speaks it). Default: the server's `protocol` key, else the "
                   "initialize handshake. `parity verify` lists as the lock was listed.")
def command(servers: tuple[str, ...], config_path: Path | None, stdio: str | None,
            url: str | None, tools_file: Path | None, lock_path: Path | None,
            name: str | None, fmt: str, yes: bool, capabilities: str | None,
            protocol: str | None) -> int:
    """Connect to each SERVER (default: all configured), list all its tools and write its
    lock. Over an existing lock that differs, print the drift and ask first.

    Exit codes: 0 written or up to date, 1 declined, 2 error.
    """
    targets = resolve_targets(servers, config_path=config_path, stdio=stdio, url=url,
                              tools_file=tools_file, lock_path=lock_path, name=name)
    if capabilities is not None:
        from parity.mcp.capabilities import parse_capabilities

        declared = parse_capabilities(capabilities)
        targets = [dataclasses.replace(t, capabilities=declared) for t in targets]
    if protocol is not None:
        from parity.mcp.era import check_protocol

        spoken = check_protocol(protocol)
        targets = [dataclasses.replace(t, protocol=spoken) for t in targets]
    code = 0
    results: list[dict[str, Any]] = []
    # closed on the way out, even by Ctrl-C at a question: listings still running stop
    with contextlib.closing(plans_for_lock(
            targets, lock_file=lambda t: shown(t.lock_path))) as plans:
        for target, plan in plans:
            try:
                result = lock_target(target, plan, yes=yes, fmt=fmt)
            except ParityError as exc:
                click.echo(f"parity: error: {error_text(target, exc)}", err=True)
                code = max(code, exc.exit_code)
                continue
            # the lock named as its drift and the text name it (the library's is absolute)
            results.append({**result, "lock": shown(target.lock_path)})
            if result["result"] == "declined":
                code = max(code, 1)
    if fmt == "json":
        click.echo(json.dumps({"format": "parity.lock-result/1", "servers": results},
                              indent=2, sort_keys=True, ensure_ascii=False))
    return code


def _confirm(question: str, lock_path: Path) -> bool:
    """Ask on a terminal; without one (CI, a pipe) there is nobody to ask: say how to
    re-pin instead of aborting on an empty answer."""
    import sys

    if sys.stdin is None or not sys.stdin.isatty():
        click.echo(f"{shown(lock_path)} not overwritten: no terminal to ask; run "
                   "`parity lock --yes` to re-pin without asking", err=True)
        return False
    if click.confirm(question, err=True):
        return True
    click.echo(f"{shown(lock_path)} not overwritten (`parity lock --yes` re-pins without "
               "asking)", err=True)
    return False


def lock_target(target: Target, plan: Relock | ParityError, *, yes: bool,
                fmt: str) -> dict[str, Any]:
    """Lock one target by its ``plan`` (``read_for_lock``; raised when it is an error):
    show it, ask when it replaces something, write. The server is listed and the person
    asked without the file's lock; ``commit_lock`` re-reads and writes under it, so no other
    writer's lock is lost or replaced unasked."""
    if isinstance(plan, ParityError):
        raise plan
    show = redactor(target)
    for warning in plan.live.warnings:
        click.echo(f"parity: warning: {show(warning)}", err=True)
    if plan.state == "unreadable":
        click.echo(f"parity: the existing lock cannot be read: {show(str(plan.problem))}",
                   err=True)
        if not yes and not _confirm("Replace it?", target.lock_path):
            return lock_result(plan, written=False, reason="declined")
    elif plan.state == "changed":
        _show_drift(plan, show, yes=yes, fmt=fmt)
        if not yes and not _confirm(f"Overwrite {shown(target.lock_path)}?",
                                    target.lock_path):
            return lock_result(plan, written=False, reason="declined")
    elif plan.state == "up_to_date":
        if fmt == "text":
            click.echo(f"server {plan.live.server!r}: {shown(target.lock_path)} is up to date "
                       f"({tools_counted(len(plan.live.tools))})")
        return lock_result(plan, written=False, reason="up to date")
    plan, reason = commit_lock(plan, may_replace=yes, lock_file=shown(target.lock_path))
    if reason == "declined":
        click.echo(f"{shown(target.lock_path)} not overwritten: another `parity lock` changed "
                   "it meanwhile; run `parity lock` again to compare with it", err=True)
    elif reason == "up to date" and fmt == "text":
        click.echo(f"server {plan.live.server!r}: {shown(target.lock_path)} is up to date "
                   f"({tools_counted(len(plan.live.tools))}, written meanwhile by another "
                   "`parity lock`)")
    elif reason == "written" and fmt == "text":
        click.echo(f"server {plan.live.server!r}: locked {tools_counted(len(plan.live.tools))} in "
                   f"{shown(target.lock_path)} (catalog {plan.live.catalog})")
    return lock_result(plan, written=reason == "written", reason=reason)


def _show_drift(plan: Relock, show: Callable[[str], str], *, yes: bool, fmt: str) -> None:
    """Say what a re-pin replaces (on stderr with ``--format json``)."""
    live, old, drift = plan.live, plan.old, plan.drift
    if drift is not None and (fmt == "text" or not yes):
        n = len(drift.changes)
        header = (f"server {live.server!r}: re-pinning {shown(plan.path)}: "
                  f"{n} tool{'s change' if n > 1 else ' changes'}")
        click.echo(show(drift.render_text(header=header)), nl=False, err=fmt == "json")
    if old is not None and old.reported_name != live.reported_name:
        click.echo(f"the server called itself {old.reported_name!r}; it now calls itself "
                   f"{live.reported_name!r} (the lock records both)", err=fmt == "json")
    if old is not None and plan.renamed_server:
        click.echo(f"the lock was for server {old.server!r}; it becomes {live.server!r}",
                   err=fmt == "json")
