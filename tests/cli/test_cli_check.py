"""``parity check``, ``baseline``, ``diff``, ``rules`` and ``explain`` end to end, in tmp_path."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from parity.cli.main import main
from parity.config.settings import load_config
from parity.contract import baseline as bl
from parity.contract.rules.docs import rules_markdown
from parity.fieldpaths import manifest as mf
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.mcpfixtures import in_session, stdio

REPO = Path(__file__).resolve().parents[2]
S = {"type": "string"}

CONFIG = """
[pairs.wf.agent]
tools_file = "agent.json"
tool_id_form = "{server}-mcp:{tool}"

[pairs.wf.server]
tools_file = "server.json"
"""


def phases(field: str, closed: bool = True) -> dict:
    item = {"type": "object", "required": [field], "properties": {field: S}}
    if closed:
        item["additionalProperties"] = False
    return {"type": "object", "required": ["phases"],
            "properties": {"phases": {"type": "array", "items": item}}}


def write_manifests(root: Path, agent_field: str = "name", server_field: str = "phase_id",
                    ) -> None:
    pair = load_config(root / "parity.toml").pairs["wf"]
    agent = manifest_from_definitions(
        [{"name": "wf-mcp:check_phases", "inputSchema": phases(agent_field, closed=False)}],
        side="agent", source="agent.json", server="wf", tool_id_form="{server}-mcp:{tool}")
    server = manifest_from_definitions(
        [{"name": "check_phases", "inputSchema": phases(server_field)}],
        side="server", source="server.json")
    mf.write(agent, pair.agent_manifest)
    mf.write(server, pair.server_manifest)


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "parity.toml").write_text(CONFIG)
    write_manifests(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_fails_on_new_differences_and_says_what_to_do(project, capsys):
    code, out, _ = run(capsys, "check")
    assert code == 1
    assert "  tool wf-mcp:check_phases" in out
    assert "    error   in.unknown  phases[].name" in out
    assert "    error   in.missing-required  phases[].phase_id" in out
    assert "(none yet: create it with `parity baseline --init`)" in out
    assert "parity baseline --accept TOOL RULE PATH --reason TEXT" in out
    assert out.splitlines()[-1] == ("parity check: FAILED: 2 new differences (2 errors, "
                                    "0 warnings), 0 stale baseline entries, 0 known")


def test_init_then_check_passes_and_lists_known(project, capsys):
    code, out, _ = run(capsys, "baseline", "--init")
    assert (code, out) == (0, "pair wf: created baselines/wf.json with 2 entries (no reasons "
                              "recorded: `--reason TEXT` records why)\n")
    code, out, _ = run(capsys, "check")
    assert code == 0
    assert "  known (baselined): 2" in out
    assert "    wf-mcp:check_phases  in.unknown  phases[].name" in out
    assert out.splitlines()[-1] == ("parity check: ok: 0 new differences, 0 stale baseline "
                                    "entries, 2 known (2 without a reason)")


def test_init_records_a_reason_for_every_entry_it_adds(project, capsys):
    code, out, _ = run(capsys, "baseline", "--init", "--reason", "known since v1")
    assert (code, out) == (0, "pair wf: created baselines/wf.json with 2 entries\n")
    entries = bl.load(project / "baselines" / "wf.json").entries
    assert [e.reason for e in entries] == ["known since v1", "known since v1"]
    code, out, _ = run(capsys, "check")
    assert code == 0 and "without a reason" not in out
    assert "    wf-mcp:check_phases  in.unknown  phases[].name  (known since v1)" in out


def test_init_without_reason_says_so_and_check_counts_them(project, capsys):
    code, out, _ = run(capsys, "baseline", "--init")
    assert "(no reasons recorded: `--reason TEXT` records why)" in out
    code, out, _ = run(capsys, "check")
    assert code == 0
    assert out.splitlines()[-1].endswith("2 known (2 without a reason)")


def test_accept_takes_the_only_pair_and_asks_for_one_among_several(project, capsys):
    # one pair configured: no pair name needed (the fixture's config has only `wf`)
    code, out, _ = run(capsys, "baseline", "--accept", "wf-mcp:check_phases", "in.unknown",
                       "phases[].name", "--reason", "r")
    assert code == 0 and out.startswith("pair wf: accepted")
    (project / "parity.toml").write_text(CONFIG + CONFIG.replace("pairs.wf", "pairs.wf2"))
    code, _, err = run(capsys, "baseline", "--accept", "wf-mcp:check_phases",
                       "in.missing-required", "phases[].phase_id", "--reason", "r")
    assert code == 2 and "name the pair" in err and "configured pairs: wf, wf2" in err


def test_init_over_an_existing_baseline_is_refused(project, capsys):
    assert run(capsys, "baseline", "--init")[0] == 0
    before = (project / "baselines" / "wf.json").read_text()
    code, _, err = run(capsys, "baseline", "--init")
    assert code == 2
    assert "baseline already exists: baselines/wf.json" in err
    assert (project / "baselines" / "wf.json").read_text() == before


def test_a_fix_must_shrink_the_baseline_in_the_same_change(project, capsys):
    run(capsys, "baseline", "--init")
    write_manifests(project, agent_field="phase_id")  # the agent is fixed
    code, out, _ = run(capsys, "check")
    assert code == 1
    assert "2 stale baseline entries: the difference is gone" in out
    assert "    wf-mcp:check_phases  in.unknown  phases[].name" in out
    code, out, _ = run(capsys, "baseline")
    assert code == 0
    assert out.splitlines()[0] == "pair wf: removed 2 stale entries from baselines/wf.json"
    assert bl.load(project / "baselines" / "wf.json") == bl.Baseline()
    assert run(capsys, "check")[0] == 0


def test_baseline_never_adds(project, capsys):
    run(capsys, "baseline", "--init")
    write_manifests(project, agent_field="title")  # a different new difference
    code, out, _ = run(capsys, "baseline")
    assert code == 0
    assert "were not added" in out
    keys = {e.key for e in bl.load(project / "baselines" / "wf.json").entries}
    assert ("wf-mcp:check_phases", "in.unknown", "phases[].title") not in keys


def test_accept_without_reason_is_refused(project, capsys):
    code, _, err = run(capsys, "baseline", "--accept", "wf-mcp:check_phases", "in.unknown",
                       "phases[].name")
    assert code == 2
    assert "--accept needs --reason TEXT" in err
    assert not (project / "baselines" / "wf.json").exists()


def test_accept_records_the_reason(project, capsys):
    code, out, _ = run(capsys, "baseline", "--accept", "wf-mcp:check_phases", "in.unknown",
                       "phases[].name", "--reason", "server renames it in v2")
    assert code == 0
    assert out == ("pair wf: accepted wf-mcp:check_phases in.unknown phases[].name into "
                   "baselines/wf.json\n")
    entry = bl.load(project / "baselines" / "wf.json").entries[0]
    assert entry.reason == "server renames it in v2"
    code, out, _ = run(capsys, "check")
    assert code == 1  # the other difference is still new
    assert "(server renames it in v2)" in out


def test_text_written_into_a_file_that_is_not_utf8_is_a_usage_error(project, capsys):
    """Bytes that are not UTF-8 reach Python as lone surrogates (``caf\\xe9``): a reason or
    a lock's server name holding them raised UnicodeEncodeError while the file was written
    (exit 3)."""
    bad = "caf\udce9"
    (project / "tools.json").write_text(json.dumps([{"name": "t", "inputSchema": {}}]))
    for args in (("baseline", "--init", "--reason", bad),
                 ("baseline", "--accept", "wf-mcp:check_phases", "in.unknown", "phases[].name",
                  "--reason", bad),
                 ("lock", "--yes", "--tools-file", "tools.json", "--lock", "t.lock.json",
                  "--name", bad),
                 ("verify", "--tools-file", "tools.json", "--lock", "t.lock.json",
                  "--accept-name", bad)):
        code, _, err = run(capsys, *args)
        assert code == 2, (args, err)
        assert "caf\\xe9: not UTF-8 text" in err, err
    assert not (project / "baselines" / "wf.json").exists()
    assert not (project / "t.lock.json").exists()
    code, _, _ = run(capsys, "baseline", "--init", "--reason", "café")
    assert code == 0


def test_accept_refuses_a_difference_that_does_not_exist(project, capsys):
    code, _, err = run(capsys, "baseline", "--accept", "wf-mcp:check_phases", "in.type",
                       "phases", "--reason", "x")
    assert code == 2
    assert "has no current difference" in err
    assert "in.unknown phases[].name" in err  # the hint lists what there is


def test_missing_manifests_say_run_extract(project, capsys):
    (project / "manifests" / "wf.server.json").unlink()
    code, _, err = run(capsys, "check")
    assert code == 2
    assert "manifests/wf.server.json" in err and "run `parity extract`" in err


def test_an_invalid_baseline_is_exit_2_with_a_clear_message(project, capsys):
    path = project / "baselines" / "wf.json"
    path.parent.mkdir()
    path.write_text('{"format": "parity.baseline/1", "entries": [{"tool": 1}]}')
    code, _, err = run(capsys, "check")
    assert code == 2
    assert "baselines/wf.json: at $.entries[0]" in err or "$.entries[0]" in err


def test_unknown_pair_is_exit_2(project, capsys):
    code, _, err = run(capsys, "check", "nope")
    assert code == 2 and "unknown pair 'nope'" in err


def test_every_format_and_output_file(project, capsys):
    code, out, _ = run(capsys, "check", "--format", "json")
    assert code == 1
    assert json.loads(out)["totals"]["new"] == 2
    code, out, err = run(capsys, "check", "--format", "junit", "--output", "r.xml")
    assert code == 1 and out == ""
    assert err.startswith("parity check: FAILED: 2 new differences")
    assert ET.parse(project / "r.xml").getroot().get("failures") == "1"
    for fmt in ("github", "markdown", "sarif", "text"):
        assert run(capsys, "check", "--format", fmt)[0] == 1


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_against_fails_when_the_baseline_grew(project, capsys):
    git(project, "init", "-q", "-b", "main")
    git(project, "config", "user.email", "t@example.invalid")
    git(project, "config", "user.name", "t")
    git(project, "config", "commit.gpgsign", "false")
    run(capsys, "baseline", "--accept", "wf-mcp:check_phases", "in.unknown", "phases[].name",
        "--reason", "first")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "one")
    run(capsys, "baseline", "--accept", "wf-mcp:check_phases", "in.missing-required",
        "phases[].phase_id", "--reason", "sneaked in")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "two")
    assert run(capsys, "check")[0] == 0
    code, out, _ = run(capsys, "check", "--against", "HEAD~1")
    assert code == 1
    assert "1 entry added to the baseline since HEAD~1" in out
    assert "wf-mcp:check_phases  in.missing-required  phases[].phase_id  (reason: sneaked in)" \
        in out
    assert run(capsys, "check", "--against", "HEAD")[0] == 0
    code, _, err = run(capsys, "check", "--against", "no-such-ref")
    assert code == 2 and "git ref 'no-such-ref' not found" in err


def test_against_reads_the_baseline_as_the_ref_holds_it_a_link_or_not(project, capsys):
    """The baseline made a link in the working tree since REF (or a link at REF made a
    file): REF's own entries are compared, never those of the path the link leads to now."""
    git(project, "init", "-q", "-b", "main")
    git(project, "config", "user.email", "t@example.invalid")
    git(project, "config", "user.name", "t")
    git(project, "config", "commit.gpgsign", "false")
    run(capsys, "baseline", "--init")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "a file")
    baseline = project / "baselines" / "wf.json"
    baseline.rename(project / "baselines" / "real.json")
    baseline.symlink_to("real.json")
    code, out, _ = run(capsys, "check", "--against", "HEAD")
    assert code == 0 and "added to the baseline" not in out, out
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "a link")
    baseline.unlink()
    (project / "baselines" / "real.json").rename(baseline)
    code, out, err = run(capsys, "check", "--against", "HEAD")
    assert code == 0 and "added to the baseline" not in out, out + err


