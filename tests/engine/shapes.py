"""Does a value have the shape its annotation declares? For the view's TypedDicts and the log's
named tuples, which mypy checks where they are built but not against what a game really gives
(a None where the type says a card id, a key the type forgot)."""

from __future__ import annotations

import types
import typing
from functools import cache
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict


@cache
def _fields(hint: Any) -> dict[str, Any]:
    """A TypedDict's or a named tuple's fields and their types: worked out once a type, not once
    a value (typing.get_type_hints evaluates every annotation again on every call)."""
    return get_type_hints(hint, include_extras=True)


@cache
def _form(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    return get_origin(hint), get_args(hint)


def fits(value: object, hint: Any) -> bool:
    """Whether `value` fits `hint`, as `mismatches` judges, without wording why: a whole game's
    views are thousands of values, and only one that does not fit needs its path said."""
    origin, args = _form(hint)
    if origin is NotRequired:
        return fits(value, args[0])
    if origin in (Union, types.UnionType):
        return any(fits(value, a) for a in args)
    if hint is type(None):
        return value is None
    if origin is typing.Literal:
        return value in args
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return False
        fields = _fields(hint)
        return all(k in fields for k in value) and all(
            fits(value[k], h) if k in value else _form(h)[0] is NotRequired
            for k, h in fields.items()
        )
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return type(value) is hint and all(
            fits(getattr(value, k), h) for k, h in _fields(hint).items()
        )
    if origin is list:
        return isinstance(value, list) and all(fits(x, args[0]) for x in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            fits(k, args[0]) and fits(x, args[1]) for k, x in value.items()
        )
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return False  # no check for it: mismatches says which


def mismatches(value: object, hint: Any, where: str = "view") -> list[str]:
    """Every place where `value` does not fit `hint`, as 'path: why' (empty: it fits)."""
    if fits(value, hint):
        return []
    origin, args = _form(hint)
    if origin is NotRequired:
        return mismatches(value, args[0], where)
    if origin in (Union, types.UnionType):
        each = [mismatches(value, a, where) for a in args]
        return [] if any(not f for f in each) else [f"{where}: {value!r} is none of {hint}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r} not in {args}"]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        fields = _fields(hint)
        out = [f"{where}: unexpected key {k!r}" for k in value if k not in fields]
        for k, h in fields.items():
            if k in value:
                out += mismatches(value[k], h, f"{where}[{k!r}]")
            elif get_origin(h) is not NotRequired:
                out.append(f"{where}: missing key {k!r}")
        return out
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        if type(value) is not hint:
            return [f"{where}: {value!r} is not a {hint.__name__}"]
        return [
            m
            for k, h in _fields(hint).items()
            for m in mismatches(getattr(value, k), h, f"{where}.{k}")
        ]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [m for i, x in enumerate(value) for m in mismatches(x, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        out = [m for k in value for m in mismatches(k, args[0], f"{where} key")]
        for k, x in value.items():
            out += mismatches(x, args[1], f"{where}[{k!r}]")
        return out
    if hint is int:  # bool is an int in Python, but not in a view that says int
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not an int"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r} is not a {hint.__name__}"]
    raise TypeError(f"{where}: no check for {hint!r}")
