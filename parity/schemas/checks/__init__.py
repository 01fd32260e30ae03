"""Checks compiled from the shipped schemas (``parity/schemas/*.json``) by fastjsonschema.

They let ``parity.core.validate`` accept a valid file without importing ``jsonschema`` (most
of a cold ``parity check``'s start-up); ``jsonschema`` still decides, and words, every file a
check rejects. Generated, never edited: ``python -m parity.schemas.checks.generate`` rewrites
them, and tests/core/test_compiled_checks.py fails while one is stale.
"""
