"""Per-system option schemas (#33): an option declared once, in its system's ``RULES``,
reaches the event form, the stored event, the TRF ``SWO`` line both ways and the state
the system pairs, with no web module naming it.

The stand-in system takes the name of the SB system (the system names are a closed
list: the model's choices and the TRF ``SWY`` names), is put in the registry for one
test and taken out again (``registry.registered``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator

import pytest
from django import forms
from django.contrib.auth.models import User
from django.utils.translation import trans_real
from pytest_django import Settings

from pairing.engine import System, pair_round, rules_for
from pairing.engine.model import PairingOptions, RoundPairing, TournamentState
from pairing.engine.option_kinds import IntOption
from pairing.engine.registry import option_specs, registered
from pairing.engine.trf import read_trf, state_from_trf, trf_from_state, write_trf
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.events.forms import EventForm, EventSettingsForm
from swissweb.tournament.events.option_msgids import MSGIDS
from swissweb.tournament.models import Event
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import services as round_services
from tests.engine.builders import build

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 11, 1, 10, tzinfo=dt.UTC)

DEPTH = IntOption(
    name="fake_depth",
    default=3,
    label="Fake: search depth",
    help="How deep the stand-in system looks.",
    rule="Fake rule 1",
    minimum=1,
    maximum=9,
)
"""The new option: a number, which no real system has yet."""

SEEN: list[int] = []
"""The option as each call of the stand-in's pairer saw it."""


def _pair(state: TournamentState, *, seed: int) -> RoundPairing:
    SEEN.append(state.options.value(DEPTH))
    return rules_for(System.DUTCH).pair(state, seed=seed)


FAKE = dataclasses.replace(
    rules_for(System.SB), title="Stand-in system", options=(DEPTH,), pair=_pair
)


@pytest.fixture
def fake() -> Iterator[None]:
    SEEN.clear()
    with registered(FAKE):
        yield
    assert rules_for(System.SB) is not FAKE


def test_option_schema_new_option_shows_in_the_event_form(fake: None) -> None:
    form = EventForm()
    field = form.fields["fake_depth"]
    assert isinstance(field, forms.IntegerField)
    assert (field.label, form.initial["fake_depth"]) == ("Fake: search depth", 3)
    assert "fake_depth" in form.option_names
    rows = {bound.name: systems for bound, systems, __ in form.option_rows()}
    assert rows["fake_depth"] == "sb"
    assert not EventForm(data={"fake_depth": "12"}).is_valid()


def test_option_schema_registry_holds_the_real_systems_again() -> None:
    assert "fake_depth" not in EventForm().fields
    assert "fake_depth" not in {spec.name for spec in option_specs()}


def test_option_schema_new_option_round_trips_through_the_trf_swo_line(fake: None) -> None:
    state = dataclasses.replace(build(6), options=PairingOptions(fake_depth=7))
    text = write_trf(trf_from_state(state, system="sb"))
    assert "SWO fake_depth=7" in text
    back = state_from_trf(read_trf(text))
    assert back.options.value(DEPTH) == 7
    pair_round(back, System.SB, seed=1)
    assert SEEN == [7]


def test_option_schema_default_is_not_written_and_reads_back(fake: None) -> None:
    text = write_trf(trf_from_state(build(6), system="sb"))
    assert "fake_depth" not in text
    assert state_from_trf(read_trf(text)).options.value(DEPTH) == 3


def test_option_schema_new_option_goes_from_the_form_to_the_engine(
    fake: None, arbiter: User, settings: Settings
) -> None:
    """Form -> event -> settings form -> TRF export -> the engine's state, and the
    app's own pairing: the pairer sees the value the arbiter typed."""
    # The stand-in lives in this process only: pair here, not in a child process.
    settings.PAIRING_TIMEOUT = 0
    data = {
        "name": "Stand-in Open", "slug": "stand-in", "system": "sb", "rounds": 3,
        "tiebreaks": "BH,SB", "initial_colour": "lot", "points_win": "1",
        "points_draw": "0.5", "points_loss": "0", "points_forfeit_win": "1",
        "points_forfeit_loss": "0", "points_pairing_bye": "1", "points_full_bye": "1",
        "points_half_bye": "0.5", "fake_depth": "7",
    }  # fmt: skip
    form = EventForm(data=data)
    assert form.is_valid(), form.errors
    event = event_services.event_create(user=arbiter, now=NOW, **form.event_fields())
    assert event.system_options["fake_depth"] == 7
    assert EventSettingsForm(instance=event, paired=False).initial["fake_depth"] == 7
    rows = [{"name": f"Player {n}", "rating": 2000 - 10 * n} for n in range(6)]
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=NOW)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
    assert SEEN == [7]
    text = exports.event_trf(Event.objects.get(pk=event.pk))
    assert "fake_depth=7" in text
    assert state_from_trf(read_trf(text)).options.value(DEPTH) == 7


def test_option_schema_settings_change_is_audited(fake: None, arbiter: User) -> None:
    event = event_services.event_create(
        user=arbiter, now=NOW, name="Audit Open", slug="audit-open", system="sb", rounds=3
    )
    event_services.event_settings_update(
        event_id=event.pk, changes={"fake_depth": 5}, expected_version=0, user=arbiter, now=NOW
    )
    event.refresh_from_db()
    assert event.system_options == {"fake_depth": 5}
    entry = event.audit_entries.get(action=AuditAction.EVENT_SETTINGS)
    assert (entry.before, entry.after) == ({"fake_depth": 3}, {"fake_depth": 5})


def test_option_schema_every_label_is_marked_and_translated_to_german() -> None:
    """The engine's English labels are the web's message ids: each is marked for
    ``makemessages`` (``option_msgids``) and has a German translation."""
    # gettext keeps the parsed catalogue in a private field; no public API lists it.
    german = trans_real.translation("de")._catalog  # type: ignore[attr-defined]  # private
    for spec in option_specs():
        for flag in spec.flags():
            for text in (flag.label, flag.help):
                assert text in MSGIDS, text
                # The catalogue itself: a translation may read like its English.
                assert text in german, text


def test_option_schema_settings_refuse_a_value_the_option_does_not_take(
    fake: None, arbiter: User
) -> None:
    """Bad input gets a clear message and changes nothing."""
    event = event_services.event_create(
        user=arbiter, now=NOW, name="Refusing Open", slug="refusing", system="sb", rounds=3
    )
    for changes, message in (
        ({"fake_depth": 12}, "fake_depth must be a whole number from 1 to 9, not 12"),
        ({"lim_maxi": "yes"}, "lim_maxi must be yes or no, not yes"),
    ):
        with pytest.raises(TournamentError, match=message):
            event_services.event_settings_update(
                event_id=event.pk, changes=changes, expected_version=0, user=arbiter, now=NOW
            )
    with pytest.raises(TournamentError, match="fake_depth must be a whole number"):
        event_services.event_create(
            user=arbiter, now=NOW, name="Deep", slug="deep", system="sb", rounds=3, fake_depth=0
        )
    event.refresh_from_db()
    assert (event.system_options, event.settings_version) == ({}, 0)
    assert not Event.objects.filter(slug="deep").exists()
