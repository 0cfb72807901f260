"""Each audit action's typed payload (#33 item 4): written, read back and rendered by
its class, refused for another action, and read tolerantly from any earlier row."""

from __future__ import annotations

import datetime as dt
import typing
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.audit import log as audit
from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.check_in import (
    AsksUndecided,
    CheckInWindow,
    PlayerCheckIn,
    UnconfirmedChoice,
)
from swissweb.tournament.audit.entry_payloads import EntryOptions, EntryValues
from swissweb.tournament.audit.festival_payloads import (
    FestivalValues,
    PlayerMove,
    SectionDeleted,
    SectionPlace,
    SectionRules,
)
from swissweb.tournament.audit.payloads import (
    ArbiterAdded,
    BoardsPayload,
    EventImported,
    ForbiddenPairValues,
    NoValues,
    PlayerAskValues,
    PlayerChanges,
    PlayerFixedBoard,
    PlayerLink,
    PlayerNumber,
    PlayersAdded,
    PlayerTop,
    PlayerWithdrawal,
    RatingsRefreshed,
    ResultPayload,
    RoundNumber,
    RoundRequestValues,
    ScheduleRows,
    SettingChanges,
)
from swissweb.tournament.audit.registry import PAYLOADS
from swissweb.tournament.audit.stored import AuditPayload
from swissweb.tournament.models import AuditEntry, Event, Player

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
NAMES = {7: "1. Adams", 8: "2. Baker", 9: "3. Clarke"}
ANN = "Adams, Ann"

Example = tuple[AuditPayload | None, AuditPayload | None, str, tuple[str, ...]]
"""A payload's before, after, and the subject and changes the Audit page shows."""

