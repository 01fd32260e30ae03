"""``--format sarif``: SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.

One run; every rule of the registry is a ``reportingDescriptor``, plus two for baseline
bookkeeping (``baseline.stale``, ``baseline.growth``). Known differences are results
suppressed ``external``ly (held by the baseline file), with ``baselineState: unchanged``.
A result's ``partialFingerprints`` is its baseline key, so viewers track it across runs.
A result is placed on the file and line the ``github`` format annotates (``_places``): code
scanning shows an alert only where a ``region`` gives its line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from parity import __version__
from parity.contract.report._model import PairReport, Report
from parity.contract.report._places import Place, Spot, host_root
from parity.contract.report._util import (
    BOOKKEEPING,
    GROWTH_ADVICE,
    STALE_ADVICE,
    changed_advice,
    shown_path,
)
from parity.contract.rules import RULES, Finding

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


#: where the results go in the document's text, and their indentation there
_RESULTS = "\x00results\x00"
_ITEM = " " * 8
_END = " " * 6


def _descriptors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for rule in RULES.values():
        out.append({
            "id": rule.id,
            "name": rule.id.replace(".", "-"),
            "shortDescription": {"text": rule.purpose},
            "fullDescription": {"text": rule.details},
            "help": {"text": f"{rule.purpose} {rule.details} Run `parity explain {rule.id}` "
                             "for an example."},
            "defaultConfiguration": {"level": rule.severity},
            "properties": {"direction": rule.direction},
        })
    for rule_id, (purpose, details) in BOOKKEEPING.items():
        out.append({"id": rule_id, "name": rule_id.replace(".", "-"),
                    "shortDescription": {"text": purpose},
                    "fullDescription": {"text": details},
                    "help": {"text": f"{purpose} {details} Run `parity explain {rule_id}`."},
                    "defaultConfiguration": {"level": "error"}})
    return out


def to_uri(path: str) -> str:
    """A file path as a SARIF artifact URI: relative paths stay relative (to the
    repository root, where viewers resolve them), absolute ones become ``file:`` URIs."""
    if Path(path).is_absolute():
        return Path(path).as_uri()
    return quote(path.replace(os.sep, "/"))


def _physical(spot: Spot) -> dict[str, Any]:
    """A file and, when known, its line: code scanning places an alert only with a line."""
    physical: dict[str, Any] = {"artifactLocation": {"uri": to_uri(spot.file or "")}}
    if spot.line is not None:
        physical["region"] = {"startLine": spot.line}
    return physical


def _location(spot: Spot, pair: str, tool: str, path: str) -> dict[str, Any]:
    location: dict[str, Any] = {"logicalLocations": [{
        "name": shown_path(path),
        "fullyQualifiedName": f"{pair}/{tool}/{path}" if path else f"{pair}/{tool}",
        "kind": "member"}]}
    if spot.file:
        location["physicalLocation"] = _physical(spot)
    return location


class SarifFormatter:
    name = "sarif"

    def render(self, report: Report, *, color: bool = False) -> str:
        descriptors = _descriptors()
        index = {d["id"]: i for i, d in enumerate(descriptors)}
        doc = {
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {"name": "parity", "version": __version__,
                                    "semanticVersion": __version__,
                                    "rules": descriptors}},
                "columnKind": "unicodeCodePoints",
                "results": _RESULTS,
            }],
        }
        head, tail = json.dumps(doc, indent=2, ensure_ascii=False).split(
            json.dumps(_RESULTS))
        # each result on a line of its own, written as soon as it is made: ``indent`` takes
        # Python's pure encoder, whose pieces of 200,000 results held 1.4 GB
        root = host_root(report)
        results = [json.dumps(r, ensure_ascii=False) for pair in report.pairs
                   for r in self._results(pair, Place(pair, root), index)]
        if not results:
            return f"{head}[]{tail}\n"
        return "".join((head, "[\n", _ITEM, f",\n{_ITEM}".join(results), "\n", _END, "]",
                        tail, "\n"))

    def _results(self, pair: PairReport, place: Place,
                 index: dict[str, int]) -> Iterator[dict[str, Any]]:
        v = pair.verdict
        for f in v.new:
            yield self._finding(pair, place, f, index, None)
        for f in v.known:
            yield self._finding(pair, place, f, index, v.reasons.get(f.key, ""))
        for kind, entries, advice in (("baseline.stale", v.stale, STALE_ADVICE),
                                      ("baseline.growth", pair.growth, GROWTH_ADVICE)):
            for e in entries:
                yield {
                    "ruleId": kind, "ruleIndex": index[kind], "level": "error",
                    "message": {"text": f"{e.tool} {e.rule} {shown_path(e.path)}: {advice}"},
                    "locations": [_location(place.entry(*e.key), pair.pair, e.tool,
                                            e.path)],
                    "partialFingerprints": {"parityKey/v1": f"{pair.pair}|{e.tool}|{e.rule}|"
                                                            f"{e.path}|{kind}"},
                }
        kind = "baseline.changed"
        for c in v.changed:
            e = c.entry
            yield {
                "ruleId": kind, "ruleIndex": index[kind], "level": "error",
                "message": {"text": f"{c.describe()}: {changed_advice(c.narrowed)}"},
                "locations": [_location(place.entry(*e.key), pair.pair, e.tool, e.path)],
                "partialFingerprints": {"parityKey/v1": f"{pair.pair}|{e.tool}|{e.rule}|"
                                                        f"{e.path}|{kind}"},
                "properties": {"state": "narrowed" if c.narrowed else "changed",
                               "accepted": list(e.facts), "facts": list(c.finding.facts)},
            }

    def _finding(self, pair: PairReport, place: Place, f: Finding, index: dict[str, int],
                 reason: str | None) -> dict[str, Any]:
        result: dict[str, Any] = {
            "ruleId": f.rule_id,
            "ruleIndex": index[f.rule_id],
            "level": f.severity,
            "message": {"text": f"{f.tool} {shown_path(f.path)}: {f.message}. Fix: {f.hint}"},
            "locations": [_location(place.finding(f), pair.pair, f.tool, f.path)],
            "partialFingerprints": {"parityKey/v1": f"{pair.pair}|{f.tool}|{f.rule_id}|"
                                                    f"{f.path}"},
            "properties": {"pair": pair.pair, "tool": f.tool, "path": f.path,
                           "direction": f.direction},
        }
        if reason is not None:
            result["baselineState"] = "unchanged"
            suppression: dict[str, Any] = {"kind": "external", "status": "accepted"}
            if reason:
                suppression["justification"] = reason
            if pair.baseline:
                suppression["location"] = {"physicalLocation": _physical(
                    place.entry(f.tool, f.rule_id, f.path))}
            result["suppressions"] = [suppression]
        elif pair.baseline is not None:
            result["baselineState"] = "new"
        return result


formatter = SarifFormatter()
