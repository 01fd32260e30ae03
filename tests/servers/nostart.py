"""Exits at once with a message on stderr that contains a secret (``PARITY_TEST_SECRET``)."""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":
    for i in range(30):
        print(f"noise line {i}", file=sys.stderr)
    print(f"fatal: cannot log in with token {os.environ.get('PARITY_TEST_SECRET', '')}",
          file=sys.stderr)
    sys.exit(3)
