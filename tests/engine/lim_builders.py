"""Small builders for the Lim tests: hand-written tournaments, a referee and a random player.

A tournament is written round by round, one string per round, games separated by ``;``:

- ``"1-4 1"``: player 1 (white) v player 4 (black), white won; ``0`` black won, ``=``
  a draw, ``+`` white won by forfeit, ``-`` black won by forfeit;
- ``"bye 7"`` the pairing-allocated bye, ``"full 7"`` a requested full-point bye,
  ``"half 7"`` a half-point bye, ``"absent 7"`` a zero-point absence.

Every player appears once in every round, so a slip in a hand-made history fails at once.
The referee (:func:`violations`) is written from the Lim text, independently of the
engine, and is used by the property tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from pairing.engine.history import scores
from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    Points,
    RequestKind,
    RoundPairing,
    RoundRequest,
    Title,
    TournamentState,
)
from pairing.engine.systems.lim.players import Entrant, due_colour, permitted_colours

_RESULTS = {
    "1": (Outcome.WIN, Outcome.LOSS),
    "0": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
}
_SINGLES = {
    "bye": Outcome.PAIRING_ALLOCATED_BYE,
    "full": Outcome.FULL_POINT_BYE,
    "half": Outcome.HALF_POINT_BYE,
    "absent": Outcome.ZERO_POINT_BYE,
}


def pn(number: int) -> PairingNumber:
    """A pairing number."""
    return PairingNumber(number)


def parse_round(text: str, round_number: int) -> dict[PairingNumber, GameRecord]:
    """One round of a hand-written history, as each player's record."""
    records: dict[PairingNumber, GameRecord] = {}

    def put(number: int, record: GameRecord) -> None:
        if pn(number) in records:
            raise ValueError(f"round {round_number}: player {number} appears twice")
        records[pn(number)] = record

    for token in (t.strip() for t in text.split(";")):
        if not token:
            continue
        head, _, tail = token.partition(" ")
        if head in _SINGLES:
            put(
                int(tail),
                GameRecord(
                    round_number=round_number,
                    opponent=None,
                    colour=None,
                    outcome=_SINGLES[head],
                ),
            )
            continue
        white_text, _, black_text = head.partition("-")
        white, black = int(white_text), int(black_text)
        white_outcome, black_outcome = _RESULTS[tail.strip()]
        put(
            white,
            GameRecord(
                round_number=round_number,
                opponent=pn(black),
                colour=Colour.WHITE,
                outcome=white_outcome,
            ),
        )
        put(
            black,
            GameRecord(
                round_number=round_number,
                opponent=pn(white),
                colour=Colour.BLACK,
                outcome=black_outcome,
            ),
        )
    return records


def build(
    players: int,
    rounds: Sequence[str] = (),
    *,
    total_rounds: int = 5,
    ratings: Mapping[int, int] | None = None,
    titles: Mapping[int, Title] | None = None,
    absent: Iterable[int] = (),
    half_point_byes: Iterable[int] = (),
    withdrawn: Iterable[int] = (),
    forbidden: Iterable[tuple[int, int]] = (),
    initial_colour: Colour | None = Colour.WHITE,
) -> TournamentState:
    """A tournament of ``players`` players (rated 2400, 2390, ... by number) before the
    round after ``rounds``; ``absent`` and ``half_point_byes`` are requests for that round.
    """
    per_round = [parse_round(text, number) for number, text in enumerate(rounds, start=1)]
    gone = {pn(n) for n in withdrawn}
    built = []
    for number in range(1, players + 1):
        history = []
        for round_number, records in enumerate(per_round, start=1):
            record = records.get(pn(number))
            if record is None:
                raise ValueError(f"round {round_number}: player {number} is missing")
            history.append(record)
        built.append(
            Player(
                pairing_number=pn(number),
                name=f"Player {number}",
                rating=(ratings or {}).get(number, 2410 - 10 * number),
                title=(titles or {}).get(number, Title.NONE),
                withdrawn=pn(number) in gone,
                history=tuple(history),
            )
        )
    for records in per_round:
        unknown = set(records) - {p.pairing_number for p in built}
        if unknown:
            raise ValueError(f"unknown players {sorted(unknown)}")
    requests = tuple(
        [RoundRequest(pairing_number=pn(n), kind=RequestKind.ABSENT) for n in absent]
        + [
            RoundRequest(pairing_number=pn(n), kind=RequestKind.HALF_POINT_BYE)
            for n in half_point_byes
        ]
    )
    return TournamentState(
        players=tuple(built),
        rounds_completed=len(rounds),
        total_rounds=total_rounds,
        requests=requests,
        forbidden_pairs=frozenset(frozenset((pn(a), pn(b))) for a, b in forbidden),
        initial_colour=initial_colour,
    )


