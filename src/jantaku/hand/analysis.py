"""Hand analysis: shanten, waits, useful draws, decompositions, with up to two wildcards.

Everything works on *counts*: a sequence of at least 34 ints (one per kind, flowers ignored)
for the concealed tiles, plus the number of called sets (``melds``; a kan is one set) and,
where the four-copy limit matters, the counts of the called tiles (``called``).

The central quantity is the *distance*: the fewest tiles that must be added to the concealed
tiles so that some of them form a complete hand (``4 - melds`` sets and a pair, seven pairs,
or thirteen orphans). Shanten is ``distance - wildcards - 1``; a hand is complete when the
distance is at most the number of wildcards. Each added tile respects the four copies of
a kind, so a wildcard never becomes a fifth copy of a kind in the concealed tiles (and,
exactly checked, in the whole hand) unless the analyzer allows fifth copies.

>>> from jantaku.tiles import Hand, tileset
>>> a = HandAnalyzer(tileset('riichi'))
>>> h = Hand.parse('1112345678999m')
>>> a.shanten(h.concealed_counts())
0
>>> a.waits(h.concealed_counts()).names
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> m = HandAnalyzer(tileset('mighty'))
>>> m.waits(Hand.parse('23456779s4577p', tileset('mighty')).concealed_counts(), wildcards=1).names
['3p', '6p', '8s']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, NamedTuple, final

from jantaku.hand.tables import (
    INF,
    ISO_KEYS,
    ROWS,
    SEQ_KEYS,
    complete_cost,
    pair_row,
)
from jantaku.tiles.kinds import M2, N_KINDS, TERMINALS_AND_HONORS, Kind, kind_name
from jantaku.tiles.tileset import TileSet

from .splits import (
    Counts,
    Split,
    combine_splits,
    decompose,
    group_splits,
    standard_splits,
)
from .waits import Waits, no_waits

if TYPE_CHECKING:  # mypyc's machine-word int; plain ``int`` when the module is interpreted
    from mypy_extensions import i64

# A count is changed as ``c[k] = c[k] + 1``, never ``c[k] += 1``: compiled, the augmented
# form on a list item is Python's generic in-place add.

__all__ = [  # names other modules import from here
    "Counts",
    "Decomposition",
    "HandAnalyzer",
    "HandError",
    "ShantenForms",
    "Split",
    "Waits",
    "combine_splits",
    "decompose",
    "group_splits",
    "tileset_riichi",
]

_ORPHAN: Final = bytes(k in TERMINALS_AND_HONORS for k in range(N_KINDS))
"""1 for each of the thirteen kinds of 国士無双 (bytes: compiled, an item is a native int)."""
_NO_GROUP: Final = 255
"""``HandAnalyzer._group`` of a kind in no table group (2m-8m with three players)."""

_Scan = tuple[int, int, int, int, int, int, int, int, int, int]
"""What :meth:`HandAnalyzer._scan` reads from counts in one pass: the base-5 keys of the
four groups (:meth:`HandAnalyzer.__init__` says which kinds), the number of kinds held once,
twice, three and four times (七対子), and of the thirteen orphans: the kinds held, and 1 if
one of them is held twice or more (国士)."""


class HandError(ValueError):
    """Counts that cannot be a hand under the analyzer's tile set (names what is wrong)."""


class Decomposition(NamedTuple):
    """One reading of a complete standard hand's concealed tiles.

    ``triplets`` are kinds of concealed triplets; ``sequences`` the lowest kind of each run.
    """

    pair: Kind
    triplets: tuple[Kind, ...]
    sequences: tuple[Kind, ...]


class ShantenForms(NamedTuple):
    standard: int
    chiitoitsu: int
    kokushi: int

    @property
    def overall(self) -> int:
        return min(self.standard, self.chiitoitsu, self.kokushi)


def _as_list(counts: Counts) -> list[int]:
    """The counts as a list (compiled, a list's items are read directly; any other sequence
    goes through Python's item protocol)."""
    return counts if isinstance(counts, list) else list(counts)


