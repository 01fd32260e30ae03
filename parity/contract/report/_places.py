"""Where a finding is, for the formats a code host places on a file's line (``github``,
``sarif``): one lookup, so an annotation and a SARIF result of a finding name the same file
and line.

A new or known difference goes on its field path's line in the agent manifest (or in the
server manifest, when only the server has the path), a baseline entry on its own line in the
baseline file. The files are the ones parity wrote (one entry per line); when one cannot be
read the place names the file alone.

Paths are named as the host resolves them: relative to ``GITHUB_WORKSPACE`` when it is set,
else to the repository holding the configuration (the nearest directory above it with a
``.git``, a directory or, in a worktree or submodule, a file), else as the report has them
(relative to the working directory). A path outside that root stays as it is.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, NamedTuple

from parity.contract.report._model import PairReport, Report
from parity.contract.rules import Finding
from parity.core.reading import read_text
from parity.errors import ParityError
from parity.fieldpaths.toolid import translate

#: a key opening a line of a file parity wrote: its indentation and the quoted key
_KEY = re.compile(r'^( *)("(?:[^"\\]|\\.)*"): ')


class Spot(NamedTuple):
    """A file as the host names it, and a line in it when one is known."""

    file: str | None
    line: int | None = None


def host_root(report: Report) -> Path | None:
    """The directory the host resolves a path against (see the module's words), or ``None``
    when there is none to find. Found without git: no process spawned per report."""
    workspace = os.environ.get("GITHUB_WORKSPACE")
    if workspace:
        return Path(workspace).absolute()
    start = Path(report.origin or ".").absolute()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def rooted(path: str, root: Path | None) -> str:
    """``path`` relative to ``root``, when it is inside it; else as it is."""
    if root is None or not path:
        return path
    for resolve in (os.path.abspath, os.path.realpath):  # a link's own place first
        try:
            return Path(resolve(path)).relative_to(resolve(root)).as_posix()
        except ValueError:
            continue
    return path


class LinedFile:
    """A JSON file parity wrote (``_jsonio.dump_lines``), indexed by line.

    ``lines`` maps each key path (``("tools", TOOL, "in", PATH)``) to the line that opens
    it, and each one-line baseline entry, as ``("entry", TOOL, RULE, PATH)``, to its line.
    ``shown`` is the path as the host names it (``rooted``).
    """

    def __init__(self, path: str | None, root: Path | None = None) -> None:
        self.path = path
        self.shown = None if path is None else rooted(path, root)
        self.data: Any = None
        self.lines: dict[tuple[str, ...], int] = {}
        if not path:
            return
        try:
            text = read_text(path)
            data = json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError):
            return
        if not (isinstance(data, dict) and str(data.get("format")).startswith("parity.")):
            return  # not a manifest or baseline (`parity diff` names its tool files)
        self.data = data
        stack: list[str] = []
        # lines as files have them: a reason may hold U+2028 or U+0085, legal in JSON
        for number, line in enumerate(text.split("\n"), 1):
            key = _KEY.match(line)
            if key is not None:
                del stack[len(key.group(1)) // 2 - 1:]
                stack.append(json.loads(key.group(2)))
                self.lines.setdefault(tuple(stack), number)
                continue
            entry = _entry(line)
            if entry is not None:
                self.lines.setdefault(("entry", *entry), number)

    def line(self, *key: str) -> int | None:
        return self.lines.get(key)

    def tool(self, name: str) -> dict[str, Any] | None:
        tools = self.data.get("tools") if isinstance(self.data, dict) else None
        found = tools.get(name) if isinstance(tools, dict) else None
        return found if isinstance(found, dict) else None


def _entry(line: str) -> tuple[str, str, str] | None:
    text = line.strip().removesuffix(",")
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    fields = [data.get(k) for k in ("tool", "rule", "path")]
    if not all(isinstance(v, str) for v in fields):
        return None
    return (fields[0], fields[1], fields[2])


class Place:
    """Where a pair's findings and entries go: files and lines, read once per pair."""

    def __init__(self, pair: PairReport, root: Path | None) -> None:
        self.agent = LinedFile(pair.agent_source, root)
        self.server = LinedFile(pair.server_source, root)
        self.baseline = LinedFile(pair.baseline, root)

    def server_tool(self, tool: str) -> str | None:
        agent, server = self.agent.data, self.server.data
        if not isinstance(agent, dict) or not isinstance(server, dict):
            return None
        try:
            return translate(tool, agent.get("tool_id_form") or "{tool}",
                             server.get("tool_id_form") or "{tool}",
                             agent.get("server") or server.get("server"))
        except ParityError:  # a malformed form: no line, the place still names the file
            return None

    def finding(self, f: Finding) -> Spot:
        """The file and line of a difference's field path, as near as it goes."""
        candidates: list[tuple[LinedFile, tuple[str, ...]]] = []
        if f.direction in ("in", "out"):
            side = self.server_tool(f.tool)
            server_tool = self.server.tool(side) if side is not None else None
            if side is not None and server_tool is not None and server_tool.get(f.direction) \
                    is None:  # the server declares no table at all (out.undeclared)
                candidates.append((self.server, ("tools", side, f.direction)))
            candidates.append((self.agent, ("tools", f.tool, f.direction, f.path)))
            if side is not None:
                candidates.append((self.server, ("tools", side, f.direction, f.path)))
        candidates.append((self.agent, ("tools", f.tool)))
        for file, key in candidates:
            line = file.line(*key)
            if line is not None:
                return Spot(file.shown, line)
        return Spot(self.agent.shown)

    def entry(self, tool: str, rule: str, path: str) -> Spot:
        return Spot(self.baseline.shown, self.baseline.line("entry", tool, rule, path))
