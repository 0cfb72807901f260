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
from pairing.engine.messages import ENGLISH, Message, Value, words
from pairing.engine.model import Board, Colour, Explanation, RoundPairing, TournamentState
from pairing.engine.systems.dutch.colours import allocate
from pairing.engine.systems.dutch.criteria import QUALITY_CRITERIA, criterion_name
from pairing.engine.systems.dutch.entrants import (
    Entrant,
    colours_allow,
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


_FLOAT_DOWN = "explain.dutch.float_down"
_FLOAT_RULE = f"{RULES} 1.4.1"


def _reason(kind: str, result: BracketResult, lowest: str) -> tuple[Message, str]:
    """Why a floater of the bracket floats (1.4.1): the message ``kind`` and its English."""
    why: Message
    if kind == "explain.dutch.why_criterion":
        assert result.decided_by is not None
        why = words(
            kind,
            lowest=lowest,
            criterion=criterion_name(result.decided_by),
            asks=words(f"explain.dutch.asks.{result.decided_by.replace(' ', '_')}"),
        )
    elif kind == "explain.dutch.why_next_bracket":
        why = words(kind, lowest=lowest)
    else:
        why = words(kind)
    return why, str(why)


def _describe(result: BracketResult) -> list[Explanation]:
    """The bracket's pairing in plain words, with the rules that decided it."""
    notes: list[Explanation] = []
    score = points_text(result.score)
    members = [e.number for e in (*result.moved_down, *result.residents)]
    values: dict[str, Value] = {"score": score, "residents": len(result.residents)}
    code = "explain.dutch.bracket_head"
    if result.moved_down:
        values["moved"] = ", ".join(str(e.number) for e in result.moved_down)
        code += "_moved"
    values["pairs"] = len(result.pairs)
    if result.downfloaters:
        values["floaters"] = ", ".join(str(e.number) for e in result.downfloaters)
        code += "_floats"
    head = Message(code, values)
    notes.append(
        Explanation(
            rule=f"{RULES} 2-4",
            words=words("explain.dutch.bracket", head=head),
            players=tuple(members),
        )
    )
    if result.completed_with_everyone:
        notes.append(
            Explanation(
                rule=f"{RULES} C4",
                words=words("explain.dutch.completed", score=score),
                players=tuple(members),
            )
        )
    in_bracket = [*result.moved_down, *result.residents]
    lowest = ", ".join(str(e.number) for e in result.instead_of)
    # By pairing number, one per player of the round: a dataclass's equality
    # compares every field (#38).
    residents = {e.number for e in result.residents}
    moved = {e.number for e in result.moved_down}
    floating = sum(1 for e in result.downfloaters if e.number in residents)
    natural = {e.number for e in result.residents[::-1][:floating]}
    by_number = {e.number: e for e in in_bracket}
    # The reasons depend on the bracket, not on the floater: each made and rendered
    # once, and a floater's sentence rendered with its reason's text, as ``str`` of
    # the message renders a message among its values (#38).
    reasons: dict[str, tuple[Message, str]] = {}
    # A set's difference walks the smaller side: the bracket, not all the floater met.
    mates = set(by_number)
    for floater in result.downfloaters:
        number = floater.number
        replaces = bool(result.instead_of) and number in residents
        replaces = replaces and number not in natural
        # C1 first, as a difference of sets: whom the floater has not met (nor is
        # kept from), then C3 of those alone (``compatible``, #38); C3 keeps apart
        # only two players who both have an absolute preference.
        unmet = mates.difference(floater.avoid)
        unmet.discard(number)
        if floater.absolute:
            incompatible = not any(colours_allow(floater, by_number[other]) for other in unmet)
        else:
            incompatible = not unmet
        if incompatible:
            kind = "explain.dutch.why_incompatible"
        elif number in moved:
            kind = "explain.dutch.why_moved_again"
        elif replaces and result.decided_by is not None:
            kind = "explain.dutch.why_criterion"
        elif replaces:
            kind = "explain.dutch.why_next_bracket"
        elif len(in_bracket) % 2 and len(result.downfloaters) == 1:
            kind = "explain.dutch.why_odd"
        else:
            kind = "explain.dutch.why_left_over"
        reason = reasons.get(kind)
        if reason is None:
            reason = reasons[kind] = _reason(kind, result, lowest)
        why, why_text = reason
        notes.append(
            Explanation(
                rule=_FLOAT_RULE,
                text=ENGLISH[_FLOAT_DOWN] % {"player": number, "score": score, "why": why_text},
                words=Message(_FLOAT_DOWN, {"player": number, "score": score, "why": why}),
                players=(number,),
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
                words=words("explain.initial_colour_lot", colour=initial.name.lower()),
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
        board = {"board": number, "white": white.number, "black": black.number}
        if high.score != low.score:
            text = words(
                "explain.dutch.board_floats",
                **board,
                why=why,
                step=step,
                high=high.number,
                low=low.number,
            )
        else:
            text = words("explain.dutch.board", **board, why=why, step=step)
        explanation.append(
            Explanation(rule=f"{RULES} {step}", words=text, players=(white.number, black.number))
        )
    bye = procedure.bye_player
    if bye is not None:
        floats = pab_always_floats(state) or state.points.pairing_allocated_bye > state.points.loss
        code = "explain.dutch.bye_floats" if floats else "explain.dutch.bye"
        explanation.append(
            Explanation(
                rule=f"{RULES} C2, C5, C9, 1.4.3",
                words=words(code, player=bye.number),
                players=(bye.number,),
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(boards),
        pairing_allocated_bye=bye.number if bye is not None else None,
        not_paired=tuple(honoured),
        explanation=tuple(explanation),
    )


__all__ = ["QUALITY_CRITERIA", "pair"]
