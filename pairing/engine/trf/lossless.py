"""The ``SW`` records that make the web app's backup lossless (#31), read and written.

What TRF and our earlier SW records have no place for: the prize table (``SWP``), a
player's national ID (``SWI``), birth year (``SWB``), FIDE's three ratings (``SWX``),
private link (``SWL``) and fixed board (``SWD``), the
reason two players are kept apart (``SWF``), the requests players made on their own
page (``SWQ``) and each round's explanation (``SWE``); documented in the package
docstring.  Also the event's ``SWO`` options as the web app's import reads them, typed
(:class:`TrfOption`).  Free text that may hold anything (the prize table's lines, a reason) is
written as one JSON string, ASCII only, so that no character of it can end or break the
line; an explanation, tens of kB of JSON, is packed.  Values are checked for form only: which
words are valid kinds and states is the web app's to say.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words

from .columns import SWC_NAME, SWC_RANK, SWE_DATA, SWE_ROUND, SWF_REASON, SWF_SECOND
from .document import TrfDocument, TrfRecord
from .extensions import FIRST_YEAR, LAST_YEAR, MAX_WHOLE, parse_options, player_texts
from .fields import NUMBER, record_error, tokens, whole

ACCESS_CODE = re.compile(r"[A-Za-z0-9_-]{1,16}")
"""A private link's code as SWL holds it: URL-safe characters, at most 16."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfOption:
    """One ``name=value`` word of an SWO line, with where it was written."""

    name: str
    value: str
    line: int
    column: int
    text: str = ""

    def error(self, message: str | Message) -> TrfError:
        """An error about this option, at its column."""
        return TrfError(message, line=self.line, column=self.column, text=self.text)

    def flag(self) -> bool:
        """The value as yes (``1``) or no (``0``).

        :raises TrfError: the value is neither.
        """
        if self.value not in ("0", "1"):
            raise self.error(words("trf.option_flag", name=self.name, text=repr(self.value)))
        return self.value == "1"

    def whole(self) -> int:
        """The value as a whole number (a seed: 64 bits, sign allowed).

        :raises TrfError: the value is not one.
        """
        if not re.fullmatch(r"-?[0-9]{1,19}", self.value) or abs(int(self.value)) > MAX_WHOLE:
            raise self.error(words("trf.option_whole", name=self.name, text=repr(self.value)))
        return int(self.value)

    def time(self) -> datetime | None:
        """The value as an ISO 8601 time; ``None`` for ``-``.

        :raises TrfError: the value is neither.
        """
        if self.value == "-":
            return None
        try:
            stamp = datetime.fromisoformat(self.value)
        except ValueError:
            raise self.error(
                words("trf.option_time", name=self.name, text=repr(self.value))
            ) from None
        if not FIRST_YEAR <= stamp.year <= LAST_YEAR:
            raise self.error(
                words("trf.option_time_years", name=self.name, text=repr(self.value),
                      first=FIRST_YEAR, last=LAST_YEAR)
            )  # fmt: skip
        return stamp


def event_options(doc: TrfDocument) -> list[TrfOption]:
    """Every SWO ``name=value`` word of a checked document, in file order."""
    return [
        TrfOption(name=name, value=value, line=record.line, column=column, text=record.text)
        for record in doc.records
        if record.tag == "SWO"
        for name, value, column in parse_options(record)
    ]


def _json_text(record: TrfRecord, column: int, what: str) -> str:
    """A JSON string written from ``column`` to the end of the line."""
    text = record.text[column - 1 :].strip()
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, str):
        problem = words("trf.not_json_string", what=what, text=repr(text[:40]))
        raise record_error(record, problem, column)
    return value


def _write_json(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)


def parse_prize_table(record: TrfRecord) -> str:
    """SWP: the prize table, one JSON string."""
    return _json_text(record, 5, "prize table")


def prize_table(doc: TrfDocument) -> str | None:
    """The prize table of the last SWP record; None without one."""
    found = [r for r in doc.records if r.tag == "SWP"]
    return parse_prize_table(found[-1]) if found else None


def prize_table_line(text: str) -> str:
    """SWP: the prize table as one JSON string (its lines joined by ``\\n`` in it)."""
    return f"SWP {_write_json(text)}"


