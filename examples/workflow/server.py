"""The workflow MCP server: the real implementation of the agent's six tools.

Its models are strict (``extra="forbid"``): a nested field it does not declare is rejected.
Its index of known tools is keyed by the runtime's internal id form, ``<server>__<tool>``,
and the tools that take or return tool ids say so with a ``Literal`` of those keys.

    python -m examples.workflow.server              # serve over stdio
    python -m examples.workflow.server --http 8765  # serve streamable HTTP on 127.0.0.1:8765/mcp
"""

from __future__ import annotations

import argparse
from typing import Literal

from pydantic import BaseModel, ConfigDict

from parity.mcp import new_server, run_http, run_stdio

#: The internal index: tool id (``<server>__<tool>``) -> summary, category, price per call.
INDEX: dict[str, tuple[str, str, float]] = {
    "docs__extract_text": ("Extract text from a document.", "documents", 0.002),
    "docs__summarize": ("Summarize a document.", "documents", 0.010),
    "sheets__append_row": ("Append a row to a spreadsheet.", "spreadsheets", 0.001),
    "web__fetch_page": ("Fetch a web page.", "web", 0.001),
    "web__search": ("Search the web.", "web", 0.005),
}
InternalToolId = Literal["docs__extract_text", "docs__summarize", "sheets__append_row",
                         "web__fetch_page", "web__search"]
Category = Literal["documents", "spreadsheets", "web"]
#: Phase templates the proposer builds from.
TEMPLATES: dict[str, list[str]] = {
    "gather": ["web__search", "web__fetch_page"],
    "read": ["docs__extract_text", "docs__summarize"],
    "record": ["sheets__append_row"],
}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CatalogEntry(Strict):
    id: str
    summary: str
    category: Category


class Catalog(Strict):
    tools: list[CatalogEntry]
    #: how many entries the full answer has: lets a client tell a cut list from a whole one
    total: int


class ProposedPhase(Strict):
    phase_id: str
    tools: list[InternalToolId]


class Proposal(Strict):
    phases: list[ProposedPhase]
    total: int


class Binding(Strict):
    """A phase template bound to the tools it uses."""

    phase_id: str
    tools: list[InternalToolId]


class CheckResult(Strict):
    ok: bool
    problems: list[str]
    total: int


class Criterion(Strict):
    name: str
    weight: float
    description: str


class Rubric(Strict):
    criteria: list[Criterion]
    total: int


class CostEstimate(Strict):
    total_usd: float
    per_tool: dict[str, float]


class ComposedPrompt(Strict):
    prompt: str
    token_estimate: int


def public_id(internal: str) -> str:
    """The catalog shows ids in the form the agent calls tools by."""
    server, _, tool = internal.partition("__")
    return f"{server}-mcp:{tool}"


server = new_server("workflow")


@server.tool()
def list_tools(category: Category | None = None) -> Catalog:
    """List the tools a workflow may use."""
    entries = [CatalogEntry(id=public_id(k), summary=v[0], category=v[1])  # type: ignore[arg-type]
               for k, v in sorted(INDEX.items()) if category in (None, v[1])]
    return Catalog(tools=entries, total=len(entries))


@server.tool()
def propose_phases(goal: str, max_phases: int = 4) -> Proposal:
    """Propose the phases of a workflow for a goal."""
    chosen = sorted(TEMPLATES)[:max_phases]
    phases = [ProposedPhase(phase_id=p, tools=TEMPLATES[p])  # type: ignore[arg-type]
              for p in chosen]
    return Proposal(phases=phases, total=len(phases))


@server.tool()
def check_phases(phases: list[Binding]) -> CheckResult:
    """Check phases against the tool catalog."""
    problems = [f"unknown phase template {b.phase_id!r}" for b in phases
                if b.phase_id not in TEMPLATES]
    return CheckResult(ok=not problems, problems=problems, total=len(problems))


@server.tool()
def draft_rubric(goal: str, criteria: list[str]) -> Rubric:
    """Draft a grading rubric for the workflow's output."""
    weight = round(1.0 / max(len(criteria), 1), 4)
    items = [Criterion(name=c, weight=weight, description=f"{c} for: {goal}") for c in criteria]
    return Rubric(criteria=items, total=len(items))


@server.tool()
def estimate_cost(tools: list[InternalToolId], calls_per_tool: int = 1) -> CostEstimate:
    """Estimate what running the workflow's tools costs."""
    per_tool = {t: round(INDEX[t][2] * calls_per_tool, 6) for t in tools}
    return CostEstimate(total_usd=round(sum(per_tool.values()), 6), per_tool=per_tool)


@server.tool()
def compose_prompt(goal: str, phases: list[str], rubric: list[str] | None = None
                   ) -> ComposedPrompt:
    """Compose the system prompt that runs the workflow."""
    lines = [f"Goal: {goal}", *(f"{i}. {p}" for i, p in enumerate(phases, 1))]
    if rubric:
        lines.append("Judge the result by: " + ", ".join(rubric))
    prompt = "\n".join(lines)
    return ComposedPrompt(prompt=prompt, token_estimate=len(prompt.split()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m examples.workflow.server")
    parser.add_argument("--http", type=int, metavar="PORT",
                        help="serve streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio")
    args = parser.parse_args(argv)
    if args.http is not None:
        run_http(server, "127.0.0.1", args.http)
    else:
        run_stdio(server)


if __name__ == "__main__":
    main()
