"""The typed audit log (#33 item 4): one action enum, one writer, a renderer per action."""

from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import pathlib
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from swissweb.tournament.audit import log as audit
from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import SettingChanges
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, Event, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
SOURCE = pathlib.Path(audit.__file__).resolve().parents[2]
WRITERS = {"_audit", "record"}


def _writer_calls() -> list[tuple[str, ast.Call]]:
    """Every call of the audit writer in the web app's source, with its file."""
    calls = []
    for path in sorted(SOURCE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else None
            name = node.func.id if isinstance(node.func, ast.Name) else name
            if name in WRITERS and any(k.arg == "action" for k in node.keywords):
                calls.append((str(path.relative_to(SOURCE)), node))
    return calls


def test_every_audit_write_names_an_action_of_the_enum() -> None:
    """Each ``_audit``/``audit.record`` call passes ``action=AuditAction.X``, never a
    string, and X is a member: the enum covers every action the code writes."""
    calls = _writer_calls()
    assert len(calls) >= 30
    for path, call in calls:
        action = next(k.value for k in call.keywords if k.arg == "action")
        if path.endswith("core/services.py"):
            continue  # the delegate passes its own typed parameter on
        assert isinstance(action, ast.Attribute), (path, call.lineno)
        assert isinstance(action.value, ast.Name) and action.value.id == "AuditAction"
        assert action.attr in AuditAction.__members__, (path, action.attr)


def test_no_module_writes_audit_rows_but_the_writer() -> None:
    """The redraw's hand-written ``AuditEntry.objects.create`` is gone: one writer."""
    writers = [
        str(path.relative_to(SOURCE))
        for path in SOURCE.rglob("*.py")
        if "AuditEntry.objects.create(" in path.read_text(encoding="utf-8")
    ]
    assert writers == ["tournament/audit/log.py"]


def test_audit_action_values_are_todays_strings_with_labels() -> None:
    """The stored values stay the strings written before the enum (old rows, backups),
    and each has a label of its own for the Audit page."""
    assert "result_record" in AuditAction.values and "round_redraw" in AuditAction.values
    assert len(AuditAction.values) == 48
    assert all(str(label) != value for value, label in AuditAction.choices)
    field = AuditEntry._meta.get_field("action")
    assert dict(field.choices or []) == dict(AuditAction.choices)


def test_a_change_of_nothing_writes_no_row(event: Event, arbiter: User) -> None:
    """A row whose before and after are the same recorded no change: not written."""
    count = AuditEntry.objects.count()
    same = SettingChanges(values=(("rounds", 5),))
    written = audit.record(
        event=event,
        user=arbiter,
        now=NOW,
        action=AuditAction.EVENT_SETTINGS,
        before=same,
        after=SettingChanges(values=(("rounds", 5),)),
    )
    assert written is None and AuditEntry.objects.count() == count


def test_a_settings_save_with_no_change_writes_no_row(event: Event, arbiter: User) -> None:
    """Saving the settings form unchanged records nothing."""
    count = AuditEntry.objects.count()
    event_services.event_settings_update(
        event_id=event.pk,
        changes={"name": event.name, "rounds": event.rounds},
        expected_version=event.settings_version,
        user=arbiter,
        now=NOW,
    )
    assert AuditEntry.objects.count() == count


def _play_board_one(event: Event, arbiter: User, result: str) -> AuditEntry | None:
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=NOW)
    game = round_.games.select_related("white", "black").get(board=1)
    result_services.result_record(
        game_id=game.pk, result=result, expected_version=0, user=arbiter, now=NOW
    )
    return AuditEntry.objects.filter(action=AuditAction.RESULT_RECORD).first()


def test_result_rows_name_the_players(started: Event, arbiter: User) -> None:
    """A result row names the board's players, so the log reads "Board 1: A – B"."""
    entry = _play_board_one(started, arbiter, Result.WHITE_WINS)
    assert entry is not None and entry.round is not None
    game = entry.round.games.select_related("white", "black").get(board=1)
    white, black = audit.player_label(game.white), audit.player_label(game.black)
    assert (entry.after["white"], entry.after["black"]) == (white, black)
    line = audit_selectors.audit_line(entry, {})
    assert line.subject == f"Board 1: {white} – {black}"
    assert line.changes == ("result: none → 1-0",)


