"""Every file parity reads, mutated at random, gives exit 0, 1 or 2, never exit 3.

A committed file and a server's tools are untrusted: a malformed one is exit 2 with one
message naming it, and nothing else escapes as "unexpected error". The files are the
repository's own (its manifests, baseline and configuration), a published server's
`tools/list` result with its lock and snapshot, and an event trail; each example mutates
one of them (a key removed, a value of another type, a JSON Schema keyword with a hostile
value, the bytes cut or spliced) and runs the commands that read it. Searches like this
one found the bugs it now holds fixed: an empty `tools` list read as one tool, a lock's
`format` that is an object, paths the file system refuses, a definition nested deeper
than orjson renders, a snapshot that is not UTF-8.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.cli.main import main
from parity.core.trail import TrailWriter
from tests.hostile.mutations import mutate
from tests.properties import draws

REPO = Path(__file__).resolve().parents[2]
PUBLISHED = REPO / "tests" / "fixtures" / "published" / "tools.json"


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The originals: the repository's project files, a published server's tools, its lock."""
    root = tmp_path_factory.mktemp("originals")
    for folder in ("manifests", "baselines"):
        shutil.copytree(REPO / folder, root / folder)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    tools = next(iter(json.loads(PUBLISHED.read_text(encoding="utf-8")).values()))
    (root / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    assert main(["lock", "--tools-file", str(root / "tools.json"), "--lock",
                 str(root / "tools.lock.json")]) == 0
    assert main(["snapshot", "--tools-file", str(root / "tools.json"), "-o",
                 str(root / "snapshot.json")]) == 0
    trail = TrailWriter(root / "events.jsonl")
    for i in range(3):
        trail({"event": "result", "correlation_id": f"parity-{i}", "ok": i != 1})
    trail.close()
    return root


#: file -> the command lines that read it ({m}: the mutated copy, {o}: the originals)
READERS: dict[str, list[list[str]]] = {
    "manifests/workflow.agent.json": [["check", "--config", "{o}/pyproject.toml"]],
    "manifests/workflow.server.json": [["check", "--config", "{o}/pyproject.toml",
                                        "--format", "json"], ["paths", "{m}"]],
    "baselines/workflow.json": [["check", "--config", "{o}/pyproject.toml"]],
    "pyproject.toml": [["check", "--config", "{m}"], ["baseline", "--config", "{m}"]],
    "tools.json": [["verify", "--tools-file", "{m}", "--lock", "{o}/tools.lock.json"],
                   ["lock", "--tools-file", "{m}", "--lock", "{o}/new/tools.lock.json"],
                   ["diff", "--agent-file", "{o}/tools.json", "--server-file", "{m}"],
                   ["paths", "{m}", "--format", "json"]],
    "tools.lock.json": [["verify", "--tools-file", "{o}/tools.json", "--lock", "{m}"]],
    "events.jsonl": [["trail", "verify", "{m}"], ["trail", "verify", "{m}", "--open"]],
    "snapshot.json": [["snapshot", "--tools-file", "{o}/tools.json", "-o", "{m}", "--check"]],
}


@settings(max_examples=draws(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(READERS)), st.randoms(use_true_random=False))
def test_a_mutated_file_is_read_or_refused_naming_it(
        sources: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str],
        name: str, rnd: random.Random) -> None:
    work = tmp_path_factory.mktemp("mutated")
    for item in sources.iterdir():  # a project of its own: `check` reads beside the config
        (shutil.copytree if item.is_dir() else shutil.copy)(item, work / item.name)
    mutated = work / name
    mutated.write_bytes(mutate(mutated.read_bytes(), rnd, schema=name == "tools.json",
                               parsed=name.endswith(".json")))
    for argv in READERS[name]:
        code = main([a.format(m=mutated, o=work) for a in argv])
        err = capsys.readouterr().err
        assert code in (0, 1, 2), (argv, err)
        assert "unexpected error" not in err and "Traceback" not in err, (argv, err)
        if code == 2:  # one message, naming the file
            assert err.count("parity: error:") == 1, (argv, err)
            assert mutated.name in err, (argv, err)
