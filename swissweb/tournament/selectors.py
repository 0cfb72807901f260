"""Reads for the pages: plain values built from a fixed number of queries."""

from __future__ import annotations

import collections
import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from swissweb.tournament.core.numbers import half_points_text, tiebreak_text
from swissweb.tournament.models import (
    ARBITER_STEP,
    REQUEST_KIND_WORDS,
    Event,
    Game,
    Player,
    RequestKind,
    Result,
    Round,
    RoundRequest,
    RoundState,
    TeamScoring,
)
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    Outcome,
    TournamentState,
    parse_tiebreaks,
    rules_for,
    score,
    scores,
    standings,
    truncated,
)
from swissweb.tournament.standings.prizes import Award
from swissweb.tournament.standings.teams import TeamLine

T = TypeVar("T")


def public_events() -> QuerySet[Event]:
    """Public events, newest first, with their player counts."""
    return Event.objects.filter(public=True).annotate(player_count=Count("players"))


def event_players(*, event: Event) -> list[Player]:
    """The event's players in pairing-number order (entries without a number last)."""
    players = list(event.players.all())
    players.sort(key=lambda p: (p.pairing_number is None, p.pairing_number or 0, -p.rating, p.name))
    return players


def published_rounds(*, event: Event) -> list[Round]:
    """The event's published rounds with their games and players (Dutch F6: public)."""
    games = Game.objects.select_related("white", "black").order_by("board")
    return list(
        event.round_set.exclude(state=RoundState.PAIRED)
        .prefetch_related(Prefetch("games", queryset=games))
        .order_by("number")
    )


def cache_version(event: Event, round_: Round | None = None) -> str:
    """The part of a public fragment's cache key that changes whenever its content may.

    The templates cache the large tables of the public pages (``{% cache %}``, #10): the
    standings, the crosstable, the players and a completed round's boards under
    ``Event.standings_version``, which every change but a result in a round in play
    counts; a round in play under ``Event.results_version``, which every change counts.
    The services count both in the transaction of the change (``services.common._lock_event``);
    ``modified_at`` covers edits of the event itself (the settings form, the admin).
    """
    in_play = round_ is not None and round_.state != RoundState.COMPLETED
    counter = event.results_version if in_play else event.standings_version
    return f"{event.pk}.{counter}.{event.modified_at.timestamp()}"


CACHE_SECONDS = 3600
"""How long a cached value lives: its key changes with its content, so this only bounds
the memory that values of past versions hold (besides the cache's own culling)."""


_MEMO: collections.OrderedDict[str, Any] = collections.OrderedDict()
_MEMO_SIZE = 64


def _memoised(name: str, load: Callable[[], T]) -> T:
    """``load()`` kept in this process too, for values every player card reads.

    The cache pickles what it stores, and unpickling the shared basis and each round's
    explanation took 12 ms of a card's 43 (#21).  The names carry their versions, so a
    process never keeps a stale value; the oldest of the last 64 go first.
    """
    if name in _MEMO:
        _MEMO.move_to_end(name)
        value: T = _MEMO[name]
        return value
    value = load()
    _MEMO[name] = value
    while len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return value


def clear_process_memo() -> None:
    """Forget what ``_memoised`` keeps (for tests, which reuse ids after a rollback)."""
    _MEMO.clear()


