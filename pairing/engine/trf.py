"""FIDE Tournament Report File (TRF) reading and writing.

Editions: TRF-16 (FIDE Handbook C.04 Annex 2, approved 2015) and the TRF-2026 records
that concern individual events (142, 152, 162, 240, 260), plus the extension lines of
JaVaFo (``XXR XXC XXS XXA XXZ XXP``) and bbpPairings (``BBW BBD BBL BBZ BBF BBU``), and
our own extension lines, which other readers ignore:

- ``SWC NNNN name``: club or school of player NNNN (number in columns 5-8, name from 10);
- ``SWT NNNN NNNN ...``: the top players (ESCA rule 3);
- ``SWW NNNN R``: player NNNN withdrew after round R;
- ``SWY name``: the pairing system (``dutch1992``, ``lim``, ``esca``, ``sb``).

A document keeps its original lines, so records we do not interpret survive a read and
a write unchanged.  Columns are 1-based, as in the FIDE documents.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import TrfError
from .model import (
    AcceleratedPoints,
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    Points,
    PointSystem,
    RequestKind,
    RoundRequest,
    Title,
    TournamentState,
)

# Player record 001, TRF-16 columns (1-based, inclusive).
START_RANK = (5, 8)
SEX = (10, 10)
TITLE = (11, 13)
NAME = (15, 47)
RATING = (49, 52)
FEDERATION = (54, 56)
FIDE_ID = (58, 68)
BIRTH_DATE = (70, 79)
POINTS = (81, 84)
RANK = (86, 89)
FIRST_ROUND = 92
"""Column of round 1's opponent; each later round starts ten columns further on."""
ROUND_WIDTH = 10
RESULT_CODES = "10=+-WDLHFUZ"

TITLES = {
    "GM": Title.GM, "G": Title.GM, "WGM": Title.WGM, "WG": Title.WGM, "IM": Title.IM,
    "M": Title.IM, "WIM": Title.WIM, "WM": Title.WIM, "FM": Title.FM, "F": Title.FM,
    "WFM": Title.WFM, "WF": Title.WFM, "CM": Title.CM, "WCM": Title.WCM, "": Title.NONE,
}  # fmt: skip

PLAYED = {"1": Outcome.WIN, "0": Outcome.LOSS, "=": Outcome.DRAW, "W": Outcome.WIN_UNRATED,
          "D": Outcome.DRAW_UNRATED, "L": Outcome.LOSS_UNRATED}  # fmt: skip
BYES = {"H": Outcome.HALF_POINT_BYE, "F": Outcome.FULL_POINT_BYE,
        "U": Outcome.PAIRING_ALLOCATED_BYE, "Z": Outcome.ZERO_POINT_BYE}  # fmt: skip


