"""Python's cycle collector paused while a read builds many short-lived objects.

CPython frees an object as soon as nothing refers to it (reference counting); the cycle
collector only finds groups of objects that refer to each other in a ring. It runs
after every 700 new container objects, and every so often goes over every object of
the process. A standings of 2,000 players x 11 rounds builds some 150,000 objects (the
histories, the tie-break terms, the crosstable's cells), none in a ring, and the
collector's passes over them took a third of its time (#35, bench/README.md). While
:func:`collection_paused` holds, the collector does not run; the objects no longer
needed are freed as usual, and a ring made meanwhile is found at the next collection
after it.

The collector's switch belongs to the process: a thread that runs at the same time runs
without it for that while, which delays a collection and changes nothing else. The
switch is put back as it was found, so the pauses of two threads never leave it off.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collection_paused() -> Iterator[None]:
    """The cycle collector off for the block, then as it was (also on an exception)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


__all__ = ["collection_paused"]
