"""PGN of the published rounds, for broadcast tools and databases (#24).

One game per board with two players, in board order, written by python-chess (a
well-kept library that writes PGN as the standard and the broadcast tools read it;
our games have no moves, only headers).  Headers: Event, Site (the venue), Date (the
round's date: the event's, else the day it was paired), Round (``round.board``, as
broadcasts number boards), White, Black, their Elo, title and FIDE ID when known, and
Result.  A round in play gives ``*`` for a board without a result, so a broadcast can
follow it.  A forfeit gives its winner's result with the comment "forfeit"; a double
forfeit and an adjourned game stay ``*`` with a comment.  The pairing-allocated bye is
not a game.

Tag values are written as the standard's string tokens (PGN 8.1.1): a backslash as
``\\\\``, a quote as ``\\"``, and a line break, which cannot stand inside a tag, as a
space.  python-chess 1.11 writes a value as it is given, so a name holding a quote
ended its tag early and wrote tags of its own (D14, #31); a name keeps its quotes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import chess.pgn

from swissweb.tournament.models import Event, Result
from swissweb.tournament.players.rows import PlayerRow
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds.selectors import GameRow, PairedRound

_RESULTS = {
    Result.WHITE_WINS: ("1-0", ""),
    Result.BLACK_WINS: ("0-1", ""),
    Result.DRAW: ("1/2-1/2", ""),
    Result.WHITE_WINS_FORFEIT: ("1-0", "forfeit: Black did not play"),
    Result.BLACK_WINS_FORFEIT: ("0-1", "forfeit: White did not play"),
    Result.DOUBLE_FORFEIT: ("*", "double forfeit: neither played"),
    Result.ADJOURNED: ("*", "adjourned"),
    Result.NOT_PLAYED_YET: ("*", ""),
}
"""Each result as PGN's Result header, and the comment that goes with it."""


def rounds_pgn(event: Event, rounds: Sequence[PairedRound]) -> str:
    """Every game of ``rounds`` (each with its ``games`` and players), as one PGN text."""
    dates = exports.round_dates(event, rounds)
    texts = [
        _game_text(
            event, round_, game, dates[round_.number - 1] if round_.number <= len(dates) else None
        )
        for round_ in rounds
        for game in round_.games
        if game.black is not None
    ]
    return "\n\n".join(texts) + ("\n" if texts else "")


def _game_text(event: Event, round_: PairedRound, game: GameRow, day: dt.date | None) -> str:
    result, comment = _RESULTS[Result(game.result)]
    pgn = chess.pgn.Game()
    headers = pgn.headers
    headers["Event"] = _tag(event.name)
    headers["Site"] = _tag(event.venue) or "?"
    headers["Date"] = f"{day:%Y.%m.%d}" if day is not None else "????.??.??"
    headers["Round"] = f"{round_.number}.{game.board}"
    assert game.black is not None
    for side, player in (("White", game.white), ("Black", game.black)):
        headers[side] = _tag(player.name)
        _player_headers(headers, side, player)
    headers["Result"] = result
    if comment:
        pgn.comment = comment
    return str(pgn)


def _player_headers(headers: chess.pgn.Headers, side: str, player: PlayerRow) -> None:
    # FIDE's Elo only (#35): a national rating is never written as one.
    if player.rating:
        headers[f"{side}Elo"] = str(player.rating)
    if player.title:
        headers[f"{side}Title"] = _tag(player.title)
    if player.fide_id:
        headers[f"{side}FideId"] = str(player.fide_id)


def _tag(value: str) -> str:
    """``value`` as the inside of a PGN string token: one line, ``\\`` and ``"`` escaped."""
    line = " ".join(value.splitlines())
    return line.replace("\\", "\\\\").replace('"', '\\"')
