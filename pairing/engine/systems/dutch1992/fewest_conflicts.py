"""The fewest colour conflicts of any pairing of S1 into S2, by the Hungarian method on
bit sets (Dutch A8, B4, C6).

FIDE Handbook C.04.1 (1992 text): a pairing of a division pairs every S1 player with
an S2 player he may meet, at one colour conflict for each pair whose players prefer the
same colour (B4); C6 asks whether some pairing is within x conflicts.  The fewest is the
cost of an assignment whose costs are 0 or 1 (H. W. Kuhn, "The Hungarian method for
the assignment problem", 1955): prices ``a`` of the S1 players and ``b`` of the S2
players with ``a[u] + b[v]`` at most each allowed pair's conflict, raised until the
pairs priced exactly at their conflict hold a complete pairing, whose conflicts are
then the prices' total, the least by linear programming duality.

With costs 0 or 1 the S2 players of one price form a bit set, and the pairs priced at
their conflict from an S1 player are two bit operations per price: the round's
thousands of divisions of a large bracket (19 S1 players against 22) are answered
without building a flow network.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _positions


def fewest_conflicts(
    rows: Sequence[int],
    conflicts: Sequence[int],
    must: int = 0,
    enough: int | None = None,
    start: Sequence[int] = (),
    prices: Sequence[int] = (),
    dual: tuple[list[int], dict[int, int]] | None = None,
) -> int | None:
    """The fewest colour conflicts of a pairing of every S1 player into S2 that pairs
    every S2 player of ``must``, or None when there is none.

    ``rows``: for each S1 player the S2 indices he may meet, ``conflicts`` those with
    whom he has a colour conflict, ``must`` the S2 indices to pair (bit sets).  As in
    ``conflict_bound``, S2 is read as the players S1 may meet and those of ``must``, and
    stand-in S1 players are added, as many as S1 would leave of it, each of whom may meet
    every S2 player not in ``must`` without a conflict: S1 and they pair all of that S2
    exactly when S1 pairs every one of ``must``, at the same cost.  Without ``must`` no
    stand-in is needed: the S2 players left unpaired keep the price 0 throughout (a
    search reaching one pairs him), and the prices stay feasible for S1 alone, those
    of S2 never above 0, so the total is still the least.

    ``enough``: once a lower bound on the least is above it, that bound is returned
    (or there is no pairing).  The prices' total is one (feasible prices, linear
    programming duality); so is that total plus the S1 players a maximum tight matching
    leaves open, since the next raise is at least 1 (integer costs) for each of them and
    keeps the prices feasible: the last raise need not be worked out.

    ``start``: for some first S1 players, an S2 index each may meet without a conflict
    (-1 for none), no two the same: a matching of pairs tight at the first prices, where
    the first maximum tight matching grows from instead of from nothing (Berge: any
    tight matching is a start).  ``prices``: the first prices of those players (else 0
    for a player with a conflict-free partner, 1 for one without), each S2 player of
    ``start`` then at minus his mate's price and every other at 0; the caller makes
    them feasible (as the dual of :func:`division_colours.least_paths` is), and the
    raises start from them.  ``dual``, when given, receives the last prices when a
    number is returned (feasible, and tight on a least pairing when that is the
    number): those of the S1 players in order, and those of S2 by index."""
    size = len(rows)
    free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
    costly = [row & conflict for row, conflict in zip(rows, conflicts, strict=True)]
    right = 0
    for row in rows:
        right |= row
    if must:
        right |= must
        spare = right.bit_count() - size
        if spare < 0:
            return None
        free += [right & ~must] * spare
        costly += [0] * spare
    n = len(free)
    # An S1 player (or stand-in) with no conflict-free partner starts at 1, the least
    # of his pairs: the prices are feasible from the start, and the first raises skipped.
    row_price = [0 if f else 1 for f in free]
    row_price[: len(prices)] = prices
    column_price = dict.fromkeys(_positions(right), 0)
    mate_row = [-1] * n
    mate_col: dict[int, int] = {}
    for u, v in enumerate(start):
        if v != -1:
            mate_row[u] = v
            mate_col[v] = u
            column_price[v] = -row_price[u]
    total = sum(row_price) + sum(column_price.values())  # the prices' total
    while True:
        # The S2 players by price, and the pairs priced at their conflict (tight).
        levels: dict[int, int] = {}
        for v, price in column_price.items():
            levels[price] = levels.get(price, 0) | 1 << v

        tights = [
            free[u] & levels.get(-row_price[u], 0) | costly[u] & levels.get(1 - row_price[u], 0)
            for u in range(n)
        ]
        # A maximum tight matching (Kuhn; a row that starts no augmenting path never
        # will after other augmentations, Berge).
        seen = [0]
        for u in range(n):
            if mate_row[u] == -1 and _augment(u, tights, mate_row, mate_col, seen):
                seen = [0]
        open_rows = [u for u in range(n) if mate_row[u] == -1]
        if dual is not None and (
            not open_rows or enough is not None and total + len(open_rows) > enough
        ):
            dual[0][:] = row_price[:size]
            dual[1].update(column_price)
        if not open_rows:
            return sum(costly[u] >> mate_row[u] & 1 for u in range(size))
        if enough is not None and total + len(open_rows) > enough:
            # The next raise adds at least 1 for each open row (see ``enough``).
            return total + len(open_rows)
        # The rows and columns reached from the open rows on tight pairs (alternating).
        reached_rows = list(open_rows)
        reached_cols = 0
        frontier = open_rows
        while frontier:
            new_cols = 0
            for u in frontier:
                new_cols |= tights[u]
            new_cols &= ~reached_cols
            reached_cols |= new_cols
            frontier = [mate_col[v] for v in _positions(new_cols)]
            reached_rows += frontier
        # The least slack from a reached row to a column not reached (at least 1).
        delta = -1
        unreached = ~reached_cols
        outside = [(price, players & unreached) for price, players in levels.items()]
        for u in reached_rows:
            a = row_price[u]
            free_u = free[u]
            costly_u = costly[u]
            for price, players in outside:
                if free_u & players:
                    slack = -a - price
                    if delta < 0 or slack < delta:
                        delta = slack
                if costly_u & players:
                    slack = 1 - a - price
                    if delta < 0 or slack < delta:
                        delta = slack
        if delta < 0:
            return None  # the reached rows may meet only the reached columns (Hall)
        for u in reached_rows:
            row_price[u] += delta
        for v in _positions(reached_cols):
            column_price[v] -= delta
        total += delta * len(open_rows)


def _augment(
    u: int, tights: Sequence[int], mate_row: list[int], mate_col: dict[int, int], seen: list[int]
) -> bool:
    """Match row ``u`` along an augmenting path of tight pairs not through the columns
    ``seen[0]`` (grown with those tried), if there is one."""
    options = tights[u] & ~seen[0]
    seen[0] |= options
    while options:
        low = options & -options
        options ^= low
        v = low.bit_length() - 1
        m = mate_col.get(v, -1)
        if m == -1 or _augment(m, tights, mate_row, mate_col, seen):
            mate_row[u] = v
            mate_col[v] = u
            return True
    return False
