"""Festivals (#34 item 1): sections are events grouped under one festival; creating,
attaching, naming and ordering them is audited in each section, and the festival's
arbiters are arbiters of every section."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.festivals import services
from swissweb.tournament.festivals.rules import eligible
from swissweb.tournament.models import AuditEntry, Event, Festival
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


def test_festival_create_attaches_the_arbiters_events_as_sections(
    arbiter: User, event: Event
) -> None:
    festival = services.festival_create(
        name="Hastings", slug="hastings", user=arbiter, now=NOW, event_ids=[event.pk]
    )
    event.refresh_from_db()
    assert event.festival == festival
    assert event.section_name == "Spring Swiss" and event.section_order == 1
    row = AuditEntry.objects.get(event=event, action=AuditAction.FESTIVAL_SECTION)
    assert row.after == {"festival": "Hastings", "section": "Spring Swiss", "order": 1}


def test_festival_create_refuses_an_event_of_another_arbiter(stranger: User, event: Event) -> None:
    with pytest.raises(TournamentError, match="not an arbiter"):
        services.festival_create(
            name="Hastings", slug="hastings", user=stranger, now=NOW, event_ids=[event.pk]
        )
    assert not Festival.objects.exists()
    assert Event.objects.get(pk=event.pk).festival is None


def test_festival_slug_taken_is_refused(arbiter: User) -> None:
    services.festival_create(name="Hastings", slug="hastings", user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="slug"):
        services.festival_create(name="Other", slug="hastings", user=arbiter, now=NOW)


def test_section_add_creates_an_event_with_the_festival_arbiters(
    arbiter: User, stranger: User
) -> None:
    festival = make_festival(arbiter, players=0)
    services.festival_arbiter_add(festival_id=festival.pk, arbiter=stranger, user=arbiter, now=NOW)
    added = services.section_add(
        festival_id=festival.pk, name="Rapid", user=arbiter, now=NOW, rounds=7
    )
    assert added.section_order == 4 and added.section_name == "Rapid"
    assert added.slug == "hastings-rapid"
    assert set(added.arbiters.all()) == {arbiter, stranger}
    assert all(stranger in e.arbiters.all() for e in festival.sections.all())


def test_a_stranger_cannot_add_a_section(arbiter: User, stranger: User) -> None:
    festival = make_festival(arbiter, players=0)
    with pytest.raises(TournamentError, match="festival's arbiters"):
        services.section_add(festival_id=festival.pk, name="X", user=stranger, now=NOW, rounds=5)
    assert festival.sections.count() == 3


def test_attaching_an_event_of_another_festival_is_refused(arbiter: User, event: Event) -> None:
    services.festival_create(name="One", slug="one", user=arbiter, now=NOW, event_ids=[event.pk])
    other = services.festival_create(name="Two", slug="two", user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="festival already"):
        services.section_attach(festival_id=other.pk, event_id=event.pk, user=arbiter, now=NOW)


def test_sections_arrange_renames_and_reorders_with_an_audit_row_each(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    a, b, c = (section(festival, name) for name in ("Open A", "Open B", "Under 1600"))
    services.sections_arrange(
        festival_id=festival.pk, names={c.pk: "U1600"}, order=[c.pk, a.pk, b.pk],
        user=arbiter, now=NOW,
    )  # fmt: skip
    order = list(festival.sections.order_by("section_order").values_list("section_name", flat=True))
    assert order == ["U1600", "Open A", "Open B"]
    rows = AuditEntry.objects.filter(event=c, action=AuditAction.FESTIVAL_SECTION)
    assert rows.count() == 2


def test_sections_arrange_refuses_an_order_missing_a_section(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    a = section(festival, "Open A")
    with pytest.raises(TournamentError, match="every section"):
        services.sections_arrange(
            festival_id=festival.pk, names={}, order=[a.pk], user=arbiter, now=NOW
        )


def test_section_rules_are_set_and_audited(arbiter: User, event: Event) -> None:
    rules = services.Rules(min_rating=1600, max_rating=2000, max_birth_year=2010, closed=True)
    services.section_rules_set(event_id=event.pk, rules=rules, user=arbiter, now=NOW)
    event.refresh_from_db()
    assert (event.min_rating, event.max_rating, event.max_birth_year, event.closed) == (
        1600, 2000, 2010, True,
    )  # fmt: skip
    row = AuditEntry.objects.get(event=event, action=AuditAction.SECTION_RULES)
    assert row.after["closed"] is True


def test_section_rules_with_limits_crossed_are_refused(arbiter: User, event: Event) -> None:
    with pytest.raises(TournamentError, match="below its lowest"):
        services.section_rules_set(
            event_id=event.pk, rules=services.Rules(min_rating=2000, max_rating=1800),
            user=arbiter, now=NOW,
        )  # fmt: skip
    event.refresh_from_db()
    assert event.min_rating is None


@pytest.mark.parametrize(
    ("rating", "born", "rule"),
    [
        (1500, 2000, "rated 1600 or more"),
        (0, 2000, "no rating is known"),
        (2100, 2000, "rated 2000 or less"),
        (1700, 1950, "born in 1960 or later"),
        (1700, 2015, "born in 2010 or earlier"),
        (1700, None, "birth year is not known"),
    ],
)
def test_eligible_names_the_rule_that_refuses(
    event: Event, rating: int, born: int | None, rule: str
) -> None:
    event.min_rating, event.max_rating = 1600, 2000
    event.min_birth_year, event.max_birth_year = 1960, 2010
    refusal = eligible(event, rating=rating, birth_year=born)
    assert refusal is not None and rule in refusal


def test_eligible_admits_inside_the_limits_and_refuses_a_closed_section(event: Event) -> None:
    event.min_rating = 1600
    assert eligible(event, rating=1600, birth_year=None) is None
    event.closed = True
    assert "closed" in (eligible(event, rating=1700, birth_year=None) or "")
    assert eligible(event, rating=1700, birth_year=None, joining=False) is None


def test_an_event_without_rules_admits_everyone(event: Event) -> None:
    assert eligible(event, rating=0, birth_year=None) is None


def test_section_rules_out_of_range_are_refused(arbiter: User, event: Event) -> None:
    with pytest.raises(TournamentError, match="from 1900 to 2100"):
        services.section_rules_set(
            event_id=event.pk, rules=services.Rules(min_birth_year=1066), user=arbiter, now=NOW
        )
