"""The explanations of an SB-ordered Swiss pairing: the acceleration (SB 3), each score
group and its floaters (SB 2, SB 5), and each board (SB 2, SB 4, SB 5, SB 7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from pairing.engine.history import scores
from pairing.engine.model import Explanation, TournamentState

from .entrants import RULES, Entrant, _points
from .groups import GroupResult, Pairing


def _numbers(players: Iterable[Entrant]) -> str:
    return ", ".join(str(p.number) for p in players) or "none"


def _acceleration_notes(state: TournamentState, players: Sequence[Entrant]) -> list[Explanation]:
    """SB 3: who carries an imaginary point in this round, if anyone."""
    real = scores(state)
    lifted = [e.number for e in players if e.score != real[e.number]]
    if not lifted:
        return []
    return [
        Explanation(
            rule=f"{RULES} 3",
            text=f"Round {state.round_number} is accelerated: players "
            f"{', '.join(str(n) for n in lifted)} carry an imaginary point for this "
            "pairing only (never in the standings).",
            players=tuple(lifted),
        )
    ]


def _group_notes(done: GroupResult, *, lowest: bool) -> list[Explanation]:
    """SB 2 (the group and its order) and SB 5 (who moved down)."""
    label = f"Score group {_points(done.score)}"
    members = tuple(e.number for e in done.players)
    text = f"{label}: in the order of SB, BH, MBH, rating: {_numbers(done.players)}"
    if done.from_above:
        text += f"; moved down into it: {_numbers(done.from_above)}"
    notes = [Explanation(rule=f"{RULES} 2", text=text + ".", players=members)]
    if done.floaters and not lowest:
        notes.append(
            Explanation(
                rule=f"{RULES} 5",
                text=f"{label}: {_numbers(done.floaters)} "
                f"{'moves' if len(done.floaters) == 1 else 'move'} down to the next score "
                "group (as few as the group and the rest of the round allow; the group's "
                "own players, those who did not float down last round and the lowest "
                "first).",
                players=tuple(e.number for e in done.floaters),
            )
        )
    return notes


def _board_note(
    number: int,
    done: GroupResult,
    item: Pairing,
    white: Entrant,
    black: Entrant,
    rule: str,
    why: str,
) -> Explanation:
    """Board ``number``: the SB rules that made the pair and gave the colours."""
    size = len(done.players)
    rules = [f"{RULES} 2", f"{RULES} 4"]
    text = (
        f"Board {number}: {white.number} (white) v {black.number} (black). Score group "
        f"{_points(done.score)}: No. {item.high_place} ({item.high.number}, SB "
        f"{_fraction(item.high.sonneborn_berger)}) plays No. {item.low_place} of {size} "
        f"({item.low.number}, SB {_fraction(item.low.sonneborn_berger)}), high with low"
    )
    if item.passed_over:
        reasons = {
            f"{RULES} 1": "met before or kept apart",
            f"{RULES} 7": "colour limits",
            f"{RULES} 4": "the rest of the group could not be paired",
        }
        parts = [f"{n} ({reasons[r]}, {r})" for n, r in item.passed_over]
        text += "; lower players passed over: " + ", ".join(parts)
        rules += [r for r in dict.fromkeys(r for _, r in item.passed_over) if r not in rules]
    above = {e.number for e in done.from_above}
    floated = [e.number for e in (item.high, item.low) if e.number in above]
    if floated:
        text += f"; {', '.join(map(str, floated))} moved down from a higher group"
        rules.append(f"{RULES} 5")
    text += f". Colours by {RULES} 7 (Dutch {rule}): {why}."
    if f"{RULES} 7" not in rules:
        rules.append(f"{RULES} 7")
    return Explanation(rule=", ".join(rules), text=text, players=(white.number, black.number))


def _fraction(value: Fraction) -> str:
    """A tie-break value in points: 9/2 -> "4½"."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}"
