"""Closes its stdin at once and says so on stderr, then exits with code 3 half a second
later, its stdout open until then: a write to it breaks before its stdout closes, as when
a server dies before the client's first request reaches it."""

from __future__ import annotations

import os
import sys
import time

if __name__ == "__main__":
    os.close(0)  # the std streams do not own their descriptors: nothing closes it again
    print("stdin closed", file=sys.stderr, flush=True)
    time.sleep(0.5)
    sys.exit(3)
