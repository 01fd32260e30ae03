"""The bundled example end to end: the real workflow server over stdio and over streamable
HTTP on 127.0.0.1, the committed manifests, and the mismatches they show."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.config.settings import load_config
from parity.contract.diff import diff_manifests
from parity.fieldpaths.manifest import dumps, load
from parity.sources.extract import extract_pair

REPO = Path(__file__).resolve().parent.parent
MANIFESTS = REPO / "manifests"

pytestmark = pytest.mark.slow


def test_committed_manifests_are_fresh_over_stdio(capsys: pytest.CaptureFixture[str]) -> None:
    # the README's main command from a fresh clone: the server starts as a real subprocess,
    # and the committed bytes match whichever SDK generation is installed
    code = main(["extract", "--check", "--config", str(REPO / "pyproject.toml"), "workflow"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out == ("workflow: manifests/workflow.agent.json: up to date\n"
                   "workflow: manifests/workflow.server.json: up to date\n")


def test_extraction_is_deterministic() -> None:
    # a second, independent run: same bytes as the committed files (and so as the first run)
    config = load_config(REPO / "pyproject.toml")
    agent, server, problems = extract_pair(config.pairs["workflow"], config)
    assert problems == []
    assert dumps(agent) == (MANIFESTS / "workflow.agent.json").read_text(encoding="utf-8")
    assert dumps(server) == (MANIFESTS / "workflow.server.json").read_text(encoding="utf-8")


def test_same_tools_over_streamable_http(http_server: Callable[..., str],
                                         tmp_path: Path) -> None:
    url = http_server("examples.workflow.server")
    config = load_config(REPO / "pyproject.toml")
    web = dataclasses.replace(config.pairs["workflow"].server, kind="url", url=url,
                              stdio=None)
    pair = dataclasses.replace(config.pairs["workflow"], server=web)
    _, server, problems = extract_pair(pair, config)
    committed = load(MANIFESTS / "workflow.server.json")
    assert problems == []
    assert server.source == f"url: {url}"
    assert server.tools == committed.tools  # tables and definition hashes alike


def test_the_planted_mismatches_are_found() -> None:
    agent = load(MANIFESTS / "workflow.agent.json")
    server = load(MANIFESTS / "workflow.server.json")
    found = {(f.tool.split(":")[1], f.rule_id, f.path) for f in diff_manifests(agent, server)}
    assert found == {
        # shape: same top-level name, mismatch one level down
        ("check_phases", "in.unknown", "phases[].name"),
        ("check_phases", "in.unknown", "phases[].tool_id"),
        ("check_phases", "in.missing-required", "phases[].phase_id"),
        ("check_phases", "in.missing-required", "phases[].tools"),
        # id forms: agent ids `docs-mcp:extract_text`, server index `docs__extract_text`
        ("estimate_cost", "in.enum", "tools[]"),
        ("propose_phases", "out.enum", "phases[].tools[]"),
        # ... recognised as tool ids, in both directions, with the id each would match
        ("estimate_cost", "ids.unknown", "tools[]"),
        ("propose_phases", "ids.unknown", "phases[].tools[]"),
        # output keys the stand-ins promise that never arrive
        ("check_phases", "out.missing", "unknown_tools"),
        ("estimate_cost", "out.missing", "currency"),
        ("propose_phases", "out.missing", "rationale"),
        ("compose_prompt", "out.missing", "warnings"),  # recorded by observing the stub
    }
    assert agent.tools["workflow-mcp:compose_prompt"].observed
    # full agreement: nothing reported for these two
    assert not {t for t, _, _ in found} & {"list_tools", "draft_rubric"}
