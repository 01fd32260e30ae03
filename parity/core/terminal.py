"""Text from a server, made safe to print: control characters shown, never obeyed.

Tool names, field names and descriptions come from the server. Printed raw, an ANSI/OSC
escape sequence in one could recolour the terminal, rewrite what is shown above it, set the
window title or plant a hyperlink, and a bidirectional override could make a name read as
another. Every text, github and markdown output passes such text through ``printable``.
"""

from __future__ import annotations

import re

# C0 (but see ``keep_newlines``), DEL, C1, and the invisible direction controls
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_NEWLINE = re.compile("\n")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as a visible escape (``\\x1b``,
    ``\\u202e``); newlines too, unless ``keep_newlines`` (for formats that encode them)."""
    if text.isprintable() or (keep_newlines and text.replace("\n", "").isprintable()):
        return text  # the common case: one C-level scan
    out = _UNSAFE.sub(_escape, text)
    return out if keep_newlines else _UNSAFE_NEWLINE.sub(_escape, out)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
