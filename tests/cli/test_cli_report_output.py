"""``check -o`` and ``diff -o``: the report goes to the file, its summary line to stderr."""

from __future__ import annotations

import pytest

from parity.cli.main import main
from parity.contract.report import FORMATS
from tests.cli.test_cli_check import CONFIG, write_manifests


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_report_written_to_a_file_leaves_its_summary_line_on_stderr(tmp_path, monkeypatch,
                                                                     capsys, fmt):
    """A CI log whose step failed says why, whatever format went to the file: the text
    report's last line (the text format printed nothing; the others `report written to`)."""
    (tmp_path / "parity.toml").write_text(CONFIG)
    write_manifests(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", "text"]) == 1
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("parity check: FAILED: 2 new differences")
    assert main(["check", "--format", fmt, "-o", "report.out"]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", last + "\n")
    assert (tmp_path / "report.out").stat().st_size > len(last)


def test_a_diff_written_to_a_file_says_ok_on_stderr(tmp_path, monkeypatch, capsys):
    tools = '{"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}'
    (tmp_path / "tools.json").write_text(tools)
    (tmp_path / "same.json").write_text(tools)
    monkeypatch.chdir(tmp_path)
    assert main(["diff", "--agent-file", "tools.json", "--server-file", "same.json",
                 "--format", "sarif", "-o", "r.sarif"]) == 0
    assert capsys.readouterr() == ("", "parity diff: ok: no differences\n")
