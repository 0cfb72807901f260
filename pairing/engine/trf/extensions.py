"""Our own extension lines, the ``SW`` records (documented in the package docstring).

Each ``parse_*`` function reads one record and raises ``TrfError`` at its line and column;
the functions taking a document read every record of their kind in a checked document.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pairing.engine.messages import words

from .columns import (
    NAME,
    SWA_TAG,
    SWC_NAME,
    SWC_RANK,
    SWC_TAG,
    SWN_TAG,
    SWW_RANK,
    SWW_ROUND,
)
from .document import TrfDocument, TrfField, TrfRecord
from .fields import NUMBER, number_list, record_error, tokens, whole
from .typecodes import tournament_type, type_field

MAX_WHOLE = 2**63 - 1
"""The largest whole number (a lot's seed) a database's 64-bit integer column holds."""
FIRST_YEAR, LAST_YEAR = 1900, 2200
"""Times are read only within these years: a time of year 1 or 9999 stored in an event
cannot be shown in a local time zone (it overflows), and no event was or will be then."""


def parse_player_text(record: TrfRecord) -> tuple[int, str]:
    """SWC: the player and the club."""
    return whole(record, SWC_RANK, "player"), record.text[SWC_NAME - 1 :].strip()


def parse_withdrawal(record: TrfRecord) -> tuple[int, int]:
    """SWW: the player and the last round before the withdrawal."""
    rank = whole(record, SWW_RANK, "player")
    after = record.text[SWW_ROUND - 1 :].strip()
    if not NUMBER.fullmatch(after):
        raise record_error(record, words("trf.withdrawal_round", text=repr(after)), SWW_ROUND)
    return rank, int(after)


def parse_system(record: TrfRecord) -> str:
    """SWY: the pairing system's name."""
    name = record.rest.strip()
    if not name:
        raise record_error(record, words("trf.no_system"), 5)
    return name


def parse_options(record: TrfRecord) -> list[tuple[str, str, int]]:
    """SWO: ``name=value`` words, each with its column."""
    options = []
    for token, column in tokens(record):
        name, equals, value = token.partition("=")
        if not equals or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not value:
            raise record_error(record, words("trf.not_name_value", text=repr(token)), column)
        options.append((name, value, column))
    return options


def parse_tiebreak_text(record: TrfRecord) -> str:
    """SWK: the tie-break codes as written."""
    text = record.rest.strip()
    if not text:
        raise record_error(record, words("trf.no_tiebreaks"), 5)
    return text


def tiebreak_order(doc: TrfDocument) -> TrfField | None:
    """The tie-break codes of the last SWK record as written (``""`` for ``-``, none)."""
    found = [r for r in doc.records if r.tag == "SWK"]
    if not found:
        return None
    text = parse_tiebreak_text(found[-1])
    return TrfField(value="" if text == "-" else text, line=found[-1].line, column=5,
                    text=found[-1].text)  # fmt: skip


def fide_tiebreak_order(doc: TrfDocument) -> TrfField | None:
    """TRF-2026 202 (or, without it, 212 less its ``PTS``): the FIDE tie-break codes as
    written, comma-separated (``BH/C1,SB,DE``); None without either record."""
    for tag in ("202", "212"):
        found = [r for r in doc.records if r.tag == tag]
        if found:
            record = found[-1]
            codes = [c.strip() for c in re.split(r"[,\s]+", record.rest) if c.strip()]
            if tag == "212" and codes and codes[0].upper() == "PTS":
                codes = codes[1:]
            return TrfField(value=",".join(codes), line=record.line, column=5, text=record.text)
    return None


def pairing_system(doc: TrfDocument) -> TrfField | None:
    """The pairing system named by the first SWY record, else by a TRF-2026 tournament
    type (192), with where it is written; a 192 naming a text not implemented here (the
    2017 Dutch) gives its code, so that it is refused by name (:func:`typecodes.type_field`)."""
    for record in doc.records:
        if record.tag == "SWY":
            return TrfField(value=parse_system(record), line=record.line, column=5,
                            text=record.text)  # fmt: skip
    return type_field(doc)


def player_texts(doc: TrfDocument, tag: str) -> dict[int, str]:
    """SWC clubs, SWN whole names or SWA areas of a checked document, by starting rank."""
    return dict(parse_player_text(r) for r in doc.records if r.tag == tag)


def whole_names(doc: TrfDocument) -> dict[int, str]:
    """SWN: the whole names the 001 lines cut short, by starting rank."""
    return player_texts(doc, SWN_TAG)


def clubs(doc: TrfDocument) -> dict[int, str]:
    """SWC: each player's club or school (ESCA 7), by starting rank."""
    return player_texts(doc, SWC_TAG)


def areas(doc: TrfDocument) -> dict[int, str]:
    """SWA: each player's local area (ESCA 27), by starting rank."""
    return player_texts(doc, SWA_TAG)


def withdrawals(doc: TrfDocument) -> dict[int, int]:
    """SWW: the round after which each withdrawn player withdrew."""
    return dict(parse_withdrawal(r) for r in doc.records if r.tag == "SWW")


def top_players(doc: TrfDocument) -> set[int]:
    """SWT: the top players' starting ranks (ESCA 3)."""
    return {rank for r in doc.records if r.tag == "SWT" for rank, _ in number_list(r)}


def system_from_trf(doc: TrfDocument) -> str | None:
    """The pairing system named by an ``SWY`` line, else by a TRF-2026 tournament type."""
    for record in doc.records:
        if record.tag == "SWY":
            return parse_system(record)
    typed = tournament_type(doc)
    return typed[0] if typed else None


NAME_WIDTH = NAME[1] - NAME[0] + 1
"""Characters of a name that the 001 line holds."""


def has_round_records(doc: TrfDocument) -> bool:
    """True when the document has SWR or SWG records: our backup of an event."""
    return any(r.tag in ("SWR", "SWG") for r in doc.records)


# --- Building records ---------------------------------------------------------------------

OptionValue = bool | int | str | datetime | None
"""An SWO value: yes/no as ``1``/``0``, a number, a word, a time (ISO 8601) or ``-``."""


def system_line(name: str) -> str:
    """SWY: the pairing system the file is for."""
    return f"SWY {name}"


def tiebreak_line(codes: str) -> str:
    """SWK: the tie-break codes, comma-separated; ``-`` for none."""
    return f"SWK {codes or '-'}"


def fide_tiebreak_line(codes: Sequence[str]) -> str | None:
    """TRF-2026 202: the FIDE tie-break codes in order, comma-separated (``BH/C1,SB``);
    None for an empty list."""
    return f"202 {','.join(codes)}" if codes else None


def options_line(options: Sequence[tuple[str, OptionValue]]) -> str:
    """SWO: one ``name=value`` word per option, in the order given.

    :raises ValueError: a name is not lower-case letters, digits and ``_``, or a value
        would not be one word.
    """
    words = []
    for name, value in options:
        text = option_text(value)
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not text or re.search(r"\s", text):
            raise ValueError(f"SWO option {name}={text!r} is not name=value")
        words.append(f"{name}={text}")
    return "SWO " + " ".join(words)


def option_text(value: OptionValue) -> str:
    """One SWO value (or an SWR time) as its word: ``1``/``0``, ISO 8601, or ``-``."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, datetime):
        return value.isoformat()
    return "-" if value is None else str(value)


def whole_name_line(rank: int, name: str) -> str | None:
    """SWN: a whole name that the 001 line cuts short; ``None`` for a name that fits."""
    return _player_text_line(SWN_TAG, rank, name) if len(name) > NAME_WIDTH else None


def club_line(rank: int, club: str) -> str:
    """SWC: a player's club or school."""
    return _player_text_line(SWC_TAG, rank, club)


def area_line(rank: int, area: str) -> str:
    """SWA: a player's local area."""
    return _player_text_line(SWA_TAG, rank, area)


def _player_text_line(tag: str, rank: int, text: str) -> str:
    return f"{tag} {rank:>4} {text}"


def withdrawal_line(rank: int, after_round: int) -> str:
    """SWW: the player withdrew after round ``after_round`` (0: before round 1)."""
    return f"SWW {rank:>4} {after_round}"


def top_players_line(ranks: Sequence[int]) -> str:
    """SWT: the top players (ESCA 3), in the order given."""
    return "SWT " + " ".join(f"{rank:>4}" for rank in ranks)
