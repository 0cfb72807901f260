"""What an audit entry stores, and how a payload reads it back and says it (#33).

``AuditEntry.before``/``after`` are JSON.  ``stored`` is the one door from the
database's JSON into this package: anything but an object reads as an empty one.
``Fields`` then reads keys tolerantly (a key missing or of a wrong type reads as
missing), so a row written by an earlier version, or damaged, renders with neutral
values and never breaks the Audit page.

``AuditPayload`` is the base of every action's payload: it writes itself as JSON,
reads itself back, and renders itself as the facts the Audit page lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Self, TypeAlias

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

JSONValue: TypeAlias = "str | int | float | bool | None | list[JSONValue] | dict[str, JSONValue]"
JSONObject: TypeAlias = "dict[str, JSONValue]"
Names: TypeAlias = "dict[int, str]"
"""Player ids to names as the page shows them ("3. Frost")."""


def stored(value: object) -> JSONObject:
    """The JSON an entry stored, as an object: anything else (a damaged row) reads as {}."""
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return value
    return {}


class Fields:
    """A stored payload's keys, read tolerantly: missing or of a wrong type reads as None."""

    def __init__(self, data: JSONObject) -> None:
        self.data = data

    def text(self, key: str) -> str | None:
        value = self.data.get(key)
        return value if isinstance(value, str) else None

    def number(self, key: str) -> int | None:
        value = self.data.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def flag(self, key: str) -> bool | None:
        value = self.data.get(key)
        return value if isinstance(value, bool) else None

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key)
        return tuple(str(item) for item in value) if isinstance(value, list) else ()

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self.data.get(key)
        if not isinstance(value, list):
            return ()
        return tuple(i for i in value if isinstance(i, int) and not isinstance(i, bool))


def json_value(value: object) -> JSONValue:
    """A payload's field as JSON: tuples as lists, None and plain values as they are."""
    if isinstance(value, tuple | list):
        return [json_value(item) for item in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return {str(key): json_value(item) for key, item in value.items()}
    return str(value)


def plain(value: JSONValue) -> str:
    """A recorded value in words: "none" for nothing, yes/no, a list joined by commas."""
    if value is None or value == "" or value == []:
        # Translators: an empty value in the audit log.
        return pgettext("no value", "none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)


def player_names(ids: Iterable[int], names: Names) -> str:
    """Players by their ids, as the page names them; "#7" for one it no longer finds."""
    return ", ".join(names.get(pk, f"#{pk}") for pk in ids) or pgettext("no value", "none")


@dataclass(frozen=True, slots=True)
class Fact:
    """One value a payload records, in words: its key (to match before with after), its
    label and its value."""

    key: str
    label: str
    value: str


def fact_lines(before: Iterable[Fact], after: Iterable[Fact]) -> list[str]:
    """The facts of a before and an after as the page lists them: "label: old → new" for
    a value in both ("label: new" when it stayed), "label: value" for a value after only,
    "label: value (before)" for a value before only."""
    old = {fact.key: fact for fact in before}
    new = {fact.key: fact for fact in after}
    lines = []
    for key in dict.fromkeys((*old, *new)):
        if key in new:
            now = new[key]
            was = old[key].value if key in old else now.value
            changed = f"{was} → {now.value}" if was != now.value else now.value
            lines.append(f"{now.label}: {changed}")
        else:
            lines.append(
                # Translators: a value an audit entry recorded before the change only.
                _("%(label)s: %(value)s (before)")
                % {"label": old[key].label, "value": old[key].value}
            )
    return lines


@dataclass(frozen=True, slots=True, kw_only=True)
class Rendering:
    """An entry in words: who or what it is about, and each change."""

    subject: str
    changes: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditPayload:
    """The base of every action's payload (``registry.PAYLOADS`` says which is whose).

    A subclass is a frozen dataclass of the values its action records.  It is written as
    its fields (a field left at its default of None or () is left out), read back by
    ``parse`` (tolerantly: never raising), and rendered by ``render``: by default its
    ``subject`` and its ``facts`` before and after, compared by key.
    """

    OMITTED: ClassVar[tuple[object, ...]] = (None, ())

    def to_json(self) -> JSONObject:
        """The payload as the entry stores it."""
        data: JSONObject = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value in self.OMITTED and value == field.default:
                continue
            data[field.name] = json_value(value)
        return data

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        """The payload from what an entry stored, whatever an earlier version wrote."""
        raise NotImplementedError(cls.__name__)

    def subject(self, names: Names) -> str:
        """Who or what the entry is about ("" when the action names nobody)."""
        return ""

    def facts(self, names: Names) -> list[Fact]:
        """The values the entry records besides its subject, in words."""
        return []

    def player_ids(self) -> set[int]:
        """The players it names by id (the page looks their names up at once)."""
        return set()

    def round_number(self) -> int | None:
        """The round it is about, for the Round column when its round is gone."""
        return None

    @classmethod
    def render(cls, before: Self | None, after: Self | None, names: Names) -> Rendering:
        """An entry of this payload in words: the subject, then each value that changed."""
        subjects = (p.subject(names) for p in (after, before) if p is not None)
        subject = next((text for text in subjects if text), "")
        return Rendering(
            subject=subject,
            changes=tuple(
                fact_lines(
                    before.facts(names) if before is not None else [],
                    after.facts(names) if after is not None else [],
                )
            ),
        )
