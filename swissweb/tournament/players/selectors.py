"""Reads for the player pages: the players, a player's card, the requests page."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Q
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from swissweb.tournament.core.caching import _MEMO, CACHE_SECONDS, _memoised, cache_version, cached
from swissweb.tournament.core.errors import NotFound
from swissweb.tournament.core.numbers import half_points_text, points_words
from swissweb.tournament.models import (
    Event,
    Game,
    RequestKind,
    Result,
    Round,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players.rating_change import (
    K_RULE_TEXTS,
    change_text,
    event_ratings,
    expected_text,
    player_k,
)
from swissweb.tournament.players.rows import PlayerRow, in_pairing_order
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    Outcome,
    rules_for,
    score,
)
from swissweb.tournament.rounds.selectors import step_line


def event_players(*, event: Event) -> tuple[PlayerRow, ...]:
    """The event's players in pairing-number order (entries without a number last); one
    query."""
    basis = event.rating_basis
    return tuple(
        PlayerRow.of(player, basis) for player in in_pairing_order(event.players.all(), basis)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRound:
    """One line of a player's card: a published round as that player saw it."""

    number: int
    opponent: PlayerRow | None
    colour: str
    result: str
    float: str
    explanation: tuple[str, ...]
    game_id: int | None = None
    """The board's game, whose result a card cached before it was entered reads live."""
    expected: str = ""
    """The expected score of a rated game (FIDE B.02 8.3), "" for a game not rated."""
    change: str = ""
    """The rating change of a rated game (FIDE B.02 8.3), "" for a game not rated."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCard:
    """A player's card: every published round, with colours, floats and the reasons."""

    player: PlayerRow
    rounds: tuple[CardRound, ...]
    colour_history: str
    points: str
    points_words: str = ""
    """The points with their word, by the language's plural rules: "1½ points"."""
    performance: int | None = None
    """Rp against the rated opponents (FIDE B.02 8.1(a)), None with none met."""
    rating_change: str = ""
    """The event's rating change (FIDE B.02 8.3), "" for an unrated player."""
    k: str = ""
    """The player's K and the rule that gave it, "" for an unrated player."""


_WON, _LOST, _DREW = gettext_lazy("won"), gettext_lazy("lost"), gettext_lazy("drew")
_WON_FORFEIT, _LOST_FORFEIT = gettext_lazy("won by forfeit"), gettext_lazy("lost by forfeit")
_BOTH_FORFEIT = gettext_lazy("lost by forfeit (both)")
# Translators: a player's game, on the player's card.
_ADJOURNED = gettext_lazy("adjourned")

_RESULT_FOR_WHITE_BLACK = {
    Result.WHITE_WINS: (_WON, _LOST),
    Result.BLACK_WINS: (_LOST, _WON),
    Result.DRAW: (_DREW, _DREW),
    Result.WHITE_WINS_FORFEIT: (_WON_FORFEIT, _LOST_FORFEIT),
    Result.BLACK_WINS_FORFEIT: (_LOST_FORFEIT, _WON_FORFEIT),
    Result.DOUBLE_FORFEIT: (_BOTH_FORFEIT, _BOTH_FORFEIT),
    Result.ADJOURNED: (_ADJOURNED, _ADJOURNED),
}
"""A game's result as the player on each side had it, for the player card (#20)."""


def _result_for(result: Result, white: bool) -> str:
    """The result from one player's side: "won", "drew", "lost by forfeit", ..."""
    for_white, for_black = _RESULT_FOR_WHITE_BLACK.get(result, (result.label, result.label))
    return str(for_white if white else for_black)


UNPAIRED_RESULTS = {
    Outcome.HALF_POINT_BYE.value: gettext_lazy("half-point bye"),
    Outcome.FULL_POINT_BYE.value: gettext_lazy("full-point bye"),
}
"""A round without a board on the player card, by the bye recorded for it (the TRF code
of the engine's outcome or request); any other is "not paired" (#20)."""


