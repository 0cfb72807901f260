"""The event as a FIDE Tournament Report File, and players read from one.

Export (:func:`event_trf`): a full backup of the event.  The 001 lines hold every round
paired so far, the round in play included, as TRF16 writes it: a board without a result
yet leaves both players' round blocks blank, since TRF16 has no code for "paired, not
played".  Our extension lines (documented in ``pairing/engine/trf.py``) add what TRF has
no line for: ``SWG`` every board with its result, ``SWR`` each round's state, seed and
times, ``SWO`` the event options, ``SWK`` the tie-breaks, ``SWN`` whole names, ``SWC``
clubs, ``SWA`` areas, ``SWT`` top players, ``SWW`` withdrawals and ``SWY`` the system.
Requests (half-point byes, absences) are TRF-2026 240 lines, forbidden pairs XXP lines,
the point values an XXS line, and with the acceleration option on the imaginary points
of rounds 1 and 2 (SB 3) XXA lines, never added to the 001 points.  Other readers
ignore the SW lines and see the results.

Import: :func:`event_plan_from_trf` (``imports.py`` style: read and check everything,
write nothing) and ``services.event_import_trf`` (write it all, or nothing).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from pairing.engine.errors import TrfError
from pairing.engine.trf import (
    NAME,
    TrfDocument,
    TrfPlayer,
    TrfRecord,
    TrfRound,
    read_trf,
    write_trf,
    xxa_lines,
)

from . import engine_adapter, selectors
from .errors import TournamentError
from .models import Event, Game, InitialColour, Result, RoundRequest, Title

WHITE_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.BLACK_WINS: ("0", "1"),
    Result.DRAW: ("=", "="),
    Result.ADJOURNED: ("=", "="),
    Result.WHITE_WINS_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
"""The 001 result codes of white and black for each result (adjourned is a draw, F9)."""

OPTION_FIELDS = (
    "acceleration",
    "lim_maxi",
    "esca_random",
    "esca_round1_area",
    "esca_round1_federation",
    "esca_avoid_half_bye_pairs",
    "esca_avoid_defaulted_rematch",
    "public",
)
"""The event's yes/no options, written ``name=0`` or ``name=1`` on the SWO line."""


def _stamp(value: Any) -> str:
    return value.isoformat() if value is not None else "-"


