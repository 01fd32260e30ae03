"""A configured live server (``ServerConfig``) as the MCP seam's ``ServerSpec``.

The one place that turns configuration into a connection: ``parity extract``, ``lock``,
``verify``, ``drill`` and ``PinnedClient.connect`` all start a configured server the same way.
The seam itself never reads configuration and never imports a user's module: an ``object``
server is imported here and handed over as ``ServerSpec.obj``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from parity.errors import SourceError

if TYPE_CHECKING:
    from parity.config.settings import ServerConfig
    from parity.mcp.spec import ServerSpec

#: Command names that mean "the Python running parity" in a configured ``stdio`` command.
PYTHON_NAMES = ("python", "python3")
#: The kinds of server source that are live servers (the others are files and models).
LIVE_KINDS = ("stdio", "url", "object")


def own_python(command: Iterable[str]) -> tuple[str, ...]:
    """``command`` with a first word of exactly ``python`` or ``python3`` replaced by
    ``sys.executable``: ``python`` on PATH is often not the interpreter parity (and the
    server's dependencies) is installed in, e.g. when parity runs from a virtual environment
    that is not activated. Any other first word (a path, ``python3.12``, ``uv``) is kept."""
    words = tuple(command)
    if words and words[0] in PYTHON_NAMES:
        return (sys.executable, *words[1:])
    return words


def live_spec(server: ServerConfig, *, root: Path | None = None) -> ServerSpec:
    """The ``ServerSpec`` of a configured live server. A ``stdio`` command whose first word is
    exactly ``python`` or ``python3`` runs with ``sys.executable`` (``own_python``); an
    ``object`` server is imported with ``root`` (the configuration's folder) on
    ``sys.path``. Raises ``SourceError`` for a file or model source, or a bad reference."""
    from parity.mcp.spec import ServerSpec

    if server.kind not in LIVE_KINDS:
        raise SourceError(f"server {server.name!r} is a {server.kind} source, not a live "
                          "server", hint="read it with parity.sources.server")
    spec = ServerSpec(kind=server.kind, name=server.name, command=own_python(server.stdio or ()),
                      env=dict(server.env), cwd=server.cwd, url=server.url,
                      headers=dict(server.headers), object_ref=server.object,
                      start_timeout=server.start_timeout, list_timeout=server.list_timeout,
                      secrets=server.secrets, protocol=_protocol(server))
    if server.kind == "stdio" and server.cwd is not None and not server.cwd.is_dir():
        # named here: the process would fail to start with a bare "No such file or directory"
        # that reads as if the command were missing
        raise SourceError(f"server {server.name!r}: its working folder {server.cwd} does not "
                          "exist", location=f"{server.key or f'servers.{server.name}'}.cwd",
                          hint="create it, or correct `cwd` (relative to the configuration's "
                               "folder)")
    if server.kind == "object":
        key = server.key or f"servers.{server.name}"
        if not server.object:
            raise SourceError(f"server {server.name!r}: no object reference",
                              location=f"{key}.object")
        from parity.sources.agent import resolve_ref  # one importer for both sides

        spec.obj = resolve_ref(server.object, root, key=f"{key}.object")
    return spec


def _protocol(server: ServerConfig) -> str | None:
    """The server's ``protocol``, one the installed SDK speaks (``ConfigError`` else)."""
    if server.protocol is None:
        return None
    from parity.errors import ConfigError
    from parity.mcp.era import check_protocol

    try:
        return check_protocol(server.protocol)
    except ConfigError as exc:
        raise ConfigError(exc.message, location=f"{server.key or f'servers.{server.name}'}"
                          ".protocol", hint=exc.hint) from None
