"""Payloads of the form "field X went from a to b": settings and a player's details (#33).

A ``FieldChanges`` records model fields by name with their JSON values, and says each
one as its model does: the label is the field's ``verbose_name`` (a setting's as the
settings form shows it), the value a choice's label, points in points.  A field an
earlier version recorded and this one no longer has reads with its own name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from django.core.exceptions import FieldDoesNotExist
from django.db import models

from swissweb.ratings.models import RATING_KINDS, ListedPlayer
from swissweb.tournament.audit.stored import (
    AuditPayload,
    Fact,
    Fields,
    JSONObject,
    JSONValue,
    Names,
    plain,
)
from swissweb.tournament.events import event_settings
from swissweb.tournament.models import Player

__all__ = ["FieldChanges", "PlayerChanges", "SettingChanges", "choice_words", "column_name"]


def _field(model: type[models.Model], name: str) -> models.Field[object, object] | None:
    """The concrete field ``name`` of ``model``, or None (a field no longer there)."""
    try:
        field = model._meta.get_field(name)
    except FieldDoesNotExist:
        return None
    return field if isinstance(field, models.Field) else None


def choice_words(choices: type[models.TextChoices], value: str | None) -> str:
    """A recorded choice by its label ("approved"), else as recorded."""
    return str(choices(value).label) if value in choices.values else plain(value)


def column_name(kind: str) -> str:
    """A rating list's column by its name ("rapid rating"), else as recorded."""
    field = _field(ListedPlayer, kind) if kind in RATING_KINDS else None
    return str(field.verbose_name) if field is not None else plain(kind)


def _own_words(name: str) -> str:
    return name.replace("_", " ")


@dataclass(frozen=True, slots=True, kw_only=True)
class FieldChanges(AuditPayload):
    """Model fields by name with their recorded values, said as the model says them."""

    values: tuple[tuple[str, JSONValue], ...]
    OWN_KEYS: ClassVar[frozenset[str]] = frozenset()
    """The payload's keys that are no field (the player's name)."""

    def __post_init__(self) -> None:
        # One order whatever the database kept: PostgreSQL's jsonb orders an object's
        # keys by length, SQLite keeps them as written, so the stored order is no order.
        ordered = tuple(sorted(self.values, key=lambda item: self.rank(item[0])))
        object.__setattr__(self, "values", ordered)

    @classmethod
    def field_order(cls) -> tuple[str, ...]:
        """The fields in the order they are said: the form's or the model's."""
        raise NotImplementedError(cls)

    @classmethod
    def rank(cls, name: str) -> tuple[int, str]:
        """Where a field comes when said: its place in ``field_order``, then any field
        no longer there, by name."""
        order = cls.field_order()
        return (order.index(name), "") if name in order else (len(order), name)

    def label(self, name: str) -> str:
        """A field's name in words."""
        raise NotImplementedError(name)

    def shown(self, name: str, value: JSONValue) -> str:
        """A field's recorded value in words."""
        raise NotImplementedError(name)

    def to_json(self) -> JSONObject:
        own = super(FieldChanges, self).to_json()
        del own["values"]
        return {**own, **dict(self.values)}

    @classmethod
    def changed(cls, fields: Fields) -> tuple[tuple[str, JSONValue], ...]:
        """The recorded fields of a stored payload: every key but the payload's own."""
        return tuple((k, v) for k, v in fields.data.items() if k not in cls.OWN_KEYS)

    def facts(self, names: Names) -> list[Fact]:
        return [Fact(name, self.label(name), self.shown(name, v)) for name, v in self.values]


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingChanges(FieldChanges):
    """``event_settings``: each setting changed (points in half-points, dates as ISO
    text), by its name in the settings form."""

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(values=cls.changed(fields))

    @classmethod
    def field_order(cls) -> tuple[str, ...]:
        return event_settings.settings_fields()

    def label(self, name: str) -> str:
        if name not in event_settings.settings_fields():
            return _own_words(name)
        try:
            return event_settings.label(name)
        except FieldDoesNotExist:
            return _own_words(name)

    def shown(self, name: str, value: JSONValue) -> str:
        if name not in event_settings.settings_fields():
            return plain(value)
        try:
            return event_settings.shown(name, value)
        except (FieldDoesNotExist, TypeError, ValueError, KeyError):
            return plain(value)  # a value of a wrong type for the setting: as recorded


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerChanges(FieldChanges):
    """``player_update``: the player (named as before or after the change) and each
    detail corrected, by its field's ``verbose_name``."""

    player: str
    OWN_KEYS: ClassVar[frozenset[str]] = frozenset({"player", "player_id"})

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(player=fields.text("player") or "", values=cls.changed(fields))

    def subject(self, names: Names) -> str:
        return self.player

    @classmethod
    def field_order(cls) -> tuple[str, ...]:
        return tuple(field.name for field in Player._meta.concrete_fields)

    def label(self, name: str) -> str:
        field = _field(Player, name)
        return str(field.verbose_name) if field is not None else _own_words(name)

    def shown(self, name: str, value: JSONValue) -> str:
        field = _field(Player, name)
        choices = dict(field.flatchoices) if field is not None else {}
        if isinstance(value, str) and value in choices:
            return str(choices[value])
        return plain(value)
