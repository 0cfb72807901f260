"""Converting between a TRF document and the engine's :class:`TournamentState`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from fractions import Fraction

from pairing.engine.acceleration import accelerated_points, round_1_participants
from pairing.engine.history import score
from pairing.engine.messages import words
from pairing.engine.model import (
    AcceleratedPoints,
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Player,
    Points,
    PointSystem,
    RequestKind,
    RoundRequest,
    Title,
    TournamentState,
)
from pairing.engine.options import Flag, FlagValue
from pairing.engine.registry import REGISTRY, acceleration_of, option_specs

from .checking import check_trf
from .columns import NAME, T250_GAME_POINTS, TITLES
from .document import (
    TrfDocument,
    TrfPlayer,
    TrfRecord,
    TrfRound,
    last_paired_round,
    parse_start_date,
)
from .extensions import (
    OptionValue,
    area_line,
    club_line,
    options_line,
    parse_options,
    parse_player_text,
    parse_withdrawal,
    system_line,
    top_players_line,
    withdrawal_line,
)
from .fields import format_points, half_points, number_list, record_error
from .records import (
    Header,
    accelerated_rounds_lines,
    bb_point_lines,
    four_digit_date,
    header_line,
    initial_colour_line,
    parse_acceleration_2026,
    parse_bye_2026,
    parse_initial_colour,
    parse_prohibited_2026,
    parse_xxa,
    point_system,
    point_system_line,
    prohibited_line,
    rounds_line,
    team_event,
    total_rounds,
    xxa_lines,
)
from .typecodes import tournament_type, tournament_type_line
from .writer import trf_document


def _outcome(block: TrfRound) -> Outcome:
    """The engine's outcome for a round block; byes written ``0000 - +``/``-`` are old style."""
    if block.opponent is None:
        match block.result:
            case "H":
                return Outcome.HALF_POINT_BYE
            case "F" | "+":
                return Outcome.FULL_POINT_BYE
            case "U":
                return Outcome.PAIRING_ALLOCATED_BYE
            case _:
                return Outcome.ZERO_POINT_BYE
    match block.result:
        case "+":
            return Outcome.FORFEIT_WIN
        case "-":
            return Outcome.FORFEIT_LOSS
        case _:
            return Outcome(block.result)


def _record(block: TrfRound, round_number: int) -> GameRecord:
    colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(block.color)
    paired = block.opponent is not None
    return GameRecord(
        round_number=round_number,
        opponent=PairingNumber(block.opponent) if block.opponent is not None else None,
        colour=colour if paired else None,
        outcome=_outcome(block),
    )


def _request(block: TrfRound) -> RequestKind | None:
    """A request written in the column of the round to pair (JaVaFo: ``0000 - Z/H/F``)."""
    if block.opponent is not None:
        return None
    return {"H": RequestKind.HALF_POINT_BYE, "F": RequestKind.FULL_POINT_BYE,
            "+": RequestKind.FULL_POINT_BYE, "Z": RequestKind.ABSENT,
            "-": RequestKind.ABSENT}.get(block.result)  # fmt: skip


