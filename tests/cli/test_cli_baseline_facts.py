"""A baseline entry holds the difference it accepted (its facts), not whatever its key
matches: widened or changed it fails the check until reviewed again, narrowed until
``parity baseline`` records it (docs/baseline.md, "What an entry covers")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from parity.cli.main import main
from parity.contract.rules._facts import MAX_UNIT, MAX_UNITS
from tests.projectfixtures import ONE_PAIR_CONFIG

BASELINE = Path("baselines") / "p.json"


def search(mode: dict[str, Any]) -> dict[str, Any]:
    return {"tools": [{"name": "search", "inputSchema": {
        "type": "object", "properties": {"mode": mode}}}]}


def write(root: Path, agent: dict[str, Any], server: dict[str, Any]) -> None:
    (root / "agent_tools.json").write_text(json.dumps(agent), encoding="utf-8")
    (root / "server_tools.json").write_text(json.dumps(server), encoding="utf-8")
    assert main(["extract"]) == 0  # the manifests, extracted from the tool definitions


def enums(root: Path, agent: list[str], server: list[str]) -> None:
    write(root, search({"enum": agent}), search({"enum": server}))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def entries(root: Path) -> list[dict[str, Any]]:
    return list(json.loads((root / BASELINE).read_text(encoding="utf-8"))["entries"])


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> Path:
    """The agent may send ``mode`` "fuzzy", which the server refuses: accepted, reviewed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parity.toml").write_text(ONE_PAIR_CONFIG, encoding="utf-8")
    enums(tmp_path, ["fast", "exact", "fuzzy"], ["fast", "exact"])
    assert main(["baseline", "--init", "--reason", "fuzzy is rare"]) == 0
    capsys.readouterr()
    return tmp_path


def test_init_records_the_values_of_the_difference(project: Path) -> None:
    assert (project / BASELINE).read_text(encoding="utf-8") == (
        '{\n  "entries": [\n'
        '    {"facts": ["\\"fuzzy\\""], "path": "mode", "reason": "fuzzy is rare", '
        '"rule": "in.enum", "tool": "search"}\n'
        '  ],\n  "format": "parity.baseline/2"\n}\n')


