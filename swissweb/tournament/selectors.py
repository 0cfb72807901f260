"""Reads for the pages: plain values built from a fixed number of queries."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

from .models import Event, Game, Player, Round, RoundRequest, RoundState


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


def event_rounds(*, event: Event) -> list[Round]:
    """Every round of the event, drafts included, with games and players (arbiter view)."""
    games = Game.objects.select_related("white", "black").order_by("board")
    return list(
        event.round_set.prefetch_related(Prefetch("games", queryset=games)).order_by("number")
    )


def manage_context(*, event: Event) -> dict[str, object]:
    """What the arbiter's event page shows, and which actions are allowed now."""
    rounds = event_rounds(event=event)
    last = rounds[-1] if rounds else None
    last_complete = last is None or all(g.result for g in last.games.all())
    started = event.started_at is not None
    return {
        "event": event,
        "players": event_players(event=event),
        "rounds": rounds,
        "draft": last if last is not None and last.state == RoundState.PAIRED else None,
        "current": last,
        "can_start": not rounds and event.players.count() >= 2,
        "can_edit_numbers": started and not rounds,
        "can_pair": started
        and (last is None or (last.state != RoundState.PAIRED and last_complete))
        and (last.number if last else 0) < event.rounds,
        "next_round": (last.number if last else 0) + 1,
        "requests": list(RoundRequest.objects.filter(player__event=event).select_related("player")),
        "forbidden_pairs": list(event.forbidden_pairs.select_related("first", "second")),
        "arbiters": list(event.arbiters.order_by("username")),
    }


def published_round(*, event: Event, number: int) -> Round:
    """One published round with its games; 404 for drafts and unknown rounds."""
    from django.http import Http404

    games = Game.objects.select_related("white", "black").order_by("board")
    round_ = (
        event.round_set.exclude(state=RoundState.PAIRED)
        .prefetch_related(Prefetch("games", queryset=games))
        .filter(number=number)
        .first()
    )
    if round_ is None:
        raise Http404("No such published round.")
    return round_


def round_in_play(round_: Round) -> bool:
    """True while a published round still has boards without a result."""
    return round_.state == RoundState.PUBLISHED
