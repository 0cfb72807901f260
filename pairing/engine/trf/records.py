"""The records of FIDE's TRF16 and TRF-2026 and of other programs (JaVaFo, bbpPairings).

Each ``parse_*`` function reads one record and raises ``TrfError`` at its line and column;
the functions taking a document read every record of their kind in a checked document.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Literal

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words
from pairing.engine.model import AcceleratedPoints, Colour, Points, PointSystem, RequestKind

from .columns import (
    BYE_KINDS,
    RANK_LIST_STEP,
    T162_FIRST_CODE,
    T162_STEP,
    T240_FIRST_RANK,
    T240_ROUND,
    T240_TYPE,
    T250_FIRST_PLAYER,
    T250_FIRST_ROUND,
    T250_GAME_POINTS,
    T250_LAST_PLAYER,
    T250_LAST_ROUND,
    T250_MATCH_POINTS,
    T260_FIRST_RANK,
    T260_FIRST_ROUND,
    T260_LAST_ROUND,
    XXA_FIRST_POINTS,
    XXA_RANK,
    XXA_STEP,
    Span,
)
from .document import TrfDocument, TrfRecord
from .fields import (
    NUMBER,
    cut,
    decimal,
    fixed_number_list,
    format_points,
    half_points,
    number_list,
    record_error,
    tokens,
    whole,
)


def parse_rounds_number(record: TrfRecord) -> int:
    """XXR / 142: the number of rounds."""
    text = record.rest.strip()
    if not NUMBER.fullmatch(text) or int(text) == 0:
        raise record_error(record, words("trf.rounds_not_positive", text=repr(text)), 5)
    return int(text)


def parse_initial_colour(record: TrfRecord) -> Colour | None:
    """XXC ``white1``/``black1`` (and ``rank``), or 152 ``W``/``B``: round 1's top colour."""
    if record.tag == "152":
        code = record.rest.strip().upper()
        if code not in ("W", "B"):
            raise record_error(record, words("trf.initial_colour", text=repr(code)), 5)
        return Colour.WHITE if code == "W" else Colour.BLACK
    colour = None
    for token, column in tokens(record):
        word = token.lower()
        if word not in ("rank", "white1", "black1"):
            raise record_error(record, words("trf.initial_colour_option", text=repr(token)), column)
        if word != "rank":
            colour = Colour.WHITE if word == "white1" else Colour.BLACK
    return colour


