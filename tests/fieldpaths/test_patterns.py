"""Matching patterns in bounded time (parity/fieldpaths/patterns.py): what ``re`` matches,
matched alike; a runaway backtrack stopped; what ``re`` cannot read, still unread; and the
time of all matches bounded, not only of each (a pattern that failed is not tried again)."""

from __future__ import annotations

import json
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import pytest
from jsonschema import Draft7Validator, Draft201909Validator, Draft202012Validator

from parity.cli.main import main
from parity.fieldpaths import patterns
from parity.fieldpaths.patterns import PatternTimeout, budgeted, search, shortest_match
from tests.threads import Meanwhile

#: ``regex`` backtracks on it too: 40 characters take far past the budget
RUNAWAY = "^(a|aa)+b$"

T = TypeVar("T")


@pytest.mark.parametrize("pattern", ["^[a-z]+__[a-z_]+$", "\\d+", "^$", "a.b", "(?i)abc",
                                     "^\\w+$", "x$", "^[^\\x00]*$"])
@pytest.mark.parametrize("text", ["", "abc", "ABC", "web__search", "a\nb", "x\n", "١٢",
                                  "é_1", "\x00"])
def test_search_finds_what_re_finds(pattern, text):
    assert search(pattern, text) is (re.search(pattern, text) is not None)


def test_a_runaway_backtrack_stops_with_a_timeout():
    assert search(RUNAWAY, "aab")
    with pytest.raises(PatternTimeout, match="backtracks"):
        search(RUNAWAY, "a" * 40)


def test_a_pattern_re_cannot_compile_is_still_an_re_error():
    with pytest.raises(re.error):
        search("^\\p{L}+$", "abc")


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft7Validator])
@pytest.mark.parametrize("schema", [
    {"type": "string", "pattern": RUNAWAY},
    {"type": "object", "patternProperties": {RUNAWAY: {}}},
    {"type": "object", "additionalProperties": False, "patternProperties": {RUNAWAY: {}}},
    {"type": "object", "propertyNames": {"pattern": RUNAWAY}},
])
def test_every_keyword_that_matches_a_pattern_is_bounded(cls, schema):
    value = "a" * 40 if "pattern" in schema else {"a" * 40: 1}
    with pytest.raises(PatternTimeout):
        budgeted(cls)(schema).is_valid(value)


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": {}}, "additionalProperties": False},
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
     "additionalProperties": False},
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
     "additionalProperties": {"type": "integer"}},
    {"type": "string", "pattern": "^[a-c]+$"},
])
@pytest.mark.parametrize("value", [{"a": 1}, {"x-1": "s"}, {"x-1": 1}, {"b": 1}, {"b": "s"},
                                   "abc", "abd", {}])
def test_the_bounded_keywords_give_jsonschemas_verdicts(schema, value):
    bounded = budgeted(Draft202012Validator)(schema)
    assert bounded.is_valid(value) is Draft202012Validator(schema).is_valid(value)
    assert [e.validator for e in bounded.iter_errors(value)] == \
        [e.validator for e in Draft202012Validator(schema).iter_errors(value)]


#: ``re`` and ``regex`` take about a second on it unbounded: long enough to pass the budget,
#: short enough that a test of an unbounded keyword fails rather than hangs
SLOW_KEY = "a" * 34


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft201909Validator])
@pytest.mark.parametrize("schema", [
    {"unevaluatedProperties": False, "patternProperties": {RUNAWAY: {}}},
    # the finder of evaluated keys follows $ref by calling itself: bounded there too
    {"$ref": "#/$defs/keys", "unevaluatedProperties": False,
     "$defs": {"keys": {"patternProperties": {RUNAWAY: {}}}}},
])
def test_unevaluated_properties_matches_its_patterns_within_the_budget(cls, schema):
    # jsonschema's own finder matches with ``re``, before any patternProperties keyword of
    # ours runs when unevaluatedProperties comes first: the keyword itself must be bounded
    validator = budgeted(cls)(schema)
    keyword = validator.VALIDATORS["unevaluatedProperties"]
    with pytest.raises(PatternTimeout):
        list(keyword(validator, False, {SLOW_KEY: 1}, schema))


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft201909Validator])
@pytest.mark.parametrize("schema", [
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
     "unevaluatedProperties": False},
    {"allOf": [{"patternProperties": {"^x-": {}}}], "properties": {"a": {}},
     "unevaluatedProperties": {"type": "integer"}},
    {"$ref": "#/$defs/keys", "unevaluatedProperties": False,
     "$defs": {"keys": {"patternProperties": {"^x-": {}}}}},
])
@pytest.mark.parametrize("value", [{"x-1": "s"}, {"x-1": 1}, {"b": 1}, {"b": "s"}, {"a": 1},
                                   {}, "abc"])
