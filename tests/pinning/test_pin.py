"""Re-pinning decided as data: every state of ``plan_lock``, and ``verify_lock`` failing
closed on another server's lock."""

from __future__ import annotations

import pytest

from parity.core.files import FileWriteError
from parity.errors import FileFormatError
from parity.pinning.lock import build, write
from parity.pinning.pin import lock_result, plan_lock, verify_lock, write_lock

TOOL = {"name": "search", "inputSchema": {"type": "object",
                                          "properties": {"q": {"type": "string"}}}}
CHANGED = {"name": "search", "inputSchema": {"type": "object",
                                             "properties": {"q": {"type": "integer"}}}}


def test_a_new_lock_is_written_without_consent(tmp_path):
    plan = plan_lock(build("s", [TOOL]), tmp_path / "s.lock.json")
    assert (plan.state, plan.needs_consent, plan.needs_writing) == ("new", False, True)
    write_lock(plan)
    assert plan_lock(build("s", [TOOL]), tmp_path / "s.lock.json").state == "up_to_date"


def test_changed_tools_need_consent_and_carry_their_drift(tmp_path):
    path = tmp_path / "s.lock.json"
    write(build("s", [TOOL]), path)
    plan = plan_lock(build("s", [CHANGED]), path)
    assert (plan.state, plan.needs_consent, plan.renamed_server) == ("changed", True, False)
    assert plan.drift is not None and plan.drift.withheld() == ("search",)
    result = lock_result(plan, written=False, reason="declined")
    assert result["drift"]["server"] == "s" and result["written"] is False


def test_another_server_name_is_a_change(tmp_path):
    path = tmp_path / "s.lock.json"
    write(build("s", [TOOL]), path)
    plan = plan_lock(build("t", [TOOL]), path)
    assert (plan.state, plan.renamed_server) == ("changed", True)


def test_an_unreadable_lock_needs_consent_and_says_why(tmp_path):
    path = tmp_path / "s.lock.json"
    path.write_text('{"format": "parity.lock/2", "tools": {not json', encoding="utf-8")
    plan = plan_lock(build("s", [TOOL]), path)
    assert (plan.state, plan.needs_consent) == ("unreadable", True)
    assert isinstance(plan.problem, FileFormatError)


@pytest.mark.parametrize("content", [
    '{\n  "entries": [],\n  "format": "parity.baseline/1"\n}\n',  # a reviewed baseline
    '[servers.s]\nstdio = "python -m s"\n',  # the configuration
    '{"name": "my-package", "version": "1.0.0"}',  # another tool's JSON
    "{not json",
])
def test_a_file_that_is_no_lock_is_never_replaced_by_one(tmp_path, content):
    path = tmp_path / "some.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(FileWriteError) as info:
        plan_lock(build("s", [TOOL]), path)
    assert str(info.value).startswith(f"{path}: not written: the file holds something other "
                                      "than a parity lock")
    assert path.read_text(encoding="utf-8") == content


def test_an_empty_file_is_locked_over(tmp_path):
    path = tmp_path / "s.lock.json"
    path.write_text("", encoding="utf-8")
    assert plan_lock(build("s", [TOOL]), path).state == "unreadable"


def test_verify_fails_closed_on_another_servers_lock():
    with pytest.raises(FileFormatError, match="lock is for server 's', not 't'"):
        verify_lock(build("s", [TOOL]), build("t", [TOOL]))
    assert verify_lock(build("s", [TOOL]), build("s", [CHANGED])).refused


def test_commit_writes_the_plan_when_the_file_is_as_planned(tmp_path):
    from parity.pinning.pin import commit_lock

    path = tmp_path / "s.lock.json"
    write(build("s", [TOOL]), path)
    plan = plan_lock(build("s", [CHANGED]), path)
    assert commit_lock(plan, may_replace=False)[1] == "written"
    assert plan_lock(build("s", [CHANGED]), path).state == "up_to_date"


@pytest.mark.parametrize(("meanwhile", "may_replace", "result"), [
    ([CHANGED], False, "up to date"),   # another writer wrote the same: nothing to do
    (None, False, "written"),           # the file was removed: a new lock needs no consent
    ([{**TOOL, "description": "x"}], False, "declined"),  # another change: not unasked
    ([{**TOOL, "description": "x"}], True, "written"),    # --yes: replaced
])
def test_commit_plans_again_when_the_file_changed_meanwhile(tmp_path, meanwhile, may_replace,
                                                            result):
    from parity.pinning.pin import commit_lock

    path = tmp_path / "s.lock.json"
    write(build("s", [TOOL]), path)
    plan = plan_lock(build("s", [CHANGED]), path)
    if meanwhile is None:
        path.unlink()
    else:
        write(build("s", meanwhile), path)
    theirs = path.read_bytes() if path.exists() else None
    assert commit_lock(plan, may_replace=may_replace)[1] == result
    if result == "declined":
        assert path.read_bytes() == theirs
    else:
        assert plan_lock(build("s", [CHANGED]), path).state == "up_to_date"


