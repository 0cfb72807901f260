"""The values the festivals' audit actions record (#34 item 1), one row in each section."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from django.utils.translation import gettext as _

from swissweb.tournament.audit.payloads import PlayerNamed
from swissweb.tournament.audit.stored import AuditPayload, Fact, Fields, Names, plain
from swissweb.tournament.models import RateOfPlay


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionPlace(AuditPayload):
    """``festival_section``: the festival the event is a section of, under which name and
    in which place (``festival`` None: not in a festival)."""

    festival: str | None = None
    section: str | None = None
    order: int | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            festival=fields.text("festival"),
            section=fields.text("section"),
            order=fields.number("order"),
        )

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("festival", _("festival"), plain(self.festival)),
            Fact("section", _("section"), plain(self.section)),
            Fact("order", _("order"), plain(self.order)),
        ]


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionRules(AuditPayload):
    """``section_rules``: who the section admits (rating and birth-year limits, closed)."""

    min_rating: int | None = None
    max_rating: int | None = None
    min_birth_year: int | None = None
    max_birth_year: int | None = None
    closed: bool | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            min_rating=fields.number("min_rating"),
            max_rating=fields.number("max_rating"),
            min_birth_year=fields.number("min_birth_year"),
            max_birth_year=fields.number("max_birth_year"),
            closed=fields.flag("closed"),
        )

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("min_rating", _("lowest rating"), plain(self.min_rating)),
            Fact("max_rating", _("highest rating"), plain(self.max_rating)),
            Fact("min_birth_year", _("born in or after"), plain(self.min_birth_year)),
            Fact("max_birth_year", _("born in or before"), plain(self.max_birth_year)),
            Fact("closed", _("closed section"), plain(self.closed)),
        ]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMove(PlayerNamed):
    """``player_move``: the player moved from one section to another before round 1,
    recorded in both; the pairing number in the section of the row (None: none yet).
    ``entry_move`` records an entry not yet a player the same way (its name as the
    player's, no pairing number)."""

    source: str
    target: str
    pairing_number: int | None = None
    rate_of_play: str | None = None
    """The target's rate of play, when it is not the source's (#35 item 1)."""
    rating_before: int | None = None
    rating_after: int | None = None
    """The FIDE rating the player had and has (0: unrated): the one of the target's rate
    where known, else the one kept."""
    rating_kept: bool | None = None
    """True: FIDE's rating of the target's rate is not known, the old one is kept."""

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            player=fields.text("player") or "",
            source=fields.text("source") or "",
            target=fields.text("target") or "",
            pairing_number=fields.number("pairing_number"),
            rate_of_play=fields.text("rate_of_play"),
            rating_before=fields.number("rating_before"),
            rating_after=fields.number("rating_after"),
            rating_kept=fields.flag("rating_kept"),
        )

    def facts(self, names: Names) -> list[Fact]:
        facts = [
            Fact("source", _("from section"), plain(self.source)),
            Fact("target", _("to section"), plain(self.target)),
            Fact("pairing_number", _("pairing number"), plain(self.pairing_number)),
        ]
        if self.rate_of_play is not None:
            rate = self.rate_of_play
            label = RateOfPlay(rate).label if rate in RateOfPlay.values else rate
            facts.append(Fact("rate_of_play", _("rate of play"), str(label)))
        if self.rating_before is not None and self.rating_after is not None:
            before, after = _rating(self.rating_before), _rating(self.rating_after)
            value = f"{before} → {after}" if before != after else after
            if self.rating_kept:
                # Translators: rating is a FIDE rating kept when a player moves to a
                # section of another rate of play whose FIDE rating is not known.
                value = _("%(rating)s, kept (none known of this rate)") % {"rating": after}
            facts.append(Fact("rating", _("FIDE rating"), value))
        return facts


def _rating(value: int) -> str:
    """A rating in words: "unrated" for 0."""
    return str(value) if value else _("unrated")


@dataclass(frozen=True, slots=True, kw_only=True)
class FestivalValues(AuditPayload):
    """``festival_change``: the festival's name, whether it is public and its dates (ISO
    text), recorded in each of its sections."""

    name: str | None = None
    public: bool | None = None
    start_date: str | None = None
    end_date: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            name=fields.text("name"),
            public=fields.flag("public"),
            start_date=fields.text("start_date"),
            end_date=fields.text("end_date"),
        )

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("name", _("festival"), plain(self.name)),
            Fact("public", _("public"), plain(self.public)),
            Fact("start_date", _("start date"), plain(self.start_date)),
            Fact("end_date", _("end date"), plain(self.end_date)),
        ]


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionDeleted(AuditPayload):
    """``section_delete``: a section deleted with its players and entries, recorded in
    each section the festival keeps (the deleted event's own log goes with it)."""

    section: str
    event: str
    players: int = 0
    entries: int = 0

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            section=fields.text("section") or "",
            event=fields.text("event") or "",
            players=fields.number("players") or 0,
            entries=fields.number("entries") or 0,
        )

    def subject(self, names: Names) -> str:
        return self.section

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("event", _("event"), plain(self.event)),
            Fact("players", _("players"), plain(self.players)),
            Fact("entries", _("entries"), plain(self.entries)),
        ]
