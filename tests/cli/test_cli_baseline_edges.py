"""The baseline at its edges: entries that cannot be verified, baseline files of no pair,
a property named ``$``, and what a known entry covers now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parity.cli.main import main
from tests.projectfixtures import ONE_PAIR_CONFIG

S = {"type": "string"}
CONFIG = ONE_PAIR_CONFIG


def tools(properties: dict[str, Any], closed: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if closed:
        schema["additionalProperties"] = False
    return {"tools": [{"name": "t", "inputSchema": schema}]}


def write(root: Path, agent: dict[str, Any], server: dict[str, Any]) -> None:
    (root / "agent_tools.json").write_text(json.dumps(agent), encoding="utf-8")
    (root / "server_tools.json").write_text(json.dumps(server), encoding="utf-8")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> Path:
    """A pair whose tool ``t`` differs in the type of ``a`` (``in.type a``), baselined."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parity.toml").write_text(CONFIG, encoding="utf-8")
    write(tmp_path, tools({"a": {"type": "string"}}), tools({"a": {"type": "integer"}}))
    assert main(["extract"]) == 0
    assert main(["baseline", "--init", "--reason", "reviewed"]) == 0
    capsys.readouterr()
    return tmp_path


def entries(root: Path, pair: str = "p") -> list[dict[str, str]]:
    data = json.loads((root / "baselines" / f"{pair}.json").read_text(encoding="utf-8"))
    return list(data["entries"])