def test_an_enum_widening_at_a_baselined_key_fails_the_check(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The incident: accepted when the agent could send one value the server refuses, the
    entry kept matching when the server refused two more, and the check passed."""
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast"])
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)
    assert code == 1, out
    assert ("  1 changed baseline entry: the difference is not the one accepted: fix it, or "
            "review it and accept it again with `parity baseline --accept TOOL RULE PATH "
            "--reason TEXT`\n"
            '    search in.enum mode: accepted for "fuzzy"; now also "exact", "regex"\n'
            '      now: the agent may send "exact", "fuzzy", "regex" at `mode`, which the '
            'server does not accept (it accepts "fast"); such calls are rejected\n') in out
    assert out.endswith("parity check: FAILED: 0 new differences, 0 stale baseline entries, "
                        "0 known, 1 changed baseline entry\n")
    code, out, _ = run(["check", "--format", "json"], capsys)
    doc = json.loads(out)
    assert code == 1 and doc["ok"] is False and doc["totals"]["changed"] == 1
    changed = doc["pairs"][0]["changed"]
    assert [(c["state"], c["accepted"], c["facts"]) for c in changed] == [
        ("changed", ['"fuzzy"'], ['"exact"', '"fuzzy"', '"regex"'])]
    for fmt, said in (("github", "::error file=baselines/p.json,line=3,title=parity changed "
                                 "baseline entry (p)::search in.enum mode: accepted for"),
                      ("markdown", "**Changed baseline entries** in `baselines/p.json`"),
                      ("junit", 'failure message="1 changed baseline entry" '
                                'type="baseline.changed"'),
                      ("sarif", '"ruleId": "baseline.changed"')):
        code, out, _ = run(["check", "--format", fmt], capsys)
        assert code == 1 and said in out, (fmt, out)


def test_a_changed_entry_is_kept_by_the_shrink_and_needs_a_reason_to_accept_again(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast"])
    before = (project / BASELINE).read_bytes()
    capsys.readouterr()
    code, out, _ = run(["baseline"], capsys)
    assert code == 0
    assert out == ("pair p: baselines/p.json has no stale entries\n"
                   "  1 entry changed, kept as recorded: review each and --accept it again "
                   "with a reason, or fix it\n"
                   '  ! search in.enum mode: accepted for "fuzzy"; now also "exact", '
                   '"regex"\n')
    assert (project / BASELINE).read_bytes() == before
    code, _, err = run(["baseline", "--accept", "search", "in.enum", "mode"], capsys)
    assert code == 2 and "--accept needs --reason TEXT" in err
    code, out, err = run(["baseline", "--accept", "search", "in.enum", "mode", "--reason",
                          "exact and regex too, until 2.1"], capsys)
    assert (code, err) == (0, "")
    assert entries(project) == [{"facts": ['"exact"', '"fuzzy"', '"regex"'], "path": "mode",
                                 "reason": "exact and regex too, until 2.1",
                                 "rule": "in.enum", "tool": "search"}]
    assert run(["check"], capsys)[0] == 0


def test_a_narrowing_fails_the_check_until_parity_baseline_records_it(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast"])
    assert main(["baseline", "--accept", "search", "in.enum", "mode", "--reason", "r"]) == 0
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast", "exact", "regex"])
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)
    assert code == 1
    assert ("  1 narrowed baseline entry: the difference narrowed since it was accepted: "
            "record that in this same change (`parity baseline` does it)\n"
            '    search in.enum mode: accepted for "exact", "fuzzy", "regex"; now only '
            '"fuzzy"\n') in out
    # counted as what it is, apart from the changed ones
    assert out.endswith("parity check: FAILED: 0 new differences, 0 stale baseline entries, "
                        "0 known, 1 narrowed baseline entry\n"), out
    code, out, _ = run(["check", "--format", "json"], capsys)
    assert {k: json.loads(out)["totals"][k] for k in ("changed", "narrowed")} == {
        "changed": 1, "narrowed": 1}
    code, out, _ = run(["baseline"], capsys)
    assert (code, out) == (0, "pair p: baselines/p.json has no stale entries\n"
                              "  recorded 1 entry whose difference narrowed:\n"
                              '  ~ search in.enum mode: accepted for "exact", "fuzzy", '
                              '"regex"; now only "fuzzy"\n')
    assert entries(project)[0]["facts"] == ['"fuzzy"']
    assert run(["check"], capsys)[0] == 0


def test_a_v2_file_round_trips_byte_for_byte(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Checked twice (the second time from the remembered findings, which must hold the
    facts too) and shrunk with nothing to do: the file is untouched."""
    text = (project / BASELINE).read_bytes()
    assert b'"facts": ["\\"fuzzy\\""]' in text and b'"parity.baseline/2"' in text
    assert run(["check"], capsys)[0] == 0
    assert run(["check"], capsys)[0] == 0
    assert run(["baseline"], capsys)[:2] == (0, "pair p: baselines/p.json has no stale "
                                                "entries\n")
    assert (project / BASELINE).read_bytes() == text


V1 = ('{\n  "entries": [\n'
      '    {"path": "mode", "reason": "fuzzy is rare", "rule": "in.enum", "tool": "search"}\n'
      '  ],\n  "format": "parity.baseline/1"\n}\n')


def test_a_v1_file_is_read_as_before_and_the_shrink_writes_v2_with_facts(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / BASELINE).write_text(V1, encoding="utf-8")
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast", "exact"])
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)  # no facts recorded: it covers anything at its key
    assert code == 0 and out.endswith("parity check: ok: 0 new differences, 0 stale "
                                      "baseline entries, 1 known\n")
    assert (project / BASELINE).read_text(encoding="utf-8") == V1  # a check writes nothing
    code, out, _ = run(["baseline"], capsys)
    assert (code, out) == (0, "pair p: baselines/p.json has no stale entries\n"
                              "  recorded the facts of 1 entry that had none\n")
    assert json.loads((project / BASELINE).read_text(encoding="utf-8")) == {
        "format": "parity.baseline/2", "entries": [
            {"facts": ['"fuzzy"', '"regex"'], "path": "mode", "reason": "fuzzy is rare",
             "rule": "in.enum", "tool": "search"}]}
    enums(project, ["fast", "exact", "fuzzy", "regex", "all"], ["fast", "exact"])
    capsys.readouterr()
    assert run(["check"], capsys)[0] == 1  # from now on held to them


@pytest.mark.parametrize(("facts", "said"), [
    ([1], "1 is not of type 'string'"),
    ("\"fuzzy\"", "is not of type 'array'"),
    ([], "should be non-empty"),
    (['"a"', '"a"'], "has non-unique elements"),
    ([""], "should be non-empty"),
])
def test_malformed_facts_are_one_readable_error(
        project: Path, capsys: pytest.CaptureFixture[str], facts: Any, said: str) -> None:
    data = json.loads((project / BASELINE).read_text(encoding="utf-8"))
    data["entries"][0]["facts"] = facts
    (project / BASELINE).write_text(json.dumps(data), encoding="utf-8")
    for argv in (["check"], ["baseline"]):
        code, _, err = run(argv, capsys)
        assert code == 2 and "Traceback" not in err, err
        assert err.startswith(f"parity: error: {project / BASELINE}: at $.entries[0].facts")
        assert "not a valid baseline" in err and said in err, err
    # a /1 file has no facts: they are refused there, as any other unknown key
    (project / BASELINE).write_text(V1.replace('"path"', '"facts": ["\\"x\\""], "path"'),
                                    encoding="utf-8")
    code, _, err = run(["check"], capsys)
    assert code == 2 and "Additional properties are not allowed ('facts'" in err, err


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t",
                    "-c", "commit.gpgsign=false", *args], cwd=root, check=True,
                   capture_output=True)