def _field(line: str, span: tuple[int, int]) -> str:
    return line[span[0] - 1 : span[1]].strip()


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfRound:
    """One round block of a player line: opponent, colour and result code as written."""

    opponent: int | None
    color: str
    """``w``, ``b`` or ``-``."""
    result: str
    """The result code, upper case; blank is written ``Z``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfPlayer:
    """A player record (001)."""

    line: int
    start_rank: int
    sex: str
    title: str
    name: str
    rating: int
    federation: str
    fide_id: str
    birth_date: str
    points: str
    rank: str
    rounds: tuple[TrfRound, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfDocument:
    """A TRF file: its lines as read, and the records the engine uses."""

    lines: tuple[str, ...]
    players: tuple[TrfPlayer, ...]
    records: tuple[tuple[int, str, str], ...] = field(default=())
    """Every non-player line as (line number, tag, rest of the line)."""

    def tagged(self, tag: str) -> list[tuple[int, str]]:
        """The lines with ``tag`` (``"XXR"``, ``"012"``...) as (line number, text after it)."""
        return [(number, rest) for number, t, rest in self.records if t == tag]


def decode_trf(data: bytes) -> str:
    """Text of a TRF file: UTF-8 (with or without BOM), else Windows-1252."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _round_block(line: str, number: int, index: int) -> TrfRound | None:
    start = FIRST_ROUND + ROUND_WIDTH * (index - 1)
    block = line[start - 1 : start + 7]
    if not block.strip():
        return None if len(line) < start else TrfRound(opponent=None, color="-", result="Z")
    opponent_text = block[0:4].strip()
    color = block[5:6].strip().lower() or "-"
    result = block[7:8].strip().upper() or "Z"
    if opponent_text and not opponent_text.isdigit():
        raise TrfError(
            f"round {index} opponent {opponent_text!r} is not a starting rank",
            line=number,
            column=start,
            text=line,
        )
    if color not in {"w", "b", "-"}:
        raise TrfError(
            f"round {index} colour {color!r} is not w, b or -",
            line=number,
            column=start + 5,
            text=line,
        )
    if result not in RESULT_CODES:
        raise TrfError(
            f"round {index} result {result!r} is not one of {' '.join(RESULT_CODES)}",
            line=number,
            column=start + 7,
            text=line,
        )
    opponent = int(opponent_text) if opponent_text and int(opponent_text) else None
    if opponent is not None and result in BYES:
        raise TrfError(
            f"round {index} result {result!r} is a bye but an opponent ({opponent}) is given",
            line=number,
            column=start,
            text=line,
        )
    if opponent is None and result in PLAYED:
        raise TrfError(
            f"round {index} result {result!r} needs an opponent",
            line=number,
            column=start,
            text=line,
        )
    return TrfRound(opponent=opponent, color=color, result=result)


def _player(line: str, number: int) -> TrfPlayer:
    rank_text = _field(line, START_RANK)
    if not rank_text.isdigit() or int(rank_text) == 0:
        raise TrfError(
            f"starting rank {rank_text!r} is not a number from 1 to 9999",
            line=number,
            column=START_RANK[0],
            text=line,
        )
    rating_text = _field(line, RATING)
    if rating_text and not rating_text.isdigit():
        raise TrfError(
            f"rating {rating_text!r} is not a number", line=number, column=RATING[0], text=line
        )
    points_text = _field(line, POINTS)
    if points_text:
        try:
            Fraction(points_text)
        except ValueError:
            raise TrfError(
                f"points {points_text!r} are not a number",
                line=number,
                column=POINTS[0],
                text=line,
            ) from None
    rounds = []
    index = 1
    while FIRST_ROUND + ROUND_WIDTH * (index - 1) <= len(line):
        block = _round_block(line, number, index)
        if block is None:
            break
        rounds.append(block)
        index += 1
    return TrfPlayer(
        line=number,
        start_rank=int(rank_text),
        sex=_field(line, SEX),
        title=_field(line, TITLE),
        name=_field(line, NAME),
        rating=int(rating_text) if rating_text else 0,
        federation=_field(line, FEDERATION),
        fide_id=_field(line, FIDE_ID),
        birth_date=_field(line, BIRTH_DATE),
        points=points_text,
        rank=_field(line, RANK),
        rounds=tuple(rounds),
    )


