"""An upgrade keeps the events (#37): a database made by an earlier release, migrated to
the present schema, reads the same.

There are no release tags, so an earlier release is a migration state main held:

- ``0007_merge_settings_and_constraints``: main at the merge of the arbiter's workspace
  (#20, 2026-11-25), the first state with event settings and old slugs.  Every data
  migration since runs on its rows: 0008 gives existing events a full-point bye worth a
  win, 0017 gives every player a private link; 0010 and 0020 rebuild tables on SQLite.
- ``0021_links_player_request_via_link``: the last state before the audit log's action
  list (#33) and the 2026 Dutch label.

The test migrates the test database back to that state (Django's ``MigrationExecutor``),
writes two events with the models of that state (``apps.get_model``: only the fields
they had), migrates forward to every leaf migration (whatever the newest migration is
called), then reads the events through the present models and selectors and compares
them with the same data written fresh with the present models.  Whatever happens, the
database is left at the newest schema for the tests that follow.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps as present_apps
from django.apps.registry import Apps
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.models import AuditEntry, Event, EventSlugRedirect, Player
from swissweb.tournament.publishing import exports
from tests.web.backup_helpers import boards, standings

pytestmark = pytest.mark.django_db(transaction=True)

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
HOUR = dt.timedelta(hours=1)
Node = tuple[str, str]

EARLIER = [
    ("tournament", "0007_merge_settings_and_constraints"),
    ("tournament", "0021_links_player_request_via_link"),
]


def _leaves() -> list[Node]:
    """The newest migration of every app: the schema the code in the tree expects."""
    leaves: list[Node] = MigrationLoader(connection, ignore_no_migrations=True).graph.leaf_nodes()
    return leaves


def _migrate(targets: list[Node]) -> Apps:
    """Migrate the database to ``targets``; the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(params=EARLIER, ids=[name[:4] for _, name in EARLIER])
def earlier(request: pytest.FixtureRequest) -> Iterator[tuple[Node, Apps]]:
    """The database at an earlier release's schema, and that schema's models."""
    target: Node = request.param
    try:
        yield target, _migrate([target])
    finally:
        _migrate(_leaves())


OPEN: dict[str, Any] = {
    "name": "Upgrade Open", "slug": "upgrade-open", "system": "dutch1992", "rounds": 5,
    "points_win": 6, "points_draw": 3, "points_loss": 0, "points_forfeit_win": 6,
    "points_forfeit_loss": 0, "points_pairing_bye": 4, "points_half_bye": 2,
    "tiebreaks": "BH-C1,SB,PROG,LOT", "initial_colour": "white", "lots_seed": 1234,
    "start_date": dt.date(2026, 3, 1), "end_date": dt.date(2026, 3, 3), "venue": "Bern",
    "public": True, "started_at": T0, "acceleration": True,
}  # fmt: skip
SCHOOLS: dict[str, Any] = {
    "name": "Upgrade Schools", "slug": "upgrade-schools", "system": "esca", "rounds": 4,
    "esca_random": True, "esca_round1_area": False, "public": False, "started_at": T0,
}  # fmt: skip


def _player(n: int, school: bool) -> dict[str, Any]:
    return {
        "name": f"Spieler-{n:02d}, Vorname", "rating": 0 if n == 7 else 2300 - 41 * n,
        "title": "" if school else ["GM", "", "WIM", "FM"][n % 4],
        "federation": ["SUI", "GER", ""][n % 3], "fide_id": 1300000 + n if n % 2 else None,
        "birth_date": dt.date(1990 + n, 1 + n, n) if n % 3 else None,
        "sex": ["m", "w", ""][n % 3], "club": f"Club {n % 3}", "area": f"Area {n % 2}",
        "top_player": school and n <= 2,
    }  # fmt: skip