EXAMPLES: dict[type[AuditPayload], Example] = {
    EntryValues: (
        EntryValues(entry=ANN, state="pending", paid=None),
        EntryValues(entry=ANN, state="accepted", paid="25.00", method="cash"),
        ANN,
        ("state: waiting for the arbiter → accepted", "amount paid: 25.00", "paid by: cash"),
    ),
    EntryOptions: (
        None,
        EntryOptions(
            open=True, maximum=2, fields=("email",), fees=("Everyone: 30.00",), currency="EUR"
        ),
        "",
        (
            "entries open: yes",
            "entry deadline: none",
            "maximum entries: 2",
            "lowest rating admitted: none",
            "highest rating admitted: none",
            "accept entries at once: none",
            "fields asked: email",
            "fee table: Everyone: 30.00",
            "currency: EUR",
        ),
    ),
    NoValues: (None, None, "", ()),
    EventImported: (
        None,
        EventImported(players=6, rounds=2, duplicates=("TRF lines 2 and 5",), notes=("private",)),
        "",
        ("players: 6", "rounds: 2", "players named twice: TRF lines 2 and 5", "notes: private"),
    ),
    SettingChanges: (
        SettingChanges(values=(("rounds", 5), ("points_win", 2))),
        SettingChanges(values=(("rounds", 7), ("points_win", 6))),
        "",
        ("Rounds: 5 → 7", "Points: win: 1 → 3"),
    ),
    ArbiterAdded: (None, ArbiterAdded(arbiter="deputy"), "", ("arbiter: deputy",)),
    PlayersAdded: (
        None,
        PlayersAdded(players=("Late, Lou", "Last, Al"), kind="H", rounds="1-2"),
        "",
        ("players: Late, Lou, Last, Al", "request: half-point bye", "rounds: 1-2"),
    ),
    PlayerNumber: (
        PlayerNumber(player=ANN, pairing_number=None),
        PlayerNumber(player=ANN, pairing_number=1),
        ANN,
        ("pairing number: none → 1",),
    ),
    PlayerChanges: (
        PlayerChanges(player="Adams, A.", values=(("rating", 2100), ("sex", ""))),
        PlayerChanges(player=ANN, values=(("rating", 2111), ("sex", "w"))),
        ANN,
        ("FIDE rating: 2100 → 2111", "sex: not given → female"),
    ),
    PlayerWithdrawal: (
        PlayerWithdrawal(player=ANN, after_round=1),
        PlayerWithdrawal(player=ANN, plays_from_round=3),
        ANN,
        ("withdrawn after round: 1 (before)", "plays from round: 3"),
    ),
    PlayerTop: (
        PlayerTop(player=ANN, top_player=False),
        PlayerTop(player=ANN, top_player=True),
        ANN,
        ("top player: no → yes",),
    ),
    PlayerFixedBoard: (
        PlayerFixedBoard(player=ANN, fixed_board=None),
        PlayerFixedBoard(player=ANN, fixed_board=1),
        ANN,
        ("fixed board: none → 1",),
    ),
    ScheduleRows: (
        ScheduleRows(schedule=("1: 2026-03-14 10:00",)),
        ScheduleRows(schedule=("1: 2026-03-14 14:00", "2: 2026-03-15")),
        "",
        ("schedule: 1: 2026-03-14 10:00 → 1: 2026-03-14 14:00, 2: 2026-03-15",),
    ),
    PlayerLink: (
        PlayerLink(player=ANN, link="ab12"),
        PlayerLink(player=ANN, link="cd34"),
        ANN,
        ("link (fingerprint): ab12 → cd34",),
    ),
    PlayerAskValues: (
        None,
        PlayerAskValues(player=ANN, kind="bye", round=3, state="approved"),
        ANN,
        ("request: a half-point bye", "round: 3", "state: approved"),
    ),
    RoundRequestValues: (
        RoundRequestValues(player=ANN, round=3, kind="H"),
        RoundRequestValues(player=ANN, round=4, kind="Z", player_id=7),
        ANN,
        ("round: 3 → 4", "request: half-point bye → known absence (zero points)"),
    ),
    ForbiddenPairValues: (
        ForbiddenPairValues(players=(7, 8), names=(ANN, "Baker, Bo"), reason=""),
        ForbiddenPairValues(players=(7, 8), names=(ANN, "Baker, Bo"), reason="twins"),
        f"{ANN} and Baker, Bo",
        ("reason: none → twins",),
    ),
    RoundNumber: (None, RoundNumber(round=2), "", ()),
    BoardsPayload: (
        BoardsPayload(boards=((1, 7, 8), (2, 9, None)), violations=("C.04.3 C1: met",)),
        BoardsPayload(boards=((1, 8, 7), (2, 9, None)), absent=(9,)),
        "",
        (
            "board 1: 1. Adams - 2. Baker → 2. Baker - 1. Adams",
            "absent: 3. Clarke",
            "breach mended: C.04.3 C1: met",
        ),
    ),
    ResultPayload: (
        ResultPayload(board=2, result="", white="1. A", black=""),
        ResultPayload(board=2, result="1-0", white="1. A", black=""),
        "Board 2: 1. A – bye",
        ("result: none → 1-0",),
    ),
    SectionPlace: (
        SectionPlace(festival="Hastings", section="Open A", order=1),
        SectionPlace(festival="Hastings", section="U1600", order=3),
        "",
        ("festival: Hastings", "section: Open A → U1600", "order: 1 → 3"),
    ),
    SectionRules: (
        SectionRules(closed=False),
        SectionRules(min_rating=1600, closed=True),
        "",
        (
            "lowest rating: none → 1600",
            "highest rating: none",
            "born in or after: none",
            "born in or before: none",
            "closed section: no → yes",
        ),
    ),
    PlayerMove: (
        None,
        PlayerMove(player=ANN, source="Open A", target="Open B", pairing_number=3),
        ANN,
        ("from section: Open A", "to section: Open B", "pairing number: 3"),
    ),
    FestivalValues: (
        FestivalValues(name="Hastings", public=True),
        FestivalValues(name="Hastings 2026", public=False, start_date="2026-12-28"),
        "",
        (
            "festival: Hastings → Hastings 2026",
            "public: yes → no",
            "start date: none → 2026-12-28",
            "end date: none",
        ),
    ),
    SectionDeleted: (
        None,
        SectionDeleted(section="Open B", event="Hastings: Open B", players=4, entries=2),
        "Open B",
        ("event: Hastings: Open B", "players: 4", "entries: 2"),
    ),
    PlayerCheckIn: (
        None,
        PlayerCheckIn(player=ANN, round=1, present=True, way="desk"),
        ANN,
        ("round: 1", "checked in: yes", "where: at the desk"),
    ),
    CheckInWindow: (
        CheckInWindow(opens=None, closes=0),
        CheckInWindow(opens=60, closes=15),
        "",
        ("opens (minutes before): none → 60", "closes (minutes before): 0 → 15"),
    ),
    UnconfirmedChoice: (
        None,
        UnconfirmedChoice(round=1, choice="absent", players=(ANN, "Baker, Bo")),
        "",
        ("decision: marked absent for this round", f"not checked in: {ANN}, Baker, Bo"),
    ),
    AsksUndecided: (
        None,
        AsksUndecided(round=2, asks=(f"{ANN}: a half-point bye",)),
        "",
        (f"requests not decided: {ANN}: a half-point bye",),
    ),
    RatingsRefreshed: (
        None,
        RatingsRefreshed(list="FIDE", kind="rapid", changes=("Adams: 2100 → 2111",)),
        "",
        ("list: FIDE", "rating: rapid rating", "changes: Adams: 2100 → 2111"),
    ),
}

record_any = typing.cast("Callable[..., AuditEntry | None]", audit.record)
"""The writer called with an action only known at run time (each test's parameter)."""


@pytest.mark.parametrize("action", list(AuditAction))
def test_each_action_renders_from_its_typed_payload(
    event: Event, arbiter: User, action: AuditAction
) -> None:
    """Every action has a payload class (``PAYLOADS``) with an example here: written
    through the one writer, read back into the same values, said in words."""
    before, after, subject, changes = EXAMPLES[PAYLOADS[action]]
    entry = record_any(
        event=event, user=arbiter, now=NOW, action=action, before=before, after=after
    )
    assert entry is not None
    recorded = audit.read(entry)
    assert (recorded.before, recorded.after) == (before, after)
    line = audit_selectors.audit_line(entry, NAMES)
    assert line.action == str(action.label)
    assert (line.subject, line.changes) == (subject, changes)