def parse_birth_year(record: TrfRecord) -> tuple[int, int]:
    """SWB: the player and the birth year."""
    rank = whole(record, SWC_RANK, "player")
    year = record.text[SWC_NAME - 1 :].strip()
    if not NUMBER.fullmatch(year) or not 1 <= int(year) <= 9999:
        raise record_error(record, words("trf.birth_year", text=repr(year)), SWC_NAME)
    return rank, int(year)


def birth_years(doc: TrfDocument) -> dict[int, int]:
    """SWB: each player's birth year, by starting rank."""
    return dict(parse_birth_year(r) for r in doc.records if r.tag == "SWB")


def birth_year_line(rank: int, year: int) -> str:
    """SWB: a player's birth year, when only the year is known."""
    return f"SWB {rank:>4} {year}"


FIDE_RATINGS_UNKNOWN = "-"
"""SWX: a rate of play whose FIDE rating is not known."""


def parse_fide_ratings(record: TrfRecord) -> tuple[int, tuple[int | None, ...]]:
    """SWX: the player and FIDE's standard, rapid and blitz ratings (None: not known)."""
    rank = whole(record, SWC_RANK, "player")
    values = record.text[SWC_NAME - 1 :].split()
    if len(values) != 3 or not all(
        value == FIDE_RATINGS_UNKNOWN or (NUMBER.fullmatch(value) and int(value) <= 9999)
        for value in values
    ):
        text = repr(" ".join(values))
        raise record_error(record, words("trf.fide_ratings", text=text), SWC_NAME)
    return rank, tuple(None if v == FIDE_RATINGS_UNKNOWN else int(v) for v in values)


def fide_ratings(doc: TrfDocument) -> dict[int, tuple[int | None, ...]]:
    """SWX: each player's FIDE standard, rapid and blitz ratings, by starting rank."""
    return dict(parse_fide_ratings(r) for r in doc.records if r.tag == "SWX")


def fide_ratings_line(rank: int, ratings: Sequence[int | None]) -> str:
    """SWX: a player's FIDE standard, rapid and blitz ratings (``-``: not known)."""
    shown = (FIDE_RATINGS_UNKNOWN if r is None else str(r) for r in ratings)
    return f"SWX {rank:>4} {' '.join(shown)}"


FIXED_BOARD_MAX = 9999
"""The highest board an SWD record can name (four columns)."""


def parse_fixed_board(record: TrfRecord) -> tuple[int, int]:
    """SWD: the player and the board every game of theirs is given."""
    rank = whole(record, SWC_RANK, "player")
    board = record.text[SWC_NAME - 1 :].strip()
    if not NUMBER.fullmatch(board) or not 1 <= int(board) <= FIXED_BOARD_MAX:
        raise record_error(record, words("trf.fixed_board", text=repr(board)), SWC_NAME)
    return rank, int(board)


def fixed_boards(doc: TrfDocument) -> dict[int, int]:
    """SWD: each player's fixed board, by starting rank."""
    return dict(parse_fixed_board(r) for r in doc.records if r.tag == "SWD")


def fixed_board_line(rank: int, board: int) -> str:
    """SWD: a player's fixed board."""
    return f"SWD {rank:>4} {board}"


def parse_access_code(record: TrfRecord) -> tuple[int, str]:
    """SWL: the player and the code of their private link."""
    rank = whole(record, SWC_RANK, "player")
    code = record.text[SWC_NAME - 1 :].strip()
    if not ACCESS_CODE.fullmatch(code):
        raise record_error(record, words("trf.access_code", text=repr(code)), SWC_NAME)
    return rank, code


def access_codes(doc: TrfDocument) -> dict[int, str]:
    """SWL: each player's private link code, by starting rank."""
    return dict(parse_access_code(r) for r in doc.records if r.tag == "SWL")


def access_code_line(rank: int, code: str) -> str:
    """SWL: a player's private link code."""
    return f"SWL {rank:>4} {code}"


def national_ids(doc: TrfDocument) -> dict[int, str]:
    """SWI: each player's national ID, by starting rank."""
    return player_texts(doc, "SWI")


