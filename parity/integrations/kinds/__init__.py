"""Target kinds: how ``protect`` finds the ``mcp`` ``ClientSession`` behind each framework's
object. Each kind is a named unit in its own module (``KINDS``, tried in order):

- ``llama-index-client`` (``llama_index``): ``BasicMCPClient``, which opens a session per
  listing and per call: ``protect`` opens one, and each later one is verified before use
  (tried first: it is a ``ClientSession`` subclass that never holds a session itself);
- ``mcp-session`` (``sdk``): an ``mcp`` ``ClientSession``, 1.x or 2.x (also what
  langchain-mcp-adapters' ``load_mcp_tools`` and ``MultiServerMCPClient.session`` use): itself;
- ``mcp-client`` (``sdk``): the 2.x ``mcp.client.Client``: ``client.session``;
- ``fastmcp-client`` (``fastmcp``): a fastmcp ``Client`` 3.x/4.x: ``client.session``;
- ``pydantic-ai-toolset`` (``pydantic_ai``): ``MCPToolset``: ``toolset.client.session``;
- ``pydantic-ai-server`` (``pydantic_ai``): the 1.x ``MCPServer*``: ``server._get_client()``
  (private: checked, refused with the supported versions when missing);
- ``openai-agents-server`` (``openai_agents``): ``agents.mcp.MCPServer*``: ``server.session``;
- ``google-adk-toolset`` (``google_adk``): ``McpToolset``, which opens its sessions itself:
  ``protect`` opens one, and every session it opens later is verified before ADK uses it;
- ``strands-client`` (``strands``): ``MCPClient``, whose session lives on its background
  thread's loop: verified there, and again after each ``start()``;
- ``mcpadapt`` and ``smolagents-client`` (``mcpadapt``): an ``MCPAdapt`` of one server
  (``adapt.sessions[0]``, on its thread's loop when used synchronously) and smolagents'
  ``MCPClient`` (its private ``_adapter``: checked);
- ``crewai-adapter`` (``crewai``): crewai-tools' ``MCPServerAdapter`` (its private
  ``_adapter``, an ``MCPAdapt``, and ``_tools``: checked), whose ``tools`` then lists again;
- ``crewai-agent`` (``crewai_agent``): one server of a crewai ``Agent``'s ``mcps``, whose
  tools open a session per call: ``protect`` opens one as crewai does, its
  ``get_mcp_tools`` holds to a listing verified at once, and every client its tools make
  verifies its session before the call (private names: checked);
- ``agent-framework-tool`` (``agent_framework``): Microsoft Agent Framework's ``MCPTool``
  (its private ``_connection``: checked), listed again once verified; the connections it
  opens later are verified before use (its private ``_require_connection``, wrapped);
- ``agno-tools`` (``agno``): ``MCPTools`` (its public ``session``, a fastmcp ``Client`` or an
  ``mcp`` ``ClientSession``), its functions registered again once verified; each session it
  opens later (a reconnect, one per run or per call) is verified before use;
- ``autogen-workbench`` (``autogen``): AutoGen's ``McpWorkbench``, whose session is a local
  of its actor's task (its private ``_actor``: checked), reached through the call the actor
  hands back for a listing; each new actor's session (``stop()``, ``start()``) is verified
  before use;
- ``semantic-kernel-plugin`` (``semantic_kernel``): Semantic Kernel's ``MCPStdioPlugin`` and
  its HTTP, SSE and websocket kin (its public ``session``), its tool functions registered
  again once verified (its private ``_mcp_registered_names``: checked); a reconnect's session
  is verified before it lists;
- ``langchain-client`` (``langchain``): one server of a ``MultiServerMCPClient``, whose
  ``get_tools()`` tools open a session per call: its ``session(name)`` verifies each, an
  interceptor makes the calls through one, and ``get_tools()`` holds to a verified listing.

Every kind intercepts the same way (``parity.mcp.intercept``: the session's ``send_request``),
so ``list_tools``/``call_tool`` of the framework, whichever it calls, are guarded. A kind's
``after_protect`` adds what its framework needs beyond that (a check that the framework did
not open another, unprotected session).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from typing import Any, TypeVar

from parity.integrations.groups import own_errors
from parity.integrations.kinds import (
    agent_framework,
    agno,
    autogen,
    crewai,
    crewai_agent,
    fastmcp,
    google_adk,
    langchain,
    llama_index,
    mcpadapt,
    openai_agents,
    pydantic_ai,
    sdk,
    semantic_kernel,
    strands,
)
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget

T = TypeVar("T")

#: the registry, in the order kinds are tried
KINDS: tuple[TargetKind, ...] = (llama_index.CLIENT, sdk.SESSION, sdk.CLIENT, fastmcp.CLIENT,
                                 pydantic_ai.TOOLSET, pydantic_ai.SERVER, openai_agents.SERVER,
                                 google_adk.TOOLSET, strands.CLIENT, mcpadapt.ADAPT,
                                 mcpadapt.SMOLAGENTS, crewai.ADAPTER, crewai_agent.AGENT,
                                 agent_framework.TOOL,
                                 agno.TOOLS, autogen.WORKBENCH, semantic_kernel.PLUGIN,
                                 langchain.CLIENT)


def kinds() -> tuple[TargetKind, ...]:
    """The registry, in the order kinds are tried."""
    return KINDS


def kind_of(target: Any) -> TargetKind:
    """The kind of ``target``; ``TypeError`` if no kind fits."""
    for kind in KINDS:
        if kind.detect(target):
            return kind
    names = ", ".join(k.describes for k in KINDS)
    raise TypeError(f"parity cannot protect a {type(target).__module__}."
                    f"{type(target).__qualname__}: give one of {names}")


@contextlib.asynccontextmanager
async def opened(target: Any, server: str | None = None,
                 ) -> AsyncIterator[tuple[TargetKind, Any, Any]]:
    """The kind of ``target``, the target itself (or, for a client of several servers, the
    one ``server`` names) and its ``ClientSession``, open for the scope (opened here, for a
    kind that opens its own); ``TypeError`` if no kind fits, ``ValueError`` for a ``server``
    given to a target of one."""
    kind, target = resolved(target, server)
    if kind.session_scope is None:
        yield kind, target, kind.session_of(target)
        return
    with own_errors():  # (raised in the scope's transport, it would come in a group)
        async with kind.session_scope(target) as session:
            yield kind, target, session


def resolved(target: Any, server: str | None = None) -> tuple[TargetKind, Any]:
    """The kind of ``target`` and the target itself (or, for a client of several servers,
    the one ``server`` names); ``TypeError`` if no kind fits, ``ValueError`` for a ``server``
    given to a target of one."""
    kind = kind_of(target)
    if kind.pick is not None:
        return kind, kind.pick(target, server)
    if server is not None:
        raise ValueError(f"server={server!r}: {kind.describes} holds one server")
    return kind, target


async def on_session_loop(kind: TargetKind, target: Any,
                          work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``work()`` run where ``target``'s session lives: here, or on the framework's own loop
    (``TargetKind.session_loop``), awaited from here."""
    loop = kind.session_loop(target) if kind.session_loop is not None else None
    if loop is None or loop is asyncio.get_running_loop():
        return await work()
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work(), loop))


def server_info_of(kind: TargetKind, target: Any, session: Any,
                   given: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The ``serverInfo`` to check a lock's identity with: what the caller gave, else what
    the framework keeps of the session's server."""
    if given is not None or kind.server_info is None:
        return given
    return kind.server_info(target, session)


__all__ = ["KINDS", "TargetKind", "UnsupportedTarget", "kind_of", "kinds", "on_session_loop",
           "opened", "resolved", "server_info_of"]
