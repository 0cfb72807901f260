"""A player's board in the round in view, for their own page (#34: players check in on
their phone and find their board in the same place).

The round in view is the latest one published (or completed); a draft is the arbiter's
alone and never shows.  Two queries.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from swissweb.tournament.models import Game, Player, Result, RoundState


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnGame:
    """The player's place in round ``number``: a board and an opponent, a bye, or none."""

    number: int
    board: int | None = None
    white: bool = False
    opponent: str = ""
    bye: bool = False
    result: str = ""
    """The result as the pairings show it ("1-0"), empty while not played."""


def own_game(player: Player) -> OwnGame | None:
    """Where ``player`` plays in the latest round published; None before any is."""
    latest = (
        player.event.round_set.filter(state__in=(RoundState.PUBLISHED, RoundState.COMPLETED))
        .order_by("-number")
        .values_list("pk", "number")
        .first()
    )
    if latest is None:
        return None
    round_id, number = latest
    game = (
        Game.objects.filter(round_id=round_id)
        .filter(Q(white=player) | Q(black=player))
        .select_related("white", "black")
        .first()
    )
    if game is None:
        return OwnGame(number=number)
    if game.black is None:
        return OwnGame(number=number, board=game.board, bye=True)
    white = game.white_id == player.pk
    opponent = game.black if white else game.white
    shown = "" if game.result in (Result.NOT_PLAYED_YET, Result.PAIRING_BYE) else game.result
    return OwnGame(
        number=number,
        board=game.board,
        white=white,
        opponent=opponent.name,
        result=str(Result(shown).label) if shown in Result.values else shown,
    )