def test_diff_compares_two_files_without_configuration(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pinned.json").write_text(json.dumps(
        {"tools": [{"name": "check_phases", "inputSchema": phases("name")}]}))
    (tmp_path / "tools.json").write_text(json.dumps(
        {"tools": [{"name": "check_phases", "inputSchema": phases("phase_id")}]}))
    code, out, _ = run(capsys, "diff", "--agent-file", "pinned.json", "--server-file",
                       "tools.json")
    assert code == 1
    assert "    error   in.unknown  phases[].name" in out
    assert out.splitlines()[-1] == "parity diff: FAILED: 2 differences (2 errors, 0 warnings)"
    code, out, _ = run(capsys, "diff", "--agent-file", "tools.json", "--server-file",
                       "tools.json", "--format", "json")
    assert code == 0 and json.loads(out)["ok"] is True


def test_diff_needs_exactly_one_server_source(tmp_path, capsys):
    f = tmp_path / "t.json"
    f.write_text("{}")
    code, _, err = run(capsys, "diff", "--agent-file", str(f))
    assert code == 2 and "exactly one of --server-file" in err


def test_rules_lists_every_rule(capsys):
    from parity.contract.rules import RULES

    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(RULES)
    code, out, _ = run(capsys, "rules", "--format", "json")
    assert [r["id"] for r in json.loads(out)] == list(RULES)


