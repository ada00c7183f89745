"""House rules that score beside the yaku, one declarative unit each.

Two kinds, both found by id in the registry of :mod:`jantaku.scoring.yaku`:

* :class:`HouseHan`: han a house rule adds to a hand that already wins with a yaku (白ピカ,
  ヨンチョロ, 4枚使い七対子, お多福, 手詰まり放銃), or the level it moves the win up (夏). They
  never make a hand a win by themselves, like dora.
* :class:`WinYakuman`: a house yakuman decided by the whole win rather than by a reading's
  sets (リーのみロン, 無).

Each unit names the knob that switches it on, so ``jantaku rules show`` and
docs/rules-index.md lead from the Japanese name to the knob and here. The scorer
(:class:`jantaku.scoring.score.Scorer`) keeps only the units its preset switches on and asks
them in the order declared here (the order the yaku list shows them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import Enum
from typing import Final

from jantaku.rules.model import ScoringRules
from jantaku.tiles.kinds import HAKU, N_KINDS, SPRING, SUMMER, Kind
from jantaku.tiles.tileset import Variant, tile_kind

from .reading import CHIITOI, Reading
from .situation import WinSituation


class Stage(Enum):
    """When a house unit is asked."""

    HAN = "han"
    """With the hand's yaku and dora, before the point table: its han are added."""
    LEVEL = "level"
    """After the point table, on every win (yakuman too): a non-zero answer moves it up."""


@dataclass(slots=True)
class HouseWin:
    """What a house unit looks at: one reading of one win."""

    sit: WinSituation
    reading: Reading
    counts: list[int]
    """All the hand's tiles per kind (concealed, winning tile and melds)."""
    rules: ScoringRules
    powers: AbstractSet[Kind]
    """Flower powers the winner has (gotou: own flowers and those among the indicators)."""
    wait_count: Callable[[WinSituation], int]
    """How many kinds the hand waited on (asked only by お多福: it is the costly one)."""


@dataclass(frozen=True, slots=True)
class HouseHan:
    """A house rule that adds han to a win (never a yaku by itself)."""

    id: str
    name_en: str
    name_ja: str
    knob: str
    """The knob that switches it on, as written in a preset file."""
    on: Callable[[ScoringRules], bool]
    """Whether a preset's knobs switch it on (asked once per scorer)."""
    han: Callable[[HouseWin], int]
    """Han it adds to this win (0: none); at :attr:`Stage.LEVEL`, non-zero moves it up."""
    stage: Stage = Stage.HAN
    tenhou_id: None = None


@dataclass(frozen=True, slots=True)
class WinYakuman:
    """A house yakuman decided by the whole win, not by the sets of a reading."""

    id: str
    name_en: str
    name_ja: str
    test: Callable[[WinSituation, Sequence[str], int], bool]
    """``(situation, ids of the yaku found, han of dora of every kind)``: whether it holds."""
    yakuman: int = 1
    tenhou_id: None = None


def _has_dot_white(sit: WinSituation) -> bool:
    tiles = (*sit.concealed, *(t for m in sit.melds for t in m.tiles))
    return any(sit.tileset.variant(t) is Variant.DOT for t in tiles)


def _pika(w: HouseWin) -> int:
    return 1 if HAKU in w.reading.trips and _has_dot_white(w.sit) else 0


def _fours(w: HouseWin) -> int:
    return sum(1 for k in range(N_KINDS) if w.counts[k] == 4)


def _chiitoi_four(w: HouseWin) -> int:
    return _fours(w) * w.rules.chiitoi_four_han if w.reading.form == CHIITOI else 0


def _otafuku(w: HouseWin) -> int:
    if w.sit.furiten:
        return 0
    n = w.wait_count(w.sit)
    extra = n - 4 if w.rules.otafuku == "over_four" else n
    return extra if n >= 5 and extra > 0 else 0


PIKA: Final = HouseHan(
    "pika",
    "Dot white triplet",
    "白ピカ",
    "scoring.dot_white",
    lambda r: r.dot_white == "pika",
    _pika,
)
"""tokushima «白ピカ»: +1 han for a white triplet or kan that holds the dot white."""
YONCHORO: Final = HouseHan(
    "yonchoro",
    "All four copies used",
    "ヨンチョロ",
    "scoring.yonchoro",
    lambda r: r.yonchoro,
    _fours,
)
"""mighty «ヨンチョロ»: +1 han per kind of which the hand uses all four copies."""
CHIITOI_FOUR: Final = HouseHan(
    "chiitoi_four",
    "Four of a kind in seven pairs",
    "4枚使い七対子",
    "scoring.chiitoi_four_han",
    lambda r: r.chiitoi_four_han > 0,
    _chiitoi_four,
)
"""gotou «4枚使いの数*4飜増し»: han per kind used four times in 七対子."""
OTAFUKU: Final = HouseHan(
    "otafuku",
    "Five or more waits",
    "お多福",
    "scoring.otafuku",
    lambda r: r.otafuku != "off",
    _otafuku,
)
"""mighty «お多福»: a non-furiten wait on five or more kinds, +1 han per kind beyond four (or
per kind)."""
TEDUMARI: Final = HouseHan(
    "tedumari",
    "Forced deal-in to open riichi",
    "手詰まり放銃",
    "scoring.tedumari_han",
    lambda r: r.tedumari_han > 0,
    lambda w: w.rules.tedumari_han if w.sit.tedumari else 0,
)
"""gotou «手詰まり放銃は数え役満»: a forced deal-in to an open riichi adds 13 han."""
SUMMER_LEVEL_UP: Final = HouseHan(
    "summer",
    "Summer: one level up",
    "夏",
    "scoring.flower_powers",
    lambda r: r.flower_powers,
    lambda w: 1 if SUMMER in w.powers else 0,
    stage=Stage.LEVEL,
)
"""gotou 夏 «打点が1つアップ»: below mangan +1 han; from mangan one limit up."""

HOUSE_HAN: Final[tuple[HouseHan, ...]] = (
    PIKA,
    YONCHORO,
    CHIITOI_FOUR,
    OTAFUKU,
    TEDUMARI,
    SUMMER_LEVEL_UP,
)
"""The house han, in the order a win lists them (夏 last: it moves the whole win)."""


def _riichi_only_ron(sit: WinSituation, yaku: Sequence[str], dora_han: int) -> bool:
    # «リーのみロンあがり 華抜きもなし ドラ表裏ドラにも華無し»: a ron, riichi its only yaku, no
    # dora of any kind (ura included), no flower set aside nor among the indicators.
    if sit.tsumo or list(yaku) != ["riichi"] or dora_han:
        return False
    shown = (*sit.dora_indicators, *sit.ura_indicators, *sit.extracted)
    return not any(tile_kind(t) >= SPRING for t in shown)


def _mu(sit: WinSituation, yaku: Sequence[str], dora_han: int) -> bool:
    # «4副露で打牌を完了すると【無】となり役満»: four calls and no real tile left.
    return not sit.concealed and len(sit.melds) == 4


RIICHI_ONLY_RON: Final = WinYakuman(
    "riichi_only_ron", "Riichi-only ron", "リーのみロン", _riichi_only_ron
)
"""gotou: replaces the hand's riichi (and its nothing else) by a yakuman."""
MU: Final = WinYakuman("mu", "Nothing left (無)", "無", _mu)
"""mighty: wins at once, paid in full by whoever fed the fourth call."""
WIN_YAKUMAN: Final[tuple[WinYakuman, ...]] = (RIICHI_ONLY_RON, MU)
