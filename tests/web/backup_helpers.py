"""Helpers the backup tests share: a restore that stands in for the event lost (#31)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game
from swissweb.tournament.publishing import exports


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
