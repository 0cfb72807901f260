"""The rating change of each player's games and event, as FIDE B.02 Article 8.3
computes it (the engine's ``rating_change``), for the player's card and the standings.

In a rapid or blitz event every player's K is 20 (B.02 8.3.3).  In a standard event a
player's K is the arbiter's when set on the player, else derived from what the event
knows (B.02 8.3): 40 for a junior rated under 2300 (the birth year, against the year
the event starts; an event without a start date, the year it was started), 10 from
2400, 20 otherwise.  The games a player had rated before
and a rating once at 2400 are not known here: the arbiter sets K for those.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Protocol

from django.utils import timezone
from django.utils.translation import gettext_lazy

from swissweb.tournament.core.caching import cache_version, cached
from swissweb.tournament.models import Event, Player, RateOfPlay
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    EnginePlayer,
    EventRating,
    KFactor,
    KRule,
    PairingNumber,
    TournamentState,
    event_rating,
    event_totals,
    k_factor,
    truncated,
)

K_RULE_TEXTS = {
    KRule.SET_BY_ARBITER: gettext_lazy("set by the arbiter"),
    KRule.NEW_PLAYER: gettext_lazy("new player, fewer than 30 games"),
    KRule.JUNIOR: gettext_lazy("junior under 2300"),
    KRule.REACHED_2400: gettext_lazy("rated 2400 or more"),
    KRule.STANDARD: gettext_lazy("rated under 2400"),
    KRule.RAPID_BLITZ: gettext_lazy("rapid or blitz: 20 for every player"),
}
"""Which of FIDE B.02's rules gave a player's K, as the card says it."""


class RatedPlayer(Protocol):
    """What the rating change reads of a player: a ``Player`` or the columns the
    standings read without one (``player_columns.PlayerDetails``, #35)."""

    @property
    def pairing_number(self) -> int | None: ...
    @property
    def rating(self) -> int: ...
    @property
    def birth_date(self) -> datetime.date | None: ...
    @property
    def birth_year(self) -> int | None: ...
    @property
    def k_factor(self) -> int | None: ...


def event_year(event: Event) -> int | None:
    """The year a junior's age is counted against (B.02 8.3): the year of the event's
    start date, else of the day the arbiter started it (pairing numbers given); None
    before that, when no game is rated yet."""
    if event.start_date is not None:
        return event.start_date.year
    return timezone.localdate(event.started_at).year if event.started_at is not None else None


def player_k(event: Event, player: RatedPlayer) -> KFactor:
    """The K of ``player`` in ``event`` (see the module's docstring)."""
    birth_year = player.birth_date.year if player.birth_date else player.birth_year
    return k_factor(
        player.rating,
        event_year=event_year(event),
        birth_year=birth_year,
        set_by_arbiter=player.k_factor,
        rapid_or_blitz=event.rate_of_play != RateOfPlay.STANDARD,
    )


def event_ratings(
    event: Event,
    after_round: int | None = None,
    *,
    state: TournamentState | None = None,
    players: Sequence[Player] | None = None,
) -> dict[int, EventRating]:
    """Every numbered player's rated games, rating change and Rp after a completed
    round (the last by default), by pairing number; cached per change of the event.

    A caller that has read the event's completed ``state`` (cut at ``after_round``) and
    its ``players`` already passes them, so that the page reads them once."""

    def compute() -> dict[int, EventRating]:
        known = state if state is not None else engine_adapter.completed_state(event)
        if state is None and after_round is not None:
            known = truncated(known, min(after_round, known.rounds_completed))
        listed = players if players is not None else event.players.exclude(pairing_number=None)
        return players_ratings(event, known, listed)

    return cached(("event-ratings", cache_version(event), after_round), compute)


def _fide_view(
    event: Event, state: TournamentState, players: Iterable[RatedPlayer]
) -> tuple[dict[PairingNumber, int], list[tuple[EnginePlayer, int]]]:
    """The players' FIDE ratings by pairing number, and each player of ``state`` rated
    on FIDE's list with his K: the state's ratings are the ones the event pairs on (#35
    item 1), and B.02 rates on FIDE's list alone."""
    listed = [player for player in players if player.pairing_number is not None]
    ratings = {PairingNumber(player.pairing_number or 0): player.rating for player in listed}
    k = {
        PairingNumber(player.pairing_number or 0): player_k(event, player).value
        for player in listed
    }
    return ratings, [
        (
            player
            if player.rating == ratings.get(player.pairing_number, 0)
            else dataclasses.replace(player, rating=ratings.get(player.pairing_number, 0)),
            k.get(player.pairing_number, 20),
        )
        for player in state.players
    ]


def players_ratings(
    event: Event, state: TournamentState, players: Iterable[RatedPlayer]
) -> dict[int, EventRating]:
    """What :func:`event_ratings` gives, from the event's ``state`` and its ``players``,
    not cached."""
    ratings, rated = _fide_view(event, state, players)
    return {int(player.pairing_number): event_rating(player, ratings, k) for player, k in rated}


def players_totals(
    event: Event, state: TournamentState, players: Iterable[RatedPlayer]
) -> dict[int, tuple[Fraction, int | None]]:
    """Each player's rating change and Rp by pairing number, as :func:`players_ratings`
    gives them, without the games: all the standings show (``event_totals``). Not
    cached: the standings compute it in less time than a cache takes to store 20,000
    rated games (#35), and read the state anyway."""
    ratings, rated = _fide_view(event, state, players)
    return {int(player.pairing_number): event_totals(player, ratings, k) for player, k in rated}


def change_text(change: Fraction) -> str:
    """A rating change to two decimals with its sign: "+12.80", "-1.60", "0.00"
    (B.02 8.3 changes are whole hundredths)."""
    numerator = change.numerator * 100
    hundredths, rest = divmod(numerator, change.denominator)
    if rest:  # never for B.02's changes: rounded as round(change * 100) rounds
        hundredths = round(Fraction(numerator, change.denominator))
    sign = "+" if hundredths > 0 else "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(hundredths), 100)
    return f"{sign}{whole}.{cents:02d}"


def expected_text(hundredths: int) -> str:
    """An expected score in hundredths written as a decimal: 36 -> "0.36"."""
    whole, cents = divmod(hundredths, 100)
    return f"{whole}.{cents:02d}"
