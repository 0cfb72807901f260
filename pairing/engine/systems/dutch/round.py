"""One round of the Dutch system of 2026, from the tournament state to the published pairing.

FIDE Handbook C.04.3 (in force from 1 February 2026): the players to pair
(:mod:`.entrants`), the brackets from the top down (:mod:`.procedure`), the colours of
each board (:mod:`.colours`), the boards in order and the explanation of every step.
Boards are published by the score of the higher player of each pair, then the score of
the lower, then the higher player's TPN; real scores, not accelerated ones.  That is
bbpPairings' order, and the order C.04.2 of 2026 recommends (Article 3.6, as public
notes of the 2026 text report it: the higher player's score, the sum of both scores,
the higher player's TPN; with the first key equal, the sum orders as the lower score
does).  Those notes also report that with acceleration the recommendation counts the
virtual points (C.04.7 1.5); kept on real scores (#32): the order of the boards changes
no pairing, a recommendation leaves the arbiter free, and C.04.7 could not be read
(``bench/README.md``).
"""

from __future__ import annotations

from pairing.engine.colours import initial_colour
from pairing.engine.model import Board, Colour, Explanation, RoundPairing, TournamentState
from pairing.engine.systems.dutch.colours import allocate
from pairing.engine.systems.dutch.criteria import QUALITY_CRITERIA, criterion_name
from pairing.engine.systems.dutch.entrants import (
    Entrant,
    compatible,
    entrants,
    pab_always_floats,
)
from pairing.engine.systems.dutch.procedure import BracketResult, RoundProcedure

RULES = "C.04.3"


def points_text(half_points: int) -> str:
    """Half-points as an arbiter writes them: ``3`` is 1½."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def _higher(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """The pair's higher and lower player by real score, then place in the order."""
    return (a, b) if (a.real_score, -a.rank) > (b.real_score, -b.rank) else (b, a)


def _describe(result: BracketResult) -> list[Explanation]:
    """The bracket's pairing in plain words, with the rules that decided it."""
    notes: list[Explanation] = []
    score = points_text(result.score)
    members = [e.number for e in (*result.moved_down, *result.residents)]
    head = f"Bracket {score}: {len(result.residents)} resident player(s)"
    if result.moved_down:
        moved = ", ".join(str(e.number) for e in result.moved_down)
        head += f" and moved-down player(s) {moved} (heterogeneous bracket, 1.3.3)"
    head += f"; {len(result.pairs)} pair(s) made"
    if result.downfloaters:
        head += ", " + ", ".join(str(e.number) for e in result.downfloaters) + " float down"
    head += (
        ". The pairing meets the absolute criteria C1-C3 and, in order, the PAB criterion "
        "C5 and the quality criteria C6-C21; among equals, the first in the order of "
        "Article 4 (3.8)."
    )
    notes.append(Explanation(rule=f"{RULES} 2-4", text=head, players=tuple(members)))
    if result.completed_with_everyone:
        notes.append(
            Explanation(
                rule=f"{RULES} C4",
                text=f"Bracket {score}: paired with every remaining player in view, so that "
                "the round can be completed (C4).",
                players=tuple(members),
            )
        )
    in_bracket = [*result.moved_down, *result.residents]
    criteria = dict(QUALITY_CRITERIA)
    lowest = ", ".join(str(e.number) for e in result.instead_of)
    floating = sum(1 for e in result.downfloaters if e in result.residents)
    natural = result.residents[::-1][:floating]
    for floater in result.downfloaters:
        replaces = bool(result.instead_of) and floater in result.residents
        replaces = replaces and floater not in natural
        if not any(compatible(floater, other) for other in in_bracket if other is not floater):
            why = "no player of the bracket may meet him (C1, C3)"
        elif floater in result.moved_down:
            why = "moved down into it, he is left over again by the pairing that best meets C5-C21"
        elif replaces and result.decided_by is not None:
            why = (
                f"rather than {lowest}, the lowest-ranked, because "
                f"{criterion_name(result.decided_by)} asks "
                f"for {criteria[result.decided_by]}"
            )
        elif replaces:
            why = (
                f"rather than {lowest}, the lowest-ranked, because of the next bracket "
                "(C8) or the order of Article 4"
            )
        elif len(in_bracket) % 2 and len(result.downfloaters) == 1:
            why = (
                "the bracket has an odd number of players, and he is its lowest-ranked "
                "player that the pairing best meeting C5-C21 leaves over (Article 4)"
            )
        else:
            why = "the pairing that best meets C5-C21 leaves him over"
        notes.append(
            Explanation(
                rule=f"{RULES} 1.4.1",
                text=f"Player {floater.number} floats down from bracket {score}: {why}.",
                players=(floater.number,),
            )
        )
    return notes


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the FIDE Dutch system (C.04.3, 2026).

    :raises NoValidPairing: no pairing satisfies the absolute criteria C1-C3 (C4).
    :raises InvalidState: the state is inconsistent.
    """
    initial = initial_colour(state, seed)
    players, honoured = entrants(state)
    explanation: list[Explanation] = []
    if state.rounds_completed == 0 and state.initial_colour is None:
        explanation.append(
            Explanation(
                rule=f"{RULES} 5.1",
                text=f"The initial colour was drawn by lot: {initial.name.lower()}.",
            )
        )
    procedure = RoundProcedure(players, state.rounds_completed)
    pairs = procedure.run() if players else []
    for result in procedure.results:
        explanation.extend(_describe(result))
    ordered = sorted(
        (_higher(a, b) for a, b in pairs),
        key=lambda hl: (-hl[0].real_score, -hl[1].real_score, hl[0].rank),
    )
    boards: list[Board] = []
    for number, (high, low) in enumerate(ordered, start=1):
        colour, why, step = allocate(high, low, initial=initial)
        white, black = (high, low) if colour is Colour.WHITE else (low, high)
        boards.append(Board(number=number, white=white.number, black=black.number))
        text = f"Board {number}: {white.number} (white) v {black.number} (black); {why} ({step})."
        if high.score != low.score:
            text += f" Player {high.number} floats down, player {low.number} up (1.4.2)."
        explanation.append(
            Explanation(rule=f"{RULES} {step}", text=text, players=(white.number, black.number))
        )
    bye = procedure.bye_player
    if bye is not None:
        text = (
            f"Player {bye.number} is left over in the lowest bracket and receives the "
            "pairing-allocated bye: he may receive it (no earlier bye or win without "
            "playing, C2), from the lowest score that lets the round be completed (C4, C5), "
            "with the fewest unplayed games among those (C9)."
        )
        if pab_always_floats(state) or state.points.pairing_allocated_bye > state.points.loss:
            text += " The bye counts as a downfloat (1.4.3)."
        explanation.append(
            Explanation(rule=f"{RULES} C2, C5, C9, 1.4.3", text=text, players=(bye.number,))
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(boards),
        pairing_allocated_bye=bye.number if bye is not None else None,
        not_paired=tuple(honoured),
        explanation=tuple(explanation),
    )


__all__ = ["QUALITY_CRITERIA", "pair"]
