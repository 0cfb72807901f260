"""What a backup read from a TRF file creates: the event, its players, rounds and games.

Plain values, checked completely (``backup.event_plan``) before the import service
(``event_services.event_import_trf``) writes any of them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.rounds.engine_door import trf


@dataclass(slots=True, kw_only=True)
class GamePlan:
    """One board to create; ``black`` is ``None`` for the pairing-allocated bye."""

    board: int
    white: int
    black: int | None
    result: str


@dataclass(slots=True, kw_only=True)
class RoundPlan:
    """One round to create, with its boards."""

    number: int
    state: str
    seed: int
    paired_at: dt.datetime
    published_at: dt.datetime | None
    completed_at: dt.datetime | None
    games: list[GamePlan] = field(default_factory=list)
    explanation: list[dict[str, object]] = field(default_factory=list)
    """The round's explanation as ``Round.explanation`` holds it (SWE)."""


@dataclass(slots=True, kw_only=True)
class EventPlan:
    """Everything an imported event consists of, keyed by starting rank."""

    event: dict[str, Any]
    players: dict[int, dict[str, Any]]
    """Player fields by starting rank (the pairing number once started)."""
    player_lines: dict[int, int]
    rounds: list[RoundPlan]
    requests: dict[tuple[int, int], str]
    """(starting rank, round) -> ``H``, ``F`` or ``Z``."""
    forbidden: set[tuple[int, int]]
    duplicates: list[str] = field(default_factory=list)
    """Pairs of players that look like one player twice, in words naming both lines:
    reported, not refused (the rounds were played with both entries)."""
    reasons: dict[tuple[int, int], str] = field(default_factory=dict)
    """Why a forbidden pair (by starting ranks, lower first) is kept apart (SWF)."""
    asks: list[trf.TrfAsk] = field(default_factory=list)
    """The requests players made on their own page (SWQ), checked, in file order."""
    public_in_file: bool = False
    """The file's event was public: the restored event is private all the same."""
    not_read: list[str] = field(default_factory=list)
    """What of another program's file was left out, and why, one sentence each: a
    tie-break list (TRF-2026 202/212) with a code we do not compute, round dates (132)
    or an encoded time control (222) that do not read."""


class SystemNotNamed(TournamentError):
    """A TRF file from another program names no pairing system (no SWY, no 192): the
    arbiter says which system paired it before anything is imported (#36 item 3), since
    the system is fixed once rounds are paired."""

    def __init__(self, *, proposed: str) -> None:
        super().__init__(_("The file does not say which pairing system paired it."))
        self.proposed = proposed
        """The system to propose: today's FIDE Dutch for a rated event, else ""."""
