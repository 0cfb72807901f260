"""``python -m pairing``: the command line (:mod:`pairing.cli`), started as a short
process wants it.

    python -m pairing --dutch input.trf -p [output]   pair the next round
    python -m pairing --dutch input.trf -c            check every round of a file
    python -m pairing --dutch -g -o out.trf [-s SEED] [--players N] [--rounds R]
    python -m pairing --standings input.trf [--tiebreaks BH,BH-C1,SB]

A pairing program is run once per round, so its start and its exit count as much as the
pairing of a small round.  Python's cyclic garbage collector is kept off while the
command line's modules load (what they build is never garbage, and scanning it cost
about 3 ms), and what they built is frozen then, and whatever is left when the command
ends, so that neither the pairing's collections nor the interpreter's exit scan it all
again (about 6 ms at the exit).  Output, messages and exit
statuses are those of :func:`pairing.cli.main`.
"""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pairing.cli import main, pairs_text


def run() -> int:
    """Run the command line on ``sys.argv``; returns its exit status."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        from pairing.cli import main  # loaded with the collector off: see the docstring
    finally:
        gc.freeze()  # the modules' objects: later collections in a long pairing skip them
        if collecting:
            gc.enable()
    status = main()
    gc.freeze()
    return status


def __getattr__(name: str) -> object:
    """:mod:`pairing.cli`'s names (``main``, ``pairs_text``), for code that imports
    them from here."""
    from pairing import cli  # the command line, loaded when first asked for

    return getattr(cli, name)


__all__ = ["main", "pairs_text", "run"]

if __name__ == "__main__":
    sys.exit(run())
