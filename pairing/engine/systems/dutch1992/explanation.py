"""How each bracket's pairing was reached, in plain words, each step with its rule (Dutch C).

For every accepted bracket pairing (A3, A6, C6-C14): S1 and S2, the exchange, the
criteria dropped, x raised, p lowered, and why the first pairing of C6 was not taken.
The notes of C1, C12 and C13 and those of the round as a whole (the bye, the colours of
each board) are written where those steps are taken.
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.floats import Float
from pairing.engine.model import Explanation
from pairing.engine.systems.dutch1992.brackets import Accepted, Candidate, Phase
from pairing.engine.systems.dutch1992.criteria import colour_conflict, float_ok, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible

RULES = "Dutch"
"""Prefix of every rule reference in explanations."""


def _points(value: int) -> str:
    """Half-points as the text writes scores: 5 -> "2½" (Dutch A3 bracket names)."""
    whole, half = divmod(value, 2)
    return f"{whole}½" if half else str(whole)


def _numbers(players: Iterable[Entrant]) -> str:
    """Pairing numbers for explanations (Dutch A2 order when given so)."""
    return ", ".join(str(p.number) for p in players) or "none"


def describe(done: Accepted) -> list[Explanation]:
    """Explain in words how a bracket's pairing was reached (Dutch A3-A9, C1-C14)."""
    bracket = done.bracket
    candidate = done.candidate
    players = bracket.players
    notes: list[Explanation] = list(done.notes)
    label = f"Score bracket {_points(bracket.score)}"
    members = tuple(p.number for p in players)
    if not candidate.phases:
        if players:
            notes.append(
                Explanation(
                    rule=f"{RULES} C14",
                    text=f"{label} ({_numbers(players)}): no pairing possible even with p "
                    "lowered; the entire score bracket is moved down.",
                    players=members,
                )
            )
        return notes
    kind = "heterogeneous" if candidate.heterogeneous else "homogeneous"
    if bracket.moved_in and not candidate.heterogeneous:
        kind = "heterogeneous, at least half moved down, paired as homogeneous (A3)"
    notes.append(
        Explanation(
            rule=f"{RULES} A3",
            text=f"{label}: players {_numbers(players)}"
            + (f", moved down into it: {_numbers(bracket.moved_in)}" if bracket.moved_in else "")
            + f"; {kind}.",
            players=members,
        )
    )
    for phase in candidate.phases:
        notes.extend(_describe_phase(label, phase))
    for p in candidate.moved_down:
        if len(players) and phase_lowest(candidate):
            continue
        notes.append(
            Explanation(
                rule=f"{RULES} A3",
                text=f"Player {p.number} remains unpaired in {label.lower()} and is moved down "
                "to the next score bracket (a downfloat, A4).",
                players=(p.number,),
            )
        )
    return notes


def phase_lowest(candidate: Candidate) -> bool:
    """True when the candidate pairs the lowest bracket (Dutch A5: its unpaired is the bye)."""
    return bool(candidate.phases) and candidate.phases[-1].lowest


