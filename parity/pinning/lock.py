"""Lock files: a server's tool definitions pinned by hash (format ``parity.lock/2``).

Each tool is pinned by two digests of its normalized definition (``parity.pinning.normalize``).
The lock keeps every tool's definition as the server listed it as well (and a non-normative
digest of it, which lets an unchanged tool skip normalization: ``parity.pinning.tool``), so
drift can be explained (``parity.pinning.drift``), not only detected. Files are deterministic
(one tool per line) and atomically written; on load they are validated against
``schemas/lock.v2.json`` (``lock.v1.json`` for ``parity.lock/1``, still read) and every digest
is recomputed, so a missing, corrupt, edited or wrong-version lock fails closed before it is
trusted. The format is documented in docs/lock.md.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from parity.core.canonical import digest
from parity.core.jsonio import VALUES_HINT, dump_lines, read_json, unrepresentable, write_atomic
from parity.core.reading import is_file
from parity.core.terminal import clipped
from parity.core.validate import check_format, validate_file
from parity.errors import FileFormatError, SourceError
from parity.pinning.normalize import (
    ANNOTATION_DEFAULTS,
    CATALOG_DOMAIN,
    CONTRACT_DOMAIN,
    META_NOISE,
    NORMALIZATION,
    SURFACE_DOMAIN,
    contract_hash,
    contract_of,
    forms,
    normalize,
    normalize_schema,
    surface_hash,
)
from parity.pinning.tool import LISTED_DOMAIN, LockedTool, listed_digest_of

FORMAT = "parity.lock/2"
#: Every format this parity reads -> its shipped schema. ``parity.lock/1`` has no listed
#: digests and records normalized definitions: its tools verify through normalization.
READS = {FORMAT: "lock.v2.json", "parity.lock/1": "lock.v1.json"}

#: What each digest covers, recorded in every lock and checked on load.
HASHED_FIELDS: dict[str, Any] = {
    "contract": ["name", "inputSchema", "outputSchema"],
    "contract_omits_schema_keywords": ["description", "title"],
    "surface": ["*"],
}
#: How the digests are computed, recorded in every lock and checked on load (``parity.lock/1``
#: records ``HASH_V1``).
HASH_V1: dict[str, str] = {
    "algorithm": "sha256",
    "canonicalization": "RFC 8785",
    "preimage": "domain NUL canonical-json",
    "contract": CONTRACT_DOMAIN,
    "surface": SURFACE_DOMAIN,
    "catalog": CATALOG_DOMAIN,
}
HASH: dict[str, str] = {**HASH_V1, "listed": LISTED_DOMAIN,
                        "listed_preimage": "domain NUL orjson key-sorted JSON (not normative)"}

#: The spec's form of a tool name; others only warn.
TOOL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,128}")

_FIX = "rewrite it with `parity lock` (after checking the server is the one you trust)"


def catalog_hash(tools: Mapping[str, LockedTool]) -> str:
    """One digest over every tool's two digests, in name order."""
    return digest(CATALOG_DOMAIN, [[n, tools[n].contract, tools[n].surface]
                                   for n in sorted(tools)])


# -- values --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lock:
    """A server's pinned tool catalog."""

    #: the configured name of the server
    server: str
    tools: Mapping[str, LockedTool]
    #: what the server reported about itself (``serverInfo``), if known
    server_info: Mapping[str, Any] | None = None
    protocol_version: str | None = None
    #: the client capabilities declared when the tools were listed (a server may list other
    #: tools to a client that declares others); None: not recorded (an older lock, a file)
    client_capabilities: tuple[str, ...] | None = None
    #: the names the server reported in earlier locks, oldest first (accepted renames)
    renamed_from: tuple[str, ...] = ()
    #: lint warnings met while building it (not written)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @cached_property
    def catalog(self) -> str:
        """``catalog_hash`` of the tools (computed once: a lock's tools never change)."""
        return catalog_hash(self.tools)

    @property
    def reported_name(self) -> str | None:
        name = (self.server_info or {}).get("name")
        return name if isinstance(name, str) else None

    def to_json(self) -> dict[str, Any]:
        server: dict[str, Any] = {"name": self.server, "reported": None
                                  if self.server_info is None else dict(self.server_info)}
        if self.protocol_version is not None:
            server["protocol_version"] = self.protocol_version
        if self.client_capabilities is not None:
            server["client_capabilities"] = sorted(self.client_capabilities)
        if self.renamed_from:
            server["renamed_from"] = list(self.renamed_from)
        return {
            "format": FORMAT,
            "server": server,
            "hash": HASH,
            "hashed_fields": HASHED_FIELDS,
            "catalog": self.catalog,
            "tools": {n: self.tools[n].to_json() for n in sorted(self.tools)},
        }


