"""The arbiter's players page at scale (#36 item 4): search, sort, filter and pages.

Every figure comes from the server in one page of ``PER_PAGE`` rows, whatever the size
of the field: the page of 1,000 players stays a page of 100 rows (``make bench``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from swissweb.tournament.core.caching import cache_version, cached
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.numbers import half_points_text
from swissweb.tournament.models import CheckIn, Event, Game, Player
from swissweb.tournament.players.rows import PlayerRow, in_pairing_order
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import scores

PER_PAGE = 100
"""Rows on one page of the players page."""

SORTS = ("number", "name", "rating", "score")
"""The orders the page offers (``?sort=``): pairing number, name, rating and score
(highest first for the last two)."""

STATUSES = ("all", "active", "withdrawn", "unpaired", "checked_in", "not_checked_in")
"""The filters of the page (``?status=``); "unpaired": no board in the latest round
paired (every active player before round 1); "checked_in" and "not_checked_in": the
active players checked in, or not, for the next round to pair (#34 item 3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RosterLine:
    """One row of the players page."""

    player: PlayerRow
    points: str
    """The score after the completed rounds ("1½")."""
    unpaired: bool
    """No board in the latest round paired."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Roster:
    """One page of the players page, with what was asked for."""

    lines: tuple[RosterLine, ...]
    total: int
    """Players in the event."""
    matched: int
    """Players the search and filters let through."""
    page: int
    pages: int
    query: str
    sort: str
    status: str
    score: str
    """The score filter as given ("" for none)."""
    latest_round: int
    """The latest round paired (0 before round 1)."""

    @property
    def check_in_round(self) -> int:
        """The round the check-in filters are for: the next to pair."""
        return self.latest_round + 1


def read_score(text: str) -> int | None:
    """A score the arbiter typed ("2", "2.5", "2,5", "2½", "½") in half-points; None when
    it does not read as a whole or half number of points."""
    text = text.strip().replace(",", ".")
    half = text.endswith("½")
    if half:
        text = text[:-1] or "0"
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None
    doubled = value * 2 + (1 if half else 0)
    if doubled.denominator != 1 or doubled < 0 or (half and value.denominator != 1):
        return None
    return int(doubled)


def half_points_by_number(event: Event) -> dict[int, int]:
    """Each player's score after the completed rounds in half-points, by pairing number
    (empty before the event starts); cached until the standings change."""

    def compute() -> dict[int, int]:
        try:
            state = engine_adapter.completed_state(event)
        except TournamentError:
            return {}
        return {int(number): int(points) for number, points in scores(state).items()}

    return cached(("roster-points", cache_version(event)), compute)


def _matches(player: Player, words: list[str]) -> bool:
    if len(words) == 1 and words[0].isdigit():
        number = int(words[0])
        return number in (player.pairing_number, player.fide_id)
    name = player.name.casefold()
    return all(word in name for word in words)


def roster(
    *, event: Event, query: str = "", sort: str = "number", status: str = "all",
    score: str = "", page: int = 1,
) -> Roster:  # fmt: skip
    """One page of the event's players, searched (by name words, pairing number or FIDE
    ID), filtered (``STATUSES``, a score) and sorted (``SORTS``); unknown values read as
    the defaults, a page past the last as the last."""
    sort = sort if sort in SORTS else "number"
    status = status if status in STATUSES else "all"
    wanted = read_score(score) if score.strip() else None
    points = half_points_by_number(event)
    latest = event.round_set.order_by("-number").values_list("pk", "number").first()
    seated: set[int] = set()
    if latest is not None:
        for white, black in Game.objects.filter(round_id=latest[0]).values_list(
            "white_id", "black_id"
        ):
            seated.update(pk for pk in (white, black) if pk is not None)
    here: set[int] = set()
    if status in ("checked_in", "not_checked_in"):
        number = (latest[1] if latest is not None else 0) + 1
        here = set(
            CheckIn.objects.filter(player__event=event, round_number=number).values_list(
                "player_id", flat=True
            )
        )
    players = in_pairing_order(event.players.all())
    total = len(players)
    words = query.casefold().split()
    kept = []
    for player in players:
        unpaired = player.withdrawn_after_round is None and player.pk not in seated
        if words and not _matches(player, words):
            continue
        if status == "active" and player.withdrawn_after_round is not None:
            continue
        if status == "withdrawn" and player.withdrawn_after_round is None:
            continue
        if status == "unpaired" and not unpaired:
            continue
        if status.endswith("checked_in") and (
            player.withdrawn_after_round is not None
            or (player.pk in here) != (status == "checked_in")
        ):
            continue
        mine = points.get(player.pairing_number or 0, 0)
        if wanted is not None and mine != wanted:
            continue
        kept.append((player, mine, unpaired))
    if sort == "name":
        kept.sort(key=lambda row: row[0].name.casefold())
    elif sort == "rating":
        kept.sort(key=lambda row: -row[0].rating)
    elif sort == "score":
        kept.sort(key=lambda row: -row[1])
    pages = max(1, -(-len(kept) // PER_PAGE))
    page = min(max(page, 1), pages)
    shown = kept[(page - 1) * PER_PAGE : page * PER_PAGE]
    return Roster(
        lines=tuple(
            RosterLine(player=PlayerRow.of(p), points=half_points_text(mine), unpaired=unpaired)
            for p, mine, unpaired in shown
        ),
        total=total, matched=len(kept), page=page, pages=pages, query=query, sort=sort,
        status=status, score=score if wanted is not None else "",
        latest_round=latest[1] if latest is not None else 0,
    )  # fmt: skip
