"""Lock and verify a server as a library: where its tools come from (``Target``), reading
them live, and the two operations ``lock_server`` and ``verify_server`` (``verify_servers``
for several), which return values and never prompt or print (``parity lock`` and
``parity verify`` are thin shells over them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parity.errors import ConfigError, ParityError, SourceError
from parity.pinning.pin import Relock, commit_lock, lock_result, plan_lock, verify_lock
from parity.sources.side_by_side import Fetch, in_turn

if TYPE_CHECKING:
    from parity.config.settings import Config, ServerConfig
    from parity.mcp import Listing, ServerSpec
    from parity.pinning.drift import Drift
    from parity.pinning.lock import Lock


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
    #: the MCP protocol revision to list under (``ServerSpec.protocol``; None: the spec's,
    #: by default the handshake)
    protocol: str | None = None
    #: the server's configuration table, as the file writes it (None: an ad-hoc server)
    key: str | None = None
    #: a new ``serverInfo.name`` that verify accepts (``accept_reported_name``)
    accept_name: str | None = None
    #: the configuration the target was read from (None: an ad-hoc server)
    config_file: Path | None = None

    @property
    def label(self) -> str:
        return repr(self.name) if self.name else str(self.tools_file or "the server")

    @property
    def inputs(self) -> list[tuple[str, Path | None]]:
        """The files reading the target takes (what each is, its path): no lock or
        snapshot of it may replace one (``parity.core.files.refuse_inputs``)."""
        adhoc = self.config_file is None
        return [("--tools-file" if adhoc else "tools file", self.tools_file),
                ("configuration", self.config_file)]


def configured_target(config: Config, server: ServerConfig, surface: str | None = None) \
        -> Target:
    """The ``Target`` of a configured server (``ConfigError`` for one that cannot be locked)."""
    lock_path = config.lock_path(server)
    policy = surface or server.surface
    if server.kind == "tools_file":
        return Target(name=server.name, lock_path=lock_path, tools_file=server.tools_file,
                      surface=policy, config_file=config.file)
    if server.kind not in ("stdio", "url", "object"):
        raise ConfigError(f"server {server.name!r} is {server.kind_words}: a lock pins "
                          "what a live server (or a saved tools/list) says",
                          file=str(config.file),
                          hint="give the server a stdio, url, object or tools_file key")
    from parity.sources.live import live_spec

    spec = live_spec(server, root=config.root)
    return Target(name=server.name, lock_path=lock_path, spec=spec, surface=policy,
                  key=server.key or None, secrets=server.secrets,
                  accept_name=server.accept_reported_name, config_file=config.file)


def read_live(target: Target, *, name: str | None = None,
              fetch: Callable[[ServerSpec], Listing] | None = None) -> Lock:
    """The target's tools as a ``Lock`` value (not written). ``name`` is the fallback name
    when the target has none (e.g. the existing lock's). ``fetch`` lists a live server
    (default: ``parity.mcp.fetch_tools``)."""
    from parity.pinning.lock import build, from_listing

    if target.tools_file is not None:
        from parity.fieldpaths.tooldefs import read_tool_file

        definitions = read_tool_file(target.tools_file)
        server = target.name or name or target.tools_file.stem
        # read by ``jsonio.loads``, which refuses what canonical JSON cannot carry
        return build(server, definitions, source=str(target.tools_file), plain_json=True)
    from parity.mcp import fetch_tools
    from parity.sources.server import explain_missing_module

    spec = listing_spec(target)
    try:
        listing = (fetch or fetch_tools)(spec)
    except SourceError as exc:
        raise explain_missing_module(exc, kind=spec.kind, cwd=spec.cwd,
                                     key=target.key) from None
    reported = listing.server_info.get("name")
    server = target.name or name or (reported if isinstance(reported, str) and reported
                                     else target.spec.name)
    return from_listing(server, listing)


def listing_spec(target: Target) -> ServerSpec:
    """How a live target is listed: its spec, with the client capabilities it declares and
    the protocol revision it speaks."""
    spec: ServerSpec = target.spec
    if target.capabilities is not None:
        spec = dataclasses.replace(spec, capabilities=target.capabilities)
    if target.protocol is not None:
        spec = dataclasses.replace(spec, protocol=target.protocol)
    return spec


def check_secrets(target: Target, text: str, *, action: str = "not written") -> None:
    """Refuse to write or print a secret a server echoed into its tool definitions."""
    from parity.core.redact import check_clean

    if target.tools_file is not None:
        said_by = str(target.tools_file)
    else:
        said_by = f"server {target.name!r}" if target.name else "the server"
    check_clean(str(target.lock_path), text, extra=target.secrets, action=action,
                said_by=said_by)


def read_for_lock(target: Target, *, lock_file: str | None = None,
                  fetch: Callable[[ServerSpec], Listing] | None = None) -> Relock:
    """Read the target's live tools (refusing echoed secrets) and plan the re-pin. ``fetch``
    lists a live server (default: ``parity.mcp.fetch_tools``)."""
    from parity.core.files import refuse_inputs
    from parity.pinning.lock import dumps

    refuse_inputs(target.lock_path, target.inputs, writing="lock")  # before any listing
    live = _linted(read_live(target, fetch=fetch))
    check_secrets(target, dumps(live))
    return plan_lock(live, target.lock_path, lock_file=lock_file)


def _linted(live: Lock) -> Lock:
    """``live`` with a warning for each tool MCP 2026-07-28 clients never show their agent
    (an invalid ``x-mcp-header``): pinned all the same, as the server lists it to parity,
    but the agent of a 2.x ``Client`` will not have it (checked when locking, not on the
    verify path)."""
    from parity.mcp.era import dropped_by_2026_clients

    dropped = dropped_by_2026_clients(tool.given for tool in live.tools.values())
    if not dropped:
        return live
    notes = tuple(f"server {live.server!r}: tool {name!r}: every MCP 2026-07-28 client drops "
                  f"it from the listing "
                  f"(invalid x-mcp-header: {why}), so an agent on one never sees it; fix "
                  "the server's inputSchema" for name, why in sorted(dropped))
    return dataclasses.replace(live, warnings=(*live.warnings, *notes))


def plans_for_lock(targets: Sequence[Target], *,
                   lock_file: Callable[[Target], str | None] = lambda target: None,
                   ) -> Generator[tuple[Target, Relock | ParityError], None, None]:
    """``read_for_lock`` of each target, in their order: its plan, or the ``ParityError`` it
    raised. Servers that run out of process are listed side by side
    (``parity.sources.side_by_side``): each boots while the caller handles the plans before
    it, questions to a person included. ``lock_file`` names a target's lock as messages
    show it."""
    relisted = [_relisted(target) for target in targets]
    return in_turn(relisted, lambda target: None if target.spec is None
                   else listing_spec(target),
                   lambda target, fetch: read_for_lock(target, lock_file=lock_file(target),
                                                       fetch=fetch))


def _relisted(target: Target) -> Target:
    """Re-pin in the protocol era the existing lock was listed in, unless told otherwise:
    listing a 2026-07-28 lock's server under the handshake would show other tools (or
    none)."""
    if target.spec is None or target.protocol is not None or target.spec.protocol is not None:
        return target
    from parity.pinning.lock import load

    try:
        lock = load(target.lock_path)
    except (OSError, ParityError):  # none yet, or one the plan will call unreadable
        return target
    return _listed_as_locked(target, lock, capabilities=False)


def lock_server(target: Target, *, consent: Callable[[Relock], bool] = lambda plan: False,
                lock_file: str | None = None) -> dict[str, Any]:
    """Pin the target's tools in its lock file; the ``parity.lock-result/1`` entry.

    ``consent`` decides a re-pin that replaces changed tools or an unreadable lock (default:
    never, so nothing pinned is replaced silently); its ``result`` is then ``declined``.
    The lock is re-read and replaced under the file's lock (``commit_lock``): one another
    writer changed meanwhile is planned again, and declined if that replaces changed tools."""
    plan = read_for_lock(target, lock_file=lock_file)
    if not plan.needs_writing:
        return lock_result(plan, written=False, reason="up to date")
    if plan.needs_consent and not consent(plan):
        return lock_result(plan, written=False, reason="declined")
    plan, reason = commit_lock(plan, may_replace=False, lock_file=lock_file)
    return lock_result(plan, written=reason == "written", reason=reason)


def verify_server(target: Target, *, lock_file: str | None = None,
                  fetch: Callable[[ServerSpec], Listing] | None = None,
                  lock: Lock | None = None) -> Drift:
    """Load the target's lock (failing closed), read its live tools (listed under the
    lock's client capabilities) and compare them; the ``Drift``. ``fetch`` lists a live
    server (default: ``parity.mcp.fetch_tools``); ``lock``: the target's lock, loaded
    already."""
    from parity.pinning.lock import load, server_text

    if lock is None:
        lock = load(target.lock_path)
    target = _listed_as_locked(target, lock)
    live = read_live(target, name=lock.server, fetch=fetch)
    # what the server said, not the rendered lock: rendering would hash every tool
    check_secrets(target, server_text(live), action="not compared")
    return verify_lock(lock, live, surface=target.surface,  # type: ignore[arg-type]
                       file=str(target.lock_path), lock_file=lock_file,
                       accept_name=target.accept_name)


def verify_servers(targets: Sequence[Target], *,
                   lock_file: Callable[[Target], str | None] = lambda target: None,
                   ) -> Generator[tuple[Target, Drift | ParityError], None, None]:
    """``verify_server`` of each target, in their order: its ``Drift``, or the
    ``ParityError`` it raised. Servers that run out of process are listed side by side
    (``parity.sources.side_by_side``): each boots while the others are verified.
    ``lock_file`` names a target's lock as messages show it."""
    # each lock read once: the listing is started under the lock it is then compared with
    loaded = [(target, _loaded_lock(target)) for target in targets]

    def verify(item: tuple[Target, Lock | ParityError], fetch: Fetch | None) -> Drift:
        target, lock = item
        if isinstance(lock, ParityError):
            raise lock
        return verify_server(target, lock_file=lock_file(target), fetch=fetch, lock=lock)

    for (target, _), result in in_turn(loaded, _verify_listing, verify):
        yield target, result


