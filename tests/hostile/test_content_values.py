"""Server-controlled values canonical JSON cannot carry: input errors, never a crash (exit 3).

Files give exit 2 naming the file and the JSON pointer; a live server's tool is rejected as a
malformed response naming the tool and the pointer; a tool result holding one is a
``malformed_response`` outcome.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from parity.core.canonical import canonical_json
from parity.core.jsonio import loads, unrepresentable
from parity.errors import FileFormatError, ValueDomainError
from parity.runtime import guard as g
from tests.hostile.servers.content import MODES

REPO = Path(__file__).resolve().parents[2]
VALUE_MODES = ["nan", "infinity", "overflow", "huge-int", "beyond-int", "surrogate"]

#: (raw JSON text, the pointer named) for every kind of value, in a value and in a key
TEXTS = [
    ('{"a": NaN}', "#/a"),
    ('{"a": [1, -Infinity]}', "#/a/1"),
    ('{"a": {"b": 1e400}}', "#/a/b"),
    ('{"a": 9007199254740992}', "#/a"),
    ('{"a": -18446744073709551615}', "#/a"),
    ('{"a": "x\\ud800"}', "#/a"),
    ('{"a": {"\\udfff": 1}}', "#/a/\\udfff"),
]


@pytest.mark.parametrize(("text", "pointer"), TEXTS)
def test_loads_names_file_and_pointer(text, pointer):
    with pytest.raises(FileFormatError) as caught:
        loads(text, file="x.json")
    assert caught.value.file == "x.json" and caught.value.location == pointer


def test_a_huge_integer_is_an_input_error_with_its_pointer():
    with pytest.raises(FileFormatError) as caught:
        loads('{"a":\n [1, -' + "1" * 5000 + "]}", file="x.json")
    assert "an integer of 5000 digits" in str(caught.value)
    assert caught.value.location == "#/a/1"


def test_valid_values_pass():
    value = loads('["\\ud83d\\ude00", 9007199254740991, -9007199254740991, 1e308, 0.5]')
    assert unrepresentable(value) is None


@pytest.mark.parametrize("value", [float("nan"), 2**64, "\ud800", {"\udc00": 1}, [1e308 * 10]])
def test_canonical_json_refuses_with_an_input_error(value):
    with pytest.raises(ValueDomainError):
        canonical_json({"k": value})


@pytest.mark.parametrize("structured", [{"n": float("nan")}, {"n": 2**60}, {"s": "\udbff"}])
def test_a_tool_result_holding_one_is_a_malformed_response(structured):
    raw = {"content": [{"type": "text", "text": "x"}], "structuredContent": structured}
    verdict = g.classify_result(raw, {"name": "t", "inputSchema": {"type": "object"}},
                                g.GuardPolicy(default_deadline=1.0, turn_budget=30.0))
    assert verdict.category == g.MALFORMED_RESPONSE
    assert "#/structuredContent/" in verdict.detail


def parity(*args: str) -> subprocess.CompletedProcess[str]:
    # a generous timeout, only as a hang guard
    return subprocess.run([sys.executable, "-m", "parity", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("mode", VALUE_MODES)
def test_paths_on_a_tool_file_exits_2_naming_file_and_pointer(tmp_path, mode):
    path = tmp_path / f"{mode}.json"
    path.write_text(f'{{"name": "hostile", "inputSchema": {MODES[mode]}}}', encoding="utf-8")
    result = parity("paths", str(path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert str(path) in result.stderr and "Traceback" not in result.stderr
    assert "#/inputSchema/properties/n" in result.stderr or "line 1" in result.stderr


@pytest.mark.parametrize("mode", VALUE_MODES)
def test_a_live_server_tool_is_rejected_as_malformed_naming_tool_and_pointer(tmp_path, mode):
    agent = tmp_path / "agent.json"
    agent.write_text('{"tools": [{"name": "fine", "inputSchema": {"type": "object"}}]}')
    server = f"{sys.executable} -m tests.hostile.servers.content {mode}"
    result = parity("diff", "--agent-file", str(agent), "--server-stdio", server)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "hostile" in result.stdout + result.stderr
    assert "malformed response" in result.stdout + result.stderr
    assert "#/inputSchema/properties/n" in result.stdout + result.stderr


@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("mode", VALUE_MODES)
def test_an_http_server_tool_is_rejected_naming_tool_and_pointer(http_server, tmp_path, mode,
                                                                 sse):
    """Over HTTP the SDK parses the message: it refuses a huge integer or a lone surrogate
    (and logs a traceback), and writes NaN back as null. parity reads such a message itself
    and names the tool and the pointer, in a JSON body and in an SSE event alike."""
    url = http_server("tests.servers.http_faults", path="") + f"/values/{mode}"
    agent = tmp_path / "agent.json"
    agent.write_text('{"tools": [{"name": "fine", "inputSchema": {"type": "object"}}]}')
    result = parity("diff", "--agent-file", str(agent), "--server-url",
                    url + ("?sse=1" if sse else ""))
    out = result.stdout + result.stderr
    assert result.returncode == 2 and "Traceback" not in out, out
    assert "tool 'hostile': malformed response" in out, out
    assert "at #/inputSchema/properties/n" in out, out
    assert "Error parsing" not in out and "validation error" not in out, out


@pytest.mark.parametrize("mode", VALUE_MODES)
def test_a_server_reporting_one_about_itself_cannot_be_locked(tmp_path, mode):
    """Its serverInfo is written to the lock as reported: a lone surrogate crashed the
    writer (exit 3), a huge integer made a lock parity could not read back."""
    lock = tmp_path / "content.lock.json"
    server = f"{sys.executable} -m tests.hostile.servers.content {mode} --in-server-info"
    result = parity("lock", "--stdio", server, "--lock", str(lock))
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "at #/serverInfo/version of its initialize result" in result.stderr
    assert result.stderr.count("parity: error:") == 1 and not lock.exists()

    tools = tmp_path / "content.json"
    tools.write_text('{"tools": [{"name": "fine", "inputSchema": {"type": "object"}}]}')
    assert parity("lock", "--tools-file", str(tools), "--lock", str(lock)).returncode == 0
    result = parity("verify", "--stdio", server, "--lock", str(lock))
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "at #/serverInfo/version of its initialize result" in result.stderr
