"""The JSON each audit action records, typed per action (#33).

An ``AuditEntry``'s ``before``/``after`` are JSON; these ``TypedDict`` shapes say which
keys each action writes, so a service that records a wrong key fails ``mypy`` rather than
the Audit page.  The keys are the ones written before the types existed, so older rows
read the same.  ``audit.ResultPayload`` and ``audit.BoardsPayload`` are the frozen
dataclasses of the actions that name players by board.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class RoundNumber(TypedDict):
    """``round_delete``: the draft's number (its ``AuditEntry.round`` goes with it)."""

    round: int


class ArbiterAdded(TypedDict):
    """``arbiter_add``: the arbiter's user name."""

    arbiter: str


class PlayerNumber(TypedDict):
    """``pairing_number_set``: the player and their pairing number."""

    player: str
    pairing_number: int | None


class PlayerWithdrawal(TypedDict):
    """``player_withdraw`` / ``player_reinstate``: the round the withdrawal followed,
    or the round the reinstated player plays from."""

    player: str
    after_round: NotRequired[int | None]
    plays_from_round: NotRequired[int]


class PlayerTop(TypedDict):
    """``player_top_set``: whether the player is a top player (ESCA 3)."""

    player: str
    top_player: bool


class PlayerFixedBoard(TypedDict):
    """``player_fixed_board_set``: the board every game of the player is given, or None."""

    player: str
    fixed_board: int | None


class RoundRequestValues(TypedDict):
    """``round_request*``: a player's request (bye, absence) for a round."""

    player: str
    round: int
    kind: str
    player_id: NotRequired[int]


class ForbiddenPairValues(TypedDict):
    """``forbidden_pair_*``: the two players kept apart (ids and names), and why."""

    players: list[int]
    names: list[str]
    reason: str


class PlayerAskValues(TypedDict):
    """``player_ask`` / ``player_ask_decide``: a player's request from their own page."""

    player: str
    kind: str
    round: int | None
    link: NotRequired[str]
    state: NotRequired[str]


class PlayerLink(TypedDict):
    """``player_link_rotate``: the fingerprint of the player's private link."""

    player: str
    link: str


class RatingsRefreshed(TypedDict):
    """``ratings_refresh``: the list read, its rating column, and each change in words."""

    list: str
    kind: str
    changes: list[str]
