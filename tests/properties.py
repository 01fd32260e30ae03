"""How many examples a property test draws: the number it names (hypothesis' default of
100 when it names none), scaled by ``PARITY_EXAMPLES``, a percentage (100 when unset).

With ``CI`` set, the property tests draw the same examples on every run (``conftest``).
``.ci/run`` gives its first suite the whole number and its second (the oldest Python, the
1.x SDK, which would only repeat the first's examples) a fifth. Raise it for a longer
search.
"""

from __future__ import annotations

import os


def draws(named: int) -> int:
    """``named`` scaled by ``PARITY_EXAMPLES``, at least 10."""
    text = os.environ.get("PARITY_EXAMPLES", "100")
    try:
        percent = int(text)
    except ValueError:
        raise SystemExit(f"PARITY_EXAMPLES={text!r}: expected a whole percentage, "
                         "such as 20 or 300") from None
    return max(10, named * percent // 100)