def cached(key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, cached under ``key`` (which must hold a ``cache_version``)."""
    name = "swissweb:" + ":".join(str(part) for part in key)
    value: T | None = cache.get(name)
    if value is None:
        value = compute()
        cache.set(name, value, CACHE_SECONDS)
    return value


BOARDS_FRAGMENT = "round-pairings"
"""The ``{% cache %}`` fragment of ``partials/pairings_table.html`` that holds the boards."""


BOARD_COLUMNS = (
    "round_id", "board", "result", "white__name", "white__pairing_number", "white__rating",
    "white__title", "black__name", "black__pairing_number", "black__rating", "black__title",
)  # fmt: skip
"""What the pairings table shows: decoding the other columns (timestamps) cost a third."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Unpaired:
    """A player a request kept out of a round: a bye or a known absence (Dutch F5)."""

    name: str
    pairing_number: int | None
    kind: str
    """The request in words ("half-point bye"), in the reader's language."""


def _unpaired(event: Event, rounds: dict[int, int]) -> dict[int, list[Unpaired]]:
    """The players not paired in each round by a request (Dutch F5), by round id;
    ``rounds`` maps round numbers to round ids.  One query."""
    found: dict[int, list[Unpaired]] = {pk: [] for pk in rounds.values()}
    requests = (
        RoundRequest.objects.filter(player__event=event, round_number__in=list(rounds))
        .select_related("player")
        .only("round_number", "kind", "player__name", "player__pairing_number")
        .order_by("round_number", "player__pairing_number", "player__name")
    )
    for request in requests:
        found[rounds[request.round_number]].append(
            Unpaired(
                name=request.player.name,
                pairing_number=request.player.pairing_number,
                kind=str(REQUEST_KIND_WORDS[RequestKind(request.kind)]),
            )
        )
    return found


def round_unpaired(event: Event, round_: Round) -> list[Unpaired]:
    """The players a bye or a known absence kept out of ``round_`` of ``event`` (Dutch
    F5), by pairing number, for the printed pairings."""
    return _unpaired(event, {round_.number: round_.pk})[round_.pk]


class _LazyBoards:
    """The boards of public rounds, read when a template first needs one round's boards.

    Then one query reads the boards of every round whose ``{% cache %}`` fragment (named
    ``BOARDS_FRAGMENT``, varying on the round's pk, ``cache_version`` and the reader's
    language) is not cached, so a cold cache costs one query and a warm one none (#10).
    """

    def __init__(self, event: Event, rounds: list[Round]) -> None:
        self.event = event
        self.rounds = rounds
        self.games: dict[int, list[Game]] = {}
        self.unpaired: dict[int, list[Unpaired]] = {}
        self.state: TournamentState | None = None
        self.state_read = False

    def _load(self, round_ids: list[int]) -> None:
        games = (
            Game.objects.filter(round_id__in=round_ids)
            .select_related("white", "black")
            .only(*BOARD_COLUMNS)
        )
        for round_id in round_ids:
            self.games[round_id] = []
        for game in games.order_by("board"):
            self.games[game.round_id].append(game)
        # The players a bye or an absence kept out of these rounds, named under the
        # boards: one more query, on a cold cache only.
        ids = {r.number: r.pk for r in self.rounds if r.pk in round_ids}
        self.unpaired.update(_unpaired(self.event, ids))
        # Each player's points before the round, beside the name: one state for every
        # round (on a cold cache only).
        numbers = {r.pk: r.number for r in self.rounds}
        for round_id in round_ids:
            before = self._points_before(numbers[round_id])
            for game in self.games[round_id]:
                game.white_points = before.get(game.white.pairing_number or 0)  # type: ignore[attr-defined]
                game.black_points = (  # type: ignore[attr-defined]
                    before.get(game.black.pairing_number or 0) if game.black else None
                )

    def _points_before(self, number: int) -> dict[int, Fraction]:
        """Every player's points before round ``number`` from the completed rounds, by
        pairing number; empty while an earlier round lacks a result (a correction)."""
        from swissweb.tournament.core.errors import TournamentError

        if not self.state_read:
            self.state_read = True
            try:
                self.state = engine_adapter.completed_state(self.event)
            except TournamentError:
                self.state = None
        if self.state is None or number - 1 > self.state.rounds_completed:
            return {}
        worth = self.state.points.points_for
        return {
            int(p.pairing_number): Fraction(
                sum(worth(r.outcome) for r in p.history[: number - 1]), 2
            )
            for p in self.state.players
        }

    def of(self, round_: Round) -> list[Game]:
        if round_.pk not in self.games:
            keys = {
                r.pk: make_template_fragment_key(
                    BOARDS_FRAGMENT,
                    [r.pk, r.cache_version, get_language()],  # type: ignore[attr-defined]
                )
                for r in self.rounds
            }
            cached = cache.get_many(list(keys.values()))
            missing = [pk for pk, key in keys.items() if key not in cached and pk not in self.games]
            self._load(sorted({*missing, round_.pk}))
        return self.games[round_.pk]

    def unpaired_of(self, round_: Round) -> list[Unpaired]:
        """The players not paired in ``round_`` by their own or the arbiter's request;
        read with its boards (``of`` runs first in the template's fragment)."""
        if round_.pk not in self.unpaired:
            self._load([round_.pk])
        return self.unpaired[round_.pk]


def public_rounds(*, event: Event, number: int | None = None) -> list[Round]:
    """Published rounds (or round ``number``) with ``in_play``, ``cache_version``, ``boards``.

    The boards are read only for rounds whose cached fragment is missing (``_LazyBoards``).
    """
    from swissweb.tournament.rounds.round_rows import (  # they read cache helpers here
        RoundResults,
        public_round_rows,
    )

    rounds = public_round_rows(event)
    if number is not None:
        rounds = [r for r in rounds if r.number == number]
    boards = _LazyBoards(event, rounds)
    results = RoundResults(rounds, boards.games)
    for round_ in rounds:
        round_.in_play = round_in_play(round_)  # type: ignore[attr-defined]
        # The boards change with the standings only: a round in play's results are
        # filled in at each render (``round_rows.RoundResults``, #31).
        round_.cache_version = cache_version(event)  # type: ignore[attr-defined]
        round_.results = SimpleLazyObject(functools.partial(results.of, round_))  # type: ignore[attr-defined]
        round_.boards = SimpleLazyObject(functools.partial(boards.of, round_))  # type: ignore[attr-defined]
        round_.unpaired = SimpleLazyObject(functools.partial(boards.unpaired_of, round_))  # type: ignore[attr-defined]
    return rounds


def event_rounds(*, event: Event) -> list[Round]:
    """Every round of the event, drafts included, with games and players (arbiter view)."""
    games = Game.objects.select_related("white", "black").order_by("board")
    return list(
        event.round_set.prefetch_related(Prefetch("games", queryset=games)).order_by("number")
    )


def step_rule(step: dict[str, Any]) -> str:
    """The rule a step of a round's explanation applies: the engine's by its name
    ("Dutch A3"), the arbiter's own edits named in the reader's language."""
    return _("Arbiter") if step["rule"] == ARBITER_STEP else str(step["rule"])


def step_line(step: dict[str, Any]) -> str:
    """One step of a round's explanation as a line, "rule: text"."""
    return f"{step_rule(step)}: {step['text']}"


def board_reasons(round_: Round) -> dict[int, list[str]]:
    """The engine's explanation of a round, by the pairing numbers each step concerns."""
    reasons: dict[int, list[str]] = {}
    for step in round_.explanation:
        for number in step.get("players", []):
            reasons.setdefault(number, []).append(step_line(step))
    return reasons


def published_round(*, event: Event, number: int) -> Round:
    """One published round with lazy ``boards`` (``public_rounds``); 404 for drafts."""
    from django.http import Http404

    rounds = public_rounds(event=event, number=number)
    if not rounds:
        raise Http404("No such published round.")
    return rounds[0]


def round_in_play(round_: Round) -> bool:
    """True while a published round still has boards without a result."""
    return round_.state == RoundState.PUBLISHED


def standings_round(*, event: Event, after_round: int | None) -> tuple[int, int]:
    """The round the standings are after, and the last completed round.

    ``after_round`` is the round asked for (``None`` for the last completed one); the
    standings are never after a round that is not completed.
    """
    last = cached(
        ("last-completed", cache_version(event)), lambda: engine_adapter.last_completed_round(event)
    )
    return (last if after_round is None else min(after_round, last)), last


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRound:
    """One line of a player's card: a published round as that player saw it."""

    number: int
    opponent: Player | None
    colour: str
    result: str
    float: str
    explanation: tuple[str, ...]
    game_id: int | None = None
    """The board's game, whose result a card cached before it was entered reads live."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCard:
    """A player's card: every published round, with colours, floats and the reasons."""

    player: Player
    rounds: tuple[CardRound, ...]
    colour_history: str
    points: str


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


def _card_basis(event: Event) -> dict[int, tuple[tuple[str, ...], dict[int, str], str, str]]:
    """Per pairing number: floats by round, byes by round, colour history, points."""

    def compute() -> dict[int, tuple[tuple[str, ...], dict[int, str], str, str]]:
        state = engine_adapter.completed_state(event)
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
            points = half_points_text(score(engine_player, state.points))
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
    from django.http import Http404

    player = event.players.filter(pairing_number=pairing_number).first()
    if player is None:
        raise Http404("No such player.")
    floats, byes, colours, points = _card_basis(event).get(
        pairing_number, ((), {}, "", half_points_text(0))
    )
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
            opponent = game.black if white else game.white
            colour = "white" if white else "black"
            game_id = game.pk
            result = _result_text(game.result, white)
            if state != RoundState.COMPLETED:
                # A result of the round in play changes no standings version: read live.
                live.add(game.pk)
        float_mark = floats[number - 1] if number <= len(floats) else ""
        float_mark = str(FLOAT_WORDS.get(float_mark, float_mark))
        rounds.append(
            CardRound(
                number=number, opponent=opponent, colour=colour, result=result,
                float=float_mark, explanation=mine, game_id=game_id,
            )
        )  # fmt: skip
    card = PlayerCard(player=player, rounds=tuple(rounds), colour_history=colours, points=points)
    return card, frozenset(live)


@dataclass(frozen=True, slots=True, kw_only=True)
class CrossCell:
    """One round of a crosstable row: opponent's rank, colour and result."""

    opponent_rank: int | None
    colour: str
    result: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsLine:
    """One line of the standings or crosstable, ready to print."""

    rank: int
    tied: bool
    player: Player
    points: Fraction
    values: tuple[Fraction, ...]
    texts: tuple[str, ...]
    """The tie-break values as the pages write them (``numbers.tiebreak_text``)."""
    cells: tuple[CrossCell, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Standings:
    """Standings after a round, with the event's tie-breaks."""

    after_round: int
    tiebreaks: tuple[str, ...]
    lines: tuple[StandingsLine, ...]


RESULT_MARKS = {
    "1": "1", "0": "0", "=": "½", "+": "+", "-": "-", "W": "1", "D": "½", "L": "0",
    "A": "½", "H": "½", "F": "+", "U": "+", "Z": "-",
}  # fmt: skip


def standings_after(*, event: Event, after_round: int | None = None) -> Standings:
    """Standings (and crosstable cells) after a completed round, the last one by default.

    Four queries whatever the size: players, games, requests and forbidden pairs.
    """
    if event.started_at is None or not event.players.exists():
        # Before pairing numbers are given there is nothing to rank: an empty table, not
        # an error (a public event shows its pages from registration on).
        codes = parse_tiebreaks(event.tiebreaks)
        return Standings(after_round=0, tiebreaks=tuple(c.value for c in codes), lines=())
    state = engine_adapter.completed_state(event)
    rounds = state.rounds_completed
    if after_round is not None:
        rounds = min(after_round, rounds)
    state = truncated(state, rounds)
    codes = parse_tiebreaks(event.tiebreaks)
    rows = standings(
        state,
        tiebreaks=codes,
        unplayed=engine_adapter.tiebreak_rules(event),
        unrated_rating=event.unrated_rating,
        lot_seed=event.lots_seed,
    )
    players = {p.pairing_number: p for p in event.players.all()}
    engine_players = {p.pairing_number: p for p in state.players}
    rank_of = {row.pairing_number: row.rank for row in rows}
    lines = []
    for row in rows:
        cells = tuple(
            CrossCell(
                opponent_rank=rank_of.get(record.opponent) if record.opponent else None,
                colour=record.colour.value if record.colour and record.opponent else "",
                result=RESULT_MARKS.get(record.outcome.value, ""),
            )
            for record in engine_players[row.pairing_number].history
        )
        lines.append(
            StandingsLine(
                rank=row.rank,
                tied=row.tied_with_previous,
                player=players[row.pairing_number],
                points=row.points,
                values=row.values,
                texts=tuple(
                    tiebreak_text(code.value, value)
                    for code, value in zip(codes, row.values, strict=True)
                ),
                cells=cells,
            )
        )
    return Standings(
        after_round=rounds, tiebreaks=tuple(c.value for c in codes), lines=tuple(lines)
    )


# The arbiter's workspace (#20): one page per task, each reading only what it shows.


@dataclass(frozen=True, slots=True, kw_only=True)
class Workspace:
    """What every page of the arbiter's workspace needs: the rounds, and what is allowed.

    Three small queries whatever the size of the event (rounds, the last round's boards
    without a result, the number of players).
    """

    rounds: tuple[tuple[int, str], ...]
    """Every round paired so far: number and state, in order."""
    last: int
    """The last round paired (a draft included); 0 before round 1."""
    last_state: str
    last_complete: bool
    started: bool
    can_start: bool
    can_pair: bool
    next_round: int | None
    """The round to pair next, ``None`` when every planned round is paired."""

    @property
    def can_edit_numbers(self) -> bool:
        """Pairing numbers move only between the start and round 1."""
        return self.started and self.last == 0


def workspace(*, event: Event) -> Workspace:
    """The state of the event every workspace page shows in its navigation and buttons."""
    rounds = tuple(event.round_set.order_by("number").values_list("number", "state"))
    last, last_state = rounds[-1] if rounds else (0, "")
    last_complete = (
        not rounds
        or not Game.objects.filter(round__event=event, round__number=last, result="").exists()
    )
    started = event.started_at is not None
    next_round = last + 1 if last < event.rounds else None
    return Workspace(
        rounds=rounds,
        last=last,
        last_state=last_state,
        last_complete=last_complete,
        started=started,
        can_start=not rounds and event.players.count() >= 2,
        can_pair=started
        and next_round is not None
        and last_state != RoundState.PAIRED
        and last_complete,
        next_round=next_round,
    )


def _board_players(game: Game) -> frozenset[int]:
    players = {game.white.pairing_number or 0}
    if game.black is not None:
        players.add(game.black.pairing_number or 0)
    return frozenset(players)


def with_reasons(round_: Round, games: list[Game]) -> None:
    """Each board of a draft gets its own reasons (``reasons``) and the number of steps of
    its score bracket (``bracket_steps``), which the round's "why" page lists.

    A board's own reasons are the steps that name only its players (its colours, a float):
    the steps of a whole bracket name every player in it, and repeating them on every
    board made the draft page of 1,000 players weigh 1.2 MB.  A board the arbiter changed
    (a swap or a colour flip) shows the arbiter's step alone: the engine's reasons no
    longer describe it.
    """
    by_player: dict[int, list[tuple[int, str, str, frozenset[int]]]] = {}
    for index, step in enumerate(round_.explanation):
        named = frozenset(step.get("players", []))
        entry = (index, step["rule"], step_line(step), named)
        for number in named:
            by_player.setdefault(number, []).append(entry)
    for game in games:
        players = _board_players(game)
        mine = sorted({e for number in players for e in by_player.get(number, [])})
        edited = [line for _, rule, line, who in mine if rule == ARBITER_STEP and who == players]
        own = [line for _, rule, line, who in mine if rule != ARBITER_STEP and who <= players]
        game.reasons = edited[-1:] if edited else own  # type: ignore[attr-defined]
        game.bracket_steps = 0 if edited else len(mine) - len(own)  # type: ignore[attr-defined]


def board_steps(round_: Round, board: int) -> list[dict[str, Any]] | None:
    """The steps of a round's explanation that concern one board's players; ``None`` when
    the round has no such board."""
    game = round_.games.select_related("white", "black").filter(board=board).first()
    if game is None:
        return None
    players = _board_players(game)
    return [s for s in round_.explanation if players & set(s.get("players", []))]


def round_games(round_: Round) -> list[Game]:
    """A round's boards with both players, in board order (one query)."""
    return list(round_.games.select_related("white", "black").order_by("board"))


def prize_awards(*, event: Event) -> tuple[int, list[Award]]:
    """The prize list (``prizes.py``) by the standings after the last completed round,
    and that round (0: none yet, no prizes)."""
    from swissweb.tournament.standings.prizes import Contender, prize_list, read_table

    table = standings_after(event=event)
    if table.after_round == 0 or not event.prize_table.strip():
        return table.after_round, []
    contenders = [
        Contender(
            key=line.player.pk,
            name=line.player.name,
            place=place,
            number=line.player.pairing_number or 0,
            points=line.points,
            rating=line.player.rating,
            birth_year=(
                line.player.birth_date.year if line.player.birth_date else line.player.birth_year
            ),
            sex=line.player.sex,
            club=line.player.club,
        )
        for place, line in enumerate(table.lines, start=1)
    ]
    return table.after_round, prize_list(
        read_table(event.prize_table), contenders, event.prize_sharing
    )


def team_table(*, event: Event, after_round: int | None = None) -> list[TeamLine]:
    """The clubs' (or schools') standings after a completed round (``teams.py``): the
    individual standings for each player's place, the engine's state for the points of
    each round (a few queries whatever the size)."""
    from swissweb.tournament.standings.teams import Member, team_standings

    table = standings_after(event=event, after_round=after_round)
    if event.team_size == 0 or not table.lines:
        return []
    state = truncated(engine_adapter.completed_state(event), table.after_round)
    worth = state.points.points_for
    by_round = {
        int(p.pairing_number): tuple(Fraction(worth(r.outcome), 2) for r in p.history)
        for p in state.players
    }
    teams: dict[str, list[Member]] = {}
    for place, line in enumerate(table.lines, start=1):
        club = line.player.club.strip()
        if club and line.player.pairing_number is not None:
            teams.setdefault(club, []).append(
                Member(
                    name=line.player.name,
                    place=place,
                    total=line.points,
                    by_round=by_round.get(line.player.pairing_number, ()),
                )
            )
    return team_standings(
        teams, size=event.team_size, per_round=event.team_scoring == TeamScoring.ROUND
    )


def points_before(*, event: Event, number: int) -> dict[int, Fraction] | None:
    """Every player's points before round ``number``, by pairing number (four queries,
    whatever the size); ``None`` while an earlier round lacks a result (a correction)."""
    from swissweb.tournament.core.errors import TournamentError

    try:
        state = engine_adapter.state_for_round(event, number)
    except TournamentError:
        return None
    return {int(pn): Fraction(points, 2) for pn, points in scores(state).items()}


def correction_notice(*, event: Event, number: int, last: int, draft: bool = False) -> str:
    """What correcting a result of round ``number`` changes, for the arbiter to confirm.

    A result counts in the standings at once; the rounds paired already keep their
    pairings, and the corrected result is used from the next round paired on.  ``draft``:
    the last round (``last``) is a draft, which the correction would leave stale, so
    ``services.result_record`` refuses until it is deleted.
    """
    if draft and last > number:
        return _(
            "The draft of round %(last)s was paired on these results: delete it before "
            "correcting a result of round %(number)s."
        ) % {"last": last, "number": number}
    standings = _(
        "The standings change at once (after round %(number)s and every later round)."
    ) % {"number": number}
    values = {"number": number, "next": number + 1, "last": last, "after": last + 1}
    if last <= number:
        if last >= event.rounds:
            then = _("This is the last round: no pairing depends on it.")
        else:
            then = _("Round %(next)s, not paired yet, will be paired on it.")
    elif last == number + 1 and last >= event.rounds:
        then = _("Round %(last)s, paired already, keeps its pairings; no round is left to pair.")
    elif last == number + 1:
        then = _(
            "Round %(last)s, paired already, keeps its pairings; pairings use the corrected "
            "result from round %(after)s on."
        )
    elif last >= event.rounds:
        then = _(
            "Rounds %(next)s-%(last)s, paired already, keep their pairings; no round is left "
            "to pair."
        )
    else:
        then = _(
            "Rounds %(next)s-%(last)s, paired already, keep their pairings; pairings use the "
            "corrected result from round %(after)s on."
        )
    # Translators: two sentences: what the standings do, then what the rounds do.
    return _("%(standings)s %(then)s") % {"standings": standings, "then": then % values}


def requests_page(*, event: Event) -> dict[str, Any]:
    """Every request (oldest round first) and forbidden pair of the event, with players."""
    return {
        "requests": list(
            RoundRequest.objects.filter(player__event=event)
            .select_related("player")
            .order_by("round_number", "player__pairing_number", "player__name")
        ),
        "forbidden_pairs": list(
            event.forbidden_pairs.select_related("first", "second").order_by(
                "first__pairing_number", "first__name"
            )
        ),
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class MyEvent:
    """One line of a signed-in arbiter's own events."""

    event: Event
    players: int
    last: int
    last_state: str


def my_events(*, user: User) -> list[MyEvent]:
    """The events ``user`` is an arbiter of, public or not, newest first (three queries)."""
    events = list(
        Event.objects.filter(arbiters=user)
        .annotate(player_count=Count("players", distinct=True))
        .order_by(F("start_date").desc(nulls_last=True), "-created_at", "name")
    )
    last: dict[int, tuple[int, str]] = {}
    rounds = Round.objects.filter(event__in=events).order_by("number")
    for event_id, number, state in rounds.values_list("event_id", "number", "state"):
        last[event_id] = (number, state)
    return [
        MyEvent(
            event=event,
            players=event.player_count,
            last=last.get(event.pk, (0, ""))[0],
            last_state=last.get(event.pk, (0, ""))[1],
        )
        for event in events
    ]