def player_card(*, event: Event, pairing_number: int) -> PlayerCard:
    """The public card of one player (published rounds only).

    A crowd of readers opens cards all day while results come in (#21), so the card is
    built in layers that change at different speeds:

    - what every card needs from the completed rounds (floats, byes, colours, points),
      computed once for all players per change of the standings (``_card_basis``);
    - each round's explanation indexed by player, once per round (``_round_steps``);
    - the card itself, cached per change of the standings, with the game of the round
      in play by its id;
    - that game's result, read fresh on every request (one small query), so a result
      entered a second ago shows while everything else comes from the cache.
    """
    # The card holds words ("won", "in play"): one cached card per language.
    key = ("card", cache_version(event), get_language(), pairing_number)
    card, live = cached(key, lambda: _player_card(event, pairing_number))
    if not live:
        return card
    results = dict(Game.objects.filter(pk__in=live).values_list("pk", "result"))
    rounds = tuple(
        replace(line, result=_live_result(line, results)) if line.game_id in live else line
        for line in card.rounds
    )
    return replace(card, rounds=rounds)


def _live_result(line: CardRound, results: dict[int, str]) -> str:
    return _result_text(results.get(line.game_id or 0, ""), line.colour == "white")


def _result_text(result: str, white: bool) -> str:
    """A board's result from one player's side, or "in play" while it has none."""
    return _result_for(Result(result), white) if result else _("in play")


def _card_basis(event: Event) -> dict[int, tuple[tuple[str, ...], dict[int, str], str, int]]:
    """Per pairing number: floats by round, byes by round, colour history, half-points."""

    def compute() -> dict[int, tuple[tuple[str, ...], dict[int, str], str, int]]:
        state = engine_adapter.completed_state(event)
        # The cards' rating changes come from the same state: read it once for both.
        event_ratings(event, state=state)
        floats = rules_for(event.system).float_history(state)
        basis = {}
        for engine_player in state.players:
            number = engine_player.pairing_number
            byes = {r.round_number: r.outcome.value for r in engine_player.history}
            marks = tuple(f.value if f is not None else "" for f in floats.get(number, ()))
            colours = "".join(
                (r.colour.value.upper() if r.played and r.colour else "-")
                for r in engine_player.history
            )
            points = int(score(engine_player, state.points))
            basis[int(number)] = (marks, byes, colours, points)
        # The byes of the round in play are the requests of the round after the last
        # completed one.
        for request in state.requests:
            basis[int(request.pairing_number)][1][state.rounds_completed + 1] = request.kind.value
        return basis

    key = ("card-basis", cache_version(event))
    return _memoised(":".join(map(str, key)), lambda: cached(key, compute))


COLOUR_LETTERS = {
    "W": pgettext_lazy("White, one letter", "W"),
    "B": pgettext_lazy("Black, one letter", "B"),
}
"""A colour history's letters on the player's card (the engine writes W and B)."""

FLOAT_WORDS = {"up": pgettext_lazy("float", "up"), "down": pgettext_lazy("float", "down")}
"""A float's direction on the player's card (the engine's ``Float`` values)."""


def _round_steps(
    rounds: list[tuple[int, float]],
) -> dict[int, dict[int, tuple[str, ...]]]:
    """Each round's explanation by pairing number, by round id; ``rounds`` holds (id,
    modification stamp).  The rounds not cached yet are read in one query.  The lines
    are kept per language: an arbiter's own step is named in the reader's."""
    language = get_language()
    names = {pk: f"swissweb:round-steps:{pk}:{stamp}:{language}" for pk, stamp in rounds}
    found: dict[str, dict[int, tuple[str, ...]]] = {
        name: _MEMO[name] for name in names.values() if name in _MEMO
    }
    wanted = [name for name in names.values() if name not in found]
    if wanted:
        found.update(cache.get_many(wanted))
    missing = [pk for pk, name in names.items() if name not in found]
    fresh = {}
    for pk, explanation in Round.objects.filter(pk__in=missing).values_list("pk", "explanation"):
        steps: dict[int, list[str]] = {}
        for step in explanation:
            for number in step.get("players", []):
                steps.setdefault(int(number), []).append(step_line(step))
        fresh[names[pk]] = {number: tuple(lines) for number, lines in steps.items()}
    if fresh:
        cache.set_many(fresh, CACHE_SECONDS)
    found.update(fresh)
    for name in names.values():
        _memoised(name, functools.partial(found.__getitem__, name))
    return {pk: found[name] for pk, name in names.items()}


