"""Template filters that only format values (STYLE 5.8), and ``fill_results``."""

from __future__ import annotations

import re
from fractions import Fraction

from django import template
from django.utils.formats import get_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from swissweb.tournament.core.numbers import points_short, points_text
from swissweb.tournament.core.rating_basis import Rated, pairing_rating
from swissweb.tournament.events import schedule
from swissweb.tournament.models import Event, Result
from swissweb.tournament.rounds.forms import result_shown

register = template.Library()

DECIMAL = re.compile(r"[-+]?\d+\.\d+")


@register.filter
def local_decimal(value: object) -> str:
    """A decimal written by ``numbers`` ("12.75") with the reader's decimal separator
    ("12,75" in German, #24).  Anything else (points with ``½``, whole numbers, an empty
    cell) is left as it is; files keep the point (``numbers.decimal_text``)."""
    text = "" if value is None else str(value)
    if not DECIMAL.fullmatch(text):
        return text
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


@register.filter
def score(value: Fraction | int | None) -> str:
    """A score in points with halves as ``½`` (``numbers.points_text``); empty for None."""
    if value is None:
        return ""
    return local_decimal(points_text(value))


@register.filter
def rating_by(rated: Rated, basis: str) -> int:
    """The rating an event pairing on ``basis`` (``Event.rating_basis``) gives ``rated``
    (``core.rating_basis``), 0 for unrated: ``{{ entry|rating_by:event.rating_basis }}``."""
    return pairing_rating(basis, rated)


@register.filter
def score_short(value: Fraction | int) -> str:
    """A score with its abbreviated word, "1 pt" or "4½ pts", in the reader's plural
    form and decimal separator (``numbers.points_short``)."""
    return local_decimal(points_short(value))


@register.filter
def result_field(result: str) -> str:
    """A stored result as its field shows it: a draw is ``½-½`` (``forms.result_shown``)."""
    return result_shown(str(result))


@register.filter
def result_label(board: int) -> str:
    """The label of a board's result field, "Result of board 3", in the reader's
    language: a filter, because the results table repeats it on every board, where a
    ``{% blocktranslate %}`` costs four times as much (1,000 players: 8 ms a page)."""
    return gettext("Result of board %(board)s") % {"board": board}


RESULT_MARK = re.compile(r"<!--result:(\d+)-->")
"""Where a board's result goes in the boards of a round in play (``pairings_table.html``):
a player's name, escaped, can never write it (its ``<`` becomes ``&lt;``)."""


class _FillResults(template.Node):
    def __init__(self, nodelist: template.NodeList, round_: template.base.FilterExpression) -> None:
        self.nodelist = nodelist
        self.round = round_

    def render(self, context: template.Context) -> str:

        html = self.nodelist.render(context)
        if "<!--result:" not in html:
            return html
        results: dict[int, str] = self.round.resolve(context).results()
        labels = {value: conditional_escape(label) for value, label in Result.choices}

        def label(mark: re.Match[str]) -> str:
            return str(labels.get(results.get(int(mark[1]), ""), ""))

        return mark_safe(RESULT_MARK.sub(label, html))  # noqa: S308 - labels escaped above


@register.tag
def fill_results(parser: template.base.Parser, token: template.base.Token) -> _FillResults:
    """``{% fill_results round %}...{% endfill_results %}``: each ``<!--result:N-->``
    inside replaced by the current result of board N of ``round`` (``round.results()``),
    so that the boards around them can stay cached while results come in (#31)."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("fill_results takes one argument, the round")
    nodelist = parser.parse(("endfill_results",))
    parser.delete_first_token()
    return _FillResults(nodelist, parser.compile_filter(bits[1]))


@register.filter
def round_when(event: Event, number: int) -> str:
    """Round ``number``'s date and start time from the event's schedule, in words ("Sat
    14 Mar, 14:00"); "" for a round not scheduled."""
    return schedule.round_when(event, int(number))


@register.filter
def schedule_texts(event: Event) -> list[tuple[int, str]]:
    """Every scheduled round of the event with its date and start time, in round order."""
    return sorted(schedule.schedule_texts(event).items())
