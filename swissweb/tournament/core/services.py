"""Shared by every service: the event's row lock, cache counters, audit, plain errors."""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db.models import F, Field, UniqueConstraint
from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from swissweb.tournament.audit import log as audit
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import Event, Player, Title
from swissweb.tournament.rounds.engine_door import MAX_START_RANK

TITLE_ORDER = {title: index for index, title in enumerate(Title.values)}
"""Dutch A2 c: IGM-WGM-IM-WIM-FM-WFM-no title (the choices are declared in that order)."""


def _lock_event(event_id: int, *, standings: bool = True) -> Event:
    """Lock the event row for a change, and count the change for the public pages' cache.

    The counters (``Event.results_version``, ``Event.standings_version``) change in the
    transaction of the change itself, so they commit or roll back with it, in every
    process at once: a page cached under a version never shows older data than that
    version (``selectors.cache_version``).  ``standings=False`` is for a change that
    cannot move the standings after a completed round (a result in a round in play), so
    the standings and the crosstable stay cached while results come in (#10).
    """
    counters: dict[str, Any] = {"results_version": F("results_version") + 1}
    if standings:
        counters["standings_version"] = F("standings_version") + 1
    Event.objects.filter(pk=event_id).update(**counters)
    return Event.objects.select_for_update().get(pk=event_id)


def event_changed(*, event_id: int) -> None:
    """Count a change made outside the services (the admin) for the public pages' cache."""
    Event.objects.filter(pk=event_id).update(
        results_version=F("results_version") + 1, standings_version=F("standings_version") + 1
    )


def _standings_changed(event_id: int) -> None:
    Event.objects.filter(pk=event_id).update(standings_version=F("standings_version") + 1)


_audit = audit.record
"""Record who did what, when and why, through the one writer (``audit.record``, typed
per action): a NUL refuses the whole change, a row that changes nothing is not written."""


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{field}: {' '.join(errors)}" for field, errors in exc.message_dict.items())


def plain_integrity_error(exc: Exception) -> str:
    """The rule a database refusal names, in the words of its constraint, never its name."""

    text = str(exc)
    for model in apps.get_app_config("tournament").get_models():
        table = model._meta.db_table
        for constraint in model._meta.constraints:
            names = [constraint.name]
            if isinstance(constraint, UniqueConstraint) and constraint.fields:
                columns = [_field(model, name).column for name in constraint.fields]
                names.append(", ".join(f"{table}.{column}" for column in columns))
            if any(name in text for name in names):
                return constraint.get_violation_error_message()
    if "game_player_once_per_round" in text:
        return _("A player plays at most one game per round.")
    return _("A value breaks a rule of the database.")


def _field(model: Any, name: str) -> Field[Any, Any]:
    """A concrete field of ``model`` (constraints and forms name only those)."""
    return cast("Field[Any, Any]", model._meta.get_field(name))


def _plain_problems(exc: ValidationError) -> str:
    """A model's validation errors as sentences: field labels, never ``__all__``."""
    parts = []
    for field, errors in exc.message_dict.items():
        text = " ".join(errors)
        if field == "__all__":
            parts.append(text)
        else:
            label = _field(Player, field).verbose_name
            parts.append(f"{capfirst(str(label))}: {text}")
    return " ".join(parts)


def _jsonable(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


def refuse_too_many_players(*, existing: int, added: int) -> None:
    """Refuse players beyond the 9,999 a TRF file can number (#31 D2).

    A TRF player number (the 001 line's starting rank) has four columns, so neither the
    event's backup nor FIDE's rating report could be written for a 10,000th player.
    Every way of adding players calls this before it writes anything.

    :raises TournamentError: naming the limit, why, and the numbers.
    """
    total = existing + added
    if total <= MAX_START_RANK:
        return
    raise TournamentError(
        # Translators: limit is 9,999; existing players are in the event, added would come.
        _(
            "An event holds at most %(limit)s players: its backup and FIDE's rating report "
            "are TRF files, whose player numbers have four columns. The event has "
            "%(existing)s players and %(added)s more would make %(total)s. Nothing was added."
        )
        % {
            "limit": number_format(MAX_START_RANK, force_grouping=True),
            "existing": number_format(existing, force_grouping=True),
            "added": number_format(added, force_grouping=True),
            "total": number_format(total, force_grouping=True),
        }
    )
