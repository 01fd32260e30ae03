"""benchmarks/workloads.py: the floors the rows compare with. (Times are never asserted.)"""

from __future__ import annotations

import gc
import json
from types import SimpleNamespace

import pytest


@pytest.mark.parametrize("collector_on", [True, False])
def test_the_paused_floor_reads_both_files_with_the_collector_paused(
        bench, tmp_path, monkeypatch, collector_on):
    files = []
    for side in ("agent", "server"):
        files.append(tmp_path / f"{side}.manifest.json")
        files[-1].write_text(json.dumps({"side": side}), encoding="utf-8")
    pf = SimpleNamespace(agent_manifest=files[0], server_manifest=files[1])
    read, real_loads = [], json.loads

    def loads(text, **kwargs):
        read.append((real_loads(text)["side"], gc.isenabled()))
        return real_loads(text, **kwargs)

    monkeypatch.setattr(json, "loads", loads)
    was = gc.isenabled()
    try:
        (gc.enable if collector_on else gc.disable)()
        bench.workloads.json_floor(pf)  # the rows' floor: the collector as the caller left it
        bench.workloads.json_floor_paused(pf)
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert read == [("agent", collector_on), ("server", collector_on),
                    ("agent", False), ("server", False)]
    assert after is collector_on  # left as it was
