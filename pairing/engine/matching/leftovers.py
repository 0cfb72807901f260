"""The guard of :func:`~pairing.engine.matching.assignment.lexicographic_assignments` on
the sets of columns its assignments can leave over (#38).

A search asking ``viable`` many times without a yield usually spends its time in
branches whose every completion within the budget leaves over a set of columns that
``viable`` refuses; :func:`leftover_guard` lists the sets still open and refuses a prefix
when none of them can be left over below it within the budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from .assignment_network import AssignmentNetwork, least_assignment_cost
from .leftover_completions import LeftoverCompletion

LISTING_WORK = 32768
"""A guard whose listing of the sets within the budget has spent this many shortest-path
searches without being over gives up (refusing nothing, as no guard did before).  It is
a limit on the listing's own work, not on the count of all ``C(columns, columns - rows)``
sets: C(24, 5) = 42,504 sets in round 56 of the 150-player event of seed 2929, of which
an assignment within the budget leaves over only 22 (listed in 154 searches)."""

COMPLETIONS_KEPT = 256
"""Sets open for which a guard keeps a network warm
(:class:`~.leftover_completions.LeftoverCompletion`, up to a snapshot a row of the
prefix asked); the sets past them are asked from nothing, as all were before, so a
guard of thousands of sets (8,245 in round 63 of the 150-player event of seed 2480)
holds no more memory than this many."""

LISTINGS_KEPT = 64
"""Complete listings remembered, by head (:data:`_listings`): a round of the 1992 Dutch
asks the same heterogeneous bracket's head again at its other levels, where only
``viable`` differs (48 guards on 16 heads in round 63 of seed 2928)."""

_listings: dict[
    tuple[tuple[tuple[tuple[int, int], ...], ...], int, int, frozenset[int]], tuple[int, ...] | None
] = {}
"""The sets within the budget of a head (``options``, ``columns``, budget, ``must_cover``),
or None when its listing gave up: a pure function of the key, so remembering it changes
no answer."""


def leftover_guard(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
    viable: Callable[[tuple[int, ...]], bool],
) -> Callable[[tuple[int, ...]], bool] | None:
    """:class:`LeftoverGuard` built in full at once; None when the sets of columns left
    over are too many to list."""
    guard = LeftoverGuard.start(options, columns, budget, must_cover, viable)
    if guard is not None:
        guard.finish()
    return guard


class LeftoverGuard:
    """A condition on prefixes refusing only branches without an assignment to yield,
    built a step at a time (:meth:`step`) beside the search it guards.

    Every assignment leaves ``columns - rows`` columns over.  A set ``L`` of them can be
    the one an assignment yielded leaves only if ``L`` holds no column of ``must_cover``,
    ``viable`` accepts the other columns as a whole (it depends only on the set of
    columns and never turns back to true, so a set it refuses now it refuses at the
    leaf), and some assignment within the budget takes every column outside ``L``.  The
    sets within the budget are listed depth first by the sink taking one more column at
    a time (:func:`_within_budget`; Ahuja, Magnanti and Orlin, *Network Flows*, 1993,
    ch. 9), which cuts a whole branch of sets at once, and each set listed costs one
    question to ``viable``.  An assignment yielded below a prefix leaves such an ``L``
    untouched and gives the rows after the prefix the columns outside both at no more
    than the budget left: a prefix is refused when no open ``L`` has so cheap a
    completion (:class:`~.leftover_completions.LeftoverCompletion`: one network a set,
    its rows forced along the prefixes asked, for the first :data:`COMPLETIONS_KEPT`
    sets; the least costs remembered by the set of columns of a prefix).  Until the
    listing is over, nothing is refused.
    """

    def __init__(
        self,
        options: Sequence[Sequence[tuple[int, int]]],
        columns: int,
        budget: int,
        must_cover: frozenset[int],
        viable: Callable[[tuple[int, ...]], bool],
    ) -> None:
        self.options = options
        self.columns = columns
        self.budget = budget
        self.viable = viable
        self.open_sets: list[int] = []
        """The sets of columns left over still open (bit sets), in lexicographic order."""
        self.within: list[int] = []
        """The sets within the budget listed so far (bit sets), in lexicographic order."""
        self.listed = False
        self.done = False
        self.gave_up = False
        """True when the listing spent :data:`LISTING_WORK` searches: the guard then
        refuses nothing."""
        self.costs = [dict(row) for row in options]
        self.least_below: dict[tuple[int, int], tuple[int, bool]] = {}
        """By the columns of a prefix and a set open, the least cost of the rows after
        the prefix on the columns outside both, or (False) a bound it is at least:
        the same set of columns is reached in many orders (and costs)."""
        self.completions: dict[int, LeftoverCompletion] = {}
        """By set open, its completions kept warm along the prefixes asked."""
        self.key = (tuple(tuple(row) for row in options), columns, budget, must_cover)
        self.work = [0]
        self.listing: Iterator[int] = iter(())
        if self.key in _listings:
            known = _listings[self.key]
            if known is None:
                self.gave_up = self.listed = self.done = True
            else:
                self.listing = iter(known)
        else:
            root = AssignmentNetwork(options, columns, must_cover)
            if root.initialise():
                self.listing = _within_budget(root, columns - len(options), budget, self.work)

    @classmethod
    def start(
        cls,
        options: Sequence[Sequence[tuple[int, int]]],
        columns: int,
        budget: int,
        must_cover: frozenset[int],
        viable: Callable[[tuple[int, ...]], bool],
    ) -> LeftoverGuard | None:
        """A guard to build, or None when the listing of this head gave up before."""
        guard = cls(options, columns, budget, must_cover, viable)
        return None if guard.gave_up else guard

    def step(self) -> bool:
        """List one more set within the budget; True once every one is listed."""
        if self.listed:
            return True
        out = next(self.listing, None)
        if out is None:
            self.listed = True
            self.gave_up = self.work[0] > LISTING_WORK
            _remember(self.key, None if self.gave_up else tuple(self.within))
            return True
        self.within.append(out)
        return False

    def finish(self) -> None:
        """Ask ``viable`` about every set listed (each as costly as a check of the
        search, or more): the guard is then in force."""
        while not self.step():
            pass
        self.done = True
        if self.gave_up:
            return
        columns, viable = self.columns, self.viable
        for out in self.within:
            if viable(tuple(c for c in range(columns) if not out >> c & 1)):
                self.open_sets.append(out)

    def __call__(self, prefix: tuple[int, ...]) -> bool:
        """Whether some set still open can be left over below ``prefix`` within the
        budget (True while the listing is not over)."""
        if not self.done or self.gave_up:
            return True
        costs = self.costs
        used = 0
        for column in prefix:
            used |= 1 << column
        if any(c not in costs[r] for r, c in enumerate(prefix)):
            return False
        if used.bit_count() != len(prefix):
            return False  # a column taken twice: no assignment goes through it
        spent = sum(costs[r][c] for r, c in enumerate(prefix))
        slack = self.budget - spent
        least_below = self.least_below
        completions = self.completions
        for left in self.open_sets:
            if used & left:
                continue
            known = least_below.get((used, left))
            if known is not None:
                least, exact = known
                if least > slack:
                    continue
                if exact:
                    return True
            completion = completions.get(left)
            if completion is None and len(completions) < COMPLETIONS_KEPT:
                completion = completions[left] = LeftoverCompletion(
                    self.options, self.columns, left, self.budget
                )
            if completion is None:
                cheapest = _least_outside(self.options, self.columns, used | left, len(prefix))
                least_below[used, left] = (MANY if cheapest is None else cheapest, True)
                if cheapest is not None and cheapest <= slack:
                    return True
            elif completion.within(prefix):
                least_below[used, left] = (completion.net.total - spent, True)
                return True
            else:
                least_below[used, left] = (slack + 1, False)
        return False


def _least_outside(
    options: Sequence[Sequence[tuple[int, int]]], columns: int, closed: int, first: int
) -> int | None:
    """The least cost of giving the rows from ``first`` on every column outside the bit
    set ``closed``, one each (:func:`least_assignment_cost`), or None when there is none:
    built from nothing, for the sets past :data:`COMPLETIONS_KEPT`."""
    narrowed = [[(c, k) for c, k in row if not closed >> c & 1] for row in options[first:]]
    outside = frozenset(c for c in range(columns) if not closed >> c & 1)
    return least_assignment_cost(narrowed, columns, must_cover=outside)


MANY = 1 << 30
"""A least cost above every budget: none at all."""


def probed_sets(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
    work: int,
) -> int | None:
    """How many sets within the budget this head has, when listing them all takes at
    most ``work`` shortest-path searches (the listing is then remembered as a guard's
    complete one is); None when it takes more (nothing is remembered: a guard may still
    list them all within :data:`LISTING_WORK`).  A head listed before answers at once.

    The listing is the one :class:`LeftoverGuard` makes (:func:`_within_budget`), so
    the sets remembered are the same whoever lists them."""
    key = (tuple(tuple(row) for row in options), columns, budget, must_cover)
    if key in _listings:
        known = _listings[key]
        return None if known is None else len(known)
    root = AssignmentNetwork(options, columns, must_cover)
    found: list[int] = []
    if root.initialise():
        spent = [0]
        for out in _within_budget(root, columns - len(options), budget, spent):
            if spent[0] > work:
                return None
            found.append(out)
        if spent[0] > work:
            return None
    _remember(key, tuple(found))
    return len(found)


def remembered_sets(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
) -> int | None:
    """How many sets within the budget the remembered listing of this head holds; None
    when it has none (never listed, or given up)."""
    known = _listings.get((tuple(tuple(row) for row in options), columns, budget, must_cover))
    return None if known is None else len(known)


def _remember(
    key: tuple[tuple[tuple[tuple[int, int], ...], ...], int, int, frozenset[int]],
    listing: tuple[int, ...] | None,
) -> None:
    """Keep a head's complete listing, dropping the oldest past :data:`LISTINGS_KEPT`."""
    if key not in _listings and len(_listings) >= LISTINGS_KEPT:
        del _listings[next(iter(_listings))]
    _listings[key] = listing


