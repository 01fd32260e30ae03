"""``python -m tests.servers.switch MODE_FILE LOG``: the bundled example server
behind the drill's fault proxy in the mode ``MODE_FILE`` holds when the process starts, so a
test can have a framework's next connection meet a server that drifted (its command line
stays as the framework was configured)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main() -> None:
    mode_file, log = sys.argv[1:3]
    mode = Path(mode_file).read_text().strip()
    proxy = [sys.executable, "-m", "parity.runtime.drill.stdio_proxy", "--mode", mode,
             "--log", log, "--", sys.executable, "-m", "examples.workflow.server"]
    os.execv(sys.executable, proxy)


if __name__ == "__main__":
    main()
