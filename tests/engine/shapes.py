"""Does a value have the shape its annotation declares? For the view's TypedDicts and the log's
named tuples, which mypy checks where they are built but not against what a game really gives
(a None where the type says a card id, a key the type forgot)."""

from __future__ import annotations

import types
import typing
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict


def mismatches(value: object, hint: Any, where: str = "view") -> list[str]:
    """Every place where `value` does not fit `hint`, as 'path: why' (empty: it fits)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is NotRequired:
        return mismatches(value, args[0], where)
    if origin in (Union, types.UnionType):
        fits = [mismatches(value, a, where) for a in args]
        return [] if any(not f for f in fits) else [f"{where}: {value!r} is none of {hint}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r} not in {args}"]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        fields = get_type_hints(hint, include_extras=True)
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
            for k, h in get_type_hints(hint).items()
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
