"""Configured pairs -> field-path manifests (``parity extract``).

For each pair, the agent side is read in-process and the server side is listed (a live
server over stdio or HTTP, an in-process object, a tools file or pydantic models); both are
reduced to field-path manifests and written to ``manifests/<pair>.agent.json`` and
``manifests/<pair>.server.json``. With ``check=True`` nothing is written: the bytes that
would be written are compared with the committed files.

A pair that fails (even by a bug in parity: exit 3) does not stop the others; a tool whose
schema cannot be reduced is left out of its manifest (named in the manifest's warnings and
in the result), not the whole side. Names in the manifests are each side's native tool
names; the differ translates them with the tool-id forms each manifest records.
"""

from __future__ import annotations

import contextlib
import os
import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parity.config.settings import Config, PairConfig, ServerConfig
from parity.core.reading import holds_text, require_file
from parity.core.terminal import printable
from parity.errors import FileFormatError, ParityError, SchemaError, UnexpectedError
from parity.fieldpaths.manifest import Manifest, dumps, write
from parity.sources.side_by_side import OUT_OF_PROCESS, answered_by, listed_together

if TYPE_CHECKING:
    from parity.mcp import Listing, ServerSpec

#: Receives one line per step when progress is shown.
Progress = Callable[[str], None]


@dataclass(frozen=True)
class PairResult:
    """What extracting one pair did."""

    pair: str
    #: the manifest files of the pair (written, or compared under ``check``)
    files: tuple[Path, ...] = ()
    #: files whose content changed (written) or is out of date (``check``), missing included
    changed: tuple[Path, ...] = ()
    #: the ``changed`` files that did not exist before (created, or missing under ``check``)
    created: tuple[Path, ...] = ()
    #: tools left out of a manifest, by name, with the reason
    problems: tuple[str, ...] = ()
    #: why the pair could not be extracted at all
    error: ParityError | None = None

    @property
    def exit_code(self) -> int:
        if self.error is not None:
            return self.error.exit_code
        return 2 if self.problems else 0


@dataclass(frozen=True)
class ExtractResult:
    """Every pair's outcome. ``exit_code``: 2 if any pair failed or left a tool out, else 1
    under ``check`` when a manifest is out of date, else 0."""

    pairs: tuple[PairResult, ...]
    check: bool = False
    root: Path | None = None

    @property
    def stale(self) -> tuple[Path, ...]:
        return tuple(p for r in self.pairs for p in r.changed) if self.check else ()

    @property
    def exit_code(self) -> int:
        worst = max((r.exit_code for r in self.pairs), default=0)
        if worst:
            return worst
        return 1 if self.stale else 0

    def lines(self) -> list[str]:
        """A report for people: one line per file, problem and error."""
        out: list[str] = []
        for r in self.pairs:
            if r.error is not None:
                out.append(f"{r.pair}: failed: {r.error}")
                continue
            for path in r.files:
                shown = self._show(path)
                if path in r.created:
                    state = "missing" if self.check else "created"
                elif self.check:
                    state = "out of date" if path in r.changed else "up to date"
                else:
                    state = "updated" if path in r.changed else "unchanged"
                out.append(f"{r.pair}: {shown}: {state}")
            out.extend(f"{r.pair}: {p}" for p in r.problems)
        if self.stale:
            names = " ".join(sorted({r.pair for r in self.pairs if r.changed}))
            out.append(f"manifests are out of date: run `parity extract {names}` and commit them")
        # paths come from the configuration, errors from servers: shown, never obeyed
        return [printable(line, keep_newlines=True) for line in out]

    def _show(self, path: Path) -> str:
        if self.root is not None:
            try:
                return path.relative_to(self.root).as_posix()
            except ValueError:
                pass
        return str(path)


#: what listing one server gives: its definitions, those rejected, the manifest's ``source``
_Listed = tuple[list[dict[str, Any]], list[str], str]


@dataclass
class _ServerCache:
    """One listing per server, shared by the pairs that name it.

    Within ``start``, every server that runs in a process of its own is listed side by side
    from the first pair on (``parity.sources.side_by_side``): each boots while parity imports
    agents and lists the others. Servers run in parity's own process (``object``) and files
    are read when their pair is reached."""

    done: dict[int, _Listed | ParityError] = field(default_factory=dict)
    #: listings started together, by server
    started: dict[int, Future[Listing]] = field(default_factory=dict)

    @contextlib.contextmanager
    def start(self, servers: Sequence[ServerConfig], config: Config) -> Iterator[None]:
        from parity.sources.live import live_spec

        specs: dict[int, ServerSpec] = {}
        for server in servers:
            if server.kind in OUT_OF_PROCESS and id(server) not in specs:
                with contextlib.suppress(ParityError):  # said when its pair is reached
                    specs[id(server)] = live_spec(server, root=config.root)
        with listed_together(specs) as self.started:
            yield

    def listing(self, server: ServerConfig, config: Config) -> _Listed:
        """The listing of ``server``; raises the ``ParityError`` listing it raised."""
        key = id(server)  # pairs naming one [servers] entry share the very same object
        if key not in self.done:
            started = self.started.get(key)
            try:
                self.done[key] = _list_server(
                    server, config, None if started is None else answered_by(started))
            except ParityError as exc:
                self.done[key] = exc
        found = self.done[key]
        if isinstance(found, ParityError):
            raise found
        return found


