"""The one reader of a TRF file's players (001 lines and our SW player records).

Both imports read players here: the whole event (``backup.event_plan``) and the players
import (``exports.players_from_trf``), so a file's players come in the same on both
paths (#33: the two readers disagreed, and ``c``/``wc`` made a whole event fail).  Every
FIDE title code of the TRF specification reads as its title (GM IM FM CM WGM WIM WFM
WCM, and the old forms g m f c wg wm wf wc); a code that is no title leaves the player
untitled and is said in the import's notes: one odd column is no reason to refuse an
event an arbiter needs now.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.fide_ratings import FIDE_RATING_FIELDS
from swissweb.tournament.core.limits import BIRTH_YEARS
from swissweb.tournament.core.params import ascii_digits
from swissweb.tournament.core.text import invisible
from swissweb.tournament.players.imports import Entry
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import TrfDocument, trf

BACKUP_ONLY = ("withdrawn_after_round", "access_code")
"""Row fields only a whole event's import keeps: a players import adds new players."""


def trf_date(text: str) -> dt.date | None:
    """A TRF date; TRF16 leaves the format free, so one we cannot read is left out."""
    for fmt in ("%Y/%m/%d", "%Y.%m.%d", "%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


_YEAR_ONLY = re.compile(r"([0-9]{4})(?:(?P<mark>[/.-])00(?P=mark)00)?")
"""A birth date given as its year alone: ``1987``, or ``1987/00/00`` as FIDE's files and
our rating report write it."""


def trf_year(text: str) -> int | None:
    """The birth year of a 001 birth date that gives only the year (None otherwise, or
    for a year no player has)."""
    match = _YEAR_ONLY.fullmatch(text.strip())
    if match is None:
        return None
    low, high = BIRTH_YEARS
    year = int(match.group(1))
    return year if low <= year <= high else None


def refuse_invisible(player: trf.TrfPlayer) -> None:
    """Refuse a player line whose name holds an invisible character, by line and column.

    :raises TournamentError: naming the line, the column and the character.
    """
    char = invisible(player.name)
    if char is not None:
        column = trf.NAME[0] + player.name.index(char)
        raise TournamentError(
            # Translators: code is like U+200B.
            _(
                "TRF line %(line)s, column %(column)s: the name holds an invisible "
                "character (%(code)s); remove it."
            )
            % {"line": player.line, "column": column, "code": f"U+{ord(char):04X}"}
        )


def _title(player: trf.TrfPlayer, notes: list[str]) -> str:
    """The ``Player.title`` of a 001 line; a code that is no title is left out, noted."""
    title = trf.player_title(player)
    if title is not None:
        return engine_adapter.model_title(title)
    # Translators: %(title)s is the code as written in the file, like 'XM'.
    note = _(
        "TRF line %(line)d: the title %(title)s is not a FIDE title; the player is imported "
        "without one."
    )
    notes.append(note % {"line": player.line, "title": repr(player.title)})
    return ""


def player_rows(doc: TrfDocument, notes: list[str]) -> dict[int, dict[str, Any]]:
    """The players of ``doc`` as ``Player`` fields, by starting rank; what is left out
    is said in ``notes``, one sentence each.

    :raises TournamentError: a name holds an invisible character.
    """
    names = trf.whole_names(doc)
    clubs = trf.clubs(doc)
    areas = trf.areas(doc)
    withdrawn = trf.withdrawals(doc)
    top = trf.top_players(doc)
    national = trf.national_ids(doc)
    national_ratings = trf.national_ratings(doc)
    nrs = trf.nrs_ratings(doc)
    years = trf.birth_years(doc)
    boards = trf.fixed_boards(doc)
    codes = trf.access_codes(doc)
    fide = trf.fide_ratings(doc)
    rows = {}
    for player in doc.players:
        rank = player.start_rank
        refuse_invisible(player)
        rows[rank] = {
            "name": (names.get(rank) or player.name or f"Player {rank}")[:100],
            "rating": player.rating,
            "title": _title(player, notes),
            "federation": player.federation[:3].upper(),  # as written: some hold clubs here
            "fide_id": int(player.fide_id) if ascii_digits(player.fide_id) else None,
            "birth_date": trf_date(player.birth_date),
            "sex": {"m": "m", "w": "w", "f": "w"}.get(player.sex.lower(), ""),
            "club": clubs.get(rank, "")[:100],
            "area": areas.get(rank, "")[:100],
            "top_player": rank in top,
            "withdrawn_after_round": withdrawn.get(rank),
            "national_id": national.get(rank, "")[:20],
            # Ours (SWX) first, else a year alone in the 001 birth date (#35).
            "birth_year": years.get(rank) or trf_year(player.birth_date),
            "fixed_board": boards.get(rank),
        }
        # Ours (SWV) first; else another program's TRF-2026 NRS record, without a
        # list's name (TRF-2026 has no place for it).
        rating, listed = national_ratings.get(rank, (nrs[rank][1], "") if rank in nrs else (0, ""))
        rows[rank]["national_rating"] = min(rating, 9999)
        rows[rank]["national_list"] = listed[:20]
        if rank in nrs and not rows[rank]["national_id"]:
            rows[rank]["national_id"] = nrs[rank][2][:20]
        if rank in codes:
            rows[rank]["access_code"] = codes[rank]
        # FIDE's three ratings (SWX, #35 item 1); a file without them gives the 001
        # line's one to the event's rate of play (``fide_ratings.fill``).
        if rank in fide:
            rows[rank].update(zip(FIDE_RATING_FIELDS, fide[rank], strict=True))
    return rows


def trf_entries(doc: TrfDocument, rows: Sequence[Mapping[str, Any]]) -> list[Entry]:
    """The players of a TRF file for :func:`~.imports.duplicate_players`; ``rows`` holds
    their fields as imported, in starting-rank order (the name, the FIDE ID)."""
    players = sorted(doc.players, key=lambda p: p.start_rank)
    return [
        Entry(
            line=player.line,
            number=player.start_rank,
            name=str(row["name"]),
            fide_id=row["fide_id"],
            birth_date=player.birth_date,
        )
        for player, row in zip(players, rows, strict=True)
    ]
