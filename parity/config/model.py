"""The configuration as values: servers, pairs and their sources (``Config``).

``parity.config.settings`` reads and checks a file into these; docs/configuration.md documents
every key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parity.config.calls import CallSettings
from parity.core.redact import secret_values
from parity.errors import ConfigError

#: Where a server side's tools come from: exactly one of these keys.
SERVER_SOURCES = ("stdio", "url", "object", "tools_file", "models")
#: Where an agent side's tools come from: exactly one of these keys.
AGENT_SOURCES = ("source", "tools_file", "models")
SURFACE_POLICIES = ("refuse", "warn")
#: How an agent may say it calls a tool (``call_as``): plainly, or as a task.
CALL_AS = ("plain", "task")
#: The characters of an HTTP header name (a ``token``, RFC 9110).
_TOKEN = frozenset("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def refused_entry(table: str, name: str, value: str) -> str | None:
    """What the system refuses in the entry ``name = value`` of a server's ``env`` or
    ``headers`` table, in words (never the value: it is a secret), or None. Said when the
    configuration is read, not as an error once the server is started."""
    if table == "env":
        if not name or "=" in name or "\0" in name:
            return "expected an environment variable name: not empty, no '=' or NUL character"
        if "\0" in value:
            return "expected a value without a NUL character (the system refuses one)"
        return None
    if not name or not _TOKEN.issuperset(name):
        return "expected a header name: letters, digits and !#$%&'*+-.^_`|~ only"
    if not all(" " <= c <= "~" or c == "\t" for c in value):
        return "expected a value of printable ASCII characters (HTTP refuses others)"
    return None



@dataclass(frozen=True)
class ModelRef:
    """Pydantic models of one tool, as ``module:attribute`` references."""

    in_: str | None
    out: str | None


@dataclass(frozen=True)
class ServerConfig:
    """One server: how to reach it or where its definitions are, and how it names tools."""

    name: str
    kind: str  # one of SERVER_SOURCES
    stdio: tuple[str, ...] | None = None
    url: str | None = None
    object: str | None = None
    tools_file: Path | None = None
    models: Mapping[str, ModelRef] = field(default_factory=dict)
    env: Mapping[str, str] = field(default_factory=dict)
    headers: Mapping[str, str] = field(default_factory=dict)
    cwd: Path | None = None
    start_timeout: float = 20.0
    list_timeout: float = 20.0
    tool_id_form: str = "{tool}"
    #: what a change that only touches what the model reads does at verify: refuse or warn
    surface: str = "refuse"
    lock: Path | None = None
    #: a new ``serverInfo.name`` that ``parity verify`` accepts (a renamed server)
    accept_reported_name: str | None = None
    #: the MCP protocol revision parity's own session speaks to it (``parity.mcp.era``)
    protocol: str | None = None
    #: where this server is configured, as the file writes the key (for messages)
    key: str = ""
    #: field paths whose argument values must be tool ids of this server: the ``id_paths``
    #: of every pair it serves (``config.idpaths``), for the call-time guard
    id_paths: tuple[str, ...] = ()
    #: example arguments, read-only tools, completeness declarations (``config.calls``)
    calls: CallSettings = field(default_factory=CallSettings)

    @property
    def kind_words(self) -> str:
        """``"an object source"``, ``"a stdio source"``: the kind, for messages."""
        return f"{'an' if self.kind[:1] in tuple('aeiou') else 'a'} {self.kind} source"
    #: every value read from the environment through ``${VAR}`` in stdio, env or headers
    resolved: tuple[str, ...] = ()

    @property
    def secrets(self) -> tuple[str, ...]:
        """Values that must never appear in output (``parity.core.redact.secret_values``):
        env values named as or looking like credentials, every header value and long token
        inside one, every ``${VAR}`` value, the credentials in the URL and the credential
        arguments of the stdio command."""
        return secret_values(env=self.env, headers=self.headers, resolved=self.resolved,
                             url=self.url, stdio=self.stdio or ())


@dataclass(frozen=True)
class AgentConfig:
    """The agent side of a pair."""

    kind: str  # one of AGENT_SOURCES
    source: str | None = None
    tools_file: Path | None = None
    models: Mapping[str, ModelRef] = field(default_factory=dict)
    tool_id_form: str = "{tool}"
    #: tool -> example arguments: call the stub once and record what it returns as ``out``
    observe: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: tool -> how the agent calls it (``CALL_AS``): recorded as its definition's
    #: ``execution.taskSupport``, which stubs cannot state
    call_as: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PairConfig:
    name: str
    agent: AgentConfig
    server: ServerConfig
    agent_manifest: Path
    server_manifest: Path
    baseline: Path
    #: field paths whose values are tool ids of the server (``config.idpaths``), as printed
    id_paths: tuple[str, ...] = ()
    #: where this pair is configured, as the file writes the key (for messages)
    key: str = ""

    @property
    def files(self) -> tuple[tuple[str, Path], ...]:
        """What ``parity check`` reads of the pair (what each is, its path)."""
        return (("agent manifest", self.agent_manifest),
                ("server manifest", self.server_manifest), ("baseline", self.baseline))


@dataclass(frozen=True)
class Config:
    """A validated configuration. Paths are absolute, relative ones taken from ``root``."""

    file: Path | None
    root: Path
    manifests: Path
    baselines: Path
    servers: Mapping[str, ServerConfig]
    pairs: Mapping[str, PairConfig]
    max_depth: int = 64
    max_paths: int = 10_000
    max_alternatives: int = 256
    max_work: int = 200_000

    def limits(self) -> Any:
        from parity.fieldpaths.schema import Limits  # imported here: config loading stays light

        return Limits(self.max_depth, self.max_paths, self.max_alternatives, self.max_work)

    def select_pairs(self, names: Sequence[str]) -> list[PairConfig]:
        if not self.pairs:  # a check of nothing would pass every hook and CI job
            raise ConfigError("no pairs configured: there is nothing to check",
                              file=str(self.file) if self.file else None,
                              hint="add a pair: [tool.parity.pairs.NAME] in pyproject.toml, "
                                   "[pairs.NAME] in parity.toml (docs/configuration.md)")
        return _select(self.pairs, names, "pair", self.file)

    def select_servers(self, names: Sequence[str]) -> list[ServerConfig]:
        return _select(self.servers, names, "server", self.file)

    def lock_path(self, server: ServerConfig) -> Path:
        return server.lock or self.manifests / f"{server.name}.lock.json"


def _select(table: Mapping[str, Any], names: Sequence[str], what: str,
            file: Path | None) -> list[Any]:
    if not names:
        return [table[n] for n in sorted(table)]
    unknown = [n for n in names if n not in table]
    if unknown:
        known = ", ".join(sorted(table)) or "none configured"
        raise ConfigError(f"unknown {what} {', '.join(map(repr, unknown))}",
                          file=str(file) if file else None,
                          hint=f"configured {what}s: {known}")
    return [table[n] for n in names]
