"""Output that its encoding cannot carry is escaped, never a crash (exit 3, no report)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.projectfixtures import ONE_PAIR_CONFIG

CONFIG = ONE_PAIR_CONFIG

REASON = "已知问题 — é 𝄞 see #12"


def parity(root: Path, *argv: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": encoding}
    env.pop("PARITY_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "parity", *argv], cwd=root, env=env,
                          capture_output=True, timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
def test_a_reason_the_output_cannot_encode_is_escaped(tmp_path: Path, encoding: str) -> None:
    (tmp_path / "parity.toml").write_text(CONFIG, encoding="utf-8")
    for side, kind in (("agent", "string"), ("server", "integer")):
        (tmp_path / f"{side}_tools.json").write_text(json.dumps({"tools": [
            {"name": "t", "inputSchema": {"type": "object", "properties": {
                "é": {"type": kind}}}}]}), encoding="utf-8")
    assert parity(tmp_path, "extract", encoding="utf-8").returncode == 0
    assert parity(tmp_path, "baseline", "--init", "--reason", REASON,
                  encoding=encoding).returncode == 0
    text = parity(tmp_path, "check", encoding=encoding)
    assert (text.returncode, text.stderr) == (0, b"")
    assert "\\u5df2\\u77e5\\u95ee\\u9898" in text.stdout.decode(encoding)
    report = parity(tmp_path, "check", "--format", "json", encoding=encoding)
    assert report.returncode == 0, report.stderr
    known = json.loads(report.stdout.decode(encoding))["pairs"][0]["known"]
    assert [(k["path"], k["reason"]) for k in known] == [('"é"', REASON)]
