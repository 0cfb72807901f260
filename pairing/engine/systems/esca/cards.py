"""The pairing cards: each player's score, colours, claim, floats and past opponents."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.colours import played_colours
from pairing.engine.floats import Float, float_history
from pairing.engine.history import forbidden_opponents, pairing_scores
from pairing.engine.model import Colour, Outcome, PairingNumber, Player, Points, TournamentState
from pairing.engine.systems.esca import options as option


def seeks(colours: Sequence[Colour]) -> Colour | None:
    """The colour a player seeks (ESCA 10); ``None`` before his first game.

    A white seeker has had more blacks than whites, or as many and played last with
    black; a black seeker the reverse.
    """
    if not colours:
        return None
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if difference < 0:
        return Colour.WHITE
    if difference > 0:
        return Colour.BLACK
    return colours[-1].opposite


def claim(colours: Sequence[Colour]) -> tuple[int, int, int]:
    """The strength of a player's claim to the colour he seeks (ESCA 12 (i)-(v)).

    Our reading of ESCA 12: larger is stronger.  The colour difference first (i), then
    the run of the last colour, positive when it is the other colour and negative when it
    is the sought one (ii, iii), then fewer games (v).  Only played games count (iv:
    byes are ignored).
    """
    sought = seeks(colours)
    if sought is None:
        return (0, 0, 0)
    difference = abs(sum(1 if c is Colour.WHITE else -1 for c in colours))
    run = 1
    while run < len(colours) and colours[-run - 1] is colours[-1]:
        run += 1
    alternation = run if colours[-1] is not sought else -run
    return (difference, alternation, -len(colours))


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Card:
    """One player's pairing card: what the ESCA rules read to pair him this round."""

    index: int
    """Position in descending order (ESCA 10) among the players to pair; 0 is first."""
    lot: float
    """The player's lot for random pairings (ESCA 26); 0 otherwise."""
    pairing_number: PairingNumber
    name: str
    score: Points
    school: str
    top: bool
    area: str
    federation: str
    seeks: Colour | None
    claim: tuple[int, int, int]
    downfloats: int
    upfloats: int
    last_downfloat: int
    """Round of the latest downfloat, 0 for none."""
    upfloated_last_round: bool
    bye_allowed: bool
    """No bye worth a point and no game won by default so far (ESCA 4)."""
    half_bye_round1: bool
    avoid: frozenset[PairingNumber]
    """Opponents played and forbidden partners (ESCA 1)."""
    defaulted: frozenset[PairingNumber]
    """Opponents of a defaulted game (ESCA 30)."""


def pairing_cards(state: TournamentState, rng: random.Random) -> list[Card]:
    """The cards of the players to pair, in descending order.

    Our reading of ESCA 10's descending order: score, then rating (grading; 0 for the
    ungraded), then name (case-insensitive), then pairing number; with random pairings
    (ESCA 26) a lot drawn from the seed replaces the name.  Of ESCA 1: only games actually
    played are meetings, so a defaulted game is not one (ESCA 30 lets those two meet
    again); the event's forbidden pairs (relatives, ESCA 27) are kept apart like
    rematches.  Floats are read from the scores before each round
    (:func:`pairing.engine.floats.float_history`).
    """
    requested = {r.pairing_number for r in state.requests}
    players = sorted(
        (p for p in state.players if not p.withdrawn and p.pairing_number not in requested),
        key=lambda p: p.pairing_number,
    )
    random_order = state.options.value(option.RANDOM)
    lots = {p.pairing_number: rng.random() for p in players} if random_order else {}
    score = pairing_scores(state)
    floats = float_history(state)
    forbidden = forbidden_opponents(state)

    def order(player: Player) -> tuple[int, int, float, str, int]:
        alphabetical = "" if random_order else player.name.casefold()
        lot = lots.get(player.pairing_number, 0.0)
        return (
            -score[player.pairing_number],
            -player.rating,
            lot,
            alphabetical,
            player.pairing_number,
        )

    cards = []
    for index, player in enumerate(sorted(players, key=order)):
        number = player.pairing_number
        history = floats[number]
        colours = played_colours(player)
        downs = [r for r, f in enumerate(history, start=1) if f is Float.DOWN]
        cards.append(
            Card(
                index=index,
                lot=lots.get(number, 0.0),
                pairing_number=number,
                name=player.name,
                score=score[number],
                school=player.club.strip().casefold(),
                top=player.top_player,
                area=player.area.strip().casefold(),
                federation=player.federation.strip().casefold(),
                seeks=seeks(colours),
                claim=claim(colours),
                downfloats=len(downs),
                upfloats=sum(1 for f in history if f is Float.UP),
                last_downfloat=downs[-1] if downs else 0,
                upfloated_last_round=bool(history) and history[-1] is Float.UP,
                bye_allowed=not any(
                    r.outcome
                    in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE, Outcome.FORFEIT_WIN)
                    for r in player.history
                ),
                half_bye_round1=bool(player.history)
                and player.history[0].outcome is Outcome.HALF_POINT_BYE,
                avoid=frozenset(
                    r.opponent for r in player.history if r.played and r.opponent is not None
                )
                | frozenset(forbidden.get(number, ())),
                defaulted=frozenset(
                    r.opponent
                    for r in player.history
                    if r.opponent is not None
                    and r.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
                ),
            )
        )
    return cards