def test_bounded_unevaluated_properties_gives_jsonschemas_verdicts(cls, schema, value):
    bounded = budgeted(cls)(schema)
    assert bounded.VALIDATORS["unevaluatedProperties"] is not \
        cls.VALIDATORS["unevaluatedProperties"]
    assert [e.message for e in bounded.iter_errors(value)] == \
        [e.message for e in cls(schema).iter_errors(value)]


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft201909Validator])
@pytest.mark.parametrize("schema", [
    {"items": {"type": "integer"}, "unevaluatedItems": False},
    {"prefixItems": [{"type": "string"}], "unevaluatedItems": {"type": "integer"}},
    {"contains": {"type": "string"}, "unevaluatedItems": False},
    {"allOf": [{"prefixItems": [{}, {}]}], "unevaluatedItems": False},
    {"anyOf": [{"items": {"type": "string"}}, {"prefixItems": [{}]}],
     "unevaluatedItems": {"type": "boolean"}},
])
@pytest.mark.parametrize("value", [[], [1], ["a"], ["a", 1], ["a", 1, True], [1, 2, 3],
                                   ["a", "b"], {"a": 1}])
def test_bounded_unevaluated_items_gives_jsonschemas_verdicts(cls, schema, value):
    bounded = budgeted(cls)(schema)
    assert bounded.VALIDATORS["unevaluatedItems"] is not cls.VALIDATORS["unevaluatedItems"]
    assert [e.message for e in bounded.iter_errors(value)] == \
        [e.message for e in cls(schema).iter_errors(value)]


class _Key(str):
    """A key that counts how often it is compared with ``==``."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _Key.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft201909Validator])
@pytest.mark.parametrize("schema", [
    {"patternProperties": {"^k": {"type": "integer"}}, "unevaluatedProperties": False},
    {"additionalProperties": {"type": "integer"}, "unevaluatedProperties": False},
    {"allOf": [{"patternProperties": {"^k": {}}}], "unevaluatedProperties": False},
])
def test_unevaluated_properties_looks_each_key_up_once(cls, schema):
    # jsonschema gathers the evaluated keys in a list and asks it once a key: an object of
    # n keys compared n * n / 2 times (16,000 keys: 1.8 s)
    value = {_Key(f"k{i}"): i for i in range(200)}
    expected = cls(schema).is_valid({str(k): v for k, v in value.items()})
    _Key.compared = 0
    assert budgeted(cls)(schema).is_valid(value) is expected  # (2019-09's finder, its own)
    assert _Key.compared <= 2 * len(value), _Key.compared


def test_the_shortest_match_of_a_pattern_is_read_without_building_it():
    assert shortest_match("^((b{1000}){1000}){1000}$") == 10**9
    assert shortest_match("^[a-z]+__[a-z_]+$") == 4
    assert shortest_match("(a") is None


def test_a_pattern_that_would_unroll_past_the_bound_is_not_compiled():
    with pytest.raises(PatternTimeout, match="unrolls past"):
        search("^((b{1000}){1000}){1000}$", "b")
    assert search("^(b{1000}){50}$", "b" * 50_000)


# -- the time of all matches: a pattern that failed is not tried again -----------------------

#: backtracks on ``a`` * 30 + ``!`` past the budget, and matches ``z<i>`` at once
COSTLY = "^(a|a)*$|^z{}$"
SLOW_NAME = "a" * 30 + "!{}"


def profiled(run: Callable[[], T], seen: Callable[[FrameType, str, Any], bool]) -> tuple[T, int]:
    """What ``run()`` returns, and how many of its calls ``seen`` picks: the profiler sees
    every call, into C too, so nothing is patched and a count cannot come from parity."""
    count = [0]

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if seen(frame, event, arg):
            count[0] += 1

    sys.setprofile(profile)
    try:
        result = run()
    finally:
        sys.setprofile(None)
    return result, count[0]


def searches(pattern: str) -> Callable[[FrameType, str, Any], bool]:
    """Picks the searches ``regex`` makes with ``pattern``: a match attempted."""
    def seen(frame: FrameType, event: str, arg: Any) -> bool:
        return (event == "c_call" and getattr(arg, "__name__", "") == "search"
                and getattr(getattr(arg, "__self__", None), "pattern", None) == pattern)
    return seen


def parses(frame: FrameType, event: str, arg: Any) -> bool:
    """Picks a parse of a pattern by ``re``'s parser (``re.compile`` and the unroll count)."""
    code = frame.f_code
    return event == "call" and code.co_name == "parse" and \
        code.co_filename.endswith(("_parser.py", "sre_parse.py"))


