"""Lim 8: the bye."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Value, words
from pairing.engine.model import Explanation
from pairing.engine.systems.lim.compatibility import Compatibility
from pairing.engine.systems.lim.explanation import clauses, points_text
from pairing.engine.systems.lim.players import Entrant


class ByeChoice(Compatibility):
    """Lim 8: who receives the bye."""

    def choose_bye(self, players: Sequence[Entrant]) -> tuple[Entrant | None, Explanation | None]:
        """The player who gets the bye, or None with an even number (Lim 8.1, 8.2).

        Our reading of Lim 8.1: the lowest ranked (largest numeral) player of the lowest
        score group who may have it, else the next group up.  The bye is settled before
        any group is paired, so a candidate is passed over when the others could not all
        be paired without him (Lim 9.1).  Of Lim 8.2: a player who had the bye (allocated,
        or a full-point bye he asked for) or won a point by default may not have it; a
        half-point bye is not the bye.  The bye is worth one point, with no colour
        (Lim 8.3).

        :raises NoValidPairing: nobody may have the bye with the others all paired.
        """
        if len(players) % 2 == 0:
            return None, None
        passed: list[Value] = []
        for candidate in sorted(players, key=lambda p: (p.score, -p.pairing_number)):
            if not candidate.bye_allowed:
                passed.append(words("explain.lim.bye_skip_had", player=candidate.pairing_number))
                continue
            rest = [p for p in players if p is not candidate]
            if not self.can_pair(rest, len(rest) // 2):
                passed.append(words("explain.lim.bye_skip_rest", player=candidate.pairing_number))
                continue
            values: dict[str, Value] = {
                "player": candidate.pairing_number,
                "points": points_text(candidate.score),
            }
            if passed:
                text = words("explain.lim.bye_passed", **values, passed=clauses(passed))
            else:
                text = words("explain.lim.bye", **values)
            return candidate, Explanation(
                rule="Lim 8.1", words=text, players=(candidate.pairing_number,)
            )
        raise NoValidPairing(words("pairing.lim_bye", round=self.round_number))
