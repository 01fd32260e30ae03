"""``parity.contract.check``: what the commands do, as library calls."""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path

import pytest

from parity.config.settings import load_config
from parity.contract import check as checking

REPO = Path(__file__).resolve().parents[2]


def test_a_check_runs_with_the_collector_paused_and_restores_it(monkeypatch,
                                                               tmp_path) -> None:
    """Loading and diffing a catalog builds millions of acyclic containers for a large one;
    the collector waits for the whole call, loading included, and is back on after it."""
    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path))  # nothing remembered: it loads
    seen: list[tuple[str, bool]] = []

    def spy(name, real):
        def call(*args, **kw):
            seen.append((name, gc.isenabled()))
            return real(*args, **kw)
        return call

    monkeypatch.setattr(checking.mf, "load", spy("load", checking.mf.load))
    monkeypatch.setattr(checking, "diff_manifests", spy("diff", checking.diff_manifests))
    pairs = list(load_config(REPO / "pyproject.toml").pairs.values())
    report = checking.check(pairs)
    assert report.pairs[0].verdict.new == () and gc.isenabled()
    assert seen == [("load", False), ("load", False), ("diff", False)]


def _two_pairs(tmp_path: Path) -> list:
    """The example pair twice, its files copied; the second's server manifest malformed."""
    import shutil
    from dataclasses import replace

    example = load_config(REPO / "pyproject.toml").pairs["workflow"]
    pairs = []
    for name in ("first", "second"):
        files = {}
        for key in ("agent_manifest", "server_manifest", "baseline"):
            files[key] = tmp_path / f"{name}.{Path(getattr(example, key)).name}"
            shutil.copy(getattr(example, key), files[key])
        pairs.append(replace(example, name=name, **files))
    Path(pairs[1].server_manifest).write_text("{not json")
    return pairs


def test_a_bad_manifest_leaves_every_baseline_as_it_was(tmp_path) -> None:
    """shrink and init read every pair's manifests before they write any baseline: a bad
    manifest in the second pair is exit 2 with the first pair's baseline untouched (init
    would otherwise refuse to run again over the baseline it had created)."""
    from parity.errors import ParityError

    first, second = _two_pairs(tmp_path)
    before = Path(first.baseline).read_bytes()
    data = json.loads(before)
    data["entries"].append({**data["entries"][0], "path": "stale.path"})  # shrinkable
    Path(first.baseline).write_text(json.dumps(data))
    stale = Path(first.baseline).read_bytes()
    with pytest.raises(ParityError, match="not valid JSON"):
        checking.shrink([first, second])
    assert Path(first.baseline).read_bytes() == stale
    for pair in (first, second):
        Path(pair.baseline).unlink()
    with pytest.raises(ParityError, match="not valid JSON"):
        checking.init([first, second])
    assert not Path(first.baseline).exists() and not Path(second.baseline).exists()
    assert checking.init([first])  # the first pair alone is fine


def _example_pair(tmp_path: Path):
    """The example pair with its files copied into ``tmp_path``."""
    import shutil
    from dataclasses import replace

    example = load_config(REPO / "pyproject.toml").pairs["workflow"]
    files = {}
    for key in ("agent_manifest", "server_manifest", "baseline"):
        files[key] = tmp_path / Path(getattr(example, key)).name
        shutil.copy(getattr(example, key), files[key])
    return replace(example, **files)


@pytest.mark.parametrize("side", ["agent_manifest", "server_manifest"])
def test_a_manifest_for_another_server_is_refused_not_compared_to_nothing(
        tmp_path, monkeypatch, side) -> None:
    """An edited ``server`` made every agent tool another server's: 0 compared, 0 new."""
    from parity.errors import FileFormatError

    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path / "cache"))
    pair = _example_pair(tmp_path)
    path = Path(getattr(pair, side))
    data = json.loads(path.read_text())
    assert data["server"] == "workflow"  # what `parity extract` records
    data["server"] = "other"
    path.write_text(json.dumps(data))
    with pytest.raises(FileFormatError) as info:
        checking.check([pair])
    error = info.value
    assert (error.file, error.location) == (str(path), "$.server")
    assert "'other'" in error.message and "'workflow'" in error.message
    assert "parity extract workflow" in error.hint


def test_a_renamed_server_is_refused_even_with_the_findings_remembered(
        tmp_path, monkeypatch) -> None:
    """The findings of the same bytes were remembered under the old server's name."""
    from dataclasses import replace

    from parity.errors import FileFormatError

    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path / "cache"))
    pair = _example_pair(tmp_path)
    assert checking.check([pair]).pairs[0].verdict.ok  # remembered now
    renamed = replace(pair, server=replace(pair.server, name="renamed"))
    with pytest.raises(FileFormatError, match="compares server 'renamed'"):
        checking.check([renamed])


def test_a_manifest_without_a_server_name_is_compared(tmp_path, monkeypatch) -> None:
    """A file written by hand may leave ``server`` out: nothing to hold it to."""
    monkeypatch.setenv("PARITY_NO_CACHE", "1")
    pair = _example_pair(tmp_path)
    path = Path(pair.server_manifest)
    data = json.loads(path.read_text())
    del data["server"]
    path.write_text(json.dumps(data))
    report = checking.check([pair])
    assert report.pairs[0].verdict.ok and len(report.pairs[0].tools) == 6


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_baseline_that_is_no_file_is_refused_not_read_as_none(tmp_path, capsys,
                                                                 kind: str) -> None:
    """A folder or a pipe where the baseline goes: ``check`` passed on it as "none yet"
    while ``--init`` refused it as existing, and ``--accept`` waited on the pipe forever."""
    from parity.cli.main import main
    from tests.projectfixtures import TOOLS_FILES_CONFIG, write_tools

    write_tools(tmp_path, "extra")
    config = tmp_path / "parity.toml"
    config.write_text(TOOLS_FILES_CONFIG, encoding="utf-8")
    assert main(["extract", "--config", str(config)]) == 0
    baseline = tmp_path / "baselines" / "wf.json"
    baseline.parent.mkdir(exist_ok=True)
    baseline.mkdir() if kind == "folder" else os.mkfifo(baseline)
    capsys.readouterr()
    for argv in (["check"], ["baseline"],
                 ["baseline", "--accept", "wf-mcp:search", "in.unknown", "extra",
                  "--reason", "r"]):
        assert main([*argv, "--config", str(config)]) == 2, argv
        err = capsys.readouterr().err
        assert f"{baseline}: not a file: a baseline is a JSON file" in err, err