def read_trf(text: str) -> TrfDocument:
    """Read a TRF file's text.

    :raises TrfError: the first problem found, with its line and column.
    """
    text = text.lstrip("\ufeff")
    lines = tuple(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    if lines and lines[-1] == "":
        lines = lines[:-1]
    players: list[TrfPlayer] = []
    records: list[tuple[int, str, str]] = []
    seen: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        tag = line[:3]
        if tag == "001":
            player = _player(line, number)
            if player.start_rank in seen:
                raise TrfError(
                    f"starting rank {player.start_rank} is used again "
                    f"(first on line {seen[player.start_rank]})",
                    line=number,
                    column=START_RANK[0],
                    text=line,
                )
            seen[player.start_rank] = number
            players.append(player)
        else:
            records.append((number, tag, line[4:] if len(line) > 4 else ""))
    return TrfDocument(lines=lines, players=tuple(players), records=tuple(records))


def write_trf(doc: TrfDocument) -> str:
    """The document as TRF text (CR LF line ends, as the FIDE rating server expects)."""
    return "\r\n".join(doc.lines) + "\r\n"


# --- Conversion to the engine's state ---------------------------------------------------


def _half_points(value: str, *, line: int, column: int, what: str) -> Points:
    try:
        amount = Fraction(value)
    except ValueError:
        raise TrfError(f"{what} {value!r} is not a number", line=line, column=column) from None
    if (amount * 2).denominator != 1:
        raise TrfError(f"{what} {value} is not a multiple of 0.5", line=line, column=column)
    return Points(int(amount * 2))


def point_system(doc: TrfDocument) -> PointSystem:
    """The point values from ``XXS`` (JaVaFo) or ``BB?`` (bbpPairings) lines."""
    values: dict[str, Points] = {}
    codes = {"WW": "win", "BW": "win", "WD": "draw", "BD": "draw", "WL": "loss", "BL": "loss",
             "ZPB": "zero_point_bye", "HPB": "half_point_bye", "FPB": "full_point_bye",
             "PAB": "pairing_allocated_bye", "FW": "forfeit_win", "FL": "forfeit_loss"}  # fmt: skip
    shortcuts = {"W": ("win", "forfeit_win", "full_point_bye"), "D": ("draw", "half_point_bye")}
    for number, rest in doc.tagged("XXS"):
        for item in rest.split():
            code, _, amount = item.partition("=")
            code = code.upper()
            if code not in codes and code not in shortcuts:
                raise TrfError(f"XXS code {code!r} is unknown", line=number, column=5)
            points = _half_points(amount, line=number, column=5, what=f"XXS {code}")
            for name in shortcuts.get(code, (codes.get(code, ""),)):
                values[name] = points
    trf2026 = {"W": ("win", "forfeit_win", "full_point_bye"), "D": ("draw", "half_point_bye"),
               "L": ("loss",), "A": ("zero_point_bye", "forfeit_loss"),
               "P": ("pairing_allocated_bye",)}  # fmt: skip
    for number, rest in doc.tagged("162"):
        line = "162 " + rest
        for code_column in range(6, len(line) + 1, 9):
            code = line[code_column - 1 : code_column].strip().upper()
            amount = line[code_column : code_column + 4].strip()
            if not code:
                continue
            if code == "X":
                continue
            if code not in trf2026:
                raise TrfError(f"162 code {code!r} is not W, D, L, A, P or X", line=number,
                               column=code_column)  # fmt: skip
            points = _half_points(amount, line=number, column=code_column + 1, what=f"162 {code}")
            for name in trf2026[code]:
                values[name] = points
    bbp = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_point_bye",
           "BBF": "forfeit_loss", "BBU": "pairing_allocated_bye"}  # fmt: skip
    for tag, name in bbp.items():
        for number, rest in doc.tagged(tag):
            values[name] = _half_points(rest.strip(), line=number, column=5, what=tag)
    if "win" in values:
        values.setdefault("forfeit_win", values["win"])
        values.setdefault("full_point_bye", values["win"])
        values.setdefault("pairing_allocated_bye", values["win"])
    return PointSystem(**values)


def total_rounds(doc: TrfDocument) -> int | None:
    """Planned rounds from ``XXR`` or the TRF-2026 ``142`` record."""
    for number, rest in doc.tagged("XXR") + doc.tagged("142"):
        if not rest.strip().isdigit():
            raise TrfError(f"number of rounds {rest.strip()!r} is not a number", line=number,
                           column=5)  # fmt: skip
        return int(rest.strip())
    return None


def _outcome(block: TrfRound) -> Outcome:
    if block.opponent is None:
        if block.result == "+":
            return Outcome.FULL_POINT_BYE
        if block.result == "-":
            return Outcome.ZERO_POINT_BYE
        return BYES.get(block.result, Outcome.ZERO_POINT_BYE)
    if block.result == "+":
        return Outcome.FORFEIT_WIN
    if block.result == "-":
        return Outcome.FORFEIT_LOSS
    return PLAYED[block.result]


