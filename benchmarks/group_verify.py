"""Rows of the group ``verify``: a catalog verified against its lock, against the orjson +
SHA-256 floor."""

from __future__ import annotations

import contextlib
import hashlib
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import generate
from harness import InvalidBenchmark, Row, Settings, interleave, med


def _keys(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from _keys(v)
    elif isinstance(node, list):
        for v in node:
            yield from _keys(v)


def bench_verify(s: Settings) -> Iterator[Row]:
    import orjson

    from parity.core.jsonio import decoded_json
    from parity.pinning import drift
    from parity.pinning import lock as lk

    n = 500
    defs = generate.catalog(n, seed=generate.SEED + 2)
    # as a running client holds it: read from its file (stored digests, decoded JSON)
    lock_text = lk.dumps(lk.build("bench", defs))
    locked = lk.from_json(json.loads(lock_text), plain_json=True)
    locked_any = lk.from_json(json.loads(lock_text))
    folder = Path(tempfile.mkdtemp(prefix="parity-bench-lock-"))
    lock_file = folder / "bench.lock.json"
    lk.write(locked, lock_file)
    lock_bytes = lock_file.read_bytes()
    # the live catalog: equal, but other objects (as if just read from the wire)
    live = json.loads(json.dumps(defs))
    # what the seam proves of every listing (Listing.plain_json), proved here for this one
    if not decoded_json(live):
        raise InvalidBenchmark("verify: the live catalog is not plain decoded JSON")
    floor_locked = {t["name"]: hashlib.sha256(orjson.dumps(t, option=orjson.OPT_SORT_KEYS))
                    .hexdigest() for t in defs}
    nonascii = sum(any(not k.isascii() for k in _keys(t["inputSchema"])) for t in defs)

    def verify_memory() -> None:  # a listing from parity.mcp against a lock from its file
        d = drift.compare(locked, lk.build("bench", live, plain_json=True))
        if d.drifted:
            raise InvalidBenchmark("verify: drift reported on an unchanged catalog")

    def verify_memory_any() -> None:  # definitions from a caller who cannot promise JSON
        d = drift.compare(locked_any, lk.build("bench", live))
        if d.drifted:
            raise InvalidBenchmark("verify: drift reported on an unchanged catalog")

    def verify_file() -> None:  # what `parity verify` does (parity.cli.commands.verify)
        live_lock = lk.build("bench", live, plain_json=True)
        lk.server_text(live_lock)  # verify_target reads it to look for secrets
        d = drift.compare(lk.load(lock_file), live_lock)
        if d.drifted:
            raise InvalidBenchmark("verify: drift reported on an unchanged catalog")

    def floor() -> None:
        got = {t["name"]: hashlib.sha256(orjson.dumps(t, option=orjson.OPT_SORT_KEYS))
               .hexdigest() for t in live}
        if got != floor_locked:
            raise InvalidBenchmark("floor: hashes differ")

    def floor_file() -> None:
        stored = orjson.loads(lock_bytes)
        got = {t["name"]: hashlib.sha256(orjson.dumps(t, option=orjson.OPT_SORT_KEYS))
               .hexdigest() for t in live}
        if len(stored["tools"]) != len(got):
            raise InvalidBenchmark("floor: tool count")

    note = (f"{n} generated tools ({nonascii} with non-ASCII property names; floats in "
            "defaults, bounds and enums); "
            "2 digests per tool (contract, surface); an unchanged tool is proved equal by its "
            "listed digest (one orjson dump + SHA-256), without normalizing; both sides "
            "decoded JSON (plain_json: a listing from parity.mcp, a lock from its file), so "
            "equal text is the proof")
    tp, tc, ta = interleave(verify_memory, floor, verify_memory_any, s=s)
    yield Row("verify", f"verify a {n}-tool catalog, lock in memory", med(tp),
              "orjson.dumps(OPT_SORT_KEYS) + SHA-256 per tool", med(tc), "<= 3x the floor",
              med(tp) / med(tc) <= 3, reps=len(tp), notes=note)
    yield Row("verify", "the same, definitions not known to be decoded JSON", med(ta),
              "orjson.dumps(OPT_SORT_KEYS) + SHA-256 per tool", med(tc), "reported only",
              None, reps=len(ta),
              notes="lock.build without plain_json (a Python caller's own values): equal "
                    "text is proof only with Python's == of both definitions as well (a tuple "
                    "and a list, NaN and null share their text)")
    tp, tc = interleave(verify_file, floor_file, s=s)
    yield Row("verify", f"verify a {n}-tool catalog, lock file loaded", med(tp),
              "orjson.loads(lock) + the floor above", med(tc), "<= 3x the floor",
              med(tp) / med(tc) <= 3, reps=len(tp),
              notes="as `parity verify` does: the lock is validated and every stored hash "
                    "recomputed on its first load, a verdict remembered by the file's bytes; "
                    "every load parses it with orjson (it holds no number orjson reads "
                    "differently); the live lock is rendered once (secret check)")
    with contextlib.suppress(OSError):
        lock_file.unlink()
        folder.rmdir()
