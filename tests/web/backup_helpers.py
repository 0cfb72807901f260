"""Helpers the backup tests share: a restore that stands in for the event lost (#31)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, RoundState
from swissweb.tournament.publishing import exports
from swissweb.tournament.standings import selectors as standing_selectors


def restored(text: str) -> str:
    """The backup ``text`` as the restored event writes it: private (``public=0``), all
    else the same; a restore ignores whether the original was public (#31)."""
    return text.replace(" public=1 ", " public=0 ", 1)


def lose(event: Event) -> None:
    """Delete the event, as if its database were lost: its players' private link codes
    are free again, so that a restore keeps them."""
    with transaction.atomic():
        Game.objects.filter(round__event=event).delete()
        event.delete()


def restore_lost(event: Event, *, user: User, now: dt.datetime) -> tuple[str, Event]:
    """Back ``event`` up, lose it, and restore the backup: the text and the copy."""
    text = exports.event_trf(event)
    lose(event)
    return text, event_services.event_import_trf(text=text, user=user, now=now)


def boards(event: Event) -> list[tuple[object, ...]]:
    """The event's pairings and results, by round and board, players by pairing number."""
    return list(
        Game.objects.filter(round__event=event)
        .order_by("round__number", "board")
        .values_list(
            "round__number", "board", "white__pairing_number", "black__pairing_number", "result"
        )
    )


def standings(event: Event) -> list[list[tuple[object, ...]]]:
    """The standings after each completed round: rank, pairing number, points, tie-break
    values and crosstable cells of every line."""
    completed = event.round_set.filter(state=RoundState.COMPLETED).count()
    return [
        [
            (line.rank, line.player.pairing_number, line.points, line.values, line.cells)
            for line in standing_selectors.crosstable_after(event=event, after_round=after).lines
        ]
        for after in range(1, completed + 1)
    ]
