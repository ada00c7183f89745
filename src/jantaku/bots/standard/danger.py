"""The standard bot's danger reading: the other hands that may be ready (:class:`Threat`,
:func:`read_threats`: riichi, open riichi and open hands, each with its chance to be ready
and what a deal-in to it costs) and the chance that a tile deals in to each
(:func:`tile_danger`: genbutsu, suji, kabe, one chance, the declaration tile, or the fitted
logistic models of ``DANGER_W4`` / ``DANGER_W3`` and the open hands' ``OPEN_*_W*``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from jantaku.bots.standard import knobs
from jantaku.bots.standard.standing import ron_allowed_share
from jantaku.bots.standard.value import capped, level_up, points, seat_flower_powers
from jantaku.tiles.kinds import (
    DRAGONS,
    N_ALL_KINDS,
    N_KINDS,
    N_NUMBER_KINDS,
    SUMMER,
    Kind,
)
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView


class Threat:
    __slots__ = (
        "declared",
        "learned_open",
        "p_tenpai",
        "passed",
        "pre",
        "river",
        "safe",
        "seat",
        "since",
        "suit",
        "value",
        "waits",
        "yakuhai",
    )

    def __init__(
        self,
        seat: int,
        p_tenpai: float,
        value: float,
        safe: frozenset[Kind],
        river: frozenset[Kind],
        waits: frozenset[Kind] | None,
        suit: int | None,
    ) -> None:
        self.seat = seat
        self.p_tenpai = p_tenpai
        self.value = value
        self.safe = safe
        self.river = river
        self.waits = waits
        self.suit = suit
        self.declared = -1
        """The kind of its riichi declaration tile (宣言牌), -1 if none."""
        self.pre: tuple[Kind, ...] = ()
        """A riichi hand's discards up to and with its declaration tile, in order."""
        self.since = 0
        """A riichi hand's discards after its declaration tile."""
        self.passed: frozenset[Kind] = frozenset()
        """Kinds it let pass after its riichi that are not among its own discards."""
        self.yakuhai: frozenset[Kind] = frozenset()
        """The honours that are a yakuhai for it (dragons, the round's and its seat's wind)."""
        self.learned_open = False
        """An open hand read by the learned models (``LEARNED_OPEN``)."""


