"""Preset data: the validated, frozen rule knobs of a preset.

Each section is a Pydantic model with ``extra="forbid"``: an unknown or misspelt key, a value
of the wrong type or a contradiction is a :class:`RulesError` that names the key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from jantaku.tiles.kinds import M5, P5, S5, kind_from_name
from jantaku.tiles.tileset import TileSet, build_tileset

YAKU_IDS: frozenset[str] = frozenset(
    [
        "menzen_tsumo",
        "riichi",
        "ippatsu",
        "chankan",
        "rinshan",
        "haitei",
        "houtei",
        "pinfu",
        "tanyao",
        "iipeikou",
        "seat_wind_east",
        "seat_wind_south",
        "seat_wind_west",
        "seat_wind_north",
        "round_wind_east",
        "round_wind_south",
        "round_wind_west",
        "round_wind_north",
        "haku",
        "hatsu",
        "chun",
        "double_riichi",
        "chiitoitsu",
        "chanta",
        "ittsu",
        "sanshoku",
        "sanshoku_doukou",
        "sankantsu",
        "toitoi",
        "sanankou",
        "shousangen",
        "honroutou",
        "ryanpeikou",
        "junchan",
        "honitsu",
        "chinitsu",
        "renhou",
        "tenhou",
        "chiihou",
        "daisangen",
        "suuankou",
        "suuankou_tanki",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren",
        "junsei_chuuren",
        "kokushi",
        "kokushi13",
        "daisuushii",
        "shousuushii",
        "suukantsu",
    ]
)
"""Every yaku id a preset may name (``jantaku.scoring.yaku`` defines one unit per id)."""


class _Section(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True
    )


class TilesRules(_Section):
    """Which physical tiles the preset plays with."""

    red: dict[str, int] = Field(default_factory=dict)
    """Red copies per five, e.g. ``{"5p" = 2}``. Seed: each preset's 赤 rule."""
    gold: dict[str, int] = Field(default_factory=dict)
    """Gold copies per five (gotou: «5は赤金黒黒»)."""
    dot_white: bool = False
    """One white dragon is the dot white (白ぽっち / 白ピカ)."""
    flowers: bool = False
    """The four flowers 春夏秋冬 are in the wall."""
    manzu_fives: bool = False
    """Three-player set that keeps the four 5m as nuki-dora (mighty)."""

    @field_validator("red", "gold")
    @classmethod
    def _fives(cls, v: dict[str, int]) -> dict[str, int]:
        for name, n in v.items():
            try:
                kind = kind_from_name(name)
            except ValueError:
                raise ValueError(f"{name!r} is not a tile such as '5p'") from None
            if kind not in (M5, P5, S5):
                raise ValueError(f"only fives have special copies, not {name}")
            if not 0 <= n <= 4:
                raise ValueError(f"{name}: 0 to 4 copies, not {n}")
        return v


class HandRules(_Section):
    """Hand shape: size, wildcards, which forms win."""

    wildcards: Literal[0, 1] = 0
    """Imaginary wildcards every hand always holds (mighty: the 13th tile, マイティ)."""
    wildcard_fifth_copy: bool = False
    """A wildcard may stand for a kind the hand already holds four of. mighty.md: no
    («自分の手牌で５枚目を想定できない»)."""
    chiitoi_four: bool = False
    """Four of a kind may be two of the seven pairs (4枚使い七対子)."""


