"""benchmarks/instructions.py's workloads: for ``--by-construct``, each construct of the
generated catalog replaced by a bare leaf wherever it is, the rest kept, each schema still one
parity reads; for ``--only check``, the cold check of the planted differences. (The counts
themselves need valgrind: not run here.)"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from typing import Any

import pytest

from parity.fieldpaths.schema import extract_paths
from tests.benchmodules import bench_module
from tests.fieldpaths.test_direct import generated

instructions = bench_module("instructions")


def nodes(node: Any) -> Iterator[dict[str, Any]]:
    """Every schema object below ``node`` the walks reach, ``node`` included."""
    if not isinstance(node, dict):
        return
    yield node
    for key, value in node.items():
        if key in ("properties", "$defs", "patternProperties") and isinstance(value, dict):
            for sub in value.values():
                yield from nodes(sub)
        elif key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
            for sub in value:
                yield from nodes(sub)
        elif key in ("items", "additionalProperties"):
            yield from nodes(value)


@pytest.mark.parametrize("construct", sorted(instructions.CONSTRUCTS))
def test_a_construct_is_replaced_everywhere_and_the_rest_kept(construct):
    tools = generated(80)
    is_one = instructions.CONSTRUCTS[construct]
    found = 0
    for tool in tools:
        for direction in ("inputSchema", "outputSchema"):
            if direction not in tool:
                continue
            before = tool[direction]
            kept = copy.deepcopy(before)
            after = instructions.without(before, construct)
            assert before == kept  # the catalog is not changed in place
            found += sum(map(is_one, nodes(before)))
            assert not any(map(is_one, nodes(after)))
            assert after["properties"].keys() == before["properties"].keys()
            warnings: list[str] = []
            extract_paths(after, warnings=warnings)  # every reference left still resolves
            assert warnings == []
            if construct == "ref":
                assert "$defs" not in after
            elif not any(map(is_one, nodes(before))):
                assert after == before
    assert found >= 5  # the generated catalog has the construct to replace


def test_the_counted_check_is_a_cold_check_finding_the_planted_differences(bench,
                                                                            monkeypatch):
    from parity.contract.baseline import Baseline
    from parity.core import validate

    checks, real_check = [], bench.workloads.check_folder

    def check_folder(folder):
        # cold: every verdict forgotten before each check, on disk and in the process
        # (workloads.empty_cache), and the verdicts written where they are forgotten
        cache = os.environ.get("PARITY_CACHE_DIR")
        checks.append((cache == str(bench.workloads.CACHE / "verdicts"),
                       sorted(bench.workloads.CACHE.glob("verdicts/validated/*/*")),
                       len(validate._VALID_ENTRIES)))
        return real_check(folder)

    monkeypatch.setattr(bench.workloads, "check_folder", check_folder)
    instructions.check_passes(True, 2)
    assert checks == [(True, [], 0), (True, [], 0)]
    instructions.check_passes(False, 2)  # the floor only reads the two files
    assert len(checks) == 2
    # a verdict other than the planted differences stops the count: it counts checked work
    monkeypatch.setattr(bench.workloads, "expected_baseline", lambda pf: Baseline())
    with pytest.raises(bench.harness.InvalidBenchmark, match="planted differences"):
        instructions.check_passes(True, 1)