def _player_card(event: Event, pairing_number: int) -> tuple[PlayerCard, frozenset[int]]:
    """The card, and the ids of its games in the round in play (their results read live)."""

    player = event.players.filter(pairing_number=pairing_number).first()
    if player is None:
        raise NotFound("No such player.")
    floats, byes, colours, points = _card_basis(event).get(pairing_number, ((), {}, "", 0))
    colours = "".join(str(COLOUR_LETTERS.get(letter, letter)) for letter in colours)
    rounds_ = list(
        event.round_set.exclude(state=RoundState.PAIRED)
        .order_by("number")
        .values_list("pk", "number", "modified_at", "state")
    )
    games = {
        game.round_id: game
        for game in Game.objects.filter(round_id__in=[pk for pk, *_ in rounds_])
        .filter(Q(white=player) | Q(black=player))
        .select_related("white", "black")
    }
    steps = _round_steps([(pk, modified.timestamp()) for pk, _, modified, _ in rounds_])
    rated = event_ratings(event).get(pairing_number)
    rounds, live = [], set()
    for round_id, number, _modified, state in rounds_:
        game = games.get(round_id)
        mine = steps[round_id].get(pairing_number, ())
        opponent, colour, game_id = None, "", None
        if game is None:
            result = str(UNPAIRED_RESULTS.get(byes.get(number, ""), _("not paired")))
        elif game.black_id is None:
            result = _("pairing-allocated bye")
        else:
            white = game.white_id == player.pk
            other = game.black if white else game.white
            opponent = PlayerRow.of(other) if other is not None else None
            colour = "white" if white else "black"
            game_id = game.pk
            result = _result_text(game.result, white)
            if state != RoundState.COMPLETED:
                # A result of the round in play changes no standings version: read live.
                live.add(game.pk)
        float_mark = floats[number - 1] if number <= len(floats) else ""
        float_mark = str(FLOAT_WORDS.get(float_mark, float_mark))
        rated_game = rated.games.get(number) if rated is not None else None
        rounds.append(
            CardRound(
                number=number, opponent=opponent, colour=colour, result=result,
                float=float_mark, explanation=mine, game_id=game_id,
                expected=expected_text(rated_game.expected) if rated_game else "",
                change=change_text(rated_game.change) if rated_game else "",
            )
        )  # fmt: skip
    k = player_k(event, player)
    card = PlayerCard(
        player=PlayerRow.of(player), rounds=tuple(rounds), colour_history=colours,
        points=half_points_text(points), points_words=points_words(Fraction(points, 2)),
        performance=rated.performance if rated is not None else None,
        rating_change=change_text(rated.change) if rated is not None and player.rating else "",
        k=f"K {k.value} ({K_RULE_TEXTS[k.rule]})" if player.rating else "",
    )  # fmt: skip
    return card, frozenset(live)


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestRow:
    """A bye or an absence recorded for a round (FIDE C.04.2 Article 3), with its player."""

    pk: int
    round_number: int
    kind: str
    kind_display: str
    """The request in words, in the reader's language."""
    player_id: int
    player: PlayerRow


@dataclass(frozen=True, slots=True, kw_only=True)
class PairRow:
    """Two players the arbiter keeps apart, and why."""

    pk: int
    first: PlayerRow
    second: PlayerRow
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestsPage:
    """Every request (oldest round first) and forbidden pair of an event."""

    requests: tuple[RequestRow, ...]
    forbidden_pairs: tuple[PairRow, ...]


def requests_page(*, event: Event) -> RequestsPage:
    """Every request (oldest round first) and forbidden pair of the event, with their
    players (two queries)."""
    kinds = dict(RequestKind.choices)
    requests = (
        RoundRequest.objects.filter(player__event=event)
        .select_related("player")
        .order_by("round_number", "player__pairing_number", "player__name")
    )
    pairs = event.forbidden_pairs.select_related("first", "second").order_by(
        "first__pairing_number", "first__name"
    )
    return RequestsPage(
        requests=tuple(
            RequestRow(
                pk=r.pk, round_number=r.round_number, kind=r.kind,
                kind_display=str(kinds.get(r.kind, r.kind)), player_id=r.player_id,
                player=PlayerRow.of(r.player),
            )
            for r in requests
        ),
        forbidden_pairs=tuple(
            PairRow(
                pk=p.pk, first=PlayerRow.of(p.first), second=PlayerRow.of(p.second),
                reason=p.reason,
            )
            for p in pairs
        ),
    )  # fmt: skip
