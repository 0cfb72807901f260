"""Frozen dataclasses made in bulk: the same values, made without the generated
``__init__``.

A frozen dataclass's ``__init__`` writes each field through ``object.__setattr__``
(its own ``__setattr__`` refuses), and with keywords the call costs more again. A
standings of 2,000 players x 11 rounds makes 22,000 round records, 22,000 crosstable
cells and 2,000 players' rows of a dozen fields and more each, and that writing was a
fifth of its time (#35). A maker from :func:`frozen_maker` writes each slot through
the slot's own descriptor: the object is an instance of the class as ``cls(...)``
would make it, equal to it, with the same hash and ``repr``, and as frozen afterwards.

Only for classes whose ``__init__`` would do nothing else: every field given, in the
order of the class, no default left to fill, no ``__post_init__``.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any, TypeVar

T = TypeVar("T")

Setter = Callable[[object, Any], None]


def _slot_setters(cls: type[object], names: Sequence[str]) -> tuple[Setter, ...]:
    """Each field's slot setter, in the order of the class's fields, which ``names``
    must give.

    :raises TypeError: ``cls`` is not a frozen dataclass with slots whose ``__init__``
        only sets its fields, or ``names`` are not its fields in order.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # checked a dataclass above
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__} has a field its __init__ does not take")
    if tuple(names) != tuple(f.name for f in fields):
        raise TypeError(f"{cls.__name__}'s fields are not {', '.join(names)}, in order")
    return tuple(cls.__dict__[f.name].__set__ for f in fields)


def frozen_maker(cls: type[T], names: Sequence[str]) -> Callable[..., T]:
    """A function making ``cls`` from its fields' values given in order, as
    ``cls(*values)`` would, two to four times as fast (the module's docstring says
    why); give it a typed name where it is kept.

    ``names`` are the fields in that order, as the callers write their values: a field
    moved or added later is refused when the module loads, not filled with the value
    of another.

    :raises TypeError: ``cls`` is not a frozen dataclass with slots whose ``__init__``
        only sets its fields, or ``names`` are not its fields in order; the function
        made raises it for a wrong number of values.
    """
    setters = _slot_setters(cls, names)
    new = object.__new__
    if len(setters) == 3:
        first, second, third = setters

        def make_three(a: object, b: object, c: object) -> T:
            made = new(cls)
            first(made, a)
            second(made, b)
            third(made, c)
            return made

        return make_three
    if len(setters) == 4:
        first, second, third, fourth = setters

        def make_four(a: object, b: object, c: object, d: object) -> T:
            made = new(cls)
            first(made, a)
            second(made, b)
            third(made, c)
            fourth(made, d)
            return made

        return make_four
    count, call = len(setters), operator.call

    def make(*values: object) -> T:
        if len(values) != count:
            raise TypeError(f"{cls.__name__} takes {count} values, not {len(values)}")
        made = new(cls)
        # Each setter called with (made, value) in one loop that runs in C; the setters
        # answer None, so ``any`` goes through them all.
        any(map(call, setters, repeat(made), values))
        return made

    return make


__all__ = ["frozen_maker"]
