"""crewai: an ``Agent`` given its servers as ``mcps=[MCPServerStdio(...)]`` (or
``MCPServerHTTP``, ``MCPServerSSE``) turns them into tools each time it runs (its
``get_mcp_tools``, from a kickoff or a crew's task) with crewai's own ``MCPClient``: one
client lists, and each tool opens a new client, a new session (over stdio a new server
process), for every call (its private ``_client_factory``). One server of the agent is
protected at a time: ``protect(agent, LOCK, server=NAME)``, NAME as crewai names it (the
prefix it gives the server's tools; left out for an agent of one such server).

- ``protect`` opens one session as crewai opens its own (its ``MCPClient`` on the transport
  its ``MCPToolResolver._create_transport`` makes of the server's entry) and verifies it;
- ``get_mcp_tools`` is wrapped on the agent: the server's tools are held to a listing
  verified at once (one session more), and a tool the lock withholds, or whose description
  or arguments model is not the verified one's, is left out;
- each of the server's tools it gives, and each the agent holds already (``tools``, where a
  kickoff keeps them), has its client factory wrapped: every client it makes verifies its
  session against the lock, with ``protect``'s options, before the call is sent.

The private names used (``_create_transport``, ``_json_schema_to_pydantic``,
``_client_factory``) are checked, refused with the supported versions when missing.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from parity.core.running import to_end
from parity.integrations.groups import own_errors
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import verify_later

_AGENT = "crewai.agent.core.Agent"
_TOOL = "crewai.tools.mcp_native_tool.MCPNativeTool"
#: the versions whose agents resolve their ``mcps`` where this kind looks
SUPPORTED = "crewai 1.x (1.15 tested)"
#: on the agent: server name -> the protection (or the closed hooks) of its sessions
MARK = "__parity_protections__"
#: on the agent: its own ``get_mcp_tools``
ORIGINAL = "__parity_get_mcp_tools__"
#: on a client factory parity made: the server it verifies the sessions of
FACTORY = "__parity_server__"


@dataclass(frozen=True)
class ServerOf:
    """One server in a crewai ``Agent``'s ``mcps``: what ``protect`` protects."""

    agent: Any
    name: str
    config: Any


def _resolver() -> Any:
    module = importlib.import_module("crewai.mcp.tool_resolver")
    resolver = getattr(module, "MCPToolResolver", None)
    if not all(callable(getattr(resolver, name, None))
               for name in ("_create_transport", "_json_schema_to_pydantic")):
        raise UnsupportedTarget("crewai: no MCPToolResolver._create_transport and "
                                f"_json_schema_to_pydantic, where {SUPPORTED} has them",
                                hint="use a supported crewai version")
    return resolver


def servers(agent: Any) -> dict[str, Any]:
    """The servers of the agent's ``mcps`` parity can protect, by crewai's name for each."""
    resolver = _resolver()
    named: dict[str, Any] = {}
    for entry in getattr(agent, "mcps", None) or []:
        if not isinstance(entry, str):  # (a URL or a CrewAI AMP name: not a server entry)
            named.setdefault(resolver._create_transport(entry)[1], entry)
    return named


def pick(agent: Any, server: str | None) -> ServerOf:
    """The server of ``agent`` to protect: ``server``, or the agent's only one."""
    if isinstance(agent, ServerOf) and server in (None, agent.name):
        return agent  # (a protection's own target)
    named = servers(agent)
    if server is None and len(named) == 1:
        server = next(iter(named))
    if server is None or server not in named:
        said = f"no server {server!r}" if server is not None else f"{len(named)} servers"
        raise UnsupportedTarget(
            f"crewai Agent: {said} in mcps given as MCPServerStdio, MCPServerHTTP or "
            f"MCPServerSSE (it has: {', '.join(sorted(named)) or 'none'})",
            hint="name the one the lock pins: parity.protect(agent, LOCK, server=NAME); "
                 "give a server by URL as MCPServerHTTP(url=...)")
    return ServerOf(agent, server, named[server])


def _client(target: ServerOf) -> Any:
    """A client of the server's, made as crewai makes its own."""
    transport = _resolver()._create_transport(target.config)[0]
    client_class = importlib.import_module("crewai.mcp.client").MCPClient
    return client_class(transport=transport,
                        cache_tools_list=getattr(target.config, "cache_tools_list", False))


def session_of(target: ServerOf) -> Any:
    raise UnsupportedTarget("a crewai Agent opens a session per listing and per call",
                            hint="use `await parity.protect(agent, LOCK)`, which opens one")


@contextlib.asynccontextmanager
async def session_scope(target: ServerOf) -> AsyncIterator[Any]:
    """One session of the server's, opened as the agent opens its own (closed after)."""
    client = _client(target)
    await client.connect()
    try:
        yield client.session
    finally:
        await client.disconnect()