def test_explain_prints_documentation_and_an_example(capsys):
    code, out, _ = run(capsys, "explain", "in.unknown")
    assert code == 0
    assert out.startswith("in.unknown\n  direction: in\n  severity:  error; warning where")
    assert "error in.unknown check_phases phases[].name" in out
    code, _, err = run(capsys, "explain", "in.unknwn")
    assert code == 2 and "did you mean in.unknown" in err


def test_docs_rules_md_is_up_to_date():
    assert (REPO / "docs" / "rules.md").read_text() == rules_markdown(), \
        "regenerate with: parity rules --format markdown > docs/rules.md"


def test_check_imports_neither_mcp_nor_pydantic_nor_deepdiff():
    done = subprocess.run([sys.executable, "-X", "importtime", "-c",
                           "import parity.cli.commands.check, parity.cli.commands.baseline"],
                          capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if "|" in line}
    assert not imported & {"mcp", "pydantic", "pydantic_core", "deepdiff"}


@pytest.mark.slow
def test_diff_against_a_live_stdio_server(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    agent = tmp_path / "agent.json"
    agent.write_text(json.dumps({"tools": [{
        "name": "add",
        "inputSchema": {"type": "object", "required": ["a", "b"],
                        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}},
        "outputSchema": {"type": "object", "required": ["sum"],
                         "properties": {"sum": {"type": "integer"}}}}]}))
    code, out, _ = run(capsys, "diff", "--agent-file", str(agent), "--server-stdio",
                       f"{sys.executable} -m tests.servers.demo")
    assert code == 1
    assert "    error   out.missing  sum" in out
    assert "the server returns `total` there" in out


