"""Pair a round in a child process that is stopped when it takes too long.

The engine itself reads no clock and starts no process (it is a pure library); this
module, beside it, is how the web app runs it with a time limit.  It imports only the
standard library and ``pairing.engine``, so the child never loads Django.

Children come from a ``forkserver``: one clean server process, started on first use with
``pairing.engine`` already imported, forks a child per pairing.  A child is cheap (no
interpreter start, no engine import), and, having never run Django, it holds no database
connection or lock that killing it could leave behind.  On timeout the child is killed
(``SIGKILL``) and :class:`PairingTimeout` raised; an engine error in the child is raised
again in the caller as the same engine error class.

A child also stops itself, so that it never outlives the request it serves: an alarm
ends it a second after its time limit, and a watch thread ends it at once when the
process that asked for the pairing (a gunicorn worker) dies, which closes the write end
of a pipe only that process holds.  (The fork server itself outlives a killed worker,
so watching the child's parent would not do.)  A worker killed for its own time-out, or
by an operator, so leaves no engine running.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import threading
from multiprocessing.connection import Connection
from typing import Any

from pairing.engine import EngineError, System, errors, pair_round, repair_round
from pairing.engine.model import RoundPairing, TournamentState

_CONTEXT: Any = None


class PairingTimeout(EngineError):
    """The engine did not finish within the time limit; the child was stopped."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"pairing took longer than {seconds:g} s")


class EngineStopped(EngineError):
    """The child process ended without an answer (killed from outside, or crashed)."""


def _context() -> Any:
    global _CONTEXT
    if _CONTEXT is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["pairing.engine", "pairing.timed"])
        _CONTEXT = context
    return _CONTEXT


def _end_with_requester(alive: Connection) -> None:
    """Exit the process once the requester's end of ``alive`` is closed (it has died)."""
    with contextlib.suppress(OSError):
        alive.poll(None)
    os._exit(1)


def _child(
    connection: Connection,
    alive: Connection,
    state: TournamentState,
    system: str,
    seed: int,
    seconds: float,
    published: RoundPairing | None = None,
) -> None:
    """The child: pair (or, given the ``published`` round, redraw it), send back the
    pairing or the engine's error, and exit.

    It ends itself a second after ``seconds`` (``SIGALRM``'s default action) and as soon
    as the requester dies (EOF on ``alive``), whatever the engine is doing.
    """
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(math.ceil(seconds) + 1)
    threading.Thread(target=_end_with_requester, args=(alive,), daemon=True).start()
    try:
        pairing = (
            pair_round(state, System(system), seed=seed)
            if published is None
            else repair_round(state, published, System(system), seed=seed)
        )
        answer: tuple[str, Any] = ("ok", pairing)
    except EngineError as exc:
        answer = ("error", (type(exc).__name__, str(exc), exc.words))
    connection.send(answer)
    connection.close()


def pair_round_limited(
    state: TournamentState,
    system: System,
    *,
    seed: int,
    seconds: float,
    published: RoundPairing | None = None,
) -> RoundPairing:
    """``pair_round`` in a child process, stopped after ``seconds``; given the
    ``published`` round, ``repair_round`` (ESCA 25) instead, under the same limit.

    :raises PairingTimeout: the child took longer; it has been killed.
    :raises EngineStopped: the child ended without an answer.
    :raises EngineError: the engine's own error (``NoValidPairing``...), raised again.
    """
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    alive_r, alive_w = context.Pipe(duplex=False)
    process = context.Process(
        target=_child,
        args=(sender, alive_r, state, system.value, seed, seconds, published),
        name="pairing",
        daemon=True,
    )
    process.start()
    sender.close()
    alive_r.close()
    try:
        if not receiver.poll(seconds):
            process.kill()
            raise PairingTimeout(seconds)
        try:
            kind, value = receiver.recv()
        except EOFError:
            process.join()
            raise EngineStopped(
                f"the pairing process stopped without an answer (exit code {process.exitcode})"
            ) from None
    finally:
        receiver.close()
        alive_w.close()
        process.join()
        process.close()
    if kind == "ok":
        pairing: RoundPairing = value
        return pairing
    name, message, words = value
    error_class = getattr(errors, name, EngineError)
    if error_class not in (errors.NoValidPairing, errors.UnsupportedFeature, errors.InvalidState):
        error_class = EngineError
    # The message code and values go across too, so the error reads in any language.
    raise error_class(words if words is not None else message)