def state_from_trf(doc: TrfDocument, *, round_to_pair: int | None = None) -> TournamentState:
    """The engine's snapshot of a TRF file, ready to pair ``round_to_pair``.

    By default the round to pair is the one after the last round paired (a game, a
    forfeit or a ``U``); a later column holding only ``H``, ``F`` and ``Z`` is read as
    requests for the round to pair (as are XXZ lines and TRF-2026 240 records for it).
    Rounds not written are ``Z``.  The planned number of rounds comes from XXR or 142,
    else from the round columns.  A player is withdrawn only when an ``SWW`` line says
    so; trailing blank rounds are not guessed to be a withdrawal.

    :raises TrfError: the document is inconsistent (see :func:`check_trf`) or a point
        value is not a multiple of 0.5.
    :raises ValueError: ``round_to_pair`` is less than 1.
    """
    check_trf(doc)
    if round_to_pair is None:
        round_to_pair = last_paired_round(doc) + 1
    if round_to_pair < 1:
        raise ValueError(f"round to pair must be 1 or more, not {round_to_pair}")
    completed = round_to_pair - 1
    records = {tag: [r for r in doc.records if r.tag == tag] for tag in _STATE_TAGS}
    clubs = dict(parse_player_text(r) for r in records["SWC"])
    areas = dict(parse_player_text(r) for r in records["SWA"])
    top = {rank for r in records["SWT"] for rank, _ in number_list(r)}
    withdrawn = {
        rank for rank, after in map(parse_withdrawal, records["SWW"]) if after <= completed
    }
    players = tuple(
        Player(
            pairing_number=p.pairing_number,
            name=p.name,
            rating=p.rating,
            title=TITLES.get(p.title.upper(), Title.NONE),
            club=clubs.get(p.start_rank, ""),
            top_player=p.start_rank in top,
            federation=p.federation,
            area=areas.get(p.start_rank, ""),
            withdrawn=p.start_rank in withdrawn,
            history=tuple(_record(p.round(n), n) for n in range(1, completed + 1)),
        )
        for p in doc.players
    )
    requested: dict[int, RequestKind] = {}
    for player in doc.players:
        kind = _request(player.round(round_to_pair))
        if kind is not None:
            requested[player.start_rank] = kind
    for record in records["XXZ"]:
        requested.update((rank, RequestKind.ABSENT) for rank, _ in number_list(record))
    for record in records["240"]:
        kind, round_number, ranks = parse_bye_2026(record)
        if round_number == round_to_pair:
            requested.update((rank, kind) for rank, _ in ranks)
    initial_colour = None
    for record in records["XXC"] + records["152"]:
        initial_colour = parse_initial_colour(record) or initial_colour
    columns = max((len(p.rounds) for p in doc.players), default=0)
    return TournamentState(
        players=players,
        rounds_completed=completed,
        total_rounds=total_rounds(doc) or max(columns, round_to_pair),
        points=point_system(doc),
        requests=tuple(
            RoundRequest(pairing_number=PairingNumber(rank), kind=requested[rank])
            for rank in sorted(requested)
            if rank not in withdrawn
        ),
        forbidden_pairs=_forbidden_pairs(records["XXP"], records["260"], round_to_pair),
        initial_colour=initial_colour,
        acceleration=_acceleration(records["XXA"], records["250"], team=team_event(doc)),
        options=_with_tournament_type(_pairing_options(records["SWO"]), doc, records["SWO"]),
    )


def _with_tournament_type(
    options: PairingOptions, doc: TrfDocument, swo: Sequence[TrfRecord]
) -> PairingOptions:
    """Baku acceleration asked for by a TRF-2026 tournament type (``FIDE_DUTCH_2026_BAKU``),
    unless an SWO line sets the acceleration option itself, or 250 records give the
    accelerated rounds: TRF-2026 has them cause the 192 method to be disregarded."""
    typed = tournament_type(doc)
    if typed is None or not typed[1] or any(r.tag == "250" for r in doc.records):
        return options
    if any(name == "acceleration" for r in swo for name, _, _ in parse_options(r)):
        return options
    return PairingOptions(acceleration=True, **options.named())


def _pairing_options(records: Sequence[TrfRecord]) -> PairingOptions:
    """The engines' options from SWO ``name=value`` words; defaults elsewhere.

    ``acceleration`` and the words of every system's options (``option_specs``: yes/no
    as ``1``/``0``, numbers as digits) are read; other SWO names (the web app's
    ``public``, say) are the app's own and ignored here.  A value an option refuses is
    refused with its column, like any malformed field.
    """
    if not records:
        # Every option at its default (test_every_option_without_flags_is_its_default),
        # known without reading the systems' declarations.
        return PairingOptions(acceleration=None)
    specs = option_specs()
    flags = {flag.word: flag for spec in specs for flag in spec.flags()}
    # Every system's option, not one system's: read by the same rule as their flags.
    acceleration = Flag(word="acceleration", label="", help="", kind="bool", default=False)
    given: dict[str, FlagValue] = {}
    accelerated: bool | None = None
    for record in records:
        for name, value, column in parse_options(record):
            flag = acceleration if name == "acceleration" else flags.get(name)
            if flag is None:
                continue
            try:
                parsed = flag.parse(value)
            except ValueError as exc:
                (problem,) = exc.args  # Flag.parse words why (trf.option_value)
                raise record_error(record, problem, column) from None
            if flag is acceleration:
                accelerated = bool(parsed)
            else:
                given[name] = parsed
    values = {}
    for spec in specs:
        value = spec.from_flags(given)
        if value != spec.default:
            values[spec.name] = value
    return PairingOptions(acceleration=accelerated, **values)


def _options_line(options: PairingOptions) -> list[str]:
    """An SWO line for the options that differ from the defaults (none if all default):
    ``acceleration`` when set, then the yes/no and number options, then the members of
    choice sets, each in registry order."""
    words: list[tuple[str, OptionValue]] = []
    if options.acceleration is not None:
        words.append(("acceleration", options.acceleration))
    specs = sorted(option_specs(), key=lambda spec: len(spec.flags()) > 1)
    for spec in specs:
        default = spec.to_flags(spec.default)
        words += [
            (word, value)
            for word, value in spec.to_flags(options.value(spec)).items()
            if value != default[word]
        ]
    return [options_line(words)] if words else []


