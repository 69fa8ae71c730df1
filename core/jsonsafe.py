"""JSON from places we do not control (a saved scan, a history file, an agent's output line), read
so that no input can make the reader crash: nesting is bounded and a too-deep document is a
``ValueError`` with a plain message, never a ``RecursionError``; :func:`build` rebuilds a dataclass
tree checking every value against the field it fills, so a file edited by hand, written by another
version or damaged on disk is refused when it is read (naming the field), never found out later by
code that trusts it."""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
import types
import typing
from typing import Any

#: Our documents nest about 6 levels; this leaves room and stays far from Python's recursion limit.
MAX_DEPTH = 64


class JsonError(ValueError):
    """Not a JSON document tfgpu can read; the message says why in plain words."""


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` that raises :class:`JsonError` (a ValueError) for bad JSON and for nesting
    deeper than ``max_depth`` (arrays and objects)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise JsonError(f"nested more than {max_depth} levels deep") from None
    except ValueError as exc:  # JSONDecodeError, and UnicodeDecodeError for bytes
        raise JsonError(f"not valid JSON: {exc}") from None
    if depth_exceeds(value, max_depth):
        raise JsonError(f"nested more than {max_depth} levels deep")
    return value


def depth_exceeds(value: Any, max_depth: int) -> bool:
    """True when ``value`` holds lists/dicts nested deeper than ``max_depth`` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth + 1 > max_depth:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def build(cls: type, data: object, where: str = "document") -> Any:
    """An instance of dataclass ``cls`` from JSON ``data``; unknown keys are ignored, missing ones
    take their defaults; a wrongly typed value raises :class:`JsonError` naming it."""
    if not isinstance(data, dict):
        raise JsonError(f"{where}: expected an object, got {_kind(data)}")
    hints = _hints(cls)
    values = {}
    for spec in dataclasses.fields(cls):
        if not spec.init:
            continue
        if spec.name in data:
            values[spec.name] = convert(hints[spec.name], data[spec.name], f"{where}.{spec.name}")
        elif spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
            raise JsonError(f"{where}: {spec.name!r} is missing")
    return cls(**values)


def convert(hint: Any, value: object, where: str, *, nullable: bool = False) -> Any:
    """``value`` as type ``hint``. A NaN or infinity where None is allowed reads as None (unknown is not zero)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return value
    if hint in (dict, list):  # a bare container: any JSON inside
        if not isinstance(value, hint):
            raise JsonError(f"{where}: expected {'an object' if hint is dict else 'a list'}, got {_kind(value)}")
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        for option in options:
            try:
                return convert(option, value, where, nullable=type(None) in args)
            except JsonError:
                if len(options) == 1:
                    raise
        raise JsonError(f"{where}: unexpected {_kind(value)}")
    if origin in (list, tuple):
        if not isinstance(value, list):
            raise JsonError(f"{where}: expected a list, got {_kind(value)}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(value) != len(args):
                raise JsonError(f"{where}: expected {len(args)} items, got {len(value)}")
            return tuple(convert(a, item, f"{where}[{i}]") for i, (a, item) in enumerate(zip(args, value)))
        items = [convert(args[0], item, f"{where}[{i}]") if args else item for i, item in enumerate(value)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise JsonError(f"{where}: expected an object, got {_kind(value)}")
        return {k: convert(args[1], v, f"{where}.{k}") for k, v in value.items()}
    if dataclasses.is_dataclass(hint):
        return build(hint, value, where)  # type: ignore[arg-type]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            raise JsonError(f"{where}: {value!r} is not one of {[m.value for m in hint]}") from None
    return _scalar(hint, value, where, nullable)


def _scalar(hint: Any, value: object, where: str, nullable: bool) -> Any:
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
    elif hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if math.isfinite(value):
                return float(value)
            if nullable:
                return None
            raise JsonError(f"{where}: expected a finite number, got {value!r}")
    elif hint is str:
        if isinstance(value, str):
            return value
    else:
        raise JsonError(f"{where}: cannot check a {hint!r}")
    raise JsonError(f"{where}: expected {_NAMES[hint]}, got {_kind(value)}")


_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "a text"}


def _kind(value: object) -> str:
    if value is None:
        return "null"
    text = repr(value)
    return f"{type(value).__name__} {text[:40] + '…' if len(text) > 40 else text}"


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
