"""Readings of a complete hand: each way to see it as sets + pair with a wait, and its fu.

A :class:`Reading` is one decomposition plus the place of the winning tile in it (which
decides the wait type, whether a triplet counts as concealed, and pinfu).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from jantaku.hand.analysis import HandAnalyzer
from jantaku.tiles.kinds import N_KINDS, Kind, is_terminal_or_honor
from jantaku.tiles.notation import MeldType
from jantaku.tiles.tileset import tile_kind

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
    every yaku and the fu look at them."""

    __slots__ = ("ankou", "form", "kans", "pair", "pairs", "seqs", "sets", "trips", "wait")

    def __init__(
        self,
        form: str,
        sets: tuple[SetInfo, ...],
        pair: Kind,
        wait: str,
        pairs: tuple[Kind, ...] = (),
        derived: tuple[list[Kind], list[Kind], int, int] | None = None,
    ) -> None:
        self.form = form
        self.sets = sets
        self.pair = pair
        self.wait = wait
        self.pairs = pairs
        """Chiitoitsu: the kinds of the pairs (a kind twice for four of a kind)."""
        if derived is not None:  # readings() knows them already
            self.trips, self.seqs, self.kans, self.ankou = derived
            return
        trips: list[Kind] = []
        seqs: list[Kind] = []
        kans = ankou = 0
        for s in sets:
            if s.seq:
                seqs.append(s.kind)
            else:
                trips.append(s.kind)
                if s.kan:
                    kans += 1
                if s.concealed:
                    ankou += 1
        self.trips, self.seqs, self.kans, self.ankou = trips, seqs, kans, ankou

    def __repr__(self) -> str:
        return f"Reading({self.form}, pair={self.pair}, wait={self.wait}, sets={self.sets})"

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


def meld_sets(sit: WinSituation) -> list[SetInfo]:
    out = []
    for m in sit.melds:
        kind = tile_kind(min(m.tiles))  # Meld.kind, without a generator per meld
        t = m.type
        if t is MeldType.CHI:
            out.append(SetInfo(kind, True, False, True, False))
        elif t is MeldType.PON:
            out.append(SetInfo(kind, False, False, True, False))
        else:
            ankan = t is MeldType.ANKAN
            out.append(SetInfo(kind, False, True, not ankan, ankan))
    return out


def _wait_in_run(start: Kind, win: Kind) -> str:
    if win == start + 1:
        return KANCHAN
    pos = start % 9
    if win == start:
        return PENCHAN if pos == 6 else RYANMEN
    return PENCHAN if pos == 0 else RYANMEN


def readings(
    sit: WinSituation, analyzer: HandAnalyzer, counts: list[int], win: Kind | None = None
) -> list[Reading]:
    """Every reading of the hand, given the concealed counts (winning tile included).

    ``win`` is the kind the winning tile stands for (a wildcard's identity), by default the
    winning tile's own kind."""
    if win is None:
        win = tile_kind(sit.win_tile)
    melds = sit.melds
    out: list[Reading] = []
    decompositions = analyzer.decompositions(counts, len(melds))
    if decompositions:
        tsumo = sit.tsumo
        called: list[SetInfo] = []
        m_trips: list[Kind] = []
        m_seqs: list[Kind] = []
        m_kans = m_ankou = 0
        if melds:
            called = meld_sets(sit)
            for info in called:
                if info.seq:
                    m_seqs.append(info.kind)
                else:
                    m_trips.append(info.kind)
                    m_kans += info.kan
                    m_ankou += info.concealed
        for pair, d_trips, d_seqs in decompositions:
            trips = [_CLOSED_TRIPLET[k] for k in d_trips]
            seqs = [_CLOSED_RUN[k] for k in d_seqs]
            trip_kinds = [*d_trips, *m_trips]
            seq_kinds = [*d_seqs, *m_seqs]
            ankou = len(d_trips) + m_ankou
            derived = (trip_kinds, seq_kinds, m_kans, ankou)
            all_sets = (*trips, *seqs, *called)
            if pair == win:
                out.append(Reading(STANDARD, all_sets, pair, TANKI, (), derived))
            if win in d_trips:
                i = d_trips.index(win)
                # A triplet finished by a ron counts as open (明刻) for fu and 三暗刻.
                done = _CLOSED_TRIPLET[win] if tsumo else _RON_TRIPLET[win]
                sets = (*trips[:i], done, *trips[i + 1 :], *seqs, *called)
                shanpon = (trip_kinds, seq_kinds, m_kans, ankou if tsumo else ankou - 1)
                out.append(Reading(STANDARD, sets, pair, SHANPON, (), shanpon))
            if d_seqs:
                seen: set[tuple[str, Kind]] = set()
                for s in d_seqs:
                    if s <= win <= s + 2:
                        wait = _wait_in_run(s, win)
                        key = (wait, s)
                        if key in seen:
                            continue
                        seen.add(key)
                        out.append(Reading(STANDARD, all_sets, pair, wait, (), derived))
    if not melds:
        c = counts[:N_KINDS]
        # Cheap gates first: seven pairs has no odd count; kokushi has 13 kinds.
        even = not c.count(1) and not c.count(3)
        thirteen_kinds = N_KINDS - c.count(0) == 13
        if (even or thirteen_kinds) and sum(c) == 14:
            if even and (analyzer.chiitoi_four or not c.count(4)):
                pairs: list[Kind] = []
                for k in range(N_KINDS):
                    pairs.extend([k] * (c[k] // 2))
                if len(pairs) == 7:
                    out.append(Reading(CHIITOI, (), win, TANKI, tuple(pairs)))
            if thirteen_kinds and all(c[k] >= 1 for k in _ORPHANS):
                thirteen = c[win] == 2
                out.append(Reading(KOKUSHI, (), win, KOKUSHI13 if thirteen else TANKI))
    return out


def fu_of(r: Reading, sit: WinSituation, value_pair_fu: list[int], pinfu: bool) -> int:
    """Fu of a standard reading (chiitoitsu is fixed elsewhere)."""
    tsumo = sit.tsumo
    if pinfu:
        return 20 if tsumo else 30
    fu = 20
    closed = True
    for s in r.sets:
        if s.called:
            closed = False
        if s.seq:
            continue
        f = _TRIPLET_FU[s.kind]
        if s.concealed:
            f *= 2
        if s.kan:
            f *= 4
        fu += f
    if closed and not tsumo:
        fu += 10
    fu += value_pair_fu[r.pair]
    if r.wait in (KANCHAN, PENCHAN, TANKI):
        fu += 2
    if tsumo:
        fu += 2
    if fu == 20 and not closed:
        return 30  # an open hand with no fu at all (喰い平和形) is 30
    return -(-fu // 10) * 10
