"""The web layer's exceptions: views catch ``TournamentError`` and nothing wider."""

from __future__ import annotations


class TournamentError(Exception):
    """Base of every refusal a service can give; the message is shown to the arbiter."""

    status = 422


class RoundLocked(TournamentError):
    """The round is published: its pairings cannot change (FIDE C.04.2 4.4)."""

    status = 409


class RoundAlreadyPaired(TournamentError):
    """The round to be paired exists already (a second click, or a second arbiter)."""

    status = 409


class ResultsIncomplete(TournamentError):
    """The previous round still has boards without a result."""

    status = 409


class StaleEdit(TournamentError):
    """Someone else changed this game since the form was loaded."""

    status = 409


class PairingFailed(TournamentError):
    """The engine could not pair the round; nothing was saved."""

    status = 422


class EventNotStarted(TournamentError):
    """Pairing numbers have not been assigned yet."""

    status = 409


class SettingLocked(TournamentError):
    """A setting the rounds paired so far depend on cannot change any more."""

    status = 409


class AlreadyRecorded(TournamentError):
    """The same request or forbidden pair is recorded already: nothing to add."""

    status = 409


class ConfirmationNeeded(TournamentError):
    """A change the app can apply, but that alters or replaces something recorded: it is
    made only when the arbiter confirms.

    ``changes`` lists, in words, what the change would do (empty where the message says
    it all); nothing is saved until the arbiter confirms.
    """

    status = 409

    def __init__(self, message: str, *, changes: list[str] | None = None) -> None:
        super().__init__(message)
        self.changes = changes or []


class PlayerWithdrawn(TournamentError):
    """The player has withdrawn: reinstate the player first."""

    status = 409


class NotFound(LookupError):
    """What a read asked for does not exist (no such player, no such published round).

    Selectors raise it and know nothing of HTTP; the views answer it with 404
    (``core.not_found.not_found_is_404``).  It is not a ``TournamentError``: a view that
    shows a refusal as a message must not turn a missing page into one.
    """
