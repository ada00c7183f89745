"""Preset data: the validated, frozen rule knobs of a preset.

Each section is a Pydantic model with ``extra="forbid"``: an unknown or misspelt key, a value
of the wrong type or a contradiction is a :class:`RulesError` that names the key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from jantaku.tiles.kinds import M5, P5, S5, kind_from_name
from jantaku.tiles.tileset import TileSet, build_tileset


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


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


class Preset(_Section):
    """A whole preset: metadata plus one model per rule area."""

    name: str
    title: str = ""
    title_ja: str = ""
    base: str | None = None
    players: Literal[3, 4]
    tiles: TilesRules = Field(default_factory=TilesRules)
    hand: HandRules = Field(default_factory=HandRules)

    @model_validator(mode="after")
    def _consistent(self) -> Preset:
        if self.players == 4 and self.tiles.manzu_fives:
            raise ValueError("tiles.manzu_fives: only a three-player set removes 2m-8m")
        red_5m = any(k == "5m" and n for k, n in self.tiles.red.items())
        if self.players == 3 and red_5m and not self.tiles.manzu_fives:
            raise ValueError("tiles.red: a three-player set has no 5m")
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
