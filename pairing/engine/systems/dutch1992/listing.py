"""Lazy listings read by many readers (the exchanges of a level, the pairings of the
moved-down players): C12 and C13 (FIDE Handbook C.04.1, 1992 text) enter the same levels
of a bracket again and again, and each reads what the first worked out."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

_T = TypeVar("_T")


class _Listing(Generic[_T]):
    """The items of an iterator, produced once and read in order by any number of readers.

    A reader that gets ahead of the others asks the iterator for the next item; the
    others then read it from the list.  The iterator must not read a listing itself.
    """

    def __init__(self, source: Iterator[_T]) -> None:
        self._source = source
        self._items: list[_T] = []
        self._exhausted = False

    def __iter__(self) -> Iterator[_T]:
        return self.reading_from(0)

    @property
    def produced(self) -> Sequence[_T]:
        """The items produced so far (a reader may look them up before it reads)."""
        return self._items

    def reading_from(self, index: int) -> Iterator[_T]:
        """The items from the one at position ``index`` on (all when 0)."""
        while True:
            if index == len(self._items):
                if self._exhausted:
                    return
                try:
                    self._items.append(next(self._source))
                except StopIteration:
                    self._exhausted = True
                    return
            yield self._items[index]
            index += 1
