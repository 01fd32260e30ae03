"""Control characters from a server are shown, never obeyed."""

from __future__ import annotations

import pytest

from parity.core.terminal import clipped, printable, xml_text


@pytest.mark.parametrize(("text", "shown"), [
    ("plain name", "plain name"),
    ("é ü 😀", "é ü 😀"),
    ("a\x1b[31mred", "a\\x1b[31mred"),
    ("x\x1b]8;;http://e.invalid\x07y", "x\\x1b]8;;http://e.invalid\\x07y"),
    ("two\nlines", "two\\x0alines"),
    ("\x9b2J", "\\x9b2J"),
    ("evil\u202eexe.txt", "evil\\u202eexe.txt"),
    # break a line where a format counts lines, or hide inside a name
    ("a\u2028b\u2029c", "a\\u2028b\\u2029c"),
    ("ad\u200bmin\ufeff", "ad\\u200bmin\\ufeff"),
])
def test_control_characters_are_escaped(text, shown):
    assert printable(text) == shown


def test_newlines_can_be_kept_for_formats_that_encode_them():
    assert printable("a\nb\x1b", keep_newlines=True) == "a\nb\\x1b"


def test_a_long_text_is_clipped_with_its_length():
    assert clipped("x" * 10, limit=10, keep=4) == "x" * 10
    assert clipped("abcdefghijk", limit=10, keep=4) == "abcd... (11 characters)"
    assert clipped("é" * 5000, limit=200, keep=160) == "é" * 160 + "... (5,000 characters)"


@pytest.mark.parametrize(("text", "shown"), [
    ("plain <name> & é 😀", "plain <name> & é 😀"),
    ("tab\tlf\ncr\r", "tab\tlf\ncr\r"),
    ("a\x00b\x01c\x1b[2J\x1f", "a\\x00b\\x01c\\x1b[2J\\x1f"),
    ("\ufffe\uffff\ud800\udfff", "\\ufffe\\uffff\\ud800\\udfff"),
    ("\x7f\x9b\u202e\ufffd", "\x7f\x9b\u202e\ufffd"),  # XML holds these: left as they are
])
def test_xml_text_spells_out_what_xml_cannot_hold(text, shown):
    assert xml_text(text) == shown