def test_a_result_entered_again_the_same_writes_no_row(started: Event, arbiter: User) -> None:
    """The same result entered again changes nothing and records nothing."""
    entry = _play_board_one(started, arbiter, Result.DRAW)
    assert entry is not None and entry.round is not None
    game = entry.round.games.get(board=1)
    count = AuditEntry.objects.count()
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=game.version, user=arbiter, now=NOW
    )
    assert AuditEntry.objects.count() == count


def test_pair_again_rows_carry_their_round(
    started: Event, arbiter: User, arbiter_client: Client
) -> None:
    """ "Pair again" deletes the draft and pairs it anew: both rows say round 1, and the
    audit page's round filter shows both."""
    round_services.round_pair(event_id=started.pk, user=arbiter, now=NOW, seed=1)
    url = reverse("tournament:round_repair", args=[started.slug, 1])
    response = arbiter_client.post(url, {"confirm": "1"})
    assert response.status_code in (200, 302)
    page = audit_selectors.audit_page(event=started, page=None, round_number=1)
    actions = [line.action for line in page.lines]
    assert str(AuditAction.ROUND_DELETE.label) in actions
    assert actions.count(str(AuditAction.ROUND_PAIR.label)) == 2
    assert all(line.round == 1 for line in page.lines)


def test_old_rows_in_todays_shapes_still_render(event: Event, players: list[Player]) -> None:
    """Rows written before #33 (a result without its players, a redraw's boards by hand,
    an action the enum no longer knows) still read as they did."""
    old_result = AuditEntry.objects.create(
        event=event,
        at=NOW,
        action="result_record",
        before={"board": 3, "result": ""},
        after={"board": 3, "result": "1-0"},
    )
    line = audit_selectors.audit_line(old_result, {})
    assert line.action == "Result entered" and line.subject == ""
    assert line.changes == ("board: 3", "result: none → 1-0")
    a, b = players[0], players[1]
    names = {a.pk: "1. Adams", b.pk: "2. Baker"}
    redraw = AuditEntry.objects.create(
        event=event,
        at=NOW,
        action="round_redraw",
        before={"boards": [[1, a.pk, b.pk]]},
        after={"boards": [[1, b.pk, a.pk]], "absent": [a.pk]},
    )
    line = audit_selectors.audit_line(redraw, names)
    assert line.changes[0] == "board 1: 1. Adams - 2. Baker → 2. Baker - 1. Adams"
    assert line.changes[-1] == "absent: 1. Adams"  # by name now, no more a bare id
    unknown = AuditEntry.objects.create(event=event, at=NOW, action="some_later_action")
    assert audit_selectors.audit_line(unknown, {}).action == "some later action"


def test_audit_page_is_plain_values_with_its_place_among_the_pages(
    event: Event, arbiter: User, arbiter_client: Client, django_assert_max_num_queries: Any
) -> None:
    """The Audit page's reader is a selector like the others (#33 item 1): a frozen value
    of lines and page numbers, no paginator or database row for the template, from a
    fixed number of queries (at most three, whatever the count); the page links to the
    older and newer pages by them."""
    size = audit_selectors.AUDIT_PAGE_SIZE
    AuditEntry.objects.bulk_create(
        AuditEntry(event=event, at=NOW, action=AuditAction.EVENT_START, before={}, after={})
        for _ in range(size + 1)
    )
    with django_assert_max_num_queries(3):
        first = audit_selectors.audit_page(event=event, page=None, round_number=None)
    with django_assert_max_num_queries(3):
        last = audit_selectors.audit_page(event=event, page="2", round_number=None)
    assert (first.count, first.number, first.pages, first.previous, first.next) == (
        size + 1,
        1,
        2,
        None,
        2,
    )
    assert (last.number, last.previous, last.next, len(last.lines)) == (2, 1, None, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(first, "number", 2)  # noqa: B010  # the write a frozen value refuses
    plain = (int, str, tuple, type(None), audit_selectors.AuditLine)
    assert all(isinstance(getattr(first, f.name), plain) for f in dataclasses.fields(first))
    url = reverse("tournament:workspace_audit", args=[event.slug])
    text = arbiter_client.get(url, {"page": "2"}).content.decode()
    assert 'href="?page=1">Newer</a>' in text and "Page 2 of 2" in text
