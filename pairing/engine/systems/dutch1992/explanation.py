"""How each bracket's pairing was reached, in plain words, each step with its rule (Dutch C).

For every accepted bracket pairing (A3, A6, C6-C14): S1 and S2, the exchange, the
criteria dropped, x raised, p lowered, and why the first pairing of C6 was not taken.
The notes of C1, C12 and C13 and those of the round as a whole (the bye, the colours of
each board) are written where those steps are taken.
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.floats import Float
from pairing.engine.messages import Message, words
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


def _numbers(players: Iterable[Entrant]) -> str | Message:
    """Pairing numbers for explanations (Dutch A2 order when given so); none as a word."""
    return ", ".join(str(p.number) for p in players) or words("explain.none")


def describe(done: Accepted) -> list[Explanation]:
    """Explain in words how a bracket's pairing was reached (Dutch A3-A9, C1-C14)."""
    bracket = done.bracket
    candidate = done.candidate
    players = bracket.players
    notes: list[Explanation] = list(done.notes)
    score = _points(bracket.score)
    label = words("explain.dutch1992.bracket", score=score)
    members = tuple(p.number for p in players)
    if not candidate.phases:
        if players:
            notes.append(
                Explanation(
                    rule=f"{RULES} C14",
                    words=words(
                        "explain.dutch1992.bracket_moved_down",
                        bracket=label,
                        players=_numbers(players),
                    ),
                    players=members,
                )
            )
        return notes
    kind = words(
        "explain.dutch1992.heterogeneous"
        if candidate.heterogeneous
        else "explain.dutch1992.homogeneous"
    )
    if bracket.moved_in and not candidate.heterogeneous:
        kind = words("explain.dutch1992.as_homogeneous")
    if bracket.moved_in:
        head = words(
            "explain.dutch1992.players_moved_in",
            bracket=label,
            players=_numbers(players),
            moved=_numbers(bracket.moved_in),
            kind=kind,
        )
    else:
        head = words(
            "explain.dutch1992.players", bracket=label, players=_numbers(players), kind=kind
        )
    notes.append(Explanation(rule=f"{RULES} A3", words=head, players=members))
    for phase in candidate.phases:
        notes.extend(_describe_phase(score, phase))
    for p in candidate.moved_down:
        if len(players) and phase_lowest(candidate):
            continue
        notes.append(
            Explanation(
                rule=f"{RULES} A3",
                words=words("explain.dutch1992.moved_down", player=p.number, score=score),
                players=(p.number,),
            )
        )
    return notes


def phase_lowest(candidate: Candidate) -> bool:
    """True when the candidate pairs the lowest bracket (Dutch A5: its unpaired is the bye)."""
    return bool(candidate.phases) and candidate.phases[-1].lowest


def _describe_phase(score: str, phase: Phase) -> list[Explanation]:
    """The steps of one S1/S2 pairing, each with its rule (Dutch A6, C6-C14)."""
    part = "remainder group" if phase.remainder else "S1"
    where = words(
        "explain.dutch1992.remainder" if phase.remainder else "explain.dutch1992.bracket",
        score=score,
    )
    numbers = tuple(p.number for p in phase.players)
    formed = (
        part == "S1"
        and phase.moved
        and not phase.remainder
        and phase.p0 == len([q for q in phase.players if q.number in phase.moved])
    )
    notes = [
        Explanation(
            rule=f"{RULES} A6",
            words=words(
                "explain.dutch1992.s1_s2_moved" if formed else "explain.dutch1992.s1_s2",
                where=where,
                s1=_numbers(phase.s1),
                s2=_numbers(phase.s2),
                p=phase.p,
                x=phase.x,
            ),
            players=numbers,
        )
    ]
    if phase.exchange is not None:
        notes.append(
            Explanation(
                rule=f"{RULES} C8",
                words=words(
                    "explain.dutch1992.exchange",
                    where=where,
                    s1=_numbers(phase.exchange[0]),
                    s2=_numbers(phase.exchange[1]),
                ),
                players=tuple(p.number for p in (*phase.exchange[0], *phase.exchange[1])),
            )
        )
    for dropped in phase.rules.dropped():
        rule = "C9" if dropped.code.endswith("_down") else "C10"
        notes.append(
            Explanation(
                rule=f"{RULES} {rule}",
                words=words("explain.dutch1992.dropped", where=where, dropped=dropped),
                players=numbers,
            )
        )
    if phase.x > phase.x0:
        notes.append(
            Explanation(
                rule=f"{RULES} C11",
                words=words("explain.dutch1992.x_raised", where=where, x0=phase.x0, x=phase.x),
                players=numbers,
            )
        )
    if phase.p < phase.p0:
        notes.append(
            Explanation(
                rule=f"{RULES} C14",
                words=words("explain.dutch1992.p_lowered", where=where, p0=phase.p0, p=phase.p),
                players=numbers,
            )
        )
    straight = tuple(range(len(phase.s1)))
    pairs = ", ".join(
        f"{a.number}-{phase.s2[t].number}" for a, t in zip(phase.s1, phase.assignment, strict=False)
    )
    if not phase.s1:
        pass
    elif phase.assignment == straight:
        notes.append(
            Explanation(
                rule=f"{RULES} C6",
                words=words("explain.dutch1992.c6", where=where, pairs=pairs),
                players=numbers,
            )
        )
    else:
        reason = _straight_failure(phase)
        if reason is None:
            reason = words(
                "explain.dutch1992.c7_remainder" if phase.head else "explain.dutch1992.c7_other"
            )
        notes.append(
            Explanation(
                rule=f"{RULES} C7",
                words=words("explain.dutch1992.c7", where=where, reason=reason, pairs=pairs),
                players=numbers,
            )
        )
    return notes


def _straight_failure(phase: Phase) -> Message | None:
    """Why the C6 pairing S1[i]-S2[i] was not acceptable, in the words of the criteria (B).

    None when it was acceptable on its own (so the remainder or C12/C13 ruled it out).
    """
    conflicts = 0
    for a, b in zip(phase.s1, phase.s2, strict=False):
        if b.number in a.barred or a.number in b.barred:
            return words("explain.dutch1992.not_meet", first=a.number, second=b.number)
        if not compatible(a, b):
            return words("explain.dutch1992.no_colours", first=a.number, second=b.number)
        if not pair_allowed(a, b, phase.rules, phase.moved):
            return words("explain.dutch1992.repeat_float", first=a.number, second=b.number)
        conflicts += 1 if colour_conflict(a, b) else 0
    if conflicts > phase.x:
        return words("explain.dutch1992.unfulfilled", count=conflicts, x=phase.x)
    left = phase.s2[len(phase.s1) :]
    for b in left:
        if not _leave_ok(phase, b):
            rule = "B1b, B5/B6" if phase.lowest else "B5/B6"
            return words("explain.dutch1992.not_left", player=b.number, rule=rule)
    return None


def _leave_ok(phase: Phase, player: Entrant) -> bool:
    """Whether the criteria of the phase allowed this player to be left unpaired (Dutch A5,
    B1b, B5, B6).  Which players C12 and C13 kept up while looking for the pairing is not
    given as a reason: it depends on how their search went, not on the pairing."""
    if phase.lowest and not player.bye_allowed:
        return False
    return player.number in phase.moved or float_ok(player, Float.DOWN, phase.rules.down)
