"""A whole event read from a TRF file: checked completely before anything is written.

:func:`event_plan` turns TRF text into an :class:`EventPlan`, plain values that
``services.event_import_trf`` writes in one transaction.  Every problem is a
``TournamentError`` naming the line and column (TRF spec numbering), so an arbiter can
find it in a text editor.

Readings:

- With ``SWR``/``SWG`` lines (our export), rounds, boards, results not yet entered,
  states, seeds and times come from them; each finished game in a 001 line must have
  its ``SWG`` line, and each ``SWG`` result must agree with the 001 lines.
- Without them (a file from another program), every round column with a game or a
  pairing-allocated bye is a completed round; its boards are ordered by the lower
  pairing number of the two players, the bye last; ``H`` is a half-point bye request,
  ``Z``/``-``/blank an absence.  A full-point bye (``F``, ``0000 - +``) has no place in
  our model and is refused.  Later columns holding only byes, XXZ lines and 240 lines
  are requests for coming rounds.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from pairing.engine import SYSTEMS
from pairing.engine.errors import TrfError
from pairing.engine.model import Colour, RequestKind
from pairing.engine.tiebreaks import parse_tiebreaks
from pairing.engine.trf import (
    ROUND_OPPONENT,
    ROUND_RESULT,
    TITLES,
    TrfDocument,
    TrfPlayer,
    byes_2026,
    event_options,
    game_lines,
    initial_colour,
    player_texts,
    point_system,
    prohibited_groups,
    read_trf,
    round_column,
    round_infos,
    tiebreak_order,
    top_players,
    total_rounds,
    withdrawals,
)

from .errors import TournamentError
from .exports import OPTION_FIELDS
from .models import Event, InitialColour, PairingSystem, Result, RoundState, Title


@dataclass(slots=True, kw_only=True)
class GamePlan:
    """One board to create; ``black`` is ``None`` for the pairing-allocated bye."""

    board: int
    white: int
    black: int | None
    result: str


@dataclass(slots=True, kw_only=True)
class RoundPlan:
    """One round to create, with its boards."""

    number: int
    state: str
    seed: int
    paired_at: dt.datetime
    published_at: dt.datetime | None
    completed_at: dt.datetime | None
    games: list[GamePlan] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class EventPlan:
    """Everything an imported event consists of, keyed by starting rank."""

    event: dict[str, Any]
    players: dict[int, dict[str, Any]]
    """Player fields by starting rank (the pairing number once started)."""
    player_lines: dict[int, int]
    rounds: list[RoundPlan]
    requests: dict[tuple[int, int], str]
    """(starting rank, round) -> ``H`` or ``Z``."""
    forbidden: set[tuple[int, int]]


def _error(line: int, column: int, message: str) -> TournamentError:
    return TournamentError(f"TRF line {line}, column {column}: {message}")


def _date(text: str) -> dt.date | None:
    """A TRF date; TRF16 leaves the format free, so one we cannot read is left out."""
    for fmt in ("%Y/%m/%d", "%Y.%m.%d", "%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def _header(doc: TrfDocument, tag: str) -> str:
    found = doc.tagged(tag)
    return found[0][1].strip() if found else ""


def _event_fields(doc: TrfDocument) -> dict[str, Any]:
    points = point_system(doc)
    system_line = next((r for r in doc.records if r.tag == "SWY"), None)
    system = system_line.rest.strip() if system_line else PairingSystem.DUTCH_1992.value
    implemented = {s.value for s in SYSTEMS}
    if system not in PairingSystem.values or system not in implemented:
        assert system_line is not None
        raise _error(system_line.line, 5, f"pairing system {system!r} is not available here")
    colour = initial_colour(doc)
    initial: dict[Colour | None, InitialColour] = {
        Colour.WHITE: InitialColour.WHITE,
        Colour.BLACK: InitialColour.BLACK,
    }
    fields: dict[str, Any] = {
        "name": (_header(doc, "012") or "Imported event")[:200],
        "venue": _header(doc, "022")[:200],
        "start_date": _date(_header(doc, "042")),
        "end_date": _date(_header(doc, "052")),
        "system": system,
        "points_win": points.win,
        "points_draw": points.draw,
        "points_loss": points.loss,
        "points_forfeit_win": points.forfeit_win,
        "points_forfeit_loss": points.forfeit_loss,
        "points_pairing_bye": points.pairing_allocated_bye,
        "points_half_bye": points.half_point_bye,
        "initial_colour": initial.get(colour, InitialColour.LOT).value,
        "lots_seed": 0,
        "started_at": None,
    }
    if fields["start_date"] and fields["end_date"] and fields["end_date"] < fields["start_date"]:
        fields["end_date"] = None
    order = tiebreak_order(doc)
    if order is not None:
        text = order.rest.strip()
        try:
            codes = parse_tiebreaks("" if text == "-" else text)
        except ValueError as exc:
            raise _error(order.line, 5, str(exc)) from exc
        fields["tiebreaks"] = ",".join(code.value for code in codes)
    for option in event_options(doc):
        where = (option.line, option.column)
        if option.name in OPTION_FIELDS:
            if option.value not in ("0", "1"):
                raise _error(*where, f"{option.name} must be 0 or 1, not {option.value!r}")
            fields[option.name] = option.value == "1"
        elif option.name == "lots_seed":
            if not re.fullmatch(r"-?[0-9]{1,19}", option.value):
                raise _error(*where, f"lots_seed {option.value!r} is not a whole number")
            fields["lots_seed"] = int(option.value)
        elif option.name == "started":
            if option.value != "-":
                try:
                    fields["started_at"] = dt.datetime.fromisoformat(option.value)
                except ValueError:
                    raise _error(*where, f"started {option.value!r} is not a time") from None
        else:
            raise _error(*where, f"unknown event option {option.name!r}")
    return fields


def _players(doc: TrfDocument) -> dict[int, dict[str, Any]]:
    names = player_texts(doc, "SWN")
    clubs = player_texts(doc, "SWC")
    areas = player_texts(doc, "SWA")
    withdrawn = withdrawals(doc)
    top = top_players(doc)
    titles = {code: Title[title.name].value for code, title in TITLES.items()}
    rows = {}
    for player in doc.players:
        rank = player.start_rank
        title = player.title.upper()
        if title and title not in titles:
            raise _error(player.line, 11, f"title {player.title!r} is not a FIDE title")
        federation = player.federation[:3].upper()  # as written: some files hold clubs here
        rows[rank] = {
            "name": (names.get(rank) or player.name or f"Player {rank}")[:100],
            "rating": player.rating,
            "title": titles.get(title, ""),
            "federation": federation,
            "fide_id": int(player.fide_id) if player.fide_id.isdigit() else None,
            "birth_date": _date(player.birth_date),
            "sex": {"m": "m", "w": "w", "f": "w"}.get(player.sex.lower(), ""),
            "club": clubs.get(rank, "")[:100],
            "area": areas.get(rank, "")[:100],
            "top_player": rank in top,
            "withdrawn_after_round": withdrawn.get(rank),
        }
    return rows


def _white_result(player: TrfPlayer, number: int, mirror_result: str) -> str:
    """The game's result from the 001 blocks (white's code first)."""
    code = player.round(number).result
    by_code = {"1": Result.WHITE_WINS, "W": Result.WHITE_WINS, "0": Result.BLACK_WINS,
               "L": Result.BLACK_WINS, "=": Result.DRAW, "D": Result.DRAW,
               "+": Result.WHITE_WINS_FORFEIT}  # fmt: skip
    if code == "-":
        return Result.DOUBLE_FORFEIT if mirror_result == "-" else Result.BLACK_WINS_FORFEIT
    return by_code[code]


def _games_from_blocks(doc: TrfDocument) -> dict[int, list[GamePlan]]:
    """The finished games and byes written in the 001 lines, per round."""
    rounds: dict[int, list[GamePlan]] = defaultdict(list)
    byes: dict[int, int] = {}
    for player in doc.players:
        for number, block in enumerate(player.rounds, start=1):
            if block.result == "U" and block.opponent is None:
                byes[number] = player.start_rank
                continue
            if block.opponent is None:
                if block.result in ("F", "+"):
                    column = round_column(number, ROUND_RESULT)
                    raise _error(player.line, column, "a full-point bye cannot be imported")
                continue
            other = doc.player(block.opponent)
            assert other is not None
            mirror = other.round(number)
            white_first = block.color == "w" or (
                block.color == "-" and player.start_rank < block.opponent
            )
            if not white_first:
                continue
            rounds[number].append(
                GamePlan(
                    board=0,
                    white=player.start_rank,
                    black=block.opponent,
                    result=_white_result(player, number, mirror.result),
                )
            )
    for games in rounds.values():
        games.sort(key=lambda g: min(g.white, g.black or 0))
    for number, rank in byes.items():
        rounds[number].append(GamePlan(board=0, white=rank, black=None, result=Result.PAIRING_BYE))
    for games in rounds.values():
        for board, game in enumerate(games, start=1):
            game.board = board
    return rounds


def _rounds_from_blocks(doc: TrfDocument, now: dt.datetime) -> list[RoundPlan]:
    games = _games_from_blocks(doc)
    return [
        RoundPlan(
            number=number,
            state=RoundState.COMPLETED,
            seed=0,
            paired_at=now,
            published_at=now,
            completed_at=now,
            games=games.get(number, []),
        )
        for number in range(1, max(games, default=0) + 1)
    ]


def _rounds_from_lines(doc: TrfDocument) -> list[RoundPlan]:
    """Rounds and boards from SWR and SWG lines, checked against the 001 lines."""
    rounds: dict[int, RoundPlan] = {}
    for info in round_infos(doc):
        if info.round_number in rounds:
            raise _error(info.line, 5, f"round {info.round_number} has a second SWR line")
        assert info.paired_at is not None
        rounds[info.round_number] = RoundPlan(
            number=info.round_number,
            state=info.state,
            seed=info.seed,
            paired_at=info.paired_at,
            published_at=info.published_at,
            completed_at=info.completed_at,
        )
    seats: dict[tuple[int, int], int] = {}
    boards: dict[tuple[int, int], int] = {}
    for game in game_lines(doc):
        plan = rounds.get(game.round_number)
        if plan is None:
            raise _error(game.line, 5, f"round {game.round_number} has no SWR line")
        if (game.round_number, game.board) in boards:
            first = boards[(game.round_number, game.board)]
            raise _error(game.line, 9, f"board {game.board} is given twice (first on line {first})")
        boards[(game.round_number, game.board)] = game.line
        for rank, column in ((game.white, 14), (game.black, 19)):
            if rank is None:
                continue
            if (game.round_number, rank) in seats:
                first = seats[(game.round_number, rank)]
                raise _error(game.line, column, f"player {rank} has a board in round "
                             f"{game.round_number} already (line {first})")  # fmt: skip
            seats[(game.round_number, rank)] = game.line
        result = game.result if game.black is not None else Result.PAIRING_BYE
        plan.games.append(GamePlan(board=game.board, white=game.white, black=game.black,
                                   result=result))  # fmt: skip
    for player in doc.players:
        for number, block in enumerate(player.rounds, start=1):
            if block.opponent is None and block.result != "U":
                continue
            if (number, player.start_rank) not in seats:
                column = round_column(number, ROUND_OPPONENT[0])
                raise _error(player.line, column, f"round {number} of player "
                             f"{player.start_rank} has no SWG board")  # fmt: skip
    numbers = sorted(rounds)
    for expected, number in enumerate(numbers, start=1):
        plan = rounds[number]
        info_line = next(i.line for i in round_infos(doc) if i.round_number == number)
        if number != expected:
            raise _error(info_line, 5, f"round {expected} is missing before round {number}")
        unfinished = any(not g.result for g in plan.games)
        if plan.state == RoundState.COMPLETED and unfinished:
            raise _error(info_line, 9, f"round {number} is completed but a board has no result")
        if plan.state != RoundState.COMPLETED and number != numbers[-1]:
            raise _error(info_line, 9, f"round {number} is {plan.state} but a later round exists")
        if plan.state == RoundState.PAIRED and any(
            g.result not in ("", Result.PAIRING_BYE) for g in plan.games
        ):
            raise _error(info_line, 9, f"round {number} is a draft but has results")
    return [rounds[n] for n in numbers]


def _requests(doc: TrfDocument, rounds: list[RoundPlan]) -> dict[tuple[int, int], str]:
    played = len(rounds)
    seated = {(r.number, rank) for r in rounds for g in r.games for rank in (g.white, g.black)}
    requests: dict[tuple[int, int], str] = {}
    for player in doc.players:
        for number, block in enumerate(player.rounds, start=1):
            if block.opponent is None and block.result == "H":
                requests[(player.start_rank, number)] = "H"
            elif block.opponent is None and block.result == "Z" and number > played:
                requests[(player.start_rank, number)] = "Z"
    for record in doc.records:
        if record.tag == "XXZ":
            for rank in map(int, record.rest.split()):
                requests[(rank, played + 1)] = "Z"
    for record, kind, number, ranks in byes_2026(doc):
        if kind is RequestKind.FULL_POINT_BYE:
            raise _error(record.line, 5, "a full-point bye (F) cannot be imported")
        if number == 0:
            raise _error(record.line, 7, "round 0 is not a round")
        code = "H" if kind is RequestKind.HALF_POINT_BYE else "Z"
        for rank, column in ranks:
            if (number, rank) in seated:
                raise _error(record.line, column, f"player {rank} has a board in round {number}")
            requests[(rank, number)] = code
    return requests


def event_plan(text: str, *, now: dt.datetime | None = None) -> EventPlan:
    """Read a TRF file as a whole event (see the module docstring for the readings).

    :raises TournamentError: the file is malformed or inconsistent; the message names
        line and column.
    """
    now = now or timezone.now()
    try:
        doc = read_trf(text)
        if not doc.players:
            raise TournamentError("TRF line 1, column 1: the file has no player lines (001).")
        fields = _event_fields(doc)
        players = _players(doc)
        has_lines = any(r.tag in ("SWR", "SWG") for r in doc.records)
        rounds = _rounds_from_lines(doc) if has_lines else _rounds_from_blocks(doc, now)
        requests = _requests(doc, rounds)
        forbidden = {
            (min(a, b), max(a, b))
            for _, group in prohibited_groups(doc)
            for a in group
            for b in group
            if a != b
        }
        planned = total_rounds(doc) or max([len(rounds), 1, *(len(p.rounds) for p in doc.players)])
    except TrfError as exc:
        raise TournamentError(f"TRF line {exc.line}, column {exc.column}: {exc.message}") from exc
    if len(rounds) > planned:
        raise TournamentError(f"The file has {len(rounds)} rounds but plans only {planned}.")
    fields["rounds"] = planned
    if has_lines is False and rounds:
        fields["started_at"] = now
    return EventPlan(
        event=fields,
        players=players,
        player_lines={p.start_rank: p.line for p in doc.players},
        rounds=rounds,
        requests=requests,
        forbidden=forbidden,
    )


def unique_slug(name: str) -> str:
    """A slug for an imported event that no event has yet."""
    from django.utils.text import slugify

    base = (slugify(name) or "event")[:70]
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
