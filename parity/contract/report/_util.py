"""Small wording helpers shared by the formats."""

from __future__ import annotations

from parity.contract.report._model import Report, Totals


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def shown_path(path: str) -> str:
    return path if path else "(root)"


def summary(totals: Totals, command: str) -> str:
    """One line: ``2 new differences (1 error, 1 warning), 1 stale entry, 3 known``."""
    if command == "diff":
        if not totals.new:
            return "no differences"
        return (f"{plural(totals.new, 'difference')} ({plural(totals.errors, 'error')}, "
                f"{plural(totals.warnings, 'warning')})")
    parts = [f"{plural(totals.new, 'new difference')}"
             + (f" ({plural(totals.errors, 'error')}, {plural(totals.warnings, 'warning')})"
                if totals.new else ""),
             plural(totals.stale, "stale baseline entry", "stale baseline entries"),
             f"{totals.known} known"
             + (f" ({totals.unexplained} without a reason)" if totals.unexplained else "")]
    parts += changed_parts(totals.changed, totals.narrowed)
    if totals.growth:
        parts.append(plural(totals.growth, "entry added to the baseline",
                            "entries added to the baseline"))
    return ", ".join(parts)


def changed_parts(changed: int, narrowed: int) -> list[str]:
    """``changed`` entries counted as what they are: ``1 changed baseline entry`` (wider, or
    another difference), ``1 narrowed baseline entry`` (``narrowed`` of them)."""
    parts = []
    if changed > narrowed:
        parts.append(plural(changed - narrowed, "changed baseline entry",
                            "changed baseline entries"))
    if narrowed:
        parts.append(plural(narrowed, "narrowed baseline entry", "narrowed baseline entries"))
    return parts


def headline(report: Report) -> str:
    verdict = "ok" if report.ok else "FAILED"
    orphans = (", " + plural(len(report.orphans), "baseline file of no pair",
                             "baseline files of no pair")) if report.orphans else ""
    return (f"parity {report.command}: {verdict}: {summary(report.totals, report.command)}"
            f"{orphans}")


STALE_ADVICE = ("the difference is gone: remove the entry in this same change "
                "(`parity baseline` does it)")
UNVERIFIABLE_ADVICE = ("a manifest records its schema as an unresolved $ref, which parity "
                       "never fetches: no difference at or under it is found; make the "
                       "reference local (a `$defs` entry) to compare it")
UNVERIFIED_ADVICE = ("each is under an unresolved $ref, so whether its difference is gone "
                     "cannot be told; neither known nor stale")
ORPHAN_ADVICE = ("no configured pair reads it (the pair was removed or renamed): delete it "
                 "in this same change, or rename it with the pair")
NEW_ADVICE = ("fix it, or accept it explicitly with `parity baseline --accept TOOL RULE PATH "
              "--reason TEXT`")
GROWTH_ADVICE = ("the baseline may only shrink: fix the difference instead, or have the "
                 "addition reviewed")
NARROWED_ADVICE = ("the difference narrowed since it was accepted: record that in this same "
                   "change (`parity baseline` does it)")
CHANGED_ADVICE = ("the difference is not the one accepted: fix it, or review it and accept "
                  "it again with `parity baseline --accept TOOL RULE PATH --reason TEXT`")


def changed_advice(narrowed: bool) -> str:
    return NARROWED_ADVICE if narrowed else CHANGED_ADVICE

#: the ids a ``check`` report gives the baseline's own failures, which are no difference
#: between the tools: id -> (purpose, details). SARIF lists them as rules, so ``parity
#: explain`` and docs/rules.md explain them too.
BOOKKEEPING: dict[str, tuple[str, str]] = {
    "baseline.stale": (
        "A baseline entry whose difference is gone.",
        "The baseline holds the differences a team accepted, one entry each. When one is "
        "fixed, its entry matches no finding any more: `parity check` fails on it, so the "
        "baseline shrinks with each fix and cannot keep room for the difference to come "
        f"back unnoticed. Fix: {STALE_ADVICE}."),
    "baseline.growth": (
        "A baseline entry added since the --against ref.",
        "With `--against REF` (in CI, a pull request's base branch), `parity check` fails on "
        "each entry the baseline did not have at REF: accepting a new difference is a change "
        f"to review, not a way around the check. Fix: {GROWTH_ADVICE}."),
    "baseline.changed": (
        "A baseline entry whose difference is not the one it records.",
        "An entry records the facts of the difference it accepted (an `in.enum`'s values, "
        "an `in.type`'s types, the constraints an `in.constraint` found): a finding at its "
        "key with other facts fails `parity check`, so a difference that widens (the "
        "server refusing one more value) is reviewed rather than absorbed. Narrowed (every "
        f"fact was accepted): {NARROWED_ADVICE}. Otherwise: {CHANGED_ADVICE}."),
}
