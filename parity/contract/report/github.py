"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

New differences become ``::error``/``::warning``, stale and added baseline entries
``::error`` on the baseline file; known differences are summed up in one ``::notice``.

Where a finding can be tied to a line, the annotation carries it, so a pull request shows
it on the changed line: a new difference on its field path's line in the agent manifest
(or in the server manifest, when only the server has the path), a baseline entry on its
own line in the baseline file. The files are the ones parity wrote (one entry per line);
when one cannot be read the annotation names the file alone.
"""

from __future__ import annotations

import json
import re
from typing import Any

from parity.contract.report._model import PairReport, Report
from parity.contract.report._util import GROWTH_ADVICE, STALE_ADVICE, headline, shown_path
from parity.contract.rules import Finding
from parity.core.reading import read_text
from parity.core.terminal import github_command as command
from parity.errors import ParityError
from parity.fieldpaths.toolid import translate

#: a key opening a line of a file parity wrote: its indentation and the quoted key
_KEY = re.compile(r'^( *)("(?:[^"\\]|\\.)*"): ')


class LinedFile:
    """A JSON file parity wrote (``_jsonio.dump_lines``), indexed by line.

    ``lines`` maps each key path (``("tools", TOOL, "in", PATH)``) to the line that opens
    it, and each one-line baseline entry, as ``("entry", TOOL, RULE, PATH)``, to its line.
    """

    def __init__(self, path: str | None) -> None:
        self.path = path
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
        for number, line in enumerate(text.splitlines(), 1):
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


class _Place:
    """Where a pair's annotations go: files and lines, read once per pair."""

    def __init__(self, pair: PairReport) -> None:
        self.agent = LinedFile(pair.agent_source)
        self.server = LinedFile(pair.server_source)
        self.baseline = LinedFile(pair.baseline)
        self.pair = pair

    def server_tool(self, tool: str) -> str | None:
        agent, server = self.agent.data, self.server.data
        if not isinstance(agent, dict) or not isinstance(server, dict):
            return None
        try:
            return translate(tool, agent.get("tool_id_form") or "{tool}",
                             server.get("tool_id_form") or "{tool}",
                             agent.get("server") or server.get("server"))
        except ParityError:  # a malformed form: no line, the annotation still names the file
            return None

    def finding(self, f: Finding) -> dict[str, str | None]:
        """``file`` and ``line`` of a new difference's field path, as near as it goes."""
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
                return {"file": file.path, "line": str(line)}
        return {"file": self.pair.agent_source}

    def entry(self, tool: str, rule: str, path: str) -> dict[str, str | None]:
        line = self.baseline.line("entry", tool, rule, path)
        return {"file": self.pair.baseline, "line": None if line is None else str(line)}


class GithubFormatter:
    name = "github"

    def render(self, report: Report, *, color: bool = False) -> str:
        lines: list[str] = []
        for pair in report.pairs:
            v = pair.verdict
            place = _Place(pair)
            for f in v.new:
                lines.append(command(
                    f.severity, f"{f.tool} {shown_path(f.path)}: {f.message}\nfix: {f.hint}",
                    **place.finding(f), title=f"parity {f.rule_id} ({pair.pair})"))
            for e in v.stale:
                lines.append(command(
                    "error", f"{e.tool} {e.rule} {shown_path(e.path)}: {STALE_ADVICE}",
                    **place.entry(*e.key), title=f"parity stale baseline entry ({pair.pair})"))
            for e in pair.growth:
                lines.append(command(
                    "error", f"{e.tool} {e.rule} {shown_path(e.path)} was added since "
                             f"{pair.against}: {GROWTH_ADVICE}",
                    **place.entry(*e.key), title=f"parity baseline grew ({pair.pair})"))
            if v.known:
                lines.append(command(
                    "notice", f"{len(v.known)} known difference(s) held by {pair.baseline}"
                              + (f" ({unexplained} without a reason)"
                                 if (unexplained := pair.totals.unexplained) else ""),
                    title=f"parity known differences ({pair.pair})"))
        lines.append(headline(report))
        return "\n".join(lines) + "\n"


formatter = GithubFormatter()
