"""Preset data: the validated, frozen rule knobs of a preset.

Each section is a Pydantic model with ``extra="forbid"``: an unknown or misspelt key, a value
of the wrong type or a contradiction is a :class:`RulesError` that names the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from jantaku.tiles.kinds import M5, P5, S5, kind_from_name
from jantaku.tiles.tileset import TileSet, build_tileset

from .yaku_ids import YAKU_IDS


class KnobError(ValueError):
    """A knob's value that the preset cannot have, or that contradicts another knob:
    ``knobs`` names them (``section.name``, or ``name`` when a section checks its own),
    first the one the message starts with, so the loader and the lobby point at them without
    reading the words."""

    def __init__(
        self, knob: str, detail: str, *, also: tuple[str, ...] = (), label: str = ""
    ) -> None:
        super().__init__(f"{label or knob}: {detail}")
        self.knobs: tuple[str, ...] = (knob, *also)


class _Section(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True
    )

    @model_validator(mode="after")
    def _no_negative_numbers(self) -> _Section:
        # Points, counts and chips: a negative one is never a rule, only a typo.
        for name, value in self:
            if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
                raise KnobError(name, f"{value} is negative")
        return self


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
    flower_sets: Literal[1, 2] = 1
    """Sets of the four flowers in the wall: 2 is gotou's option 華8 («今ある華をもう1セット
    追加する»). A second copy of a flower gives no second effect; spring's chips count every
    flower extracted."""
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
    """Points a riichi declaration puts on the table (供託)."""
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
    """North is a value honor for every seat (役牌), in triplets and as a pair.
    mighty: «北は役牌»; tokushima: «北は常に役牌»."""
    extra_yaku: list[str] = Field(default_factory=list)
    """House yaku switched on (sanrenkou, sanpuu, shousharin, daisharin, suurenkou,
    manzu_honitsu, riichi_only_ron, open_riichi, shihua, mu...)."""

    fu: Literal["counted", "fixed30"] = "counted"
    """How fu are found: counted, or every hand 30 fu (gotou: «30符固定», «符計算無し»)."""
    fu_cap: int = 0
    """Highest fu a hand can have (0: no cap; tokushima: 60)."""
    chiitoitsu_fu: int = 25
    """Fu of 七対子 (tokushima: «七対子 50符»)."""
    pinfu_tsumo_fu: int = 20
    """Fu of a pinfu tsumo (tokushima: counted 30 fu)."""
    point_table: Literal["standard", "no_bazoro"] = "standard"
    """``standard``: base = fu×2^(han+2), mangan at 5 han. ``no_bazoro``: no 場ゾロ (the two
    han every hand is given), base = fu×2^han with limits 5-6 満貫 (4000/6000), 7-8 跳満, 9-10
    倍満, 11-13 三倍満, 14+ 数え役満 (tokushima's own table; formerly ``"tokushima"``)."""
    limit_cap: Literal["none", "mangan"] = "none"
    """Highest value a hand is paid (kanto-boo: 満貫, yakuman included)."""
    round_up: int = Field(default=100, ge=1)
    """Every payment is rounded up to a multiple of this (gotou/mighty: 1000,
    «1000未満切り上げ», «1000おきに切り上げ»)."""
    tsumo_bonus: int = 0
    """Added to each payment of a tsumo after rounding (gotou ②: «ツモは1000点加符»)."""
    terminal_manzu_bonus: int = 0
    """Points per 1m/9m tile in the winning hand, from the discarder or from each tsumo payer
    (tokushima: «一萬・九萬 1枚につき+1000点»)."""
    open_riichi_bonus: int = 0
    """Points added to a ron, or to each tsumo payment, when the winner is in open riichi
    (gotou: «オープンリーチ +1000点»)."""
    ura_dora: bool = True
    """Ura dora exist (kanto-boo: no)."""
    ippatsu_yaku: bool = True
    """一発 exists (kanto-boo: «一発及び槓ドラの有無…選択可能», on by default)."""
    gold_is_dora: bool = True
    """A gold five counts as a dora like a red five (gotou)."""
    min_han: int = 1
    """Han a hand needs from yaku (dora never count)."""
    two_han_from_honba: int = 0
    """From this honba on, two han are needed (0: never; kanto-boo mobile: 5)."""
    chiitoi_four_han: int = 0
    """Extra han per kind used four times in 七対子 (gotou: «4枚使いの数*4飜増し» → 4)."""
    otafuku: Literal["off", "over_four", "every_kind"] = "off"
    """お多福 (mighty): a non-furiten wait on 5+ kinds gives +1 han and a chip per kind beyond
    four (``over_four``) or per kind (``every_kind``)."""
    yonchoro: bool = False
    """ヨンチョロ (mighty): +1 han per kind of which the hand uses all four copies."""
    flower_han: list[int] = Field(default_factory=list)
    """Han of each extracted flower, spring..winter (tokushima: [1, 1, 1, 2]); empty: none."""
    flower_seat_han: int = 0
    """Extra han for one's own seat's flower (tokushima: 東=春 南=夏 西=秋, +1)."""
    flower_indicator_han: int = 0
    """Han per extracted flower for each flower among the dora indicators (tokushima: 1)."""
    flower_powers: bool = False
    """gotou's flower effects: spring chips, summer level-up, autumn fives are dora, winter
    アリス; a flower among the indicators gives its effect to the winner."""
    autumn_fives_dora: bool = True
    """With ``flower_powers``: autumn (秋) makes every five a dora («5が全部ドラ»); off, autumn
    has no effect (gotou's 華8 option: «その場合は秋の効果を戻してもいいかもしれません»)."""
    four_north_han: int = 0
    """北4枚抜き: four norths extracted are a yaku of this many han (the four norths then add
    no 抜きドラ of their own), so a hand with no other yaku wins with it (gotou: 8, «北4枚抜き
    8飜固定», listed among the seed's 特殊役); 0: each north is one 抜きドラ, no yaku."""
    dot_white: Literal["plain", "pika", "wild_after_riichi"] = "plain"
    """The dot white: plain; 白ピカ (tokushima: +1 han in a white triplet or kan); or 白ぽっち
    (gotou: drawn after riichi it is a forced tsumo wildcard, never red or gold)."""
    wareme: bool = False
    """割れ目 (mighty): points the 割れ目 seat pays or receives for a win are doubled."""
    daiminkan_liability: bool = False
    """A rinshan win after an open kan is paid in full by the kan's feeder (mighty)."""
    north_in_hand: Literal["any", "honor_yakuman_only"] = "any"
    """A north kept in the hand (not extracted) may stand in any hand, or only in an honor
    yakuman: 国士, 四喜和, 字一色, 萬子の混一色 (gotou: «北は字牌が絡む役満で使用可能»)."""
    tedumari_han: int = 0
    """手詰まり放銃 (gotou): a forced deal-in to an open riichi is scored from this many han
    (13) plus the hand's own."""

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


class ChipsRules(_Section):
    """Chips (祝儀): which events pay chips, how many, and who pays."""

    enabled: bool = False
    """The preset plays with chips at all."""
    sitting_out_pays_all: bool = True
    """Four people at a three-player table: the person sitting out pays the items every
    other person pays (gotou «オール(A)のものは抜け番も対象»); off: they pay no chips at all
    (tokushima: the north seat «pays and receives nothing»)."""
    ippatsu: int = 0
    """Chips for a win with ippatsu."""
    ura_dora: int = 0
    """Chips per ura dora."""
    kan_dora: int = 0
    """Chips per dora from a kan indicator (mighty: «槓ドラ»)."""
    red_five: int = 0
    """Chips per red five in the winning hand (gotou: 1)."""
    gold_five: int = 0
    """Chips per gold five (gotou: 2)."""
    north: int = 0
    """Chips per extracted north (gotou: 1)."""
    rinshan: int = 0
    """Chips for a rinshan tsumo (tokushima: 1)."""
    otafuku: int = 0
    """Chips per counted お多福 kind (mighty: 1)."""
    yakuman_tsumo: int = 0
    """Chips from each payer for a yakuman tsumo (mighty 4; gotou 5, all)."""
    yakuman_ron: int = 0
    """Chips from the discarder for a yakuman ron (mighty 5, gotou 10)."""
    kazoe_per_han: int = 0
    """Extra chips per han over 13 on a counted yakuman (gotou 1)."""
    sanbaiman: int = 0
    """Chips for a 三倍満, from all even on a ron (gotou 3)."""
    all_nuki_yakuman: bool = False
    """Winning with all four nuki-dora extracted pays yakuman chips (mighty: 4枚5m)."""
    four_north_four_flowers: int = 0
    """Chips from all for a win with four norths and four flowers extracted, never doubled
    (gotou: 100, «4北4華和了で+100枚 オール (※祝儀倍リーチ対象外)»)."""
    sokupochi: int = 0
    """即ぽっち: 白ぽっち on the ippatsu draw (gotou: 3 on top of the ippatsu chip)."""
    dice_chances: bool = False
    """gotou's サイコロチャンス triggers (4 north, 4 flowers, yakuman, 即ぽっち, closed
    オールスター; two for 天和/地和/人和)."""
    alice_closed: int = 0
    """アリス chips per matching tile for a closed hand (gotou 2)."""
    alice_open: int = 0
    """アリス chips per matching tile for an open hand (gotou 1)."""
    alice_ippatsu_forgives: bool = False
    """With ippatsu, one アリス miss is forgiven (gotou option)."""
    alice_pochi_wild: bool = True
    """A 白ぽっち turned over in アリス matches whatever the winner likes best (gotou
    «白ぽっちがめくれた場合は好きな牌に取れる»); off: it is a plain white (option
    «アリス時白ぽっちマイティ可否»)."""
    snake_eyes: int = 20
    """Chips a サイコロチャンス roll of 1-1 (ピンゾロ) pays from each (gotou «ピンゾロは20枚or2枚»;
    2 = the dice as they fall)."""
    guruguru: int = 0
    """ぐるぐるチャンス (gotou option, off): after riichi, each draw that makes the riichi
    player's last three draws read the same both ways (1p 5p 1p, «トマト») earns this many
    chips from all (A), at once (0: off)."""
    shuba_doubles: bool = False
    """Chips earned from a win after シュバリー are doubled (gotou)."""
    point_value: int = 0
    """Points a chip is worth at settlement (mighty: 2000; 0: chips stay chips)."""


class GameRules(_Section):
    """The flow of a game: points, length, dealer rotation, honba, ends. Defaults: Tenhou."""

    start_points: int = 25000
    """Points each player starts with (持ち点)."""
    start_chips: int = 0
    """Chips each player starts with (gotou: 200)."""
    length: Literal["tonpuu", "hanchan"] = "hanchan"
    """東風 (one wind) or 半荘 (two)."""
    extension: Literal["none", "next_wind", "sudden_death"] = "next_wind"
    """After the last hand, if nobody has ``extension_target``: play on into the next wind
    (Tenhou 南入/西入, ending at the end of that wind) or in sudden death (the first hand that
    ends with someone at the target ends the game: gotou, mighty)."""
    extension_target: int = 30000
    """The points someone must have for the game to end after its last hand."""
    extension_above: bool = False
    """Someone must have more than ``extension_target``, not just as much (mighty
    «全員40000点以下で終了するとサドンデス»: sudden death while everyone is at 40000 or below)."""
    bust: Literal["below_zero", "zero_or_below", "none"] = "below_zero"
    """When a player's points end the game (gotou: «0点は飛びではなく続行»; tokushima: 0 busts)."""
    end_at_or_above: int = 0
    """The game ends at once when a hand leaves someone at this many points (kanto-boo: 16000)."""
    agari_yame: bool = True
    """In the last hand a dealer who wins or is tenpai as the top ends the game (Tenhou)."""
    deal_on_draw: Literal["tenpai", "never_passes", "always_passes"] = "tenpai"
    """At an exhaustive draw the dealer keeps the deal when tenpai (standard), always (gotou
    «流局時の親流れ無し»), or never (kanto-boo 輪荘)."""
    deal_passes_on_win: Literal["non_dealer", "always"] = "non_dealer"
    """The deal passes on a non-dealer's win (standard), or after every win."""
    dealer_win_honba: bool = True
    """A dealer's win adds a honba (tokushima: «アガリ連荘の本場ナシ»)."""
    noten_total: int = 3000
    """Noten payments in all, split among noten payers and tenpai receivers (0: none)."""
    leftover_sticks: Literal["top", "lost"] = "top"
    """Riichi sticks left at the end go to the top, or are lost (kanto-boo)."""
    last_hand_dealer_only: bool = False
    """kanto-boo: in the last hand a dealer win plays on, a non-dealer win or any draw ends."""
    restrict_game_ending_wins: bool = False
    """kanto-boo: a game-ending win that would end in マルシー, leave the winner sunk, or make a
    floating winner not the top is refused (yakuman never)."""
    restrict_tsumo: bool = True
    """With ``restrict_game_ending_wins``: tsumo wins are restricted too (the seed; the game's
    own code checks only ron)."""
    chombo: Literal["mangan", "points_each", "chips_each"] = "mangan"
    """Chombo: a reverse mangan; ``chombo_each`` points to each other player (tokushima 3000,
    mighty 5000); or ``chombo_each`` chips from the offender to everyone, no points (gotou 10).
    Formerly ``each_3000``, ``each_5000``, ``chips_10`` (still read)."""
    chombo_each: int = 0
    """Points (``points_each``) or chips (``chips_each``) a chombo pays each other player."""
    shuba_stick: int = 0
    """Points a シュバリー (double-chip riichi) puts on the table instead of the riichi stick;
    0: no シュバリー (gotou: 5000, «リーチ代5000点», once per game per player)."""
    bust_chips: int = 0
    """Chips the busted player pays the winner who busted them (gotou 3)."""
    bust_chips_on_draw: bool = False
    """Bust chips also when draw payments bust a player (gotou: none, knob)."""
    sitting_out_chips: int = 0
    """Chips everyone pays the sitting-out person when no spring appeared in the hand, and
    again at a draw (gotou: 2 each)."""
    high_score_chips: int = 0
    """Chips from all for ending at 80000 or more, +1 per further 10000 (gotou: 3)."""
    high_score_line: int = 80000
    """Where ``high_score_chips`` start (gotou: «80000点オーバー»)."""
    double_ron_bust_chips: Literal["top", "first", "both"] = "top"
    """Bust chips after a double ron: to the winner ranked higher after the hand (gotou
    «ダブロン飛びはトップに飛び賞»), to the first winner in turn order from the discarder
    (上家取り), or to both winners (options «ダブロン時飛び賞上家取りor両方orトップ取り»)."""
    yakitori_chips: int = 0
    """焼き鳥 (gotou option, off): at the end of the game each person who never won a hand
    (流し included) pays this many chips to each person who did."""
    nagashi: Literal["mangan", "yakuman", "none"] = "mangan"
    """流し at an exhaustive draw: paid as a mangan tsumo (Tenhou), as a yakuman tsumo (gotou:
    «流し ... 和了扱い»), or not at all."""
    nagashi_is_win: bool = False
    """流し is a win in every respect (gotou «和了扱い»): the sticks go to that player and the
    honba and the deal move as after their tsumo; off: the hand is a draw that pays it
    (Tenhou)."""
    false_call: Literal["none", "pot", "each"] = "none"
    """A false pon or kan at a physical table (ledger ``penalty`` events): not a rule, points to
    the pot (gotou «誤ポンは1000点供託»), or to each other player in the hand (tokushima
    «誤ポン・誤カンは1000点ALLの支払い»)."""
    false_call_points: int = 1000
    """Points a false pon or kan costs (gotou, tokushima: 1000)."""


class TableRules(_Section):
    """What players may do at the table: riichi forms, furiten, forced wins, abortive draws,
    dora timing. Defaults: Tenhou four-player."""

    open_riichi: bool = False
    """Open riichi (オープンリーチ) may be declared (gotou, mighty)."""
    third_riichi_open: Literal["allowed", "forbidden", "allowed_unless_two_open"] = "allowed"
    """Whether the third riichi at the table may be open: always (mighty), never whatever the
    first two were (gotou «3件目オープンリーチ不可», revised: riichi of any kind count), or
    unless the first two were both open (the earlier reading)."""
    open_riichi_guarded: bool = False
    """Nobody may deal in to an open riichi unless every discard would (gotou: «オープンリーチ
    への放銃は物理的に不可», then 手詰まり放銃)."""
    furiten_riichi: Literal["allowed", "forbidden", "open_only"] = "allowed"
    """Riichi while furiten: allowed (Tenhou, gotou), not offered (tokushima «フリテンリーチなし»,
    kanto-boo), or only as an open riichi (mighty «フリテンリーチは必ずオープン»)."""
    riichi_must_win: bool = False
    """A riichi player takes every win they can (mighty «リーチ後の見逃し無し», kanto-boo)."""
    open_riichi_may_pass: bool = True
    """With ``riichi_must_win``: an open riichi may still decline a win (mighty)."""
    per_tile_furiten: bool = False
    """Furiten per tile (tokushima «フリテン時の片アガリあり»): only waits in one's own
    discards are barred."""
    tenpai_needs_yaku: bool = False
    """At an exhaustive draw a hand is tenpai only if a wait wins with a yaku (tokushima
    «形式テンパイなし»)."""
    nine_terminals: bool = True
    """九種九牌 may abort the hand (tokushima «途中流局なし»: no)."""
    tenhou_aborts: bool = True
    """The other abortive draws: four winds, four riichi, four kans, triple ron (Tenhou 4p)."""
    double_ron: bool = True
    """Several players may ron one discard; otherwise head bump (kanto-boo)."""
    initial_dora: int = 1
    """Dora indicators turned at the start of a hand (gotou «表ドラ常時2枚めくり»)."""
    kan_dora_at_once: bool = False
    """Every kan turns its dora indicator at once (gotou «カンドラ即めくり»); otherwise an open
    or added kan's indicator waits for the next discard (Tenhou)."""
    riichi_without_draws: bool = False
    """Riichi may be declared with no draw left (gotou «ツモ番無しリーチあり»)."""
    riichi_ankan: Literal["allowed", "mandatory", "forbidden"] = "allowed"
    """A closed kan after riichi that keeps the waits: allowed, required whenever possible
    (tokushima «リーチ後の暗槓必須»), or never."""
    riichi_below_zero: bool = False
    """Riichi (open and シュバ too) may take a player to 0 or below (gotou «0点以下となる
    リーチ、オープンリーチ、祝儀倍リーチ可»); off: the player must hold the stick's points."""
    open_riichi_shows: Literal["hand", "waits"] = "hand"
    """What an open riichi shows the table: the whole hand (mighty «全開け») or only the
    waits (gotou «待ちのみ開示でOK»)."""
    riichi_ankan_waits: Literal["same", "same_count"] = "same"
    """A closed kan after riichi must keep the same waiting kinds (Tenhou), or only as many
    of them (mighty «待ちの総数が変わる暗槓は不可»: the yaku may change)."""
    kokushi_furiten_ron: bool = False
    """A kokushi hand may ron while furiten on a tile that is not among its own discards
    (kanto-boo)."""
    dead_wall: int = Field(default=14, ge=14, le=30)
    """Tiles set aside at the deal and never drawn in turn: the replacement tiles, five dora
    and five ura indicators, and any left over (tokushima «王牌18or20枚残し»: 18)."""
    rinshan_tiles: int = Field(default=4, ge=4)
    """Replacement tiles in the dead wall (gotou «嶺上牌は6トン(12枚)残し»: 12). Past them,
    the live wall's last tile is taken."""
    replacement_shortens_wall: bool = True
    """Each replacement draw moves the end of the live wall up one, as Tenhou keeps its dead
    wall at 14; off: the live wall is drawn to the dead wall whatever was replaced (gotou
    «ドラ横までツモり切り»)."""
    extract_last_tile: bool = False
    """A flower or nuki-dora drawn as the last live tile is set aside and replaced from the
    dead wall, never discarded (gotou «華牌、北の補充し忘れはツモ番時にいつでも解消可能»,
    tokushima «華牌は空気扱いのため河に捨てることが出来ず»); off: no extraction on the last
    tile (Tenhou sanma)."""
    doubles_two_dora: bool = False
    """The dealer's dice are rolled (and shown) at the start of each hand; doubles turn one
    more dora indicator for that hand (tokushima «ゾロ目ならドラ表示牌2枚めくり»)."""
    kan_dora_indicators: bool = True
    """A kan turns a dora indicator (and its ura); off: only the indicators turned at the
    start count (kanto-boo: «一発及び槓ドラの有無…選択可能», on by default)."""
    kan_indicators_from_live: bool = False
    """The dead wall holds only the replacement tiles and the indicator stacks turned at the
    start; each later indicator (a kan's) takes the next stack, indicator over ura, from the
    live wall's end, so every such kan shortens the live wall by two (gotou «ドラ横までツモり
    切り»: 112 − 39 dealt − 12 − 4 = 57 live draws, 55 after a kan); off: the dead wall holds
    every indicator a hand can turn (Tenhou's 14 tiles)."""
    kan_needs_draws: int = Field(default=1, ge=1)
    """A kan (closed, added or open) only with at least this many live draws left: 1 (Tenhou:
    none on the last tile), 2 (gotou: none when one draw or less is left)."""

    @property
    def indicators(self) -> int:
        """Dora indicators (and as many ura) the dead wall holds: those turned at the start
        and one per kan, four at most; five at least, as Tenhou keeps. The dealer's doubles
        (tokushima) turn one of the five early. With ``kan_indicators_from_live`` (gotou),
        only those turned at the start: a kan's come from the live wall."""
        if self.kan_indicators_from_live:
            return self.start_stacks
        return max(5, self.initial_dora + 4)

    @property
    def start_stacks(self) -> int:
        """Indicators (and as many ura) a hand may turn at its start: ``initial_dora``, one
        more where the dealer's doubles turn one (tokushima)."""
        return self.initial_dora + self.doubles_two_dora


class SettlementRules(_Section):
    """How final points become the game's result."""

    style: Literal["uma", "rank_chips", "boo"] = "uma"
    """``uma``: (points - return)/1000 + uma + oka; ``rank_chips``: rank and クビ paid in chips
    (gotou; formerly ``"gotou_chips"``); ``boo``: マルエー/マルビー/マルシー."""
    return_points: int = 30000
    """返し: the top takes the oka, (return - start) from each player."""
    uma: list[int] = Field(default_factory=lambda: [20, 10, -10, -20])
    """Rank uma (3-player: three values)."""
    sink_uma: bool = False
    """mighty 沈み馬 10-20, counting players below the start at the end: one sunk → +10 +10 -20;
    two → +20 -10 -10; none → none (replaces ``uma``)."""
    rounding: Literal["none", "gosha_rokunyu"] = "none"
    """``gosha_rokunyu``: (points - return) is rounded to 1000s with 0.5 toward zero (五捨六入)
    and the top takes the rest, as Tenhou did until 2020; ``none``: tenths, as Tenhou now."""
    kubi: int = 40000
    """gotou: a player at this or more has クビ."""
    boo_values: list[int] = Field(default_factory=lambda: [10, 5, 3])
    """kanto-boo: what the top takes from each sunk player for マルエー (three sunk),
    マルビー (two) and マルシー (one); the top pays the table fee, the マルシー value
    («マルエーは敗者三者から10ポイントずつ ... マルシーは敗者から 3ポイント ...
    場代としてマルシー相当の 3ポイントを減額»)."""
    boo_yakuman: Literal["double", "single"] = "double"
    """kanto-boo: a yakuman ends the game as a double マルエー (20 from each), or as a single
    one (10 from each: «役満貫を和了した場合は点数状況に拘らずマルエーとする事も出来ます»)."""
    chips_second_kubi: list[int] = Field(default_factory=lambda: [15, 5, -20])
    """gotou, three people: rank chips when the 2nd has クビ («2着クビあり 15/5/▲20»)."""
    chips_second_no_kubi: list[int] = Field(default_factory=lambda: [20, -5, -15])
    """gotou, three people: rank chips when the 2nd has no クビ («2着クビなし 20/▲5/▲15»)."""
    chips_four: list[int] = Field(default_factory=lambda: [20, 0, -5, -15])
    """gotou, four people: rank chips before the クビ uma («場に20枚»: 20/0/▲5/▲15)."""
    kubi_uma: int = 6
    """gotou, four people: chips paid equally by those without クビ to those with it
    («クビウマが場に6枚»)."""
    raw_chips_per_10000: int = 0
    """素点 (gotou option, off): chips per 10000 points above or below the start, rounded to
    whole chips (half toward zero), the top taking what makes them sum to zero."""


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
    chips: ChipsRules = Field(default_factory=ChipsRules)
    game: GameRules = Field(default_factory=GameRules)
    table: TableRules = Field(default_factory=TableRules)
    settlement: SettlementRules = Field(default_factory=SettlementRules)

    @model_validator(mode="after")
    def _consistent(self) -> Preset:
        if self.players == 4 and self.tiles.manzu_fives:
            raise KnobError("tiles.manzu_fives", "only a three-player set removes 2m-8m")
        red_5m = any(k == "5m" and n for k, n in self.tiles.red.items())
        if self.players == 3 and red_5m and not self.tiles.manzu_fives:
            raise KnobError("tiles.red", "a three-player set has no 5m")
        if self.scoring.dot_white != "plain" and not self.tiles.dot_white:
            raise KnobError(
                "scoring.dot_white",
                "the tile set has no dot white (tiles.dot_white)",
                also=("tiles.dot_white",),
            )
        if self.scoring.flower_han and len(self.scoring.flower_han) != 4:
            raise KnobError("scoring.flower_han", "four values, spring to winter")
        if (self.scoring.flower_han or self.scoring.flower_powers) and not self.tiles.flowers:
            raise KnobError(
                "scoring.flower_han",
                "the tile set has no flowers",
                label="scoring.flower_han/flower_powers",
                also=("scoring.flower_powers", "tiles.flowers"),
            )
        if self.tiles.flower_sets > 1 and not self.tiles.flowers:
            raise KnobError(
                "tiles.flower_sets",
                "the tile set has no flowers (tiles.flowers)",
                also=("tiles.flowers",),
            )
        if self.hand.wildcards and self.scoring.dot_white == "wild_after_riichi":
            raise KnobError(
                "scoring.dot_white",
                "a hand cannot hold two wildcards by rule",
                also=("hand.wildcards",),
            )
        # The noten payment is split evenly among 1..players-1 tenpai and noten players.
        split = 6 if self.players == 4 else 2
        if self.game.noten_total % split:
            raise KnobError(
                "game.noten_total",
                f"{self.game.noten_total} does not split evenly among the "
                f"tenpai and noten players (a multiple of {split})",
            )
        t = self.table
        if t.dead_wall < t.rinshan_tiles + 2 * t.indicators:
            raise KnobError(
                "table.dead_wall",
                f"{t.dead_wall} cannot hold table.rinshan_tiles = "
                f"{t.rinshan_tiles} replacement tiles and {t.indicators} dora and ura "
                f"indicators each (table.initial_dora = {t.initial_dora}, four kans)",
                also=("table.rinshan_tiles", "table.initial_dora"),
            )
        if t.kan_indicators_from_live and t.kan_needs_draws < 2:
            raise KnobError(
                "table.kan_needs_draws",
                "a kan's indicator stack comes from the live wall "
                "(table.kan_indicators_from_live), so a kan needs at least 2 draws left",
                also=("table.kan_indicators_from_live",),
            )
        if self.game.chombo != "mangan" and not self.game.chombo_each:
            raise KnobError(
                "game.chombo_each",
                f"give what a chombo pays each ({self.game.chombo})",
                also=("game.chombo",),
            )
        s = self.settlement
        for key, n in (("chips_second_kubi", 3), ("chips_second_no_kubi", 3), ("chips_four", 4)):
            if len(getattr(s, key)) != n:
                raise KnobError(f"settlement.{key}", f"{n} values, one per rank")
        if len(s.boo_values) != 3:
            raise KnobError("settlement.boo_values", "3 values: マルエー, マルビー, マルシー")
        if s.style == "uma" and not s.sink_uma and len(s.uma) != self.players:
            raise KnobError("settlement.uma", f"{self.players} values, one per rank")
        for key in ("pao", "disabled_yaku", "extra_yaku", "yaku_han"):
            for name in getattr(self.scoring, key):
                if name not in YAKU_IDS:
                    raise KnobError(f"scoring.{key}", f"no yaku {name!r}")
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
            flower_sets=self.tiles.flower_sets,
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
    kind: Literal["bool", "int", "float", "str", "choice", "json"] = "json"
    """What a value is, for an editor: a choice lists its ``choices``; json: a list or map."""
    choices: list[str] = Field(default_factory=list)
    note: str = ""
    """The preset file's own comment on the knob (often the seed's Japanese words)."""


def knobs(preset: Preset, notes: Mapping[str, str] | None = None) -> list[KnobInfo]:
    """Every knob of a preset with its value, the default and its documentation (and the
    preset file's note on it, from :func:`jantaku.rules.loader.knob_notes`)."""
    out: list[KnobInfo] = []
    for section_name, field in Preset.model_fields.items():
        section = getattr(preset, section_name)
        if not isinstance(section, BaseModel):
            continue
        for name, f in type(section).model_fields.items():
            default = f.get_default(call_default_factory=True)
            kind, choices = _knob_kind(f.annotation)
            out.append(
                KnobInfo(
                    key=f"{section_name}.{name}",
                    value=getattr(section, name),
                    default=default,
                    description=(f.description or "").strip(),
                    kind=kind,
                    choices=choices,
                    note=(notes or {}).get(f"{section_name}.{name}", ""),
                )
            )
        _ = field
    return out


def _knob_kind(
    annotation: object,
) -> tuple[Literal["bool", "int", "float", "str", "choice", "json"], list[str]]:
    """The editor kind of a knob's type (and the choices of a ``Literal``)."""
    if get_origin(annotation) is Literal:
        return "choice", [str(a) for a in get_args(annotation)]
    simple = {bool: "bool", int: "int", float: "float", str: "str"}
    if isinstance(annotation, type) and annotation in simple:
        return simple[annotation], []  # type: ignore[return-value]
    return "json", []
