"""The yaku ids a preset may name (``scoring.disabled_yaku``, ``extra_yaku``, ``yaku_han``,
``pao``): rule vocabulary, so the rules layer owns the list, and a knob naming an id not in it
is refused when the preset is loaded.

The scorer declares one unit per id (:data:`jantaku.scoring.yaku.ALL_YAKU_BY_ID`) and checks,
when it is imported, that its units and this list name the same ids: a yaku added on one side
only is an import error naming it.
"""

from __future__ import annotations

from typing import Final

YAKU_IDS: Final = frozenset(
    {
        # the standard yaku
        "menzen_tsumo",  # 門前清自摸和
        "riichi",  # 立直
        "ippatsu",  # 一発
        "chankan",  # 槍槓
        "rinshan",  # 嶺上開花
        "haitei",  # 海底摸月
        "houtei",  # 河底撈魚
        "pinfu",  # 平和
        "tanyao",  # 断幺九
        "iipeikou",  # 一盃口
        "seat_wind_east",  # 自風 東
        "seat_wind_south",  # 自風 南
        "seat_wind_west",  # 自風 西
        "seat_wind_north",  # 自風 北
        "round_wind_east",  # 場風 東
        "round_wind_south",  # 場風 南
        "round_wind_west",  # 場風 西
        "round_wind_north",  # 場風 北
        "haku",  # 役牌 白
        "hatsu",  # 役牌 發
        "chun",  # 役牌 中
        "double_riichi",  # 両立直
        "chiitoitsu",  # 七対子
        "chanta",  # 混全帯幺九
        "ittsu",  # 一気通貫
        "sanshoku",  # 三色同順
        "sanshoku_doukou",  # 三色同刻
        "sankantsu",  # 三槓子
        "toitoi",  # 対々和
        "sanankou",  # 三暗刻
        "shousangen",  # 小三元
        "honroutou",  # 混老頭
        "ryanpeikou",  # 二盃口
        "junchan",  # 純全帯幺九
        "honitsu",  # 混一色
        "chinitsu",  # 清一色
        "renhou",  # 人和
        "tenhou",  # 天和
        "chiihou",  # 地和
        "daisangen",  # 大三元
        "suuankou",  # 四暗刻
        "suuankou_tanki",  # 四暗刻単騎
        "tsuuiisou",  # 字一色
        "ryuuiisou",  # 緑一色
        "chinroutou",  # 清老頭
        "chuuren",  # 九蓮宝燈
        "junsei_chuuren",  # 純正九蓮宝燈
        "kokushi",  # 国士無双
        "kokushi13",  # 国士無双１３面
        "daisuushii",  # 大四喜
        "shousuushii",  # 小四喜
        "suukantsu",  # 四槓子
        # house yaku, off unless a preset lists them in scoring.extra_yaku
        "sanrenkou",  # 三連刻
        "sanpuu",  # 三風
        "shousharin",  # 小車輪
        "open_riichi",  # オープン立直
        "shihua",  # 四華
        "suurenkou",  # 四連刻
        "daisharin",  # 大車輪
        "manzu_honitsu",  # 萬子の混一色
        "four_north",  # 北4枚抜き
        "yakuhai_north",  # 役牌 北
        # house yakuman of the whole win
        "riichi_only_ron",  # リーのみロン
        "mu",  # 無
    }
)
"""Every yaku id; the Japanese name beside each is the scorer's ``name_ja``."""
