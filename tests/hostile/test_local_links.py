"""Committed links and endless files: a file parity names itself (a pair's manifests and
baseline, a server's default lock) that is a link out of the project, or a loop of links,
is a configuration mistake in every command (nothing is written through it); a file larger
than parity reads, or one that never ends, is exit 2 naming it; a mistake in a table of
secrets never shows them."""

from __future__ import annotations

from pathlib import Path

import pytest

from parity.cli.main import main
from parity.core import reading
from tests.projectfixtures import TOOLS_FILES_CONFIG as CONFIG
from tests.projectfixtures import write_tools

DERIVED = ["manifests/wf.agent.json", "manifests/wf.server.json", "baselines/wf.json",
           "manifests/wf.lock.json"]
COMMANDS = [["extract"], ["check"], ["baseline", "--init"], ["lock", "--yes"], ["verify"]]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def project(root: Path) -> Path:
    write_tools(root, "f1")
    config = root / "parity.toml"
    config.write_text(CONFIG, encoding="utf-8")
    return config


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("derived", DERIVED)
def test_a_link_out_of_the_project_is_refused_and_nothing_is_written_through_it(
        tmp_path, capsys, derived: str, command: list[str]) -> None:
    (tmp_path / "p").mkdir()
    config = project(tmp_path / "p")
    outside = tmp_path / "outside" / "victim.json"
    link = tmp_path / "p" / derived
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside)
    code, out = run(capsys, *command, "--config", str(config))
    assert code == 2, out
    assert f"'{derived} -> " in out and "inside the configuration's folder" in out
    assert not outside.parent.exists()


@pytest.mark.parametrize("derived", DERIVED)
def test_a_loop_of_links_is_a_mistake_naming_it(tmp_path, capsys, derived: str) -> None:
    config = project(tmp_path)
    link = tmp_path / derived
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(link.name)
    code, out = run(capsys, "check", "--config", str(config))
    assert code == 2, out
    assert derived in out and "loop of links" in out and "Traceback" not in out


def test_a_link_inside_the_project_is_written_through(tmp_path, capsys) -> None:
    config = project(tmp_path)
    shared = tmp_path / "shared" / "wf.json"
    shared.parent.mkdir()
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    (tmp_path / "baselines").mkdir()
    (tmp_path / "baselines" / "wf.json").symlink_to(shared)
    assert run(capsys, "baseline", "--init", "--config", str(config))[0] == 0
    assert (tmp_path / "baselines" / "wf.json").is_symlink() and shared.is_file()
    assert run(capsys, "check", "--config", str(config))[0] == 0


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(reading, "MAX_FILE_BYTES", 2**16)
    return 2**16


@pytest.mark.parametrize("endless", [False, True])
def test_a_tool_file_past_the_limit_is_exit_2_naming_it(tmp_path, capsys, small_limit,
                                                        endless: bool) -> None:
    config = project(tmp_path)
    server = tmp_path / "tools" / "server.json"
    server.unlink()
    if endless:
        server.symlink_to("/dev/zero")
    else:
        server.write_bytes(b" " * (small_limit + 1))
    for argv in (["extract", "--config", str(config)], ["paths", str(server)]):
        code, out = run(capsys, *argv)
        assert code == 2, out
        assert "server.json" in out and "larger than" in out, out


def test_reading_keeps_what_fits_and_ends_line_ends_as_read_text_does(tmp_path,
                                                                     small_limit) -> None:
    file = tmp_path / "f.txt"
    file.write_bytes(b"a\r\nb\rc\n" + b"x" * (small_limit - 7))
    assert reading.read_limited(file) == file.read_bytes()
    assert reading.read_text(file) == file.read_text(encoding="utf-8")
    file.write_bytes(b"x" * (small_limit + 1))
    with pytest.raises(reading.TooLargeError):
        reading.read_limited(file)


def test_a_mistake_in_a_table_of_secrets_never_shows_them(tmp_path, capsys) -> None:
    secret = "sk-live-abcdef123456"
    (tmp_path / "parity.toml").write_text(f"""
[servers.s]
stdio = "python -m my_server"
env = {{API_KEY = "{secret}", PORT = 8080}}
surface = "{secret}"
headers = "Bearer {secret}"
""", encoding="utf-8")
    code, out = run(capsys, "check", "--config", str(tmp_path / "parity.toml"))
    assert code == 2, out
    assert "servers.s.env.PORT = (an integer): expected a string" in out
    assert "servers.s.headers = (a string): expected a table of strings" in out
    assert "servers.s.surface = '***'" in out
    assert secret not in out and "sk-live" not in out