def state_from_trf(doc: TrfDocument, *, round_to_pair: int | None = None) -> TournamentState:
    """The engine's snapshot of a TRF file, ready to pair ``round_to_pair``.

    By default the round to pair follows the last round with any game or pairing bye; a
    round column holding only byes and absences is read as the requests for that round.

    :raises TrfError: an opponent is missing or a game is recorded differently by the two.
    """
    by_rank = {p.start_rank: p for p in doc.players}
    played_rounds = 0
    for player in doc.players:
        for index, block in enumerate(player.rounds, start=1):
            if block.opponent is not None or block.result == "U":
                played_rounds = max(played_rounds, index)
    completed = played_rounds if round_to_pair is None else round_to_pair - 1
    clubs = {}
    for number, rest in doc.tagged("SWC"):
        rank = rest[:4].strip()
        if not rank.isdigit() or int(rank) not in by_rank:
            raise TrfError(f"SWC player {rank!r} is not in the file", line=number, column=5)
        clubs[int(rank)] = rest[5:].strip()
    top = {int(t) for _, rest in doc.tagged("SWT") for t in rest.split() if t.isdigit()}
    withdrawn_after = {}
    for number, rest in doc.tagged("SWW"):
        parts = rest.split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise TrfError("SWW needs a starting rank and a round", line=number, column=5)
        withdrawn_after[int(parts[0])] = int(parts[1])
    players = []
    for player in doc.players:
        history = []
        for index in range(1, completed + 1):
            block = (
                player.rounds[index - 1]
                if index <= len(player.rounds)
                else TrfRound(opponent=None, color="-", result="Z")
            )
            if block.opponent is not None and block.opponent not in by_rank:
                raise TrfError(
                    f"round {index} opponent {block.opponent} is not in the file",
                    line=player.line,
                    column=FIRST_ROUND + ROUND_WIDTH * (index - 1),
                )
            outcome = _outcome(block)
            colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(block.color)
            if outcome.played and block.opponent is not None:
                other = by_rank[block.opponent].rounds
                mirror = other[index - 1] if index <= len(other) else None
                if (
                    mirror is None
                    or mirror.opponent != player.start_rank
                    or (colour is not None and mirror.color == block.color)
                ):
                    raise TrfError(
                        f"round {index}: player {block.opponent} does not record the game "
                        f"against {player.start_rank} with the other colour",
                        line=player.line,
                        column=FIRST_ROUND + ROUND_WIDTH * (index - 1),
                    )
            history.append(
                GameRecord(
                    round_number=index,
                    opponent=PairingNumber(block.opponent) if block.opponent else None,
                    colour=colour if block.opponent else None,
                    outcome=outcome,
                )
            )
        players.append(
            Player(
                pairing_number=PairingNumber(player.start_rank),
                name=player.name,
                rating=player.rating,
                title=TITLES.get(player.title.upper(), Title.NONE),
                club=clubs.get(player.start_rank, ""),
                top_player=player.start_rank in top,
                withdrawn=player.start_rank in withdrawn_after
                and withdrawn_after[player.start_rank] <= completed,
                history=tuple(history),
            )
        )
    requests = []
    absent = {int(n) for _, rest in doc.tagged("XXZ") for n in rest.split() if n.isdigit()}
    byes_2026 = _byes_2026(doc, completed + 1)
    for player in doc.players:
        index = completed + 1
        upcoming = player.rounds[index - 1] if index <= len(player.rounds) else None
        kind = None
        if upcoming is not None and upcoming.opponent is None:
            kind = {"H": RequestKind.HALF_POINT_BYE, "F": RequestKind.FULL_POINT_BYE}.get(
                upcoming.result
            )
            if (
                upcoming.result == "Z"
                and upcoming.color == "-"
                and _explicit_absence(doc, player, index)
            ):
                kind = RequestKind.ABSENT
        if player.start_rank in absent:
            kind = RequestKind.ABSENT
        if player.start_rank in byes_2026:
            kind = byes_2026[player.start_rank]
        if kind is not None:
            requests.append(
                RoundRequest(pairing_number=PairingNumber(player.start_rank), kind=kind)
            )
    forbidden = frozenset(
        frozenset({PairingNumber(a), PairingNumber(b)})
        for _, rest in doc.tagged("XXP")
        for ids in [[int(t) for t in rest.split() if t.isdigit()]]
        for i, a in enumerate(ids)
        for b in ids[i + 1 :]
    )
    forbidden = forbidden | _prohibited_2026(doc, completed + 1)
    initial = None
    for _, rest in doc.tagged("XXC"):
        if "white1" in rest.lower():
            initial = Colour.WHITE
        elif "black1" in rest.lower():
            initial = Colour.BLACK
    for _, rest in doc.tagged("152"):
        initial = {"W": Colour.WHITE, "B": Colour.BLACK}.get(rest.strip()[:1].upper(), initial)
    acceleration = tuple(
        AcceleratedPoints(
            pairing_number=PairingNumber(int(rest[:4])),
            round_number=r,
            points=_half_points(value, line=number, column=10, what="XXA points"),
        )
        for number, rest in doc.tagged("XXA")
        if rest[:4].strip().isdigit()
        for r, value in enumerate(rest[5:].split(), start=1)
    ) + _acceleration_2026(doc)
    return TournamentState(
        players=tuple(players),
        rounds_completed=completed,
        total_rounds=total_rounds(doc) or max(completed + 1, 1),
        points=point_system(doc),
        requests=tuple(requests),
        forbidden_pairs=forbidden,
        initial_colour=initial,
        acceleration=acceleration,
    )


