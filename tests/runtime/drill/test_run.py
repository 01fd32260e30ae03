"""The drill over real servers (stdio subprocesses and streamable HTTP on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.core import trail
from parity.mcp import ServerSpec, open_session
from parity.runtime import guard as g
from parity.runtime.drill import (
    MODES,
    DrillTarget,
    bundled_targets,
    dumps,
    free_port,
    run_drill,
    serve_subprocess,
)
from parity.runtime.drill.http_proxy import HttpProxy
from parity.runtime.drill.inject import FaultInjector

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "drill-s3cret-7f3a9c"  # in the server's environment and in the request header
ENV = {"PYTHONPATH": str(ROOT), "DRILL_TOKEN": TOKEN}
# a deadline short enough for the slow mode to miss it, long enough for a busy machine to
# answer a clean call within it (a clean call missing it would be counted as a fault)
POLICY = g.GuardPolicy(default_deadline=3.0, turn_budget=30.0)
SHOP = (sys.executable, "-m", "tests.servers.drill_shop")


def stdio_spec() -> ServerSpec:
    return ServerSpec(kind="stdio", name="drill_shop", command=SHOP, env=ENV, cwd=ROOT)


@pytest.fixture(scope="module")
def shop_http():
    port = free_port()
    with serve_subprocess([*SHOP, "--http", str(port)], port, cwd=ROOT, env=ENV):
        yield ServerSpec(kind="url", name="drill_shop", url=f"http://127.0.0.1:{port}/mcp",
                         headers={"Authorization": f"Bearer {TOKEN}"})


@pytest.fixture(scope="module")
def guarded_runs(shop_http, tmp_path_factory):
    events = tmp_path_factory.mktemp("drill") / "events.jsonl"
    targets = [DrillTarget("drill_shop", "stdio", stdio_spec()),
               DrillTarget("drill_shop", "http", shop_http)]
    report = run_drill(targets, calls=2, policy=POLICY, events_file=events)
    return report, events


def test_the_guard_lets_no_fault_pass_as_success_over_stdio_and_http(guarded_runs):
    report, _ = guarded_runs
    assert report.passed
    for target in report.targets:
        for mode, result in target.modes.items():
            assert result.counts["silent_success"] == 0, (target.transport, mode)
            column = "verified" if mode == "none" else "correct_failure"
            assert result.counts[column] == 2, (target.transport, mode, result.to_json())


def test_each_category_comes_from_a_real_fault(guarded_runs):
    report, _ = guarded_runs
    seen = {c for t in report.targets for r in t.modes.values() for c in r.categories}
    assert seen >= {g.OK, g.UNAVAILABLE, g.AUTHENTICATION_FAILED, g.AUTHORIZATION_DENIED,
                    g.RATE_LIMITED, g.DRIFTED, g.PARTIAL, g.TOOL_ERROR,
                    g.MALFORMED_RESPONSE, g.CONTRACT_VIOLATION, g.OUTCOME_UNKNOWN}


def test_the_event_trail_correlates_every_call_and_holds_no_secret(guarded_runs):
    report, events = guarded_runs
    text = events.read_text()
    assert TOKEN not in text
    assert TOKEN not in dumps(report) and TOKEN not in report.render_text()
    assert trail.verify(events).ok  # hash-chained, closed, untouched
    records = [json.loads(line) for line in text.splitlines()]
    calls = [r for r in records if r["event"] == "drill_call"]
    assert len(calls) == 2 * 2 * len(MODES)
    results = {r["correlation_id"]: r for r in records if r["event"] == "result"}
    started = {r["correlation_id"] for r in records if r["event"] == "dispatch_started"}
    for call in calls:
        assert call["correlation_id"] in started
        assert results[call["correlation_id"]]["category"] == call["category"]


def test_a_bare_unguarded_client_shows_the_silent_successes():
    modes = ["none", "http200_error", "wrapped_error", "partial", "drift", "wrong_schema"]
    report = run_drill([DrillTarget("drill_shop", "stdio", stdio_spec())], modes=modes,
                       calls=2, policy=POLICY, guarded=False)
    assert not report.passed
    target = report.targets[0]
    for mode in modes[1:]:
        assert target.modes[mode].counts["silent_success"] == 2, mode


async def _call_through(spec, mode, tool, args, *, transport="stdio", http_upstream=None,
                        events=None, deadline=30.0):
    """One guarded call through the fault proxy; returns (outcome, proxy or None). The
    default deadline only has to outlast a loaded machine: tests of timeouts set their own."""
    from dataclasses import replace

    from parity.pinning.lock import from_listing

    async with open_session(spec if http_upstream is None else http_upstream) as clean:
        lock = from_listing("drill_shop", await clean.list_tools_raw())
    proxy = None
    if transport == "stdio":
        spec = replace(spec, command=(sys.executable, "-m", "parity.runtime.drill.stdio_proxy",
                                      "--mode", mode, "--slow", str(deadline * 2 + 1), "--",
                                      *spec.command))
    else:
        proxy = HttpProxy(spec.url, FaultInjector(mode, slow=deadline * 2 + 1, transport="http"))
        spec = replace(spec, url=proxy.start())
    from parity.runtime.client import PinnedClient

    try:
        async with open_session(spec) as session:
            client = await PinnedClient(session, lock, mode="refuse-changed").start()
            policy = g.GuardPolicy(default_deadline=deadline, turn_budget=2 * deadline + 10,
                                   secrets=spec.secrets or (TOKEN,))
            guard = g.GuardedSession(client, policy=policy, events=events)
            outcomes = [await guard.call_tool(tool, args) for _ in range(2)]
    finally:
        if proxy is not None:
            proxy.stop()
    return outcomes, proxy


def test_no_other_credential_is_tried_after_401_or_403(shop_http):
    outcomes, proxy = asyncio.run(_call_through(shop_http, "denied", "list_orders",
                                                {"customer": "c1"}, transport="http"))
    assert [(o.category, o.retry) for o in outcomes] == [
        (g.AUTHENTICATION_FAILED, g.RETRY_NEVER), (g.AUTHORIZATION_DENIED, g.RETRY_NEVER)]
    # exactly one request per call, each with the one configured credential
    assert len(proxy.injector.records) == 2
    assert len({r["credential"] for r in proxy.injector.records}) == 1
    assert len({c for c in proxy.credentials if c is not None}) == 1


def test_slow_writes_are_outcome_unknown_and_unavailable_reads_fail_fast():
    spec = stdio_spec()
    slow, _ = asyncio.run(_call_through(spec, "slow", "create_order", {"item": "tea"},
                                        deadline=1.0))
    assert {(o.category, o.retry, o.sent) for o in slow} == {
        (g.OUTCOME_UNKNOWN, g.RETRY_RECONCILE_FIRST, True)}
    events: list[dict] = []
    gone, _ = asyncio.run(_call_through(spec, "unavailable", "list_orders",
                                        {"customer": "c1"}, events=events.append,
                                        deadline=1.0))
    for outcome in gone:
        assert (outcome.category, outcome.retry) == (g.UNAVAILABLE, g.RETRY_SAFE)
        assert outcome.diagnostics["detail"] == "timeout"
    # each call ran under the tool's 1 s deadline, not the turn's budget
    assert [e["deadline_s"] for e in events if e["event"] == "request_sent"] == [1.0, 1.0]


def test_a_raw_provider_error_quoting_the_token_never_reaches_the_outcome(shop_http):
    for spec, transport in ((stdio_spec(), "stdio"), (shop_http, "http")):
        outcomes, _ = asyncio.run(_call_through(spec, "none", "check_token", {},
                                                transport=transport))
        for outcome in outcomes:
            assert outcome.category == g.TOOL_ERROR, (transport, outcome.diagnostics)
            assert TOKEN not in json.dumps(outcome.to_json()) + repr(outcome)
            assert TOKEN not in json.dumps(outcome.diagnostics)


def test_the_cli_drills_the_bundled_example_and_writes_json_and_events(tmp_path, capsys):
    events = tmp_path / "events.jsonl"
    code = main(["drill", "--calls", "1", "--modes", "none,wrong_schema,http200_error",
                 "--transport", "stdio", "--deadline", "3", "--format", "json",
                 "--events", str(events)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["passed"] is True
    for mode in ("none", "wrong_schema", "http200_error"):
        assert set(out["modes"][mode]) >= {"verified", "silent_success", "correct_failure"}
    assert out["modes"]["none"]["verified"] == 1
    assert out["modes"]["wrong_schema"]["correct_failure"] == 1
    assert all(json.loads(line)["event"] for line in events.read_text().splitlines())


def test_an_unknown_mode_is_a_usage_error(capsys):
    assert main(["drill", "--modes", "meteor", "--transport", "stdio"]) == 2
    assert "unknown fault mode 'meteor'" in capsys.readouterr().err


def test_the_drill_over_the_bundled_example_has_no_silent_success():
    # The example's list results declare `total`, so a lost page is detectable (docs/guard.md).
    report = run_drill(list(bundled_targets(["stdio", "http"])), calls=2, policy=POLICY)
    silent = {(t.transport, m): r.counts["silent_success"]
              for t in report.targets for m, r in t.modes.items()
              if r.counts["silent_success"]}
    assert report.passed, silent
    assert silent == {}
    for target in report.targets:
        assert target.modes["partial"].counts["correct_failure"] >= 1, target.transport
