"""``parity.contract.remembered``: a pair's findings remembered by its manifests' bytes."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from parity.config.settings import load_config
from parity.contract import check as checking
from parity.contract import remembered
from parity.contract.remembered import PairFindings
from parity.contract.report.json import report_json
from parity.contract.rules import Finding
from parity.core.validate import text_digest
from parity.errors import ParityError

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def pair(tmp_path, monkeypatch):
    """The bundled example's pair, its files copied, with a cache of its own."""
    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PARITY_NO_CACHE", raising=False)
    example = load_config(REPO / "pyproject.toml").pairs["workflow"]
    files = {}
    for name in ("agent_manifest", "server_manifest", "baseline"):
        files[name] = tmp_path / Path(getattr(example, name)).name
        shutil.copy(getattr(example, name), files[name])
    return replace(example, **files)


def _remembered_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "findings").glob("*.json"))


def _key(pair) -> str:
    name = checking.findings_name(pair, text_digest(Path(pair.agent_manifest).read_bytes()),
                                  text_digest(Path(pair.server_manifest).read_bytes()))
    assert name is not None
    return name


def _planted(pair, tmp_path) -> Finding:
    """A finding no diff of the example makes, remembered under the example's key."""
    planted = Finding("compose_prompt", "in.unknown", "planted.path", "in", "error",
                      "planted by the test", "")
    remembered.remember(_key(pair), PairFindings((planted,), ("compose_prompt",)))
    assert len(_remembered_files(tmp_path)) == 1
    return planted


def test_a_second_check_reads_back_what_the_first_found(pair, tmp_path) -> None:
    first = checking.check([pair])
    assert len(_remembered_files(tmp_path)) == 1
    second = checking.check([pair])
    # every field of every finding (equality of findings compares their keys only)
    assert report_json(second) == report_json(first)
    assert second.pairs[0].verdict.known  # the example's differences came back
    assert second.pairs[0].tools == first.pairs[0].tools != ()


def test_remembered_findings_are_judged_instead_of_a_diff(pair, tmp_path, monkeypatch) -> None:
    planted = _planted(pair, tmp_path)

    def no_load(*args, **kwargs):
        raise AssertionError("a remembered pair is not loaded")

    monkeypatch.setattr(checking.mf, "load", no_load)
    verdict = checking.check([pair]).pairs[0].verdict
    assert verdict.new == (planted,)


def test_any_changed_byte_is_diffed_afresh(pair, tmp_path) -> None:
    planted = _planted(pair, tmp_path)
    path = Path(pair.server_manifest)
    path.write_bytes(path.read_bytes() + b"\n")  # still the same JSON
    verdict = checking.check([pair]).pairs[0].verdict
    assert planted not in verdict.new and verdict.known
    assert len(_remembered_files(tmp_path)) == 2


def test_swapped_manifests_are_not_the_same_pair(pair) -> None:
    agent, server = (Path(pair.agent_manifest).read_bytes(),
                     Path(pair.server_manifest).read_bytes())
    assert remembered.key(agent, server, ()) != remembered.key(server, agent, ())


def test_id_paths_are_part_of_the_key(pair) -> None:
    agent, server = (Path(pair.agent_manifest).read_bytes(),
                     Path(pair.server_manifest).read_bytes())
    keys = {remembered.key(agent, server, ids) for ids in ((), ("a",), ("a", "b"), ("ab",))}
    assert len(keys) == 4


@pytest.mark.parametrize("damage", [
    b"not json",
    b"[]",
    b'{"format": "parity.findings/2"}',
    b'{"format": "parity.findings/0", "key": "KEY", "tools": [], "findings": []}',
    b'{"format": "parity.findings/2", "key": "another", "tools": [], "findings": []}',
    b'{"format": "parity.findings/2", "key": "KEY", "tools": [1], "findings": []}',
    b'{"format": "parity.findings/2", "key": "KEY", "tools": [], "findings": [["t"]]}',
    b'{"format": "parity.findings/2", "key": "KEY", "tools": [], "findings": '
    b'[["t", "no.such.rule", "", "in", "error", "m", "", []]]}',
    b'{"format": "parity.findings/2", "key": "KEY", "tools": [], "findings": '
    b'[["t", "in.unknown", "", "sideways", "error", "m", "", []]]}',
    # a finding without its facts (``parity.findings/1``'s) would judge a baseline wrongly
    b'{"format": "parity.findings/2", "key": "KEY", "tools": [], "findings": '
    b'[["t", "in.unknown", "", "in", "error", "m", ""]]}',
    b'{"format": "parity.findings/2", "key": "KEY", "tools": [], "findings": '
    b'[["t", "in.unknown", "", "in", "error", "m", "", [1]]]}',
    b'{"format": "parity.findings/1", "key": "KEY", "tools": [], "findings": []}',
])
def test_a_damaged_file_counts_as_nothing_remembered(pair, tmp_path, damage) -> None:
    expected = checking.check([pair], remember=False)
    name = _key(pair)
    path = tmp_path / "cache" / "findings" / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(damage.replace(b"KEY", name.encode()))
    assert remembered.recall(name) is None
    assert checking.check([pair]) == expected
    assert remembered.recall(name) is not None  # rewritten