@pytest.mark.slow
def test_diff_says_the_calls_a_live_servers_oneof_refuses_and_the_server_refuses_them(
        tmp_path, capsys, monkeypatch):
    """The server's argument model takes a `url` or a `path`, never both (a `oneOf` of
    requirements, and a validator): the agent's stub may send both; parity says so, and the
    server, asked, refuses such a call and takes one with either key alone."""
    monkeypatch.chdir(REPO)
    agent = tmp_path / "agent.json"
    agent.write_text(json.dumps({"tools": [{"name": "fetch", "inputSchema": {
        "type": "object", "required": ["source"], "properties": {"source": {
            "type": "object", "required": ["url"],
            "properties": {"url": {"type": "string"}, "path": {"type": "string"}}}}}}]}))
    code, out, _ = run(capsys, "diff", "--agent-file", str(agent), "--server-stdio",
                       f"{sys.executable} -m tests.servers.exactly_one")
    assert code == 1
    assert "    warning in.exclusive  source" in out
    assert ("the agent may send `path` and `url` (always sent) together at `source`; the "
            "server takes them only apart (its `oneOf` there refuses a call") in out

    async def calls(session: Any) -> list[Any]:
        return [await session.call_tool_raw("fetch", {"source": source}, timeout=15)
                for source in ({"url": "u", "path": "p"}, {"url": "u"}, {"path": "p"})]
    both, url, path = in_session(stdio("tests.servers.exactly_one"), calls)
    assert both["isError"] is True and "not both" in both["content"][0]["text"]
    assert url["isError"] is False and path["isError"] is False


