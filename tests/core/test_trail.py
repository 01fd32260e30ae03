"""The hash-chained trail: every kind of tampering is found at its record."""

from __future__ import annotations

import errno
import gc
import itertools
import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.core import trail as T
from parity.core.files import FileWriteError
from parity.errors import FileFormatError


@pytest.fixture
def written(tmp_path):
    path = tmp_path / "events.jsonl"
    writer = T.TrailWriter(path)
    for i in range(5):
        writer({"event": "result", "correlation_id": f"parity-{i}", "ok": i % 2 == 0,
                "elapsed_ms": 1.5 * i})
    writer.close()
    return path


def lines(path):
    return path.read_text().splitlines()


def rewrite(path, rows):
    path.write_text("".join(r + "\n" for r in rows))


def test_an_untouched_trail_verifies_and_names_its_head(written):
    verdict = T.verify(written)
    assert verdict.ok and verdict.records == 7  # start, five events, close
    rows = [json.loads(r) for r in lines(written)]
    assert verdict.head == T.record_hash(rows[-1])
    assert rows[0]["event"] == T.STARTED and rows[0]["prev"] == f"start:{rows[0]['trail']}"
    assert all(b["prev"] == T.record_hash(a) for a, b in itertools.pairwise(rows))
    assert rows[-1] == {**rows[-1], "event": T.CLOSED, "records": 6}


def test_an_edited_record_is_named(written):
    rows = lines(written)
    rows[3] = rows[3].replace('"parity-2"', '"parity-7"')
    rewrite(written, rows)
    verdict = T.verify(written)
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "edited", 4)
    assert "record 3 (line 4) was edited" in verdict.message


def test_an_edited_last_event_breaks_the_closing_link(written):
    rows = lines(written)
    rows[5] = rows[5].replace("parity-4", "parity-9")
    rewrite(written, rows)
    assert (T.verify(written).kind, T.verify(written).line) == ("edited", 6)


def test_a_removed_record_is_named(written):
    rows = lines(written)
    del rows[2]
    rewrite(written, rows)
    verdict = T.verify(written)
    assert (verdict.kind, verdict.line) == ("removed", 3)
    assert verdict.message == "record 2 removed before line 3"


def test_an_inserted_record_is_found_even_with_a_forged_link(written):
    rows = lines(written)
    before = json.loads(rows[2])
    forged = {"event": "result", "ok": True, "seq": 3, "prev": T.record_hash(before)}
    rows.insert(3, json.dumps(forged, sort_keys=True))
    rewrite(written, rows)
    verdict = T.verify(written)
    assert not verdict.ok and verdict.kind in ("edited", "inserted")
    assert verdict.line in (4, 5)


def test_a_duplicated_record_is_inserted(written):
    rows = lines(written)
    rows.insert(4, rows[2])
    rewrite(written, rows)
    verdict = T.verify(written)
    assert (verdict.kind, verdict.line) == ("inserted", 5)


def test_reordered_records_are_named(written):
    rows = lines(written)
    rows[2], rows[3] = rows[3], rows[2]
    rewrite(written, rows)
    verdict = T.verify(written)
    assert (verdict.kind, verdict.line) == ("reordered", 3)


def test_a_cut_end_is_found_and_an_open_trail_may_be_accepted(written):
    rows = lines(written)
    rewrite(written, rows[:4])
    verdict = T.verify(written)
    assert (verdict.ok, verdict.kind) == (False, "cut")
    assert T.verify(written, open_ended=True).ok


def test_a_removed_start_and_a_record_after_the_close(written):
    rows = lines(written)
    rewrite(written, rows[1:])
    assert T.verify(written).kind == "removed"
    closed = json.loads(rows[-1])
    after = {"event": "result", "seq": 7, "prev": T.record_hash(closed)}
    rewrite(written, [*rows, json.dumps(after)])
    verdict = T.verify(written)
    assert (verdict.kind, verdict.line) == ("inserted", 8)


def test_a_line_that_is_not_a_record_or_repeats_a_key_is_an_edit(written):
    rows = lines(written)
    rows[2] = rows[2][:-1] + ', "ok": true}'
    rewrite(written, rows)
    assert (T.verify(written).kind, T.verify(written).line) == ("edited", 3)


@pytest.mark.parametrize(("value", "said"), [
    ('"\\ud800"', "a lone surrogate at #/x"), ("1e400", "an infinity"),
    (str(2**53 + 1), "an integer beyond")])