def build(server: str, definitions: Iterable[Mapping[str, Any]], *,
          server_info: Mapping[str, Any] | None = None, protocol_version: str | None = None,
          source: str | None = None,
          client_capabilities: Sequence[str] | None = None, plain_json: bool = False) -> Lock:
    """Lint, normalize and hash raw tool definitions into a ``Lock``.

    ``plain_json``: the definitions were decoded from JSON text and hold nothing canonical
    JSON cannot carry (``LockedTool.of``), as a ``parity.mcp`` listing's are: an unchanged
    tool is then proved equal to its pinned twin by its text alone.

    Raises ``SourceError`` for duplicate names, a definition that is not a tool, or a
    ``serverInfo`` (or protocol version) a lock cannot hold."""
    definitions = list(definitions)
    warnings = lint(definitions, source=source or f"server {server!r}")
    tools = {str(d["name"]): LockedTool.of(d, plain_json=plain_json) for d in definitions}
    _check_reported(server_info, protocol_version)
    return Lock(server=server, tools=tools, server_info=_info(server_info),
                protocol_version=protocol_version, warnings=tuple(warnings),
                client_capabilities=None if client_capabilities is None
                else tuple(sorted(client_capabilities)))


def from_listing(server: str, listing: Any, *, source: str | None = None) -> Lock:
    """``build`` over a ``parity.mcp.Listing`` (``tools``, ``server_info``,
    ``protocol_version``, ``rejected``). A definition the listing had to reject (listed twice,
    not an object, no name) refuses: a catalog with holes cannot be pinned."""
    where = source or f"server {server!r}"
    rejected = list(getattr(listing, "rejected", ()) or ())
    if rejected:
        lines = "; ".join(f"{tool}: {why}" for tool, why in rejected)
        raise SourceError(f"{where}: tools/list has definitions that cannot be pinned: {lines}",
                          hint="a server must list each tool once, as an object with a name; "
                               "fix the server")
    return build(server, listing.tools, server_info=getattr(listing, "server_info", None) or None,
                 protocol_version=getattr(listing, "protocol_version", None), source=where,
                 client_capabilities=getattr(listing, "client_capabilities", None),
                 plain_json=getattr(listing, "plain_json", False) is True)


def lint(definitions: Sequence[Mapping[str, Any]], *, source: str) -> list[str]:
    """Tool-definition lint: duplicate names refuse (``SourceError``); names outside the
    spec's form (1 to 128 of ``A-Za-z0-9_-.``) come back as warnings."""
    seen: set[str] = set()
    duplicates: list[str] = []
    off_spec: list[str] = []
    for i, d in enumerate(definitions):
        name = d.get("name") if type(d) is dict or isinstance(d, Mapping) else None
        if not isinstance(name, str) or not name:
            raise SourceError(f"{source}: tool #{i} has no string `name`",
                              hint="every tool definition needs a non-empty name")
        if name in seen and name not in duplicates:
            duplicates.append(name)
        seen.add(name)
        if not TOOL_NAME.fullmatch(name):
            off_spec.append(name)
    if duplicates:
        raise SourceError(f"{source}: duplicate tool name{'s' if len(duplicates) > 1 else ''} "
                          f"{_names_shown(duplicates)}",
                          hint="a server must list each tool once; fix the server")
    warnings = [f"{source}: tool name {_name_shown(name)} is outside the spec's form "
                "(1 to 128 of A-Za-z0-9_-.)" for name in off_spec[:NAMES_SHOWN]]
    if len(off_spec) > NAMES_SHOWN:  # one line for the rest: 100,000 names were 11.6 MB
        warnings.append(f"{source}: and {len(off_spec) - NAMES_SHOWN:,} more tool names "
                        "outside the spec's form")
    return warnings


#: the most names a lint message shows one by one, and the characters of each
NAMES_SHOWN = 5
_NAME_SHOWN = 130


def _name_shown(name: str) -> str:
    """A server's tool name for a message: cut past the spec's 128 characters, quoted."""
    return repr(clipped(name, limit=_NAME_SHOWN, keep=_NAME_SHOWN - 30))


def _names_shown(names: Sequence[str]) -> str:
    shown = ", ".join(map(_name_shown, names[:NAMES_SHOWN]))
    rest = len(names) - NAMES_SHOWN
    return f"{shown} and {rest:,} more" if rest > 0 else shown


