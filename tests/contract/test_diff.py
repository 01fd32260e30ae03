"""The differ as a whole: determinism, semantics over text, and properties (hypothesis)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.contract.diff import compared_tools, diff_manifests, sort_findings
from parity.fieldpaths.manifest import Manifest
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.properties import draws

PHASES_AGENT = {"type": "object", "required": ["phases"], "properties": {
    "phases": {"type": "array", "items": {
        "type": "object", "required": ["name", "tools"],
        "properties": {"name": {"type": "string"},
                       "tools": {"type": "array", "items": {"type": "string"}}}}}}}
PHASES_SERVER = {"$defs": {"Phase": {
    "type": "object", "additionalProperties": False, "required": ["phase_id", "tools"],
    "properties": {"phase_id": {"type": "string"},
                   "tools": {"type": "array", "items": {"type": "string"}}}}},
    "type": "object", "additionalProperties": False, "required": ["phases"],
    "properties": {"phases": {"type": "array", "items": {"$ref": "#/$defs/Phase"}}}}


def manifest(side: str, *definitions: dict[str, Any], **kw: Any) -> Manifest:
    return manifest_from_definitions(list(definitions), side=side, source=side,  # type: ignore[arg-type]
                                     **kw)


def test_phases_name_against_phase_id():
    agent = manifest("agent", {"name": "check_phases", "inputSchema": PHASES_AGENT})
    server = manifest("server", {"name": "check_phases", "inputSchema": PHASES_SERVER})
    found = [(f.rule_id, f.path, f.severity) for f in diff_manifests(agent, server)]
    assert found == [("in.missing-required", "phases[].phase_id", "error"),
                     ("in.unknown", "phases[].name", "error")]


def test_findings_are_sorted_and_deterministic():
    agent = manifest("agent", {"name": "b", "inputSchema": PHASES_AGENT},
                     {"name": "a", "inputSchema": PHASES_AGENT}, {"name": "zz"})
    server = manifest("server", {"name": "a", "inputSchema": PHASES_SERVER},
                      {"name": "b", "inputSchema": PHASES_SERVER})
    first = diff_manifests(agent, server)
    assert first == diff_manifests(agent, server) == sort_findings(reversed(first))
    assert [f.tool for f in first] == ["a", "a", "b", "b", "zz"]
    assert compared_tools(agent, server) == ("a", "b", "zz")


def test_rules_can_be_chosen():
    from parity.contract.rules import RULES

    agent = manifest("agent", {"name": "check_phases", "inputSchema": PHASES_AGENT})
    server = manifest("server", {"name": "check_phases", "inputSchema": PHASES_SERVER})
    only = diff_manifests(agent, server, rules=[RULES["in.unknown"]])
    assert [f.rule_id for f in only] == ["in.unknown"]



def test_the_collector_waits_while_the_differ_runs():
    """A diff keeps the manifests' containers alive and makes no cycle: no collection in it
    (``core.collector``); the collector is back on after, also when a rule fails."""
    import dataclasses
    import gc

    from parity.contract.rules import RULES

    seen: list[bool] = []

    def spy(pair: Any) -> Any:
        seen.append(gc.isenabled())
        return iter(())

    def failing(pair: Any) -> Any:
        raise RuntimeError("a rule's bug")

    agent = manifest("agent", {"name": "a", "inputSchema": PHASES_AGENT})
    server = manifest("server", {"name": "a", "inputSchema": PHASES_SERVER})
    rule = dataclasses.replace(RULES["in.unknown"], check=spy)
    assert gc.isenabled()
    assert diff_manifests(agent, server, rules=[rule]) == []
    assert seen == [False]
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        diff_manifests(agent, server, rules=[dataclasses.replace(rule, check=failing)])
    assert gc.isenabled()

# -- properties ------------------------------------------------------------------------------

_scalar = st.sampled_from(["string", "integer", "number", "boolean", "null"])
_names = st.text(alphabet="abcdefgh_", min_size=1, max_size=4)


def _leaf() -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        _scalar.map(lambda t: {"type": t}),
        st.lists(_scalar, min_size=1, max_size=3, unique=True).map(lambda ts: {"type": ts}),
        st.lists(st.sampled_from(["a", "b", "c", 1, 2, None]), min_size=1, max_size=4,
                 unique=True).map(lambda vs: {"enum": vs}),
        st.just({}),
    )


def _extend(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    props = st.dictionaries(_names, children, max_size=4)

    @st.composite
    def an_object(draw: Any) -> dict[str, Any]:
        p = draw(props)
        schema: dict[str, Any] = {"type": "object", "properties": p}
        if p:
            schema["required"] = draw(st.lists(st.sampled_from(sorted(p)), unique=True))
        if draw(st.booleans()):
            schema["additionalProperties"] = False
        return schema

    return st.one_of(
        an_object(),
        children.map(lambda c: {"type": "array", "items": c}),
        children.map(lambda c: {"type": "object", "additionalProperties": c}),
        children.map(lambda c: {"anyOf": [c, {"type": "null"}]}),
    )


schemas = st.recursive(_leaf(), _extend, max_leaves=12)
object_schemas = st.builds(
    lambda props, closed: {"type": "object", "properties": props,
                           **({"additionalProperties": False} if closed else {})},
    st.dictionaries(_names, schemas, max_size=4), st.booleans())


def _tool(name: str, in_: dict[str, Any], out: dict[str, Any] | None) -> dict[str, Any]:
    tool = {"name": name, "inputSchema": in_}
    if out is not None:
        tool["outputSchema"] = out
    return tool


def reorder(value: Any, rnd: random.Random) -> Any:
    """The same schema with every object's keys, ``required`` and ``enum`` reordered."""
    if isinstance(value, dict):
        keys = list(value)
        rnd.shuffle(keys)
        out = {}
        for k in keys:
            v = reorder(value[k], rnd)
            if k in ("required", "enum") and isinstance(v, list):
                v = list(v)
                rnd.shuffle(v)
            out[k] = v
        return out
    if isinstance(value, list):
        return [reorder(v, rnd) for v in value]
    return value


_settings = settings(max_examples=draws(80), deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@_settings
@given(in_=object_schemas, out=st.one_of(st.none(), object_schemas))
def test_a_manifest_diffed_with_itself_is_empty(in_, out):
    tool = _tool("t", in_, out)
    assert diff_manifests(manifest("agent", tool), manifest("server", tool)) == []


@_settings
@given(in_=object_schemas, out=st.one_of(st.none(), object_schemas), seed=st.integers(0, 2**32))
def test_reordering_keys_never_creates_a_difference(in_, out, seed):
    rnd = random.Random(seed)
    agent = manifest("agent", reorder(_tool("t", in_, out), rnd))
    server = manifest("server", _tool("t", in_, out))
    assert diff_manifests(agent, server) == []
    assert diff_manifests(server, agent) == []