ROUNDS: dict[str, list[tuple[str, list[tuple[int, int | None, str]]]]] = {
    "upgrade-open": [
        ("completed", [(1, 5, "1-0"), (6, 2, "1/2"), (3, 7, "0-1"), (8, 4, "+-")]),
        ("completed", [(2, 1, "1-0"), (4, 3, "1/2"), (5, 8, "-+"), (7, 6, "adj")]),
        ("published", [(1, 3, "1-0"), (7, 2, ""), (4, 5, "")]),
    ],
    "upgrade-schools": [
        ("completed", [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1/2"), (7, None, "bye")]),
        ("completed", [(2, 1, "1/2"), (4, 7, "1-0"), (6, 5, "--"), (3, None, "bye")]),
    ],
}
"""Each event's rounds: state, and boards as (white, black, result) by pairing number."""


def _write(apps: Apps, user: User, suffix: str = "", *, full_bye_as_win: bool = False) -> None:
    """The two events, written with the models of ``apps`` using only fields every
    state in ``EARLIER`` has (and with ``full_bye_as_win`` a full-point bye worth a
    win), and the audit rows as the services of then wrote them."""
    model = {name: apps.get_model("tournament", name) for name in
             ("Event", "Player", "Round", "Game", "RoundRequest", "ForbiddenPair",
              "AuditEntry", "EventSlugRedirect")}  # fmt: skip
    for fields in (OPEN, SCHOOLS):
        _write_event(model, fields, user, suffix, full_bye_as_win)


def _write_event(
    model: dict[str, Any], fields: dict[str, Any], user: User, suffix: str, full_bye_as_win: bool
) -> None:
    """One event of ``_write``, with its players, rounds, requests and audit rows."""
    values = {**fields, "slug": fields["slug"] + suffix}
    if full_bye_as_win:
        values["points_full_bye"] = fields.get("points_win", 2)
    columns = {f.name for f in model["Event"]._meta.concrete_fields}
    event = model["Event"](**{k: v for k, v in values.items() if k in columns})
    if flags := {k: v for k, v in values.items() if k not in columns}:
        # A column of then that is a system option now (0025): set as the form sets it.
        event.set_option_flags(flags)
    event.save()
    event.arbiters.add(user.pk)
    school = fields is SCHOOLS
    count = 7 if school else 8
    rows = {n: _player(n, school) for n in range(1, count + 1)}
    if "fide_standard" in {f.name for f in model["Player"]._meta.concrete_fields}:
        # Written now, a standard event's rating is its standard column too (0040).
        for row in rows.values():
            row["fide_standard"] = row["rating"] or None
    players = {
        n: model["Player"].objects.create(event=event, pairing_number=n, **row)
        for n, row in rows.items()
    }

    log_at: list[str] = []

    def log(action: str, round_: Any = None, **payload: Any) -> None:
        model["AuditEntry"].objects.create(
            event=event, round=round_, user_id=user.pk, at=T0 + len(log_at) * HOUR,
            action=action, **payload,
        )  # fmt: skip
        log_at.append(action)

    log("event_create")
    log("players_add", after={"players": [p.name for p in players.values()]})
    log("event_start")
    for number, (state, games) in enumerate(ROUNDS[fields["slug"]], 1):
        round_ = model["Round"].objects.create(
            event=event, number=number, state=state, lots_seed=11 * number,
            paired_at=T0 + number * HOUR, published_at=T0 + number * HOUR,
            completed_at=T0 + (number + 1) * HOUR if state == "completed" else None,
            explanation={"steps": [f"round {number}"]},
        )  # fmt: skip
        log("round_pair", round_)
        log("round_publish", round_)
        for board, (white, black, result) in enumerate(games, 1):
            model["Game"].objects.create(
                round=round_, board=board, white=players[white],
                black=players[black] if black else None, result=result,
                version=1 if result and black else 0,
            )  # fmt: skip
            if result and black:
                log("result_record", round_, before={"board": board, "result": ""},
                    after={"board": board, "result": result})  # fmt: skip
    if school:
        model["RoundRequest"].objects.create(player=players[5], round_number=3, kind="Z")
        return
    players[8].withdrawn_after_round = 2
    players[8].save()
    model["RoundRequest"].objects.create(player=players[6], round_number=3, kind="H")
    log("round_request", after={"player_id": players[6].pk, "player": players[6].name,
                                "round": 3, "kind": "H"})  # fmt: skip
    model["ForbiddenPair"].objects.create(
        event=event, first=players[1], second=players[2], reason="same family"
    )
    log("forbidden_pair_add", after={"players": [players[1].pk, players[2].pk],
        "names": [players[1].name, players[2].name], "reason": "same family"})  # fmt: skip
    model["EventSlugRedirect"].objects.create(old_slug="open-2026" + suffix, event=event)


def _rows(event: Event) -> dict[str, Any]:
    """What the present models and selectors read of ``event``: every stored field of the
    event and its players (row ids and times of writing aside), pairings and results,
    standings after each round, requests, pairs, audit rows and the audit page."""
    skip = {"id", "slug", "created_at", "modified_at", "access_code", "event"}
    fields = [f.name for f in Event._meta.concrete_fields if f.name not in skip]
    player_fields = [f.name for f in Player._meta.concrete_fields if f.name not in skip]
    page = audit_selectors.audit_page(event=event, page=None, round_number=None)
    entries = event.audit_entries.order_by("at")
    return {
        "event": {name: getattr(event, name) for name in fields},
        "players": list(event.players.order_by("pairing_number").values_list(*player_fields)),
        "boards": boards(event),
        "standings": standings(event),
        "requests": sorted(event.players.values_list("pairing_number", "requests__round_number",
                                                     "requests__kind").exclude(requests=None)),
        "pairs": list(event.forbidden_pairs.values_list("first__pairing_number",
                                                        "second__pairing_number", "reason")),
        "audit": [(e.at, e.action, e.round.number if e.round else None, e.user_id, e.reason)
                  for e in entries],
        "audit page": [(line.action, line.round, line.subject, line.changes) for line in
                       page.lines],
        "backup": [line for line in exports.event_trf(event).splitlines()
                   if not line.startswith("SWL")],
    }  # fmt: skip


def test_upgrade_from_an_earlier_release_keeps_every_event(
    earlier: tuple[Node, Apps],
) -> None:
    """Two events written at an earlier release's schema read, after ``migrate``, as the
    same events written fresh: every field, player, board, result, standings after each
    round, request, forbidden pair, audit row and audit line, and the backup file (but
    for the private links, new in 0017 and drawn at random)."""
    (_, name), old_apps = earlier
    user = User.objects.create_user("upgrader", password="pw-upgrade-1")
    _write(old_apps, user)
    _migrate(_leaves())
    assert MigrationExecutor(connection).migration_plan(_leaves()) == []
    # 0008: an event made before full-point byes existed has one worth a win.
    full_bye = name < "0008"
    _write(present_apps, user, suffix="-fresh", full_bye_as_win=full_bye)
    for slug in ("upgrade-open", "upgrade-schools"):
        upgraded, fresh = Event.objects.get(slug=slug), Event.objects.get(slug=f"{slug}-fresh")
        read, expected = _rows(upgraded), _rows(fresh)
        if full_bye:
            assert upgraded.points_full_bye == upgraded.points_win
        assert read == expected, slug
        assert len(read["standings"]) == 2 and read["standings"][-1]
        codes = set(upgraded.players.values_list("access_code", flat=True))
        assert len(codes) == upgraded.players.count() and None not in codes
        assert {e.action for e in AuditEntry.objects.filter(event=upgraded)} <= set(
            AuditAction.values
        )
    open_event = Event.objects.get(slug="upgrade-open")
    assert EventSlugRedirect.objects.get(old_slug="open-2026").event == open_event
    assert open_event.system == "dutch1992"  # an old event keeps the 1992 rules
