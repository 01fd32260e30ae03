"""What ``parity lock`` and ``parity verify`` share: the options naming servers (configured or
ad hoc), their ``Target``s, and how paths and secrets are shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from parity.cli.commands._text import utf8_text
from parity.errors import ConfigError
from parity.sources.locking import Target, configured_target

_F = TypeVar("_F", bound=Callable[..., Any])


def source_options(fn: _F) -> _F:
    """The options ``lock`` and ``verify`` share."""
    options = [
        click.argument("servers", nargs=-1),
        click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
                     help="Configuration file (default: the nearest parity.toml or "
                          "pyproject.toml with [tool.parity])."),
        click.option("--stdio", "stdio", metavar='"COMMAND ARGS..."',
                     help="Ad hoc: start this stdio server instead of configured ones."),
        click.option("--url", "url", metavar="URL",
                     help="Ad hoc: a streamable HTTP server."),
        click.option("--tools-file", "tools_file",
                     type=click.Path(dir_okay=False, path_type=Path),
                     help="Ad hoc: a saved tools/list result."),
        click.option("--lock", "lock_path", type=click.Path(dir_okay=False, path_type=Path),
                     help="The lock file (required with --stdio, --url or --tools-file)."),
        click.option("--name", "name", callback=utf8_text,
                     help="Ad hoc: the server's name in the lock (default: the name the "
                     "server reports, or the tools file's stem)."),
        click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                     show_default=True, help="json: the drift explanation in the shape "
                     "documented in docs/lock.md."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def resolve_targets(servers: Sequence[str], *, config_path: Path | None, stdio: str | None,
                    url: str | None, tools_file: Path | None, lock_path: Path | None,
                    name: str | None, surface: str | None = None) -> list[Target]:
    """Ad-hoc options or configured servers, as ``Target``s (usage mistakes: ``ConfigError``)."""
    adhoc = [flag for flag, value in (("--stdio", stdio), ("--url", url),
                                      ("--tools-file", tools_file)) if value]
    if len(adhoc) > 1:
        raise ConfigError(f"give only one of {', '.join(adhoc)}")
    if adhoc:
        if servers:
            raise ConfigError(f"{adhoc[0]} and server names ({', '.join(servers)}) exclude "
                              "each other", hint="lock configured servers, or one ad-hoc one")
        if lock_path is None:
            raise ConfigError(f"{adhoc[0]} needs --lock PATH: where the lock is")
        return [_adhoc(stdio, url, tools_file, lock_path, name, surface or "refuse")]
    if lock_path is not None or name is not None:
        raise ConfigError("--lock and --name apply to an ad-hoc server only",
                          hint="for configured servers set `lock` in the server's table")
    from parity.config.settings import load_config

    config = load_config(config_path)
    chosen = config.select_servers(servers)
    if not chosen:
        raise ConfigError("no servers configured", file=str(config.file),
                          hint="add [tool.parity.servers.NAME], or use --stdio/--url/"
                               "--tools-file")
    return [configured_target(config, s, surface) for s in chosen]


def _adhoc(stdio: str | None, url: str | None, tools_file: Path | None, lock_path: Path,
           name: str | None, surface: str) -> Target:
    if tools_file is not None:
        return Target(name=name, lock_path=lock_path, tools_file=tools_file, surface=surface)
    from parity.cli.commands._files import split_command, url_spec
    from parity.mcp import ServerSpec

    if stdio is not None:
        command = split_command(stdio, "--stdio")
        spec = ServerSpec(kind="stdio", name=name or command[0], command=command)
    else:
        spec = url_spec(url or "", name or "server")
    return Target(name=name, lock_path=lock_path, spec=spec, surface=surface)


def redactor(target: Target) -> Callable[[str], str]:
    """Redacts the target's secrets from a text shown to people."""
    from parity.core.redact import Redactor

    return Redactor(target.secrets)


def error_text(target: Target, error: Exception) -> str:
    """One server's error as shown (redacted), naming the server unless it names its
    tools file, command, URL or lock already: one run verifies or locks several servers, and
    an error found in a tool's definition names only the tool."""
    from parity.core.terminal import printable

    # a path, a command or a server's words: a control character shown, never obeyed
    message = printable(redactor(target)(str(error)), keep_newlines=True)
    # the lock as every other message names it (a configured one's path is absolute)
    message = message.replace(str(target.lock_path), shown(target.lock_path))
    spec = target.spec
    where = str(target.tools_file or getattr(spec, "url", None) or " ".join(
        getattr(spec, "command", ()) or ()) or shown(target.lock_path))
    # the connection's own errors name the server's command or URL already
    from parity.core.redact import redact

    # as the connection names it: its secrets (a --url's ?token=) redacted
    named = (where, redact(where, tuple(getattr(spec, "secrets", ()) or ())),
             str(target.lock_path), shown(target.lock_path),
             f"server {target.name!r}:" if target.name else "")
    if any(name and name in message for name in named):
        return message
    if target.name:
        return f"server {target.name!r}: {message}"
    return f"{where}: {message}"


def tools_counted(n: int) -> str:
    """``1 tool``, ``2 tools``: how the lock and snapshot commands count a server's tools."""
    return f"{n} tool{'' if n == 1 else 's'}"


def shown(path: Path) -> str:
    """The lock's path as people see it: relative to the working directory when under it."""
    from parity.contract.check import shown as relative

    return relative(path)


__all__ = ["error_text", "redactor", "resolve_targets", "shown", "source_options",
           "tools_counted"]
