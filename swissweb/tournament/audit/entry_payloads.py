"""The values the online entries' audit actions record (#34 item 2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from django.utils.translation import gettext as _

from swissweb.tournament.audit.stored import AuditPayload, Fact, Fields, Names, plain
from swissweb.tournament.models import EntryState, PaymentMethod


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryValues(AuditPayload):
    """``entry_submit``, ``entry_accept``, ``entry_refuse``, ``entry_paid``: the entrant's
    name, the entry's state, its fee, and what was paid how (amounts as written, "25.00")."""

    entry: str
    state: str | None = None
    fee: str | None = None
    paid: str | None = None
    method: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            entry=fields.text("entry") or "",
            state=fields.text("state"),
            fee=fields.text("fee"),
            paid=fields.text("paid"),
            method=fields.text("method"),
        )

    def subject(self, names: Names) -> str:
        return self.entry

    def facts(self, names: Names) -> list[Fact]:
        facts = []
        if self.state is not None:
            words = EntryState(self.state).label if self.state in EntryState.values else self.state
            facts.append(Fact("state", _("state"), plain(str(words))))
        if self.fee is not None:
            facts.append(Fact("fee", _("fee"), self.fee))
        if self.paid is not None:
            facts.append(Fact("paid", _("amount paid"), plain(self.paid)))
        if self.method is not None:
            known = self.method in PaymentMethod.values
            words = PaymentMethod(self.method).label if known else self.method
            facts.append(Fact("method", _("paid by"), plain(str(words))))
        return facts


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryOptions(AuditPayload):
    """``entry_settings``: whether entries are open, until when, how many, the rating
    limits, whether they are accepted at once, the fields asked, the fee table and its
    currency."""

    open: bool | None = None
    deadline: str | None = None
    maximum: int | None = None
    min_rating: int | None = None
    max_rating: int | None = None
    auto_accept: bool | None = None
    fields: tuple[str, ...] = ()
    fees: tuple[str, ...] = ()
    currency: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            open=fields.flag("open"),
            deadline=fields.text("deadline"),
            maximum=fields.number("maximum"),
            min_rating=fields.number("min_rating"),
            max_rating=fields.number("max_rating"),
            auto_accept=fields.flag("auto_accept"),
            fields=fields.texts("fields"),
            fees=fields.texts("fees"),
            currency=fields.text("currency"),
        )

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("open", _("entries open"), plain(self.open)),
            Fact("deadline", _("entry deadline"), plain(self.deadline)),
            Fact("maximum", _("maximum entries"), plain(self.maximum)),
            Fact("min_rating", _("lowest rating admitted"), plain(self.min_rating)),
            Fact("max_rating", _("highest rating admitted"), plain(self.max_rating)),
            Fact("auto_accept", _("accept entries at once"), plain(self.auto_accept)),
            Fact("fields", _("fields asked"), plain(list(self.fields))),
            Fact("fees", _("fee table"), plain(list(self.fees))),
            Fact("currency", _("currency"), plain(self.currency)),
        ]
