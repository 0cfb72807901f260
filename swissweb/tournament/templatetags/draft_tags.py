"""The draft review's board lines (#36 item 1), written in Python.

A draft of 1,000 players has 500 lines of 14 cells; through the template language
(an ``{% include %}`` or a loop of ``{{ }}``) they cost most of the page's 200 ms
budget, written here they cost a few milliseconds.  Every value is escaped.

Each pairing number is a link that picks the player for the swap form (#36 item 1):
``?swap=A`` fills its first field, ``?swap=A&swap=B`` both, so that picking works
without JavaScript; static/js/draft_review.js fills the fields in place instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from swissweb.tournament.rounds.draft_review import DraftBracket, DraftSide
from swissweb.tournament.templatetags.tournament_tags import score

register = template.Library()


def _name(side: DraftSide) -> str:
    return escape(f"{side.title} {side.name}" if side.title else side.name)


def _pick(number: int | None, picked: Sequence[int]) -> str:
    """The pairing number as a link that picks its player for the swap: the first pick
    while none or two are picked, else the second (``picked``: the numbers picked)."""
    if not number:
        return ""
    query = f"swap={picked[0]}&amp;swap={number}" if len(picked) == 1 else f"swap={number}"
    mark = ' class="picked"' if number in picked else ""
    return f'<a href="?{query}#swap"{mark}>{number}</a>'


def _marks(side: DraftSide) -> str:
    history = f"<small>{escape(side.history)}</small>" if side.history else ""
    return f"<td>{side.float}{history}</td>"


@register.simple_tag
def draft_lines(bracket: DraftBracket, picked: Sequence[int] = ()) -> SafeString:
    """The lines of ``bracket``'s boards: board, White (number, name, rating, points,
    marks), the result column, Black (marks, points, name, rating, number), the board's
    "?" (its steps, static/js/draft_review.js) and its colour swap (the table's form).
    Each number picks its player for the swap form (``_pick``; ``picked``: the numbers
    the page's query picked already)."""
    edited = escape(gettext("changed by the arbiter"))
    bye = escape(gettext("bye"))
    lines = []
    for line in bracket.boards:
        white, black = line.white, line.black
        mark = f' <span title="{edited}">✎</span>' if line.edited else ""
        cells = [
            f"<td>{line.board}{mark}</td><td>{_pick(white.number, picked)}</td>"
            f"<td>{_name(white)}</td>"
            f"<td>{white.rating or ''}</td><td>{score(white.points)}</td>{_marks(white)}"
        ]
        if black is not None:
            cells.append(
                f"<td>–</td>{_marks(black)}<td>{score(black.points)}</td><td>{_name(black)}</td>"
                f"<td>{black.rating or ''}</td><td>{_pick(black.number, picked)}</td>"
            )
        else:
            cells.append(f"<td>{bye}</td><td></td><td></td><td></td><td></td><td></td>")
        swap = f'<button name="board" value="{line.board}">⇄</button>' if black else ""
        cells.append(f'<td><a href="why/?board={line.board}">?</a></td><td>{swap}</td>')
        row = ' class="ed"' if line.edited else ""
        lines.append(f"<tr{row}>{''.join(cells)}</tr>")
    return mark_safe("\n".join(lines))  # every value above is escaped or a number
