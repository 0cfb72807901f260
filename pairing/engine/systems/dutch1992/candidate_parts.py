"""What a bracket's candidates are made of and where a search resumes among them (Dutch
A6, C6, C7, C12, C13; FIDE Handbook C.04.1, 1992 text): the candidate of a bracket's
phases, the pairing of its moved-down players with the remainder it leaves, and the
place of a level against a candidate's order to resume after."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from pairing.engine.systems.dutch1992.brackets import Candidate, Pair, Phase
from pairing.engine.systems.dutch1992.criteria import x_of
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank


@dataclass(frozen=True, slots=True, kw_only=True)
class HeadPairing:
    """A pairing of the moved-down players S1 with S2 and the remainder it leaves (Dutch C7)."""

    assignment: tuple[int, ...]
    """For each S1 player the index of its opponent in S2."""
    rest: tuple[Entrant, ...]
    """The S2 players left unpaired: the remainder group, in A2 order."""
    rest_numbers: tuple[int, ...]
    rest_x: int
    """x of the remainder group (Dutch A8)."""


def _head_pairing(s2: Sequence[Entrant], assignment: tuple[int, ...]) -> HeadPairing:
    """The S1 pairing ``assignment`` with the remainder group it leaves (Dutch C7, A8)."""
    partners = set(assignment)
    rest = tuple(b for t, b in enumerate(s2) if t not in partners)
    return HeadPairing(
        assignment=assignment,
        rest=rest,
        rest_numbers=tuple(b.number for b in rest),
        rest_x=x_of(rest),
    )


C12_POINT = None
"""Yielded by a heterogeneous bracket when p would be lowered below the moved-down count."""


_PASSED: tuple[object, ...] = ("passed",)
"""What :func:`_resume` gives for a level that lies wholly before the point to resume after."""


def _resume(
    after: tuple[object, ...] | None, level: tuple[object, ...]
) -> tuple[object, ...] | None:
    """Where a level stands against a candidate's ``order`` to resume after (C12, C13).

    ``level`` is the start of the order that all candidates of the level share.  None when
    the level lies wholly after that candidate (it is paired from its start),
    :data:`_PASSED` when it lies wholly before it (it is skipped), and otherwise the rest
    of the candidate's order: the point inside the level to resume after.
    """
    if after is None:
        return None
    head = after[: len(level)]
    if level > head:
        return None
    if level < head:
        return _PASSED
    return after[len(level) :]


def _inside(resume: tuple[object, ...] | None) -> tuple[int, tuple[int, ...]] | None:
    """The point inside a level's pairings (exchange index, pairing) to resume after."""
    if resume is None:
        return None
    index, assignment = resume
    return cast(int, index), cast(tuple[int, ...], assignment)


def _candidate(
    phases: tuple[Phase, ...],
    *,
    stage: tuple[int, ...],
    heterogeneous: bool,
    order: tuple[object, ...],
) -> Candidate:
    """Pairs and moved-down players of a bracket's phases (Dutch A3, C6)."""
    pairs: list[Pair] = []
    left: list[Entrant] = []
    for index, phase in enumerate(phases):
        taken = set(phase.assignment)
        for position, (a, t) in enumerate(zip(phase.s1, phase.assignment, strict=True), 1):
            pairs.append(Pair(first=a, second=phase.s2[t], s1_position=position, phase=index))
        if index == len(phases) - 1:
            left.extend(b for t, b in enumerate(phase.s2) if t not in taken)
    return Candidate(
        pairs=tuple(pairs),
        moved_down=tuple(_rank(left)),
        phases=phases,
        stage=stage,
        heterogeneous=heterogeneous,
        order=order,
    )
