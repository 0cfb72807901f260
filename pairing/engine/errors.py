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
    """A TRF file could not be read; says where (1-based line and column) and why.

    The reader raises it with a :class:`~pairing.engine.messages.Message` (a ``trf.``
    code), kept as :attr:`words`; :attr:`message` is its English, and ``str()`` the
    English after the line and column.  A caller may raise it with text of its own (the
    web app's checks, already in the reader's language): then it has no :attr:`words`.
    """

    def __init__(self, message: str | Message, *, line: int, column: int, text: str = "") -> None:
        self._words = message if isinstance(message, Message) else None
        self.message = str(message)
        self.line = line
        self.column = column
        self.text = text
        super().__init__(f"line {line}, column {column}: {self.message}")

    @property
    def words(self) -> Message | None:
        """The structured message of the problem (without the line and column), if any."""
        return self._words

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from its keywords: the default would call __init__ with str(self) alone.
        return (_trf_error, (self._words or self.message, self.line, self.column, self.text))


def _trf_error(message: str | Message, line: int, column: int, text: str) -> TrfError:
    """A :class:`TrfError` again, for unpickling."""
    return TrfError(message, line=line, column=column, text=text)
