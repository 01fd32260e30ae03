"""``parity lock --protocol`` and a server's ``protocol`` key: a lock records the MCP
protocol version its listing was made under, and ``verify`` (and a re-lock) lists under it
again. tests.servers.array_output lists a tool only MCP 2026-07-28 can carry."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.mcp import SDK_MAJOR
from parity.pinning.lock import load
from tests.lockfixtures import ROOT, stdio_line

pytestmark = pytest.mark.slow
MODERN = "2026-07-28"
needs_2x = pytest.mark.skipif(SDK_MAJOR < 2, reason="MCP 2026-07-28 is the 2.x SDK's")


@pytest.fixture(autouse=True)
def _at_root(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def configured(tmp_path: Path, protocol: str) -> Path:
    config = tmp_path / "parity.toml"
    config.write_text(f"""
[servers.arrays]
stdio = {json.dumps([sys.executable, "-m", "tests.servers.array_output"])}
cwd = {json.dumps(str(ROOT))}
protocol = {json.dumps(protocol)}
""", encoding="utf-8")
    return config


@needs_2x
def test_a_lock_listed_under_2026_is_verified_and_relocked_under_it(tmp_path, capsys) -> None:
    path = tmp_path / "arrays.lock.json"
    ad_hoc = ["--stdio", stdio_line("array_output"), "--lock", str(path)]
    code, _, err = run(capsys, "lock", *ad_hoc)
    assert code == 2 and not path.exists()
    assert f"hint: a server that speaks MCP {MODERN} may list tools an older version " \
           f"cannot carry" in err and f"--protocol {MODERN}" in err
    code, out, err = run(capsys, "lock", *ad_hoc, "--protocol", MODERN)
    assert code == 0, err
    assert "locked 1 tool in" in out
    pinned = load(path)
    assert pinned.protocol_version == MODERN and sorted(pinned.tools) == ["recent"]
    written = path.read_bytes()
    # verify, and lock over it, list as it was listed: no flag needed
    code, out, err = run(capsys, "verify", *ad_hoc)
    assert code == 0 and "tools match the lock" in out, err
    code, out, err = run(capsys, "lock", *ad_hoc)
    assert code == 0 and "is up to date (1 tool)" in out, err
    assert path.read_bytes() == written
    # told otherwise, the handshake is spoken (and cannot list this server)
    code, _, err = run(capsys, "lock", *ad_hoc, "--protocol", "2025-11-25", "--yes")
    assert code == 2 and "Handler returned an invalid result" in err
    assert path.read_bytes() == written


@needs_2x
def test_a_configured_protocol_is_spoken_by_lock_and_verify(tmp_path, capsys) -> None:
    config = configured(tmp_path, MODERN)
    code, out, err = run(capsys, "lock", "--config", str(config))
    assert code == 0, err
    lock = tmp_path / "manifests" / "arrays.lock.json"
    assert load(lock).protocol_version == MODERN
    code, out, err = run(capsys, "verify", "--config", str(config))
    assert code == 0 and "tools match the lock" in out, err


@pytest.mark.parametrize(("protocol", "said"), [
    ("latest", "servers.arrays.protocol = 'latest': expected auto, or an MCP protocol version"),
    ("2025-01-01", "unknown MCP protocol version '2025-01-01'")])
def test_a_protocol_no_sdk_speaks_is_a_configuration_error(tmp_path, capsys, protocol,
                                                           said) -> None:
    code, _, err = run(capsys, "lock", "--config", str(configured(tmp_path, protocol)))
    assert code == 2 and said in err, err
    assert "Traceback" not in err
    assert not (tmp_path / "manifests").exists()


def test_an_unknown_protocol_option_is_a_usage_error(tmp_path, capsys) -> None:
    path = tmp_path / "arrays.lock.json"
    code, _, err = run(capsys, "lock", "--stdio", stdio_line("array_output"), "--lock",
                       str(path), "--protocol", "2025-01-01")
    assert code == 2 and "unknown MCP protocol version '2025-01-01'" in err
    assert "hint: choose auto or one of 2024-11-05" in err
    assert not path.exists()


@pytest.mark.skipif(SDK_MAJOR >= 2, reason="the 1.x SDK knows no 2026 version")
def test_2026_under_the_1x_sdk_says_which_sdk_to_install(tmp_path, capsys) -> None:
    path = tmp_path / "arrays.lock.json"
    code, _, err = run(capsys, "lock", "--stdio", stdio_line("lock_weather"), "--lock",
                       str(path), "--protocol", MODERN)
    assert code == 2 and f"'{MODERN}' is not one the installed mcp 1.x SDK speaks" in err
    assert "hint: MCP 2026-07-28 needs mcp>=2" in err and not path.exists()