def boards(pairing: RoundPairing) -> list[tuple[int, int]]:
    """The boards as (white, black) in board order."""
    return [(int(board.white), int(board.black)) for board in pairing.boards]


def games(pairing: RoundPairing) -> set[frozenset[int]]:
    """The pairings without colours or board order."""
    return {frozenset((int(board.white), int(board.black))) for board in pairing.boards}


def explained(pairing: RoundPairing, rule: str) -> list[str]:
    """The explanation texts whose rule reference mentions ``rule``."""
    return [item.text for item in pairing.explanation if rule in item.rule]


# --- The referee: what any Lim pairing must respect -------------------------------------


def played_colours(player: Player) -> list[Colour]:
    """Colours of the games actually played, oldest first."""
    return [r.colour for r in player.history if r.outcome.played and r.colour is not None]


def may_have(player: Player, colour: Colour) -> bool:
    """Lim 9.1: not a third colour in a row, not three more of one colour."""
    colours = [*played_colours(player), colour]
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    third = len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3]
    return abs(difference) <= 2 and not third


def bye_allowed(player: Player) -> bool:
    """Lim 8.2: no second bye, none after a point by default."""
    return not any(
        r.outcome in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE, Outcome.FORFEIT_WIN)
        for r in player.history
    )


def met(player: Player) -> set[int]:
    """Opponents actually played."""
    return {int(r.opponent) for r in player.history if r.outcome.played and r.opponent}


def violations(state: TournamentState, pairing: RoundPairing) -> list[str]:
    """Everything in ``pairing`` that breaks Lim 8.2, 9.1 (in the last round not between
    players with the same score, Lim 13) or leaves a player unpaired or paired twice."""
    found = []
    requested = {int(r.pairing_number) for r in state.requests}
    active = {
        int(p.pairing_number)
        for p in state.players
        if not p.withdrawn and int(p.pairing_number) not in requested
    }
    seen: list[int] = [n for board in boards(pairing) for n in board]
    if pairing.pairing_allocated_bye is not None:
        seen.append(int(pairing.pairing_allocated_bye))
    if sorted(seen) != sorted(active):
        found.append(f"paired {sorted(seen)} but should pair {sorted(active)}")
    by_number = {int(p.pairing_number): p for p in state.players}
    forbidden = {frozenset(int(n) for n in pair) for pair in state.forbidden_pairs}
    last = state.is_last_round and state.rounds_completed > 0
    points = scores(state)
    for white, black in boards(pairing):
        if black in met(by_number[white]):
            found.append(f"{white} v {black} is a rematch (Lim 9.1)")
        if frozenset((white, black)) in forbidden:
            found.append(f"{white} v {black} is a forbidden pair")
        if not (last and points[pn(white)] == points[pn(black)]):
            for number, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
                if not may_have(by_number[number], colour):
                    found.append(f"{number} may not have {colour.name} (Lim 9.1)")
    bye = pairing.pairing_allocated_bye
    if bye is not None and not bye_allowed(by_number[int(bye)]):
        found.append(f"{pairing.pairing_allocated_bye} may not have the bye (Lim 8.2)")
    return found


def legal_pairing_exists(state: TournamentState) -> bool:
    """True when some pairing keeps Lim 8.2 and 9.1 (as relaxed by 13): brute force."""
    requested = {int(r.pairing_number) for r in state.requests}
    players = [
        p for p in state.players if not p.withdrawn and int(p.pairing_number) not in requested
    ]
    forbidden = {frozenset(int(n) for n in pair) for pair in state.forbidden_pairs}
    last = state.is_last_round and state.rounds_completed > 0
    points = scores(state)

    def compatible(a: Player, b: Player) -> bool:
        if int(b.pairing_number) in met(a):
            return False
        if frozenset((int(a.pairing_number), int(b.pairing_number))) in forbidden:
            return False
        same = points[a.pairing_number] == points[b.pairing_number]
        return (last and same) or any(
            may_have(a, colour) and may_have(b, colour.opposite) for colour in Colour
        )

    def perfect(pool: list[Player]) -> bool:
        if not pool:
            return True
        first, rest = pool[0], pool[1:]
        return any(
            compatible(first, other) and perfect([p for p in rest if p is not other])
            for other in rest
        )

    if len(players) % 2:
        return any(bye_allowed(b) and perfect([p for p in players if p is not b]) for b in players)
    return perfect(players)