def test_a_version_1_lock_or_a_reordered_listing_is_rewritten_without_consent(tmp_path):
    """Same tools, other bytes: a ``parity.lock/1`` file, or a server that now lists its
    ``required`` in another order (the record follows the listing, the digests do not)."""
    import json

    from tests.pinning.test_lock import as_v1

    path = tmp_path / "s.lock.json"
    listed = {"name": "t", "inputSchema": {"type": "object", "required": ["b", "a"]}}
    path.write_text(json.dumps(as_v1(build("s", [listed]).to_json())), encoding="utf-8")
    plan = plan_lock(build("s", [listed]), path)
    assert (plan.state, plan.needs_consent) == ("rewrite", False)
    write_lock(plan)
    assert '"format": "parity.lock/2"' in path.read_text(encoding="utf-8")
    reordered = {"name": "t", "inputSchema": {"type": "object", "required": ["a", "b"]}}
    plan = plan_lock(build("s", [reordered]), path)
    assert (plan.state, plan.needs_consent) == ("rewrite", False)
    assert not plan.drift.drifted


def _tool(schema_type: str = "string", execution=None) -> dict:
    tool = {"name": "report", "inputSchema": {"type": "object", "properties": {
        "city": {"type": schema_type}}}}
    if execution is not None:
        tool["execution"] = execution
    return tool


@pytest.mark.parametrize(("locked", "spoken", "compared"), [
    ("2025-11-25", "2025-11-25", True), (None, "2026-07-28", True),
    ("2025-11-25", None, True), ("2025-11-25", "2026-07-28", False),
    ("2026-07-28", "2025-11-25", False)])
def test_execution_is_compared_only_between_listings_of_one_protocol_version(
        locked, spoken, compared):
    lock = build("s", [_tool(execution={"taskSupport": "required"})], protocol_version=locked)
    live = build("s", [_tool()], protocol_version=spoken)
    drift = verify_lock(lock, live)
    assert drift.drifted is compared
    unsaid = [w for w in drift.warnings if w.startswith("`execution` not compared")]
    assert len(unsaid) == (0 if compared else 1)
    if not compared:
        assert f"listed under MCP protocol version {locked} and this session speaks {spoken}" \
            in unsaid[0]


def test_across_protocol_versions_every_other_change_is_still_refused():
    lock = build("s", [_tool(execution={"taskSupport": "optional"})],
                 protocol_version="2025-11-25")
    live = build("s", [_tool("integer")], protocol_version="2026-07-28")
    drift = verify_lock(lock, live)
    assert drift.drifted and drift.withheld() == ("report",)
    changes, warning = drift.render_text().split("\n  warning: ")
    assert "in: retyped `city`: string -> integer" in changes
    assert "execution" not in changes and warning.startswith("`execution` not compared")
    # the lock and the live listing themselves are left as they were
    assert "execution" in lock.tools["report"].given


def test_across_protocol_versions_no_warning_when_neither_side_says_execution():
    lock = build("s", [_tool()], protocol_version="2025-11-25")
    live = build("s", [_tool()], protocol_version="2026-07-28")
    drift = verify_lock(lock, live)
    assert not drift.drifted and drift.warnings == ()


@pytest.mark.parametrize("info", [{}, {"name": 7}, {"version": "1"}])
def test_a_server_that_no_longer_says_its_name_is_verified_with_a_warning(info):
    """A 2026-07-28 server need not send ``serverInfo``; the identity check is then not
    made, and the verdict says so rather than passing in silence."""
    locked = build("w", [TOOL], server_info={"name": "alpha", "version": "1"})
    drift = verify_lock(locked, build("w", [TOOL], server_info=info))
    assert not drift.drifted and drift.server_renamed is None
    assert any("did not say its name" in w and "'alpha'" in w for w in drift.warnings)
    renamed = verify_lock(locked, build("w", [TOOL], server_info={"name": "beta"}))
    assert renamed.server_renamed == ("alpha", "beta")
