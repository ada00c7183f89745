"""The fixed words and places of the tenhou.net/6 JSON format: yaku names, draw and limit
texts, where a called tile's letter stands. The reader (:mod:`.tenhou6`), the writer
(:mod:`.export`) and the kobalab converter (:mod:`.kobalab`) share them."""

from __future__ import annotations

from typing import Final

from .record import DrawKind

TENHOU_YAKU_NAMES: Final[tuple[str, ...]] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
"""The yaku of the format, by Tenhou's yaku number."""

DRAW_TEXT: Final[dict[DrawKind, str]] = {
    "exhaustive": "流局",
    "nm": "流し満貫",
    "yao9": "九種九牌",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kan4": "四槓散了",
    "kaze4": "四風連打",
}
"""How a round's result names each draw (what the writers write)."""
LIMIT_TEXT: Final = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
}
"""The score text's word for each limit (jantaku's limit names → Tenhou's)."""
# The letter's place in a pon / daiminkan string by where the tile came from (4-seat
# arithmetic, also at three players: Tenhou keeps the empty chair): left, across, right.
PON_POS: Final = {3: 0, 2: 1, 1: 2}
MINKAN_POS: Final = {3: 0, 2: 1, 1: 3}
