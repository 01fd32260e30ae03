"""Helpers for rule tests: build manifests from tool definitions and run the differ."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from parity.contract.diff import diff_manifests
from parity.contract.rules import Finding
from parity.fieldpaths.fieldpath import Steps
from parity.fieldpaths.manifest import Manifest
from parity.fieldpaths.tooldefs import manifest_from_definitions, read_tool_file

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "rules"


def tool(name: str, in_: dict[str, Any] | None = None,
         out: dict[str, Any] | None = None) -> dict[str, Any]:
    definition: dict[str, Any] = {"name": name, "inputSchema": in_ or {"type": "object"}}
    if out is not None:
        definition["outputSchema"] = out
    return definition


def obj(props: dict[str, Any], required: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(required), **extra}


def manifests(agent: list[dict[str, Any]], server: list[dict[str, Any]], *,
              agent_form: str = "{tool}", server_form: str = "{tool}",
              server_name: str | None = None) -> tuple[Manifest, Manifest]:
    return (manifest_from_definitions(agent, side="agent", source="agent.json",
                                      server=server_name, tool_id_form=agent_form),
            manifest_from_definitions(server, side="server", source="server.json",
                                      server=server_name, tool_id_form=server_form))


def diff(agent: list[dict[str, Any]], server: list[dict[str, Any]], **forms: Any
         ) -> list[Finding]:
    return diff_manifests(*manifests(agent, server, **forms))


def of_rule(rule_id: str, findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.rule_id == rule_id]


def fixture_findings(rule_id: str, variant: str = "") -> list[Finding]:
    """Every finding of ``tests/fixtures/rules/<rule_id>/[<variant>/]{agent,server}.json``."""
    folder = FIXTURES / rule_id / variant if variant else FIXTURES / rule_id
    forms = {}
    if (folder / "pair.json").is_file():
        forms = json.loads((folder / "pair.json").read_text())
    return diff(read_tool_file(folder / "agent.json"), read_tool_file(folder / "server.json"),
                **forms)


def single(rule_id: str, findings: list[Finding]) -> Finding:
    """The one finding of ``rule_id``; fails with every finding listed otherwise."""
    mine = of_rule(rule_id, findings)
    assert len(mine) == 1, [(f.rule_id, f.path, f.message) for f in findings]
    return mine[0]


def children_reads(monkeypatch: Any) -> list[Steps]:
    """The parents ``Parsed.children`` is asked for from now on, as the diff asks (the
    rules' hints read an object's keys once an object, not once a key)."""
    from parity.contract.rules._parsed import Parsed

    real, asked = Parsed.children, []

    def children(self: Parsed, steps: Steps) -> Iterator[Steps]:
        asked.append(steps)
        return real(self, steps)

    monkeypatch.setattr(Parsed, "children", children)
    return asked
