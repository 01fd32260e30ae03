"""ids.unknown: tool ids in values, found in both directions with the id they would match."""

from __future__ import annotations

from pathlib import Path

from rulefixtures import fixture_findings, of_rule, single

from parity.contract.diff import diff_manifests
from parity.fieldpaths.manifest import load as load_manifest

ROOT = Path(__file__).resolve().parents[3]


def test_the_fixture_names_the_id_each_value_would_match():
    f = single("ids.unknown", fixture_findings("ids.unknown"))
    assert (f.tool, f.path, f.direction, f.severity) == ("estimate_cost", "tools[]", "in",
                                                         "error")
    assert f.hint.startswith("`docs-mcp:summarize` -> `docs__summarize` (and 1 more alike)")


def test_the_bundled_example_has_id_values_in_both_directions():
    agent = load_manifest(ROOT / "manifests" / "workflow.agent.json")
    server = load_manifest(ROOT / "manifests" / "workflow.server.json")
    found = {(f.tool, f.direction, f.path): f
             for f in of_rule("ids.unknown", diff_manifests(agent, server))}
    assert set(found) == {("workflow-mcp:estimate_cost", "in", "tools[]"),
                          ("workflow-mcp:propose_phases", "out", "phases[].tools[]")}
    assert "`docs-mcp:extract_text` -> `docs__extract_text`" in \
        found["workflow-mcp:estimate_cost", "in", "tools[]"].hint
    assert "`docs__extract_text` -> `docs-mcp:extract_text`" in \
        found["workflow-mcp:propose_phases", "out", "phases[].tools[]"].hint
