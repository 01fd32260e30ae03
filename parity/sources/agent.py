"""Agent-side sources: the tool definitions an agent *believes* its servers offer.

Every source becomes raw wire-shaped tool definitions (``name``, ``description``,
``inputSchema`` and, where known, ``outputSchema``), the same shape a server lists, so both
sides go through one reduction to field paths.

Accepted sources (``[tool.parity.pairs.<pair>.agent]``, exactly one):

``source = "module:attribute"``
    The attribute may be

    * a plain callable (a stub function, sync or async): named by its ``__name__``;
    * an object shaped like LangChain's ``StructuredTool`` (``name``, ``description``,
      ``args_schema``), duck-typed: named by its ``name``;
    * a ``list`` or ``tuple`` of those;
    * a ``dict`` of those: the **key** names the tool (so a stub function can carry an id such
      as ``workflow-mcp:check_phases`` that is no Python identifier).

``models = {tool = {in = "module:Model", out = "module:Model"}}``
    pydantic models per tool: an arguments model and, optionally, a result model.

``tools_file = "path.json"``
    A JSON file of tool definitions the client pins (a ``tools/list`` result).

Callables are turned into JSON Schema the way the MCP Python SDK's ``FastMCP``/``MCPServer``
does it, so a stub and a server written from the same function agree byte for byte: the
parameters become a pydantic model named ``<function>Arguments``; the return annotation
becomes the output schema, where a ``BaseModel``, a ``TypedDict``, an annotated class or a
``dict[str, X]`` is an object as it is, and anything else (``str``, ``list[X]``, ``Optional``,
unions, ``None``) is wrapped as ``{"result": ...}``. A callable without a return annotation
has no output schema.

**How the agent calls a tool** (``call_as = {tool = "task"}``): plainly or as a task, recorded
as the definition's ``execution.taskSupport`` (a stub cannot state it; a ``tools_file``
definition keeps its own unless ``call_as`` names it).

**Observed output** (``observe = {tool = {...example arguments...}}``): the stub is called once
with the example arguments (validated through its arguments model, as a server would) and the
keys it actually returns become its ``out`` table, marked ``observed``. A stand-in promises
what it returns; that promise is what the server must keep.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parity.core.interrupts import noting_sigint
from parity.errors import SourceError
from parity.fieldpaths.callmodes import TASK, TASK_SUPPORT
from parity.sources.observe import observe, schema_of_value
from parity.sources.tools import (
    AgentTool,
    callable_tool,
    definition_from_callable,
    definition_from_tool_object,
    is_tool_object,
    model_schema,
    object_tool,
    output_schema,
)

if TYPE_CHECKING:
    from parity.config.settings import AgentConfig, ModelRef


@dataclass(frozen=True)
class AgentListing:
    """What an agent-side source yields."""

    #: Raw wire-shaped definitions, sorted by name.
    tools: tuple[dict[str, Any], ...]
    #: Names of tools whose ``outputSchema`` was recorded from a real call.
    observed: frozenset[str]
    #: A stable, machine-independent description of the source, for the manifest.
    source: str


# -- module:attribute ------------------------------------------------------------------------


def resolve_ref(ref: str, root: Path | None = None, *, key: str | None = None) -> Any:
    """Import ``module:attribute`` (the attribute may be dotted), with ``root`` on ``sys.path``.

    Every failure is a ``SourceError`` naming the reference (and the config ``key``).
    """
    module_name, sep, attribute = ref.partition(":")
    where = key or ref
    if not sep or not module_name or not attribute:
        raise SourceError(f"{ref!r} is not a 'module:attribute' reference", location=where,
                          hint="write it as package.module:name, e.g. myagent.tools:TOOLS")
    with _on_path(root), noting_sigint() as interrupted:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            missing = exc.name or module_name
            raise SourceError(
                f"cannot import {ref!r}: no module named {missing!r}", location=where,
                hint=f"run parity from the project root, or check the module path"
                     f"{f' (looked in {root} and sys.path)' if root else ''}") from None
        except (Exception, SystemExit, KeyboardInterrupt) as exc:
            # the user's module raised while importing; even sys.exit() or an interrupt
            # there is its mistake, reported (exit 2), not parity's exit code; Ctrl-C
            # meanwhile is the user's interruption
            if isinstance(exc, KeyboardInterrupt) and interrupted():
                raise
            raise SourceError(f"cannot import {ref!r}: importing {module_name!r} raised "
                              f"{type(exc).__name__}: {exc}", location=where,
                              hint="fix the error in that module") from None
    value: Any = module
    for part in attribute.split("."):
        try:
            value = getattr(value, part)
        except AttributeError:
            raise SourceError(f"cannot resolve {ref!r}: {module_name!r} has no attribute "
                              f"{attribute!r}", location=where,
                              hint="check the name after the ':'") from None
    return value


@contextlib.contextmanager
def _on_path(root: Path | None) -> Iterator[None]:
    # The config root goes first so a project's own modules win over installed namesakes;
    # it is removed again so one extraction does not leak into the next.
    if root is None:
        yield
        return
    entry = str(root)
    sys.path.insert(0, entry)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):  # the imported module removed it itself
            sys.path.remove(entry)


# -- a source object ----------------------------------------------------------------------------


def tools_from_object(value: Any, ref: str) -> list[AgentTool]:
    """The tools in a resolved ``module:attribute``: see the module docstring for the shapes."""
    if isinstance(value, Mapping):
        items: list[tuple[str | None, Any, str]] = []
        for key, item in _entries(value, ref, "items", lambda: list(value.items())):
            if not isinstance(key, str) or not key:
                raise SourceError(f"{ref!r}: dict keys must be tool names (strings), got {key!r}",
                                  location=ref, hint="key the dict by tool name")
            items.append((key, item, f"{ref}[{key!r}]"))
    elif isinstance(value, (list, tuple)):
        items = [(None, item, f"{ref}[{i}]")
                 for i, item in enumerate(_entries(value, ref, "items", lambda: list(value)))]
    else:
        items = [(None, value, ref)]
    tools: dict[str, AgentTool] = {}
    for name, item, where in items:
        if is_tool_object(item, where):
            tool = object_tool(item, name, where)
        elif callable(item) and not isinstance(item, type):
            tool = callable_tool(item, name, None, where)
        else:
            raise SourceError(
                f"{where} is a {type(item).__name__}, not a tool", location=ref,
                hint="give a callable, an object with name/description/args_schema, or a "
                     "list/tuple/dict of those")
        if tool.name in tools:
            raise SourceError(f"{ref!r}: two tools are named {tool.name!r}", location=ref,
                              hint="tool names must be unique on one side")
        tools[tool.name] = tool
    return [tools[n] for n in sorted(tools)]


def _entries(value: Any, ref: str, what: str, read: Callable[[], list[Any]]) -> list[Any]:
    # a dict or list subclass of the user's may raise while parity reads it: its error
    try:
        return read()
    except Exception as exc:
        said = f": {exc}" if str(exc) else ""
        raise SourceError(f"reading the {type(value).__name__}'s {what} raised "
                          f"{type(exc).__name__}{said}", location=ref,
                          hint="give a plain dict, list or tuple of tools") from None


def definitions_from_models(models: Mapping[str, ModelRef], root: Path | None = None,
                            *, key: str = "models") -> list[dict[str, Any]]:
    """Tool definitions from pydantic models per tool (``in``: arguments, ``out``: result).

    ``out`` may name any type pydantic can describe; as for return annotations, a type that
    is not an object is wrapped as ``{"result": ...}``.
    """
    definitions = []
    for tool in sorted(models):
        with calling_user_code(f"the models of tool {tool!r}", location=f"{key}.{tool}"):
            definitions.append(_model_definition(tool, models[tool], root, key))
    return definitions


def _model_definition(tool: str, ref: ModelRef, root: Path | None, key: str) -> dict[str, Any]:
    definition: dict[str, Any] = {"name": tool, "description": ""}
    if ref.in_ is not None:
        model = resolve_ref(ref.in_, root, key=f"{key}.{tool}.in")
        definition["inputSchema"] = model_schema(_model_class(model, ref.in_, tool), tool)
        doc = getattr(model, "__doc__", None)
        definition["description"] = doc if isinstance(doc, str) else ""
    else:
        definition["inputSchema"] = {"type": "object", "properties": {}}
    if ref.out is not None:
        out = resolve_ref(ref.out, root, key=f"{key}.{tool}.out")
        name = getattr(out, "__name__", tool)
        schema, _ = output_schema(out, name, tool)
        if schema is None:
            raise SourceError(f"tool {tool!r}: {ref.out!r} cannot describe a result",
                              location=f"{key}.{tool}.out",
                              hint="name a pydantic model (or a type pydantic can describe)")
        definition["outputSchema"] = schema
    return definition


@contextlib.contextmanager
def calling_user_code(what: str, *, location: str) -> Iterator[None]:
    """Run code of the user's own module (reading its tool objects, describing its models).
    ``sys.exit()`` or an interrupt raised there is that code's mistake, as while importing
    it (``resolve_ref``): a ``SourceError`` naming it and the exception (exit 2). Ctrl-C
    meanwhile is an interruption, as anywhere else."""
    with noting_sigint() as interrupted:
        try:
            yield
        except (SystemExit, KeyboardInterrupt) as exc:
            if isinstance(exc, KeyboardInterrupt) and interrupted():
                raise
            raise _raised(what, exc, location) from None


def _raised(what: str, exc: BaseException, location: str) -> SourceError:
    return SourceError(f"{what}: parity called it and it raised {type(exc).__name__}"
                       f"{f': {exc}' if str(exc) else ''}", location=location,
                       hint="fix that code: a module parity reads must not exit or raise "
                            "KeyboardInterrupt")


def _model_class(value: Any, ref: str, tool: str) -> Any:
    from pydantic import BaseModel

    if isinstance(value, type) and issubclass(value, BaseModel):
        return value
    raise SourceError(f"tool {tool!r}: {ref!r} is a {type(value).__name__}, not a pydantic "
                      "model class", location=ref, hint="an arguments model is a BaseModel class")


# -- the configured agent side ----------------------------------------------------------------


def load_agent(agent: AgentConfig, root: Path, *, server: str | None = None,
               id_paths: Sequence[str] = ()) -> AgentListing:
    """The definitions of a configured agent side, with observed outputs recorded.

    Arguments:
        agent: the pair's ``[agent]`` table.
        root: the configuration's folder: put on ``sys.path`` for imports, and the base of
            relative paths in the manifest's ``source``.
        server: the pair's server name, to match ``observe`` keys given as bare tool names.
        id_paths: the pair's tool-id paths: observed strings there are recorded.
    """
    if agent.kind == "tools_file":
        from parity.fieldpaths.tooldefs import read_tool_file

        if agent.tools_file is None:  # AgentConfig.kind says it is set
            raise SourceError("the agent side has no tools_file", location="agent.tools_file")
        _no_observe(agent, "tools_file")
        definitions = _called_as(agent, read_tool_file(agent.tools_file), server)
        _known_call_modes(definitions, agent.tools_file)
        return AgentListing(tuple(sorted(definitions, key=lambda d: d["name"])), frozenset(),
                            _relative(agent.tools_file, root))
    if agent.kind == "models":
        _no_observe(agent, "models")
        definitions = definitions_from_models(agent.models, root, key="agent.models")
        return AgentListing(tuple(_called_as(agent, definitions, server)), frozenset(),
                            "models")
    if agent.source is None:  # AgentConfig.kind says it is set
        raise SourceError("the agent side has no source", location="agent.source")
    source = resolve_ref(agent.source, root, key="agent.source")
    with calling_user_code(agent.source, location="agent.source"):
        tools = tools_from_object(source, agent.source)  # reads (and so runs) the objects
    by_name = {t.name: t for t in tools}
    observed: set[str] = set()
    by_tool = {t.name: t.definition for t in tools}
    for key in sorted(agent.observe):
        name = _tool_named(key, by_name, agent.tool_id_form, server, "observe")
        schema = observe(by_name[name], agent.observe[key], id_paths=id_paths)
        by_tool[name] = {**by_tool[name], "outputSchema": schema}
        observed.add(name)
    definitions = _called_as(agent, [by_tool[n] for n in sorted(by_tool)], server)
    return AgentListing(tuple(definitions), frozenset(observed), agent.source)


def _called_as(agent: AgentConfig, definitions: Sequence[dict[str, Any]],
               server: str | None) -> list[dict[str, Any]]:
    """``definitions`` with each tool ``call_as`` names given the ``execution.taskSupport``
    that says how the agent calls it (a stub cannot say it): ``required`` for ``task``,
    none for ``plain`` (the rest of a definition's ``execution`` is kept)."""
    if not agent.call_as:
        return list(definitions)
    by_name = {d["name"]: d for d in definitions}
    for key in sorted(agent.call_as):
        name = _tool_named(key, by_name, agent.tool_id_form, server, "call_as")
        definition = dict(by_name[name])
        execution = definition.pop("execution", None)
        rest = {k: v for k, v in execution.items() if k != "taskSupport"} \
            if isinstance(execution, dict) else {}
        if agent.call_as[key] == TASK:
            rest["taskSupport"] = TASK_SUPPORT[(TASK,)]
        if rest:
            definition["execution"] = rest
        by_name[name] = definition
    return [by_name[d["name"]] for d in definitions]


def _known_call_modes(definitions: Sequence[dict[str, Any]], file: Path) -> None:
    """Refuse an ``execution.taskSupport`` the protocol does not name in the agent's file.
    A server's is recorded as taking no call (nothing is known to work there); but the
    agent's says how the agent calls, and read as no call it would turn ``tool.call-mode``
    off without a word (``"Forbidden"`` for ``"forbidden"``)."""
    from parity.errors import FileFormatError
    from parity.fieldpaths.callmodes import CALL_MODES

    allowed = ", ".join(f'"{name}"' for name in CALL_MODES)
    for definition in definitions:
        execution = definition.get("execution")
        support = execution.get("taskSupport") if isinstance(execution, dict) else None
        if execution is None or (isinstance(execution, dict) and (
                support is None or (isinstance(support, str) and support in CALL_MODES))):
            continue
        said = (f"`execution.taskSupport` is {json.dumps(support)}"
                if isinstance(execution, dict) else
                f"`execution` is {type(execution).__name__}, not an object")
        raise FileFormatError(f"{said}, which MCP does not name", file=str(file),
                              location=f"tool {definition['name']!r}",
                              hint=f"taskSupport is one of {allowed} (or leave it out: called "
                                   "plainly); or say how the agent calls it with call_as")


def _tool_named(key: str, tools: Mapping[str, object], form: str, server: str | None,
                table: str) -> str:
    """The agent tool a key of the ``table`` (``observe``, ``call_as``) names."""
    if key in tools:
        return key
    # a bare tool name is accepted too, so TOML keys need no quoting
    from parity.fieldpaths.toolid import parse_form

    matches = [n for n in tools if parse_form(form).parse(n, server) == key]
    if len(matches) == 1:
        return matches[0]
    raise SourceError(f"{table} names tool {key!r}, which the agent source does not define",
                      location=f"{table}.{key}",
                      hint=f"agent tools: {', '.join(sorted(tools)) or 'none'}")


def _no_observe(agent: AgentConfig, kind: str) -> None:
    if agent.observe:
        raise SourceError(f"observe needs stubs to call, but the agent side is a {kind}",
                          location="agent.observe",
                          hint="use `source = \"module:attribute\"` for stubs, or drop observe")


def _relative(path: Path, root: Path) -> str:
    # manifests must not depend on where the repository is checked out
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop of links (3.10-3.12)
        return path.as_posix()


__all__ = ["AgentListing", "AgentTool", "definition_from_callable", "definition_from_tool_object",
           "definitions_from_models", "is_tool_object", "load_agent", "observe", "resolve_ref",
           "schema_of_value", "tools_from_object"]

