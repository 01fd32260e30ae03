"""Which MCP protocol revision parity's own session speaks, and how it starts one.

Two eras. Up to 2025-11-25 a session starts with the ``initialize`` handshake. From
2026-07-28 there is no handshake: the client may ask ``server/discover`` what the server
supports, and every request carries the version, the client's name and its capabilities
in ``params._meta`` (and, over HTTP, in the ``MCP-Protocol-Version``, ``Mcp-Method`` and
``Mcp-Name`` headers). A server may list other tools in each era: a 2.x SDK server cannot
carry a tool whose ``outputSchema`` is not an object to a 2025 client, and its whole
``tools/list`` fails under the handshake. So the era a lock was listed in is part of what
it pins, as its client capabilities are.

``ServerSpec.protocol`` picks it: ``None`` (the default) is the handshake at the SDK's
latest handshake version, as before; a version names one (a 2026 one needs the 2.x SDK);
``"auto"`` does what the 2.x SDK's ``Client`` does by default: ``server/discover`` first,
the handshake when the server refuses it (a JSON-RPC error, or an HTTP 4xx: a 1.x server
wants a session first), unless it names only 2026 versions parity does not know.

The names of the ``_meta`` keys, the headers and the version lists are the SDK's own
(``mcp_types``, ``mcp.shared.inbound``); nothing here imports ``mcp`` at module level.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from parity.core.terminal import clipped, printable
from parity.errors import ConfigError
from parity.mcp.sdk import SDK_MAJOR, handshake_version
from parity.mcp.spec import CallFailure

#: ``ServerSpec.protocol``: discover when the server can, else the handshake
AUTO = "auto"
#: JSON-RPC error code of a protocol version the server does not support (2026-07-28)
UNSUPPORTED_VERSION = -32022

#: ``server/discover`` sent stamped at a version, within the seconds left
Request = Callable[[str, float], Awaitable[dict[str, Any]]]


def known_versions() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The installed SDK's protocol versions: (handshake era, 2026 era), oldest first."""
    if SDK_MAJOR >= 2:
        from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

        return tuple(HANDSHAKE_PROTOCOL_VERSIONS), tuple(MODERN_PROTOCOL_VERSIONS)
    from mcp.shared.version import (  # type: ignore[import-not-found,unused-ignore]
        SUPPORTED_PROTOCOL_VERSIONS,
    )

    return tuple(SUPPORTED_PROTOCOL_VERSIONS), ()


def check_protocol(text: str | None) -> str | None:
    """A ``--protocol`` value: ``None``, ``"auto"`` or a version the installed SDK knows;
    ``ConfigError`` for any other (a 2026 version under the 1.x SDK says which to install)."""
    if text is None:
        return None
    value = text.strip()
    if value == AUTO:
        return value
    handshake, modern = known_versions()
    if value in handshake or value in modern:
        return value
    if SDK_MAJOR < 2 and value[:4].isdigit() and value >= "2026":
        raise ConfigError(f"MCP protocol version {value!r} is not one the installed mcp 1.x "
                          f"SDK speaks (its newest: {handshake[-1]})",
                          hint="MCP 2026-07-28 needs mcp>=2; or list under the handshake (no "
                               "protocol)")
    raise ConfigError(f"unknown MCP protocol version {value!r}",
                      hint=f"choose {AUTO} or one of {', '.join(handshake + modern)}")


def is_modern(version: str | None) -> bool:
    """Whether ``version`` is a 2026-era revision (``server/discover``, per-request ``_meta``)."""
    return version is not None and version in known_versions()[1]


def discovers(protocol: str | None) -> bool:
    """Whether a session asked to speak ``protocol`` starts with ``server/discover``."""
    return (protocol == AUTO and SDK_MAJOR >= 2) or is_modern(protocol)


