"""``parity drill`` chooses the project's configured server whatever ``--transport`` says, and
refuses a transport the server is not served over (exit 2), with or without ``--server``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # one stdio SDK server configured; the bundled example is still found beside this parity
    command = json.dumps([sys.executable, "-m", "tests.servers.spelled_complete"])
    (tmp_path / "parity.toml").write_text(
        f'[servers.rows]\nstdio = {command}\ncwd = {json.dumps(str(ROOT))}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("argv", [["--transport", "http"], ["--transport", "all"],
                                  ["--server", "rows", "--transport", "http"]])
def test_a_transport_the_configured_server_is_not_served_over_is_refused(
        project: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["drill", *argv, "--modes", "none", "--calls", "1"])
    out, err = capsys.readouterr()
    assert code == 2, out
    assert "workflow" not in out  # never the bundled example in the project's place
    assert f"server 'rows' is drilled over its own transport (stdio), not {argv[-1]}" in err


def test_the_configured_servers_own_transport_drills_it(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["drill", "--transport", "stdio", "--modes", "none", "--calls", "1",
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out
    assert [(t["server"], t["transport"]) for t in out["targets"]] == [("rows", "stdio")]
