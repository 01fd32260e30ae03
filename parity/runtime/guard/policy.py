"""How calls are guarded: deadlines under the turn's budget, what counts as incomplete or
error-shaped, which tools are safe to repeat, which values are secret."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parity.errors import ConfigError, ParityError
from parity.fieldpaths.fieldpath import parse

#: text that starts like an error message (matched case-insensitively, at the start only, so
#: a text that merely mentions an error is not one): a log's `[ERROR]` marker, the word in a
#: few languages, a kind of error and a colon ("Database error:", "SQL Error:", as
#: mcp-server-sqlite and database servers answer a failed query without `isError`), "An error
#: occurred", a rate limit, an HTTP status line or a proxy's error page. It only flags a
#: success (``suspect``): prose is never evidence of a failure.
_ERROR_TEXT = (
    r"^\s*(?:[\[(*#>!]+\s*)?(?:"
    r"(?:error|err|exception|traceback|fatal|failed|failure|panic|erreur|[ée]chec|fehler"
    r"|errore|erro|fallo|falha|fout|ошибка)\b"
    r"|(?:an?|unexpected|internal)\s+(?:unexpected\s+|internal\s+)?error\b"
    r"|(?!no\b|zero\b)[a-z]+(?:[ _-][a-z]+)?[ _-]error\s*:"
    r"|(?:se produjo|ocurri[óo]|ha ocurrido|ocorreu|si [èe] verificato) un[oa]? errore?\b"
    r"|une erreur\b|ein fehler\b|something went wrong|not found\b|unable to\b"
    r"|could not\b|couldn't\b|cannot\b|can't\b|access denied|permission denied"
    r"|rate[ _-]?limit|too many requests|quota (?:exceeded|d[ée]pass[ée])"
    r"|(?:http/\d(?:\.\d)?\s+)?(?:[45]\d\d\s+)?(?:internal server error|bad gateway"
    r"|service unavailable|gateway time-?out|bad request|forbidden|unauthorized)\b"
    r"|(?:<!doctype html[^>]*>\s*)?<html\b[\s\S]{0,400}?<title>\s*(?:[45]\d\d\b|error)"
    r"|エラー|错误|錯誤|오류|失敗|失败)"
)


@dataclass(frozen=True)
class GuardPolicy:
    """How calls are guarded. Every deadline must be shorter than the turn's budget.

    Arguments:
        turn_budget: seconds one agent turn may take; a tool's deadline is shorter.
        default_deadline: seconds a tool call may take when ``deadlines`` has no entry.
        deadlines: tool name -> its own deadline.
        safe_tools: tools to treat as read-only or idempotent even without annotations.
        complete_fields: boolean fields that, when ``false``, declare a result incomplete.
        missing_fields: list fields that, when non-empty, say what is missing (copied into
            a partial outcome; alone, they only stop the object's arrays being vouched for:
            ``{"installed": [...], "missing": ["numpy"]}`` is an answer, not a cut one).
        truncated_fields: boolean fields that, when ``true``, declare a result truncated.
        count_fields: integer fields whose value equal to the length of the only array
            next to them vouches for that array.
        total_fields: integer fields giving the size of the whole set: greater than the
            length of the only array next to them, the result is partial (a bare ``count``
            is not one: it may count something else, as occurrences beside a sample).
        more_fields: boolean fields that, when ``true``, say more results exist (a page):
            the arrays of their object are not vouched for (``complete: unknown``).
        cursor_fields: fields that, when a non-empty string or a number, say more results
            exist (a next page's cursor), as ``more_fields``.
        error_keys: keys whose truthy value makes a success body error-shaped (compared in
            any letter case: Go's ``Error``; see ``guard.errorshape``).
        error_text: a regex: text that reads like an error message; such a success is
            flagged ``suspect``, never failed (prose is not evidence).
        completeness: tool -> how its results declare completeness (keys ``total``,
            ``items``, ``cursor``, ``complete``, ``more``; dotted paths in the result).
        secrets: values redacted from the diagnostics and the event trail.
        id_paths: field paths whose argument values must be tool ids of the server, as it
            lists them (a pair's ``id_paths``); a call holding another value there is
            refused locally (``local_failure``), nothing sent.
    """

    turn_budget: float = 30.0
    default_deadline: float = 10.0
    deadlines: Mapping[str, float] = field(default_factory=dict)
    safe_tools: frozenset[str] = frozenset()
    complete_fields: tuple[str, ...] = ("complete", "is_complete", "isComplete")
    missing_fields: tuple[str, ...] = ("missing",)
    truncated_fields: tuple[str, ...] = ("truncated", "partial", "incomplete")
    count_fields: tuple[str, ...] = ("total", "total_count", "totalCount", "count")
    total_fields: tuple[str, ...] = ("total", "total_count", "totalCount")
    more_fields: tuple[str, ...] = ("has_more", "hasMore", "more")
    cursor_fields: tuple[str, ...] = ("next_cursor", "nextCursor", "next_page_token",
                                      "nextPageToken", "next")
    error_keys: tuple[str, ...] = ("error", "errors", "errorMessage", "error_message")
    error_text: str = _ERROR_TEXT
    completeness: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    secrets: tuple[str, ...] = ()
    id_paths: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problems = []
        for path in self.id_paths:
            try:
                if not parse(path):
                    problems.append("id_paths: '' is the root, not a value's field path")
            except ParityError as exc:
                problems.append(f"id_paths: {exc.message}")
        if not positive(self.turn_budget):
            problems.append(f"turn_budget = {self.turn_budget!r}: expected a positive number")
        named = (("default deadline", self.default_deadline),
                 *((f"deadline of {tool}", value) for tool, value in self.deadlines.items()))
        for what, value in named:
            if not positive(value) or value >= self.turn_budget:
                problems.append(f"{what} = {value!r} s: expected a positive number "
                                f"below the turn budget ({self.turn_budget:g} s)")
        try:
            re.compile(self.error_text)
        except re.error as exc:
            problems.append(f"error_text = {self.error_text!r}: not a regex ({exc})")
        if problems:
            raise ConfigError("invalid guard policy: " + "; ".join(problems),
                              hint="a tool's deadline must be shorter than the turn's, so "
                                   "an unavailable tool fails fast instead of a slow turn")

    def deadline_for(self, tool: str) -> float:
        """The deadline of one tool's call, in seconds."""
        return float(self.deadlines.get(tool, self.default_deadline))


def policy_or_default(policy: Any) -> GuardPolicy:
    """``policy`` when it is a ``GuardPolicy``, the default one for ``None``; ``TypeError``
    for anything else (a dict of settings is not read as one)."""
    if policy is None:
        return GuardPolicy()
    if not isinstance(policy, GuardPolicy):
        raise TypeError(f"policy must be a GuardPolicy, not a {type(policy).__name__}")
    return policy


def positive(value: Any) -> bool:
    """Whether ``value`` is a finite number above zero (booleans are not numbers here)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value > 0)


def is_safe_to_repeat(definition: Mapping[str, Any] | None, policy: GuardPolicy) -> bool:
    """Whether a tool is annotated read-only or idempotent (or configured so)."""
    if definition is None:
        return False
    if definition.get("name") in policy.safe_tools:
        return True
    annotations = definition.get("annotations")
    if not isinstance(annotations, Mapping):
        return False
    return annotations.get("readOnlyHint") is True or annotations.get("idempotentHint") is True


__all__ = ["GuardPolicy", "is_safe_to_repeat", "policy_or_default", "positive"]
