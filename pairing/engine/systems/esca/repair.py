"""ESCA 25: a published draw changed with the least disturbance."""

from __future__ import annotations

import random
from dataclasses import replace

from pairing.engine.errors import NoValidPairing
from pairing.engine.history import pairing_scores
from pairing.engine.messages import Message, Value, words
from pairing.engine.model import (
    Board,
    Explanation,
    PairingNumber,
    RequestKind,
    RoundPairing,
    RoundRequest,
    TournamentState,
)
from pairing.engine.systems.esca.explanation import clauses
from pairing.engine.systems.esca.pairer import Result
from pairing.engine.systems.esca.procedure import EscaPairer, round_pairing


def repair(state: TournamentState, published: RoundPairing, *, seed: int) -> RoundPairing:
    """ESCA 25: change a published draw with the least disturbance.

    Our reading of ESCA 25: every published board whose two players are still to play is
    kept, in its order; the bye too if its player still needs it.  The players left over
    (opponents of an absent player, late entrants) are paired by the ESCA rules among
    themselves; when they cannot be (ESCA 1), the kept board nearest to them in score is
    opened as well, the lowest first, one at a time, until they can.

    :raises NoValidPairing: not even a pairing of everyone from scratch exists.
    """
    rng = random.Random(seed)
    requested = {r.pairing_number for r in state.requests}
    players = {p.pairing_number: p for p in state.players}
    active = {n for n, p in players.items() if not p.withdrawn and n not in requested}
    score = pairing_scores(state)
    kept = [
        b
        for b in published.boards
        if b.white in active
        and b.black in active
        and b.black not in _met_or_forbidden(state, b.white)
    ]
    opened: list[Board] = []
    while True:
        seated = {n for b in kept for n in (b.white, b.black)}
        left = sorted(active - seated)
        bye = published.pairing_allocated_bye
        keep_bye = bye in left and len(left) % 2 == 1
        to_pair = [n for n in left if not (keep_bye and n == bye)]
        absent = tuple(
            RoundRequest(pairing_number=n, kind=RequestKind.ABSENT)
            for n in sorted(players)
            if n not in to_pair and n not in requested
        )
        sub_state = replace(state, requests=state.requests + absent)
        try:
            pairer = EscaPairer(sub_state, rng)
            result = pairer.run() if to_pair else Result()
            break
        except NoValidPairing:
            if not kept:
                raise
        scores_left = [int(score[n]) for n in left] or [0]
        board = min(
            kept,
            key=lambda b: (
                min(abs(score[n] - s) for n in (b.white, b.black) for s in scores_left),  # noqa: B023
                -b.number,
            ),
        )
        kept.remove(board)
        opened.append(board)
    sub = round_pairing(sub_state, result, rng, round1=state.rounds_completed == 0)
    boards = [(b.white, b.black) for b in kept] + [(b.white, b.black) for b in sub.boards]
    final_bye = bye if keep_bye else sub.pairing_allocated_bye
    new_boards = tuple(
        Board(number=number, white=white, black=black)
        for number, (white, black) in enumerate(boards, start=1)
    )
    published_players = {n for b in published.boards for n in (b.white, b.black)}
    if published.pairing_allocated_bye is not None:
        published_players.add(published.pairing_allocated_bye)
    gone = sorted(published_players - active)
    parts: list[Value] = [words("explain.esca.repair_kept", count=len(kept))]
    if gone:
        parts.append(words("explain.esca.repair_gone", players=", ".join(str(n) for n in gone)))
    if opened:
        parts.append(
            words("explain.esca.repair_opened", boards=", ".join(str(b.number) for b in opened))
        )
    again: Value = ", ".join(str(n) for n in left) or words("explain.esca.nobody")
    parts.append(words("explain.esca.repair_left", players=again))
    explanation = [
        Explanation(
            rule="ESCA 25",
            words=words("explain.esca.repair", summary=clauses(parts)),
            players=tuple(PairingNumber(n) for n in left),
        )
    ]
    offset = len(kept)
    for note in sub.explanation:
        text = note.text
        if note.words is None and text.startswith("Board "):
            number, _, rest = text[len("Board ") :].partition(":")
            text = f"Board {int(number) + offset}:{rest}"
        renumbered = _renumbered(note, offset)
        explanation.append(
            Explanation(
                rule=f"ESCA 25, {note.rule}",
                text="" if renumbered is not None else text,
                words=renumbered,
                players=note.players,
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=new_boards,
        pairing_allocated_bye=final_bye,
        not_paired=tuple(sorted(state.requests, key=lambda r: r.pairing_number)),
        explanation=tuple(explanation),
    )


def _met_or_forbidden(state: TournamentState, number: PairingNumber) -> frozenset[PairingNumber]:
    """Who ``number`` may not meet (ESCA 1 and the event's forbidden pairs)."""
    player = next(p for p in state.players if p.pairing_number == number)
    met = frozenset(r.opponent for r in player.history if r.played and r.opponent is not None)
    forbidden = frozenset(n for pair in state.forbidden_pairs if number in pair for n in pair)
    return met | (forbidden - {number})


def _renumbered(note: Explanation, offset: int) -> Message | None:
    """A board's step of the re-paired part, its board number moved past the boards kept."""
    if note.words is None:
        return None
    values = dict(note.words.values)
    board = values.get("board")
    if isinstance(board, int):
        values["board"] = board + offset
    return Message(note.words.code, values)
