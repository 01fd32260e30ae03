"""``parity lock``: pin the tool definitions of configured or ad-hoc servers in lock files."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from parity.errors import ConfigError, FileFormatError, ParityError

_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Target:
    """One server to lock or verify: how to read its tools and where its lock lives."""

    #: the configured (or ``--name``) name; ``None``: take it from the server or the lock
    name: str | None
    lock_path: Path
    spec: Any = None  # parity.mcp.ServerSpec
    tools_file: Path | None = None
    surface: str = "refuse"
    secrets: tuple[str, ...] = ()
    #: client capabilities to declare when listing (None: the default, none)
    capabilities: tuple[str, ...] | None = None
    #: the server's configuration table, as the file writes it (None: an ad-hoc server)
    key: str | None = None

    @property
    def label(self) -> str:
        return repr(self.name) if self.name else str(self.tools_file or "the server")


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
        click.option("--name", "name", help="Ad hoc: the server's name in the lock "
                     "(default: the name the server reports, or the tools file's stem)."),
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
    return [_configured(config, s, surface) for s in chosen]


def _adhoc(stdio: str | None, url: str | None, tools_file: Path | None, lock_path: Path,
           name: str | None, surface: str) -> Target:
    if tools_file is not None:
        return Target(name=name, lock_path=lock_path, tools_file=tools_file, surface=surface)
    import shlex

    from parity.mcp import ServerSpec

    if stdio is not None:
        command = tuple(shlex.split(stdio))
        if not command:
            raise ConfigError("--stdio needs a command")
        spec = ServerSpec(kind="stdio", name=name or command[0], command=command)
    else:
        if not (url or "").startswith(("http://", "https://")):
            raise ConfigError(f"--url {url!r}: expected an http:// or https:// URL")
        spec = ServerSpec(kind="url", name=name or "server", url=url)
    return Target(name=name, lock_path=lock_path, spec=spec, surface=surface)


def _configured(config: Any, server: Any, surface: str | None) -> Target:
    lock_path = config.lock_path(server)
    policy = surface or server.surface
    if server.kind == "tools_file":
        return Target(name=server.name, lock_path=lock_path, tools_file=server.tools_file,
                      surface=policy)
    if server.kind not in ("stdio", "url", "object"):
        raise ConfigError(f"server {server.name!r} is {server.kind_words}: a lock pins "
                          "what a live server (or a saved tools/list) says",
                          file=str(config.file),
                          hint="give the server a stdio, url, object or tools_file key")
    from parity.sources.live import live_spec

    spec = live_spec(server, root=config.root)
    return Target(name=server.name, lock_path=lock_path, spec=spec, surface=policy,
                  key=server.key or None,
                  secrets=server.secrets)


def read_live(target: Target, *, name: str | None = None) -> Any:
    """The target's tools as a ``Lock`` value (not written). ``name`` is the fallback name
    when the target has none (e.g. the existing lock's)."""
    from parity.pinning.lock import build, from_listing

    if target.tools_file is not None:
        from parity.fieldpaths.tooldefs import read_tool_file

        definitions = read_tool_file(target.tools_file)
        server = target.name or name or target.tools_file.stem
        return build(server, definitions, source=str(target.tools_file))
    import dataclasses

    from parity.mcp import fetch_tools

    spec = target.spec
    if target.capabilities is not None:
        spec = dataclasses.replace(spec, capabilities=target.capabilities)
    from parity.errors import SourceError
    from parity.sources.server import explain_missing_module

    try:
        listing = fetch_tools(spec)
    except SourceError as exc:
        raise explain_missing_module(exc, kind=spec.kind, cwd=spec.cwd,
                                     key=target.key) from None
    reported = listing.server_info.get("name")
    server = target.name or name or (reported if isinstance(reported, str) and reported
                                     else target.spec.name)
    return from_listing(server, listing)


def check_secrets(target: Target, text: str, *, action: str = "not written") -> None:
    """Refuse to write or print a secret a server echoed into its tool definitions."""
    from parity.core.redact import check_clean

    check_clean(str(target.lock_path), text, extra=target.secrets, action=action)


def redactor(target: Target) -> Callable[[str], str]:
    from parity.core.redact import Redactor

    return Redactor(target.secrets)


@click.command("lock")
@source_options
@click.option("--yes", "-y", is_flag=True, help="Overwrite a differing lock without asking.")
@click.option("--capabilities", "capabilities", metavar="NAMES", default=None,
              help="Client capabilities to declare while listing, comma separated (roots, "
                   "sampling, elicitation; default: none, as the mcp SDK's default client). "
                   "Match the agent's client: servers may list other tools to it.")
def command(servers: tuple[str, ...], config_path: Path | None, stdio: str | None,
            url: str | None, tools_file: Path | None, lock_path: Path | None,
            name: str | None, fmt: str, yes: bool, capabilities: str | None) -> int:
    """Connect to each SERVER (default: all configured), list all its tools and write its
    lock. Over an existing lock that differs, print the drift and ask first.

    Exit codes: 0 written or up to date, 1 declined, 2 error.
    """
    targets = resolve_targets(servers, config_path=config_path, stdio=stdio, url=url,
                              tools_file=tools_file, lock_path=lock_path, name=name)
    if capabilities is not None:
        import dataclasses

        from parity.mcp.capabilities import parse_capabilities

        declared = parse_capabilities(capabilities)
        targets = [dataclasses.replace(t, capabilities=declared) for t in targets]
    code = 0
    results: list[dict[str, Any]] = []
    for target in targets:
        try:
            result = lock_target(target, yes=yes, fmt=fmt)
        except ParityError as exc:
            click.echo(f"parity: error: {redactor(target)(str(exc))}", err=True)
            code = max(code, exc.exit_code)
            continue
        results.append(result)
        if result["result"] == "declined":
            code = max(code, 1)
    if fmt == "json":
        click.echo(json.dumps({"format": "parity.lock-result/1", "servers": results},
                              indent=2, sort_keys=True, ensure_ascii=False))
    return code


def shown(path: Path) -> str:
    """The lock's path as people see it: relative to the working directory when under it."""
    from parity.contract.check import shown as relative

    return relative(path)


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


def lock_target(target: Target, *, yes: bool, fmt: str) -> dict[str, Any]:
    from parity.pinning.drift import compare
    from parity.pinning.lock import dumps, load, write

    live = read_live(target)
    text = dumps(live)
    check_secrets(target, text)
    show = redactor(target)
    for warning in live.warnings:
        click.echo(f"parity: warning: {show(warning)}", err=True)
    old = None
    drift = None
    if target.lock_path.exists():
        try:
            old = load(target.lock_path)
            # comparing reads stored definitions, whose digests are checked on first read
            drift = compare(old, live, lock_file=shown(target.lock_path))
        except FileFormatError as exc:
            old = drift = None
            click.echo(f"parity: the existing lock cannot be read: {show(str(exc))}", err=True)
            if not yes and not _confirm("Replace it?", target.lock_path):
                return _result(target, live, written=False, drift=None, reason="declined")
    result_drift: dict[str, Any] | None = None
    if old is not None and drift is not None:
        if drift.drifted or old.server != live.server:
            result_drift = drift.to_json()
            if fmt == "text" or not yes:
                n = len(drift.changes)
                header = (f"server {live.server!r}: re-pinning {shown(target.lock_path)}: "
                          f"{n} tool{'s change' if n > 1 else ' changes'}")
                click.echo(show(drift.render_text(header=header)), nl=False,
                           err=fmt == "json")
            if old.server != live.server:
                click.echo(f"the lock was for server {old.server!r}; it becomes "
                           f"{live.server!r}", err=fmt == "json")
            if not yes and not _confirm(f"Overwrite {shown(target.lock_path)}?",
                                        target.lock_path):
                return _result(target, live, written=False, drift=result_drift,
                               reason="declined")
        elif target.lock_path.read_text(encoding="utf-8") == text:
            if fmt == "text":
                click.echo(f"server {live.server!r}: {shown(target.lock_path)} is up to date "
                           f"({len(live.tools)} tools)")
            return _result(target, live, written=False, drift=None, reason="up to date")
    write(live, target.lock_path)
    if fmt == "text":
        click.echo(f"server {live.server!r}: locked {len(live.tools)} tools in "
                   f"{shown(target.lock_path)} (catalog {live.catalog})")
    return _result(target, live, written=True, drift=result_drift, reason="written")


def _result(target: Target, live: Any, *, written: bool, drift: dict[str, Any] | None,
            reason: str) -> dict[str, Any]:
    return {"server": live.server, "lock": str(target.lock_path), "tools": len(live.tools),
            "catalog": live.catalog, "written": written, "result": reason, "drift": drift}
