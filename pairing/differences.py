"""How the check mode (``python -m pairing -c``) words the differences between a file's
round and the engine's pairing of it: boards, colours and the bye."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.model import PairingNumber, RoundPairing, TournamentState


def pair_words(pairs: Sequence[tuple[PairingNumber, PairingNumber]], limit: int = 8) -> str:
    words = [f"{white}-{black}" for white, black in pairs[:limit]]
    if len(pairs) > limit:
        words.append(f"and {len(pairs) - limit} more")
    return " ".join(words)


def differences(recorded: RoundPairing, engine: RoundPairing, final: TournamentState) -> list[str]:
    """How the engine's pairing differs from the file's: boards, colours and the bye.

    Colours are compared only on boards where the file records them.
    """
    number = recorded.round_number
    colourless = {
        player.pairing_number
        for player in final.players
        if player.history[number - 1].colour is None
    }
    theirs = {frozenset({b.white, b.black}): (b.white, b.black) for b in recorded.boards}
    ours = {frozenset({b.white, b.black}): (b.white, b.black) for b in engine.boards}
    found = []
    only_file = sorted(pair for key, pair in theirs.items() if key not in ours)
    only_engine = sorted(pair for key, pair in ours.items() if key not in theirs)
    if only_file or only_engine:
        found.append(
            f"boards differ: file {pair_words(only_file) or '-'}; "
            f"engine {pair_words(only_engine) or '-'}"
        )
    swapped = sorted(
        ours[key]
        for key, pair in theirs.items()
        if key in ours and ours[key] != pair and not key <= colourless
    )
    if swapped:
        found.append(f"colours differ: engine gives {pair_words(swapped)}")
    if recorded.pairing_allocated_bye != engine.pairing_allocated_bye:
        found.append(
            f"bye differs: file {recorded.pairing_allocated_bye or 'none'}, "
            f"engine {engine.pairing_allocated_bye or 'none'}"
        )
    return found


__all__ = ["differences", "pair_words"]
