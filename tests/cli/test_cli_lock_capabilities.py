"""``parity lock --capabilities``: a lock records the client capabilities its listing was made
under, ``verify`` lists under the same ones, and a refusal through a client that declares
others says so (tests.servers.caps_raw lists tools by declared capability)."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from parity.cli.main import main
from parity.errors import ToolDriftError
from parity.mcp import open_session
from parity.pinning.lock import load
from parity.runtime.client import verify_tools
from tests.lockfixtures import ROOT, stdio_line, stdio_spec

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _at_root(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)


def lock(tmp_path: Path, capsys, *extra: str) -> tuple[int, Path]:
    path = tmp_path / "caps.lock.json"
    code = main(["lock", "--stdio", stdio_line("caps_raw"), "--lock", str(path), "--yes",
                 *extra])
    capsys.readouterr()
    return code, path


def test_default_lock_declares_nothing_like_the_sdk_default_client(tmp_path, capsys) -> None:
    code, path = lock(tmp_path, capsys)
    assert code == 0
    data = json.loads(path.read_text())
    assert data["server"]["client_capabilities"] == []
    assert sorted(data["tools"]) == ["echo"]


def test_capabilities_option_lists_what_such_a_client_sees(tmp_path, capsys) -> None:
    code, path = lock(tmp_path, capsys, "--capabilities", "sampling,roots")
    assert code == 0
    pinned = load(path)
    assert pinned.client_capabilities == ("roots", "sampling")
    assert sorted(pinned.tools) == ["echo", "get-roots-list", "trigger-sampling-request"]
    # verify lists under the lock's capabilities: clean
    code = main(["verify", "--stdio", stdio_line("caps_raw"), "--lock", str(path)])
    out = capsys.readouterr().out
    assert code == 0, out


def test_unknown_capability_is_a_usage_error(tmp_path, capsys) -> None:
    path = tmp_path / "caps.lock.json"
    code = main(["lock", "--stdio", stdio_line("caps_raw"), "--lock", str(path),
                 "--capabilities", "roots,telepathy"])
    err = capsys.readouterr().err
    assert code == 2
    assert "telepathy" in err and "roots, sampling" in err.replace("elicitation, ", "")
    assert not path.exists()


def test_refusal_through_other_capabilities_says_how_to_relock(tmp_path, capsys) -> None:
    _, path = lock(tmp_path, capsys, "--capabilities", "roots")

    async def check() -> None:
        async with open_session(stdio_spec("caps_raw", name="caps")) as session:  # none
            await verify_tools(session, path)

    with pytest.raises(ToolDriftError) as caught:
        anyio.run(check)
    text = str(caught.value)
    assert "'get-roots-list'" in text
    assert "the lock was listed with client capabilities: roots" in text
    assert "this client declares: none" in text
    assert "parity.lock_tools" in text