def _loaded_lock(target: Target) -> Lock | ParityError:
    from parity.pinning.lock import load

    try:
        return load(target.lock_path)
    except ParityError as exc:  # refused in the target's turn, in order with the others
        return exc


def _verify_listing(item: tuple[Target, Lock | ParityError]) -> ServerSpec | None:
    """How ``verify_server`` will list the target: under its lock's client capabilities
    (``None``: no live server, or a lock that ``verify_server`` will refuse in its turn)."""
    target, lock = item
    if target.spec is None or isinstance(lock, ParityError):
        return None
    return listing_spec(_listed_as_locked(target, lock))


def _listed_as_locked(target: Target, lock: Lock, *, capabilities: bool = True) -> Target:
    """List as the lock was listed: a server may show other tools to other capabilities,
    and in another protocol era (a lock listed under MCP 2026-07-28 is verified under it;
    one listed under the handshake, under the handshake, as before)."""
    if capabilities and target.capabilities is None and lock.client_capabilities is not None:
        target = dataclasses.replace(target, capabilities=lock.client_capabilities)
    if target.protocol is None and target.spec is not None and target.spec.protocol is None:
        from parity.mcp.era import is_modern

        if is_modern(lock.protocol_version):
            target = dataclasses.replace(target, protocol=lock.protocol_version)
    return target


__all__ = ["Target", "check_secrets", "configured_target", "lock_server", "plans_for_lock",
           "read_for_lock", "read_live", "verify_server", "verify_servers"]