# --- Random tournaments for the property tests ---------------------------------------------


def random_start(players: int, rounds: int, rng: random.Random) -> TournamentState:
    """A field numbered by rating before round 1, with a forbidden pair now and then."""
    ratings = sorted((rng.randrange(1200, 2600) for _ in range(players)), reverse=True)
    forbidden: frozenset[frozenset[PairingNumber]] = frozenset()
    if players >= 4 and rng.random() < 0.3:
        a, b = rng.sample(range(1, players + 1), 2)
        forbidden = frozenset({frozenset((pn(a), pn(b)))})
    return TournamentState(
        players=tuple(
            Player(pairing_number=pn(n), name=f"Player {n}", rating=rating)
            for n, rating in enumerate(ratings, start=1)
        ),
        rounds_completed=0,
        total_rounds=rounds,
        forbidden_pairs=forbidden,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK, None)),
    )


def play(state: TournamentState, pairing: RoundPairing, rng: random.Random) -> TournamentState:
    """Random results for ``pairing`` (a few forfeits), a rare withdrawal, a few requests."""
    number = state.round_number
    records: dict[PairingNumber, GameRecord] = {}
    for board in pairing.boards:
        roll = rng.random()
        result = "+" if roll < 0.05 else "-" if roll < 0.08 else rng.choice("10=")
        white_outcome, black_outcome = _RESULTS[result]
        records[board.white] = GameRecord(
            round_number=number, opponent=board.black, colour=Colour.WHITE, outcome=white_outcome
        )
        records[board.black] = GameRecord(
            round_number=number, opponent=board.white, colour=Colour.BLACK, outcome=black_outcome
        )
    if pairing.pairing_allocated_bye is not None:
        records[pairing.pairing_allocated_bye] = GameRecord(
            round_number=number,
            opponent=None,
            colour=None,
            outcome=Outcome.PAIRING_ALLOCATED_BYE,
        )
    kinds = {r.pairing_number: r.kind for r in state.requests}
    players = []
    for player in state.players:
        record = records.get(player.pairing_number)
        if record is None:
            outcome = (
                Outcome.HALF_POINT_BYE
                if kinds.get(player.pairing_number) is RequestKind.HALF_POINT_BYE
                else Outcome.ZERO_POINT_BYE
            )
            record = GameRecord(round_number=number, opponent=None, colour=None, outcome=outcome)
        withdrawn = player.withdrawn or rng.random() < 0.02
        players.append(replace(player, history=(*player.history, record), withdrawn=withdrawn))
    requests = tuple(
        RoundRequest(
            pairing_number=p.pairing_number,
            kind=rng.choice((RequestKind.HALF_POINT_BYE, RequestKind.ABSENT)),
        )
        for p in players
        if not p.withdrawn and rng.random() < 0.05
    )
    return replace(state, players=tuple(players), rounds_completed=number, requests=requests)


def entrant(
    number: int,
    colours: str = "",
    *,
    score: int = 0,
    met: Iterable[int] = (),
    bye_allowed: bool = True,
    floated: bool = False,
    rating: int | None = None,
) -> Entrant:
    """One player as the Lim engine sees him, from his played colours (``"WBW"``) and the
    opponents he met; ``score`` in half-points."""
    sequence = tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in colours)
    difference = sum(1 if c is Colour.WHITE else -1 for c in sequence)
    due, absolute = due_colour(sequence, difference)
    return Entrant(
        pairing_number=pn(number),
        score=Points(score),
        rating=2410 - 10 * number if rating is None else rating,
        colours=sequence,
        due=due,
        absolute=absolute,
        permitted=permitted_colours(sequence, difference),
        avoid=frozenset(pn(m) for m in met),
        bye_allowed=bye_allowed,
        floated_last_round=floated,
    )
