"""What a result's content blocks say of the call, beside (or without) structured content.

Without structured content, the only text block is the body: a JSON object or array in it is
checked as structured content is (``guard.errorshape``: it may fail the call). Everything
else only flags the success (``suspect``, never definitive): an error object in another
text block, in an embedded resource, beside an image or audio block, or contradicting the
structured content; prose that reads like an error (``GuardPolicy.error_text``), or an
``<error>`` element in a text; an empty answer (no content, blank text, ``null``). A text
block that repeats the structured content (as SDK servers write it) says nothing more and is
skipped. An embedded resource is a file's content: only an error object in it is a sign,
never its prose.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from parity.runtime.guard.errorshape import NONE, Evidence, body_evidence
from parity.runtime.guard.policy import GuardPolicy
from parity.runtime.guard.wrapped import bare, json_body

#: the text of an empty answer, in the forms a tool writes "nothing"
_EMPTY = frozenset({"", "null", "none", "nil", "undefined"})
#: prose longer than this is a document, not an error message
_PROSE_BOUND = 2000
#: the blocks read
_MAX_BLOCKS = 100
EMPTY_ANSWER = "an empty answer is no definitive success"
PROSE = "the text reads like an error message, but carries no structured error"
#: an `<error>` element anywhere in a text: the markup servers write a note to the model in
#: (mcp-server-fetch's "<error>Page failed to be simplified from HTML</error>" after its
#: "Contents of URL:" line, no `isError`): a sign wherever it sits, not prose at the start
_ERROR_ELEMENT = re.compile(r"<error>\s*[^<\s][^<]*</error>", re.I)
ERROR_ELEMENT = "the text holds an <error> element, but carries no structured error"


def text_evidence(text: str, policy: GuardPolicy, *, strong: bool, prose: bool = True,
                  whole: bool = False, where: str = "") -> Evidence:
    """What one text says: ``strong``, it is the whole result's body (an error object in it
    fails the call); ``prose``, its prose may be flagged; ``whole``, it is the whole answer
    (so blank is empty)."""
    body = bare(text)
    if whole and body.casefold() in _EMPTY:
        return None, EMPTY_ANSWER
    parsed = json_body(body)
    if parsed is not None:
        fail, flag = body_evidence(parsed, frozenset(), policy, where=where)
        return (fail, flag) if strong or fail is None else (None, fail)
    if prose and len(body) < _PROSE_BOUND and re.match(policy.error_text, body, re.I):
        return None, PROSE
    if prose and _ERROR_ELEMENT.search(body):
        return None, ERROR_ELEMENT
    return NONE


def content_evidence(content: Sequence[Mapping[str, Any]], policy: GuardPolicy, *,
                     structured: bool, mirrors: Sequence[Any] = ()) -> Evidence:
    """What the content blocks say: see the module. ``structured``: the result has
    structured content (then the blocks only flag); ``mirrors``: values a block repeating
    the structured content would hold."""
    if not structured and not content:
        return None, EMPTY_ANSWER
    texts = [b.get("text") for b in content if b.get("type") == "text"]
    strong = not structured and len(content) == 1 and len(texts) == 1
    if not structured and texts and len(texts) == len(content) and \
            bare("".join(t for t in texts if isinstance(t, str))).casefold() in _EMPTY:
        return None, EMPTY_ANSWER
    flag = ""
    for block in content[:_MAX_BLOCKS]:
        text, prose = _text_of(block)
        if text is None or _mirrored(text, mirrors):
            continue
        fail, found = text_evidence(text, policy, strong=strong, prose=prose)
        if fail:
            return fail, ""
        # (the block's type is the provider's word: not named in the outcome)
        flag = flag or (f"{found} (in one of its content blocks)" if not strong and found
                        else found)
    return None, flag


def _text_of(block: Mapping[str, Any]) -> tuple[str | None, bool]:
    """(the text a block holds, whether its prose may be flagged)."""
    if block.get("type") == "text" and isinstance(block.get("text"), str):
        return block["text"], True
    resource = block.get("resource")
    if block.get("type") == "resource" and isinstance(resource, Mapping) \
            and isinstance(resource.get("text"), str):
        return resource["text"], False
    return None, False


def _mirrored(text: str, mirrors: Sequence[Any]) -> bool:
    if not mirrors:
        return False
    try:
        value: Any = json.loads(bare(text))
    except ValueError:
        value = text
    return any(value == m or text == m for m in mirrors)


def text_json(content: Sequence[Mapping[str, Any]]) -> Any:
    """The JSON object or array the only block holds when it is text, or None."""
    if len(content) != 1 or content[0].get("type") != "text" \
            or not isinstance(content[0].get("text"), str):
        return None
    return json_body(content[0]["text"])


__all__ = ["EMPTY_ANSWER", "PROSE", "content_evidence", "text_evidence", "text_json"]