_WINS = ("WW", "BW", "FW", "FPB")
_DRAWS = ("WD", "BD", "HPB")
_POINT_SLOTS: dict[str, dict[str, tuple[str, ...]]] = {
    "XXS": {
        **{code: (code,) for code in ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB")},
        **{code: (code,) for code in ("PAB", "FW", "FL")},
        "W": _WINS,
        "D": _DRAWS,
    },
    "162": {
        "W": _WINS,
        "D": _DRAWS,
        "L": ("WL", "BL"),
        "A": ("ZPB", "FL"),
        "P": ("PAB",),
        "X": (),
    },  # fmt: skip
    "BB": {
        "BBW": _WINS,
        "BBD": _DRAWS,
        "BBL": ("WL", "BL"),
        "BBZ": ("ZPB",),
        "BBF": ("FL",),
        "BBU": ("PAB",),
    },  # fmt: skip
}
"""Which JaVaFo XXS codes each code sets.  XXS ``W`` leaves PAB alone (JaVaFo); bbp's BBU and
TRF-2026's P default to the win value instead."""


_POINT_DEFAULTS = {
    "WW": Fraction(1), "BW": Fraction(1), "WD": Fraction(1, 2), "BD": Fraction(1, 2),
    "WL": Fraction(0), "BL": Fraction(0), "ZPB": Fraction(0), "HPB": Fraction(1, 2),
    "FPB": Fraction(1), "PAB": Fraction(1), "FW": Fraction(1), "FL": Fraction(0),
}  # fmt: skip


PointValue = tuple[str, Fraction, int]
"""A point-system assignment: the code set (``WW``...), its value and its column."""


def parse_point_values(record: TrfRecord) -> list[PointValue]:
    """XXS, 162 and BB? lines as the XXS codes they set, left to right."""
    values: list[PointValue] = []
    if record.tag == "XXS":
        for token, column in tokens(record):
            code, equals, amount = token.partition("=")
            slots = _POINT_SLOTS["XXS"].get(code.upper())
            if slots is None or not equals:
                raise record_error(record, words("trf.point_code", text=repr(code)), column)
            value = decimal(record, amount, column + len(code) + 1, f"{code} value")
            values.extend((slot, value, column) for slot in slots)
    elif record.tag == "162":
        for column in range(T162_FIRST_CODE, len(record.text) + 1, T162_STEP):
            code = record.text[column - 1 : column].upper()
            amount = record.text[column : column + 4].strip()
            if not code.strip() and not amount:
                continue
            if code not in _POINT_SLOTS["162"]:
                raise record_error(record, words("trf.point_code_2026", text=repr(code)), column)
            value = decimal(record, amount, column + 1, f"{code} value")
            values.extend((slot, value, column) for slot in _POINT_SLOTS["162"][code])
    else:
        value = decimal(record, record.rest.strip(), 5, "points")
        values.extend((slot, value, 5) for slot in _POINT_SLOTS["BB"][record.tag])
    return values


def parse_xxa(record: TrfRecord) -> tuple[int, list[tuple[int, Fraction, int]]]:
    """XXA: the player and, per round, the fictitious points with their column."""
    rank = whole(record, XXA_RANK, "player")
    rounds = []
    round_number = 1
    while (column := XXA_FIRST_POINTS[0] + XXA_STEP * (round_number - 1)) <= len(record.text):
        text = record.text[column - 1 : column + 3].strip()
        if text:
            rounds.append((round_number, decimal(record, text, column, "points"), column))
        round_number += 1
    return rank, rounds


TEAM_TAGS = ("013", "310")
"""The team records: a file with one is a team event, whose 240, 250 and 260 records
number teams, not players."""


def team_event(doc: TrfDocument) -> bool:
    """Whether the document is a team event's (a 013 or 310 record)."""
    return any(record.tag in TEAM_TAGS for record in doc.records)


def parse_acceleration_2026(
    record: TrfRecord, *, team: bool = False
) -> tuple[Fraction, int, int, int, int] | None:
    """250: game points, first and last round, first and last player; None in a team
    event (``team``), whose accelerated rounds number teams and are not read here.

    In an individual event the match points (columns 5-8) are empty (``00.0``, as the
    specification's example writes them, is read as empty) and the game points (10-13)
    are not 0.0; the first round and player are 1 or more and no later than the last.
    """
    match_text = cut(record.text, T250_MATCH_POINTS).strip()
    game_text = cut(record.text, T250_GAME_POINTS).strip()
    match_points = (
        decimal(record, match_text, T250_MATCH_POINTS[0], "match points") if match_text else 0
    )
    if team:
        if game_text:
            decimal(record, game_text, T250_GAME_POINTS[0], "game points")
        _ordered(record, T250_FIRST_ROUND, T250_LAST_ROUND, "round")
        _ordered(record, T250_FIRST_PLAYER, T250_LAST_PLAYER, "player")
        return None
    if match_points:
        raise record_error(record, words("trf.match_points"), T250_MATCH_POINTS[0])
    points = decimal(record, game_text, T250_GAME_POINTS[0], "game points")
    if not points:
        raise record_error(record, words("trf.game_points_zero"), T250_GAME_POINTS[0])
    first_round, last_round = _ordered(record, T250_FIRST_ROUND, T250_LAST_ROUND, "round")
    first, last = _ordered(record, T250_FIRST_PLAYER, T250_LAST_PLAYER, "player")
    return points, first_round, last_round, first, last


def _ordered(record: TrfRecord, first: Span, last: Span, what: str) -> tuple[int, int]:
    """A first and last round (or player): numbers from 1, the first no later."""
    low = whole(record, first, f"first {what}")
    if low == 0:
        raise record_error(record, words("trf.first_zero", what=what), first[0])
    high = whole(record, last, f"last {what}")
    if high < low:
        problem = words("trf.last_before_first", what=what, last=high, first=low)
        raise record_error(record, problem, last[0])
    return low, high


def parse_bye_2026(record: TrfRecord) -> tuple[RequestKind, int, list[tuple[int, int]]]:
    """240: the bye type (F, H or Z), its round (1 or more) and the players (one or more).

    The pairing-allocated bye has no 240 type: an individual's is the 001 code U, a
    team's the 320 record.
    """
    code = record.text[T240_TYPE - 1 : T240_TYPE].upper()
    if code == "U":
        raise record_error(record, words("trf.bye_type_u"), T240_TYPE)
    if code not in BYE_KINDS:
        raise record_error(record, words("trf.bye_type", text=repr(code)), T240_TYPE)
    round_number = whole(record, T240_ROUND, "round")
    if round_number == 0:
        raise record_error(record, words("trf.round_zero"), T240_ROUND[0])
    players = fixed_number_list(record, T240_FIRST_RANK)
    if not players:
        raise record_error(record, words("trf.no_player"), T240_FIRST_RANK)
    return BYE_KINDS[code], round_number, players


def parse_prohibited_2026(record: TrfRecord) -> tuple[int, int, list[tuple[int, int]]]:
    """260: first and last round (from 1, the first no later), and the two or more
    players who may not meet each other in those rounds."""
    first, last = _ordered(record, T260_FIRST_ROUND, T260_LAST_ROUND, "round")
    players = fixed_number_list(record, T260_FIRST_RANK)
    if len(players) < 2:
        column = T260_FIRST_RANK + RANK_LIST_STEP * len(players)
        raise record_error(record, words("trf.one_player"), column)
    return first, last, players


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfByes:
    """A TRF-2026 240 record: a bye asked for by some players in one round."""

    kind: RequestKind
    round_number: int
    players: tuple[tuple[int, int], ...]
    """Each player's starting rank with the column it is written at."""
    line: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)

    def error(self, message: str | Message, *, at: Literal["kind", "round"] | int) -> TrfError:
        """An error about the bye type, the round, or the player written at column ``at``."""
        column = {"kind": T240_TYPE, "round": T240_ROUND[0]}[at] if isinstance(at, str) else at
        return TrfError(message, line=self.line, column=column, text=self.text)


