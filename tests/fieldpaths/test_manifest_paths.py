from __future__ import annotations

import pytest

from parity.errors import FileFormatError
from parity.fieldpaths.manifest_paths import check_table


@pytest.mark.parametrize("table", [
    {"": {}, "a": {}, '"b c"': {}, '"b c"[0]': {}, "a[]": {}, "a[].x": {}, "m{}": {}, "m": {}},
    {"": {}, '"é"': {}, '"a.b"': {}, '"a.b".c': {}},
])
def test_the_fast_path_check_accepts_what_the_grammar_accepts(table):
    check_table(table, file="f.json", where="$", parents={})


@pytest.mark.parametrize(("path", "message"), [
    ("a..b", "a..b"),
    ('"a"', "not written as parity prints it"),
    ("x.y", "no entry for its parent 'x'"),
])
def test_the_fast_path_check_refuses_with_the_grammars_message(path, message):
    with pytest.raises(FileFormatError) as caught:
        check_table({"": {}, "a": {}, path: {}}, file="f.json", where="$", parents={})
    assert message in caught.value.message