def outcome(pattern: str, text: str) -> bool | str:
    """``search``'s answer, or the name of the error it raised."""
    try:
        return search(pattern, text)
    except (PatternTimeout, re.error) as exc:
        return type(exc).__name__


def test_a_pattern_past_its_budget_is_not_tried_again() -> None:
    costly = COSTLY.format(0)
    assert search(costly, "z0")  # decided before any timeout
    with pytest.raises(PatternTimeout, match="backtracks"):
        search(costly, SLOW_NAME.format(0))
    names = [SLOW_NAME.format(i) for i in range(1, 200)] + ["z0"]
    answers, tried = profiled(lambda: [outcome(costly, n) for n in names], searches(costly))
    # no verdict for any later name, not even one it would decide at once: as a timeout
    assert answers == ["PatternTimeout"] * len(names) and tried == 0
    assert patterns.timeouts() == 1
    with pytest.raises(PatternTimeout, match="earlier match"):
        search(costly, "z0")


def test_a_pattern_within_its_budget_is_never_refused() -> None:
    names = [f"x-{i}" for i in range(500)] + [f"y{i}" for i in range(500)]
    answers, tried = profiled(lambda: [search("^x-", n) for n in names], searches("^x-"))
    assert answers == [re.search("^x-", n) is not None for n in names]
    assert tried == len(names) and patterns.timeouts() == 0


def test_another_thread_changing_the_patterns_while_the_oldest_is_found_raises_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard matches patterns in the agent's threads: another thread changing the kept
    patterns while this one looked for the oldest to drop raised ``RuntimeError`` (the
    dictionary changed size during its iteration: a call refused as an unusable schema).
    The other thread keeps a runaway pattern, then drops it once its match times out."""
    meanwhile = Meanwhile(lambda: search(RUNAWAY, "a" * 40))

    class Interleaved(dict):  # type: ignore[type-arg]
        def __iter__(self) -> Iterator[str]:
            keys = super().__iter__()
            if threading.current_thread() is main:
                meanwhile.step()
            return keys

    main = threading.current_thread()
    monkeypatch.setattr(patterns, "CACHE_SIZE", 2)
    monkeypatch.setattr(patterns, "_CACHE", Interleaved())
    assert search("^a$", "a") and search("^x$", "x")
    assert search("^c$", "c")  # drops the oldest, `^a$`
    assert meanwhile.finish() == repr(PatternTimeout(RUNAWAY))
    assert "^c$" in patterns._CACHE and RUNAWAY not in patterns._CACHE


@pytest.mark.parametrize(("pattern", "error"), [("^((b{1000}){1000}){1000}$", PatternTimeout),
                                                ("(" * 50 + "a", re.error)])
def test_a_refused_pattern_is_refused_again_unparsed(pattern: str,
                                                     error: type[Exception]) -> None:
    with pytest.raises(error) as first:
        search(pattern, "b")
    answer, parsed = profiled(lambda: outcome(pattern, "b"), parses)
    assert answer == error.__name__ and parsed == 0  # refused from memory
    with pytest.raises(error) as again:
        search(pattern, "b")
    assert str(again.value) == str(first.value) and patterns.timeouts() == 0


def test_past_the_process_budget_no_pattern_is_matched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patterns, "MAX_TIMEOUTS", 3)
    assert search("^x-", "x-a")
    for i in range(3):
        assert outcome(COSTLY.format(i), SLOW_NAME.format(i)) == "PatternTimeout"
    # a pattern matched before, and a new one: no verdict, untried
    for pattern in ("^x-", "^y-"):
        answer, tried = profiled(lambda p=pattern: outcome(p, "x-a"), searches(pattern))
        assert answer == "PatternTimeout" and tried == 0
    with pytest.raises(PatternTimeout, match="3 matches ran past"):
        search("^x-", "x-a")
    assert patterns.timeouts() == 3
    patterns.forget()  # a new process
    assert search("^x-", "x-a")


def tool_file(path: Path, costly: int, names: int) -> Path:
    """A tool whose object holds ``costly`` runaway patterns beside ``names`` properties that
    make them run past the budget (a match would add ``maxLength``: it never may)."""
    schema = {"type": "object",
              "patternProperties": {COSTLY.format(i): {"type": "string", "maxLength": 3}
                                    for i in range(costly)},
              "properties": {SLOW_NAME.format(i): {"type": "string"} for i in range(names)}}
    path.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": schema}]}),
                    encoding="utf-8")
    return path


def paths_of(file: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """``parity paths FILE --format json``'s ``in`` table of the tool ``t``."""
    assert main(["paths", str(file), "--format", "json"]) == 0
    table: dict[str, Any] = json.loads(capsys.readouterr().out)["tools"]["t"]["in"]
    return table


