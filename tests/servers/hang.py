"""Never answers anything (``--after-init``: answers initialize, then hangs on tools/list)."""

from __future__ import annotations

import os
import sys
import time

from tests.servers._raw import Reply, serve

if __name__ == "__main__":
    print(f"hang server up pid={os.getpid()}", file=sys.stderr, flush=True)
    if "--after-init" in sys.argv:
        serve({"tools/list": lambda params: Reply(silent=True)}, name="hang")
    else:
        while True:
            time.sleep(3600)