def meta(version: str, client_info: Mapping[str, Any],
         capabilities: Mapping[str, Any]) -> dict[str, Any]:
    """The ``_meta`` every 2026-era request carries."""
    import mcp_types

    return {mcp_types.PROTOCOL_VERSION_META_KEY: version,
            mcp_types.CLIENT_INFO_META_KEY: dict(client_info),
            mcp_types.CLIENT_CAPABILITIES_META_KEY: dict(capabilities)}


class Stamp:
    """What each request of a 2026-era session is stamped with (``Connection.stamp``): the
    ``_meta`` of ``meta`` in its params and, over HTTP, the headers it goes with (returned):
    the version, the method, for a call the tool's name and the ``Mcp-Param-*`` headers its
    ``inputSchema`` asks for (``x-mcp-header``), all as the SDK's own client writes them."""

    def __init__(self, version: str, client_info: Mapping[str, Any],
                 capabilities: Mapping[str, Any], *, over_http: bool) -> None:
        self.version = version
        self.meta = meta(version, client_info, capabilities)
        self.over_http = over_http
        #: the last listing's input schemas by tool name (``listed``), for ``Mcp-Param-*``
        self.input_schemas: dict[str, Any] = {}
        #: each called tool's ``x-mcp-header`` map, read once a listing
        self._header_maps: dict[str, Mapping[tuple[str, ...], str]] = {}

    def listed(self, tools: list[dict[str, Any]]) -> None:
        """Remember the listed tools' input schemas (a call's headers are read from them)."""
        if self.over_http:
            self.input_schemas = {t["name"]: t.get("inputSchema") for t in tools}
            self._header_maps = {}

    def __call__(self, message: dict[str, Any]) -> dict[str, str] | None:
        params = message.setdefault("params", {})
        params["_meta"] = {**params.get("_meta", {}), **self.meta}
        if not self.over_http:
            return None
        from mcp.shared.inbound import (
            MCP_METHOD_HEADER,
            MCP_NAME_HEADER,
            MCP_PROTOCOL_VERSION_HEADER,
            NAME_BEARING_METHODS,
            encode_header_value,
        )

        method = message["method"]
        headers = {MCP_PROTOCOL_VERSION_HEADER: self.version, MCP_METHOD_HEADER: method}
        key = NAME_BEARING_METHODS.get(method)
        if key is not None and isinstance(params.get(key), str):
            headers[MCP_NAME_HEADER] = encode_header_value(params[key])
        if method == "tools/call":
            headers.update(self._param_headers(params.get("name"), params.get("arguments")))
        return headers

    def _param_headers(self, name: Any, arguments: Any) -> dict[str, str]:
        from mcp.shared.inbound import (
            find_invalid_x_mcp_header,
            mcp_param_headers,
            x_mcp_header_map,
        )

        if not isinstance(name, str) or not isinstance(arguments, dict):
            return {}
        found = self._header_maps.get(name)
        if found is None:
            schema = self.input_schemas.get(name)
            # (an SDK client drops a tool whose annotations are invalid: it sends none)
            found = x_mcp_header_map(schema) if isinstance(schema, dict) and \
                find_invalid_x_mcp_header(schema) is None else {}
            self._header_maps[name] = found
        return mcp_param_headers(found, arguments) if found else {}


async def discover(request: Request, protocol: str, timeout: float,
                   ) -> tuple[str, dict[str, Any]] | None:
    """Start a 2026-era session: ``server/discover`` at ``protocol`` (``"auto"``: the
    newest the SDK knows), sent by ``request(version, remaining)`` stamped at that version;
    the version taken and the raw result. ``None`` when ``"auto"`` should fall back to the
    handshake; a ``CallFailure`` when the server does not speak the version asked for."""
    handshake, modern = known_versions()
    version = modern[-1] if protocol == AUTO else protocol
    for attempt in range(2):
        try:
            result = await request(version, timeout)
        except CallFailure as exc:
            if not _refused(exc):
                raise  # a transport failure says nothing of the era
            supported = _supported(exc.data) if exc.code == UNSUPPORTED_VERSION else None
            mutual = [v for v in modern if v in (supported or ())]
            if protocol == AUTO and mutual and attempt == 0:
                version = mutual[-1]
                continue
            if protocol == AUTO and (supported is None
                                     or any(v in handshake for v in supported)):
                return None  # not evidence of a 2026-only server: the handshake
            raise _not_spoken(version, exc.message, supported, exc.code) from None
        offered = result.get("supportedVersions")
        offered = offered if isinstance(offered, list) else []
        mutual = [v for v in modern if v in offered]
        if protocol == AUTO:
            return (mutual[-1], result) if mutual else None
        if version not in offered:
            raise _not_spoken(version, "server/discover answered", offered, None)
        return version, result
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises


