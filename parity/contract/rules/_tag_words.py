"""How ``in.tag`` and ``out.tag`` (``in.variant``, ``out.variant``) word what keeps the
sending side's object from a variant (a ``_variants.Gap``)."""

from __future__ import annotations

from parity.contract.rules._valued import valued_words
from parity.contract.rules._variants import Gap
from parity.core.terminal import code_span


def _names(names: tuple[str, ...]) -> str:
    return " and ".join(code_span(n) for n in names)


def gap_words(gap: Gap, sender: str, sends: str) -> str:
    """What keeps the ``sender``'s object (which ``sends`` it, or ``returns`` it) from one
    variant, as ``in.tag`` (``out.tag``) words it: the keys it requires and refuses, and
    those it takes only as other types, objects or values."""
    parts = []
    if gap.missing:
        them = "it" if len(gap.missing) == 1 else "them"
        how = (f"never {sends} {them}" if gap.never
               else f"may omit {them}; one of its variants never {sends} {them}"
               if gap.one_never else f"may omit {them}")
        parts.append(f"requires {_names(gap.missing)} (the {sender} {how})")
    if gap.refused:
        them = "it" if len(gap.refused) == 1 else "them"
        how = (f"always {sends} {them}" if gap.always
               else f"may {sends[:-1]} {them}; one of its variants always does"
               if gap.one_always else f"may {sends[:-1]} {them}")
        parts.append(f"refuses {_names(gap.refused)} (the {sender} {how})")
    for key, taken, sent in gap.mistyped:
        how = f"always {sends} it" if gap.typed_always else f"may {sends[:-1]} it"
        parts.append(f"takes {code_span(key)} only as {_types(taken)} (the {sender} "
                     f"{how} as {_types(sent)})" if taken else  # (refused: `false`, `not: {}`)
                     f"refuses {code_span(key)} (the {sender} {how})")
    for key, lacking, held, typed in gap.unheld:
        how = f"always {sends} it" if gap.unheld_always else f"may {sends[:-1]} it"
        asked = " and ".join([*([f"with {_names(lacking)}"] if lacking else []),
                              *([f"without {_names(held)}"] if held else []),
                              *(f"with {code_span(path)} as {_types(taken)}" if taken
                                else f"without {code_span(path)}" for path, taken, _ in typed)])
        said = "; ".join([*([f"never with {_names(lacking)}"] if lacking else []),
                          *([f"always with {_names(held)}"] if held else []),
                          *(f"with {code_span(path)} only as {_types(sent)}"
                            for path, _, sent in typed)])
        parts.append(f"takes {code_span(key)} only {asked} in it (the {sender} {how}, "
                     f"{said})")
    parts.extend(valued_words(gap.misvalued, sender, sends))
    return " and ".join(parts)


def _types(names: tuple[str, ...]) -> str:
    return " or ".join(names) or "nothing"
