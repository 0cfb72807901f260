"""Reads for the pages: plain values built from a fixed number of queries."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

from .models import Event, Game, Player, Round, RoundState


def public_events() -> QuerySet[Event]:
    """Public events, newest first, with their player counts."""
    return Event.objects.filter(public=True).annotate(player_count=Count("players"))


def event_players(*, event: Event) -> list[Player]:
    """The event's players in pairing-number order (entries without a number last)."""
    players = list(event.players.all())
    players.sort(key=lambda p: (p.pairing_number is None, p.pairing_number or 0, -p.rating, p.name))
    return players


def published_rounds(*, event: Event) -> list[Round]:
    """The event's published rounds with their games and players (Dutch F6: public)."""
    games = Game.objects.select_related("white", "black").order_by("board")
    return list(
        event.round_set.exclude(state=RoundState.PAIRED)
        .prefetch_related(Prefetch("games", queryset=games))
        .order_by("number")
    )