def _within_budget(
    root: AssignmentNetwork, spare: int, budget: int, work: list[int] | None = None
) -> Iterator[int]:
    """The sets of ``spare`` columns (bit sets, in the lexicographic order of their
    columns) that some assignment within ``budget`` leaves over, with ``root`` a
    minimum-cost transportation; ``work[0]`` counts the shortest-path searches, and the
    listing stops short past :data:`LISTING_WORK` of them.

    Depth first, T takes one more column at a time (:meth:`AssignmentNetwork.force_sink`):
    the least cost with T holding the columns chosen so far bounds every set extending
    them, so a branch over the budget is cut whole, and at ``spare`` columns it is the
    least cost of an assignment leaving exactly that set over (T takes no other).  A
    column passed over is then kept from T for the rest of the branch
    (:meth:`AssignmentNetwork.keep_from_sink`; the sets holding it came before), so a
    branch is entered only when an assignment within the budget leaves its columns over
    and takes every one passed: that assignment's own set extends the branch by later
    columns, so no branch entered is barren (the one set of 17 rows on 28 columns in
    round 63 of seed 2928 is listed in 38 searches, not 26,606).  Once no assignment
    within the budget takes the columns passed, no later one can."""
    chosen: list[int] = []
    columns = root.n2
    spent = [0] if work is None else work

    def walk(start: int, out: int) -> Iterator[int]:
        if len(chosen) == spare:
            if root.total <= budget:
                yield out
            return
        if len(chosen) == spare - 1:
            for column in range(start, columns):
                spent[0] += 1
                if spent[0] > LISTING_WORK:
                    return
                if root.sink_may_take(column, budget):
                    yield out | 1 << column
            return
        before = root.snapshot()
        kept: list[int] = []
        for column in range(start, columns - (spare - len(chosen)) + 1):
            spent[0] += 1
            if spent[0] > LISTING_WORK:
                break
            state = root.snapshot()
            if root.force_sink(column, budget):
                chosen.append(column)
                yield from walk(column + 1, out | 1 << column)
                chosen.pop()
                root.restore_sink(state, column)
            if not root.cover[column]:
                kept.append(column)
            spent[0] += 1
            if not root.keep_from_sink(column, budget):
                break
        root.restore_cover(before, kept)

    yield from walk(0, 0)