_STATE_TAGS = (
    "SWC",
    "SWA",
    "SWO",
    "SWT",
    "SWW",
    "XXZ",
    "240",
    "XXC",
    "152",
    "XXP",
    "260",
    "XXA",
    "250",
)


def _forbidden_pairs(
    xxp: Sequence[TrfRecord], t260: Sequence[TrfRecord], round_to_pair: int
) -> frozenset[frozenset[PairingNumber]]:
    """XXP lists (always) and 260 lists (in force for ``round_to_pair``) as pairs."""
    groups = [[rank for rank, _ in number_list(r)] for r in xxp]
    for record in t260:
        first, last, ranks = parse_prohibited_2026(record)
        if first <= round_to_pair <= last:
            groups.append([rank for rank, _ in ranks])
    return frozenset(
        frozenset({PairingNumber(a), PairingNumber(b)})
        for group in groups
        for i, a in enumerate(group)
        for b in group[i + 1 :]
        if a != b
    )


def _acceleration(
    xxa: Sequence[TrfRecord], t250: Sequence[TrfRecord], *, team: bool
) -> tuple[AcceleratedPoints, ...]:
    """XXA lines, then TRF-2026 250 ranges, as fictitious points per player and round
    (a team event's 250 records number teams: not read).  A player's round that both
    give (our files write both) counts once, and only if they agree.

    :raises TrfError: a 250 record gives a player's round other points than XXA does.
    """
    result = []
    by_xxa: dict[tuple[int, int], Points] = {}
    for record in xxa:
        rank, rounds = parse_xxa(record)
        for round_number, value, column in rounds:
            points = half_points(value, record, column, "XXA points")
            by_xxa[(rank, round_number)] = points
            if points:
                result.append(
                    AcceleratedPoints(
                        pairing_number=PairingNumber(rank), round_number=round_number,
                        points=points,
                    )
                )  # fmt: skip
    for record in t250:
        parsed = parse_acceleration_2026(record, team=team)
        if parsed is None:
            continue  # a team event's
        value, first_round, last_round, first, last = parsed
        points = half_points(value, record, T250_GAME_POINTS[0], "250 game points")
        for rank in range(first, last + 1):
            for r in range(first_round, last_round + 1):
                given = by_xxa.get((rank, r))
                if given is None:
                    bonus = AcceleratedPoints(
                        pairing_number=PairingNumber(rank), round_number=r, points=points
                    )
                    result.append(bonus)
                elif given != points:
                    message = words("trf.acceleration_differs", player=rank, round=r,
                                    points=format_points(value),
                                    xxa=format_points(Fraction(given, 2)))  # fmt: skip
                    raise record_error(record, message, T250_GAME_POINTS[0])
    return tuple(result)


def trf_from_state(
    state: TournamentState,
    *,
    name: str = "",
    system: str | None = None,
    headers: Sequence[tuple[str, str]] = (),
    details: Mapping[int, Mapping[str, str]] | None = None,
) -> TrfDocument:
    """A TRF document for a tournament state, e.g. for the generator and exports.

    The players' names, clubs and withdrawals come from the state; ``headers`` adds
    records such as ``("022", "City")``; ``details`` gives per pairing number ``sex``,
    ``federation``, ``fide_id`` and ``birth_date`` (``YYYY/MM/DD``).  The requests for
    the round to pair are written in its column (``0000 - H``), as is ``0000 - Z`` for a
    withdrawn player (other programs do not read SWW); the point system as XXS
    when it is not the standard one; imaginary points (SB 3) as XXA lines, the state's own
    or, when the event's acceleration option is on, those of rounds 1 and 2.
    Names longer than the 33 columns are cut short.
    """
    details = details or {}
    head = [header_line(Header.TOURNAMENT, name), *(header_line(t, text) for t, text in headers)]
    head += pairing_records(
        state.total_rounds,
        state.initial_colour,
        state.points,
        system,
        baku=bool(state.options.acceleration),
        start=next((parse_start_date(text) for tag, text in headers if tag == "042"), None),
    )
    requests = {r.pairing_number: r.kind for r in state.requests}
    players = []
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        extra = details.get(player.pairing_number, {})
        blocks = [_block(record) for record in player.history]
        if player.pairing_number in requests:
            blocks.append(TrfRound(opponent=None, result=requests[player.pairing_number].value))
        elif player.withdrawn and state.rounds_completed < state.total_rounds:
            # SWW is ours alone: other programs see the withdrawal as not paired (Z).
            blocks.append(TrfRound(opponent=None, result="Z"))
        players.append(
            _trf_player(
                player,
                blocks,
                points=score(player, state.points),
                sex=extra.get("sex", ""),
                federation=extra.get("federation", player.federation),
                fide_id=extra.get("fide_id", ""),
                birth_date=extra.get("birth_date", ""),
            )
        )
    tail = [club_line(p.pairing_number, p.club) for p in state.players if p.club]
    tail += [area_line(p.pairing_number, p.area) for p in state.players if p.area]
    tail += _options_line(state.options)
    tail += [
        withdrawal_line(p.pairing_number, len(p.history)) for p in state.players if p.withdrawn
    ]
    top = sorted(p.pairing_number for p in state.players if p.top_player)
    if top:
        tail.append(top_players_line(top))
    tail += [prohibited_line(pair) for pair in sorted(map(sorted, state.forbidden_pairs))]
    written = _acceleration_written(state, system)
    tail += xxa_lines(written) + accelerated_rounds_lines(written)
    return trf_document(head, players, tail)


