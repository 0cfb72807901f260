"""The kinds of option a pairing system declares (:class:`~pairing.engine.options.OptionSpec`):
yes/no (:class:`BoolOption`), a whole number (:class:`IntOption`) and a set of choices
(:class:`ChoiceSetOption`).

A module of their own, imported by the systems that declare options (Lim, ESCA) when
their options are first asked for: pairing by a system without options (the command
line's ``--dutch -p``) does not build these classes.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from .messages import Message, words
from .options import Flag, FlagValue, JsonValue, OptionSpec

E = TypeVar("E", bound=enum.Enum)


@dataclass(frozen=True, slots=True, kw_only=True)
class BoolOption(OptionSpec[bool]):
    """A yes/no option: one flag of the option's own name."""

    def flags(self) -> tuple[Flag, ...]:
        return (
            Flag(
                word=self.name, label=self.label, help=self.help, kind="bool", default=self.default
            ),
        )

    def from_flags(self, flags: Mapping[str, FlagValue]) -> bool:
        return bool(flags.get(self.name, self.default))

    def to_flags(self, value: bool) -> dict[str, FlagValue]:
        return {self.name: value}

    def problem(self, value: object) -> Message | None:
        return self.flags()[0].problem(value)

    def to_json(self, value: bool) -> JsonValue:
        return value

    def from_json(self, raw: object) -> bool:
        if not isinstance(raw, bool):
            raise ValueError(f"option {self.name} must be true or false, not {raw!r}")
        return raw


@dataclass(frozen=True, slots=True, kw_only=True)
class IntOption(OptionSpec[int]):
    """A whole-number option: one flag of the option's own name."""

    minimum: int | None = None
    maximum: int | None = None

    def flags(self) -> tuple[Flag, ...]:
        flag = Flag(
            word=self.name,
            label=self.label,
            help=self.help,
            kind="int",
            default=self.default,
            minimum=self.minimum,
            maximum=self.maximum,
        )
        return (flag,)

    def from_flags(self, flags: Mapping[str, FlagValue]) -> int:
        return int(flags.get(self.name, self.default))

    def to_flags(self, value: int) -> dict[str, FlagValue]:
        return {self.name: value}

    def problem(self, value: object) -> Message | None:
        return self.flags()[0].problem(value)

    def to_json(self, value: int) -> JsonValue:
        return value

    def from_json(self, raw: object) -> int:
        problem = self.problem(raw)
        if problem is not None or not isinstance(raw, int):
            raise ValueError(f"{problem}, not {raw!r}")
        return raw


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice(Generic[E]):
    """One member of a choice set, with the flag that turns it on."""

    value: E
    word: str
    label: str
    help: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceSetOption(OptionSpec[frozenset[E]]):
    """A set of enum members (ESCA 27's kinds of round-1 separation): one yes/no flag
    per member."""

    choices: tuple[Choice[E], ...]

    def flags(self) -> tuple[Flag, ...]:
        return tuple(
            Flag(
                word=c.word,
                label=c.label,
                help=c.help,
                kind="bool",
                default=c.value in self.default,
            )
            for c in self.choices
        )

    def from_flags(self, flags: Mapping[str, FlagValue]) -> frozenset[E]:
        return frozenset(
            c.value for c in self.choices if flags.get(c.word, c.value in self.default)
        )

    def to_flags(self, value: frozenset[E]) -> dict[str, FlagValue]:
        return {c.word: c.value in value for c in self.choices}

    def problem(self, value: object) -> Message | None:
        members = {c.value for c in self.choices}
        if not isinstance(value, frozenset) or not value <= members:
            return words("option.unknown_choice", option=self.name)
        return None

    def to_json(self, value: frozenset[E]) -> JsonValue:
        return [str(c.value.value) for c in self.choices if c.value in value]

    def from_json(self, raw: object) -> frozenset[E]:
        by_value = {str(c.value.value): c.value for c in self.choices}
        if not isinstance(raw, list) or not all(
            isinstance(item, str) and item in by_value for item in raw
        ):
            known = ", ".join(by_value)
            raise ValueError(f"option {self.name} must list some of {known}, not {raw!r}")
        return frozenset(by_value[item] for item in raw)


__all__ = ["BoolOption", "Choice", "ChoiceSetOption", "IntOption"]
