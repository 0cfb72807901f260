"""The event export is pinned byte for byte (#19).

Three events built row by row (no engine pairs them, so the text depends on the export
alone) are exported and compared with ``tests/data/exports/<slug>.trf``.  Between them
they hold every record the export writes: headers, XXR, XXC, XXS, SWY, SWK, SWO, 001 lines
with games, forfeits, double forfeits, adjourned games, byes (pairing-allocated,
half-point, full-point) and blank boards in play, SWN, SWC, SWA, SWW, SWT, TRF-2026 240
requests (H, F, Z), XXP, XXA (before and after round 1 is paired), SWR and SWG, and
(#31) the settings on SWO, SWP, SWI, SWB, SWL, SWF and SWQ, and (#35) FIDE's three ratings
on SWX; and an event not started yet, numbered by entry.

A change of the export's text is a change of the backup format: look at the diff, then
write the files again with ``SWISSWEB_WRITE_EXPORTS=1 pytest tests/web/test_export_golden.py``.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from typing import Any

import pytest

from swissweb.tournament.core.fide_ratings import fide_column
from swissweb.tournament.models import (
    Event,
    ForbiddenPair,
    Game,
    Player,
    PlayerRequest,
    Result,
    Round,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.publishing import exports
from tests.engine.reference_data import DATA

pytestmark = pytest.mark.django_db

EXPORTS = DATA / "exports"
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
HOUR = dt.timedelta(hours=1)


def _players(event: Event, rows: list[dict[str, Any]]) -> dict[str, Player]:
    """Players created in the order given (their entry order), by name."""
    created: dict[str, Player] = {}
    for row in rows:
        # A fixed private link code: the export writes it (SWL), and a new one is random.
        code = f"{event.slug.removeprefix('golden-')}-{len(created) + 1:02d}"
        # FIDE's rating of the event's rate in its own column too, as registration
        # keeps it (#35): the export writes the three (SWX).
        rated = {fide_column(event.rate_of_play): row["rating"]} if row.get("rating") else {}
        player = Player.objects.create(event=event, **{"access_code": code, **rated, **row})
        created[row["name"]] = player
    return created


def _round(
    event: Event,
    number: int,
    state: str,
    boards: list[tuple[Player, Player | None, str]],
    *,
    seed: int,
) -> None:
    round_ = Round.objects.create(
        event=event,
        number=number,
        state=state,
        lots_seed=seed,
        paired_at=T0 + number * 24 * HOUR,
        published_at=T0 + number * 24 * HOUR + HOUR if state != RoundState.PAIRED else None,
        completed_at=T0 + number * 24 * HOUR + 5 * HOUR if state == RoundState.COMPLETED else None,
    )
    for board, (white, black, result) in enumerate(boards, start=1):
        Game.objects.create(round=round_, board=board, white=white, black=black, result=result)


def _open() -> Event:
    """Dutch, accelerated, half-point values, round 3 in play: every record but one."""
    event = Event.objects.create(
        name="Golden Open", slug="golden-open", system="dutch1992", rounds=7,
        tiebreaks="BH-C1,SB,PROG,LOT", acceleration=True,
        system_options={"esca_random": True, "esca_round1_separation": ["federation"]},
        initial_colour="black", start_date=dt.date(2026, 3, 1),
        end_date=dt.date(2026, 3, 7), venue="Zürich, Volkshaus", public=True, points_win=6,
        points_draw=3, points_loss=0, points_forfeit_win=5, points_forfeit_loss=1,
        points_pairing_bye=4, points_full_bye=6, points_half_bye=2, lots_seed=123456789,
        started_at=T0, tiebreak_rules="fide2026", unrated_rating=1000, team_size=2,
        team_scoring="round", prize_table="Place: 500, 300\r\nWomen: \"best\" 80",
        prize_sharing="hort",
    )  # fmt: skip
    rows = [
        {"name": "Ångström, Åsa", "rating": 2410, "title": "WGM", "federation": "SWE",
         "fide_id": 1700001, "birth_date": dt.date(1990, 1, 2), "sex": "w",
         "club": "Sällskapet", "area": "Nord", "top_player": True, "pairing_number": 1},
        {"name": "Baker, Bob", "rating": 2380, "title": "IM", "federation": "ENG",
         "club": "Kingside CC", "pairing_number": 3, "sex": "m", "national_id": "123456A"},
        {"name": "Carter-Featherstonehaugh, Christopher Alexander", "rating": 2395,
         "title": "GM", "federation": "ENG", "fide_id": 400123, "pairing_number": 2,
         "top_player": True},
        {"name": "Dunn, Di", "rating": 2200, "federation": "SCO", "area": "Süd",
         "pairing_number": 4, "birth_year": 1985},
        {"name": "Ellis, Ed", "rating": 0, "pairing_number": 5,
         "birth_date": dt.date(2012, 12, 31)},
        {"name": "Frost, Fay", "rating": 2150, "title": "WFM", "sex": "w", "pairing_number": 6,
         "club": "Kingside CC"},
        {"name": "Grün, Gerd", "rating": 2100, "title": "CM", "federation": "GER",
         "pairing_number": 7, "withdrawn_after_round": 2},
        {"name": "Hale, Hal", "rating": 2050, "pairing_number": 8, "club": "Rook & Pawn"},
        {"name": "Ivy, Ida", "rating": 1990, "title": "WCM", "pairing_number": 9},
    ]  # fmt: skip
    p = list(_players(event, rows).values())
    by_number = {player.pairing_number: player for player in p}
    n = by_number.__getitem__
    _round(event, 1, RoundState.COMPLETED, [
        (n(1), n(6), Result.WHITE_WINS), (n(7), n(2), Result.BLACK_WINS),
        (n(3), n(8), Result.WHITE_WINS_FORFEIT), (n(9), n(4), Result.DRAW),
        (n(5), None, Result.PAIRING_BYE),
    ], seed=101)  # fmt: skip
    _round(event, 2, RoundState.COMPLETED, [
        (n(2), n(1), Result.ADJOURNED), (n(4), n(3), Result.BLACK_WINS_FORFEIT),
        (n(8), n(5), Result.DOUBLE_FORFEIT), (n(6), n(7), Result.BLACK_WINS),
    ], seed=102)  # fmt: skip
    _round(event, 3, RoundState.PUBLISHED, [
        (n(1), n(3), Result.WHITE_WINS), (n(5), n(2), Result.NOT_PLAYED_YET),
        (n(4), n(6), Result.NOT_PLAYED_YET), (n(8), None, Result.PAIRING_BYE),
    ], seed=-103)  # fmt: skip
    for player, number, kind in ((9, 2, "H"), (9, 3, "Z"), (3, 5, "H"), (4, 5, "H"),
                                 (6, 5, "Z"), (5, 6, "F"), (2, 7, "Z")):  # fmt: skip
        RoundRequest.objects.create(player=n(player), round_number=number, kind=kind)
    for a, b, reason in ((1, 3, "Siblings"), (6, 4, ""), (8, 2, "Same school")):
        first, second = sorted((n(a), n(b)), key=lambda player: player.pk)
        ForbiddenPair.objects.create(event=event, first=first, second=second, reason=reason)
    for player, kind, asked, state, at in ((9, "bye", 4, "pending", 1),
                                           (8, "withdraw", None, "approved", 2)):  # fmt: skip
        ask = PlayerRequest.objects.create(player=n(player), kind=kind, round_number=asked,
                                           state=state)  # fmt: skip
        decided = T0 + at * HOUR if state != "pending" else None
        PlayerRequest.objects.filter(pk=ask.pk).update(created_at=T0 + HOUR, decided_at=decided)
    return event


def _juniors() -> Event:
    """ESCA, not started: numbered by entry; accelerated from the round-1 requests."""
    event = Event.objects.create(
        name="Golden Juniors", slug="golden-juniors", system="esca", rounds=5,
        acceleration=True, initial_colour="white",
        system_options={"esca_avoid_half_bye_pairs": False, "esca_round1_separation": ["area"]},
        lots_seed=-42,
    )  # fmt: skip
    rows = [
        {"name": f"Junior {index:02d}, Name", "rating": 1500 - 40 * index,
         "club": ["St Aidan's", "Oakfield", ""][index % 3], "area": ["East", ""][index % 2],
         "top_player": index < 2}
        for index in range(7)
    ]  # fmt: skip
    rows[3]["withdrawn_after_round"] = 0
    rows[5]["name"] = "Vorname-Nachname-Doppelname, Maximiliane"
    p = list(_players(event, rows).values())
    RoundRequest.objects.create(player=p[1], round_number=1, kind="H")
    RoundRequest.objects.create(player=p[2], round_number=1, kind="Z")
    RoundRequest.objects.create(player=p[6], round_number=2, kind="H")
    return event


def _lim() -> Event:
    """Lim, round 1 played, round 2 a draft; accelerated from round 1's boards; a
    full-point bye in each round (#20)."""
    event = Event.objects.create(
        name="Golden Lim", slug="golden-lim", system="lim", rounds=4,
        system_options={"lim_maxi": True},
        acceleration=True, lots_seed=7, started_at=T0, tiebreaks="BH,SB",
    )  # fmt: skip
    rows = [{"name": f"Lim {index}", "rating": 1800 - 10 * index, "pairing_number": index + 1}
            for index in range(7)]  # fmt: skip
    p = list(_players(event, rows).values())
    RoundRequest.objects.create(player=p[5], round_number=1, kind="H")
    RoundRequest.objects.create(player=p[6], round_number=1, kind="F")
    RoundRequest.objects.create(player=p[6], round_number=2, kind="F")
    _round(event, 1, RoundState.COMPLETED, [
        (p[0], p[3], Result.DRAW), (p[4], p[1], Result.WHITE_WINS),
        (p[2], None, Result.PAIRING_BYE),
    ], seed=1)  # fmt: skip
    _round(event, 2, RoundState.PAIRED, [
        (p[1], p[0], Result.NOT_PLAYED_YET), (p[3], p[2], Result.NOT_PLAYED_YET),
        (p[5], p[4], Result.NOT_PLAYED_YET),
    ], seed=2)  # fmt: skip
    return event


BUILDERS: dict[str, Callable[[], Event]] = {
    "golden-open": _open,
    "golden-juniors": _juniors,
    "golden-lim": _lim,
}


@pytest.mark.parametrize("slug", sorted(BUILDERS))
def test_export_golden_text_is_unchanged(slug: str) -> None:
    """The export of each event is the pinned file, byte for byte."""
    text = exports.event_trf(BUILDERS[slug]())
    path = EXPORTS / f"{slug}.trf"
    if os.environ.get("SWISSWEB_WRITE_EXPORTS"):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert text == path.read_bytes().decode("utf-8")