def test_every_payload_class_has_an_example() -> None:
    assert set(EXAMPLES) == set(PAYLOADS.values())


def test_record_overloads_bind_each_action_to_its_payload_class() -> None:
    """``record``'s overloads, which ``mypy`` checks every service's call against, name
    each action with the class ``PAYLOADS`` says it records, and every action once."""
    bound: dict[AuditAction, type] = {}
    for variant in typing.get_overloads(audit.record):
        hints = typing.get_type_hints(variant)
        (payload,) = [t for t in typing.get_args(hints["after"]) if t is not type(None)]
        assert typing.get_args(hints["before"]) == typing.get_args(hints["after"])
        for action in typing.get_args(hints["action"]):
            assert action not in bound, action
            bound[action] = payload
    assert bound == PAYLOADS


def test_a_payload_of_another_action_is_refused(event: Event, arbiter: User) -> None:
    """A service passing another action's payload fails: ``mypy`` refuses the call (the
    ignore below is unused, an error under strict, once it stops doing so), and the
    writer raises at run time, writing nothing."""
    count = AuditEntry.objects.count()
    with pytest.raises(TypeError, match="player_top_set records PlayerTop, not PlayerNumber"):
        audit.record(  # type: ignore[call-overload]  # the refusal this test checks
            event=event,
            user=arbiter,
            now=NOW,
            action=AuditAction.PLAYER_TOP_SET,
            after=PlayerNumber(player=ANN, pairing_number=1),
        )
    assert AuditEntry.objects.count() == count


def test_rows_in_earlier_shapes_still_render(event: Event, players: list[Player]) -> None:
    """Rows as the first versions wrote them: a forbidden pair by ids only, a request by
    its player's id only, a round paired before rounds were recorded, a redraw with no
    one absent, a setting this version no longer has."""
    a, b = players[0], players[1]
    rows = {
        "forbidden_pair_add": ({}, {"players": [a.pk, b.pk]}),
        "round_request": ({}, {"player_id": a.pk, "round": 3, "kind": "H"}),
        "round_pair": ({}, {}),
        "round_redraw": ({"boards": [[1, a.pk, b.pk]]},
                         {"boards": [[1, a.pk, b.pk]], "absent": []}),
        "event_settings": ({"old_setting": 1, "rounds": 5}, {"old_setting": 2, "rounds": 7}),
        "player_update": ({"player": a.name, "title": ""}, {"player": a.name, "title": "FM"}),
    }  # fmt: skip
    for action, (before, after) in rows.items():
        AuditEntry.objects.create(event=event, at=NOW, action=action, before=before, after=after)
    page = audit_selectors.audit_page(event=event, page=None, round_number=None)
    lines = {line.action: line for line in page.lines}
    a_name, b_name = audit.player_label(a), audit.player_label(b)
    pair = lines["Forbidden pair added"]
    assert (pair.subject, pair.changes) == (f"{a_name} and {b_name}", ())
    request = lines["Request recorded"]
    assert (request.subject, request.round) == (a_name, 3)
    assert request.changes == ("round: 3", "request: half-point bye")
    assert lines["Round paired (draft)"].round is None
    assert lines["Published draw changed (ESCA 25)"].changes == ()
    # The form's fields in the form's order, then a field no longer there (the same on
    # every database: PostgreSQL's jsonb reorders the stored keys).
    assert lines["Settings changed"].changes == ("Rounds: 5 → 7", "old setting: 1 → 2")
    update = lines["Player's details corrected"]
    assert (update.subject, update.changes) == (a.name, ("title: none → FM",))


GARBAGE: list[object] = [
    ["not", "an", "object"],
    "text",
    7,
    {
        "player": ["x"],
        "player_id": "7",
        "players": 5,
        "names": "ab",
        "round": "3",
        "kind": 7,
        "board": "x",
        "boards": [[1], "y", [1, True, "z"], [None, None, None]],
        "absent": [True, "x", 3],
        "result": None,
        "white": 1,
        "top_player": "yes",
        "changes": "abc",
        "duplicates": {"a": 1},
        "rounds": [1],
        "violations": 3,
        "state": 1,
        "link": None,
        "tiebreaks": 5,
        "points_win": "x",
        "round_dates": 1,
        "rating": {"x": 1},
    },
]


@pytest.mark.parametrize("action", AuditAction.values)
def test_a_damaged_row_renders_neutral_words_never_a_500(
    event: Event, arbiter_client: Client, action: str
) -> None:
    """A row whose JSON is not an object, or whose keys are of wrong types, reads as
    missing values: the page shows it and answers 200."""
    for value in GARBAGE:
        AuditEntry.objects.create(event=event, at=NOW, action=action, before=value, after=value)
    lines = audit_selectors.audit_page(event=event, page=None, round_number=None).lines
    assert len(lines) == len(GARBAGE)
    response = arbiter_client.get(f"/events/{event.slug}/manage/audit/")
    assert response.status_code == 200
