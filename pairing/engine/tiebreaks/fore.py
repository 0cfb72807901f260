"""The terms of Fore Buchholz (FIDE C.07 8.3): each player's Buchholz terms as they
would stand with every game of the last round counted as a draw."""

from __future__ import annotations

from pairing.engine.model import Outcome, PairingNumber

from .context import TieBreakContext, _stand_in_2026, _Term
from .editions import _PLAYED, UnplayedRounds


def _fore_scores(context: TieBreakContext) -> dict[str, dict[PairingNumber, int]]:
    """C.07 8.3: each player's score as Fore Buchholz counts it, in half-points: a game
    of the last round (one with an opponent, forfeit or not) counts as a draw.  "own":
    the player's own score so adjusted; "opponent": as his opponents count it, where a
    player paired in the last round has no rounds after a withdrawal (16.3.2)."""
    if "fore own" in context.memo:
        return {"own": context.memo["fore own"], "opponent": context.memo["fore opponent"]}
    draw = context.state.points.draw
    own: dict[PairingNumber, int] = {}
    opponent: dict[PairingNumber, int] = {}
    for number, player in context.players.items():
        history = player.history
        paired_last = bool(history) and (
            history[-1].opponent is not None or history[-1].outcome is Outcome.PAIRING_ALLOCATED_BYE
        )
        shift = 0
        if history and history[-1].opponent is not None:
            shift = draw - int(context.state.points.points_for(history[-1].outcome))
        own[number] = context.score[number] + shift
        base = context.score[number] if paired_last else context.score_as_opponent[number]
        opponent[number] = base + shift
    context.memo["fore own"] = own
    context.memo["fore opponent"] = opponent
    return {"own": own, "opponent": opponent}


def _fore_terms(context: TieBreakContext, number: PairingNumber) -> tuple[_Term, ...]:
    """The player's Buchholz terms as Fore Buchholz counts them (C.07 8.3): the
    opponents' scores as :func:`_fore_scores` gives them, the last round's opponent
    counted even after a forfeit, and a player's own unplayed round standing for his
    own such score (capped under the 2026 text as for BH).  Each term keeps the points
    of its round and whether it is a voluntary unplayed round, for the cuts."""
    if number in context.fore_terms:
        return context.fore_terms[number]
    fore = _fore_scores(context)
    player = context.players[number]
    rounds = len(player.history)
    draw = context.state.points.draw
    terms: list[_Term] = []
    for index, (record, (_, scored, voluntary)) in enumerate(
        zip(player.history, context.terms[number], strict=True), start=1
    ):
        if record.opponent is not None and (record.outcome in _PLAYED or index == rounds):
            terms.append((fore["opponent"][record.opponent], scored, False))
            continue
        own = fore["own"][number]
        if context.unplayed is UnplayedRounds.FIDE_2026:
            scheduled = fore["opponent"].get(record.opponent) if record.opponent else None
            own = _stand_in_2026(own, scheduled, draw, rounds)
        terms.append((own, scored, voluntary))
    context.fore_terms[number] = tuple(terms)
    return context.fore_terms[number]
