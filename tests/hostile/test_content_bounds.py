"""Bounded work: every fan-out ends in a BoundsError naming tool and pointer, by counting work.

No test here reads a clock: the bound is checked by counting what the walker did (subschemas
visited, independently of its own counter) against ``Limits.max_work``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.errors import BoundsError, ParityError
from parity.fieldpaths.general import Walker
from parity.fieldpaths.schema import Limits, Work, extract_paths
from parity.pinning.drift import explain_tool
from tests.hostile.servers.content import fan_out
from tests.properties import draws

REPO = Path(__file__).resolve().parents[2]


def chain(keyword: str, levels: int = 40) -> dict:
    """Two references to the next level under ``keyword``, ``levels`` deep."""
    def two(i: int) -> dict:
        ref = "$dynamicRef" if keyword == "$dynamicRef" else "$ref"
        nxt = [{ref: f"#/$defs/l{i + 1}"}, {ref: f"#/$defs/l{i + 1}"}]
        if keyword in ("allOf", "anyOf", "oneOf"):
            return {keyword: nxt}
        if keyword == "properties":
            return {"type": "object", "properties": {"a": nxt[0], "b": nxt[1]}}
        # $ref / $dynamicRef beside siblings: the reference and an allOf with another
        return {**nxt[0], "allOf": [nxt[1]]}
    defs = {f"l{i}": two(i) for i in range(levels)}
    defs[f"l{levels}"] = {"type": "object", "properties": {"leaf": {"type": "string"}}}
    return {"$defs": defs, "$ref": "#/$defs/l0"}


FAN_OUTS = ["allOf", "anyOf", "oneOf", "properties", "$ref", "$dynamicRef"]


class Visits:
    """Counts subschemas the walker visits, independently of the walker's own counter."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = Walker._collect

        def counted(walker, *args, **kwargs):
            self.count += 1
            return original(walker, *args, **kwargs)

        monkeypatch.setattr(Walker, "_collect", counted)


@pytest.mark.parametrize("keyword", FAN_OUTS)
def test_every_fan_out_ends_in_a_bounds_error_within_the_work_bound(keyword, monkeypatch):
    visits = Visits(monkeypatch)
    limits = Limits(max_work=5_000)
    work = Work()
    with pytest.raises(BoundsError) as caught:
        extract_paths(chain(keyword), tool="fan", limits=limits, work=work)
    assert "tool 'fan'" in str(caught.value)
    assert (caught.value.location or "").startswith("#")
    # each visit spends at least one unit before going on: past the bound, nothing more
    assert visits.count <= limits.max_work + 1
    assert work.spent > 0


@pytest.mark.parametrize("keyword", FAN_OUTS)
def test_the_default_bounds_stop_every_fan_out(keyword, monkeypatch):
    visits = Visits(monkeypatch)
    with pytest.raises(BoundsError):
        extract_paths(chain(keyword), tool="fan")
    assert visits.count <= Limits().max_work + 1


def test_the_drift_explanation_is_bounded_too():
    old = {"name": "fan", "inputSchema": {"type": "object"}}
    new = {"name": "fan", "inputSchema": fan_out()}
    with pytest.raises(BoundsError) as caught:
        explain_tool(old, new)
    assert "'fan'" in str(caught.value)


# -- a property test over random nested schemas -------------------------------------------

DEFS = [f"d{i}" for i in range(4)]
ref = st.sampled_from([{"$ref": f"#/$defs/{d}"} for d in DEFS] + [{"$ref": "#"}])
leaf = st.one_of(ref, st.fixed_dictionaries({"type": st.sampled_from(["string", "object"])}),
                 st.booleans())


def extend(children: st.SearchStrategy) -> st.SearchStrategy:
    branches = st.lists(children, min_size=1, max_size=3)
    return st.one_of(
        st.builds(lambda k, bs: {k: bs}, st.sampled_from(["allOf", "anyOf", "oneOf"]), branches),
        st.builds(lambda p: {"type": "object", "properties": p},
                  st.dictionaries(st.sampled_from("abc"), children, max_size=3)),
        st.builds(lambda i: {"type": "array", "items": i}, children),
        st.builds(lambda v: {"additionalProperties": v}, children),
    )


node = st.recursive(leaf, extend, max_leaves=10)
random_schema = st.builds(lambda defs, body: {"$defs": dict(zip(DEFS, defs, strict=True)),
                                               "allOf": [body]},
                          st.lists(node, min_size=4, max_size=4), node)


@settings(max_examples=draws(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_schema, st.integers(50, 3_000))
def test_random_schemas_terminate_within_the_work_bound(schema, max_work):
    visits = 0
    original = Walker._collect

    def counted(walker, *args, **kwargs):
        nonlocal visits
        visits += 1
        return original(walker, *args, **kwargs)

    limits = Limits(max_work=max_work)
    work = Work()
    Walker._collect = counted  # type: ignore[method-assign]
    try:
        extract_paths(schema, limits=limits, work=work)
    except BoundsError:
        assert visits <= max_work + 1
    except ParityError:
        pass  # e.g. a reference to a definition that is a boolean schema: still terminated
    else:
        assert visits <= work.spent <= max_work
    finally:
        Walker._collect = original  # type: ignore[method-assign]


# -- in the commands ------------------------------------------------------------------------

def parity(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    # a generous timeout, only as a hang guard: the bound is counted above
    return subprocess.run([sys.executable, "-m", "parity", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def hostile_tool_file(tmp_path: Path) -> Path:
    path = tmp_path / "fan.json"
    path.write_text(json.dumps({"tools": [{"name": "fan", "inputSchema": fan_out()}]}))
    return path


def test_paths_exits_2_naming_tool_and_pointer(tmp_path):
    result = parity("paths", str(hostile_tool_file(tmp_path)))
    assert result.returncode == 2, result.stderr
    assert "'fan'" in result.stderr and "at #/" in result.stderr
    assert "Traceback" not in result.stderr


def test_diff_exits_2_for_a_fan_out_on_the_live_server(tmp_path):
    agent = tmp_path / "agent.json"
    agent.write_text(json.dumps({"tools": [{"name": "hostile",
                                            "inputSchema": {"type": "object"}}]}))
    server = f"{sys.executable} -m tests.hostile.servers.content fan-out"
    result = parity("diff", "--agent-file", str(agent), "--server-stdio", server)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "'hostile'" in result.stderr and "at #/" in result.stderr
    assert "Traceback" not in result.stderr
