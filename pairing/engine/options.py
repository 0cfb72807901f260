"""The options a pairing system declares, in the manner of a database backend declaring
its features: one :class:`OptionSpec` per option, kept in the system's ``RULES``.

From the declaration alone the rest of the project derives everything an option needs:
the event form's fields (one per :class:`Flag`), the TRF ``SWO`` words, the check of a
value (:meth:`OptionSpec.problem`), the event's stored value (:meth:`OptionSpec.to_json`,
:meth:`OptionSpec.from_json`) and the value the system reads
(:meth:`~pairing.engine.model.PairingOptions.value`).  A new option is written once, in
its system's package, as one of the kinds of ``option_kinds`` (yes/no, number, set of
choices).

Labels and help texts are plain English; the web app translates them (they are its
message ids).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from .messages import Message, words

T = TypeVar("T")

FlagValue = bool | int
"""What one form field or one ``SWO`` word holds: yes/no (``0``/``1``) or a number."""

JsonValue = bool | int | list[str]
"""An option's value as the event stores it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Flag:
    """One word of an option, as the event form and the TRF ``SWO`` line spell it."""

    word: str
    """The form field's and the ``SWO`` word's name, e.g. ``"lim_maxi"``."""
    label: str
    help: str
    kind: Literal["bool", "int"]
    default: FlagValue
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, text: str) -> FlagValue:
        """The flag's value from its ``SWO`` text.

        :raises ValueError: not ``0``/``1`` (yes/no), or not a number in range; its one
            argument is the message (``trf.option_value``).
        """
        if self.kind == "bool":
            if text not in ("0", "1"):
                problem = words("trf.option_zero_or_one", option=self.word)
                raise ValueError(words("trf.option_value", problem=problem, text=repr(text)))
            return text == "1"
        if not text.isdigit() or not self._in_range(int(text)):
            range_problem = self.problem(-1)  # a whole number in range, as for any value
            assert range_problem is not None
            raise ValueError(words("trf.option_value", problem=range_problem, text=repr(text)))
        return int(text)

    def problem(self, value: object) -> Message | None:
        """Why ``value`` is not a value of this flag (``None``: it is); ``str()`` reads it
        in English."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else words("option.yes_or_no", option=self.word)
        if isinstance(value, bool) or not isinstance(value, int) or not self._in_range(value):
            low = 0 if self.minimum is None else self.minimum
            if self.maximum is None:
                return words("option.whole_number_from", option=self.word, low=low)
            return words(
                "option.whole_number_between", option=self.word, low=low, high=self.maximum
            )
        return None

    def _in_range(self, value: int) -> bool:
        return (self.minimum is None or value >= self.minimum) and (
            self.maximum is None or value <= self.maximum
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionSpec(ABC, Generic[T]):
    """One option of a pairing system: its name (the key of the value in
    :class:`~pairing.engine.model.PairingOptions`), default, label, help text and the
    rule it comes from."""

    name: str
    default: T
    label: str
    help: str
    rule: str
    """The rule the option applies, by its published number (``"Lim 10.2"``)."""

    @abstractmethod
    def flags(self) -> tuple[Flag, ...]:
        """The form fields and ``SWO`` words that set the option, in order."""

    @abstractmethod
    def from_flags(self, flags: Mapping[str, FlagValue]) -> T:
        """The value set by the flags given (the default's for a flag not given)."""

    @abstractmethod
    def to_flags(self, value: T) -> dict[str, FlagValue]:
        """Each flag's value for the option's ``value``."""

    @abstractmethod
    def problem(self, value: object) -> Message | None:
        """Why ``value`` is not a value of the option (``None``: it is)."""

    @abstractmethod
    def to_json(self, value: T) -> JsonValue:
        """The value as the event stores it."""

    @abstractmethod
    def from_json(self, raw: object) -> T:
        """The value the event stored.

        :raises ValueError: ``raw`` is not a stored value of the option.
        """


def every_flag(specs: Iterable[OptionSpec[Any]]) -> tuple[Flag, ...]:
    """The flags of ``specs``, in order."""
    return tuple(flag for spec in specs for flag in spec.flags())


__all__ = [
    "Flag",
    "FlagValue",
    "JsonValue",
    "OptionSpec",
    "every_flag",
]