def _describe_phase(label: str, phase: Phase) -> list[Explanation]:
    """The steps of one S1/S2 pairing, each with its rule (Dutch A6, C6-C14)."""
    part = "remainder group" if phase.remainder else "S1"
    where = f"{label} {'remainder' if phase.remainder else ''}".strip()
    numbers = tuple(p.number for p in phase.players)
    notes = [
        Explanation(
            rule=f"{RULES} A6",
            text=f"{where}: S1 = {_numbers(phase.s1)}, S2 = {_numbers(phase.s2)}; "
            f"p = {phase.p}, x = {phase.x}"
            + (
                " (the players moved down form S1)"
                if part == "S1"
                and phase.moved
                and not phase.remainder
                and phase.p0 == len([q for q in phase.players if q.number in phase.moved])
                else ""
            )
            + ".",
            players=numbers,
        )
    ]
    if phase.exchange is not None:
        notes.append(
            Explanation(
                rule=f"{RULES} C8",
                text=f"{where}: no acceptable pairing with the original S1 and S2; exchange "
                f"of {_numbers(phase.exchange[0])} (S1) with {_numbers(phase.exchange[1])} "
                "(S2) in the order of D2.",
                players=tuple(p.number for p in (*phase.exchange[0], *phase.exchange[1])),
            )
        )
    for dropped in phase.rules.dropped():
        rule = "C9" if "down" in dropped else "C10"
        notes.append(
            Explanation(
                rule=f"{RULES} {rule}",
                text=f"{where}: no pairing keeps every float criterion; {dropped} dropped.",
                players=numbers,
            )
        )
    if phase.x > phase.x0:
        notes.append(
            Explanation(
                rule=f"{RULES} C11",
                text=f"{where}: x raised from {phase.x0} to {phase.x} (B4 could not be met).",
                players=numbers,
            )
        )
    if phase.p < phase.p0:
        notes.append(
            Explanation(
                rule=f"{RULES} C14",
                text=f"{where}: p lowered from {phase.p0} to {phase.p}: no pairing of all "
                "players is possible.",
                players=numbers,
            )
        )
    straight = tuple(range(len(phase.s1)))
    if not phase.s1:
        pass
    elif phase.assignment == straight:
        notes.append(
            Explanation(
                rule=f"{RULES} C6",
                text=f"{where}: the highest of S1 against the highest of S2, and so on: "
                + ", ".join(
                    f"{a.number}-{phase.s2[t].number}"
                    for a, t in zip(phase.s1, phase.assignment, strict=True)
                )
                + ".",
                players=numbers,
            )
        )
    else:
        reason = _straight_failure(phase)
        if reason is None:
            reason = (
                "the remainder group could not be paired with it, so the moved-down players "
                "take different opponents (C10)"
                if phase.head
                else "a pairing moving down other players was needed (C12, C13)"
            )
        notes.append(
            Explanation(
                rule=f"{RULES} C7",
                text=f"{where}: the C6 pairing is not acceptable ({reason}); first acceptable "
                "transposition of S2 (D1): "
                + ", ".join(
                    f"{a.number}-{phase.s2[t].number}"
                    for a, t in zip(phase.s1, phase.assignment, strict=True)
                )
                + ".",
                players=numbers,
            )
        )
    return notes


def _straight_failure(phase: Phase) -> str | None:
    """Why the C6 pairing S1[i]-S2[i] was not acceptable, in the words of the criteria (B).

    None when it was acceptable on its own (so the remainder or C12/C13 ruled it out).
    """
    conflicts = 0
    for a, b in zip(phase.s1, phase.s2, strict=False):
        if b.number in a.barred or a.number in b.barred:
            return f"{a.number} and {b.number} may not meet (B1a)"
        if not compatible(a, b):
            return f"{a.number} and {b.number} cannot get colours keeping B2"
        if not pair_allowed(a, b, phase.rules, phase.moved):
            return f"{a.number}-{b.number} would repeat a float (B5/B6)"
        conflicts += 1 if colour_conflict(a, b) else 0
    if conflicts > phase.x:
        return f"{conflicts} colour preferences unfulfilled, more than x = {phase.x} (B4)"
    left = phase.s2[len(phase.s1) :]
    for b in left:
        if not _leave_ok(phase, b):
            rule = "B1b, B5/B6" if phase.lowest else "B5/B6"
            return f"player {b.number} may not be left unpaired ({rule})"
    return None


def _leave_ok(phase: Phase, player: Entrant) -> bool:
    """Whether the criteria of the phase allowed this player to be left unpaired (Dutch A5,
    B1b, B5, B6).  Which players C12 and C13 kept up while looking for the pairing is not
    given as a reason: it depends on how their search went, not on the pairing."""
    if phase.lowest and not player.bye_allowed:
        return False
    return player.number in phase.moved or float_ok(player, Float.DOWN, phase.rules.down)
