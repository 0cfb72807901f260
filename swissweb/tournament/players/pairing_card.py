"""The arbiter's pairing card of one player (#36 item 4): every round from the player's
side, the running score, the floats, and the colour preference for the next round.

The colours, floats and scores are the engine's (through ``engine_door``): the card says
what the next pairing will read, by the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.numbers import half_points_text
from swissweb.tournament.models import REQUEST_KIND_WORDS, Event, Game, Player, Result
from swissweb.tournament.models import RequestKind as ModelRequestKind
from swissweb.tournament.players.rows import PlayerRow
from swissweb.tournament.players.selectors import FLOAT_WORDS, _result_for
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    Colour,
    EnginePlayer,
    Outcome,
    Strength,
    TournamentState,
    colour_difference,
    colour_preference,
    played_colours,
    rules_for,
)

UNPAIRED_WORDS = {
    Outcome.HALF_POINT_BYE: gettext_lazy("half-point bye"),
    Outcome.FULL_POINT_BYE: gettext_lazy("full-point bye"),
    Outcome.PAIRING_ALLOCATED_BYE: gettext_lazy("pairing-allocated bye"),
    Outcome.ZERO_POINT_BYE: gettext_lazy("not paired (zero points)"),
}
"""A completed round without an opponent, by the engine's outcome."""

STRENGTH_WORDS = {
    Strength.ABSOLUTE: pgettext_lazy("colour preference", "absolute"),
    Strength.STRONG: pgettext_lazy("colour preference", "strong"),
    Strength.MILD: pgettext_lazy("colour preference", "mild"),
}
"""A colour preference's strength (Dutch A7, C.04.3 Article 1.7)."""

COLOUR_WORDS = {Colour.WHITE: gettext_lazy("white"), Colour.BLACK: gettext_lazy("black")}


@dataclass(frozen=True, slots=True, kw_only=True)
class CardLine:
    """One round from the player's side."""

    number: int
    board: int | None
    colour: str
    """"white", "black" or "" (no game)."""
    opponent: PlayerRow | None
    result: str
    """The result from the player's side, the bye, or the round's state."""
    score: str
    """The running score after this round; "" for a round not completed."""
    float: str
    """The float in this round ("up", "down", ""); completed rounds only."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PairingCard:
    """The player's rounds, and what the next pairing reads of them."""

    lines: tuple[CardLine, ...]
    next_round: int
    """The round the preference is for: the first not completed."""
    preference: str
    """E.g. "white (strong)", "none"; "" once every round is completed."""
    colour_difference: int
    recent_floats: str
    """The floats of the last two completed rounds, e.g. "round 4: down"; "" for none."""


def _state(event: Event) -> TournamentState | None:
    try:
        return engine_adapter.completed_state(event)
    except TournamentError:
        return None


def _preference(state: TournamentState, me: EnginePlayer, rounds: int) -> str:
    colours = played_colours(me)
    difference = colour_difference(me)
    completed = state.rounds_completed
    win = state.points.points_for(Outcome.WIN)
    mine = sum(state.points.points_for(record.outcome) for record in me.history)
    # Dutch A7 (C.04.3 Article 1.7): a player over 50% in the last round keeps no
    # absolute preference.
    exempt = completed + 1 == rounds and 2 * mine > win * completed
    colour, strength = colour_preference(colours, difference, exempt=exempt)
    if colour is None:
        return _("none")
    # Translators: a colour preference, e.g. "white (strong)".
    return _("%(colour)s (%(strength)s)") % {
        "colour": COLOUR_WORDS[colour],
        "strength": STRENGTH_WORDS.get(strength, ""),
    }


def pairing_card(*, event: Event, player: Player) -> PairingCard:
    """Every paired round of ``player`` (drafts and the round in play too), with the
    running score, floats and colour preference from the engine's completed state."""
    state = _state(event)
    me = None
    if state is not None and player.pairing_number:
        me = next((p for p in state.players if p.pairing_number == player.pairing_number), None)
    records = {record.round_number: record for record in me.history} if me else {}
    floats = rules_for(event.system).float_history(state).get(me.pairing_number, ()) if (
        state is not None and me is not None
    ) else ()  # fmt: skip
    games = {
        game.round.number: game
        for game in Game.objects.filter(round__event=event)
        .filter(Q(white=player) | Q(black=player))
        .select_related("round", "white", "black")
    }
    wishes = dict(player.requests.values_list("round_number", "kind"))
    paired = list(event.round_set.order_by("number").values_list("number", "state"))
    lines, running = [], 0
    for number, round_state in paired:
        game = games.get(number)
        record = records.get(number)
        opponent, colour, board = None, "", None
        if game is not None and game.black_id is not None:
            white = game.white_id == player.pk
            other = game.black if white else game.white
            opponent = PlayerRow.of(other) if other is not None else None
            colour, board = ("white" if white else "black"), game.board
            if game.result:
                result = _result_for(Result(game.result), white)
            elif round_state == "paired":
                result = _("draft")
            else:
                result = _("in play")
        elif game is not None:
            board, result = game.board, _("pairing-allocated bye")
        elif record is not None:
            result = str(UNPAIRED_WORDS.get(record.outcome, _("not paired")))
        elif number in wishes:
            result = str(REQUEST_KIND_WORDS[ModelRequestKind(wishes[number])])
        else:
            result = _("not paired")
        score = ""
        if record is not None and state is not None:
            running += state.points.points_for(record.outcome)
            score = half_points_text(running)
        mark = floats[number - 1] if number <= len(floats) and floats[number - 1] else None
        lines.append(
            CardLine(
                number=number, board=board, colour=colour, opponent=opponent, result=result,
                score=score, float=str(FLOAT_WORDS.get(mark.value, "")) if mark else "",
            )
        )  # fmt: skip
    completed = state.rounds_completed if state is not None else 0
    recent = [
        _("round %(number)s: %(float)s") % {"number": line.number, "float": line.float}
        for line in lines[max(0, completed - 2) : completed]
        if line.float
    ]
    finished = completed >= event.rounds
    return PairingCard(
        lines=tuple(lines),
        next_round=completed + 1,
        preference=""
        if finished or state is None or me is None
        else _preference(state, me, event.rounds),
        colour_difference=colour_difference(me) if me is not None else 0,
        recent_floats=", ".join(recent),
    )
