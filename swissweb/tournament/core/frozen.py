"""Frozen dataclasses made in bulk: the same values, made without the generated
``__init__``.

A frozen dataclass's ``__init__`` writes each field through ``object.__setattr__``
(its own ``__setattr__`` refuses), and with keywords the call costs more again. A
standings of 2,000 players x 11 rounds makes 22,000 round records and 22,000
crosstable cells, and that writing was a fifth of its time (#35). A maker from
:func:`frozen_maker` writes each slot through the slot's own descriptor: the object is
an instance of the class as ``cls(...)`` would make it, equal to it, with the same
hash and ``repr``, and as frozen afterwards.

Only for classes whose ``__init__`` would do nothing else: every field given, in the
order of the class, no default left to fill, no ``__post_init__``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

Setter = Callable[[object, Any], None]


def _slot_setters(cls: type[object]) -> tuple[Setter, ...]:
    """Each field's slot setter, in the order of the class's fields.

    :raises TypeError: ``cls`` is not a frozen dataclass with slots whose ``__init__``
        only sets its fields.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # checked a dataclass above
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__} has a field its __init__ does not take")
    return tuple(cls.__dict__[f.name].__set__ for f in fields)


def frozen_maker(cls: type[T]) -> Callable[..., T]:
    """A function making ``cls`` from its fields' values given in order, as
    ``cls(*values)`` would, about twice as fast (the module's docstring says why).

    Made for the classes of three and four fields that a standings makes by the
    thousand; give it a typed name where it is kept.

    :raises TypeError: ``cls`` is not a frozen dataclass with slots whose ``__init__``
        only sets its fields, or has neither three nor four fields.
    """
    setters = _slot_setters(cls)
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
    raise TypeError(f"{cls.__name__} has {len(setters)} fields, not three or four")


__all__ = ["frozen_maker"]