def test_paths_tries_each_costly_pattern_once(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # 10 patterns beside 40 names: 400 matches past the budget (20 s) before the fix
    file = tool_file(tmp_path / "tools.json", 10, 40)
    table, tried = profiled(lambda: paths_of(file, capsys), searches(COSTLY.format(9)))
    assert tried == 1 and patterns.timeouts() == 10  # once per pattern, not per name
    patterns.forget()
    one = paths_of(tool_file(tmp_path / "one.json", 1, 1), capsys)  # a single timeout
    name = json.dumps(SLOW_NAME.format(0))
    # each name holds what the single timeout leaves it: its own schema, no pattern's
    for i in range(40):
        assert table[json.dumps(SLOW_NAME.format(i))] == one[name] == \
            {"required": False, "type": ["string"]}
    assert table["{}"]["patterns"] == sorted(COSTLY.format(i) for i in range(10))


def pair_files(root: Path, pattern: str, names: int) -> Path:
    """A project whose committed manifests meet ``names`` agent properties with a closed
    server root whose map takes only the keys ``pattern`` matches (its values integers)."""
    (root / "manifests").mkdir(parents=True)
    (root / "parity.toml").write_text(
        'manifests = "manifests"\nbaselines = "baselines"\n[pairs.p]\n'
        'server = {stdio = ["true"]}\n[pairs.p.agent]\ntools_file = "tools.json"\n',
        encoding="utf-8")
    agent = {"": {"closed": False, "required": True, "type": ["object"]}}
    for i in range(names):
        agent[json.dumps(SLOW_NAME.format(i))] = {"required": False, "type": ["string"]}
    server = {"": {"closed": True, "required": True, "type": ["object"]},
              "{}": {"patterns": [pattern], "required": False, "type": ["integer"]}}
    for side, table in (("agent", agent), ("server", server)):
        manifest = {"format": "parity.manifest/1", "server": "p", "side": side,
                    "source": "tools.json", "tool_id_form": "{tool}",
                    "tools": {"t": {"hash": "sha256:" + "0" * 64, "in": table, "out": {}}}}
        (root / "manifests" / f"p.{side}.json").write_text(json.dumps(manifest),
                                                           encoding="utf-8")
    return root / "parity.toml"


def findings(config: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    """``parity check``'s new findings, as (rule, path)."""
    assert main(["check", "--config", str(config), "--format", "json"]) == 1
    pair = json.loads(capsys.readouterr().out)["pairs"][0]
    return [(f["rule"], f["path"]) for f in pair["new"]]


def test_check_tries_a_costly_pattern_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path / "cache"))  # nothing remembered
    costly = COSTLY.format(0)
    # 400 names: 400 matches past the budget (20 s) before the fix
    many, tried = profiled(lambda: findings(pair_files(tmp_path / "many", costly, 400),
                                            capsys), searches(costly))
    assert tried == 1 and patterns.timeouts() == 1
    patterns.forget()
    one = findings(pair_files(tmp_path / "one", costly, 1), capsys)  # a single timeout
    # each name as with the single timeout: the map may take it (no verdict), so its types
    # are compared; a definite miss would call it unknown to the closed server instead
    assert one == [("in.type", json.dumps(SLOW_NAME.format(0)))]
    assert many == [("in.type", json.dumps(SLOW_NAME.format(i)))
                    for i in sorted(range(400), key=lambda i: SLOW_NAME.format(i))]
    missed = findings(pair_files(tmp_path / "missed", "^z0$", 1), capsys)
    assert missed == [("in.unknown", json.dumps(SLOW_NAME.format(0)))]
