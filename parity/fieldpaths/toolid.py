"""Tool-id forms: how one side names a tool, e.g. ``{server}-mcp:{tool}`` or ``{server}__{tool}``.

A form is a template with a required ``{tool}`` placeholder and an optional ``{server}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache

from parity.errors import ConfigError

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")

#: Common forms, tried when a tool has no counterpart, to name an id-form mismatch.
COMMON_FORMS = ("{tool}", "{server}-mcp:{tool}", "{server}__{tool}", "{server}.{tool}",
                "{server}/{tool}", "{server}:{tool}", "{server}_{tool}", "mcp__{server}__{tool}")


@dataclass(frozen=True)
class ToolIdForm:
    template: str
    pattern: re.Pattern[str]

    def format(self, tool: str, server: str | None) -> str:
        return self.template.replace("{server}", server or "").replace("{tool}", tool)

    def parse(self, tool_id: str, server: str | None = None) -> str | None:
        """The bare tool name inside ``tool_id``, or ``None`` when it does not fit this form
        (or names another server)."""
        match = self.pattern.fullmatch(tool_id)
        if match is None:
            return None
        found = match.groupdict().get("server")
        if server is not None and found is not None and found != server:
            return None
        return match.group("tool")


@cache
def parse_form(template: str) -> ToolIdForm:
    """Compile a form; ``ConfigError`` when it lacks ``{tool}`` or has unknown placeholders."""
    names = _PLACEHOLDER.findall(template)
    unknown = sorted(set(names) - {"server", "tool"})
    if unknown or names.count("tool") != 1 or names.count("server") > 1:
        raise ConfigError(
            f"tool-id form {template!r} is not valid",
            hint="use exactly one {tool} and at most one {server}, "
                 "e.g. '{server}-mcp:{tool}', '{server}__{tool}' or '{tool}'")
    regex = ""
    pos = 0
    for m in _PLACEHOLDER.finditer(template):
        regex += re.escape(template[pos:m.start()])
        # a server name never contains the separators around it; a tool name may
        regex += "(?P<server>.+?)" if m.group(1) == "server" else "(?P<tool>.+)"
        pos = m.end()
    regex += re.escape(template[pos:])
    return ToolIdForm(template, re.compile(regex, re.DOTALL))  # a name may hold a newline


def translate(tool_id: str, source: str, target: str, server: str | None) -> str | None:
    """Rewrite ``tool_id`` from form ``source`` into form ``target``; ``None`` if it does not
    fit ``source``."""
    bare = parse_form(source).parse(tool_id, server)
    if bare is None:
        return None
    return parse_form(target).format(bare, server)


def guess_forms(tool_id: str, candidates: AbstractSet[str], server: str | None,
                case_insensitive: bool = True, *,
                lowered: Mapping[str, str] | None = None) -> list[tuple[str, str, str]]:
    """Which common form rewrites would make ``tool_id`` match a name in ``candidates``.

    Returns (source form, target form, matching candidate) triples, in a stable order.
    ``lowered``: ``{c.lower(): c for c in candidates}``, when the caller guesses for many
    ids against the same candidates (built here otherwise).
    """
    found: list[tuple[str, str, str]] = []
    if lowered is None:
        lowered = {c.lower(): c for c in candidates} if case_insensitive else {}
    for source in COMMON_FORMS:
        bare = parse_form(source).parse(tool_id, server)
        if bare is None:
            continue
        for target in COMMON_FORMS:
            guess = parse_form(target).format(bare, server)
            hit = guess if guess in candidates else (
                lowered.get(guess.lower()) if case_insensitive else None)
            if hit is not None and (source, target, hit) not in found:
                found.append((source, target, hit))
    return found