def national_id_line(rank: int, national_id: str) -> str:
    """SWI: a player's national ID (same columns as SWC)."""
    return f"SWI {rank:>4} {national_id}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfReason:
    """An SWF line: why two players are kept apart."""

    first: int
    second: int
    reason: str
    line: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)

    def error(self, message: str | Message) -> TrfError:
        """An error about this line, at the column of its first player."""
        return TrfError(message, line=self.line, column=SWC_RANK[0], text=self.text)


def parse_reason(record: TrfRecord) -> TrfReason:
    """SWF: two players and the reason (a JSON string) they must not meet."""
    first = whole(record, SWC_RANK, "player")
    second = whole(record, SWF_SECOND, "player")
    reason = _json_text(record, SWF_REASON, "reason")
    return TrfReason(first=first, second=second, reason=reason, line=record.line,
                     text=record.text)  # fmt: skip


def reasons(doc: TrfDocument) -> list[TrfReason]:
    """The SWF lines of a checked document, in file order."""
    return [parse_reason(r) for r in doc.records if r.tag == "SWF"]


def reason_line(first: int, second: int, reason: str) -> str:
    """SWF: the reason players ``first`` and ``second`` are kept apart."""
    return f"SWF {first:>4} {second:>4} {_write_json(reason)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfAsk:
    """An SWQ line: a request a player made on their own page, and what became of it."""

    rank: int
    kind: str
    round_number: int | None
    state: str
    created_at: datetime
    decided_at: datetime | None
    via_link: str = ""
    """The fingerprint of the private link the request was made on (12 hex digits), or
    ``""`` when not recorded."""
    line: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)
    columns: tuple[int, ...] = field(default=(), compare=False)
    """The columns of kind, round, state, created and decided, for errors."""

    def error(self, message: str | Message, *, at: int) -> TrfError:
        """An error about the ``at``-th word after the player (0: the kind)."""
        column = self.columns[at] if at < len(self.columns) else 5
        return TrfError(message, line=self.line, column=column, text=self.text)


def _time(record: TrfRecord, word: str, column: int) -> datetime:
    try:
        stamp = datetime.fromisoformat(word)
    except ValueError:
        raise record_error(record, words("trf.not_iso_time", text=repr(word)), column) from None
    if stamp.tzinfo is None:
        raise record_error(record, words("trf.no_time_zone", text=repr(word)), column)
    if not FIRST_YEAR <= stamp.year <= LAST_YEAR:
        problem = words("trf.time_out_of_years", text=repr(word), first=FIRST_YEAR,
                        last=LAST_YEAR)  # fmt: skip
        raise record_error(record, problem, column)
    return stamp


def parse_ask(record: TrfRecord) -> TrfAsk:
    """SWQ: player, kind, round (``-``: none), state, when asked, when decided (``-``)."""
    rank = whole(record, SWC_RANK, "player")
    found = [(t, c) for t, c in tokens(record) if c > SWC_RANK[1]]
    if len(found) not in (5, 6):
        raise record_error(record, words("trf.ask_words"), SWC_NAME)
    (kind, kind_col), (number, number_col), (state, state_col) = found[:3]
    for word, column in ((kind, kind_col), (state, state_col)):
        if not re.fullmatch(r"[a-z]{1,16}", word):
            raise record_error(record, words("trf.small_letters", text=repr(word)), column)
    if number != "-" and (not NUMBER.fullmatch(number) or not 1 <= int(number) <= 999):
        raise record_error(record, words("trf.ask_round", text=repr(number)), number_col)
    created = _time(record, *found[3])
    decided = None if found[4][0] == "-" else _time(record, *found[4])
    via_link = ""  # a file written before links were recorded has five words
    if len(found) == 6 and found[5][0] != "-":
        via_link, via_col = found[5]
        if not re.fullmatch(r"[0-9a-f]{12}", via_link):
            problem = words("trf.link_fingerprint", text=repr(via_link))
            raise record_error(record, problem, via_col)
    return TrfAsk(
        rank=rank, kind=kind, round_number=None if number == "-" else int(number), state=state,
        created_at=created, decided_at=decided, via_link=via_link, line=record.line,
        text=record.text, columns=tuple(c for _, c in found),
    )  # fmt: skip


