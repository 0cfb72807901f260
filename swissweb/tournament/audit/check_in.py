"""The values the check-in's audit actions record (#34 item 3), beside ``payloads``, and
those of the other question before pairing: players' requests not decided (#36 item 5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from django.utils.translation import gettext as _

from swissweb.tournament.audit.payloads import PlayerNamed
from swissweb.tournament.audit.stored import AuditPayload, Fact, Fields, Names, plain
from swissweb.tournament.models import CheckInWay


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCheckIn(PlayerNamed):
    """``player_check_in``: the player checked in for a round (``way``: at the desk or on
    their own page), or the check-in undone (``present`` false)."""

    round: int
    present: bool
    way: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            player=fields.text("player") or "",
            round=fields.number("round") or 0,
            present=bool(fields.flag("present")),
            way=fields.text("way"),
        )

    def facts(self, names: Names) -> list[Fact]:
        facts = [
            Fact("round", _("round"), plain(self.round)),
            Fact("present", _("checked in"), plain(self.present)),
        ]
        if self.way in CheckInWay.values:
            # Translators: where a player was checked in: at the desk, on their own page.
            facts.append(Fact("way", _("where"), str(CheckInWay(self.way).label)))
        return facts

    def round_number(self) -> int | None:
        return self.round or None


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckInWindow(AuditPayload):
    """``check_in_window``: from how many minutes before a round players may check in on
    their own page (None: only at the desk), and how many before it that closes."""

    opens: int | None
    closes: int

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(opens=fields.number("opens"), closes=fields.number("closes") or 0)

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("opens", _("opens (minutes before)"), plain(self.opens)),
            Fact("closes", _("closes (minutes before)"), plain(self.closes)),
        ]


@dataclass(frozen=True, slots=True, kw_only=True)
class UnconfirmedChoice(AuditPayload):
    """``round_pair_unconfirmed``: what the arbiter chose, pairing a round, for the
    players who had not checked in: ``absent`` (a known absence each) or ``pair``."""

    round: int
    choice: str
    players: tuple[str, ...]

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            round=fields.number("round") or 0,
            choice=fields.text("choice") or "",
            players=fields.texts("players"),
        )

    def facts(self, names: Names) -> list[Fact]:
        choice = {
            "absent": _("marked absent for this round"),
            "pair": _("paired anyway"),
        }.get(self.choice, self.choice)
        return [
            Fact("choice", _("decision"), choice),
            Fact("players", _("not checked in"), plain([*self.players])),
        ]

    def round_number(self) -> int | None:
        return self.round or None


@dataclass(frozen=True, slots=True, kw_only=True)
class AsksUndecided(AuditPayload):
    """``round_pair_asks_pending``: the arbiter paired a round while players' requests for
    it (or to withdraw) were still waiting for a decision: each as "name: kind"."""

    round: int
    asks: tuple[str, ...]

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(round=fields.number("round") or 0, asks=fields.texts("asks"))

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("asks", _("requests not decided"), plain([*self.asks]))]

    def round_number(self) -> int | None:
        return self.round or None