def _numbers(text: str, first_column: int, line: int) -> list[int]:
    """Starting ranks in 5-column fields from ``first_column`` (TRF-2026 240, 260)."""
    ranks = []
    for start in range(first_column, len(text) + 1, 5):
        field_text = text[start - 1 : start + 3].strip()
        if not field_text:
            continue
        if not field_text.isdigit():
            raise TrfError(f"{field_text!r} is not a starting rank", line=line, column=start)
        ranks.append(int(field_text))
    return ranks


def _byes_2026(doc: TrfDocument, round_number: int) -> dict[int, RequestKind]:
    """TRF-2026 240 records for ``round_number``: col 5 type, cols 7-9 round, ranks from 11."""
    kinds = {"H": RequestKind.HALF_POINT_BYE, "Z": RequestKind.ABSENT,
             "F": RequestKind.FULL_POINT_BYE}  # fmt: skip
    result = {}
    for number, rest in doc.tagged("240"):
        line = "240 " + rest
        kind = line[4:5].upper()
        if kind not in kinds:
            raise TrfError(f"240 bye type {kind!r} is not F, H or Z", line=number, column=5)
        round_text = line[6:9].strip()
        if not round_text.isdigit():
            raise TrfError(f"240 round {round_text!r} is not a number", line=number, column=7)
        if int(round_text) == round_number:
            for rank in _numbers(line, 11, number):
                result[rank] = kinds[kind]
    return result


def _prohibited_2026(doc: TrfDocument, round_number: int) -> frozenset[frozenset[PairingNumber]]:
    """TRF-2026 260 records in force for ``round_number``: rounds at 5-7 and 9-11."""
    pairs: set[frozenset[PairingNumber]] = set()
    for number, rest in doc.tagged("260"):
        line = "260 " + rest
        first, last = line[4:7].strip(), line[8:11].strip()
        if not (first.isdigit() and last.isdigit()):
            raise TrfError("260 needs a first and a last round", line=number, column=5)
        if int(first) <= round_number <= int(last):
            ranks = _numbers(line, 13, number)
            pairs.update(
                frozenset({PairingNumber(a), PairingNumber(b)})
                for i, a in enumerate(ranks)
                for b in ranks[i + 1 :]
            )
    return frozenset(pairs)


