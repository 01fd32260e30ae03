"""How a direct walk (``direct``) names what it visits: the key of an entry (a printed path
for a whole schema, steps inside the general walk) and the JSON pointer of a subschema, spelt
as the general walk spells it (its errors name the place by it).
"""

from __future__ import annotations

from typing import Any

from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps, render_prop
from parity.fieldpaths.pointers import escape_token

#: the tail of a JSON pointer below a subschema: (keyword, name or position, tail) or None
Tail = Any


#: property name -> as printed in a path (names repeat a lot; read inline by ``direct_flat``)
PRINTED: dict[str, str] = {}


def prop_text(key: str, name: str) -> str:
    printed = PRINTED.get(name)
    if printed is None:
        printed = render_prop(name)
        if len(PRINTED) < 4096:
            PRINTED[name] = printed
    return f"{key}.{printed}" if key else printed


def index_text(key: str, position: int) -> str:
    return f"{key}[{position}]"


def items_text(key: str) -> str:
    return key + "[]"


def values_text(key: str) -> str:
    return key + "{}"


def prop_steps(key: Steps, name: str) -> Steps:
    return (*key, Prop(name))


def index_steps(key: Steps, position: int) -> Steps:
    return (*key, Index(position))


def items_steps(key: Steps) -> Steps:
    return (*key, ITEMS)


def values_steps(key: Steps) -> Steps:
    return (*key, VALUES)


def pointer(base: str, tail: Tail) -> str:
    """The JSON pointer the general walk would hold after a subtree (``Direct.node``'s tail)."""
    parts = [base]
    while tail is not None:
        keyword, name, tail = tail
        parts.append(f"/{keyword}" if name is None else
                     f"/{keyword}/{escape_token(name) if isinstance(name, str) else name}")
    return "".join(parts)



def pointer_of(root: Any, steps: Steps, start: str = "#") -> str:
    """The JSON pointer of the subschema at ``steps`` below ``root`` (whose pointer is
    ``start``), as the general walk spells it (the direct walk reaches map values through one
    keyword per node, and the properties of an ``allOf`` it reads as one object through
    their branch: ``direct_allof``)."""
    parts, node = [start], root
    for step in steps:
        if isinstance(step, Prop):
            if step.name not in node.get("properties", ()):  # an ``allOf`` branch's
                position, node = next((i, b) for i, b in enumerate(node["allOf"])
                                      if step.name in b.get("properties", ()))
                parts.append(f"/allOf/{position}")
            parts.append(f"/properties/{escape_token(step.name)}")
            node = node["properties"][step.name]
        elif isinstance(step, Index):
            parts.append(f"/prefixItems/{step.position}")
            node = node["prefixItems"][step.position]
        elif step is ITEMS:
            parts.append("/items")
            node = node["items"]
        else:
            extra = node.get("additionalProperties", True)
            if extra is not True and extra is not False and extra != {}:
                parts.append("/additionalProperties")
                node = extra
            else:
                (pattern, node), = node["patternProperties"].items()
                parts.append(f"/patternProperties/{escape_token(pattern)}")
    return "".join(parts)
