"""The draft review (#36 item 1): a draft's boards one line each, as dense as a paper
pairing list, grouped by the engine's brackets.

Each board line carries both players' ratings and points before the round, the float
the pairing gives them (the higher score floats down, FIDE C.04.3 1.4) and a short
history (last round's float, the colours of the last two games played).  The engine's
explanation is not on the page: a board's steps and a bracket's steps are read on
demand (``explanation_steps``, ``bracket_steps``), each step marked when the arbiter
changed a board it concerns afterwards (a swap or a colour flip).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Count, Max
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from swissweb.tournament.core.caching import cached
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.rating_basis import basis_sentence, rating_of
from swissweb.tournament.models import ARBITER_STEP, Event, RatingBasis, Round
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import rules_for, scores
from swissweb.tournament.rounds.explanation_words import step_text
from swissweb.tournament.rounds.selectors import step_rule

DOWN, UP = "↓", "↑"
"""The float marks: a player paired with a lower score floats down, the other up."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftSide:
    """One player of a draft's board as its line shows them."""

    number: int | None
    name: str
    title: str
    rating: int
    points: Fraction | None
    """Points before the round (``None``: an earlier round lacks a result)."""
    float: str
    """``DOWN``, ``UP`` or "": the float this pairing gives the player."""
    history: str
    """Last round's float mark, then the colours of the last two games played ("↓WB")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftBoard:
    """One board of a draft on one line."""

    board: int
    white: DraftSide
    black: DraftSide | None
    edited: bool
    """The arbiter changed this board (a swap, a colour flip) after the engine paired it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftBracket:
    """Consecutive boards that the engine paired in one bracket (or boards no step groups)."""

    first: int
    last: int
    points: Fraction | None
    """The highest score before the round among the bracket's players."""
    steps: int
    """The engine's steps about the bracket as a whole (``bracket_steps``)."""
    boards: tuple[DraftBoard, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftReview:
    """A draft's boards by bracket, and whether the points before the round are known."""

    brackets: tuple[DraftBracket, ...]
    points_known: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One step of a round's explanation: the rule in words, what it did, and whether the
    arbiter changed a board it concerns after it (``changed``) or it is the arbiter's own
    note of such a change (``arbiter``)."""

    rule: str
    text: str
    changed: bool = False
    arbiter: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatPlayer:
    """A player of a draft's board as the review reads one."""

    pairing_number: int | None
    name: str
    title: str
    rating: int
    """The rating the event pairs on (``core.rating_basis``), 0 when unrated."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A board of a round and its players, read lean: at 1,000 players the model
    instances of every board with both players cost more than the rest of the page."""

    board: int
    white: SeatPlayer
    black: SeatPlayer | None


def seats(
    round_: Round, board: int | None = None, basis: str = RatingBasis.FIDE
) -> tuple[Seat, ...]:
    """The boards of ``round_`` (or board ``board`` alone) in board order (one query),
    each player rated as an event pairing on ``basis`` rates them (#35 item 2)."""
    games = round_.games.all() if board is None else round_.games.filter(board=board)
    rows = games.order_by("board").values_list(
        "board", "white__pairing_number", "white__name", "white__title", "white__rating",
        "white__national_rating", "black__pairing_number", "black__name", "black__title",
        "black__rating", "black__national_rating",
    )  # fmt: skip
    return tuple(_seat(basis, *row) for row in rows)


def _seat(
    basis: str,
    number: int,
    *players: Any,
) -> Seat:
    """A board from its columns as :func:`seats` reads them: number, name, title, FIDE
    and national rating of White, then of Black (``None`` for the bye)."""
    white, black = players[:5], players[5:]
    return Seat(
        board=number,
        white=_seat_player(basis, *white),
        black=_seat_player(basis, *black) if black[1] is not None else None,
    )


def _seat_player(
    basis: str, number: int | None, name: str, title: str, fide: int, national: int
) -> SeatPlayer:
    return SeatPlayer(
        pairing_number=number,
        name=name,
        title=title,
        rating=rating_of(basis, fide=fide, national=national),
    )


def _players(board: Seat) -> frozenset[int]:
    found = {board.white.pairing_number or 0}
    if board.black is not None:
        found.add(board.black.pairing_number or 0)
    return frozenset(found)


def marked_steps(explanation: Sequence[dict[str, Any]]) -> list[tuple[Step, frozenset[int]]]:
    """Each step with the players it names; an engine step is ``changed`` when a later
    arbiter's step names one of its players (the board was swapped or flipped since)."""
    later: set[int] = set()
    found: list[tuple[Step, frozenset[int]]] = []
    for raw in reversed(explanation):
        named = frozenset(int(n) for n in raw.get("players", []))
        arbiter = raw["rule"] == ARBITER_STEP
        step = Step(
            rule=step_rule(raw),
            text=step_text(raw),
            changed=not arbiter and bool(named & later),
            arbiter=arbiter,
        )
        found.append((step, named))
        if arbiter:
            later |= named
    found.reverse()
    return found


def _board_of(boards: Sequence[Seat]) -> dict[int, int]:
    return {number: game.board for game in boards for number in _players(game)}


def _is_bracket_step(named: frozenset[int], board_of: dict[int, int]) -> bool:
    """A step about a bracket names players of two boards or more (a board's own steps,
    its colours or a float, name its players alone)."""
    return len({board_of[n] for n in named if n in board_of}) >= 2


def bracket_steps(
    explanation: Sequence[dict[str, Any]], boards: Sequence[Seat], first: int, last: int
) -> tuple[Step, ...]:
    """The engine's steps about the brackets of boards ``first`` to ``last``: those that
    name players of two boards or more, one of them among these boards."""
    board_of = _board_of(boards)
    wanted = {n for n, board in board_of.items() if first <= board <= last}
    return tuple(
        step
        for step, named in marked_steps(explanation)
        if not step.arbiter and named & wanted and _is_bracket_step(named, board_of)
    )


def board_steps(explanation: Sequence[dict[str, Any]], board: Seat) -> tuple[Step, ...]:
    """Every step that names a player of ``board``, in the explanation's order."""
    players = _players(board)
    return tuple(step for step, named in marked_steps(explanation) if named & players)


def explanation_steps(
    round_: Round,
    board: int | None = None,
    boards: tuple[int, int] | None = None,
    *,
    basis: str | None = None,
) -> tuple[Step, ...] | None:
    """A round's explanation, step by step, each marked where the arbiter changed a board
    it concerns since (``marked_steps``); with ``board``, only the steps that
    concern that board's players; with ``boards`` (first, last), only the steps about the
    brackets of those boards (``bracket_steps``).  One query for a board or
    boards; ``None`` when the round has no such board.  The whole round's begins with
    the initial order's rating when the event's ``basis`` is given
    (``core.rating_basis``, #35): the rating the players are ranked by."""
    if boards is None and board is None:
        steps = tuple(step for step, _named in marked_steps(round_.explanation))
        if basis is None or not steps:
            return steps
        # Translators: the rule of a step of a round's explanation: which rating ranks.
        return (Step(rule=_("Initial order"), text=basis_sentence(basis)), *steps)
    if boards is not None:
        games = seats(round_)
        if not any(boards[0] <= g.board <= boards[1] for g in games):
            return None
        return bracket_steps(round_.explanation, games, *boards)
    found = seats(round_, board or 0)
    if not found:
        return None
    return board_steps(round_.explanation, found[0])


def _groups(
    explanation: Sequence[dict[str, Any]], boards: Sequence[Seat]
) -> list[tuple[list[Seat], int, set[int]]]:
    """The boards in runs of the same bracket (the first bracket step naming a board's
    players): each run, its number of bracket steps and its players."""
    board_of = _board_of(boards)
    steps = marked_steps(explanation)
    brackets = [
        (index, named)
        for index, (step, named) in enumerate(steps)
        if not step.arbiter and _is_bracket_step(named, board_of)
    ]
    runs: list[tuple[list[Seat], object, set[int]]] = []
    for game in boards:
        players = _players(game)
        key: object = next((i for i, named in brackets if players <= named), None)
        if key is None:
            key = next((i for i, named in brackets if players & named), None)
        if runs and runs[-1][1] == key:
            runs[-1][0].append(game)
            runs[-1][2].update(players)
        else:
            runs.append(([game], key, set(players)))
    return [
        (run, sum(1 for _, named in brackets if named & players), players)
        for run, _key, players in runs
    ]


def _history(colours: str, last_float: object, letters: dict[str, str]) -> str:
    arrow = {"down": DOWN, "up": UP}.get(getattr(last_float, "value", ""), "")
    return arrow + "".join(letters[c] for c in colours[-2:])


def _basis(event: Event, round_: Round) -> tuple[dict[int, Fraction], dict[int, str], bool]:
    """Each player's points and history before the draft ``round_``, by pairing number,
    and whether they are known; cached for the draft.

    They rest on the rounds before it alone, which do not change while the draft stands
    (a correction of an earlier result is refused until the draft is deleted), so the
    key is the draft itself (a new pairing is a new draft), the players (an entry or a
    withdrawal) and the language of the colour letters: an arbiter's swaps and flips
    find them cached, and only the draft's first view reads the rounds before it.
    """
    players = event.players.aggregate(count=Count("pk"), last=Max("modified_at"))
    last = players["last"].timestamp() if players["last"] else 0
    key = ("draft-basis", round_.pk, round_.paired_at.timestamp(), players["count"], last)
    return cached((*key, get_language()), lambda: _read_basis(event, round_))


def _read_basis(event: Event, round_: Round) -> tuple[dict[int, Fraction], dict[int, str], bool]:
    """``_basis`` read from the rounds before ``round_`` (four queries)."""
    try:
        state = engine_adapter.state_for_round(event, round_.number)
    except TournamentError:
        return {}, {}, False
    points = {int(pn): Fraction(p, 2) for pn, p in scores(state).items()}
    floats = rules_for(event.system).float_history(state)
    letters = {
        "W": pgettext("White, one letter", "W"),
        "B": pgettext("Black, one letter", "B"),
    }
    history: dict[int, str] = {}
    for player in state.players:
        colours = "".join(r.colour.value.upper() for r in player.history if r.played and r.colour)
        mine = floats.get(player.pairing_number, ())
        last = mine[-1] if mine else None
        history[int(player.pairing_number)] = _history(colours, last, letters)
    return points, history, True


def draft_review(event: Event, round_: Round, boards: Sequence[Seat] | None = None) -> DraftReview:
    """The draft ``round_`` of ``event`` by bracket, one ``DraftBoard`` per board: one
    query for the boards (unless given), one for the players' stamp, and on the draft's
    first view four for the points and histories before the round (``_basis``),
    whatever the size."""
    if boards is None:
        boards = seats(round_, basis=event.rating_basis)
    points, history, points_known = _basis(event, round_)
    edited = {
        frozenset(int(n) for n in step.get("players", []))
        for step in round_.explanation
        if step["rule"] == ARBITER_STEP
    }

    def side(game: Seat, white: bool) -> DraftSide | None:
        player = game.white if white else game.black
        if player is None:
            return None
        other = game.black if white else game.white
        number = player.pairing_number or 0
        mine, theirs = points.get(number), None
        if other is not None:
            theirs = points.get(other.pairing_number or 0)
        mark = ""
        if mine is not None and (other is None or theirs is not None):
            if other is None or (theirs is not None and mine > theirs):
                mark = DOWN  # the pairing-allocated bye is a downfloat too
            elif theirs is not None and mine < theirs:
                mark = UP
        return DraftSide(
            number=player.pairing_number, name=player.name, title=player.title,
            rating=player.rating, points=mine, float=mark, history=history.get(number, ""),
        )  # fmt: skip

    brackets = []
    for run, steps, players in _groups(round_.explanation, boards):
        lines = []
        for game in run:
            white = side(game, True)
            assert white is not None
            lines.append(
                DraftBoard(
                    board=game.board,
                    white=white,
                    black=side(game, False),
                    edited=_players(game) in edited,
                )
            )
        known = [points[n] for n in players if n in points]
        brackets.append(
            DraftBracket(
                first=run[0].board,
                last=run[-1].board,
                points=max(known) if known else None,
                steps=steps,
                boards=tuple(lines),
            )
        )
    return DraftReview(brackets=tuple(brackets), points_known=points_known)