def after_protect(target: ServerOf, protection: Any) -> None:
    agent = target.agent
    vars(agent).setdefault(MARK, {})[target.name] = protection
    if ORIGINAL not in vars(agent):  # (a pydantic model: set on the instance past its fields)
        original = agent.get_mcp_tools
        object.__setattr__(agent, ORIGINAL, original)
        object.__setattr__(agent, "get_mcp_tools", _held_tools(agent, original))
    _verify_calls(agent, getattr(agent, "tools", None) or [])


def _held_tools(agent: Any, get_mcp_tools: Callable[..., list[Any]]
                ) -> Callable[..., list[Any]]:
    @functools.wraps(get_mcp_tools)
    def held(mcps: list[Any]) -> list[Any]:
        tools = get_mcp_tools(mcps)
        for name, protection in sorted(vars(agent)[MARK].items()):
            its = [t for t in tools if _server_of(t) == name]
            if its:
                target = ServerOf(agent, name, _config(agent, name))
                kept = to_end(functools.partial(_verified, target, protection, its))
                tools = [t for t in tools if _server_of(t) != name or t in kept]
        _verify_calls(agent, tools)
        return tools

    return held


def _server_of(tool: Any) -> str | None:
    return getattr(tool, "server_name", None) if _TOOL in mro_names(tool) else None


def _config(agent: Any, name: str) -> Any:
    config = servers(agent).get(name)
    if config is None:  # (its entry left mcps after a resolution that gave its tools)
        raise UnsupportedTarget(f"crewai Agent: no server {name!r} in mcps any more",
                                hint="call parity.protect again with the agent's servers")
    return config


async def _verified(target: ServerOf, protection: Any, tools: list[Any]) -> list[Any]:
    """The server's ``tools`` that a listing verified at once shows as they are listed."""
    if getattr(protection, "also", None) is None:  # a protect that raised: they stay closed
        return []
    with own_errors():  # a refusal reaches the caller as itself, not in the transport's group
        async with session_scope(target) as session:
            verified = (await protection.also(session)).tools
    resolver = _resolver()
    sanitize = importlib.import_module("crewai.utilities.string_utils").sanitize_tool_name
    kept = []
    for tool in tools:
        listed = verified.get(tool.original_tool_name)
        if listed is None or str(listed.get("description") or "") != (tool.description or ""):
            continue
        try:  # crewai's model of the verified schema, as it made the tool's
            model = resolver._json_schema_to_pydantic(sanitize(tool.original_tool_name),
                                                      listed.get("inputSchema") or {})
        except Exception:  # (crewai then registers the tool untyped: its name and
            # description are what the model is offered)
            kept.append(tool)
            continue
        if _model_schema(model) == _model_schema(getattr(tool, "args_schema", None)):
            kept.append(tool)
    return kept


def _model_schema(model: Any) -> Any:
    try:
        return model.model_json_schema()
    except Exception:  # (no model, or none pydantic can describe: unlike any)
        return None


def _verify_calls(agent: Any, tools: Iterable[Any]) -> None:
    """Have every client the protected servers' ``tools`` make verify its session first."""
    for tool in tools:
        name = _server_of(tool)
        if name is None or name not in vars(agent)[MARK]:
            continue
        factory = getattr(tool, "_client_factory", None)
        if not callable(factory):
            raise UnsupportedTarget(f"crewai {type(tool).__name__}: no _client_factory, "
                                    f"where {SUPPORTED} keeps it",
                                    hint="use a supported crewai version")
        if getattr(factory, FACTORY, None) is None:
            tool._client_factory = _verifying_factory(agent, name, factory)


def _verifying_factory(agent: Any, name: str, factory: Callable[[], Any]) -> Callable[[], Any]:
    def make() -> Any:
        client = factory()
        connect = client.connect

        async def connect_verified() -> Any:
            connected = await connect()
            try:
                with own_errors():
                    await verify_later(vars(agent)[MARK][name], client.session)
            except BaseException:
                # (the tool disconnects only after a call; the refusal is what its caller
                # must see, whatever the disconnect raises)
                with contextlib.suppress(Exception):
                    await client.disconnect()
                raise
            return connected

        client.connect = connect_verified
        return client

    setattr(make, FACTORY, name)
    return make


AGENT = TargetKind(
    name="crewai-agent", describes=f"one server of a crewai Agent's mcps ({SUPPORTED})",
    detect=lambda target: _AGENT in mro_names(target) or isinstance(target, ServerOf),
    session_of=session_of, session_scope=session_scope, after_protect=after_protect,
    pick=pick)
