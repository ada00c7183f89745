"""The standard bot's calls: pon and chi only towards a yaku, and only when they bring the
hand nearer to ready (a yakuhai pon whenever it does not set the hand back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.bots.common import (
    ORPHANS,
    kind_counts,
)
from jantaku.bots.standard import danger, knobs
from jantaku.bots.standard.standing import leads_last_hand
from jantaku.bots.standard.steps import dist_minus
from jantaku.bots.standard.value import capped, has_dora, yakuhai_han
from jantaku.game.actions import ActionType
from jantaku.tiles.kinds import (
    N_KINDS,
    N_NUMBER_KINDS,
    Kind,
)
from jantaku.tiles.tileset import Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action
    from jantaku.tiles.notation import Meld


def choose_call(view: SeatView, seat: int, calls: list[Action]) -> Action | None:
    """The pon or chi to make of ``calls``, or None to pass: only a call that keeps a yaku in
    reach (a yakuhai triplet, tanyao where open tanyao counts, one suit); a yakuhai pon
    whenever it does not set the hand back, any other call only when it brings the hand
    within one step of ready (a closed hand only for a yakuhai pon, except where hands stop
    at mangan or the leader plays its last hand); none while another hand is ready unless
    the call makes this one ready. In the last draws, a call to be ready for the noten
    payments (``KEITEN_DRAWS``). Each call's verdict: :func:`weigh_calls`."""
    best: tuple[float, Action] | None = None
    for v in weigh_calls(view, seat, calls):
        if v.score is not None and (best is None or v.score > best[0]):
            best = (v.score, v.action)
    return None if best is None else best[1]


class CallVerdict:
    """One call as :func:`choose_call`'s rules read it: ``rule`` (``"call"``: it may be
    taken, ``score`` ranks it among those; else the rule that refuses it: ``"ready"`` a
    closed ready hand, ``"no_yaku"``, ``"not_nearer"``, ``"far"`` more than one step from
    ready after it, ``"closed"`` a closed hand opened for little, ``"threat"`` another hand
    is ready) and ``shanten``, the hand's shanten after the call and its best discard
    (None where not read)."""

    __slots__ = ("action", "rule", "score", "shanten")

    def __init__(self, action: Action, rule: str, shanten: int | None, score: float | None) -> None:
        self.action = action
        self.rule = rule
        self.shanten = shanten
        self.score = score


def call_shanten_now(view: SeatView, seat: int) -> int:
    """The hand's shanten before the call (skipping keeps it)."""
    counts = kind_counts(view.hand)
    return view.analyzer.distance(counts, len(view.melds(seat))) - view.preset.hand.wildcards - 1


def weigh_calls(view: SeatView, seat: int, calls: list[Action]) -> list[CallVerdict]:
    """Each call of ``calls`` (with a called tile) as :func:`choose_call`'s rules read it."""
    an = view.analyzer
    ts = view.tileset
    counts = kind_counts(view.hand)
    melds = view.melds(seat)
    n_melds = len(melds)
    closed = not any(m.is_open for m in melds)
    wild = view.preset.hand.wildcards
    now = an.distance(counts, n_melds)
    now_shanten = now - wild - 1
    out: list[CallVerdict] = []
    if closed and now_shanten <= 0:
        # A closed ready hand declares riichi instead.
        return [CallVerdict(a, "ready", None, None) for a in calls if a.tile is not None]
    threats = danger.read_threats(view, seat)
    yakuhai = yakuhai_han(view, seat)
    # The last draws: a call that makes the hand ready is worth the noten payments
    # even without a yaku (形式テンパイ), where the preset counts such a hand ready.
    preset = view.preset
    keiten = (
        knobs.KEITEN_DRAWS > 0
        and view.wall_left <= knobs.KEITEN_DRAWS * view.seats
        and preset.game.noten_total > 0
        and not preset.table.tenpai_needs_yaku
        and now_shanten > 0
    )
    for a in calls:
        if a.tile is None:
            continue
        called = tile_kind(a.tile)
        after = list(counts)
        for t in a.tiles:
            after[tile_kind(t)] -= 1
        new_kinds = [called, *(tile_kind(t) for t in a.tiles)]
        keeps = keeps_yaku(view, after, melds, new_kinds, yakuhai, a.type)
        if not (keeps or keiten):
            out.append(CallVerdict(a, "no_yaku", None, None))
            continue
        # The best discard after the call (the engine bars kuikae; close enough here).
        d_after = min(dist_minus(an, after, k, n_melds + 1) for k in range(N_KINDS) if after[k])
        shanten_after = d_after - wild - 1
        if keiten and shanten_after == 0:
            red = sum(ts.variant(t) is not Variant.PLAIN for t in a.tiles)
            score = 5.0 - red * 0.1 + (1 if keeps else 0)
            out.append(CallVerdict(a, "call", shanten_after, score))
            continue
        if not keeps:
            out.append(CallVerdict(a, "no_yaku", shanten_after, None))
            continue
        yakuhai_pon = a.type is ActionType.PON and called in yakuhai
        # A yakuhai pon secures the yaku (worth it even when the pair becomes the
        # triplet and the shanten stays); any other call must bring the hand nearer.
        if d_after > now or (d_after == now and not yakuhai_pon):
            out.append(CallVerdict(a, "not_nearer", shanten_after, None))
            continue
        if not yakuhai_pon:
            # A cheap open hand far from ready wins little: call near tenpai, and a
            # closed hand only with a dora to show for it or to be ready at once.
            if shanten_after > 1:
                out.append(CallVerdict(a, "far", shanten_after, None))
                continue
            if closed and (
                not (
                    knobs.OPEN_CLOSED_HAND
                    or (knobs.OPEN_CLOSED_CAPPED and capped(view))
                    or leads_last_hand(view, seat)
                )
                or (shanten_after > 0 and not has_dora(view, seat, ts))
            ):
                out.append(CallVerdict(a, "closed", shanten_after, None))
                continue
        if threats and shanten_after > 0:
            # No calls while another hand is ready, unless this makes ours.
            out.append(CallVerdict(a, "threat", shanten_after, None))
            continue
        red = sum(ts.variant(t) is not Variant.PLAIN for t in a.tiles)
        score = -d_after * 10 - red * 0.1 + (1 if yakuhai_pon else 0)
        out.append(CallVerdict(a, "call", shanten_after, score))
    return out


def keeps_yaku(
    view: SeatView,
    after: list[int],
    melds: tuple[Meld, ...],
    new_kinds: list[Kind],
    yakuhai: dict[Kind, int],
    call: ActionType,
) -> bool:
    """Whether an open hand with this call (``after``: the concealed tiles left) still has
    a yaku in reach: a yakuhai triplet, tanyao, or one suit with honours."""
    if call is ActionType.PON and new_kinds[0] in yakuhai:
        return True
    meld_kinds = [k for m in melds for k in m.kinds] + new_kinds
    for m in melds:
        if m.kind in yakuhai and m.kinds[0] == m.kinds[-1]:
            return True
    if any(after[k] >= 3 for k in yakuhai):
        return True
    if (
        view.preset.scoring.kuitan
        and all(k not in ORPHANS for k in meld_kinds)
        and sum(after[k] for k in ORPHANS) <= 1
    ):
        return True
    suits = {k // 9 for k in meld_kinds if k < N_NUMBER_KINDS}
    if len(suits) == 1:
        s = next(iter(suits))
        off = sum(after[k] for k in range(N_NUMBER_KINDS) if k // 9 != s)
        if off <= 1:
            return True
    return False