def _check_reported(info: Mapping[str, Any] | None, protocol_version: str | None) -> None:
    """What the server reported about itself is written to the lock as it said it: a value
    there that JSON parity reads cannot hold (a lone surrogate, a huge integer) is refused
    here, not met as a crash on writing or a lock that cannot be read back."""
    found = unrepresentable({"serverInfo": dict(info or {}), "protocolVersion": protocol_version})
    if found is not None:
        pointer, what = found
        raise SourceError(f"what the server reports about itself cannot be written to a "
                          f"lock: {what} at {pointer} of its initialize result",
                          hint=f"{VALUES_HINT}; fix the server")


def _info(info: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if info is None:
        return None
    return {k: v for k, v in info.items() if v is not None}


# -- files ---------------------------------------------------------------------------------


def server_text(lock: Lock) -> str:
    """Everything in ``lock`` that the server said (its ``serverInfo`` and the definitions as
    given, before normalization drops anything), as JSON text: what a secret check reads,
    without normalizing or hashing anything."""
    import orjson

    # shaped as the lock file is, so a finding names the same place (tools/NAME/definition)
    said = {"server": {"reported": lock.server_info},
            "tools": {n: {"definition": t.given} for n, t in lock.tools.items()}}
    try:  # orjson escapes strings as json does (ensure_ascii=False), at a tenth of the cost
        return orjson.dumps(said, option=orjson.OPT_SORT_KEYS).decode("utf-8")
    except (TypeError, orjson.JSONEncodeError):  # a lone surrogate, a huge integer
        return json.dumps(said, sort_keys=True, ensure_ascii=False)


def dumps(lock: Lock) -> str:
    """The lock's file text: byte-identical for equal locks, one tool per line."""
    return dump_lines(lock.to_json(), line_depth=2)


def write(lock: Lock, path: str | os.PathLike[str]) -> None:
    write_atomic(path, dumps(lock))


def load(path: str | os.PathLike[str]) -> Lock:
    """Read a lock, validate it and recompute its digests: any doubt fails closed with a
    ``FileFormatError`` naming the file, the place and the fix. Like schema validation, the
    verdict on the digests is remembered by the file's text (``parity.core.validate``)."""
    file = os.fspath(path)
    found = is_file(file)  # an OSError (a name too long) is the path's: the CLI names it
    if found is None:  # a folder or a pipe: no lock, but not a missing one either
        raise FileFormatError("not a file: a lock is a JSON file", file=file,
                              hint="remove what is there, or give --lock the lock's path")
    if not found:
        raise FileFormatError("lock file not found: the server's tools cannot be verified",
                              file=file, hint="create it with `parity lock` (or give --lock)")
    data, content = read_json(file, what="lock")
    return from_json(data, file=file, text=content, plain_json=True)


def from_json(data: Any, *, file: str = "<lock>", text: str | bytes | None = None,
              plain_json: bool = False) -> Lock:
    """A ``Lock`` from a lock file's parsed JSON, validated and its digests checked (see
    ``load``); ``text``, the file's text or bytes, keys the remembered verdict.
    ``plain_json``: ``data`` was decoded from JSON text (``build``)."""
    found = data.get("format") if isinstance(data, dict) else None
    if found.__class__ is not str or found not in READS:  # a list or object is unhashable
        check_format(data, FORMAT, file=file, what="lock", fix=_FIX)  # raises its message
    validate_file(data, READS[data["format"]], file=file, what="lock", fix=_FIX,
                  also=lambda: _check_digests(data, file), text=text)
    tools = {name: LockedTool.recorded(name, raw["contract"], raw["surface"], raw["definition"],
                                       raw.get("listed"), plain_json=plain_json)
             for name, raw in data["tools"].items()}
    server = data["server"]
    capabilities = server.get("client_capabilities")
    lock = Lock(server=server["name"], tools=tools, server_info=server.get("reported"),
                protocol_version=server.get("protocol_version"),
                client_capabilities=None if capabilities is None else tuple(capabilities),
                renamed_from=tuple(server.get("renamed_from", ())))
    lock.__dict__["catalog"] = data["catalog"]  # checked against the tools' digests
    return lock


def _check_digests(data: Mapping[str, Any], file: str) -> None:
    """Every digest the lock records, recomputed from its definitions."""
    v1 = data["format"] != FORMAT
    for key, expected in (("hash", HASH_V1 if v1 else HASH), ("hashed_fields", HASHED_FIELDS)):
        if data[key] != expected:
            raise FileFormatError(f"lock was hashed differently ({key} differs from this "
                                  "parity's)", file=file, location=f"$.{key}", hint=_FIX)
    tools: dict[str, LockedTool] = {}
    for name, raw in data["tools"].items():
        definition = raw["definition"]
        where = f"$.tools[{_quote(name)}]"
        if definition.get("name") != name:
            raise FileFormatError(f"lock is corrupt: tool {name!r} holds the definition of "
                                  f"{definition.get('name')!r}", file=file, location=where,
                                  hint=_FIX)
        normal, contract = forms(definition)
        if digest(SURFACE_DOMAIN, normal) != raw["surface"]:
            raise FileFormatError(
                f"lock is corrupt: the surface hash of tool {name!r} does not match its "
                "recorded definition (edited by hand?)", file=file,
                location=f"{where}.surface", hint=_FIX)
        if digest(CONTRACT_DOMAIN, contract) != raw["contract"]:
            raise FileFormatError(
                f"lock is corrupt: the contract hash of tool {name!r} does not match its "
                "recorded definition (edited by hand?)", file=file,
                location=f"{where}.contract", hint=_FIX)
        if not v1 and listed_digest_of(normalize(definition, _schemas=False)) != raw["listed"]:
            raise FileFormatError(
                f"lock is corrupt: the listed digest of tool {name!r} does not match its "
                "recorded definition (edited by hand?)", file=file,
                location=f"{where}.listed", hint=_FIX)
        tools[name] = LockedTool(name, raw["contract"], raw["surface"], normal)
    if catalog_hash(tools) != data["catalog"]:
        raise FileFormatError("lock is corrupt: the catalog hash does not match its tools "
                              "(a tool added or removed by hand?)", file=file,
                              location="$.catalog", hint=_FIX)


def check_identity(lock: Lock, *, server: str | None, reported: str | None,
                   file: str) -> None:
    """Fail closed when ``lock`` pins another server than the one connected to."""
    if server is not None and lock.server != server:
        raise FileFormatError(f"lock is for server {lock.server!r}, not {server!r}", file=file,
                              location="$.server.name",
                              hint="give the lock of this server (--lock PATH), or lock it")
    if reported_rename(lock, reported) is not None:
        raise FileFormatError(f"lock is for a server that calls itself {lock.reported_name!r}"
                              f", but the one connected to calls itself {reported!r}",
                              file=file, location="$.server.reported.name",
                              hint="check the command or URL, or lock this server")


def reported_rename(lock: Lock, reported: str | None) -> tuple[str, str] | None:
    """(locked, live) ``serverInfo.name`` when both are known and differ, else None."""
    if reported is not None and lock.reported_name is not None and \
            lock.reported_name != reported:
        return (lock.reported_name, reported)
    return None


def _capability_names(names: Sequence[str] | None) -> str:
    if names is None:
        return "not recorded"
    return ", ".join(sorted(names)) or "none"


def capability_note(lock: Lock, declared: Sequence[str] | None) -> str | None:
    """Why a refusal may come from the client rather than the server: the lock was listed
    under other client capabilities than the connected client declares (or either is not
    known). None when both are known and equal."""
    if lock.client_capabilities is not None and declared is not None and \
            sorted(lock.client_capabilities) == sorted(declared):
        return None
    option = f" --capabilities {','.join(sorted(declared))}" if declared else ""
    return (f"note: the lock was listed with client capabilities: "
            f"{_capability_names(lock.client_capabilities)}; this client declares: "
            f"{_capability_names(declared)}. A server may list other tools to a client that "
            f"declares other capabilities: re-lock under this client's (`parity lock{option}`,"
            " or `parity.lock_tools(session, path)` from the agent's own session)")


def _quote(name: str) -> str:
    import json

    return json.dumps(name, ensure_ascii=False)


__all__ = ["ANNOTATION_DEFAULTS", "CATALOG_DOMAIN", "CONTRACT_DOMAIN", "FORMAT", "HASH",
           "HASHED_FIELDS", "HASH_V1", "LISTED_DOMAIN", "META_NOISE", "NORMALIZATION", "READS",
           "SURFACE_DOMAIN", "TOOL_NAME", "Lock", "LockedTool", "build", "capability_note",
           "catalog_hash", "check_identity", "contract_hash", "contract_of", "dumps",
           "from_json", "from_listing", "lint", "load", "normalize", "normalize_schema",
           "reported_rename", "server_text", "surface_hash", "write"]