def test_a_null_input_schema_history_diffs_with_a_finding_not_an_input_error(tmp_path, capsys):
    """get_me's inputSchema went null -> {"type": "object"} -> null between releases of a real
    server: each step diffs (exit 1 while null, with its own finding; 0 when valid)."""
    history = [None, {"type": "object"}, None]
    files = []
    for i, schema in enumerate(history):
        f = tmp_path / f"v{i}.json"
        f.write_text(json.dumps({"tools": [{"name": "get_me", "inputSchema": schema}]}))
        files.append(f)
    agent = tmp_path / "agent.json"
    agent.write_text(json.dumps({"tools": [{"name": "get_me", "inputSchema": {"type": "object"}}]}))
    for server, expected in zip(files, (1, 0, 1), strict=True):
        code, out, err = run(capsys, "diff", "--agent-file", str(agent),
                             "--server-file", str(server))
        assert code == expected and "error" not in err, out + err
        assert ("tool.invalid-schema" in out) == (expected == 1)
        # extraction's own note on the null schema is said too (`parity diff` warnings)
        assert ("inputSchema is null" in err) == (expected == 1), err


#: a baseline entry a pull request could plant: a CSI clear-screen, an OSC set-title, a NUL
#: and a bidirectional override
PLANTED = {"path": "a\x1b]0;TITLE\x07b", "rule": "in.unknown", "tool": "t\x1b[2Jx\x00\u202e"}
PLANTED_SHOWN = "t\\x1b[2Jx\\x00\\u202e in.unknown a\\x1b]0;TITLE\\x07b"


def _plant(project: Path, *entries: dict) -> None:
    path = project / "baselines" / "wf.json"
    data = json.loads(path.read_text())
    data["entries"] += list(entries)
    path.write_text(json.dumps(data))


def test_baseline_lists_removed_entries_with_control_characters_shown(project, capsys):
    assert run(capsys, "baseline", "--init")[0] == 0
    _plant(project, PLANTED)
    code, out, _ = run(capsys, "baseline")
    assert code == 0
    assert f"  - {PLANTED_SHOWN}" in out.splitlines()
    assert not any(c in out for c in "\x1b\x07\x00\u202e")


def test_a_duplicate_entry_is_named_with_control_characters_shown(project, capsys):
    assert run(capsys, "baseline", "--init")[0] == 0
    _plant(project, PLANTED, PLANTED)
    code, _, err = run(capsys, "check")
    assert code == 2
    assert "1 duplicate entry" in err and f"({PLANTED_SHOWN})" in err
    assert not any(c in err for c in "\x1b\x07\x00\u202e")


@pytest.mark.parametrize("config", ["[tool.parity]\n",
                                    '[tool.parity.servers.x]\nstdio = "python -m x"\n'])
@pytest.mark.parametrize("command", [["check"], ["extract", "--check"], ["baseline"]])
def test_a_configuration_of_no_pair_checks_nothing_and_says_so(tmp_path, capsys, monkeypatch,
                                                                config, command):
    # a hook or CI job going green on nothing checked would look like a pass
    (tmp_path / "pyproject.toml").write_text(config)
    monkeypatch.chdir(tmp_path)
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "pyproject.toml: no pairs configured" in err and "[tool.parity.pairs.NAME]" in err
