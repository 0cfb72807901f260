"""The engine's exceptions: one family, so a caller can catch all of them at once."""

from __future__ import annotations

from .messages import Message


class EngineError(Exception):
    """Base of every error the pairing engine raises.

    Raised with a :class:`~pairing.engine.messages.Message` (``InvalidState(words(...))``),
    it reads as the message's English and keeps the message as :attr:`words`, for an
    application that shows it in another language; raised with a plain string, it has no
    :attr:`words`.
    """

    @property
    def words(self) -> Message | None:
        """The structured message this error was raised with, if any."""
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, Message) else None


class NoValidPairing(EngineError):
    """No pairing satisfies the system's absolute criteria for this round."""


class UnsupportedFeature(EngineError):
    """The input asks for something this system does not do."""


class InvalidState(EngineError):
    """The tournament state is inconsistent (for example a game recorded on one side only)."""


class TrfError(EngineError):
    """A TRF file could not be read; says where (1-based line and column) and why."""

    def __init__(self, message: str, *, line: int, column: int, text: str = "") -> None:
        self.message = message
        self.line = line
        self.column = column
        self.text = text
        super().__init__(f"line {line}, column {column}: {message}")