def check_answered(answered: Any, offered: str) -> str:
    """The ``protocolVersion`` of an ``initialize`` answer, when the installed SDK speaks it
    by the handshake; else a ``CallFailure``. The spec: a client that does not support the
    version the server answers SHOULD disconnect; both SDKs' ``ClientSession.initialize``
    refuse a version outside their handshake versions, and so does parity (a lock pinning
    it could not be verified: a 2026 version is no handshake's)."""
    handshake, _ = known_versions()
    if answered.__class__ is str and answered in handshake:
        return str(answered)
    if answered.__class__ is str:
        shown = f"'{printable(clipped(answered, limit=80, keep=60))}'"  # escapes shown once
    else:
        shown = "none" if answered is None else f"a {type(answered).__name__}, not a string"
    raise CallFailure(
        "malformed", f"initialize answered protocol version {shown}; parity offered "
        f"{offered}, and the installed mcp SDK speaks {', '.join(handshake)} by the "
        "handshake: an MCP client disconnects (the SDK's ClientSession refuses it too)",
        sent=True, hint="the server must answer the version offered or another the client "
                        "speaks; fix the server's initialize (or update the mcp SDK, if the "
                        "version is a newer one)")


def _refused(exc: CallFailure) -> bool:
    """Whether the server refused the request (a JSON-RPC error, or an HTTP 4xx without
    one: a 1.x server over HTTP wants a session first), as opposed to not being reached."""
    return exc.kind == "jsonrpc_error" or (
        exc.kind == "http_status" and exc.status is not None and 400 <= exc.status < 500)


def _supported(data: Any) -> list[str] | None:
    found = data.get("supported") if isinstance(data, dict) else None
    return [v for v in found if isinstance(v, str)] if isinstance(found, list) else None


def _not_spoken(version: str, said: str, supported: list[Any] | None,
                code: int | None) -> CallFailure:
    versions = ", ".join(map(str, supported)) if supported else "it names none"
    return CallFailure("jsonrpc_error", f"the server does not speak MCP {version} "
                       f"(server/discover: {said}; its versions: {versions})", sent=True,
                       code=code)


def dropped_by_2026_clients(definitions: Iterable[Mapping[str, Any]],
                            ) -> list[tuple[str, str]]:
    """The tools every MCP 2026-07-28 client drops from a listing (the spec's MUST), so
    never shows its agent: those whose ``inputSchema`` has an invalid ``x-mcp-header``
    annotation; by name, with the SDK's reason. None under the 1.x SDK (it has no check)."""
    if SDK_MAJOR < 2:
        return []
    from mcp.shared.inbound import find_invalid_x_mcp_header

    dropped = []
    for definition in definitions:
        # the SDK's walk keeps its own stack: total on a schema of any depth
        reason = find_invalid_x_mcp_header(definition.get("inputSchema"))
        if reason is not None:
            dropped.append((str(definition.get("name")), reason))
    return dropped


def handshake(protocol: str | None) -> str:
    """The version ``initialize`` offers: the one asked for, else the SDK's latest."""
    return protocol if protocol is not None and protocol != AUTO else handshake_version()


__all__ = ["AUTO", "Stamp", "check_answered", "check_protocol", "discover", "discovers",
           "dropped_by_2026_clients", "handshake", "is_modern", "known_versions", "meta"]