def read_threats(
    view: SeatView, seat: int, one_call: float = 0.0, learned_open: bool = False
) -> list[Threat]:
    """The other hands that may be ready: riichi (surely), and open hands by their calls
    and the turn (one call too where ``one_call`` > 0: its chance to be ready before the
    turn's rise); each worth its base han, the dora it shows (in its calls, and nuki-dora
    set aside) and the dora its concealed tiles hold on average (the share of dora among
    the tiles this seat cannot see), so a threat is dearer where dora are many (gotou)."""
    out: list[Threat] = []
    dealer = view.dealer
    wareme = view.wareme
    ts = view.tileset
    dora: dict[Kind, int] = {}
    for d in view.dora_kinds:
        dora[d] = dora.get(d, 0) + 1
    nuki = view.nuki_kinds
    hidden_share = -1.0  # dora per unseen tile, computed at the first threat
    cap = capped(view)
    for s in range(view.people):
        if s == seat:
            continue
        melds = view.melds(s)
        riichi = view.in_riichi(s)
        if not riichi:
            n_open = sum(1 for m in melds if m.is_open)
            if n_open < (1 if one_call > 0 or learned_open else 2):
                continue
        if hidden_share < 0:
            hidden_share = hidden_dora_share(view, seat, dora)
        shown = 0
        for m in melds:
            for t in m.tiles:
                v = ts.variant(t)
                shown += dora.get(tile_kind(t), 0) + (v is Variant.RED or v is Variant.GOLD)
        shown += sum(1 for t in view.extracted(s) if tile_kind(t) in nuki)
        hidden = hidden_share * (view.preset.hand_size - 3 * len(melds))
        river = frozenset(tile_kind(t) for t in view.river(s))
        if riichi:
            p = 1.0
            han = knobs.RIICHI_HAN + shown + hidden
            if knobs.PRESET_VALUE and not view.preset.scoring.ura_dora:
                han -= knobs.URA_HAN
            suit = None
            safe = view.safe_kinds(s)
            waits = view.open_waits(s)
        else:
            if learned_open:
                p = learned_open_tenpai(view, s)
            else:
                turn = len(view.river(s))
                p = (one_call, 0.25, 0.55, 0.9)[min(n_open, 4) - 1] * min(1.3, 0.5 + turn / 16)
                p = min(p, 0.95)
            han = knobs.OPEN_HAN + shown + hidden
            # An open hand of one suit (and honours) waits in that suit or on honours.
            suits = {k // 9 for m in melds for k in m.kinds if k < N_NUMBER_KINDS}
            suit = next(iter(suits)) if len(suits) == 1 else None
            if suit is not None:
                han += 1  # one suit: a half or full flush is worth more
            safe = river
            waits = None
        if SUMMER in seat_flower_powers(view, s):
            han = level_up(han)
        value = points(han, s == dealer, cap)
        if wareme is not None and wareme in (s, seat):
            value *= 2
        # A ron the rules refuse (kanto-boo) costs nothing: count only the sizes they allow.
        value *= ron_allowed_share(view, s, seat, value)
        th = Threat(s, p, value, safe, river, waits, suit)
        if riichi:
            declared = view.riichi_tile(s)
            if declared is not None:
                th.declared = tile_kind(declared)
            tiles = view.river(s)
            r = len(tiles) - 1
            for i, t in enumerate(tiles):
                if t == declared:
                    r = i
            th.pre = tuple(tile_kind(t) for t in tiles[: r + 1])
            th.since = len(tiles) - r - 1
            th.passed = safe - river
        elif learned_open:
            th.learned_open = True
            th.pre = tuple(tile_kind(t) for t in view.river(s))
        if riichi or learned_open:
            wind = view.seat_wind(s)
            th.yakuhai = frozenset(
                k
                for k in range(N_NUMBER_KINDS, N_KINDS)
                if k in DRAGONS or k == view.round_wind or k == wind
            )
        out.append(th)
    return out


_TILESET_TOTALS: dict[int, tuple[TileSet, tuple[int, ...], int]] = {}
"""Per tile set (by id, the set kept to check it): copies of each kind, red and gold fives."""


def hidden_dora_share(view: SeatView, seat: int, dora: dict[Kind, int]) -> float:
    """Dora per tile among the tiles ``seat`` cannot see (the wall and the other hands):
    dora kinds, and red and gold fives."""
    ts = view.tileset
    totals = _TILESET_TOTALS.get(id(ts))
    if totals is None or totals[0] is not ts:
        copies = [0] * N_ALL_KINDS
        n_special = 0
        for t in ts.tiles:
            copies[tile_kind(t)] += 1
            v = ts.variant(t)
            n_special += v is Variant.RED or v is Variant.GOLD
        totals = _TILESET_TOTALS[id(ts)] = (ts, tuple(copies), n_special)
    _, copies_t, special = totals
    copies = list(copies_t)
    seen = view.visible_counts()
    for t in view.hand:
        seen[tile_kind(t)] += 1
    seen_tiles: set[Tile] = {*view.hand, *view.dora_indicators}
    for s in range(view.people):
        seen_tiles.update(view.river(s))  # a called tile is in its river and its meld
        seen_tiles.update(t for m in view.melds(s) for t in m.tiles)
    for t in seen_tiles:
        v = ts.variant(t)
        special -= v is Variant.RED or v is Variant.GOLD
    unseen = 0
    content = float(max(0, special))
    for k in range(N_KINDS):
        left = max(0, copies[k] - seen[k])
        unseen += left
        content += left * dora.get(k, 0)
    return content / unseen if unseen else 0.0


def tile_danger(
    view: SeatView, th: Threat, kind: Kind, live_left: list[int], counts: list[int]
) -> float:
    """P(discarding ``kind`` deals in to ``th``'s hand, if that hand is ready)."""
    if th.waits is not None:  # an open riichi shows its waits
        return 1.0 if kind in th.waits else 0.0
    if kind in th.safe or kind >= N_KINDS:
        return 0.0
    unseen = live_left[kind]  # copies not in our hand nor visible
    if th.learned_open:
        return learned_open_wait(view, th, kind, live_left)
    if knobs.LEARNED_DANGER and th.pre:
        return learned_danger(view, th, kind, live_left)
    if kind >= N_NUMBER_KINDS:
        return knobs.HONOR_DANGER[min(unseen, 4)]
    if th.suit is not None and kind // 9 != th.suit:
        return 0.01
    n = kind % 9  # 0..8
    # Suji by the threat's own discards, and (SUJI_PASSED) by the tiles it let pass after
    # its riichi: a riichi hand that let a winning tile pass cannot win on its other side.
    river = th.safe if knobs.SUJI_PASSED else th.river
    matagi = knobs.MATAGI if view.seats >= 4 else knobs.MATAGI_3P
    d = knobs.COPY_DANGER * unseen
    # Two-sided waits through ``kind``: (n-2, n-1) waiting n-3/n, and (n+1, n+2) waiting n/n+3.
    for lo, hi, other in ((n - 2, n - 1, n - 3), (n + 1, n + 2, n + 3)):
        if lo < 0 or hi > 8:
            continue
        if 0 <= other <= 8 and (kind - n + other) in river:
            continue  # suji: that wait would be furiten
        w = 1.0
        if matagi != 1.0 and (kind - n + lo == th.declared or kind - n + hi == th.declared):
            # The declaration tile's またぎスジ: it likely left a two-sided shape beside it
            # (3-4-4 discarding 4 keeps 3-4).
            w = matagi
        for x in (lo, hi):
            k2 = kind - n + x
            left = live_left[k2]
            if left == 0:
                w = 0.0  # kabe: no copy left for the shape
            elif left == 1:
                w *= 0.5  # one chance
        d += knobs.SIDE_DANGER * w
    # Closed (n-1, n+1) and edge (1-2 waiting 3, 8-9 waiting 7) waits.
    if 1 <= n <= 7:
        closed_left = min(live_left[kind - 1], live_left[kind + 1])
        d += knobs.CLOSED_SHAPE_DANGER * min(1.0, closed_left / 2)
    if n == 2 or n == 6:
        d += knobs.CLOSED_SHAPE_DANGER * 0.8
    return d


N_DANGER_FEATURES: Final = 29
"""The length of ``danger_features`` (and of ``DANGER_W4`` / ``DANGER_W3``)."""


def learned_danger(view: SeatView, th: Threat, kind: Kind, live_left: list[int]) -> float:
    """P(discarding ``kind`` deals in to ``th``'s riichi), by the logistic model of
    ``DANGER_W4`` / ``DANGER_W3`` over ``danger_features`` (``kind`` is not 現物)."""
    if kind >= N_NUMBER_KINDS and live_left[kind] == 0:
        return 0.0  # no copy left for a pair or a single wait
    w = knobs.DANGER_W4 if view.seats >= 4 else knobs.DANGER_W3
    z = 0.0
    for i, x in enumerate(danger_features(view, th, kind, live_left)):
        if x:
            z += w[i] * x
    return 1.0 / (1.0 + math.exp(-z))


def danger_features(view: SeatView, th: Threat, kind: Kind, live_left: list[int]) -> list[float]:
    """What the learned danger reads of a tile against a riichi (the order of
    ``DANGER_W4``'s weights); ``benchmarks/fit_danger.py`` fits the weights to the same."""
    f = [0.0] * N_DANGER_FEATURES
    unseen = live_left[kind]
    pre = th.pre
    n_pre = len(pre)
    r = (n_pre - 1) / 18.0
    since = th.since / 18.0
    if kind >= N_NUMBER_KINDS:
        honours = 0
        for x in pre:
            honours += x >= N_NUMBER_KINDS
        f[21] = 1.0
        if unseen:
            f[21 + min(unseen, 3)] = 1.0
        f[25] = 1.0 if kind in th.yakuhai else 0.0
        f[26] = honours / max(1, n_pre)
        f[27] = r
        f[28] = since
        return f
    n = kind % 9
    base = kind - n
    c = min(n, 8 - n)
    f[0] = 1.0
    if c:
        f[c] = 1.0  # 2-8, 3-7, 4-6, 5 (1-9 is the base)
    river = th.river
    passed = th.passed
    for lo, hi, other in ((n - 2, n - 1, n - 3), (n + 1, n + 2, n + 3)):
        if lo < 0 or hi > 8:
            continue
        left = min(live_left[base + lo], live_left[base + hi])
        if other < 0 or other > 8:  # 1-2 waiting 3, 8-9 waiting 7: an edge wait
            if left > 0:
                f[12] += 1.0
            continue
        o = base + other
        if o in river:
            f[8] += 1.0  # suji
            continue
        if o in passed:
            f[9] += 1.0  # suji by a tile it let pass (that wait would be furiten)
            continue
        f[5] += 1.0
        if left == 0:
            f[6] += 1.0  # kabe
        elif left == 1:
            f[7] += 1.0  # one chance
        if th.declared == base + lo or th.declared == base + hi:
            f[10] += 1.0  # 宣言牌のまたぎスジ
        for x in (lo - 2, hi + 2):  # 裏スジ: a tile discarded from beside the shape
            if 0 <= x <= 8 and base + x in pre:
                f[11] += 1.0
                break
    if 1 <= n <= 7:
        f[13] = min(1.0, min(live_left[kind - 1], live_left[kind + 1]) / 2)
    f[14] = unseen / 3.0
    suit = kind // 9
    for d in view.dora_kinds:
        if d == kind:
            f[15] += 1.0
        elif d < N_NUMBER_KINDS and d // 9 == suit and 1 <= abs(d - kind) <= 2:
            f[16] += 1.0
    in_suit = 0
    for i, x in enumerate(pre):
        if x < N_NUMBER_KINDS and x // 9 == suit:
            in_suit += 1
            if i < 6 and abs(x - kind) <= 2:
                f[17] += 1.0  # discarded early beside it
    f[18] = in_suit / max(1, n_pre)
    f[19] = r
    f[20] = since
    return f


N_OPEN_TENPAI_FEATURES: Final = 8
"""The length of ``open_tenpai_features`` (and of ``OPEN_TENPAI_W4`` / ``OPEN_TENPAI_W3``)."""


N_OPEN_WAIT_FEATURES: Final = N_DANGER_FEATURES + 3
"""The length of ``open_wait_features`` (and of ``OPEN_WAIT_W4`` / ``OPEN_WAIT_W3``)."""


def open_tenpai_features(view: SeatView, s: int) -> list[float]:
    """What the learned model reads of an open hand (not in riichi) to tell whether it is
    ready: its calls, the turn, the discards since its last call (a call is made to get
    nearer), its calls all of one suit, whether it is the dealer. (Whether it called a
    yakuhai is not read: the baseline bots the weights were fitted against call nothing
    else, so the data cannot tell.)"""
    melds = view.melds(s)
    n_open = 0
    suits = set()
    for m in melds:
        if m.is_open:
            n_open += 1
        if m.kind < N_NUMBER_KINDS:
            suits.add(m.kind // 9)
    since = view.discards_since_call(s)
    return [
        1.0,
        1.0 if n_open == 2 else 0.0,
        1.0 if n_open >= 3 else 0.0,
        len(view.river(s)) / 18.0,
        min(since, 6) / 6.0 if since >= 0 else 1.0,
        1.0 if since == 1 else 0.0,
        1.0 if len(suits) == 1 else 0.0,
        1.0 if s == view.dealer else 0.0,
    ]


def logistic(w: tuple[float, ...], x: list[float]) -> float:
    z = 0.0
    for i, v in enumerate(x):
        if v:
            z += w[i] * v
    return 1.0 / (1.0 + math.exp(-z))


def learned_open_tenpai(view: SeatView, s: int) -> float:
    """P(the open hand of ``s`` may ron a tile now), by ``OPEN_TENPAI_W4`` / ``_W3``."""
    w = knobs.OPEN_TENPAI_W4 if view.seats >= 4 else knobs.OPEN_TENPAI_W3
    return logistic(w, open_tenpai_features(view, s))


def open_wait_features(view: SeatView, th: Threat, kind: Kind, live_left: list[int]) -> list[float]:
    """``danger_features`` read over the open hand's whole river (no declaration tile),
    and where its calls are all of one suit: the tile in that suit, in another suit, an
    honour (a half or full flush waits in its suit or on honours)."""
    f = danger_features(view, th, kind, live_left)
    suit = th.suit
    if suit is None:
        f.extend((0.0, 0.0, 0.0))
    elif kind >= N_NUMBER_KINDS:
        f.extend((0.0, 0.0, 1.0))
    elif kind // 9 == suit:
        f.extend((1.0, 0.0, 0.0))
    else:
        f.extend((0.0, 1.0, 0.0))
    return f


def learned_open_wait(view: SeatView, th: Threat, kind: Kind, live_left: list[int]) -> float:
    """P(discarding ``kind`` deals in to ``th``'s open hand, if it is ready), by
    ``OPEN_WAIT_W4`` / ``OPEN_WAIT_W3`` (``kind`` is not 現物)."""
    if kind >= N_NUMBER_KINDS and live_left[kind] == 0:
        return 0.0  # no copy left for a pair or a single wait
    w = knobs.OPEN_WAIT_W4 if view.seats >= 4 else knobs.OPEN_WAIT_W3
    return logistic(w, open_wait_features(view, th, kind, live_left))
