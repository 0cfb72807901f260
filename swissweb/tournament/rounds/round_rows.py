"""The rows of an event's published rounds, cached per change of the standings.

Shared by the round pages (``selectors.public_rounds``) and their ETags
(``conditional``), which ask whether a round is completed on every revalidation: a
completed round's page changes with the standings, not with each result in play (#31
D13).  A round's row changes only with changes that count ``Event.standings_version``
(pairing, publishing, the last result, a correction), never with a result in play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from swissweb.tournament.core.caching import cache_version, cached
from swissweb.tournament.models import Event, Game, Round, RoundState


def public_round_rows(event: Event) -> list[Round]:
    """The published and completed rounds of ``event`` by number, without explanations;
    from the cache after the first read of each version."""
    return cached(
        ("public-rounds", cache_version(event)),
        lambda: list(
            event.round_set.exclude(state=RoundState.PAIRED).defer("explanation").order_by("number")
        ),
    )


class BoardResult(Protocol):
    """A board as read for the pairings table: its number and its ``Game.result``."""

    @property
    def board(self) -> int: ...

    @property
    def result(self) -> str: ...


class RoundResults:
    """The results of the rounds in play among ``rounds``, by round id and board: read
    in one query when a page first fills one in (``{% fill_results %}``).

    The boards of a round in play are rendered once per change of the standings, with a
    mark where each result goes (``RESULT_MARK``); a result entered costs this query
    and the filling in, where it re-rendered every board (500 at 1,000 players, about
    0.8 s of CPU, twice a second while the arbiter enters results: #31 load).
    """

    def __init__(self, rounds: list[Round], loaded: Mapping[int, Sequence[BoardResult]]) -> None:
        self.ids = [r.pk for r in rounds if r.state != RoundState.COMPLETED]
        self.loaded = loaded
        self.found: dict[int, dict[int, str]] | None = None

    def of(self, round_id: int) -> dict[int, str]:
        """Round ``round_id``'s results by board (``Game.result`` values): from its boards
        if this request read them (a fragment not cached), else from the query."""
        if round_id in self.loaded:
            return {game.board: game.result for game in self.loaded[round_id]}
        if self.found is None:
            self.found = {pk: {} for pk in self.ids}
            rows = Game.objects.filter(round_id__in=self.ids).values_list(
                "round_id", "board", "result"
            )
            for round_id, board, result in rows:
                self.found[round_id][board] = result
        return self.found.get(round_id, {})
