"""The differ: two manifests in, a sorted list of ``Finding`` values out.

Every rule in ``parity.contract.rules.RULES`` runs over every agent tool that has a server
counterpart (after both sides' tool-id forms); pair-level rules (``tool.missing``) run
once. The result is sorted and free of duplicates, so equal inputs give equal output.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parity.contract.rules import RULES, Finding, Rule
from parity.contract.rules._agree import PathCache
from parity.contract.rules._align import ToolPair
from parity.contract.rules._idpaths import IdPaths
from parity.contract.rules._ignored import softened
from parity.contract.rules.tools import ToolMatch, match_tools
from parity.core.collector import paused
from parity.fieldpaths.manifest import Manifest


# a diff over a large catalog is called with both manifests' millions of containers alive:
# collections in it would scan them for cycles it does not make (``core.collector``)
@paused()
def diff_manifests(agent: Manifest, server: Manifest, *,
                   rules: Iterable[Rule] | None = None,
                   id_paths: Sequence[str] = ()) -> list[Finding]:
    """Every difference between the agent's and the server's manifests, sorted.

    Arguments:
        agent: the agent side (what it sends and reads, and how it names tools).
        server: the server side (what it accepts and returns).
        rules: the rules to run; all of ``RULES`` by default.
        id_paths: field paths (as parity prints them) whose values are tool ids of the
            server (a pair's ``id_paths``; ``ids.unknown`` checks them).
    """
    chosen = list(RULES.values()) if rules is None else list(rules)
    found: set[Finding] = set()
    for rule in chosen:
        if rule.check_pair is not None:
            found.update(rule.check_pair(agent, server))
    checks = [rule.check for rule in chosen if rule.check is not None]
    if not checks:
        return sort_findings(found)
    # the checks left for a tool whose tables agree (no alignment in either direction)
    quiet_checks = [rule.check for rule in chosen
                    if rule.check is not None and not rule.alignments_only]
    skips = len(quiet_checks) < len(checks)
    # one parse per distinct printed path and one alignment per direction per tool pair,
    # shared by every rule (each used to build its own)
    paths = PathCache()
    ids = IdPaths.of(id_paths, agent, server)
    for agent_name, server_name in match_tools(agent, server).matched:
        pair = ToolPair(agent.tools[agent_name], server.tools[server_name], paths, ids=ids)
        quiet = skips and pair.in_ is None and pair.out is None
        of_pair: list[Finding] = []
        for check in quiet_checks if quiet else checks:
            of_pair.extend(check(pair))
        found.update(of_pair if quiet else softened(pair, of_pair))
    return sort_findings(found)


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Report order: by tool, then rule id, then path."""
    return sorted(findings, key=lambda f: (f.tool, f.rule_id, f.path, f.message))


def missing_id_paths(agent: Manifest, server: Manifest, id_paths: Sequence[str]) -> list[str]:
    """The configured id paths that no tool of either side has (in ``in`` or ``out``)."""
    left = set(id_paths)
    for manifest in (agent, server):
        for tool in manifest.tools.values():
            for table in tool.keyed_tables():
                if table is None:
                    continue
                left.difference_update([p for p in left if p in table])
                if not left:
                    return []
    return sorted(left)


def compared_tools(agent: Manifest, server: Manifest) -> tuple[str, ...]:
    """The agent tools a diff of this pair speaks about (matched and unmatched)."""
    match: ToolMatch = match_tools(agent, server)
    return tuple(sorted({a for a, _ in match.matched} | set(match.unmatched)))


def count_by_severity(findings: Sequence[Finding]) -> dict[str, int]:
    return {"error": sum(f.severity == "error" for f in findings),
            "warning": sum(f.severity == "warning" for f in findings)}


__all__ = ["Finding", "compared_tools", "count_by_severity", "diff_manifests",
           "missing_id_paths", "sort_findings"]