def test_an_entry_under_an_unresolved_reference_is_kept_not_stale(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The server's ``a`` becomes a remote ``$ref``, which parity never fetches: the
    difference can no longer be seen. It was reported stale ("the difference is gone") and
    ``parity baseline`` deleted the reviewed entry."""
    write(project, tools({"a": {"type": "string"}}),
          tools({"a": {"$ref": "https://example.invalid/int.json"}}))
    assert run(["extract"], capsys)[0] == 0
    code, out, _ = run(["check"], capsys)
    assert code == 0, out
    assert "0 stale baseline entries" in out
    assert "warning: 1 path cannot be compared" in out and "    t  in  a" in out
    assert "1 baseline entry cannot be verified (kept)" in out
    code, out, _ = run(["check", "--format", "json"], capsys)
    pair = json.loads(out)["pairs"][0]
    assert pair["stale"] == [] and pair["unverified"] == [
        {"tool": "t", "rule": "in.type", "path": "a", "reason": "reviewed",
         "facts": ["string"]}]
    assert pair["unverifiable"] == [{"tool": "t", "direction": "in", "path": "a"}]
    before = entries(project)
    code, out, _ = run(["baseline"], capsys)
    assert code == 0 and "kept 1 entry that cannot be verified" in out
    assert entries(project) == before


def test_a_baseline_file_of_no_configured_pair_fails_the_check(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Pair ``p`` removed (or renamed) from the configuration: its baseline was left behind,
    and ``check`` (``--against`` too) passed without a word."""
    config = project / "parity.toml"
    config.write_text(CONFIG.replace("[pairs.p", "[pairs.q"), encoding="utf-8")
    (project / "baselines" / "notes.json").write_text('{"other": "json"}', encoding="utf-8")
    assert run(["extract"], capsys)[0] == 0
    assert run(["baseline", "--init", "--reason", "reviewed"], capsys)[0] == 0
    code, out, _ = run(["check"], capsys)
    assert code == 1
    assert ("baseline baselines/p.json: no configured pair reads it (the pair was removed or "
            "renamed): delete it in this same change, or rename it with the pair") in out
    assert out.endswith("1 known, 1 baseline file of no pair\n")
    assert "notes.json" not in out  # not a baseline: not parity's
    code, out, _ = run(["check", "--format", "json"], capsys)
    assert code == 1 and json.loads(out)["orphans"] == ["baselines/p.json"]
    code, out, _ = run(["check", "--format", "github"], capsys)
    assert code == 1 and "::error file=baselines/p.json,title=parity baseline file" in out
    assert run(["check", "q"], capsys)[0] == 0  # a check of one pair is about that pair
    code, out, _ = run(["baseline"], capsys)
    assert code == 0 and "baseline baselines/p.json: no configured pair reads it" in out
    (project / "baselines" / "p.json").unlink()
    assert run(["check"], capsys)[0] == 0


@pytest.mark.parametrize("spelling", ["$", '"$"'])
def test_a_property_named_dollar_can_be_accepted(
        project: Path, capsys: pytest.CaptureFixture[str], spelling: str) -> None:
    """Reports print a property named ``$`` as ``$``, which ``--accept`` read as the root:
    the difference could not be accepted. The root is ``""`` or ``(root)``, as printed."""
    (project / "baselines" / "p.json").unlink()
    write(project, tools({"$": {"type": "string"}}), tools({"$": {"type": "integer"}}))
    assert run(["extract"], capsys)[0] == 0
    code, out, _ = run(["check"], capsys)
    assert code == 1 and "in.type  $\n" in out
    code, out, err = run(["baseline", "--accept", "t", "in.type", spelling, "--reason", "r"],
                         capsys)
    assert (code, err) == (0, ""), err
    assert out == "pair p: accepted t in.type $ into baselines/p.json\n"
    assert entries(project) == [{"tool": "t", "rule": "in.type", "path": "$", "reason": "r",
                                 "facts": ["string"]}]
    assert run(["check"], capsys)[0] == 0


@pytest.mark.parametrize("spelling", ["", "(root)"])
def test_the_root_is_accepted_as_printed_or_empty(
        project: Path, capsys: pytest.CaptureFixture[str], spelling: str) -> None:
    (project / "baselines" / "p.json").unlink()
    write(project, {"tools": [{"name": "t", "inputSchema": {"type": "object"},
                               "outputSchema": {"type": "object", "properties": {"x": S}}}]},
          tools({}))
    assert run(["extract"], capsys)[0] == 0
    code, out, _ = run(["check"], capsys)
    assert code == 1 and "out.undeclared  (root)" in out, out
    code, out, err = run(["baseline", "--accept", "t", "out.undeclared", spelling,
                          "--reason", "r"], capsys)
    assert (code, err) == (0, "")
    assert entries(project) == [{"tool": "t", "rule": "out.undeclared", "path": "",
                                 "reason": "r"}]


def test_a_known_entry_shows_the_difference_it_covers_now(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A known entry is listed with the difference as it is now, so a reviewer sees it."""
    code, out, _ = run(["check"], capsys)
    assert code == 0
    assert ("    t  in.type  a  (reviewed)\n"
            "      now: the agent may send string at `a`, the server accepts only integer; "
            "such calls are rejected\n") in out


def test_an_entry_does_not_cover_another_type_at_its_key(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Reviewed for string against integer, the entry covered the agent's ``a`` turned into
    an object too: the check passed on a difference nobody reviewed. It records its facts
    (the types the agent may send that the server refuses) and fails on others."""
    assert entries(project)[0]["facts"] == ["string"]
    write(project, tools({"a": {"type": "object"}}), tools({"a": {"type": "integer"}}))
    assert run(["extract"], capsys)[0] == 0
    code, out, _ = run(["check"], capsys)
    assert code == 1, out
    assert ("    t in.type a: accepted for string; now object\n"
            "      now: the agent may send object at `a`, the server accepts only integer; "
            "such calls are rejected\n") in out
    assert out.endswith("parity check: FAILED: 0 new differences, 0 stale baseline entries, "
                        "0 known, 1 changed baseline entry\n")
    code, out, _ = run(["baseline"], capsys)  # the shrink path never widens an entry
    assert code == 0 and "  ! t in.type a: accepted for string; now object\n" in out
    assert entries(project)[0]["facts"] == ["string"]
    code, out, err = run(["baseline", "--accept", "t", "in.type", "a"], capsys)
    assert code == 2 and "--reason" in err
    code, out, err = run(["baseline", "--accept", "t", "in.type", "a", "--reason", "objects "
                          "too, for now"], capsys)
    assert (code, err) == (0, "")
    assert entries(project) == [{"tool": "t", "rule": "in.type", "path": "a",
                                 "reason": "objects too, for now", "facts": ["object"]}]
    assert run(["check"], capsys)[0] == 0
    code, out, err = run(["baseline", "--accept", "t", "in.type", "a", "--reason", "x"],
                         capsys)
    assert code == 2 and "the baseline already has t in.type a" in err
