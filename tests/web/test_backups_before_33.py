"""Backups written before the per-system option schema (#33 item 2) still read.

``tests/data/backups-before-33/`` holds the three golden exports as the export wrote them
before the system options moved into one validated field (``Event.system_options``,
migration 0025): each option on the ``SWO`` line by its own word, as every backup taken
since #19 has it.  Restored today, each gives the options, points and settings of the
event the export was made from (``test_export_golden.BUILDERS``), and its export writes
the same ``SWO`` line again.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event
from swissweb.tournament.publishing import exports
from tests.engine.reference_data import DATA
from tests.web.backup_helpers import restored
from tests.web.test_export_golden import BUILDERS

pytestmark = pytest.mark.django_db

BEFORE = DATA / "backups-before-33"
NOW = dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)
SETTINGS = ("system", "acceleration", "lots_seed", "tiebreak_rules", "team_scoring",
            "prize_sharing", "team_size", "unrated_rating", "points_win", "points_draw",
            "points_forfeit_win", "points_pairing_bye", "points_full_bye")  # fmt: skip
"""Settings the SWO and XXS lines carry besides the system's own options."""


def _swo(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("SWO "))


@pytest.mark.parametrize("slug", sorted(BUILDERS))
def test_backup_written_before_the_option_schema_restores_its_options(
    slug: str, stranger: User
) -> None:
    old = BEFORE.joinpath(f"{slug}.trf").read_bytes().decode("utf-8")
    # The golden open event's prize table is written straight to the database, past the
    # checks a form or a restore makes (its '"best" 80' is no amount since #35): the
    # options are what this test reads, so the prize table is left out.
    old = "".join(line for line in old.splitlines(keepends=True) if not line.startswith("SWP"))
    original = BUILDERS[slug]()
    event = event_services.event_import_trf(text=old, user=stranger, now=NOW)
    assert event.system_options == original.system_options
    assert [getattr(event, name) for name in SETTINGS] == [
        getattr(original, name) for name in SETTINGS
    ]
    assert _swo(exports.event_trf(Event.objects.get(pk=event.pk))) == _swo(restored(old))