def _half(value: int) -> str:
    return f"{value // 2}.5" if value % 2 else str(value // 2)


def event_trf(event: Event) -> str:
    """The whole event as TRF text: players, every round paired, requests and options."""
    players = selectors.event_players(event=event)
    numbered = all(p.pairing_number is not None for p in players)
    rank = {p.pk: (p.pairing_number or index) if numbered else index
            for index, p in enumerate(players, 1)}  # fmt: skip
    rounds = list(event.round_set.order_by("number"))
    games = list(
        Game.objects.filter(round__event=event)
        .select_related("round")
        .order_by("round__number", "board")
    )
    requests = list(
        RoundRequest.objects.filter(player__event=event).order_by("round_number", "player_id")
    )
    half_byes = {(r.player_id, r.round_number) for r in requests if r.kind == "H"}
    blocks: dict[int, dict[int, TrfRound]] = defaultdict(dict)
    points: dict[int, int] = defaultdict(int)
    values = {
        "1": event.points_win, "0": event.points_loss, "=": event.points_draw,
        "+": event.points_forfeit_win, "-": event.points_forfeit_loss,
    }  # fmt: skip
    for game in games:
        number = game.round.number
        if game.black_id is None:
            blocks[game.white_id][number] = TrfRound(opponent=None, result="U")
            points[game.white_id] += event.points_pairing_bye
        elif game.result:
            white_code, black_code = WHITE_CODES[Result(game.result)]
            blocks[game.white_id][number] = TrfRound(
                opponent=rank[game.black_id], color="w", result=white_code
            )
            blocks[game.black_id][number] = TrfRound(
                opponent=rank[game.white_id], color="b", result=black_code
            )
            points[game.white_id] += values[white_code]
            points[game.black_id] += values[black_code]
        else:
            blocks[game.white_id][number] = blocks[game.black_id][number] = TrfRound(opponent=None)
    texts = _header_texts(event)
    trf_players: list[TrfPlayer] = []
    for player in players:
        mine = []
        for round_ in rounds:
            block = blocks[player.pk].get(round_.number)
            if block is None:
                half = (player.pk, round_.number) in half_byes
                block = TrfRound(opponent=None, result="H" if half else "Z")
                points[player.pk] += event.points_half_bye if half else 0
            mine.append(block)
        trf_players.append(
            TrfPlayer(
                start_rank=rank[player.pk],
                sex=player.sex,
                title=player.title,
                name=player.name[: NAME[1] - NAME[0] + 1].strip(),
                rating=player.rating,
                federation=player.federation,
                fide_id=str(player.fide_id or ""),
                birth_date=player.birth_date.strftime("%Y/%m/%d") if player.birth_date else "",
                points=Fraction(points[player.pk], 2),
                rounds=tuple(mine),
                line=len(texts) + len(trf_players) + 1,
            )
        )
    tail = _player_lines(players, rank)
    tail += _request_lines(requests, rank)
    tail += [
        f"XXP {rank[f.first_id]:>4} {rank[f.second_id]:>4}"
        for f in event.forbidden_pairs.order_by("first_id", "second_id")
    ]
    tail += xxa_lines(engine_adapter.imaginary_points(event, rank, players))
    tail += [
        f"SWR {r.number:>3} {r.state} {r.lots_seed} {_stamp(r.paired_at)} "
        f"{_stamp(r.published_at)} {_stamp(r.completed_at)}"
        for r in rounds
    ]
    for g in games:
        black = rank[g.black_id] if g.black_id is not None else 0
        result = g.result if g.black_id is not None else ""
        white = rank[g.white_id]
        tail.append(f"SWG {g.round.number:>3} {g.board:>4} {white:>4} {black:>4} {result}".rstrip())
    first_tail = len(texts) + len(trf_players) + 1
    records = [TrfRecord(text=t, line=i) for i, t in enumerate(texts, 1)]
    records += [TrfRecord(text=t, line=first_tail + i) for i, t in enumerate(tail)]
    return write_trf(TrfDocument(players=tuple(trf_players), records=tuple(records)))


def _header_texts(event: Event) -> list[str]:
    texts = [f"012 {event.name}", f"022 {event.venue}".rstrip()]
    if event.start_date:
        texts.append(f"042 {event.start_date:%Y/%m/%d}")
    if event.end_date:
        texts.append(f"052 {event.end_date:%Y/%m/%d}")
    texts.append(f"092 Individual: Swiss-System ({event.get_system_display()})")
    texts.append(f"XXR {event.rounds}")
    if event.initial_colour != InitialColour.LOT:
        texts.append(f"XXC {event.initial_colour}1")
    win, draw, loss = event.points_win, event.points_draw, event.points_loss
    pairs = [("WW", win), ("BW", win), ("WD", draw), ("BD", draw), ("WL", loss), ("BL", loss),
             ("FW", event.points_forfeit_win), ("FL", event.points_forfeit_loss),
             ("PAB", event.points_pairing_bye), ("FPB", win), ("HPB", event.points_half_bye),
             ("ZPB", 0)]  # fmt: skip
    texts.append("XXS " + " ".join(f"{code}={_half(value)}" for code, value in pairs))
    texts.append(f"SWY {event.system}")
    texts.append(f"SWK {event.tiebreaks or '-'}")
    options = [f"{name}={int(getattr(event, name))}" for name in OPTION_FIELDS]
    options += [f"lots_seed={event.lots_seed}", f"started={_stamp(event.started_at)}"]
    texts.append("SWO " + " ".join(options))
    return texts


def _player_lines(players: list[Any], rank: dict[int, int]) -> list[str]:
    lines = []
    width = NAME[1] - NAME[0] + 1
    for tag, field in (("SWN", "name"), ("SWC", "club"), ("SWA", "area")):
        for player in players:
            value = getattr(player, field)
            if value and (tag != "SWN" or len(value) > width):
                lines.append(f"{tag} {rank[player.pk]:>4} {value}")
    lines += [
        f"SWW {rank[p.pk]:>4} {p.withdrawn_after_round}"
        for p in players
        if p.withdrawn_after_round is not None
    ]
    top = sorted(rank[p.pk] for p in players if p.top_player)
    if top:
        lines.append("SWT " + " ".join(f"{n:>4}" for n in top))
    return lines


def _request_lines(requests: list[RoundRequest], rank: dict[int, int]) -> list[str]:
    """TRF-2026 240: ``240 H 003  026  047``, one line per kind and round."""
    groups: dict[tuple[str, int], list[int]] = defaultdict(list)
    for request in requests:
        groups[(request.kind, request.round_number)].append(rank[request.player_id])
    return [
        f"240 {kind} {number:03d} " + " ".join(f"{n:>4}" for n in sorted(ranks))
        for (kind, number), ranks in sorted(
            groups.items(), key=lambda item: (item[0][1], item[0][0])
        )
    ]


def players_from_trf(text: str) -> list[dict[str, Any]]:
    """Player rows (for ``services.players_add``) read from a TRF file.

    :raises TournamentError: the file is malformed; the message names line and column.
    """
    import datetime as dt

    try:
        doc = read_trf(text)
    except TrfError as exc:
        raise TournamentError(f"TRF line {exc.line}, column {exc.column}: {exc.message}") from exc
    clubs = {}
    for _, rest in doc.tagged("SWC"):
        if rest[:4].strip().isdigit():
            clubs[int(rest[:4])] = rest[5:].strip()
    top = {int(t) for _, rest in doc.tagged("SWT") for t in rest.split() if t.isdigit()}
    titles = {t.upper(): t for t in Title.values if t}
    rows = []
    for player in sorted(doc.players, key=lambda p: p.start_rank):
        birth = None
        for fmt in ("%Y/%m/%d", "%Y.%m.%d", "%Y-%m-%d"):
            try:
                birth = dt.datetime.strptime(player.birth_date, fmt).date()
                break
            except ValueError:
                continue
        rows.append(
            {
                "name": player.name or f"Player {player.start_rank}",
                "rating": player.rating,
                "title": titles.get(player.title.upper(), ""),
                "federation": player.federation[:3].upper(),
                "fide_id": int(player.fide_id) if player.fide_id.isdigit() else None,
                "birth_date": birth,
                "sex": {"m": "m", "w": "w", "f": "w"}.get(player.sex.lower(), ""),
                "club": clubs.get(player.start_rank, ""),
                "top_player": player.start_rank in top,
            }
        )
    if not rows:
        raise TournamentError("TRF line 1, column 1: the file has no player lines (001).")
    return rows