def test_the_ratchet_counts_an_entry_whose_facts_grew(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "reviewed")
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast"])
    assert main(["baseline", "--accept", "search", "in.enum", "mode", "--reason", "r"]) == 0
    capsys.readouterr()
    code, out, _ = run(["check", "--against", "main"], capsys)
    assert code == 1
    assert ("  1 entry added to the baseline since main: the baseline may only shrink: fix the "
            "difference instead, or have the addition reviewed\n"
            '    search  in.enum  mode  (reason: r)  accepted for "exact", "fuzzy", '
            '"regex"\n') in out
    # dropping an entry's facts by hand widens it to anything at its key: growth too
    enums(project, ["fast", "exact", "fuzzy"], ["fast", "exact"])
    data = json.loads((project / BASELINE).read_text(encoding="utf-8"))
    del data["entries"][0]["facts"]
    (project / BASELINE).write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    code, out, _ = run(["check", "--against", "main"], capsys)
    assert code == 1 and "1 entry added to the baseline since main" in out, out
    # a narrowing recorded is no growth
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast"])
    assert main(["baseline"]) == 0  # records the entry's facts again
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "three values")
    enums(project, ["fast", "exact", "fuzzy", "regex"], ["fast", "exact", "regex"])
    assert main(["baseline"]) == 0
    assert entries(project)[0]["facts"] == ['"fuzzy"']
    capsys.readouterr()
    code, out, _ = run(["check", "--against", "main"], capsys)
    assert code == 0, out


def test_a_hostile_enum_gives_bounded_facts(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A server may publish any enum: the agent sending 10,000 values it refuses, one of
    them 5,000 characters long, gives at most MAX_UNITS short units and a marker that
    still tells two such lists apart."""
    sent = [f"v{i:05d}" for i in range(10_000)] + ["x" * 5_000]
    enums(project, sent, ["fast"])
    (project / BASELINE).unlink()
    assert main(["baseline", "--init"]) == 0
    facts = entries(project)[0]["facts"]
    assert len(facts) == MAX_UNITS + 1 and all(len(f) <= MAX_UNIT for f in facts)
    assert facts[-1].startswith("(+9969 more, sha256 ")
    assert (project / BASELINE).stat().st_size < 4_000
    enums(project, [*sent[:-2], "v99999", sent[-1]], ["fast"])  # one hidden value swapped
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)
    assert code == 1 and "1 changed baseline entry" in out


def test_a_constraint_entry_holds_the_constraints_it_accepted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Several constraints at one path share one key: the entry records which disagree,
    whatever value witnesses them."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parity.toml").write_text(ONE_PAIR_CONFIG, encoding="utf-8")
    write(tmp_path, search({"type": "string"}), search({"type": "string", "maxLength": 50}))
    assert main(["baseline", "--init", "--reason", "long modes are rare"]) == 0
    assert entries(tmp_path)[0]["facts"] == ["server maxLength 50"]
    write(tmp_path, search({"type": "string", "maxLength": 50}),
          search({"type": "string", "maxLength": 50, "pattern": "^[a-z]+$"}))
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)
    assert code == 1
    assert ('    search in.constraint mode: accepted for server maxLength 50; now server '
            'pattern "^[a-z]+$"\n') in out


def test_an_unknown_key_the_server_began_to_reject_fails_the_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Accepted while the server's open object ignored the stub's stray key (a warning), the
    entry kept matching once the server closed the object and rejected every call."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parity.toml").write_text(ONE_PAIR_CONFIG, encoding="utf-8")
    sent = {"tools": [{"name": "search", "inputSchema": {
        "type": "object", "properties": {"query": {"type": "string"}, "tag": {}}}}]}

    def server(closed: bool) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "object", "properties": {"query": {"type": "string"}}}
        if closed:
            schema["additionalProperties"] = False
        return {"tools": [{"name": "search", "inputSchema": schema}]}

    write(tmp_path, sent, server(closed=False))
    assert main(["baseline", "--init", "--reason", "the server ignores tag"]) == 0
    assert entries(tmp_path)[0]["facts"] == ["server object open"]
    write(tmp_path, sent, server(closed=True))
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)
    assert code == 1, out
    assert ('    search in.unknown tag: accepted for server object open; now server object '
            'closed\n') in out


def test_an_unread_key_the_agent_made_required_fails_the_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parity.toml").write_text(ONE_PAIR_CONFIG, encoding="utf-8")

    def agent(required: list[str]) -> dict[str, Any]:
        return {"tools": [{"name": "search", "inputSchema": {"type": "object"},
                           "outputSchema": {"type": "object", "required": required,
                                            "properties": {"hits": {"type": "integer"},
                                                           "cursor": {"type": "string"}}}}]}
    served = {"tools": [{"name": "search", "inputSchema": {"type": "object"},
                         "outputSchema": {"type": "object",
                                          "properties": {"hits": {"type": "integer"}}}}]}
    write(tmp_path, agent([]), served)
    assert main(["baseline", "--init", "--reason", "cursor comes in 2.0"]) == 0
    assert [e["facts"] for e in entries(tmp_path)] == [["agent reads it optionally"]]
    write(tmp_path, agent(["cursor"]), served)
    capsys.readouterr()
    code, out, _ = run(["check"], capsys)
    assert code == 1, out
    assert ("    search out.missing cursor: accepted for agent reads it optionally; now agent "
            "requires it\n") in out
