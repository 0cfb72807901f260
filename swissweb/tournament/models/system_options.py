"""An event's pairing-system options, kept in one JSON field (``Event.system_options``).

What an option is (its name, default, form fields, ``SWO`` words, check) is declared by
its system in the engine (``OptionSpec``, in ``RULES.options``); this module only maps
the stored JSON to values and back by those declarations, so a new option needs no code
here.  The field holds ``{option name: stored value}``; an option missing from it has
its declared default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from swissweb.tournament.rounds.engine_door import FlagValue, OptionSpec, option_specs

T = TypeVar("T")


def stored_value(stored: Mapping[str, Any], spec: OptionSpec[T]) -> T:
    """The option ``spec`` as stored; its default when not stored (or, for a value that
    would not read, as :func:`validate_system_options` refuses it)."""
    if spec.name not in stored:
        return spec.default
    try:
        return spec.from_json(stored[spec.name])
    except ValueError:
        return spec.default


def flag_values(stored: Mapping[str, Any]) -> dict[str, FlagValue]:
    """Every system's option flags (form fields, ``SWO`` words) and their values, in
    registry order."""
    flags: dict[str, FlagValue] = {}
    for spec in option_specs():
        flags.update(spec.to_flags(stored_value(stored, spec)))
    return flags


def with_flags(stored: Mapping[str, Any], flags: Mapping[str, FlagValue]) -> dict[str, Any]:
    """``stored`` with the options the ``flags`` given set (a new dict).

    An option set to its default is left out, so one event's options are stored one
    way only, however they were set (form, backup, migration).
    """
    result = dict(stored)
    for spec in option_specs():
        words = [flag.word for flag in spec.flags()]
        if not any(word in flags for word in words):
            continue
        current = spec.to_flags(stored_value(stored, spec))
        value = spec.from_flags({**current, **{w: flags[w] for w in words if w in flags}})
        result.pop(spec.name, None)
        if value != spec.default:
            result[spec.name] = spec.to_json(value)
    return result


def validate_system_options(value: Any) -> None:
    """A JSON object naming options some system declares, each with a value it takes."""
    if not isinstance(value, dict):
        raise ValidationError(_("The system options must be a JSON object."))
    specs = {spec.name: spec for spec in option_specs()}
    for name, raw in value.items():
        spec = specs.get(name)
        if spec is None:
            raise ValidationError(_("Unknown system option %(name)s.") % {"name": name})
        try:
            spec.from_json(raw)
        except ValueError as exc:
            # Translators: %(problem)s is the pairing engine's explanation (in English).
            raise ValidationError(
                _("System option %(name)s: %(problem)s.") % {"name": name, "problem": exc}
            ) from exc


__all__ = [
    "flag_values",
    "stored_value",
    "validate_system_options",
    "with_flags",
]
