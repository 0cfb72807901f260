"""The explanations of an SB-ordered Swiss pairing: the acceleration (SB 3), each score
group and its floaters (SB 2, SB 5), and each board (SB 2, SB 4, SB 5, SB 7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from pairing.engine.history import scores
from pairing.engine.messages import Message, Value, words
from pairing.engine.model import Explanation, TournamentState

from .entrants import RULES, Entrant, _points
from .groups import GroupResult, Pairing


def _numbers(players: Iterable[Entrant]) -> str | Message:
    return ", ".join(str(p.number) for p in players) or words("explain.none")


def _joined(items: Sequence[Message]) -> Message:
    """Clauses listed with commas, as one message (``explain.comma``, nested)."""
    if len(items) == 1:
        return items[0]
    return words("explain.comma", first=items[0], rest=_joined(items[1:]))


def _acceleration_notes(state: TournamentState, players: Sequence[Entrant]) -> list[Explanation]:
    """SB 3: who carries an imaginary point in this round, if anyone."""
    real = scores(state)
    lifted = [e.number for e in players if e.score != real[e.number]]
    if not lifted:
        return []
    return [
        Explanation(
            rule=f"{RULES} 3",
            words=words(
                "explain.sb.accelerated",
                round=state.round_number,
                players=", ".join(str(n) for n in lifted),
            ),
            players=tuple(lifted),
        )
    ]


def _group_notes(done: GroupResult, *, lowest: bool) -> list[Explanation]:
    """SB 2 (the group and its order) and SB 5 (who moved down)."""
    score = _points(done.score)
    members = tuple(e.number for e in done.players)
    if done.from_above:
        text = words(
            "explain.sb.group_moved_in",
            score=score,
            players=_numbers(done.players),
            moved=_numbers(done.from_above),
        )
    else:
        text = words("explain.sb.group", score=score, players=_numbers(done.players))
    notes = [Explanation(rule=f"{RULES} 2", words=text, players=members)]
    if done.floaters and not lowest:
        notes.append(
            Explanation(
                rule=f"{RULES} 5",
                words=words(
                    "explain.sb.floats_one" if len(done.floaters) == 1 else "explain.sb.floats",
                    score=score,
                    players=_numbers(done.floaters),
                ),
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
    why: Message,
) -> Explanation:
    """Board ``number``: the SB rules that made the pair and gave the colours."""
    size = len(done.players)
    rules = [f"{RULES} 2", f"{RULES} 4"]
    passed: Value = ""
    if item.passed_over:
        reasons = {
            f"{RULES} 1": "explain.sb.passed_met",
            f"{RULES} 7": "explain.sb.passed_colours",
            f"{RULES} 4": "explain.sb.passed_group",
        }
        parts = [words(reasons[r], player=n, rule=r) for n, r in item.passed_over]
        passed = words("explain.sb.passed_over", players=_joined(parts))
        rules += [r for r in dict.fromkeys(r for _, r in item.passed_over) if r not in rules]
    above = {e.number for e in done.from_above}
    floated = [e.number for e in (item.high, item.low) if e.number in above]
    moved: Value = ""
    if floated:
        moved = words("explain.sb.moved_from_above", players=", ".join(map(str, floated)))
        rules.append(f"{RULES} 5")
    text = words(
        "explain.sb.board",
        board=number,
        white=white.number,
        black=black.number,
        score=_points(done.score),
        high_place=item.high_place,
        high=item.high.number,
        high_sb=_fraction(item.high.sonneborn_berger),
        low_place=item.low_place,
        size=size,
        low=item.low.number,
        low_sb=_fraction(item.low.sonneborn_berger),
        passed=passed,
        moved=moved,
        rule=rule,
        why=why,
    )
    if f"{RULES} 7" not in rules:
        rules.append(f"{RULES} 7")
    return Explanation(rule=", ".join(rules), words=text, players=(white.number, black.number))


def _fraction(value: Fraction) -> str:
    """A tie-break value in points: 9/2 -> "4½"."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}"