class ScoringRules(_Section):
    """Yaku, han, fu, limits and payments. Defaults are Tenhou's four-player rule."""

    kuitan: bool = True
    """Open 断幺九 counts (喰いタン)."""
    double_yakuman: bool = True
    """四暗刻単騎, 純正九蓮宝燈, 国士無双13面 and 大四喜 count twice."""
    kazoe_yakuman: bool = True
    """13 han or more is a (counted) yakuman; otherwise it stays 三倍満."""
    kiriage: bool = False
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫)."""
    honba_ron: int = 300
    """Points per honba added to a ron, paid by the discarder (Tenhou 4p 300, 3p 200)."""
    honba_tsumo: int = 100
    """Points per honba added to each payment of a tsumo (Tenhou: 100)."""
    riichi_stick: int = 1000
    tsumo_son: bool = True
    """Three players: a non-dealer tsumo collects only the two present players' shares."""
    nuki_dora: list[str] = Field(default_factory=list)
    """Kinds extracted as nuki-dora, one han each (sanma: ``["4z"]``; mighty: ``["5m"]``)."""
    pao: list[str] = Field(default_factory=lambda: ["daisangen", "daisuushii"])
    """Yakuman whose last set's feeder pays the whole win (責任払い)."""
    disabled_yaku: list[str] = Field(default_factory=lambda: ["renhou"])
    """Yaku ids that do not exist in this rule (Tenhou has no 人和)."""
    yaku_han: dict[str, list[int]] = Field(default_factory=dict)
    """Changed han values by yaku id: ``{"iipeikou" = [2, 1]}`` = closed 2, open 1 (0 = needs
    a closed hand)."""
    yakuhai_north: bool = False
    """North is a value honor for every seat (役牌), in triplets and as a pair."""

    @field_validator("nuki_dora")
    @classmethod
    def _kinds(cls, v: list[str]) -> list[str]:
        for name in v:
            try:
                kind_from_name(name)
            except ValueError:
                raise ValueError(f"{name!r} is not a tile such as '4z'") from None
        return v

    @field_validator("yaku_han")
    @classmethod
    def _han_pairs(cls, v: dict[str, list[int]]) -> dict[str, list[int]]:
        for name, hans in v.items():
            if len(hans) != 2 or any(h < 0 for h in hans):
                raise ValueError(f"{name}: give [closed han, open han], not {hans}")
        return v


class Preset(_Section):
    """A whole preset: metadata plus one model per rule area."""

    name: str
    title: str = ""
    title_ja: str = ""
    base: str | None = None
    players: Literal[3, 4]
    tiles: TilesRules = Field(default_factory=TilesRules)
    hand: HandRules = Field(default_factory=HandRules)
    scoring: ScoringRules = Field(default_factory=ScoringRules)

    @model_validator(mode="after")
    def _consistent(self) -> Preset:
        if self.players == 4 and self.tiles.manzu_fives:
            raise ValueError("tiles.manzu_fives: only a three-player set removes 2m-8m")
        red_5m = any(k == "5m" and n for k, n in self.tiles.red.items())
        if self.players == 3 and red_5m and not self.tiles.manzu_fives:
            raise ValueError("tiles.red: a three-player set has no 5m")
        for key in ("pao", "disabled_yaku"):
            for name in getattr(self.scoring, key):
                if name not in YAKU_IDS:
                    raise ValueError(f"scoring.{key}: no yaku {name!r}")
        for name in self.scoring.yaku_han:
            if name not in YAKU_IDS:
                raise ValueError(f"scoring.yaku_han: no yaku {name!r}")
        return self

    def tileset(self) -> TileSet:
        red = {kind_from_name(k): n for k, n in self.tiles.red.items()}
        gold = {kind_from_name(k): n for k, n in self.tiles.gold.items()}
        return build_tileset(
            self.name,
            players=self.players,
            red=red,
            gold=gold,
            dot_white=self.tiles.dot_white,
            flowers=self.tiles.flowers,
            manzu_fives=self.tiles.manzu_fives,
        )

    @property
    def hand_size(self) -> int:
        """Real tiles in a waiting hand (12 under one wildcard, 13 otherwise)."""
        return 13 - self.hand.wildcards


class KnobInfo(BaseModel):
    """One knob of a preset, for ``jantaku rules show`` and the lobby."""

    key: str
    """``section.name`` as written in a preset file."""
    value: object
    default: object
    description: str


def knobs(preset: Preset) -> list[KnobInfo]:
    """Every knob of a preset with its value, the default and its documentation."""
    out: list[KnobInfo] = []
    for section_name, field in Preset.model_fields.items():
        section = getattr(preset, section_name)
        if not isinstance(section, BaseModel):
            continue
        for name, f in type(section).model_fields.items():
            default = f.get_default(call_default_factory=True)
            out.append(
                KnobInfo(
                    key=f"{section_name}.{name}",
                    value=getattr(section, name),
                    default=default,
                    description=(f.description or "").strip(),
                )
            )
        _ = field
    return out
