"""The national rating report of an event: a CSV for a national federation (#35 item 1).

FIDE's rating report (``rating_report``) writes FIDE's data alone; a federation that
rates the event for its own list (DWZ, ECF...) needs the national IDs and ratings
instead.  One line per player, in starting-rank order, with these columns (the guide,
``docs/two-ratings.md``, says the same):

``no``
    the starting rank (pairing number), which the round columns name;
``national_id``, ``name``, ``national_rating``, ``national_list``
    the player's national ID, name, national rating (empty when unrated) and the
    list's name;
``fide_id``, ``federation``, ``club``, ``birth_year``, ``sex``
    as registered (``sex`` ``m`` or ``w``);
``points``, ``rank``
    the event's points and the place by its tie-breaks (empty while a round's results
    are half entered, as in the TRF);
``games``, ``score``
    the games played over the board (a forfeit, a bye and a game of less than one
    move are not games) and the points scored in them (1, ½, 0 each);
``opponents_average``
    the average national rating of the nationally rated opponents of those games,
    rounded to the nearest whole number (empty without one);
``round_1`` ... ``round_N``
    each round as the TRF player line writes it: the opponent's starting rank, the
    colour (``w``, ``b``) and the result code (``1 = 0 + -``, ``W D L`` for less than
    one move, ``H F U Z`` for byes and absences), e.g. ``12 w 1``; empty when not paired.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from swissweb.tournament.core.numbers import decimal_text
from swissweb.tournament.models import Event
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.cells import text_cell

SCORES = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
"""A game played over the board, by its TRF result code, and its score."""

COLUMNS = (
    "no", "national_id", "name", "national_rating", "national_list", "fide_id", "federation",
    "club", "birth_year", "sex", "points", "rank", "games", "score", "opponents_average",
)  # fmt: skip


def national_report(event: Event) -> str:
    """The report as CSV text (see the module's docstring)."""
    data = exports.event_records(event)
    by_rank = {data.rank[p.pk]: p for p in data.players}
    rounds = max((len(record.rounds) for record in data.trf_players), default=0)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*COLUMNS, *(f"round_{n}" for n in range(1, rounds + 1))])
    for player, record in zip(data.players, data.trf_players, strict=True):
        played = [
            (block.opponent, SCORES[block.result])
            for block in record.rounds
            if block.opponent is not None and block.result in SCORES
        ]
        rated = [
            by_rank[opponent].national_rating
            for opponent, _ in played
            if opponent in by_rank and by_rank[opponent].national_rating
        ]
        birth_year = player.birth_date.year if player.birth_date else player.birth_year
        cells = [
            record.start_rank,
            text_cell(player.national_id),
            text_cell(player.name),
            player.national_rating or "",
            text_cell(player.national_list),
            player.fide_id or "",
            text_cell(player.federation),
            text_cell(player.club),
            birth_year or "",
            player.sex,
            "" if record.points is None else decimal_text(record.points),
            record.rank or "",
            len(played),
            decimal_text(sum((score for _, score in played), Fraction(0))),
            round(Fraction(sum(rated), len(rated))) if rated else "",
        ]
        cells += [
            "" if block.blank else f"{block.opponent or 0} {block.color} {block.result}".strip()
            for block in record.rounds
        ]
        writer.writerow(cells + [""] * (rounds - len(record.rounds)))
    return out.getvalue()


__all__ = ["COLUMNS", "national_report"]
