"""The words of a tenhou.net/6 JSON record's results: yaku names (Tenhou's and the variants of
Mahjong Soul and other clients) to yaku ids, the han and score texts, and the draw texts."""

from __future__ import annotations

import re

from .record import NUKIDORA_YAKU_ID, DrawKind
from .tenhou6_text import DRAW_TEXT, TENHOU_YAKU_NAMES

# ---------------------------------------------------------------------------------------------
# Yaku names (tenhou.net/6 JSON)

_YAKU_IDS: dict[str, int] = {name: i for i, name in enumerate(TENHOU_YAKU_NAMES)}
# Spelling variants (Mahjong Soul's Japanese client and others).
_YAKU_IDS.update(
    {
        "海底撈月": 5,
        "役牌:白": 18,
        "役牌:發": 19,
        "役牌:発": 19,
        "役牌 発": 19,
        "役牌:中": 20,
        "ダブル立直": 21,
        "ダブルリーチ": 21,
        "国士無双十三面": 48,
        "国士無双13面": 48,
        "国士無双十三面待ち": 48,
        "四暗刻単騎待ち": 41,
        "純正九蓮宝灯": 46,
        "九蓮宝灯": 45,
        "抜きドラ": NUKIDORA_YAKU_ID,
        "北ドラ": NUKIDORA_YAKU_ID,
        # English names (Mahjong Soul's English client, as in mjai-reviewer's test data).
        "Fully Concealed Hand": 0,
        "Self-drawn": 0,
        "Menzen Tsumo": 0,
        "Riichi": 1,
        "Ippatsu": 2,
        "Robbing a Kan": 3,
        "Chankan": 3,
        "After a Kan": 4,
        "Rinshan Kaihou": 4,
        "Under the Sea": 5,
        "Haitei Raoyue": 5,
        "Under the River": 6,
        "Houtei Raoyui": 6,
        "Pinfu": 7,
        "All Simples": 8,
        "Tanyao": 8,
        "Pure Double Sequence": 9,
        "Iipeikou": 9,
        "White Dragon": 18,
        "Green Dragon": 19,
        "Red Dragon": 20,
        "Double Riichi": 21,
        "Seven Pairs": 22,
        "Chiitoitsu": 22,
        "Half Outside Hand": 23,
        "Chanta": 23,
        "Pure Straight": 24,
        "Ittsu": 24,
        "Mixed Triple Sequence": 25,
        "Sanshoku": 25,
        "Triple Triplets": 26,
        "Three Quads": 27,
        "All Triplets": 28,
        "Toitoi": 28,
        "Three Concealed Triplets": 29,
        "Sanankou": 29,
        "Little Three Dragons": 30,
        "All Terminals and Honors": 31,
        "Twice Pure Double Sequence": 32,
        "Fully Outside Hand": 33,
        "Junchan": 33,
        "Half Flush": 34,
        "Honitsu": 34,
        "Full Flush": 35,
        "Chinitsu": 35,
        "Blessing of Man": 36,
        "Blessing of Heaven": 37,
        "Blessing of Earth": 38,
        "Big Three Dragons": 39,
        "Four Concealed Triplets": 40,
        "Single-wait Four Concealed Triplets": 41,
        "All Honors": 42,
        "All Green": 43,
        "All Terminals": 44,
        "Nine Gates": 45,
        "True Nine Gates": 46,
        "Thirteen Orphans": 47,
        "Thirteen-wait Thirteen Orphans": 48,
        "Big Four Winds": 49,
        "Four Big Winds": 49,
        "Little Four Winds": 50,
        "Four Little Winds": 50,
        "Four Quads": 51,
        "Dora": 52,
        "Ura Dora": 53,
        "Uradora": 53,
        "Red Five": 54,
        "Red Fives": 54,
        "Aka Dora": 54,
        "Akadora": 54,
        "Kita": NUKIDORA_YAKU_ID,
        "North Dora": NUKIDORA_YAKU_ID,
    }
)
# Names whose id depends on the seat / round wind.
_SEAT_WIND_NAMES = frozenset({"役牌:自風牌", "役牌 自風牌", "自風牌", "Seat Wind"})
_ROUND_WIND_NAMES = frozenset(
    {"役牌:場風牌", "役牌 場風牌", "場風牌", "Prevalent Wind", "Round Wind"}
)


def json_yaku_id(name: str, seat_wind: int, round_wind: int) -> int:
    """Tenhou yaku id of a JSON yaku name (without the ``(N飜)`` part).

    Raises KeyError for an unknown name.
    """
    if name in _YAKU_IDS:
        return _YAKU_IDS[name]
    if name in _SEAT_WIND_NAMES:
        return 10 + seat_wind
    if name in _ROUND_WIND_NAMES:
        return 14 + round_wind
    raise KeyError(name)


YAKU_ENTRY_RE = re.compile(r"^(.+?)\((\d+)飜\)$|^(.+?)\(役満\)$")
SCORE_RE = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?$"
)
LIMIT_NAMES = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "数え役満": 5, "役満": 5}

JSON_DRAW_KINDS: dict[str, DrawKind] = {
    **{text: kind for kind, text in DRAW_TEXT.items()},
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
}
