from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from parity.contract import baseline as bl
from parity.contract.baseline import Baseline, BaselineEntry, BaselineGrowthError
from parity.contract.rules import Finding
from parity.errors import FileFormatError, ParityError


def finding(tool: str, rule: str = "in.unknown", path: str = "x") -> Finding:
    return Finding(tool=tool, rule_id=rule, path=path, direction="in", severity="error",
                   message="m", hint="h")


def entries(*keys: tuple[str, str, str]) -> Baseline:
    return Baseline(tuple(BaselineEntry(*k) for k in keys))


def test_dumps_is_sorted_one_entry_per_line_and_round_trips(tmp_path):
    b = Baseline((BaselineEntry("z", "in.type", "a", facts=("null", "string")),
                  BaselineEntry("a", "out.missing", "", reason="tracked in #12"),
                  BaselineEntry("a", "in.unknown", "phases[].name")))
    text = bl.dumps(b)
    assert text == (
        '{\n'
        '  "entries": [\n'
        '    {"path": "phases[].name", "rule": "in.unknown", "tool": "a"},\n'
        '    {"path": "", "reason": "tracked in #12", "rule": "out.missing", "tool": "a"},\n'
        '    {"facts": ["null", "string"], "path": "a", "rule": "in.type", "tool": "z"}\n'
        '  ],\n'
        '  "format": "parity.baseline/2"\n'
        '}\n')
    bl.write(b, tmp_path / "b.json")
    loaded = bl.load(tmp_path / "b.json")
    assert loaded == b
    assert loaded.get(("a", "out.missing", "")).reason == "tracked in #12"
    assert loaded.get(("z", "in.type", "a")).facts == ("null", "string")
    assert bl.dumps(loaded) == text
    assert (tmp_path / "b.json").read_text(encoding="utf-8") == text


def test_judge_sorts_findings_into_new_known_and_stale():
    b = Baseline((BaselineEntry("a", "in.unknown", "x", "why"),
                  BaselineEntry("gone", "in.type", "y")))
    v = bl.judge([finding("a"), finding("b")], b)
    assert [f.tool for f in v.new] == ["b"]
    assert [f.tool for f in v.known] == ["a"]
    assert [e.tool for e in v.stale] == ["gone"]
    assert v.reasons == {("a", "in.unknown", "x"): "why"}
    assert not v.ok
    assert bl.judge([finding("a")], b.without(v.stale)).ok


def test_without_only_removes_and_is_immutable():
    b = entries(("a", "in.unknown", "x"), ("b", "in.unknown", "x"))
    smaller = b.without([BaselineEntry("a", "in.unknown", "x")])
    assert len(b) == 2 and len(smaller) == 1
    assert bl.growth(b, smaller) == ()


def test_accept_needs_a_reason_and_refuses_duplicates():
    with pytest.raises(ParityError, match="needs a reason"):
        Baseline().accept("a", "in.unknown", "x", "  ")
    b = Baseline().accept("a", "in.unknown", "x", "waiting on the server release")
    assert b.entries[0].reason == "waiting on the server release"
    with pytest.raises(ParityError, match="already has"):
        b.accept("a", "in.unknown", "x", "again")


def test_growth_is_refused_naming_the_new_entries():
    before = entries(("a", "in.unknown", "x"))
    after = before.accept("b", "in.type", "", "because")
    with pytest.raises(BaselineGrowthError) as exc:
        bl.ensure_no_growth(before, after, since="main")
    assert exc.value.entries == (BaselineEntry("b", "in.type", ""),)
    assert str(exc.value) == ("the baseline grew since main: 1 new entry\n"
                              "  + b in.type (root)  (reason: because)")
    assert exc.value.exit_code == 1


def test_load_validates_against_the_schema(tmp_path):
    f = tmp_path / "b.json"
    f.write_text(json.dumps({"format": "parity.baseline/1",
                             "entries": [{"tool": "a", "rule": "in.unknown"}]}))
    with pytest.raises(FileFormatError) as exc:
        bl.load(f)
    assert "'path' is a required property" in str(exc.value)
    assert "$.entries[0]" in str(exc.value)
    assert exc.value.exit_code == 2


def test_load_names_a_wrong_format(tmp_path):
    f = tmp_path / "b.json"
    f.write_text(json.dumps({"format": "parity.baseline/9", "entries": []}))
    with pytest.raises(FileFormatError, match=re.escape("'parity.baseline/9' is not supported")):
        bl.load(f)


def test_load_reports_every_duplicate(tmp_path):
    f = tmp_path / "b.json"
    e = {"tool": "a", "rule": "in.unknown", "path": "x"}
    f.write_text(json.dumps({"format": "parity.baseline/1",
                             "entries": [e, {**e, "reason": "r"}, e]}))
    with pytest.raises(FileFormatError) as exc:
        bl.load(f)
    text = str(exc.value)
    assert "2 duplicate entries" in text
    assert "$.entries[1] repeats $.entries[0]" in text
    assert "$.entries[2] repeats $.entries[0]" in text



