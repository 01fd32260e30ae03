"""Server-side sources: the tool definitions a server actually offers, as raw wire JSON.

One entry point, ``server_definitions(server, root=...)``, covers every kind a
``[tool.parity.servers.<name>]`` table can name (``ServerConfig.kind``):

``stdio = "command args"`` / ``url = "http://127.0.0.1:8000/mcp"`` / ``object = "module:attr"``
    A live server, listed through ``parity.mcp.fetch_tools`` (all ``tools/list``
    pages, within ``start_timeout``/``list_timeout``). ``object`` names a FastMCP, MCPServer
    or low-level ``Server`` instance, imported with the config root on ``sys.path`` and run
    in-process over the SDK's memory streams.
``tools_file = "tools.json"``
    A saved ``tools/list`` result, one tool or a bare schema (``parity.fieldpaths.tooldefs``).
``models = {tool = {in = "module:Model", out = "module:Model"}}``
    pydantic models per tool, turned into ``inputSchema``/``outputSchema`` exactly as the
    agent side does it (``parity.sources.agent.definitions_from_models``), which is the way
    the MCP SDK servers do it: both sides of a pair must not differ by generator alone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from parity.errors import SourceError

if TYPE_CHECKING:
    from collections.abc import Callable

    from parity.config.settings import ServerConfig
    from parity.mcp import Listing, ServerSpec


#: what a Python server prints when it cannot import its own modules
_MISSING_MODULE = re.compile(r"ModuleNotFoundError|No module named")


def explain_missing_module(exc: SourceError, *, kind: str, cwd: Path | None,
                           key: str | None) -> SourceError:
    """A stdio server that died for want of a module was most often started in the wrong
    folder (``python -m pkg.server`` imports from its working directory): say so, and name
    the folder, instead of the generic advice about timeouts. ``key`` is the server's
    configuration table, ``None`` for an ad-hoc ``--stdio`` server."""
    if kind != "stdio" or not _MISSING_MODULE.search(exc.message):
        return exc
    advice = (f"set `cwd` in [{key}] to the folder its modules import from (relative to the "
              "configuration file's folder, which is the default)") if key else \
        "run parity from the folder the server's modules import from"
    return SourceError(
        f"{exc.message}\n  the server could not import a module (ModuleNotFoundError); "
        f"it ran in {cwd or Path.cwd()}",
        file=exc.file, location=exc.location, hint=advice)


def server_definitions(server: ServerConfig, *, root: Path,
                       fetch: Callable[[ServerSpec], Listing] | None = None) -> Listing:
    """Every tool definition of ``server`` as a ``parity.mcp.Listing``.

    ``root`` is the configuration's folder (``Config.root``): module references are imported
    with it on ``sys.path``. ``Listing.tools`` holds raw wire JSON dicts (camelCase, every
    field kept); ``Listing.rejected`` names definitions a live server listed that are not
    tool objects. File and model sources have no ``server_info``. Raises ``SourceError``
    (server unreachable, hung, crashed; bad reference) or ``FileFormatError`` (bad file).
    ``fetch`` lists a live server (default: ``parity.mcp.fetch_tools``; ``parity extract``
    passes listings it started side by side).
    """
    from parity.mcp import Listing

    key = server.key or f"servers.{server.name}"
    if server.kind in ("stdio", "url", "object"):
        from parity.mcp import fetch_tools
        from parity.sources.live import live_spec

        spec = live_spec(server, root=root)
        try:
            return (fetch or fetch_tools)(spec)
        except SourceError as exc:
            raise explain_missing_module(exc, kind=server.kind, cwd=server.cwd,
                                         key=key) from None
    if server.kind == "tools_file":
        from parity.fieldpaths.tooldefs import read_tool_file

        if server.tools_file is None:  # ServerConfig.kind says it is set
            raise SourceError(f"server {server.name!r}: no tools_file", location=key)
        # read by ``jsonio.loads``, which refuses what canonical JSON cannot carry
        return Listing(tools=read_tool_file(server.tools_file), plain_json=True)
    if server.kind == "models":
        from parity.sources.agent import definitions_from_models

        return Listing(tools=definitions_from_models(server.models, root,
                                                     key=f"{key}.models"))
    raise SourceError(f"server {server.name!r}: unknown source kind {server.kind!r}",
                      location=key, hint="use one of stdio, url, object, tools_file, models")
