"""Hands that end without a win: the abortive draws (四風連打, 四槓散了; 九種九牌, 四家立直
and 三家和 are decided where they are declared), the exhaustive draw with its tenpai hands,
and 流し満貫 (gotou 流し)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from jantaku.scoring.chips import win_chips
from jantaku.scoring.score import NotAWin
from jantaku.tiles.kinds import WINDS, is_terminal_or_honor
from jantaku.tiles.tileset import Tile, tile_kind

from . import deal, situation
from .events import Ryukyoku
from .legal import waits

if TYPE_CHECKING:
    from .engine import State


def abortive_after_discard(st: State) -> bool:
    """四風連打 (the same wind as everyone's first discard) and 四槓散了 (four kans by more than
    one player), where the preset plays Tenhou's aborts: the hand ends."""
    if not st.game.tenhou_aborts:
        return False
    four = st.seats == 4 and len(st.first_winds) == 4 and not st.calls_seen
    if four and len(set(st.first_winds)) == 1 and st.first_winds[0] in WINDS:
        st.emit(Ryukyoku("kaze4"))
        deal.end_hand(st)
        return True
    if len(st.kan_owners) == 4 and len(set(st.kan_owners)) > 1:
        st.emit(Ryukyoku("kan4"))
        deal.end_hand(st)
        return True
    return False


def exhaustive_draw(st: State) -> None:
    """The live wall is used up: tenpai hands are shown; a 流し (every discard a terminal or
    honor, none called) is paid where the preset plays it."""
    tenpai = [s for s in st.in_hand if tenpai_at_draw(st, s)]
    nagashi = [
        s
        for s, p in enumerate(st.players)
        if p.river
        and p.called_from_river == 0
        and all(is_terminal_or_honor(tile_kind(t)) for t in p.river)
    ]
    game = st.game
    if nagashi and game.preset.game.nagashi != "none":
        dice = None
        # A 流し that is a win earns its サイコロチャンス like any yakuman (gotou): rolled now,
        # so the log holds them.
        if game.preset.game.nagashi_is_win:
            rolled: list[list[object]] = []
            for w in nagashi:
                res, sit = st.ledger.nagashi_result(w)
                chances = win_chips(res, sit, game.preset).dice_chances
                if chances:
                    k = st.hand_rolls + len(rolled)
                    rolled.append([w, st.chance.dice_chances(st.hand_index, k, chances)])
            dice = rolled or None
        st.emit(Ryukyoku("nm", tenpai=tenpai, nagashi=nagashi, nagashi_dice=dice))
    else:
        st.emit(Ryukyoku("exhaustive", tenpai=tenpai))
    deal.end_hand(st)


def tenpai_at_draw(st: State, seat: int) -> bool:
    """Tenpai at an exhaustive draw (with a yaku on some wait where 形式テンパイ is not
    allowed)."""
    p = st.players[seat]
    hand: list[Tile] = p.hand
    wt = waits(st, p, hand)
    extractable = st.game.extractable
    if not wt and extractable:
        # «華牌、北の補充し忘れはツモ番時にいつでも解消可能»: a flower or north still held at the
        # draw never makes a hand noten; it is judged on its other tiles.
        rest = [t for t in hand if tile_kind(t) not in extractable]
        if len(rest) < len(hand) and len(rest) % 3 == 1:
            hand, wt = rest, waits(st, p, rest)
    if not wt or not st.game.table.tenpai_needs_yaku:
        return bool(wt)
    held = set(p.hand) | {t for m in p.melds for t in m.tiles}
    for k in sorted(wt):
        tile = next((t for t in st.game.tileset.tiles if tile_kind(t) == k and t not in held), None)
        if tile is None:
            continue
        for target in (seat, st.next_seat(seat)):
            try:
                if target == seat:
                    sit = replace(
                        situation.win(st, seat, seat, tile, False),
                        concealed=(*hand, tile),
                        haitei=False,
                        rinshan=False,
                        first_turn=False,
                    )
                else:
                    sit = replace(
                        situation.win(st, seat, target, tile, False),
                        concealed=(*hand, tile),
                        houtei=False,
                        first_turn=False,
                    )
                st.game.scorer.score(sit)
                return True
            except NotAWin:
                continue
    return False
