"""The agent side: six in-process stand-ins for the workflow server's tools.

Each stub returns a simplified answer, the kind a fail-open wrapper hands back when the real
call does not succeed. Their signatures and return types are what the agent believes the
server takes and gives; parity reads them from ``TOOLS``, keyed by the id the agent calls
each tool by (``workflow-mcp:<tool>``). See README.md for the mismatches planted here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

#: The tools the agent may put in a workflow, in the agent's own id form.
ToolId = Literal["docs-mcp:extract_text", "docs-mcp:summarize", "sheets-mcp:append_row",
                 "web-mcp:fetch_page", "web-mcp:search"]
Category = Literal["documents", "spreadsheets", "web"]


class CatalogEntry(BaseModel):
    id: str
    summary: str
    category: Category


class Catalog(BaseModel):
    tools: list[CatalogEntry]


class ProposedPhase(BaseModel):
    phase_id: str
    tools: list[ToolId]


class Proposal(BaseModel):
    phases: list[ProposedPhase]
    rationale: str


class Phase(BaseModel):
    """One phase as the agent sends it: a name and the one tool it uses."""

    name: str
    tool_id: ToolId


class CheckResult(BaseModel):
    ok: bool
    problems: list[str]
    unknown_tools: list[str]


class Criterion(BaseModel):
    name: str
    weight: float
    description: str


class Rubric(BaseModel):
    criteria: list[Criterion]


class CostEstimate(BaseModel):
    total_usd: float
    per_tool: dict[str, float]
    currency: str


def list_tools(category: Category | None = None) -> Catalog:
    """List the tools a workflow may use."""
    entries = [CatalogEntry(id="docs-mcp:extract_text", summary="Extract text from a document.",
                            category="documents")]
    return Catalog(tools=[e for e in entries if category in (None, e.category)])


def propose_phases(goal: str, max_phases: int = 4) -> Proposal:
    """Propose the phases of a workflow for a goal."""
    return Proposal(phases=[ProposedPhase(phase_id="gather", tools=["web-mcp:search"])],
                    rationale="one phase is always enough for a stand-in")


def check_phases(phases: list[Phase]) -> CheckResult:
    """Check phases against the tool catalog."""
    return CheckResult(ok=True, problems=[], unknown_tools=[])


def draft_rubric(goal: str, criteria: list[str]) -> Rubric:
    """Draft a grading rubric for the workflow's output."""
    weight = 1.0 / max(len(criteria), 1)
    return Rubric(criteria=[Criterion(name=c, weight=weight, description=c) for c in criteria])


def estimate_cost(tools: list[ToolId], calls_per_tool: int = 1) -> CostEstimate:
    """Estimate what running the workflow's tools costs."""
    return CostEstimate(total_usd=0.0, per_tool=dict.fromkeys(tools, 0.0), currency="USD")


def compose_prompt(goal: str, phases: list[str], rubric: list[str] | None = None
                   ) -> dict[str, Any]:
    """Compose the system prompt that runs the workflow."""
    # Annotated loosely, as stand-ins often are: what it returns is the real promise, so the
    # pair's `observe` calls it once and records these keys.
    steps = "; ".join(phases)
    return {"prompt": f"Goal: {goal}. Steps: {steps}.", "token_estimate": 12 + len(phases),
            "warnings": []}


#: The agent's tools, keyed by the id the agent calls them by.
TOOLS = {f"workflow-mcp:{fn.__name__}": fn
         for fn in (list_tools, propose_phases, check_phases, draft_rubric, estimate_cost,
                    compose_prompt)}