def test_an_invalid_manifest_is_refused_on_every_run(pair, tmp_path) -> None:
    path = Path(pair.agent_manifest)
    data = json.loads(path.read_text())
    tool = next(iter(data["tools"].values()))
    tool["in"]["bogus"] = {"type": ["string"]}  # no `required`
    path.write_text(json.dumps(data))
    for _ in range(2):
        with pytest.raises(ParityError, match="not a valid manifest"):
            checking.check([pair])
    assert _remembered_files(tmp_path) == []


def test_nothing_is_remembered_when_asked_not_to(pair, tmp_path, monkeypatch) -> None:
    checking.check([pair], remember=False)
    assert _remembered_files(tmp_path) == []
    monkeypatch.setenv("PARITY_NO_CACHE", "1")
    assert remembered.key(b"{}", b"{}", ()) is None
    checking.check([pair])
    assert _remembered_files(tmp_path) == []


def test_the_oldest_results_are_removed_past_the_limit(pair, tmp_path) -> None:
    result = PairFindings((), ())
    names = [remembered.key(str(i).encode(), b"", ()) for i in range(remembered.KEPT + 3)]
    for i, name in enumerate(names):
        assert name is not None
        remembered.remember(name, result)
        path = tmp_path / "cache" / "findings" / f"{name}.json"
        os.utime(path, ns=(i * 10**9, i * 10**9))  # written in this order
    kept = {p.stem for p in _remembered_files(tmp_path)}
    assert kept == set(names[3:])


def test_a_recalled_result_is_kept_longest(pair, tmp_path) -> None:
    result = PairFindings((), ())
    names = [remembered.key(str(i).encode(), b"", ()) for i in range(remembered.KEPT + 1)]
    for i, name in enumerate(names[:-1]):
        assert name is not None
        remembered.remember(name, result)
        path = tmp_path / "cache" / "findings" / f"{name}.json"
        os.utime(path, ns=(i * 10**9, i * 10**9))
    assert names[0] is not None and names[-1] is not None
    assert remembered.recall(names[0]) == result  # the oldest, used again
    remembered.remember(names[-1], result)  # one past the limit: the next oldest goes
    kept = {p.stem for p in _remembered_files(tmp_path)}
    assert names[0] in kept and names[1] not in kept and len(kept) == remembered.KEPT


def test_the_code_is_part_of_the_key(tmp_path) -> None:
    """An edited source tree (development, an editable install) is another parity."""
    (tmp_path / "pkg").mkdir()
    module = tmp_path / "pkg" / "rules.py"
    module.write_text("A = 1\n")
    before = list(remembered._sources(tmp_path))
    module.write_text("A = 22\n")
    after = list(remembered._sources(tmp_path))
    assert before[0].startswith("pkg/rules.py 6 ") and after[0].startswith("pkg/rules.py 7 ")


@pytest.mark.parametrize("remember", [True, False])
def test_each_manifest_is_hashed_once_per_check(pair, monkeypatch, remember) -> None:
    """The same digest names the remembered findings and the verdicts on each file (valid,
    laid out): a large file is not hashed twice."""
    import hashlib

    from parity.fieldpaths import manifest as mf

    monkeypatch.setattr(mf, "CUT_FROM_BYTES", 0)  # the example's files are small
    manifests = {Path(pair.agent_manifest).read_bytes(), Path(pair.server_manifest).read_bytes()}
    hashed: list[bytes] = []
    real = hashlib.sha256

    def spy(data: bytes = b"", **kwargs):
        if data in manifests:
            hashed.append(data)
        return real(data, **kwargs)

    monkeypatch.setattr(hashlib, "sha256", spy)
    for _ in range(3):  # the first check validates, the next ones find the verdicts
        hashed.clear()
        checking.check([pair], remember=remember)
        assert sorted(hashed) == sorted(manifests)