@pytest.mark.parametrize(("text", "where", "key"), [
    # a reviewer sees no entries; parity would read the second list
    ('{"format": "parity.baseline/1", "entries": [], "entries": [ENTRY]}', "$", "entries"),
    # a reviewer sees tool t; parity would count the entry as tool u's
    ('{"format": "parity.baseline/1", "entries": [{"path": "x", "rule": "in.unknown", '
     '"tool": "t", "tool": "u"}]}', "$.entries[0]", "tool"),
])
def test_a_key_repeated_in_an_object_is_refused(tmp_path, text, where, key):
    f = tmp_path / "b.json"
    f.write_text(text.replace("ENTRY", '{"path": "x", "rule": "in.unknown", "tool": "t"}'))
    for read in (lambda: bl.load(f), lambda: bl.parse(f.read_text(), file=str(f))):
        with pytest.raises(FileFormatError) as exc:
            read()
        assert (exc.value.file, exc.value.location) == (str(f), where)
        assert f'repeats the key "{key}"' in exc.value.message

def test_a_write_killed_midway_leaves_the_old_file_intact(tmp_path, monkeypatch):
    f = tmp_path / "b.json"
    bl.write(entries(("a", "in.unknown", "x")), f)
    before = f.read_text()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # as if the run was stopped between write and rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        bl.write(Baseline(), f)
    assert f.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["b.json"]


# -- git -------------------------------------------------------------------------------------


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture
def repo(tmp_path):
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "config", "user.email", "t@example.invalid")
    git(tmp_path, "config", "user.name", "t")
    git(tmp_path, "config", "commit.gpgsign", "false")
    return tmp_path


def commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def test_load_at_ref_reads_without_checkout(repo):
    f = repo / "baselines" / "p.json"
    bl.write(entries(("a", "in.unknown", "x")), f)
    commit(repo, "one")
    bl.write(entries(("a", "in.unknown", "x"), ("b", "in.type", "y")), f)
    commit(repo, "two")
    old = bl.load_at_ref(f, "HEAD~1")
    assert old == entries(("a", "in.unknown", "x"))
    assert [e.tool for e in bl.growth(old, bl.load(f))] == ["b"]
    assert bl.load_at_ref(repo / "baselines" / "new.json", "HEAD") is None
    with pytest.raises(ParityError, match="git ref 'nope' not found"):
        bl.load_at_ref(f, "nope")


def test_load_at_ref_follows_the_links_the_ref_holds_and_only_those(repo):
    """The configured path is read at REF as REF stored it: a link there is followed within
    the tree (a folder's too), a link in the working tree is not (it may be new)."""
    f = repo / "baselines" / "p.json"
    one = entries(("a", "in.unknown", "x"))
    bl.write(one, repo / "kept" / "real.json")
    f.parent.mkdir()
    f.symlink_to("../kept/real.json")
    (repo / "folder").symlink_to("kept")
    commit(repo, "links")
    f.unlink()
    f.symlink_to("elsewhere.json")  # a link made since: not what HEAD holds
    bl.write(entries(("b", "in.type", "y")), repo / "baselines" / "elsewhere.json")
    assert bl.load_at_ref(f, "HEAD") == one
    assert bl.load_at_ref(repo / "folder" / "real.json", "HEAD") == one
    assert bl.load_at_ref(repo / "folder" / "none.json", "HEAD") is None


@pytest.mark.parametrize(("target", "said"), [
    ("../../outside.json", "a link leading out of the repository"),
    ("/etc/hostname", "a link leading out of the repository"),
    ("p.json", "a loop of links"),
])
def test_a_link_at_the_ref_that_leaves_the_tree_is_refused(repo, target, said):
    f = repo / "baselines" / "p.json"
    f.parent.mkdir()
    f.symlink_to(target)
    commit(repo, "a bad link")
    with pytest.raises(ParityError, match=said) as info:
        bl.load_at_ref(f, "HEAD")
    assert info.value.exit_code == 2


def test_a_committed_baseline_that_is_not_utf8_is_named_at_its_ref(repo):
    """``git show`` gives bytes: a baseline committed in another encoding is a malformed
    file named with its ref, not a decoding crash (exit 3)."""
    f = repo / "baselines" / "p.json"
    f.parent.mkdir()
    f.write_bytes(b"\xff\xfe{\x00}\x00")
    commit(repo, "utf-16")
    bl.write(entries(("a", "in.unknown", "x")), f)
    with pytest.raises(FileFormatError, match="not UTF-8") as info:
        bl.load_at_ref(f, "HEAD")
    assert info.value.file == "HEAD:baselines/p.json"