def _bucket_down(n1: int, n2: int, n3: int, n4: int, x: int) -> tuple[int, int, int, int]:
    """The numbers of kinds held once, twice, three and four times after one copy of a
    kind held ``x`` times goes (``x`` = 0: none goes)."""
    if x == 1:
        return n1 - 1, n2, n3, n4
    if x == 2:
        return n1 + 1, n2 - 1, n3, n4
    if x == 3:
        return n1, n2 + 1, n3 - 1, n4
    if x == 4:
        return n1, n2, n3 + 1, n4 - 1
    return n1, n2, n3, n4


def _chiitoi(n1: int, n2: int, n3: int, n4: int, four: bool) -> int:
    """Distance of 七対子 from the numbers of kinds held once, twice, three, four times
    (``four``: four of a kind may be two pairs)."""
    if four:
        pairs = n2 + n3 + 2 * n4
        up = n1 + n3  # kinds that become a pair (one more) with one tile
    else:
        pairs = n2 + n3 + n4
        up = n1
    need = 7 - pairs
    if need <= 0:
        return 0
    # A kind held once needs one tile; a new pair of an unheld kind needs two.
    return need + need - up if up < need else need


@final
class HandAnalyzer:
    """Shanten, waits and decompositions for the kinds of one tile set.

    ``chiitoi_four``: four of a kind may be two of the seven pairs (4枚使い七対子).
    ``fifth_copy``: a wildcard may stand for a kind the hand already holds four of
    (``mighty``'s rule forbids it: leave it False there).
    """

    def __init__(
        self, ts: TileSet, *, chiitoi_four: bool = False, fifth_copy: bool = False
    ) -> None:
        self.tileset = ts
        self.chiitoi_four = chiitoi_four
        self.fifth_copy = fifth_copy
        self.three_player = not ts.has_kind(M2)
        self.hand_kinds: tuple[Kind, ...] = ts.hand_kinds
        self._hand_kind_set = frozenset(ts.hand_kinds)
        # The table groups (tables.py): each kind's group and its weight in the group's
        # base-5 key (first kind most significant). Four players: man, pin, sou (number
        # suits) and the honours (unrelated kinds). Three: pin, sou, no group 2, and the
        # 1m, 9m and honours as nine unrelated kinds.
        group = [_NO_GROUP] * N_KINDS
        self._weight: list[int] = [0] * N_KINDS
        unrelated = ([0, 8] if self.three_player else []) + list(range(27, 34))
        suits = [(0, 9), (1, 18)] if self.three_player else [(0, 0), (1, 9), (2, 18)]
        for g, base in suits:
            for i in range(9):
                group[base + i] = g
                self._weight[base + i] = 5 ** (8 - i)
        for i, k in enumerate(unrelated):
            group[k] = 3
            self._weight[k] = 5 ** (len(unrelated) - 1 - i)
        # Bytes: compiled, reading one is a native int.
        self._group = bytes(group)
        # Each group's kinds in key order (draw_distances walks a group's key from its last
        # kind), and 1 for a kind a draw may bring: of the tile set (and of a group).
        self._kinds_of = tuple(bytes(k for k in range(N_KINDS) if group[k] == g) for g in range(4))
        self._drawable = bytes(
            k in self._hand_kind_set and group[k] != _NO_GROUP for k in range(N_KINDS)
        )

    # -- validation ---------------------------------------------------------------------------

    def check_counts(self, counts: Counts, melds: int = 0, wildcards: int = 0) -> None:
        """Raise :class:`HandError` unless the counts can be concealed tiles of a hand."""
        if len(counts) < N_KINDS:
            raise HandError(f"counts need {N_KINDS} entries, got {len(counts)}")
        if not 0 <= melds <= 4:
            raise HandError(f"a hand has 0 to 4 called sets, not {melds}")
        if not 0 <= wildcards <= 2:
            raise HandError(f"0 to 2 wildcards, not {wildcards}")
        for k in range(N_KINDS):
            c = counts[k]
            if not 0 <= c <= 4:
                raise HandError(f"{c} copies of {kind_name(k)}")
            if c and k not in self._hand_kind_set:
                raise HandError(
                    f"{kind_name(k)} cannot be in a hand under the {self.tileset.name} set"
                )
        total = sum(counts[:N_KINDS]) + wildcards + 3 * melds
        if total not in (13, 14):
            raise HandError(f"a hand has 13 or 14 tiles (3 per called set), this one has {total}")

    # -- distances (the hot path) -----------------------------------------------------------
    #
    # Written for mypyc: native int loops over a list, byte tables, no dict or method look-up
    # per tile (compiled, a shanten is a few hundred nanoseconds).

    def _scan(self, counts: Counts) -> _Scan:
        c = _as_list(counts)
        if len(c) < N_KINDS:
            raise HandError(f"counts need {N_KINDS} entries, got {len(c)}")
        group = self._group
        k0: i64 = 0
        k1: i64 = 0
        k2: i64 = 0
        k3: i64 = 0
        n1: i64 = 0
        n2: i64 = 0
        n3: i64 = 0
        n4: i64 = 0
        orphans: i64 = 0
        orphan_pair: i64 = 0
        x: i64
        # Compiled, iterating a list reads its items without the bounds check and reference
        # counting of c[k] (a quarter of a shanten's time).
        for k, x in enumerate(c):
            if k >= N_KINDS:  # flowers, if the counts have them
                break
            # Each group's key by Horner's rule: its kinds come in order, the first the most
            # significant (no table of weights to read; zeros count too).
            g = group[k]
            if g == 0:
                k0 = k0 * 5 + x
            elif g == 1:
                k1 = k1 * 5 + x
            elif g == 2:
                k2 = k2 * 5 + x
            elif g == 3:
                k3 = k3 * 5 + x
            if x == 0:
                continue
            if x < 0 or x > 4:
                raise HandError(f"{x} copies of {kind_name(k)}")
            if x == 1:
                n1 += 1
            elif x == 2:
                n2 += 1
            elif x == 3:
                n3 += 1
            else:
                n4 += 1
            if _ORPHAN[k]:
                orphans += 1
                if x >= 2:
                    orphan_pair = 1
        return k0, k1, k2, k3, n1, n2, n3, n4, orphans, orphan_pair

    def _half_row(self, g: int, vid: int, other: int) -> bytes:
        """The merged vector of group ``g``'s vector ``vid`` and ``other``, the vector of
        the other group of its half: groups 0 and 1, 2 and 3 (3 alone with three players)."""
        if g == 0 or g == 2:
            return ROWS[pair_row(vid, other)]
        if g == 3 and self.three_player:
            return ROWS[vid]
        return ROWS[pair_row(other, vid)]

    def _far_rows(self, k2: int, k3: int) -> bytes:
        """The merged vector of groups 2 and 3 (no group 2 with three players)."""
        if self.three_player:
            return ROWS[ISO_KEYS[k3]]
        return ROWS[pair_row(SEQ_KEYS[k2], ISO_KEYS[k3])]

    def distances(self, counts: Counts, melds: int = 0) -> tuple[int, int, int]:
        """Distance of each form: (standard, 七対子, 国士). Forms that need a closed hand are
        ``INF`` when there are called sets."""
        k0, k1, k2, k3, n1, n2, n3, n4, orphans, orphan_pair = self._scan(counts)
        near = ROWS[pair_row(SEQ_KEYS[k0], SEQ_KEYS[k1])]
        std = complete_cost(near, self._far_rows(k2, k3), 4 - melds)
        if melds:
            return std, INF, INF
        return std, _chiitoi(n1, n2, n3, n4, self.chiitoi_four), 14 - orphans - orphan_pair

    def distance(self, counts: Counts, melds: int = 0) -> int:
        """Fewest tiles to add for a complete hand, over all forms."""
        k0, k1, k2, k3, n1, n2, n3, n4, orphans, orphan_pair = self._scan(counts)
        near = ROWS[pair_row(SEQ_KEYS[k0], SEQ_KEYS[k1])]
        std = complete_cost(near, self._far_rows(k2, k3), 4 - melds)
        if melds or std == 0:
            return std
        chiitoi = _chiitoi(n1, n2, n3, n4, self.chiitoi_four)
        kokushi = 14 - orphans - orphan_pair
        if chiitoi < std:
            std = chiitoi
        return kokushi if kokushi < std else std

    def draw_distances(self, counts: Counts, melds: int = 0) -> list[int]:
        """For each of the 34 kinds, :meth:`distance` after drawing one more of it (``INF``
        for a kind the concealed tiles hold four of, or that the tile set has not).

        One scan and one table look-up per kind: the drawn tile changes one group's key, so
        only that group's vector is looked up again and merged with the others' (the other
        two forms change by a closed form)."""
        k0, k1, k2, k3, n1, n2, n3, n4, orphans, orphan_pair = self._scan(counts)
        c = _as_list(counts)
        sets = 4 - melds
        three_player = self.three_player
        i0, i1, i2, i3 = SEQ_KEYS[k0], SEQ_KEYS[k1], SEQ_KEYS[k2], ISO_KEYS[k3]
        near = ROWS[pair_row(i0, i1)]
        far = self._far_rows(k2, k3)
        # The other forms after a draw of a kind held x times: the kind moves from the
        # count-x bucket to the x+1 one (七対子); an orphan adds a kind or the pair (国士).
        closed = melds == 0
        four = self.chiitoi_four
        ch0 = _chiitoi(n1 + 1, n2, n3, n4, four)
        ch1 = _chiitoi(n1 - 1, n2 + 1, n3, n4, four)
        ch2 = _chiitoi(n1, n2 - 1, n3 + 1, n4, four)
        ch3 = _chiitoi(n1, n2, n3 - 1, n4 + 1, four)
        ko_other = 14 - orphans - orphan_pair
        ko_new = 13 - orphans - orphan_pair
        ko_held = 13 - orphans
        drawable = self._drawable
        out = [INF] * N_KINDS
        x: i64
        for g in range(4):
            key: i64 = k0 if g == 0 else k1 if g == 1 else k2 if g == 2 else k3
            # Draws of different kinds often leave the group with the same vector (tiles far
            # from the others): the last two vectors and their distances are kept.
            vid_a: i64 = -1
            vid_b: i64 = -1
            d_a: i64 = INF
            d_b: i64 = INF
            # The group's kinds from the last, whose weight in the key is 1 (each kind
            # before it weighs five times more): no table of weights to read.
            kinds = self._kinds_of[g]
            w: i64 = 1
            i = len(kinds) - 1
            while i >= 0:
                k = kinds[i]
                x = c[k]
                if x < 4 and drawable[k]:
                    vid: i64 = ISO_KEYS[key + w] if g == 3 else SEQ_KEYS[key + w]
                    if vid == vid_a:
                        d = d_a
                    elif vid == vid_b:
                        d = d_b
                    else:
                        if g == 0:
                            d = complete_cost(ROWS[pair_row(vid, i1)], far, sets)
                        elif g == 1:
                            d = complete_cost(ROWS[pair_row(i0, vid)], far, sets)
                        elif g == 2:
                            d = complete_cost(near, ROWS[pair_row(vid, i3)], sets)
                        elif three_player:
                            d = complete_cost(near, ROWS[vid], sets)
                        else:
                            d = complete_cost(near, ROWS[pair_row(i2, vid)], sets)
                        vid_b, d_b, vid_a, d_a = vid_a, d_a, vid, d
                    if closed:
                        ch = ch0 if x == 0 else ch1 if x == 1 else ch2 if x == 2 else ch3
                        ko = ko_other if not _ORPHAN[k] else ko_new if x == 0 else ko_held
                        if ch < d:
                            d = ch
                        if ko < d:
                            d = ko
                    out[k] = d
                w *= 5
                i -= 1
        return out

    def discard_distances(self, counts: Counts, melds: int = 0) -> list[int]:
        """For each of the 34 kinds, :meth:`distance` after discarding one of it (``INF`` for
        a kind the concealed tiles do not hold): one scan, and per kind held one table
        look-up of the group the discard changes (the other forms by their closed forms).

        >>> from jantaku.tiles import Hand, tileset
        >>> a = HandAnalyzer(tileset('riichi'))
        >>> c = Hand.parse('123m456p789s11223z').concealed_counts()
        >>> a.discard_distances(c)[27:30]  # 1z, 2z or 3z: only the last leaves it ready
        [2, 2, 1]
        """
        k0, k1, k2, k3, n1, n2, n3, n4, orphans, orphan_pair = self._scan(counts)
        c = _as_list(counts)
        sets = 4 - melds
        three_player = self.three_player
        i0, i1, i2, i3 = SEQ_KEYS[k0], SEQ_KEYS[k1], SEQ_KEYS[k2], ISO_KEYS[k3]
        near = ROWS[pair_row(i0, i1)]
        far = self._far_rows(k2, k3)
        closed = melds == 0
        four = self.chiitoi_four
        # The other forms after a discard of a kind held x times: the kind moves from the
        # count-x bucket to the x-1 one (七対子); an orphan may take a kind or the pair (国士).
        ch1 = _chiitoi(n1 - 1, n2, n3, n4, four)
        ch2 = _chiitoi(n1 + 1, n2 - 1, n3, n4, four)
        ch3 = _chiitoi(n1, n2 + 1, n3 - 1, n4, four)
        ch4 = _chiitoi(n1, n2, n3 + 1, n4 - 1, four)
        orphan_pairs = 0
        if closed:
            for k in range(N_KINDS):
                if _ORPHAN[k] and c[k] >= 2:
                    orphan_pairs += 1
        ko_same = 14 - orphans - orphan_pair
        ko_single = ko_same + 1  # the orphan's only copy: one kind fewer
        ko_pair = 14 - orphans - (1 if orphan_pairs > 1 else 0)  # the pair may be the only one
        group = self._group
        weight = self._weight
        out = [INF] * N_KINDS
        for k, x in enumerate(c):
            if k >= N_KINDS:
                break
            if x <= 0:
                continue
            g = group[k]
            w = weight[k]
            if g == 0:
                d = complete_cost(ROWS[pair_row(SEQ_KEYS[k0 - w], i1)], far, sets)
            elif g == 1:
                d = complete_cost(ROWS[pair_row(i0, SEQ_KEYS[k1 - w])], far, sets)
            elif g == 2:
                d = complete_cost(near, ROWS[pair_row(SEQ_KEYS[k2 - w], i3)], sets)
            elif g == 3 and three_player:
                d = complete_cost(near, ROWS[ISO_KEYS[k3 - w]], sets)
            elif g == 3:
                d = complete_cost(near, ROWS[pair_row(i2, ISO_KEYS[k3 - w])], sets)
            else:  # not a kind of the tile set's groups: the scan left it out too
                d = complete_cost(near, far, sets)
            if closed and d > 0:
                ch = ch1 if x == 1 else ch2 if x == 2 else ch3 if x == 3 else ch4
                ko = ko_same if not _ORPHAN[k] or x >= 3 else ko_single if x == 1 else ko_pair
                if ch < d:
                    d = ch
                if ko < d:
                    d = ko
            out[k] = d
        return out

    def exchange_distances(
        self, counts: Counts, melds: int, discards: list[Kind], draws: list[Kind]
    ) -> list[list[int]]:
        """:meth:`distance` after discarding one of a kind and drawing one of another, for
        each kind of ``discards`` (held; a flower's, 34 and above, changes nothing) and each
        of ``draws``: ``out[i][n]`` for ``discards[i]`` then ``draws[n]`` (``INF`` for a
        fifth copy or a kind the tile set has not).

        One scan for all of them: the two tiles change one or two groups' keys, so only
        those groups' vectors are looked up again (the other forms by closed forms).

        >>> from jantaku.tiles import Hand, tileset
        >>> a = HandAnalyzer(tileset('riichi'))
        >>> c = Hand.parse('123m456p789s11224z').concealed_counts()
        >>> a.exchange_distances(c, 0, [30], [28, 29, 30])  # 4z out: 2z in wins, 3z does not
        [[0, 1, 1]]
        """
        k0, k1, k2, k3, n1, n2, n3, n4, orphans, _ = self._scan(counts)
        c = _as_list(counts)
        sets = 4 - melds
        closed = melds == 0
        four = self.chiitoi_four
        group = self._group
        weight = self._weight
        drawable = self._drawable
        keys = [k0, k1, k2, k3]
        base = [SEQ_KEYS[k0], SEQ_KEYS[k1], SEQ_KEYS[k2], ISO_KEYS[k3]]
        # The hand's standard form is two halves (groups 0 and 1, 2 and 3) merged: a tile
        # changes its group's vector, so its half's row is looked up again.
        near = ROWS[pair_row(base[0], base[1])]
        far = self._far_rows(k2, k3)
        orphan_pairs: i64 = 0  # orphan kinds held twice or more (国士: one is the pair)
        if closed:
            for k in range(N_KINDS):
                if _ORPHAN[k] and c[k] >= 2:
                    orphan_pairs += 1
        # Each draw's count (5: not a draw there can be; bytes: compiled, a native read),
        # and its group vector and half row when the discard leaves its group as it is.
        held_j = bytes([c[j] if drawable[j] else 5 for j in draws])
        drawn_vid = [0] * len(draws)
        drawn_row = [near] * len(draws)
        for n, j in enumerate(draws):
            if held_j[n] < 4:
                g = group[j]
                key = keys[g] + weight[j]
                drawn_vid[n] = vid = ISO_KEYS[key] if g == 3 else SEQ_KEYS[key]
                drawn_row[n] = self._half_row(g, vid, base[g ^ 1])
        out: list[list[int]] = []
        xk: i64
        xj: i64
        for k in discards:
            row = [INF] * len(draws)
            out.append(row)
            # The discard's group (a flower's changes nothing), its vector, the halves.
            a = group[k] if k < N_KINDS else _NO_GROUP
            xk = c[k] if k < N_KINDS else 0
            key_a = vid_a = 0
            k_near, k_far = near, far
            if a != _NO_GROUP:
                key_a = keys[a] - weight[k]
                vid_a = ISO_KEYS[key_a] if a == 3 else SEQ_KEYS[key_a]
                if a < 2:
                    k_near = self._half_row(a, vid_a, base[a ^ 1])
                else:
                    k_far = self._half_row(a, vid_a, base[a ^ 1])
            # The other forms after the discard, then by the count of the drawn kind: 七対子
            # by the kinds held once, twice... (the discarded kind one bucket down, the drawn
            # one up), 国士 by the orphan kinds held and those held twice or more.
            m1, m2, m3, m4 = _bucket_down(n1, n2, n3, n4, xk)
            ch0 = _chiitoi(m1 + 1, m2, m3, m4, four)
            ch1 = _chiitoi(m1 - 1, m2 + 1, m3, m4, four)
            ch2 = _chiitoi(m1, m2 - 1, m3 + 1, m4, four)
            ch3 = _chiitoi(m1, m2, m3 - 1, m4 + 1, four)
            held: i64 = orphans
            pairs: i64 = orphan_pairs
            if k < N_KINDS and _ORPHAN[k]:
                held -= 1 if xk == 1 else 0
                pairs -= 1 if xk == 2 else 0
            # Draws often leave the same rows (tiles far from the others): the last rows
            # merged and their distance are kept (rows are shared objects: ``is`` compares).
            last_u = last_v = b""
            last_d: i64 = INF
            for n, j in enumerate(draws):
                xj = held_j[n]
                if j == k:
                    xj -= 1
                if xj >= 4:
                    continue
                b = group[j]
                if a == _NO_GROUP or b >> 1 != a >> 1:  # the tiles change different halves
                    half = drawn_row[n]
                elif b == a:
                    key = key_a + weight[j]
                    vid = ISO_KEYS[key] if a == 3 else SEQ_KEYS[key]
                    half = self._half_row(a, vid, base[a ^ 1])
                else:  # the other group of the discard's half
                    half = self._half_row(a, vid_a, drawn_vid[n])
                u = half if b < 2 else k_near
                v = k_far if b < 2 else half
                d: i64
                if u is last_u and v is last_v:
                    d = last_d
                else:
                    d = complete_cost(u, v, sets)
                    last_u, last_v, last_d = u, v, d
                if closed and d > 0:
                    ch: i64 = ch0 if xj == 0 else ch1 if xj == 1 else ch2 if xj == 2 else ch3
                    ko: i64 = 14 - held
                    if _ORPHAN[j]:
                        ko -= 1 if xj == 0 else 0
                        ko -= 1 if pairs > 0 or xj == 1 else 0
                    else:
                        ko -= 1 if pairs > 0 else 0
                    if ch < d:
                        d = ch
                    if ko < d:
                        d = ko
                row[n] = d
        return out

    # -- shanten --------------------------------------------------------------------------------

    def shanten(self, counts: Counts, melds: int = 0, wildcards: int = 0) -> int:
        """Overall shanten (-1 = complete) of a 13- or 14-tile hand.

        >>> from jantaku.tiles import Hand, tileset
        >>> a = HandAnalyzer(tileset('riichi'))
        >>> a.shanten(Hand.parse('123m456p789s1234z').concealed_counts())
        2
        >>> a.shanten(Hand.parse('19m19p19s1234567z').concealed_counts())
        0
        """
        d = self.distance(counts, melds) - wildcards - 1
        return d if d >= -1 else -1

    def shanten_forms(self, counts: Counts, melds: int = 0, wildcards: int = 0) -> ShantenForms:
        s, c, k = self.distances(counts, melds)
        w = wildcards + 1
        return ShantenForms(max(s - w, -1), max(c - w, -1), max(k - w, -1))

    # -- completion, waits, useful draws ------------------------------------------------------

    def _needs_exact(self, wildcards: int, called: Counts | None) -> bool:
        # The tables cap each kind at four *concealed* copies. With a wildcard that is exact
        # only when no called tile shares a kind (and when fifth copies are forbidden).
        return wildcards > 0 and (self.fifth_copy or (called is not None and any(called[:N_KINDS])))

    def is_complete(
        self, counts: Counts, melds: int = 0, wildcards: int = 0, called: Counts | None = None
    ) -> bool:
        """Whether concealed tiles + wildcards form a complete hand with ``melds`` called sets."""
        if self._needs_exact(wildcards, called):
            return bool(self.wildcard_readings(counts, melds, wildcards, called, first_only=True))
        return self.distance(counts, melds) <= wildcards

    def waits(
        self, counts: Counts, melds: int = 0, wildcards: int = 0, called: Counts | None = None
    ) -> Waits:
        """Kinds that complete a hand one tile short (13 tiles counting wildcards and sets).

        A kind whose four copies are all in the hand is never a wait, and no wildcard becomes
        a fifth copy unless the analyzer allows it.
        """
        d = self.distance(counts, melds)
        shanten = d - wildcards - 1 if d > wildcards else -1
        exact = self._needs_exact(wildcards, called)
        if d > wildcards + 1 and not (exact and self.fifth_copy and d <= wildcards + 3):
            return no_waits(shanten)
        # Every kind's distance after its draw comes from one table pass. The tables count
        # four copies among the concealed tiles only: with wildcards, the rule's limit (called
        # copies too) is stricter, so a table wait is then checked exactly; with fifth copies
        # allowed it is looser, and every kind is checked exactly.
        c = list(counts[:N_KINDS]) if exact else _as_list(counts)
        after = None if exact and self.fifth_copy else self.draw_distances(c, melds)
        seen = _as_list(called) if called is not None else None
        drawable = 0
        out: list[Kind] = []
        for k in self.hand_kinds:
            own = c[k] + (seen[k] if seen is not None else 0)
            if own >= 4:
                continue
            drawable += 1
            ok = after is None or after[k] <= wildcards
            if ok and exact:
                c[k] = c[k] + 1
                ok = bool(self.wildcard_readings(c, melds, wildcards, called, first_only=True))
                c[k] = c[k] - 1
            if ok:
                out.append(k)
        if out and exact and shanten > 0:
            shanten = 0
        infinite = bool(out) and len(out) == drawable
        return Waits(shanten, tuple(out), infinite)

    def useful_draws(
        self,
        counts: Counts,
        melds: int = 0,
        wildcards: int = 0,
        called: Counts | None = None,
        visible: Counts | None = None,
    ) -> dict[Kind, int]:
        """For a 13-tile hand: each kind whose draw lowers the shanten, with how many copies
        are still live (not in this hand, its melds, or ``visible``: rivers, other melds,
        dora indicators...). Kinds with no live copy are kept, with 0.

        With wildcards whose four-copy limit the tables cannot see (a called tile of the
        kind, or fifth copies allowed: see :meth:`waits`), a draw that completes the hand
        counts only if it really does: a tenpai hand's useful draws are its waits.
        """
        c = _as_list(counts)
        base = self.distance(c, melds)
        after = self.draw_distances(c, melds)
        wins: tuple[Kind, ...] = ()
        floor = -1  # draws to a distance above this count by the tables alone
        if self._needs_exact(wildcards, called):
            wins = self.waits(counts, melds, wildcards, called).kinds
            floor = INF if wins else wildcards
        out: dict[Kind, int] = {}
        for k in self.hand_kinds:
            own = c[k] + (called[k] if called is not None else 0)
            if own < 4 and (floor < after[k] < base or k in wins):
                seen = visible[k] if visible is not None else 0
                out[k] = max(0, 4 - own - seen)
        return out

    # -- readings ---------------------------------------------------------------------------------

    def wildcard_readings(
        self,
        counts: Counts,
        melds: int = 0,
        wildcards: int = 0,
        called: Counts | None = None,
        *,
        first_only: bool = False,
    ) -> list[tuple[Kind, ...]]:
        """Every multiset of kinds the wildcards can become so that the hand is complete
        (``[()]`` for a complete hand without wildcards, ``[]`` if none works).

        >>> from jantaku.tiles import Hand, tileset
        >>> a = HandAnalyzer(tileset('mighty'))
        >>> h = Hand.parse('123p456p789p11s22z', tileset('mighty'))
        >>> [kind_name(k) for (k,) in a.wildcard_readings(h.concealed_counts(), wildcards=1)]
        ['1s', '2z']
        """
        if wildcards == 0:
            return [()] if self._complete_exact(list(counts[:N_KINDS]), melds) else []
        c = list(counts[:N_KINDS])
        # One wildcard within four copies: it completes the hand as a kind exactly when a
        # draw of that kind would (one table pass instead of a test per kind).
        after = None
        if wildcards == 1 and not self.fifth_copy and max(c) <= 4:
            after = self.draw_distances(c, melds)
        out: list[tuple[Kind, ...]] = []
        for combo in self._identity_combos(c, wildcards, called):
            if after is not None and after[combo[0]] != 0:
                continue
            for k in combo:
                c[k] = c[k] + 1
            ok = self._complete_exact(c, melds)
            for k in combo:
                c[k] = c[k] - 1
            if ok:
                out.append(combo)
                if first_only:
                    break
        return out

    def _identity_combos(
        self, c: list[int], wildcards: int, called: Counts | None
    ) -> Iterator[tuple[Kind, ...]]:
        kinds = self.hand_kinds

        def room(k: Kind) -> int:
            if self.fifth_copy:
                return wildcards
            return 4 - c[k] - (called[k] if called is not None else 0)

        if wildcards == 1:
            for k in kinds:
                if room(k) >= 1:
                    yield (k,)
            return
        for i, k1 in enumerate(kinds):
            r1 = room(k1)
            if r1 < 1:
                continue
            for k2 in kinds[i:]:
                if k2 == k1 and r1 < 2:
                    continue
                if k2 != k1 and room(k2) < 1:
                    continue
                yield (k1, k2)

    def _complete_exact(self, c: list[int], melds: int) -> bool:
        """Complete-hand test that also works with counts above four."""
        if max(c) <= 4:
            return self.distance(c, melds) == 0
        if any(standard_splits(c, 4 - melds, True, 0)):
            return True
        if melds:
            return False
        return sum(c) == 14 and all(x in (0, 2) or (self.chiitoi_four and x == 4) for x in c)

    def decompositions(self, counts: Counts, melds: int = 0) -> list[Decomposition]:
        """Every reading of complete concealed tiles as ``4 - melds`` sets and a pair.

        >>> from jantaku.tiles import Hand
        >>> a = HandAnalyzer(tileset_riichi())
        >>> len(a.decompositions(Hand.parse('111222333m55p789s').concealed_counts()))
        2
        """
        return [Decomposition(p, t, s) for p, t, s in decompose(counts, melds)]


def tileset_riichi() -> TileSet:
    from jantaku.tiles.tileset import tileset

    return tileset("riichi")
