"""crewai: crewai-tools' ``MCPServerAdapter`` adapts one server's tools with mcpadapt. It
keeps its ``MCPAdapt`` in the private ``_adapter`` (started in its constructor, its session
on the adapt's own loop in a thread: verified there, as the ``mcpadapt`` kind does) and the
tools it listed then in the private ``_tools``, which its public ``tools`` reads. Both are
checked, refused with the supported versions when missing. It lists before ``protect`` can
run: once protected, each read of ``tools`` lists again through the interception (mcpadapt's
public ``tools()``), so a crew built after ``protect`` is given verified tools only. crewai
renames every tool (lowercase, ``a-z0-9_``): two verified tools it gives one name are
warned of (logger ``parity.integrations.kinds.crewai``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import MARK
from parity.integrations.kinds.mcpadapt import session_loop
from parity.integrations.kinds.mcpadapt import session_of as adapt_session

logger = logging.getLogger(__name__)

_ADAPTER = "crewai_tools.adapters.mcp_adapter.MCPServerAdapter"
_ADAPT = "mcpadapt.core.MCPAdapt"
#: the versions whose adapter keeps its MCPAdapt and its tools where this kind looks
SUPPORTED = "crewai-tools 1.x (1.15 tested), mcpadapt 0.1 (0.1.19 tested)"


def adapt_of(adapter: Any) -> Any:
    adapt = getattr(adapter, "_adapter", None)
    if _ADAPT not in mro_names(adapt) or not hasattr(adapter, "_tools"):
        raise UnsupportedTarget(f"crewai {type(adapter).__name__}: no MCPAdapt in _adapter "
                                f"and tools in _tools, where {SUPPORTED} keeps them",
                                hint="use a supported crewai-tools version")
    return adapt


class Listing:
    """What the adapter's ``tools`` reads once protected: a listing made again, through the
    interception, each time it is read (mcpadapt's ``tools()``: the adapter's own tools)."""

    def __init__(self, adapt: Any) -> None:
        self.adapt = adapt

    def __iter__(self) -> Iterator[Any]:
        return iter(self.adapt.tools())

    def __bool__(self) -> bool:  # (read as ``tools or []``: the listing is made on iterating)
        return True


def merged_names(names: Iterable[str], rename: Callable[[str], str]) -> dict[str, list[str]]:
    """The names ``rename`` gives more than one of ``names``, each with the names it merges."""
    by_name: dict[str, list[str]] = {}
    for name in sorted(names):
        by_name.setdefault(rename(name), []).append(name)
    return {given: merged for given, merged in sorted(by_name.items()) if len(merged) > 1}


def _warn_of_merged_names(protection: Any) -> None:
    # crewai renames every tool (its sanitize_tool_name, loaded with its adapter): two tools
    # given one name are two tools the model cannot tell apart, and crewai's lookup by name
    # answers one of them for both
    tools = getattr(protection, "tools", None)
    renaming = sys.modules.get("crewai.utilities.string_utils")
    rename = getattr(renaming, "sanitize_tool_name", None)
    if not tools or rename is None:
        return
    for given, merged in merged_names(tools, rename).items():
        listed = " and ".join(f"`{name}`" for name in merged)
        logger.warning("crewai gives the tools %s one name, `%s`: the model cannot tell them "
                       "apart, and a call by that name reaches one of them; rename one on the "
                       "server", listed, given)


def after_protect(adapter: Any, protection: Any) -> None:
    if getattr(adapter, MARK, None) is None:
        adapter._tools = Listing(adapt_of(adapter))
    setattr(adapter, MARK, protection)
    _warn_of_merged_names(protection)


ADAPTER = TargetKind(
    name="crewai-adapter",
    describes=f"a crewai-tools MCPServerAdapter of one server ({SUPPORTED})",
    detect=lambda target: _ADAPTER in mro_names(target),
    session_of=lambda adapter: adapt_session(adapt_of(adapter)),
    session_loop=lambda adapter: session_loop(adapt_of(adapter)), after_protect=after_protect)