def test_branches_fixing_different_entries_merge_without_conflict(repo):
    f = repo / "b.json"
    keys = [(f"tool{i}", "in.unknown", "x") for i in range(6)]
    bl.write(entries(*keys), f)
    commit(repo, "base")
    git(repo, "checkout", "-q", "-b", "fix-one")
    bl.write(bl.load(f).without([BaselineEntry(*keys[1])]), f)
    commit(repo, "fix tool1")
    git(repo, "checkout", "-q", "main")
    bl.write(bl.load(f).without([BaselineEntry(*keys[4])]), f)
    commit(repo, "fix tool4")
    git(repo, "merge", "-q", "--no-edit", "fix-one")  # check=True: a conflict fails here
    assert bl.load(f) == entries(*(k for i, k in enumerate(keys) if i not in (1, 4)))


def facts(tool: str, *units: str, rule: str = "in.enum") -> Finding:
    return Finding(tool=tool, rule_id=rule, path="x", direction="in", severity="error",
                   message="m", hint="h", facts=units)


def test_judge_holds_an_entry_to_the_facts_it_records():
    b = Baseline((BaselineEntry("a", "in.enum", "x", facts=('"c"',)),
                  BaselineEntry("b", "in.enum", "x", facts=('"a"', '"c"')),
                  BaselineEntry("c", "in.enum", "x"),
                  BaselineEntry("d", "in.enum", "x", facts=('"a"',))))
    v = bl.judge([facts("a", '"a"', '"b"', '"c"'), facts("b", '"c"'), facts("c", '"z"'),
                  facts("d", '"a"')], b)
    assert [f.tool for f in v.known] == ["c", "d"]  # no facts recorded: anything at its key
    assert [(c.key[0], c.narrowed) for c in v.changed] == [("a", False), ("b", True)]
    assert [c.describe() for c in v.changed] == [
        'a in.enum x: accepted for "c"; now also "a", "b"',
        'b in.enum x: accepted for "a", "c"; now only "c"']
    assert not v.ok and not v.new and not v.stale
    # a finding without facts (its rule records none) is known: nothing to hold it to
    assert bl.judge([facts("d")], b).known == (facts("d"),)
    # findings sharing a key are judged by their facts together
    assert bl.judge([facts("d", '"a"'), facts("d", '"b"')], b).changed[0].finding.facts == (
        '"a"', '"b"')


def test_changed_shows_control_characters_never_obeys_them():
    c = bl.judge([facts("a", '"\x1b[2J"')],
                 Baseline((BaselineEntry("a", "in.enum", "x", facts=('"c"',)),))).changed[0]
    assert "\x1b" not in c.describe() and "\\x1b" in c.describe()


def test_growth_counts_entries_whose_facts_are_no_subset_of_the_ref_s():
    before = Baseline((BaselineEntry("a", "in.enum", "x", facts=('"a"', '"b"')),
                       BaselineEntry("b", "in.enum", "x"),
                       BaselineEntry("c", "in.enum", "x", facts=('"a"',))))
    after = Baseline((BaselineEntry("a", "in.enum", "x", facts=('"a"',)),  # narrowed
                      BaselineEntry("b", "in.enum", "x", facts=('"z"',)),  # recorded
                      BaselineEntry("c", "in.enum", "x")))  # facts dropped: covers anything
    assert [e.tool for e in bl.growth(before, after)] == ["c"]
    wider = Baseline((BaselineEntry("a", "in.enum", "x", facts=('"a"', '"c"')),))
    with pytest.raises(BaselineGrowthError, match='accepted for "a", "c"'):
        bl.ensure_no_growth(before, wider)


def test_accept_reviews_a_changed_entry_again_and_refuses_the_same_difference():
    b = Baseline((BaselineEntry("a", "in.enum", "x", "old", facts=('"c"',)),))
    again = b.accept("a", "in.enum", "x", "new", ('"b"', '"c"'))
    assert [(e.reason, e.facts) for e in again.entries] == [("new", ('"b"', '"c"'))]
    with pytest.raises(ParityError, match=r"already has a in\.enum x"):
        again.accept("a", "in.enum", "x", "again", ('"b"', '"c"'))


def test_a_v1_file_is_read_and_written_as_v2(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps({"format": "parity.baseline/1", "entries": [
        {"tool": "a", "rule": "in.enum", "path": "x", "reason": "r"}]}))
    loaded = bl.load(tmp_path / "b.json")
    assert loaded.format == "parity.baseline/1" and loaded.entries[0].facts == ()
    assert '"format": "parity.baseline/2"' in bl.dumps(loaded)
