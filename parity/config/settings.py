"""Configuration: ``[tool.parity]`` in ``pyproject.toml`` or a ``parity.toml`` (same keys).

Found by walking up from the working directory; ``--config PATH`` overrides. Every mistake
is collected and reported in one ``ConfigError`` (key, value, what was expected). Every key
is documented in docs/configuration.md.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from parity.config.calls import CALL_KEYS, parse_calls
from parity.config.discovery import PYPROJECT_PREFIX, find_config, read_table
from parity.config.idpaths import parse_id_paths, serving
from parity.config.model import (
    AGENT_SOURCES,
    CALL_AS,
    SERVER_SOURCES,
    SURFACE_POLICIES,
    AgentConfig,
    Config,
    ModelRef,
    PairConfig,
    ServerConfig,
    refused_entry,
)
from parity.config.places import checked_path, derived_files, inside, linked_files, shared_files
from parity.config.urls import url_mistake
from parity.core.redact import register, secret_values
from parity.core.terminal import clipped
from parity.errors import ConfigError
from parity.fieldpaths.toolid import parse_form

_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_ENV_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
#: a server's ``protocol``: checked against the SDK's versions when it is reached
_PROTOCOL = re.compile(r"auto|\d{4}-\d{2}-\d{2}")


def load_config(path: str | os.PathLike[str] | None = None, *, cwd: Path | None = None,
                environ: Mapping[str, str] | None = None) -> Config:
    """Find, read and validate the configuration; one ``ConfigError`` lists every mistake."""
    file = Path(path) if path is not None else find_config(cwd, named=True)
    if file is None:
        raise ConfigError("no parity configuration found (looked for parity.toml, or "
                          "pyproject.toml with [tool.parity], from here up to /)",
                          hint="add a [tool.parity] table (see docs/configuration.md), or "
                               "pass --config PATH")
    table, prefix = read_table(file)
    config = parse_config(table, file=file, root=file.resolve().parent,
                          environ=os.environ if environ is None else environ, prefix=prefix)
    for server in _all_servers(config):
        register(server.secrets)  # the running command redacts them from all it prints
    return config


def _all_servers(config: Config) -> list[ServerConfig]:
    return [*config.servers.values(), *(pair.server for pair in config.pairs.values())]


def parse_config(table: Mapping[str, Any], *, file: Path | None, root: Path,
                 environ: Mapping[str, str], prefix: str = PYPROJECT_PREFIX) -> Config:
    """Validate ``table`` (the parity keys). ``prefix`` is where those keys sit in the file
    (``"tool.parity"`` in a pyproject.toml, ``""`` in a parity.toml), so that every
    mistake names a key the way the file writes it."""
    v = _Validator(file, environ, prefix)
    top = prefix
    v.known(table, top, {"manifests", "baselines", "limits", "servers", "pairs"})
    manifests = inside(v, root, v.string(table, top, "manifests", "manifests"),
                         _join(top, "manifests"))
    baselines = inside(v, root, v.string(table, top, "baselines", "baselines"),
                         _join(top, "baselines"))
    limits = v.table(table, top, "limits")
    v.known(limits, _join(top, "limits"), {"max_depth", "max_paths", "max_alternatives",
                                                  "max_work"})
    max_depth = v.positive(limits, _join(top, "limits"), "max_depth", 64)
    max_paths = v.positive(limits, _join(top, "limits"), "max_paths", 10_000)
    max_alternatives = v.positive(limits, _join(top, "limits"), "max_alternatives", 256)
    max_work = v.positive(limits, _join(top, "limits"), "max_work", 200_000)

    servers: dict[str, ServerConfig] = {}
    for name, raw in v.table(table, top, "servers").items():
        named = v.server(name, raw, _join(top, f"servers.{name}"), root)
        if named is not None:
            servers[name] = named

    declared = set(v.table(table, top, "servers"))
    pairs: dict[str, PairConfig] = {}
    for name, raw in v.table(table, top, "pairs").items():
        key = _join(top, f"pairs.{name}")
        if not v.check_name(name, key) or not v.is_table(raw, key):
            continue
        v.known(raw, key, {"agent", "server", "id_paths"})
        id_paths = parse_id_paths(v, raw, key)
        agent = v.agent(v.table(raw, key, "agent"), f"{key}.agent", root)
        server_ref = raw.get("server")
        server: ServerConfig | None = None
        if isinstance(server_ref, str):
            server = servers.get(server_ref)
            if server is None and server_ref not in v.bad_servers:
                v.error(f"{key}.server", server_ref,
                        f"the name of a [{_join(top, 'servers')}] entry "
                        f"({', '.join(sorted(declared)) or 'none defined'})")
        elif isinstance(server_ref, dict):
            server = v.server(name, server_ref, f"{key}.server", root)
        else:
            v.error(f"{key}.server", server_ref,
                    "a server name (string) or an inline server table")
        if agent is not None and server is not None:
            pairs[name] = PairConfig(
                name=name, agent=agent, server=server,
                agent_manifest=manifests / f"{name}.agent.json",
                server_manifest=manifests / f"{name}.server.json",
                baseline=baselines / f"{name}.json", id_paths=id_paths, key=key)
    linked_files(v, root, derived_files(manifests, servers, pairs))
    shared_files(v, root, manifests, servers, pairs)
    v.raise_if_any()
    servers, pairs = serving(servers, pairs)
    return Config(file=file, root=root, manifests=manifests, baselines=baselines,
                  servers=servers, pairs=pairs, max_depth=max_depth, max_paths=max_paths,
                  max_alternatives=max_alternatives, max_work=max_work)


# -- reading -------------------------------------------------------------------------------


def _kind(value: Any) -> str:
    """What a TOML value is, in words (for a mistake whose value must not be shown)."""
    kinds = ((bool, "a boolean"), (int, "an integer"), (float, "a number"), (str, "a string"),
             (dict, "a table"), (list, "a list"))
    return next((word for kind, word in kinds if isinstance(value, kind)), "a date or time")


def _key_part(name: str) -> str:
    """``name`` as a TOML key part: bare when it can be, else quoted (``"A=B"``)."""
    bare = bool(name) and all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
    return name if bare else json.dumps(name, ensure_ascii=False)


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


class _Validator:
    """Collects every mistake, then raises them together."""

    def __init__(self, file: Path | None, environ: Mapping[str, str], prefix: str) -> None:
        self.file = file
        self.environ = environ
        self.prefix = prefix
        self.errors: list[str] = []
        self.bad_servers: set[str] = set()
        #: values read through ${VAR} (secrets: see ServerConfig.resolved)
        self.resolved: list[str] = []

    def error(self, key: str, value: Any, expected: str) -> None:
        shown = "(missing)" if value is None else clipped(repr(value), limit=120, keep=100)
        self.errors.append(f"{key} = {shown}: expected {expected}")

    def raise_if_any(self) -> None:
        if self.errors:
            lines = "\n".join(f"  - {e}" for e in self.errors)
            count = len(self.errors)
            raise ConfigError(
                f"{count} configuration mistake{'s' if count > 1 else ''}"
                f"{self._form()}:\n{lines}",
                file=str(self.file) if self.file else None,
                hint="see docs/configuration.md for every key")

    def _form(self) -> str:
        """Which form the file was read in, when its name does not say it."""
        if self.file is None or self.file.name in ("pyproject.toml", "parity.toml"):
            return ""
        if self.prefix:
            return " (read as a pyproject.toml: it has a [tool.parity] table)"
        return " (read as a parity.toml: keys at the top level)"

    def is_table(self, value: Any, key: str) -> bool:
        if isinstance(value, dict):
            return True
        self.error(key, value, "a table")
        return False

    def table(self, parent: Mapping[str, Any], key: str, name: str) -> dict[str, Any]:
        value = parent.get(name, {})
        return value if self.is_table(value, _join(key, name)) else {}

    def known(self, table: Mapping[str, Any], key: str, allowed: set[str]) -> None:
        for name in sorted(set(table) - allowed):
            self.error(_join(key, name), table[name],
                       f"no such key (known: {', '.join(sorted(allowed))})")

    def check_name(self, name: str, key: str) -> bool:
        if _NAME.fullmatch(name):
            return True
        self.error(key, name, "a name of letters, digits, '_', '.' or '-'")
        return False

    def string(self, table: Mapping[str, Any], key: str, name: str, default: str) -> str:
        value = table.get(name, default)
        if isinstance(value, str) and value:
            return value
        self.error(_join(key, name), value, "a non-empty string")
        return default

    def optional_string(self, table: Mapping[str, Any], key: str, name: str) -> str | None:
        value = table.get(name)
        if value is None or (isinstance(value, str) and value):
            return value
        self.error(_join(key, name), value, "a non-empty string")
        return None

    def positive(self, table: Mapping[str, Any], key: str, name: str, default: Any) -> Any:
        value = table.get(name, default)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return value
        self.error(_join(key, name), value, "a positive number")
        return default

    def form(self, table: Mapping[str, Any], key: str) -> str:
        value = self.string(table, key, "tool_id_form", "{tool}")
        try:
            parse_form(value)
        except ConfigError:
            self.error(f"{key}.tool_id_form", value,
                       "a form with exactly one {tool} and at most one {server}")
        return value

    def strings(self, table: Mapping[str, Any], key: str, name: str) -> dict[str, str]:
        """A table of strings (``env``, ``headers``): their values are secrets, so a mistake
        names the entry and what it holds, never a value (the string ones are kept, so they
        are redacted from the mistake's message too)."""
        value = table.get(name, {})
        table_key = _join(key, name)
        if not isinstance(value, dict):
            self.errors.append(f"{table_key} = ({_kind(value)}): expected a table of strings")
            return {}
        out = {}
        for k, x in value.items():
            entry = f"{table_key}.{_key_part(k)}"
            if isinstance(x, str):
                out[k] = self.interpolate(x, entry)
                refused = refused_entry(name, k, out[k])
                if refused:
                    self.errors.append(f"{entry}: {refused}")
            else:
                self.errors.append(f"{entry} = ({_kind(x)}): expected a string")
        return out

    def interpolate(self, text: str, key: str) -> str:
        """``${VAR}`` reads the environment, so secrets need not be written in the file."""
        def sub(m: re.Match[str]) -> str:
            if m.group(1) not in self.environ:
                # the value itself is never echoed: it may be a secret's template
                self.errors.append(f"{key}: environment variable {m.group(1)} is not set")
                return ""
            self.resolved.append(self.environ[m.group(1)])
            return self.environ[m.group(1)]
        return _ENV_REF.sub(sub, text)

    def module_ref(self, value: Any, key: str) -> str | None:
        # dotted names on both sides: a relative module (`..agent`) cannot be imported by name
        if isinstance(value, str) and re.fullmatch(r"\w+(?:\.\w+)*:\w+(?:\.\w+)*", value):
            return value
        self.error(key, value, "a 'module:attribute' reference")
        return None

    def models(self, table: Mapping[str, Any], key: str) -> dict[str, ModelRef]:
        out: dict[str, ModelRef] = {}
        for tool, raw in table.items():
            k = f"{key}.{tool}"
            if not self.is_table(raw, k):
                continue
            self.known(raw, k, {"in", "out"})
            in_ = self.module_ref(raw["in"], f"{k}.in") if "in" in raw else None
            out_ = self.module_ref(raw["out"], f"{k}.out") if "out" in raw else None
            if "in" not in raw and "out" not in raw:
                self.error(k, raw, "a table with `in` and/or `out` model references")
            out[tool] = ModelRef(in_, out_)
        return out

    def one_source(self, table: Mapping[str, Any], key: str, kinds: Sequence[str]) -> str | None:
        present = [k for k in kinds if k in table]
        if len(present) == 1:
            return present[0]
        self.error(key, None if not present else "both " + " and ".join(present),
                   f"exactly one of {', '.join(kinds)}")
        return None

    def server(self, name: str, raw: Any, key: str, root: Path) -> ServerConfig | None:
        if not self.check_name(name, key) or not self.is_table(raw, key):
            self.bad_servers.add(name)
            return None
        before = len(self.errors)
        self.known(raw, key, {*SERVER_SOURCES, "env", "headers", "cwd", "start_timeout",
                              "list_timeout", "tool_id_form", "surface", "lock",
                              "accept_reported_name", "protocol", *CALL_KEYS})
        kind = self.one_source(raw, key, SERVER_SOURCES)
        stdio: tuple[str, ...] | None = None
        resolved_before = len(self.resolved)
        if kind == "stdio":
            value = raw["stdio"]
            if isinstance(value, str) and value.strip():
                try:
                    stdio = tuple(shlex.split(value))
                except ValueError as exc:  # an unterminated quote, a trailing backslash
                    self.error(f"{key}.stdio", value,
                               f"a command line ({exc}); or write it as a list of strings")
            elif isinstance(value, list) and value and all(isinstance(x, str) for x in value):
                stdio = tuple(value)
            else:
                self.error(f"{key}.stdio", value, "a command: a string or a list of strings")
            if stdio and any("\0" in word for word in stdio):
                self.error(f"{key}.stdio", value, "a command without a NUL character "
                                                  "(the system refuses one)")
            if stdio:  # each word may read the environment, as env and headers do
                stdio = tuple(self.interpolate(word, f"{key}.stdio") for word in stdio)
        url = raw.get("url") if kind == "url" else None
        mistake = url_mistake(url) if kind == "url" else None
        if mistake is not None:
            self.error(f"{key}.url", url, mistake)
        obj = self.module_ref(raw["object"], f"{key}.object") if kind == "object" else None
        tools_file = None
        if kind == "tools_file":
            tools_file = checked_path(self, root, self.string(raw, key, "tools_file", "tools.json"),
                                   f"{key}.tools_file")
        models = self.models(self.table(raw, key, "models"), f"{key}.models") \
            if kind == "models" else {}
        surface = self.string(raw, key, "surface", "refuse")
        if surface not in SURFACE_POLICIES:
            self.error(f"{key}.surface", surface, f"one of {', '.join(SURFACE_POLICIES)}")
        cwd = self.optional_string(raw, key, "cwd")
        lock = self.optional_string(raw, key, "lock")
        lock_path = inside(self, root, lock, f"{key}.lock") if lock else None
        protocol = self.optional_string(raw, key, "protocol")
        if protocol is not None and not _PROTOCOL.fullmatch(protocol):
            self.error(f"{key}.protocol", protocol, "auto, or an MCP protocol version")
        env, headers = self.strings(raw, key, "env"), self.strings(raw, key, "headers")
        # now, not once the file is valid: a mistake's message must not show them either
        register(secret_values(env=env, headers=headers,
                               url=url if isinstance(url, str) else None,
                               resolved=self.resolved[resolved_before:], stdio=stdio or ()))
        config = ServerConfig(
            name=name, kind=kind or "stdio", stdio=stdio, url=url, object=obj,
            tools_file=tools_file, models=models, env=env, headers=headers,
            resolved=tuple(self.resolved[resolved_before:]),
            # the file's folder by default: `python -m pkg.server` then imports the same
            # modules wherever parity is started (a subfolder, a hook, CI)
            cwd=checked_path(self, root, cwd, f"{key}.cwd") if cwd else root,
            start_timeout=float(self.positive(raw, key, "start_timeout", 20.0)),
            list_timeout=float(self.positive(raw, key, "list_timeout", 20.0)),
            tool_id_form=self.form(raw, key), surface=surface,
            lock=lock_path, key=key,
            accept_reported_name=self.optional_string(raw, key, "accept_reported_name"),
            protocol=protocol, calls=parse_calls(self, raw, key))
        if len(self.errors) > before:
            self.bad_servers.add(name)
            return None
        return config

    def agent(self, raw: Mapping[str, Any], key: str, root: Path) -> AgentConfig | None:
        before = len(self.errors)
        self.known(raw, key, {*AGENT_SOURCES, "tool_id_form", "observe", "call_as"})
        kind = self.one_source(raw, key, AGENT_SOURCES)
        source = self.module_ref(raw["source"], f"{key}.source") if kind == "source" else None
        tools_file = checked_path(self, root, self.string(raw, key, "tools_file", "tools.json"),
                               f"{key}.tools_file") if kind == "tools_file" else None
        models = self.models(self.table(raw, key, "models"), f"{key}.models") \
            if kind == "models" else {}
        observe = self.table(raw, key, "observe")
        for tool, args in observe.items():
            if not isinstance(args, dict):
                self.error(f"{key}.observe.{tool}", args, "a table of example arguments")
        call_as = self.table(raw, key, "call_as")
        for tool, way in call_as.items():
            if way not in CALL_AS:
                self.error(f"{key}.call_as.{tool}", way, f"one of {', '.join(CALL_AS)}")
        config = AgentConfig(kind=kind or "source", source=source, tools_file=tools_file,
                             models=models, tool_id_form=self.form(raw, key), observe=observe,
                             call_as=call_as)
        return None if len(self.errors) > before else config


__all__ = ["AGENT_SOURCES", "PYPROJECT_PREFIX", "SERVER_SOURCES", "SURFACE_POLICIES",
           "AgentConfig", "Config", "ModelRef", "PairConfig", "ServerConfig", "find_config",
           "load_config", "parse_config"]
