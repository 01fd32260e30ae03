"""Configurations tomllib or the system cannot take: each is one ``ConfigError`` naming the
file, the place and what to do (exit 2), read before any server is started."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.config.discovery import MAX_KEY_PARTS
from parity.config.settings import load_config
from parity.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]  # the bundled example's lock
PARITY = '[tool.parity.servers.s]\nstdio = "python -m srv"\n'


def write(tmp_path: Path, text: str, name: str = "parity.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert info.value.file == str(path)
    return info.value


def exits_2(command: str, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``parity COMMAND --config PATH`` prints, once it has exited 2."""
    assert main([command, "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "unexpected error" not in err
    return err


# -- an integer past Python's conversion limit -----------------------------------------------


def test_an_integer_of_too_many_digits_anywhere_is_refused_naming_its_line(tmp_path, capsys):
    digits = sys.get_int_max_str_digits() + 700
    path = write(tmp_path, f"{PARITY}[tool.other]\nx = 1{'0' * digits}\n", "pyproject.toml")
    error = refused(path)
    assert error.location == "line 4" and "an integer of more than" in error.message
    assert "as a string" in (error.hint or "")
    assert "at line 4: an integer of more than" in exits_2("check", path, capsys)


def test_a_long_integer_with_underscores_is_found_too(tmp_path):
    digits = "1_000" * (sys.get_int_max_str_digits() // 3)
    assert refused(write(tmp_path, f"a = 1\nb = {digits}\n")).location == "line 2"


# -- keys of too many dotted parts -----------------------------------------------------------


def deep(parts: int, part: str = "a", dot: str = ".") -> str:
    return dot.join([part] * parts)


@pytest.mark.parametrize("line", [
    f"{deep(MAX_KEY_PARTS + 1)} = 1",
    f"[{deep(MAX_KEY_PARTS + 1)}]",
    f"[[ {deep(MAX_KEY_PARTS + 1, dot=' . ')} ]]",
    f"x = {{y = 1, {deep(MAX_KEY_PARTS + 1)} = 2}}",  # an inline table
    f'{deep(MAX_KEY_PARTS + 1, part=json.dumps("k=v.w"))} = 1',  # `=` and dots in quotes
    f"x = {{s = \"\"\"a\"\"\"\"\", {deep(MAX_KEY_PARTS + 1)} = 2}}",  # ends `a""`
    f"{deep(100_000)}.b = 1",  # 5 GB and 9 s at 30,000 parts in tomllib
    f"[{deep(100_000)}]",
], ids=["key", "table", "array-table", "inline-table", "quoted", "after-quotes", "key-100000",
        "table-100000"])
def test_a_key_of_too_many_dotted_parts_is_refused_before_tomllib_reads_it(tmp_path, line):
    path = write(tmp_path, f"{PARITY}[tool.x]\n{line}\n", "pyproject.toml")
    start = time.perf_counter()
    error = refused(path)
    assert time.perf_counter() - start < 2
    assert error.location == "line 4"
    assert f"more than {MAX_KEY_PARTS} dotted parts" in error.message


def test_a_deep_key_in_a_pyproject_found_by_walking_up_is_refused(tmp_path, capsys):
    path = write(tmp_path, f"{PARITY}[tool.x]\n{deep(1000)} = 1\n", "pyproject.toml")
    below = tmp_path / "sub"
    below.mkdir()
    assert refused_at(below).file == str(path)
    assert "at line 4: a key or table header" in exits_2("check", path, capsys)


def refused_at(cwd: Path) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_config(cwd=cwd, environ={})
    return info.value


def test_dots_outside_keys_and_keys_at_the_bound_are_read(tmp_path):
    many = "a." * 200
    text = f"""{PARITY}[tool.x]
{deep(MAX_KEY_PARTS)} = 1
[{deep(MAX_KEY_PARTS)}]
s = "{many}"
l = '{many}'
m = \"\"\"{many}
{"." * 300}
\"\"\"
e = "\\"{many}"
f = [{", ".join(["1.5"] * 100)}]
t = [{", ".join(["07:32:00.999"] * 100)}]
y = 1  # {many}
"""
    config = load_config(write(tmp_path, text, "pyproject.toml"), environ={})
    assert list(config.servers) == ["s"]


# -- server values the system refuses at start -----------------------------------------------


def test_values_the_system_refuses_at_start_are_configuration_mistakes(tmp_path):
    text = r"""
[servers.a]
stdio = ["pyt\u0000hon", "-m", "srv"]
env = {TOK = "secret\u0000value-1", "A=B" = "secret-value-2", "" = "secret-value-3"}
[servers.b]
stdio = "python -m srv\u0000x"
env = {"N\u0000" = "secret-value-4", OK = "fine-value"}
cwd = "d\u0000"
[servers.c]
url = "http://127.0.0.1:9/m\u0000cp"
headers = {"Bad Name" = "secret-value-5", Good = "secret-value-6\u0000", Line = "a\nb"}
"""
    msg = str(refused(write(tmp_path, text)))
    assert "11 configuration mistakes" in msg
    for line in (
            "- servers.a.stdio = ['pyt\\x00hon', '-m', 'srv']: expected a command without "
            "a NUL character",
            "- servers.a.env.TOK: expected a value without a NUL character",
            '- servers.a.env."A=B": expected an environment variable name',
            '- servers.a.env."": expected an environment variable name',
            "- servers.b.stdio = 'python -m srv\\x00x': expected a command without a NUL",
            '- servers.b.env."N\\u0000": expected an environment variable name',
            "- servers.b.cwd = 'd\\x00': expected a path without a NUL character",
            "- servers.c.url = 'http://127.0.0.1:9/m\\x00cp': expected a URL without "
            "control characters",
            '- servers.c.headers."Bad Name": expected a header name',
            "- servers.c.headers.Good: expected a value of printable ASCII characters"):
        assert line in msg
    assert "servers.c.headers.Line: expected a value of printable ASCII" in msg
    assert "secret" not in msg  # an env or header value is never shown


@pytest.mark.parametrize("command", ["extract", "lock", "verify"])
def test_commands_that_start_servers_refuse_them_with_exit_2(tmp_path, capsys, command):
    # all else in place, so that each command went as far as starting the server (exit 3)
    write(tmp_path, '{"tools": []}', "t.json")
    (tmp_path / "manifests").mkdir()
    shutil.copy(ROOT / "manifests" / "workflow.lock.json", tmp_path / "manifests" / "s.lock.json")
    text = ('[servers.s]\nstdio = ["python", "-m", "srv"]\n'
            'env = {"A=B" = "secret-value", TOK = "abc\\u0000def"}\n'
            "[pairs.p]\nserver = \"s\"\n[pairs.p.agent]\ntools_file = \"t.json\"\n")
    err = exits_2(command, write(tmp_path, text), capsys)
    assert 'servers.s.env."A=B": expected an environment variable name' in err
    assert "servers.s.env.TOK: expected a value without a NUL" in err
    assert "secret-value" not in err and "abc" not in err


# -- what tomllib's words would not say --------------------------------------------------------


def test_a_byte_order_mark_is_named(tmp_path, capsys):
    """An editor's BOM gave "Invalid statement (at line 1, column 1)"."""
    path = tmp_path / "parity.toml"
    path.write_bytes(b"\xef\xbb\xbf" + PARITY.encode())
    error = refused(path)
    assert error.location == "line 1" and "byte order mark (BOM, U+FEFF)" in error.message
    assert error.hint == "save the file as UTF-8 without a BOM"
    assert "byte order mark" in exits_2("check", path, capsys)


def test_merge_conflict_markers_are_named(tmp_path):
    path = write(tmp_path, '[tool.parity.servers.s]\n<<<<<<< HEAD\nstdio = "a"\n=======\n'
                           'stdio = "b"\n>>>>>>> other\n', "pyproject.toml")
    error = refused(path)
    assert error.location == "line 2" and "unresolved git merge conflict" in error.message