def _acceleration_2026(doc: TrfDocument) -> tuple[AcceleratedPoints, ...]:
    """TRF-2026 250 records: game points at 10-13, rounds 15-17 to 19-21, ranks 23-26 to 28-31."""
    result = []
    for number, rest in doc.tagged("250"):
        line = "250 " + rest
        fields = [line[9:13], line[14:17], line[18:21], line[22:26], line[27:31]]
        if not fields[0].strip():
            continue  # match points only: team acceleration, nothing for individuals
        if not all(f.strip() for f in fields[1:]):
            raise TrfError("250 needs points, rounds and players", line=number, column=10)
        points = _half_points(fields[0].strip(), line=number, column=10, what="250 points")
        first_round, last_round, first, last = (int(f) for f in fields[1:])
        for rank in range(first, last + 1):
            for r in range(first_round, last_round + 1):
                result.append(
                    AcceleratedPoints(
                        pairing_number=PairingNumber(rank), round_number=r, points=points
                    )  # fmt: skip
                )
    return tuple(result)


def _explicit_absence(doc: TrfDocument, player: TrfPlayer, index: int) -> bool:
    """True when the round column says ``0000 - Z`` in so many characters."""
    line = doc.lines[player.line - 1]
    start = FIRST_ROUND + ROUND_WIDTH * (index - 1)
    return line[start - 1 : start + 7].strip().upper().endswith("Z")


def system_from_trf(doc: TrfDocument) -> str | None:
    """The pairing system named by an ``SWY`` line, if any."""
    for _, rest in doc.tagged("SWY"):
        return rest.strip() or None
    return None


def trf_from_state(
    state: TournamentState,
    *,
    name: str = "",
    system: str | None = None,
    headers: Sequence[tuple[str, str]] = (),
    details: Mapping[int, Mapping[str, str]] | None = None,
) -> TrfDocument:
    """A TRF document for a tournament state (used by the generator and exports).

    ``headers`` adds records such as ``("022", "City")``; ``details`` gives per player
    ``sex``, ``federation``, ``fide_id`` and ``birth_date`` (``YYYY/MM/DD``).
    """
    points = state.points
    details = details or {}
    lines = [f"012 {name}".rstrip(), *(f"{tag} {text}" for tag, text in headers)]
    lines.append(f"XXR {state.total_rounds}")
    if state.initial_colour is not None:
        lines.append(f"XXC {state.initial_colour.name.lower()}1")
    if system:
        lines.append(f"SWY {system}")
    scores = {
        p.pairing_number: sum(points.points_for(r.outcome) for r in p.history)
        for p in state.players
    }
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        title = next((k for k, v in TITLES.items() if v is player.title and len(k) >= 2), "")
        extra = details.get(player.pairing_number, {})
        line = (
            f"001 {player.pairing_number:>4} {extra.get('sex', '')[:1]:1}{title:>3} "
            f"{player.name[:33]:<33} {player.rating or '':>4} {extra.get('federation', '')[:3]:3} "
            f"{extra.get('fide_id', '')[:11]:>11} {extra.get('birth_date', '')[:10]:10} "
            f"{scores[player.pairing_number] / 2:>4.1f} {'':>4}"
        )
        blocks = []
        for record in player.history:
            opponent = f"{record.opponent:>4}" if record.opponent else "0000"
            colour = record.colour.value if record.colour and record.opponent else "-"
            code = "=" if record.outcome is Outcome.ADJOURNED else record.outcome.value
            blocks.append(f"  {opponent} {colour} {code}")
        lines.append(line + "".join(blocks))
        if player.club:
            lines.append(f"SWC {player.pairing_number:>4} {player.club}")
        if player.withdrawn:
            lines.append(f"SWW {player.pairing_number:>4} {len(player.history)}")
    top = [p.pairing_number for p in state.players if p.top_player]
    if top:
        lines.append("SWT " + " ".join(f"{n:>4}" for n in sorted(top)))
    return read_trf("\n".join(lines))
