"""Text from a server, made safe to print: control characters shown, never obeyed.

Tool names, field names and descriptions come from the server. Printed raw, an ANSI/OSC
escape sequence in one could recolour the terminal, rewrite what is shown above it, set the
window title or plant a hyperlink, and a bidirectional override could make a name read as
another. Every text, github and markdown output passes such text through ``printable``;
the github and markdown formats (of ``check``/``diff`` and of ``probe``) through
``github_command``, ``markdown_cell`` and ``markdown_code``, which add their own format's
escaping on top.
XML (``junit``) cannot hold some characters at all, not even as references: ``xml_text``
spells those out the same way.
"""

from __future__ import annotations

import bisect
import re

# C0 (but see ``keep_newlines``), DEL, C1, the invisible direction controls, the zero-width
# characters and the line and paragraph separators (a name that reads as another, or breaks a
# line where the format counts lines)
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e"
                     "\u2060-\u2064\u2066-\u2069\ufeff]")
_UNSAFE_NEWLINE = re.compile("\n")
# what XML 1.0 cannot hold (its production ``Char``): C0 but tab, LF and CR, lone
# surrogates, U+FFFE and U+FFFF
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as a visible escape (``\\x1b``,
    ``\\u202e``); newlines too, unless ``keep_newlines`` (for formats that encode them)."""
    if text.isprintable() or (keep_newlines and text.replace("\n", "").isprintable()):
        return text  # the common case: one C-level scan
    out = _UNSAFE.sub(_escape, text)
    return out if keep_newlines else _UNSAFE_NEWLINE.sub(_escape, out)


def clipped(text: str, *, limit: int, keep: int) -> str:
    """``text`` as it is up to ``limit`` characters; a longer one cut to its first ``keep``,
    with its length, so one line of a message still names it."""
    return text if len(text) <= limit else f"{text[:keep]}... ({len(text):,} characters)"


def xml_text(text: str) -> str:
    """``text`` with every character XML 1.0 forbids written as a visible escape
    (``\\x01``, ``\\ufffe``), so a document holding it stays well-formed and still names
    it. The XML serializer escapes the rest (``<``, ``&``, quotes)."""
    return _NOT_XML.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def github_data(text: str) -> str:
    """The message of a GitHub Actions workflow command: control characters shown, then
    ``%``, CR and LF escaped as the runner decodes them, so a name holding a newline cannot
    start a workflow command of its own (actions/toolkit, packages/core/src/command.ts)."""
    shown = printable(text, keep_newlines=True)
    return shown.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(text: str) -> str:
    """A property value of a workflow command (``title=``, ``file=``): ``github_data`` with
    ``:`` and ``,`` escaped too, so it cannot end the property list or add a property."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def github_command(kind: str, message: str, **properties: str | None) -> str:
    """One workflow command line, ``::kind prop=value,...::message``, every part escaped."""
    props = ",".join(f"{k}={github_property(v)}" for k, v in properties.items() if v)
    return f"::{kind}{' ' + props if props else ''}::{github_data(message)}"


def markdown_cell(text: str) -> str:
    """A markdown table cell of words (a message, a reason): control characters shown, and
    what reads as text escaped: backslashes, ``&``, ``<`` and ``>`` (GitHub takes a raw
    ``<server>`` for an HTML tag and drops it), newlines folded into ``<br>``. The code spans
    in it (a message's `` `path` ``) show their content as it is, so they keep it but for a
    control character, shown as in ``markdown_code``. Pipes are escaped everywhere: a table
    undoes that before it reads a span (GFM)."""
    out: list[str] = []
    done = 0
    for start, end, fence in _code_spans(text):
        out += [_markdown_words(text[done:start]), fence,
                printable(text[start + len(fence):end - len(fence)]), fence]
        done = end
    out.append(_markdown_words(text[done:]))
    return "".join(out).replace("|", "\\|")


def code_span(text: str) -> str:
    """``text`` as a CommonMark code span that reads back as ``text``, as every span parity
    writes is made (a rule's message, a report's cell): fenced by a run of backticks longer
    than any inside (a name holding one backtick gets two each side: one would end the span
    there), padded with a space where the span would otherwise end at a backtick of the
    content or strip its first and last spaces. A text without backticks gets one each side,
    as it always had."""
    fence = "`" * (max(map(len, _TICKS.findall(text)), default=0) + 1)
    pad = " " if text.strip(" ") and (text[0] == "`" or text[-1] == "`" or (
        text[0] == " " and text[-1] == " ")) else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_code(text: str, *, table: bool = True) -> str:
    """``text`` as a markdown code span showing it exactly (``code_span``), its control
    characters shown (``\\x0a``: a span holds no line break, and shows no escape or entity
    as such); in a ``table`` its pipes escaped."""
    span = code_span(printable(text))
    return span.replace("|", "\\|") if table else span


_TICKS = re.compile("`+")


def _code_spans(text: str) -> list[tuple[int, int, str]]:
    """The code spans of ``text`` as CommonMark finds them: (start, end, fence), a run of
    backticks closed by the next run of the same length. Backslashes escape nothing here:
    ``_markdown_words`` doubles every one outside a span."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    of_length: dict[int, list[int]] = {}  # each length's runs: a closer found by bisection
    for i, (start, end) in enumerate(runs):
        of_length.setdefault(end - start, []).append(i)
    spans: list[tuple[int, int, str]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        same = of_length[end - start]
        at = bisect.bisect_right(same, i)
        if at == len(same):
            i += 1  # no closer: literal backticks
            continue
        close = same[at]
        spans.append((start, runs[close][1], text[start:end]))
        i = close + 1
    return spans


def _markdown_words(text: str) -> str:
    shown = printable(text, keep_newlines=True).replace("\\", "\\\\").replace("&", "&amp;")
    return shown.replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")