def test_a_record_holding_a_value_no_writer_writes_is_an_edit_at_its_line(
        written, value, said, capsys):
    """A value RFC 8785 cannot carry has no hash: it was an input error naming neither
    the file nor the line (exit 2), not the edit it is (exit 1)."""
    rows = lines(written)
    rows[2] = rows[2][:-1] + f', "x": {value}}}'
    rewrite(written, rows)
    verdict = T.verify(written)
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "edited", 3)
    assert said in verdict.message, verdict.message
    assert main(["trail", "verify", str(written)]) == 1
    assert f"{written}:3: edited: line 3 holds a value" in capsys.readouterr().out


def test_not_a_trail_is_an_input_error(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text("hello\n")
    with pytest.raises(FileFormatError):
        T.verify(path)


def test_a_trail_replaces_an_earlier_trail_never_another_file(written, tmp_path, capsys):
    """``--events parity.toml`` truncated the configuration: a non-empty file that is no
    trail is refused (exit 2) and left as it was; an earlier trail, an empty file are
    written over."""
    config = tmp_path / "parity.toml"
    config.write_text("[servers.s]\nstdio = 'python server.py'\n")
    before = config.read_bytes()
    with pytest.raises(FileWriteError, match="holds something other than a trail"):
        T.TrailWriter(config)
    assert config.read_bytes() == before
    assert main(["drill", "--calls", "1", "--modes", "none", "--events", str(config)]) == 2
    assert "not written: the file holds something other than a trail" in (
        capsys.readouterr().err)
    assert config.read_bytes() == before
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    for path in (written, empty):
        T.TrailWriter(path).close()
        assert T.verify(path).ok


def test_events_may_not_set_the_trails_keys(tmp_path):
    writer = T.TrailWriter(tmp_path / "t.jsonl")
    with pytest.raises(ValueError, match="trail's own keys"):
        writer({"event": "x", "seq": 3})


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_trail_that_cannot_be_written_names_its_file_and_exits_2(tmp_path, capsys):
    """A full disk under ``--events``: the error names the trail (it was an unexpected
    error, exit 3, naming nothing), and its file is closed then, not failing again when
    the garbage collector closes it ("Exception ignored ... No space left on device")."""
    unraisable: list[object] = []
    hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        with pytest.raises(OSError) as info:
            T.TrailWriter("/dev/full")
        assert info.value.filename == "/dev/full" and info.value.errno == errno.ENOSPC
        del info
        code = main(["drill", "--calls", "1", "--modes", "none", "--events", "/dev/full"])
        gc.collect()
    finally:
        sys.unraisablehook = hook
    err = capsys.readouterr().err
    assert code == 2 and "parity: error: /dev/full: No space left on device" in err, err
    assert unraisable == []


def test_the_cli_exit_codes(written, tmp_path, capsys):
    assert main(["trail", "verify", str(written)]) == 0
    assert "chain ok: 7 records" in capsys.readouterr().out
    rows = lines(written)
    del rows[4]
    rewrite(written, rows)
    assert main(["trail", "verify", str(written)]) == 1
    out = capsys.readouterr().out
    assert f"{written}:5: removed: record 4 removed before line 5" in out
    assert main(["trail", "verify", "--format", "json", str(written)]) == 1
    assert json.loads(capsys.readouterr().out)["kind"] == "removed"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    assert main(["trail", "verify", str(bad)]) == 2


@pytest.mark.parametrize(("edit", "found"), [
    (lambda r: r.update(time="x"), "has the time 'x', not a number: edited"),
    (lambda r: r.update(time=None), "has the time None, not a number: edited"),
    (lambda r: r.update(note="hidden"), "holds note: edited"),
    (lambda r: r.pop("time"), "lacks time: edited"),
    (lambda r: r.update(records=True), "counts True records, the chain holds 6"),
    (lambda r: r.update(records=5), "counts 5 records, the chain holds 6"),
])
def test_a_closing_record_not_as_written_is_an_edit(written, edit, found):
    # nothing follows the closing record to carry its hash: its shape and count are
    # checked instead (a time that is no number, or a key of its own, verified clean)
    rows = lines(written)
    closing = json.loads(rows[-1])
    edit(closing)
    rewrite(written, [*rows[:-1], json.dumps(closing)])
    verdict = T.verify(written)
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "edited", 7)
    assert verdict.message == f"the closing record (line 7) {found}"