def asks(doc: TrfDocument) -> list[TrfAsk]:
    """The SWQ lines of a checked document, in file order."""
    return [parse_ask(r) for r in doc.records if r.tag == "SWQ"]


def ask_line(ask: TrfAsk) -> str:
    """SWQ: a player's own request (kind, round, state, asked, decided, link)."""
    number = "-" if ask.round_number is None else str(ask.round_number)
    decided = "-" if ask.decided_at is None else ask.decided_at.isoformat()
    via = ask.via_link or "-"
    return (
        f"SWQ {ask.rank:>4} {ask.kind} {number} {ask.state} {ask.created_at.isoformat()} "
        f"{decided} {via}"
    )


EXPLANATION_MAX_BYTES = 16 * 1024 * 1024
"""The most an SWE line may unpack to: a round of 10,000 players explains itself in
under 1 MB, and a line that claims more is refused before it fills the memory."""


def _explanation_error(record: TrfRecord, problem: Message) -> TrfError:
    return record_error(record, problem, SWE_DATA)


def parse_explanation(record: TrfRecord) -> tuple[int, list[dict[str, object]]]:
    """SWE: a round and the steps of its explanation, each a rule, a text and the
    pairing numbers it concerns (``None`` for the bye's missing opponent), and the text's
    message code and values when the engine worded it."""
    number = whole(record, SWE_ROUND, "round")
    data = record.text[SWE_DATA - 1 :].strip()
    try:
        packed = base64.b64decode(data, validate=True)
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, EXPLANATION_MAX_BYTES)
    except (binascii.Error, zlib.error):
        raise _explanation_error(record, words("trf.explanation_packing")) from None
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise _explanation_error(record, words("trf.explanation_size", bytes=EXPLANATION_MAX_BYTES))
    try:
        steps = json.loads(raw.decode("ascii"))
    except ValueError:
        raise _explanation_error(record, words("trf.explanation_json")) from None
    if not isinstance(steps, list) or not all(_is_step(step) for step in steps):
        raise _explanation_error(record, words("trf.explanation_steps"))
    return number, steps


_STEP_KEYS = frozenset({"rule", "text", "players"})
"""What every step holds; a step the engine worded also holds its ``code`` and ``values``
(a file written before the codes has none, and reads as before)."""


def _is_step(step: object) -> bool:
    return (
        isinstance(step, dict)
        and (set(step) == _STEP_KEYS or set(step) == _STEP_KEYS | {"code", "values"})
        and isinstance(step.get("code", ""), str)
        and isinstance(step.get("values", {}), dict)
        and isinstance(step["rule"], str)
        and isinstance(step["text"], str)
        and isinstance(step["players"], list)
        and all(p is None or (type(p) is int and p >= 0) for p in step["players"])
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfExplanation:
    """An SWE line: a round's explanation."""

    round_number: int
    steps: list[dict[str, object]]
    line: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)

    def error(self, message: str | Message) -> TrfError:
        """An error about this line, at the column of its round."""
        return TrfError(message, line=self.line, column=SWE_ROUND[0], text=self.text[:80])


def explanations(doc: TrfDocument) -> list[TrfExplanation]:
    """The SWE lines of a checked document, in file order."""
    found = []
    for record in doc.records:
        if record.tag == "SWE":
            number, steps = parse_explanation(record)
            found.append(TrfExplanation(round_number=number, steps=steps, line=record.line,
                                        text=record.text))  # fmt: skip
    return found


def explanation_line(round_number: int, steps: Sequence[Mapping[str, object]]) -> str:
    """SWE: a round's explanation, its JSON (ASCII) packed by zlib and written in base64:
    the engine's account of a round of 1,000 players is some 75 kB of JSON, a tenth of
    that packed, so the backup stays well within an upload's bounds."""
    raw = json.dumps(list(steps), ensure_ascii=True, separators=(",", ":")).encode("ascii")
    packed = base64.b64encode(zlib.compress(raw, 9)).decode("ascii")
    return f"SWE {round_number:>3} {packed}"