def extract_pair(pair: PairConfig, config: Config, *,
                 _cache: _ServerCache | None = None) -> tuple[Manifest, Manifest, list[str]]:
    """The agent and server manifests of one pair, and the problems met (tools left out).

    Raises ``ParityError`` (a ``SourceError`` most often) when a side cannot be read at all.
    """
    from parity.fieldpaths.tooldefs import manifest_from_definitions
    from parity.sources.agent import load_agent

    limits = config.limits()
    problems: list[str] = []

    listing = load_agent(pair.agent, config.root, server=pair.server.name,
                         id_paths=pair.id_paths)
    errors: list[SchemaError] = []
    agent = manifest_from_definitions(
        listing.tools, side="agent", source=listing.source, server=pair.server.name,
        tool_id_form=pair.agent.tool_id_form, limits=limits, errors=errors)
    agent_left_out = [f"agent: tool left out: {_one_line(e)}" for e in errors]
    observed = {n: t.as_observed() for n, t in agent.tools.items()
                if n in listing.observed}
    agent = replace(agent, tools={**agent.tools, **observed},
                    warnings=(*agent.warnings, *agent_left_out))
    problems.extend(agent_left_out)

    definitions, rejected, source = (_cache or _ServerCache()).listing(pair.server, config)
    errors = []
    server = manifest_from_definitions(
        definitions, side="server", source=source, server=pair.server.name,
        tool_id_form=pair.server.tool_id_form, limits=limits, errors=errors)
    server_left_out = [*(f"server: tool left out: {r}" for r in rejected),
                       *(f"server: tool left out: {_one_line(e)}" for e in errors)]
    server = replace(server, warnings=(*server.warnings, *server_left_out))
    problems.extend(server_left_out)
    return agent, server, problems


def _one_line(error: ParityError) -> str:
    # kept in the manifest's warnings: one line, no hint, nothing machine-specific
    where = f" (at {error.location})" if error.location else ""
    return f"{error.message}{where}"


def _list_server(server: ServerConfig, config: Config,
                 fetch: Callable[[ServerSpec], Listing] | None = None) -> _Listed:
    from parity.core.redact import redact
    from parity.sources.server import server_definitions

    # `python` in a stdio command runs as sys.executable: parity.sources.live.live_spec does that
    listing = server_definitions(server, root=config.root, fetch=fetch)
    rejected = [f"{name!r}: {reason}" for name, reason in listing.rejected]
    tools = sorted(listing.tools, key=lambda d: str(d.get("name")))
    return tools, rejected, redact(server_source(server, config.root), server.secrets)


def server_source(server: ServerConfig, root: Path) -> str:
    """The manifest's ``source`` for a server: stable across machines and checkouts."""
    if server.kind == "stdio":
        return "stdio: " + shlex.join(server.stdio or ())
    if server.kind == "url":
        return f"url: {server.url}"
    if server.kind == "object":
        return f"object: {server.object}"
    if server.kind == "tools_file" and server.tools_file is not None:
        return f"tools_file: {_relative(server.tools_file, root)}"
    return "models"


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop of links (3.10-3.12)
        return path.as_posix()


def extract(config: Config, names: Sequence[str] = (), *, check: bool = False,
            progress: Progress | None = None) -> ExtractResult:
    """Extract the named pairs (all when ``names`` is empty).

    Arguments:
        config: the loaded configuration.
        names: pair names; an unknown name is a ``ConfigError``.
        check: write nothing; report which committed manifests differ from a fresh
            extraction (``ExtractResult.stale``).
        progress: called with one line before each pair, when given.
    """
    pairs = config.select_pairs(names)
    cache = _ServerCache()
    results: list[PairResult] = []
    with cache.start([p.server for p in pairs], config):
        for i, pair in enumerate(pairs, 1):
            if progress is not None:
                progress(f"[{i}/{len(pairs)}] {pair.name}: extracting "
                         f"(server {pair.server.name!r})")
            results.append(_one(pair, config, cache, check))
    return ExtractResult(tuple(results), check=check, root=config.root)


def _one(pair: PairConfig, config: Config, cache: _ServerCache, check: bool) -> PairResult:
    files = (pair.agent_manifest, pair.server_manifest)
    try:
        agent, server, problems = extract_pair(pair, config, _cache=cache)
        texts: Mapping[Path, str] = {pair.agent_manifest: dumps(agent),
                                     pair.server_manifest: dumps(server)}
        changed = tuple(p for p, text in texts.items() if not _same(p, text))
        created = tuple(p for p in changed if not p.exists())
        if not check:
            for path, manifest in ((pair.agent_manifest, agent),
                                   (pair.server_manifest, server)):
                if path in changed:
                    write(manifest, path)
    except ParityError as exc:
        return PairResult(pair.name, files=files, error=exc)
    except OSError:
        raise  # a full disk, a path refused: the machine's, said once for every pair
    except Exception as exc:
        # a bug met in one pair must not cost the others their manifests
        if os.environ.get("PARITY_DEBUG"):
            raise
        return PairResult(pair.name, files=files, error=UnexpectedError(
            f"unexpected error: {type(exc).__name__}: {exc}",
            hint="this is a bug in parity; rerun with PARITY_DEBUG=1 for a traceback and "
                 "report it"))
    return PairResult(pair.name, files=files, changed=changed, created=created,
                      problems=tuple(problems))


def _same(path: Path, text: str) -> bool:
    require_file(path, "manifest", hint="remove what is there, then run `parity extract`")
    try:
        return holds_text(path, text)  # as `snapshot --check`: CRLF line ends are the same
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise FileFormatError(f"cannot read manifest: {exc.strerror}", file=str(path)) from None


__all__ = ["ExtractResult", "PairResult", "Progress", "extract", "extract_pair",
           "server_source"]