def byes_2026(doc: TrfDocument) -> list[TrfByes]:
    """TRF-2026 240 records: the bye type, its round and the players of each."""
    byes = []
    for record in doc.records:
        if record.tag == "240":
            kind, round_number, players = parse_bye_2026(record)
            byes.append(
                TrfByes(kind=kind, round_number=round_number, players=tuple(players),
                        line=record.line, text=record.text)
            )  # fmt: skip
    return byes


def bye_lines(requests: Iterable[tuple[int, int, RequestKind]]) -> list[str]:
    """TRF-2026 240 records for (starting rank, round, bye) requests: one per bye type and
    round, by round then type, each line's players in starting-rank order, e.g.
    ``240 H 003    2   26``."""
    groups: dict[tuple[str, int], list[int]] = defaultdict(list)
    for rank, round_number, kind in requests:
        groups[(kind.value, round_number)].append(rank)
    return [
        f"240 {code} {round_number:03d} " + _ranks(sorted(ranks))
        for (code, round_number), ranks in sorted(groups.items(), key=lambda g: g[0][::-1])
    ]


def absent_players(doc: TrfDocument) -> list[int]:
    """JaVaFo XXZ: the players absent from the round to pair, in file order."""
    return [rank for r in doc.records if r.tag == "XXZ" for rank, _ in number_list(r)]


