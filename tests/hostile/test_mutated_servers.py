"""A live server whose answers are mutated at random gives exit 0, 1 or 2, never exit 3,
and the probe never passes a call that failed.

The server is a real subprocess speaking stdio (``servers/replay.py``) that answers
``initialize``, ``tools/list`` and ``tools/call`` with the text of a published server's real
answers (``mcp-server-time``: its tools and recorded results), one of them mutated per
example: a value of another type or a hostile one (a lone surrogate, a huge number), a JSON
Schema keyword with a hostile value, the JSON-RPC frame's own keys, or the bytes cut or
spliced. ``lock``, ``verify``, ``snapshot`` and ``probe`` run against it in process. Searches
like this one found the bugs it now holds fixed: an answer whose id is an object, a
``serverInfo`` the lock could not hold, a ``required`` the argument builder iterated, a
server named twice in one message.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.cli.main import main
from tests.hostile.mutations import HOSTILE, SCHEMA_VALUES, mutate, mutate_data
from tests.properties import draws

REPO = Path(__file__).resolve().parents[2]
PUBLISHED = REPO / "tests" / "fixtures" / "published"
SERVER = "mcp-server-time==2026.10.19"
ID = "@ID@"


def frame(result: Any) -> bytes:
    """A JSON-RPC response carrying ``result``, its id left for the server to fill in."""
    return frame_of({"jsonrpc": "2.0", "id": ID, "result": result})


def frame_of(message: Any) -> bytes:
    text = json.dumps(message, ensure_ascii=False)
    return text.replace(f'"{ID}"', ID).encode("utf-8", "surrogatepass")


def originals() -> dict[str, bytes]:
    """The published server's own answers, by method file."""
    tools = json.loads((PUBLISHED / "tools.json").read_text(encoding="utf-8"))[SERVER]
    answers = json.loads((PUBLISHED / "answers.json").read_text(encoding="utf-8"))
    first = next(a["result"] for a in answers if a["server"] == SERVER and
                 a["tool"] == "get_current_time" and not a["result"].get("isError"))
    return {"initialize": frame({"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                 "serverInfo": {"name": "mcp-time", "version": "1.0.0"}}),
            "tools-list": frame({"tools": tools}), "tools-call": frame(first)}


def configure(root: Path) -> Path:
    """Two servers replaying ``root/answers``: ``s`` pinned by the original lock, ``t`` not."""
    command = [sys.executable, "-m", "tests.hostile.servers.replay", str(root / "answers")]
    server = f"stdio = {json.dumps(command)}\ncwd = {json.dumps(str(REPO))}\n" \
             "start_timeout = 1\nlist_timeout = 0.5\n"
    config = root / "parity.toml"
    config.write_text(f'manifests = "manifests"\n\n[servers.s]\n{server}lock = "s.lock.json"\n\n'
                      f'[servers.t]\n{server}lock = "new/t.lock.json"\n', encoding="utf-8")
    return config


@pytest.fixture(scope="module")
def lock_text(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The lock of the unmutated server."""
    root = tmp_path_factory.mktemp("original")
    (root / "answers").mkdir()
    for name, text in originals().items():
        (root / "answers" / f"{name}.txt").write_bytes(text)
    assert main(["lock", "s", "--config", str(configure(root))]) == 0
    return (root / "s.lock.json").read_bytes()


#: what a server's own values are replaced with most often: unhashable, unwritable, huge
SHARP: list[Any] = [{}, [], [None], True, 1.5, "\ud800", 2**53, 1e308, "a" * 3000, None]
#: the keywords the argument builder and the field-path walk read first
READ_FIRST = ["required", "properties", "type", "enum", "items", "minProperties", "allOf",
              "$ref", "additionalProperties", "const"]


def mutated(name: str, raw: bytes, rnd: random.Random) -> bytes:
    quoted = raw.replace(ID.encode(), f'"{ID}"'.encode())  # JSON again, for the mutations
    data = json.loads(quoted)
    values = SHARP if rnd.random() < 0.7 else HOSTILE
    if rnd.random() < 0.25:  # the frame itself: a hostile id, its keys, or its bytes
        if rnd.random() < 0.5:
            data[rnd.choice(["id", "jsonrpc", "result", "error"])] = rnd.choice(values)
            return frame_of(data)
        return mutate(quoted, rnd, schema=False, parsed=False).replace(
            f'"{ID}"'.encode(), ID.encode())
    result = data["result"]
    if name == "tools-list" and rnd.random() < 0.4:  # a keyword of an input schema
        schema = rnd.choice(result["tools"])["inputSchema"]
        node = rnd.choice([schema, *schema["properties"].values()])
        node[rnd.choice(READ_FIRST)] = rnd.choice(SCHEMA_VALUES)
        return frame(result)
    if name == "tools-list":  # the result's text, mutated as a tools file is
        text = mutate(json.dumps(result).encode(), rnd, schema=True, parsed=True)
        return b'{"jsonrpc": "2.0", "id": ' + ID.encode() + b', "result": ' + text + b"}"
    if name == "initialize" and rnd.random() < 0.7:  # what the server says about itself
        where = result if rnd.random() < 0.3 else result["serverInfo"]
        where[rnd.choice(["name", "version", "title", "protocolVersion", "x"])] = \
            rnd.choice(values)
        return frame(result)
    return frame(mutate_data(result, rnd, values, ["isError", "structuredContent", "content",
                                                   "serverInfo", "name", "error"]))


def failure_shaped(answer: bytes) -> str | None:
    """Why a served ``tools/call`` answer is not a success the agent may take as data."""
    try:
        result = json.loads(answer.replace(ID.encode(), b"1"))["result"]
    except (ValueError, KeyError, TypeError):
        return "not a response holding a result"
    if not isinstance(result, dict):
        return "a result that is not an object"
    if result.get("isError") is True:
        return "isError"
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and isinstance(structured.get("error"), list) and \
            structured.get("error") and len(structured) > 1:
        return "an error list beside data"
    if isinstance(structured, dict) and structured.get("error"):
        return "an error object as its structured content"
    return None


@settings(max_examples=draws(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["initialize", "tools-list", "tools-call", "tools-call"]),
       st.randoms(use_true_random=False))
def test_a_mutated_server_is_read_or_refused_and_no_failure_passes(
        lock_text: bytes, tmp_path_factory: pytest.TempPathFactory,
        capsys: pytest.CaptureFixture[str], name: str, rnd: random.Random) -> None:
    root = tmp_path_factory.mktemp("mutated")
    answers = originals()
    answers[name] = mutated(name, answers[name], rnd)
    (root / "answers").mkdir()
    for method, text in answers.items():
        (root / "answers" / f"{method}.txt").write_bytes(text)
    (root / "s.lock.json").write_bytes(lock_text)
    config = str(configure(root))
    for argv in (["lock", "t"], ["verify", "s"], ["snapshot", "s", "-o", str(root / "s.json")],
                 ["probe", "s", "--deadline", "0.5", "--format", "json"]):
        code = main([*argv, "--config", config])
        out, err = capsys.readouterr()
        assert code in (0, 1, 2), (argv, err)
        assert "unexpected error" not in err and "Traceback" not in err, (argv, err)
        if code == 2:
            assert err.count("parity: error:") == 1, (argv, err)
        elif argv[0] == "probe":
            calls = [c for s in json.loads(out)["servers"] for c in s["calls"]]
            why = failure_shaped(answers["tools-call"])
            passed = [c["tool"] for c in calls if not c["failed"]]
            # a success the guard flags (an undeclared `error` *list* beside data, a linter's
            # findings: docs/guard.md) is a `probe.suspect` warning, never a plain pass
            plain = [c["tool"] for c in calls if not c["failed"] and not any(
                f["kind"] == "probe.suspect" for f in c["findings"])]
            assert why is None or not plain, (why, plain, answers["tools-call"][:300])
            if why is not None and why != "an error list beside data":
                assert not passed, (why, passed, answers["tools-call"][:300])
            if name == "tools-call" and passed:  # and valid against its own outputSchema
                result = json.loads(answers["tools-call"].replace(ID.encode(), b"1"))["result"]
                tools = json.loads(answers["tools-list"].replace(ID.encode(), b"1"))
                schemas = {t["name"]: t["outputSchema"] for t in tools["result"]["tools"]}
                for tool in passed:
                    jsonschema.validate(result.get("structuredContent"), schemas[tool])
