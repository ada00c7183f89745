"""Readings of a complete hand: each way to see it as sets + pair with a wait, and its fu.

A :class:`Reading` is one decomposition plus the place of the winning tile in it (which
decides the wait type, whether a triplet counts as concealed, and pinfu).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from jantaku.hand.analysis import HandAnalyzer, Split, decompose
from jantaku.tiles.kinds import N_KINDS, Kind, is_terminal_or_honor
from jantaku.tiles.notation import MeldType
from jantaku.tiles.tileset import tile_kind

from .gates import EVEN, ORPHANS
from .situation import WinSituation

RYANMEN: Final = "ryanmen"
KANCHAN: Final = "kanchan"
PENCHAN: Final = "penchan"
SHANPON: Final = "shanpon"
TANKI: Final = "tanki"
KOKUSHI13: Final = "kokushi13"

STANDARD: Final = "standard"
CHIITOI: Final = "chiitoitsu"
KOKUSHI: Final = "kokushi"


class SetInfo(NamedTuple):
    kind: Kind
    """The kind of a triplet/kan, or the lowest kind of a run."""
    seq: bool
    kan: bool
    called: bool
    """Made by a call (chi, pon, open or added kan): breaks a closed hand."""
    concealed: bool
    """Counts as concealed for fu and 暗刻 (not called, not completed by a ron)."""


class Reading:
    """One reading. ``trips``/``seqs``/``kans``/``ankou`` are derived once, here, because
    every yaku and the fu look at them; ``set_fu`` is the fu its sets add (melds included)."""

    __slots__ = (
        "ankou",
        "closed_trips",
        "form",
        "kans",
        "melds",
        "pair",
        "pairs",
        "ron_kind",
        "seqs",
        "set_fu",
        "trips",
        "wait",
    )

    def __init__(
        self,
        form: str,
        pair: Kind,
        wait: str,
        trips: tuple[Kind, ...] = (),
        seqs: tuple[Kind, ...] = (),
        kans: int = 0,
        ankou: int = 0,
        set_fu: int = 0,
        closed_trips: tuple[Kind, ...] = (),
        melds: tuple[SetInfo, ...] = (),
        ron_kind: Kind = -1,
        pairs: tuple[Kind, ...] = (),
    ) -> None:
        self.form = form
        self.pair = pair
        self.wait = wait
        self.trips = trips
        """Kinds of every triplet and kan, concealed ones first."""
        self.seqs = seqs
        """Lowest kind of every run, concealed ones first."""
        self.kans = kans
        self.ankou = ankou
        """Concealed triplets and kans (a triplet finished by a ron is not one)."""
        self.set_fu = set_fu
        self.closed_trips = closed_trips
        """The triplets among the concealed tiles."""
        self.melds = melds
        self.ron_kind = ron_kind
        """The triplet a ron finished (it counts as open), or -1."""
        self.pairs = pairs
        """Chiitoitsu: the kinds of the pairs (a kind twice for four of a kind)."""

    def __repr__(self) -> str:
        return f"Reading({self.form}, pair={self.pair}, wait={self.wait}, sets={self.sets})"

    @property
    def sets(self) -> tuple[SetInfo, ...]:
        """Every set: the concealed triplets, the concealed runs, then the melds."""
        closed_runs = self.seqs[: len(self.seqs) - sum(1 for m in self.melds if m.seq)]
        out = [
            _RON_TRIPLET[k] if k == self.ron_kind else _CLOSED_TRIPLET[k] for k in self.closed_trips
        ]
        out += [_CLOSED_RUN[k] for k in closed_runs]
        return (*out, *self.melds)

    @property
    def triplets(self) -> tuple[SetInfo, ...]:
        return tuple(s for s in self.sets if not s.seq)

    @property
    def sequences(self) -> tuple[SetInfo, ...]:
        return tuple(s for s in self.sets if s.seq)


_CLOSED_TRIPLET: Final = tuple(SetInfo(k, False, False, False, True) for k in range(N_KINDS))
_CLOSED_RUN: Final = tuple(SetInfo(k, True, False, False, True) for k in range(N_KINDS))
_RON_TRIPLET: Final = tuple(SetInfo(k, False, False, False, False) for k in range(N_KINDS))
_ORPHANS: Final = tuple(k for k in range(N_KINDS) if is_terminal_or_honor(k))
_TRIPLET_FU: Final = tuple(4 if is_terminal_or_honor(k) else 2 for k in range(N_KINDS))
"""Fu of an open triplet of each kind (doubled when concealed, ×4 more for a kan)."""
_CLOSED_TRIPLET_FU: Final = tuple(2 * f for f in _TRIPLET_FU)


def _meld_set(t: MeldType, kind: Kind) -> SetInfo:
    if t is MeldType.CHI:
        return SetInfo(kind, True, False, True, False)
    if t is MeldType.PON:
        return SetInfo(kind, False, False, True, False)
    ankan = t is MeldType.ANKAN
    return SetInfo(kind, False, True, not ankan, ankan)


def _set_fu(s: SetInfo) -> int:
    if s.seq:
        return 0
    f = _TRIPLET_FU[s.kind]
    if s.concealed:
        f *= 2
    if s.kan:
        f *= 4
    return f


_MeldSet = tuple[SetInfo, int, bool, Kind, bool, bool]
"""A meld's set, its fu, and the set's ``seq``, ``kind``, ``kan`` and ``concealed``
(unpacked here once: a named tuple's fields are slow to read in the compiled build)."""


def _meld_sets(t: MeldType) -> tuple[_MeldSet, ...]:
    return tuple(
        (s, _set_fu(s), s.seq, s.kind, s.kan, s.concealed)
        for s in (_meld_set(t, k) for k in range(N_KINDS))
    )


_MELD_SETS: Final = tuple((t, _meld_sets(t)) for t in MeldType)
"""Each meld type's sets, by the meld's (lowest) kind. Found by the type's identity: an
enum member's hash runs in Python (enum.py), so it is no dictionary key on the hot path."""


def _sets_of(t: MeldType) -> tuple[_MeldSet, ...]:
    for mt, sets in _MELD_SETS:
        if mt is t:
            return sets
    raise ValueError(t)


def _wait_in_run(start: Kind, win: Kind) -> str:
    if win == start + 1:
        return KANCHAN
    pos = start % 9
    if win == start:
        return PENCHAN if pos == 6 else RYANMEN
    return PENCHAN if pos == 0 else RYANMEN


def readings(
    sit: WinSituation,
    analyzer: HandAnalyzer,
    counts: list[int],
    win: Kind | None = None,
    gates: int = EVEN | ORPHANS,
    decompositions: list[Split] | None = None,
) -> list[Reading]:
    """Every reading of the hand, given the concealed counts (winning tile included).

    ``win`` is the kind the winning tile stands for (a wildcard's identity), by default the
    winning tile's own kind. ``gates`` may rule out seven pairs (no ``EVEN``) and thirteen
    orphans (no ``ORPHANS``) before their counts are looked at. ``decompositions`` are the
    concealed tiles' readings as sets and a pair, if the caller has them already."""
    if win is None:
        win = tile_kind(sit.win_tile)
    melds = sit.melds
    out: list[Reading] = []
    if decompositions is None:
        decompositions = decompose(counts, len(melds))
    if decompositions:
        tsumo = sit.tsumo
        called: tuple[SetInfo, ...] = ()
        m_trips: tuple[Kind, ...] = ()
        m_seqs: tuple[Kind, ...] = ()
        m_kans = m_ankou = m_fu = 0
        if melds:
            sets = []
            for m in melds:
                info, f, seq, kind, kan, concealed = _sets_of(m.type)[_lowest(m.tiles) >> 2]
                sets.append(info)
                m_fu += f
                if seq:
                    m_seqs += (kind,)
                else:
                    m_trips += (kind,)
                    m_kans += kan
                    m_ankou += concealed
            called = tuple(sets)
        for pair, d_trips, d_seqs in decompositions:
            trips = d_trips + m_trips
            seqs = d_seqs + m_seqs
            ankou = len(d_trips) + m_ankou
            fu = m_fu
            for k in d_trips:
                fu += _CLOSED_TRIPLET_FU[k]
            if pair == win:
                out.append(
                    Reading(STANDARD, pair, TANKI, trips, seqs, m_kans, ankou, fu, d_trips, called)
                )
            if any(k == win for k in d_trips):  # ``win in d_trips``, natively when compiled
                # A triplet finished by a ron counts as open (明刻) for fu and 三暗刻.
                if tsumo:
                    r = Reading(
                        STANDARD, pair, SHANPON, trips, seqs, m_kans, ankou, fu, d_trips, called
                    )
                else:
                    fu -= _TRIPLET_FU[win]
                    r = Reading(
                        STANDARD,
                        pair,
                        SHANPON,
                        trips,
                        seqs,
                        m_kans,
                        ankou - 1,
                        fu,
                        d_trips,
                        called,
                        win,
                    )
                    fu += _TRIPLET_FU[win]
                out.append(r)
            if d_seqs:
                seen = 0  # bit s: a run from kind s is read as the wait already
                for s in d_seqs:
                    if s <= win <= s + 2 and not seen >> s & 1:
                        seen |= 1 << s
                        wait = _wait_in_run(s, win)
                        out.append(
                            Reading(
                                STANDARD,
                                pair,
                                wait,
                                trips,
                                seqs,
                                m_kans,
                                ankou,
                                fu,
                                d_trips,
                                called,
                            )
                        )
    if not melds and gates & (EVEN | ORPHANS):
        # One pass over the counts: seven pairs has no odd count, kokushi has 13 kinds.
        tiles = kinds = odd = fours = 0
        for k in range(N_KINDS):
            n = counts[k]
            if n:
                tiles += n
                kinds += 1
                odd |= n & 1
                fours += n == 4
        even = not odd
        if (even or kinds == 13) and tiles == 14:
            if even and (analyzer.chiitoi_four or not fours):
                pairs: list[Kind] = []
                for k in range(N_KINDS):
                    for _ in range(counts[k] // 2):
                        pairs.append(k)
                if len(pairs) == 7:
                    out.append(Reading(CHIITOI, win, TANKI, pairs=tuple(pairs)))
            if kinds == 13 and all(counts[k] >= 1 for k in _ORPHANS):
                out.append(Reading(KOKUSHI, win, KOKUSHI13 if counts[win] == 2 else TANKI))
    return out


def _lowest(tiles: tuple[int, ...]) -> int:
    """``min(tiles)`` without the generic call (builtin ``min`` takes keywords)."""
    low = tiles[0]
    for t in tiles:
        if t < low:
            low = t
    return low


_ONE_SIDED: Final = frozenset((KANCHAN, PENCHAN, TANKI))


def fu_of(r: Reading, tsumo: bool, closed: bool, value_pair_fu: list[int]) -> int:
    """Fu of a standard reading that is not pinfu (chiitoitsu is fixed elsewhere)."""
    fu = 20 + r.set_fu + value_pair_fu[r.pair]
    if tsumo:
        fu += 2
    elif closed:
        fu += 10
    if r.wait in _ONE_SIDED:
        fu += 2
    if fu == 20 and not closed:
        return 30  # an open hand with no fu at all (喰い平和形) is 30
    return -(-fu // 10) * 10
