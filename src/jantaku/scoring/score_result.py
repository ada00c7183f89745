"""A scored win (:class:`ScoreResult`): its yaku and han (:class:`YakuHan`), fu, limit,
payments and the dora counts chips are paid on (:class:`DoraFacts`); :mod:`jantaku.scoring.score`
finds it."""

from __future__ import annotations

from typing import NamedTuple, final

from jantaku.tiles.kinds import (
    Kind,
)

from .reading import Reading
from .yaku import (
    ALL_YAKU_BY_ID,
    DORA_IDS,
    DORA_NAMES,
)


class YakuHan(NamedTuple):
    id: str
    han: int
    yakuman: int = 0

    @property
    def tenhou_id(self) -> int | None:
        if self.id in DORA_IDS:
            return DORA_IDS[self.id]
        return ALL_YAKU_BY_ID[self.id].tenhou_id

    @property
    def name_ja(self) -> str:
        return DORA_NAMES[self.id][1] if self.id in DORA_NAMES else ALL_YAKU_BY_ID[self.id].name_ja

    @property
    def name_en(self) -> str:
        return DORA_NAMES[self.id][0] if self.id in DORA_NAMES else ALL_YAKU_BY_ID[self.id].name_en


@final
class DoraFacts:
    """The counts chips are paid on, as found with the dora. Native ints rather than the
    dictionary :attr:`ScoreResult.facts` gives: building a dictionary for every hand scored
    cost as much as counting the dora."""

    __slots__ = ("gold", "kan_dora", "nuki", "red", "ura")

    def __init__(self, kan_dora: int, red: int, gold: int, ura: int, nuki: int) -> None:
        self.kan_dora = kan_dora
        self.red = red
        self.gold = gold
        self.ura = ura
        """-1 when the hand has no ura dora to count (no riichi, or no ura dora by rule)."""
        self.nuki = nuki

    def as_dict(self) -> dict[str, int]:
        out = {"kan_dora": self.kan_dora, "red": self.red, "gold": self.gold}
        if self.ura >= 0:
            out["ura"] = self.ura
        out["nuki"] = self.nuki
        return out


@final
class ScoreResult:
    """A scored win. A plain class rather than a dataclass: a compiled dataclass still runs
    the ``__init__`` that :mod:`dataclasses` writes in Python, once for every hand scored.
    Its JSON is built only when asked (:func:`jantaku.scoring.json_io.result_to_json`)."""

    __slots__ = (
        "_facts",
        "base",
        "fu",
        "han",
        "limit",
        "pao_wind",
        "payments",
        "reading",
        "sticks",
        "value",
        "wildcards",
        "yaku",
        "yakuman",
    )

    def __init__(
        self,
        yaku: tuple[YakuHan, ...],
        han: int,
        fu: int,
        yakuman: int,
        limit: str | None,
        base: int,
        payments: dict[Kind, int],
        sticks: int,
        reading: Reading,
        pao_wind: Kind | None = None,
        value: int = 0,
        wildcards: tuple[Kind, ...] = (),
        facts: DoraFacts | None = None,
    ) -> None:
        self.yaku = yaku
        self.han = han
        self.fu = fu
        self.yakuman = yakuman
        """Real yakuman multiples (a counted yakuman is 0 here, ``limit`` says ``yakuman``)."""
        self.limit = limit
        self.base = base
        self.payments = payments
        """Payer seat wind → points paid, honba and bonuses included."""
        self.sticks = sticks
        """Riichi sticks collected (count)."""
        self.reading = reading
        self.pao_wind = pao_wind
        self.value = value
        """What the hand is worth before honba, sticks and bonuses (Tenhou's ``ten``)."""
        self.wildcards = wildcards
        """What the wildcards became in the chosen reading."""
        self._facts = facts

    def __repr__(self) -> str:
        return (
            f"ScoreResult(yaku={self.yaku!r}, han={self.han}, fu={self.fu}, "
            f"yakuman={self.yakuman}, limit={self.limit!r}, base={self.base}, "
            f"payments={self.payments!r}, sticks={self.sticks}, value={self.value}, "
            f"pao_wind={self.pao_wind!r}, wildcards={self.wildcards!r}, facts={self.facts!r})"
        )

    @property
    def facts(self) -> dict[str, int]:
        """Counts that chips are paid on (ura, kan dora, red, gold, north...)."""
        return {} if self._facts is None else self._facts.as_dict()

    @property
    def points(self) -> int:
        return self.value

    def total_gain(self, stick_value: int = 1000) -> int:
        return sum(self.payments.values()) + self.sticks * stick_value
