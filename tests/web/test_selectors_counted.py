"""Every selector of every domain costs a fixed number of queries (#33 item 1).

``test_selectors.py`` reads the events', players', rounds' and standings' selectors at two
sizes; this file adds the festivals', the entries' and the audit log's, on the same two
events made a section of a festival of sections as large, with as many entries and audit
rows, and checks that no public function of a ``selectors.py`` is left out of both.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.entries import selectors as entry_selectors
from swissweb.tournament.festivals import selectors as festival_selectors
from swissweb.tournament.festivals import services as festival_services
from swissweb.tournament.models import Entry, Event, Player
from swissweb.tournament.rounds import selectors as round_selectors
from swissweb.tournament.standings import selectors as standing_selectors
from tests.web.selector_helpers import NOW, SIZES, queries_of, sized_event
from tests.web.test_selectors import READS, _read_through

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _festival_slug(event: Event) -> str:
    assert event.festival is not None
    return event.festival.slug


DOMAIN_READS: dict[str, Callable[[Event, User], object]] = {
    "entry_list": lambda e, u: entry_selectors.entry_list(event=e, query="Entrant"),
    "state_counts": lambda e, u: entry_selectors.state_counts(event=e),
    "public_festival": lambda e, u: festival_selectors.public_festival(slug=_festival_slug(e)),
    "arbiter_festival": lambda e, u: festival_selectors.arbiter_festival(
        festival_id=e.festival_id or 0
    ),
    "festival_search": lambda e, u: festival_selectors.festival_search(
        festival=festival_selectors.public_festival(slug=_festival_slug(e)), query="player"
    ),
    "other_sections": lambda e, u: festival_selectors.other_sections(event_id=e.pk),
    "my_festivals": lambda e, u: festival_selectors.my_festivals(user_id=u.pk),
    "audit_page": lambda e, u: audit_selectors.audit_page(event=e, page=None, round_number=1),
    "imported": lambda e, u: audit_selectors.imported(event=e),
    "public_round_numbers": lambda e, u: round_selectors.public_round_numbers(event=e),
    "correction_notice": lambda e, u: round_selectors.correction_notice(event=e, number=1, last=2),
    "event_whole_scores": lambda e, u: standing_selectors.event_whole_scores(e),
}

VALUES_ONLY = {
    "audit_line": "one entry already read, in words (audit_page reads the entries)",
    "entries_csv_text": "rows already read, as CSV text",
    "csv_cell": "one value already read, as a CSV cell",
    "csv_cells": "one entry row already read, as CSV cells",
    "round_in_view": "chooses among the rounds public_rounds read",
    "step_rule": "an explanation step already read, in words",
    "step_line": "an explanation step already read, in words",
}
"""Public functions of selectors modules that read nothing: they say values given."""


def _in_a_festival(event: Event, arbiter: User, size: int) -> Event:
    """``event`` as a public section of a festival with another section of ``size``
    players, and ``size`` entries."""
    festival = festival_services.festival_create(
        name=f"Festival {size}", slug=f"festival-{size}", user=arbiter, now=NOW, public=True
    )
    Event.objects.filter(pk=event.pk).update(festival=festival, section_name="Main")
    other = festival_services.section_add(
        festival_id=festival.pk, name="Reserves", user=arbiter, now=NOW, rounds=5, public=True
    )
    Player.objects.bulk_create(
        Player(event=other, name=f"Reserve player {n}", rating=1800 - n) for n in range(size)
    )
    Entry.objects.bulk_create(
        Entry(event=event, name=f"Entrant {n}", code=f"e{size}-{n}") for n in range(size)
    )
    return Event.objects.get(pk=event.pk)


@pytest.mark.parametrize("name", sorted(DOMAIN_READS))
def test_a_domain_selector_costs_the_same_queries_at_any_size(name: str) -> None:
    """The festivals', entries' and audit log's selectors, read through on an empty
    cache, cost as many queries at the small size as at the large."""
    counts = []
    for players, rounds in SIZES:
        event, arbiter = sized_event(players, rounds)
        event = _in_a_festival(event, arbiter, players)
        read = functools.partial(_read_through, DOMAIN_READS[name], event, arbiter)
        counts.append(queries_of(read))
    assert counts[0] == counts[1], counts


def test_every_public_selector_is_counted_or_reads_nothing() -> None:
    """A new function in a selectors module fails here until a query-count test reads
    it (or it is listed as reading nothing)."""
    public = set()
    for path in sorted((ROOT / "swissweb" / "tournament").glob("*/selectors.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        public |= {
            node.name
            for node in tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
        }
    counted = set(READS) | set(DOMAIN_READS) | set(VALUES_ONLY)
    assert sorted(public - counted) == []
    assert sorted(counted - public - {"draft_review", "explanation_steps"}) == []