def prohibited_groups(doc: TrfDocument) -> list[tuple[TrfRecord, list[int]]]:
    """XXP and 260 records with the players each one keeps apart (260 rounds ignored)."""
    groups = []
    for record in doc.records:
        if record.tag == "XXP":
            groups.append((record, [rank for rank, _ in number_list(record)]))
        elif record.tag == "260":
            groups.append((record, [rank for rank, _ in parse_prohibited_2026(record)[2]]))
    return groups


def initial_colour(doc: TrfDocument) -> Colour | None:
    """Round 1's colour of the top player from XXC or 152, if fixed."""
    colour = None
    for record in doc.records:
        if record.tag in ("XXC", "152"):
            colour = parse_initial_colour(record) or colour
    return colour


def point_system(doc: TrfDocument) -> PointSystem:
    """The point values from XXS (JaVaFo), BB? (bbpPairings) and 162 (TRF-2026) lines.

    Later lines override earlier ones, as JaVaFo specifies for XXS.  The PAB is worth
    1 unless set, except that bbpPairings' BBW and TRF-2026's 162 W also set it.

    :raises TrfError: a value is not a multiple of 0.5, or wins (draws, losses) with
        white and black are worth different points, which the engine cannot represent.
    """
    values: dict[str, tuple[Fraction, TrfRecord | None, int]] = {
        slot: (value, None, 0) for slot, value in _POINT_DEFAULTS.items()
    }
    pab_follows_win = False
    for record in doc.records:
        if record.tag not in ("XXS", "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            continue
        for slot, value, column in parse_point_values(record):
            values[slot] = (value, record, column)
            pab_follows_win |= slot == "WW" and record.tag in ("162", "BBW")
    if pab_follows_win and values["PAB"][1] is None:
        values["PAB"] = values["WW"]  # bbp: BBU defaults to BBW; TRF-2026: P as W
    for white, black, what in (("WW", "BW", "win"), ("WD", "BD", "draw"), ("WL", "BL", "loss")):
        (w, w_record, w_column), (b, b_record, b_column) = values[white], values[black]
        if w != b:
            where, column = (w_record, w_column) if w_record else (b_record, b_column)
            raise TrfError(
                words(
                    "trf.colour_points_differ",
                    what=what,
                    white=format_points(w),
                    black=format_points(b),
                ),
                line=where.line if where else 0,
                column=column,
                text=where.text if where else "",
            )
    half = {
        slot: half_points(value, record, column, f"{slot} value")
        for slot, (value, record, column) in values.items()
    }
    return PointSystem(
        win=half["WW"],
        draw=half["WD"],
        loss=half["WL"],
        forfeit_win=half["FW"],
        forfeit_loss=half["FL"],
        pairing_allocated_bye=half["PAB"],
        full_point_bye=half["FPB"],
        half_point_bye=half["HPB"],
        zero_point_bye=half["ZPB"],
    )


def total_rounds(doc: TrfDocument) -> int | None:
    """The planned number of rounds from XXR or TRF-2026 142, if given."""
    for record in doc.records:
        if record.tag in ("XXR", "142"):
            return parse_rounds_number(record)
    return None


def point_system_line(points: PointSystem, *, by_colour: bool = False) -> str:
    """JaVaFo XXS with every value of a point system, ``XXS W=1 D=0.5 WL=0 ...``.

    ``by_colour`` writes wins, draws and losses once per colour (``WW=1 BW=1 WD=0.5 ...``),
    as the web app's backup does; otherwise a win and a draw once (``W``, ``D``).
    """

    def show(value: Points) -> str:
        return format_points(Fraction(value, 2)).removesuffix(".0")

    if by_colour:
        results = [("WW", points.win), ("BW", points.win), ("WD", points.draw),
                   ("BD", points.draw)]  # fmt: skip
    else:
        results = [("W", points.win), ("D", points.draw)]
    pairs = [*results, ("WL", points.loss), ("BL", points.loss),
             ("FW", points.forfeit_win), ("FL", points.forfeit_loss),
             ("PAB", points.pairing_allocated_bye), ("FPB", points.full_point_bye),
             ("HPB", points.half_point_bye), ("ZPB", points.zero_point_bye)]  # fmt: skip
    return "XXS " + " ".join(f"{code}={show(value)}" for code, value in pairs)


def point_system_2026_line(points: PointSystem) -> str | None:
    """TRF-2026 162, ``162  W 3.0    D 1.0 ...``: codes at columns 6, 15, 24..., each
    value in the four columns after its code.  None when the values are the defaults
    (1, ½, 0), and when 162 cannot say them: its W is also the forfeit win and the
    full-point bye, its D the half-point bye, its A both the zero-point bye and the
    forfeit loss (JaVaFo's XXS says the rest)."""
    if (
        points.win != points.forfeit_win
        or points.win != points.full_point_bye
        or points.draw != points.half_point_bye
        or points.zero_point_bye != points.forfeit_loss
    ):
        return None
    values = [
        ("W", points.win, 2),
        ("D", points.draw, 1),
        ("L", points.loss, 0),
        ("A", points.zero_point_bye, 0),
        ("P", points.pairing_allocated_bye, points.win),
    ]
    if all(value == default for _, value, default in values):
        return None
    line = "162"
    for index, (code, value, _) in enumerate(values):
        line = line.ljust(T162_FIRST_CODE + T162_STEP * index - 1)
        line += f"{code}{float(Fraction(value, 2)):>4.1f}"
    return line


def bb_point_lines(points: PointSystem) -> list[str]:
    """bbpPairings' point records for a point system: ``BBW  1.0``, ``BBD  0.5``, ``BBL``,
    ``BBZ`` (zero-point bye), ``BBF`` (forfeit loss) and ``BBU`` (pairing-allocated bye),
    the value in columns 5-8.  bbpPairings reads no XXS; a forfeit win and a full-point
    bye count as a win for it, a half-point bye as a draw.

    None at all when they cannot say the point system: BBW also sets the forfeit win and
    the full-point bye, BBD the half-point bye, so with those different from the win
    (draw) a BBW (BBD) would contradict the XXS line, and a reader taking the last
    record would score them as wins (draws) (#31 D3).  bbpPairings has no record for
    such values; the XXS line holds them alone."""

    def show(value: Points) -> str:
        return f"{format_points(Fraction(value, 2)):>4}"

    if (
        points.forfeit_win != points.win
        or points.full_point_bye != points.win
        or points.half_point_bye != points.draw
    ):
        return []
    return [
        f"{tag} {show(value)}"
        for tag, value in (
            ("BBW", points.win),
            ("BBD", points.draw),
            ("BBL", points.loss),
            ("BBZ", points.zero_point_bye),
            ("BBF", points.forfeit_loss),
            ("BBU", points.pairing_allocated_bye),
        )
    ]


def accelerated_rounds_lines(acceleration: Sequence[AcceleratedPoints]) -> list[str]:
    """TRF-2026 250 records for imaginary points, to write after the XXA lines (JaVaFo's;
    bbpPairings v6 reads both, appending an XXA line's values and setting a 250's
    rounds, so a 250 written first would shift them): one per run of consecutive
    players given the same points in a
    run of consecutive rounds, match points empty (an individual event), e.g.
    ``250      01.0 001 002 0001 0006``.  None when a value does not fit the four
    columns of the game points (100 or more): the XXA lines hold them then."""
    players: dict[tuple[int, Points], list[int]] = defaultdict(list)
    for bonus in acceleration:
        if bonus.points:
            players[(bonus.round_number, bonus.points)].append(bonus.pairing_number)
    rounds: dict[tuple[Points, int, int], list[int]] = defaultdict(list)
    for (round_number, points), numbers in players.items():
        for first, last in _runs(numbers):
            rounds[(points, first, last)].append(round_number)
    lines = []
    for (points, first, last), numbers in rounds.items():
        whole, half = divmod(points, 2)
        if whole > 99:
            return []
        lines += [
            f"250 {'':4} {whole:02d}.{5 * half} {low:03d} {high:03d} {first:04d} {last:04d}"
            for low, high in _runs(numbers)
        ]
    return sorted(lines, key=lambda line: (line[14:17], line[22:26], line[9:13]))


def _runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """The runs of consecutive numbers, each as its first and last, ascending."""
    runs: list[tuple[int, int]] = []
    for number in sorted(set(numbers)):
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs


def xxa_lines(acceleration: Sequence[AcceleratedPoints]) -> list[str]:
    """JaVaFo ``XXA`` lines for imaginary points: one per player, each round's points.

    The only place imaginary points (SB 3) are written: exports never add them to a score.
    """
    by_player: dict[int, dict[int, Points]] = {}
    for bonus in acceleration:
        by_player.setdefault(bonus.pairing_number, {})[bonus.round_number] = bonus.points
    lines = []
    for rank in sorted(by_player):
        rounds = by_player[rank]
        values = [
            format_points(Fraction(rounds.get(r, Points(0)), 2)).rjust(4)
            for r in range(1, max(rounds) + 1)
        ]
        lines.append(f"XXA {rank:>4} " + " ".join(values))
    return lines


# --- Building records ---------------------------------------------------------------------


class Header(enum.StrEnum):
    """The TRF16 header records (012-132), by their tag."""

    TOURNAMENT = "012"
    CITY = "022"
    FEDERATION = "032"
    START_DATE = "042"
    END_DATE = "052"
    PLAYERS = "062"
    RATED_PLAYERS = "072"
    TEAMS = "082"
    TYPE = "092"
    CHIEF_ARBITER = "102"
    DEPUTY_ARBITERS = "112"
    TIME_CONTROL = "122"
    ROUND_DATES = "132"


def header_text(doc: TrfDocument, header: Header) -> str:
    """The text of the first ``header`` record, from column 5 and stripped; ``""`` if none."""
    found = [r for r in doc.records if r.tag == header.value]
    return found[0].rest.strip() if found else ""


def header_line(header: Header | str, text: str) -> str:
    """A header record, ``022 Town Hall``; trailing blanks left out (``022`` when empty)."""
    return f"{header} {text}".rstrip()


def four_digit_date(day: date) -> str:
    """``YYYY/MM/DD`` with the year in four digits: ``%Y`` writes year 1 as ``1``."""
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def year_only_date(year: int) -> str:
    """A birth date of which only the year is known, as FIDE's files write one in a 001
    record: ``YYYY/00/00``.

    :raises ValueError: a year that is not of four digits.
    """
    if not 1000 <= year <= 9999:
        raise ValueError(f"a birth year has four digits, not {year}")
    return f"{year:04d}/00/00"


def date_line(header: Header, day: date) -> str:
    """A header record holding a date (042, 052), written ``YYYY/MM/DD``."""
    return f"{header.value} {four_digit_date(day)}"


def swiss_type_line(system_title: str) -> str:
    """The 092 type of an individual Swiss event, naming its pairing system."""
    return header_line(Header.TYPE, f"Individual: Swiss-System ({system_title})")


def rounds_line(total: int) -> str:
    """JaVaFo XXR: the planned number of rounds."""
    return f"XXR {total}"


def initial_colour_line(colour: Colour) -> str:
    """JaVaFo XXC: the top player's colour in round 1, ``XXC white1``."""
    return f"XXC {colour.name.lower()}1"


def prohibited_line(ranks: Sequence[int]) -> str:
    """JaVaFo XXP: players who may not meet one another, in the order given."""
    return "XXP " + _ranks(ranks)


def _ranks(ranks: Iterable[int]) -> str:
    """Starting ranks in four columns each, separated by a space."""
    return " ".join(f"{rank:>4}" for rank in ranks)