def pairing_records(
    rounds: int,
    initial_colour: Colour | None,
    points: PointSystem,
    system: str | None,
    *,
    baku: bool,
    start: date | None,
    every_point: bool = False,
) -> list[str]:
    """The records a pairing program reads of the event, in the one order every writer
    uses (the command line's and the web app's backup): XXR the rounds, XXC the initial
    colour, XXS the point system, the system (SWY), the coded type of tournament (192)
    and, with it, the endorsed program's own point records (it reads no XXS).

    The point records are written when the points are not 1-1/2-0, or always with
    ``every_point`` (the backup, which also writes XXS by colour)."""
    head = [rounds_line(rounds)]
    if initial_colour is not None:
        head.append(initial_colour_line(initial_colour))
    with_points = every_point or points != PointSystem()
    if with_points:
        head.append(point_system_line(points, by_colour=every_point))
    if system:
        head.append(system_line(system))
        typed = tournament_type_line(system, baku=baku, start=start)
        if typed is not None:
            head.append(typed)
            if with_points:
                head += bb_point_lines(points)
    return head


def _acceleration_written(
    state: TournamentState, system: str | None
) -> tuple[AcceleratedPoints, ...]:
    """The imaginary points to write as XXA: the state's own, else those the event's
    acceleration option gives under ``system`` (Baku's for the 2025 Dutch system, the SB
    text's rounds 1 and 2 otherwise)."""
    if state.acceleration:
        return state.acceleration
    if not state.options.acceleration:
        return ()
    if system and system in {s.value for s in REGISTRY}:
        return acceleration_of(state, system)
    return accelerated_points(round_1_participants(state), state.points)


def player_record(
    player: Player,
    rounds: Sequence[GameRecord | None],
    points: PointSystem,
    *,
    sex: str = "",
    fide_id: int | None = None,
    birth_date: date | None = None,
    rank: int | None = None,
) -> TrfPlayer:
    """A 001 record for an engine player and its rounds, e.g. for the web app's export.

    ``rounds`` holds one record per round, ``None`` for a board not played yet (a blank
    block: TRF16 has no code for "paired, not played"); the points are those of the
    records, in ``points``.  The name is cut to the 33 columns of the 001 line.
    ``rank`` is the place in the standings (columns 86-89; ties may share one).
    """
    return _trf_player(
        player,
        [TrfRound(opponent=None) if r is None else _block(r) for r in rounds],
        points=Points(sum(points.points_for(r.outcome) for r in rounds if r is not None)),
        sex=sex,
        federation=player.federation,
        fide_id=str(fide_id) if fide_id else "",
        birth_date=four_digit_date(birth_date) if birth_date else "",
        rank=rank,
    )


def _trf_player(
    player: Player,
    blocks: Sequence[TrfRound],
    *,
    points: Points,
    sex: str,
    federation: str,
    fide_id: str,
    birth_date: str,
    rank: int | None = None,
) -> TrfPlayer:
    return TrfPlayer(
        start_rank=player.pairing_number,
        sex=sex,
        title=TITLE_CODES.get(player.title, ""),
        name=player.name[: NAME[1] - NAME[0] + 1].strip(),
        rating=player.rating,
        federation=federation,
        fide_id=fide_id,
        birth_date=birth_date,
        points=Fraction(points, 2),
        rank=rank,
        rounds=tuple(blocks),
    )


TITLE_CODES = {title: code for code, title in reversed(TITLES.items())}
"""Title to TRF code; reversed so that the current codes (listed first) win."""


def _block(record: GameRecord) -> TrfRound:
    # ADJOURNED is not a TRF code; it is a draw for pairing purposes (1992 Dutch rules, F9).
    result = "=" if record.outcome is Outcome.ADJOURNED else record.outcome.value
    if record.opponent is None:
        return TrfRound(opponent=None, result=result)
    color = record.colour.value if record.colour is not None else "-"
    return TrfRound(opponent=record.opponent, color=color, result=result)
