"""The neutral record of a real game, whichever format it was read from (mjlog XML:
:mod:`jantaku.log.tenhou_xml`; tenhou.net/6 JSON: :mod:`jantaku.log.tenhou6`; kobalab paipu:
:mod:`jantaku.log.kobalab`), and what the readers share.

Both formats are read into the same neutral, frozen dataclasses (:class:`GameRecord`,
:class:`RoundRecord`, play events and results), so that tests and tools can replay real games
without caring which format a record came in.

Tiles
-----
A physical tile is an ``int``: Tenhou's tile id 0..135, ``kind = id // 4`` (0-8 = 1-9m,
9-17 = 1-9p, 18-26 = 1-9s, 27-30 = ESWN, 31-33 = haku hatsu chun). With red fives on, the red
tiles are ids 16, 52 and 88.

tenhou.net/6 JSON has no copy ids (only codes 11..47, and 51/52/53 for red fives), so the JSON
reader hands out physical ids per round, deterministically: a red code takes 16/52/88; a plain
tile takes the lowest id of its kind that is not the red copy and was not yet handed out in that
round. Ids are handed out in this order: the starting hands (seat 0 to 3), all dora indicators,
then the draws in play order, and last the ura indicators. The same physical tile keeps its id
as it moves from hand to river to meld. Only consistency inside a round is promised; ids are not
comparable with the XML ids of the same game.

Seats
-----
Seats are absolute (0..3, seat 0 is East in E1 and seats never move). Per-seat tuples (scores,
hands, deltas, final points) always have 4 entries; in 3-player games seat 3 is the empty chair
(score 0, empty hand).

Events
------
``RoundRecord.events`` holds :class:`Draw`, :class:`Discard`, :class:`Call`, :class:`Riichi`
and :class:`NewDora` in play order, with Tenhou's own timing:

* ``Riichi(step=1)`` comes before the riichi discard; ``Riichi(step=2)`` right after it, unless
  the discard was ronned (then the riichi was never accepted and there is no step 2).
* ``NewDora``: after an ankan immediately. After a daiminkan or kakan, the new indicator is shown
  when the kan player makes the next discard (just before the ``Discard`` event, after a
  ``Riichi(step=1)`` if any) or declares another kan (just after that ``Call``). A kakan that is
  robbed (chankan) or a rinshan win shows no new indicator. This is what the XML records show
  (every ``<DORA>`` tag in the folder follows this rule); the JSON reader rebuilds the same order.
  If a JSON round lists an indicator that this rule never reaches (the kan was followed by the
  end of the round), it is emitted at the end of the events.

Calls
-----
``Call.tiles`` holds all tiles of the meld. For chi/pon/minkan the called tile is first. For
kakan the tiles are those of the original pon (called tile first) plus the added tile **last**;
``called``/``from_seat`` of a kakan are those of the original pon. Ankan has ``called`` and
``from_seat`` None and its four tiles in id order. Kita (3-player North removal) is a call of
type ``"kita"`` with one tile.

Results
-------
:class:`Win` (one per winner; a double ron gives two), :class:`UnscoredWin` (a JSON win entry
without score text or yaku, seen in one cut-down test excerpt), or
:class:`ExhaustiveOrAbortiveDraw`.

Yaku ids are Tenhou's (0..54, see FORMAT.md). Mahjong Soul's separate ``抜きドラ`` (nukidora)
entry has the pseudo id :data:`NUKIDORA_YAKU_ID` (100); Tenhou itself folds kita into ``ドラ``.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeAlias

from jantaku.tiles.kinds import WIND_LETTERS

RecordFormat = Literal["mjlog", "tenhou6", "kobalab"]
CallType = Literal["chi", "pon", "minkan", "ankan", "kakan", "kita"]
DrawKind = Literal["exhaustive", "yao9", "reach4", "ron3", "kan4", "kaze4", "nm"]

#: Tile ids of the red fives (5m, 5p, 5s).
RED_IDS: tuple[int, int, int] = (16, 52, 88)
#: Pseudo yaku id for Mahjong Soul's separate ``抜きドラ`` (nukidora) han.
NUKIDORA_YAKU_ID = 100


# ---------------------------------------------------------------------------------------------
# Errors


class RecordError(ValueError):
    """A game record is malformed or inconsistent. The message names the file and round."""

    def __init__(self, path: Path | str, message: str, where: str | None = None) -> None:
        self.path = Path(path)
        self.where = where
        self.detail = message
        prefix = f"{path}: {where}: " if where else f"{path}: "
        super().__init__(prefix + message)


class UnsupportedRecordError(ValueError):
    """The file is not in a supported record format (e.g. kobalab "majiang" JSON)."""


# ---------------------------------------------------------------------------------------------
# Data model


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` draws ``tile`` (from the live wall or, after a kan or kita, the dead wall)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    """``seat`` discards ``tile``; ``tsumogiri`` = it was the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool | None


@dataclass(frozen=True, slots=True)
class Call:
    """A meld (or kita). See the module docstring for the tile order."""

    seat: int
    type: CallType
    tiles: tuple[int, ...]
    called: int | None
    from_seat: int | None

    @property
    def added(self) -> int | None:
        """The tile added by a kakan, else None."""
        return self.tiles[-1] if self.type == "kakan" else None


@dataclass(frozen=True, slots=True)
class Riichi:
    """Riichi declared (step 1, before the discard) or accepted (step 2, after it)."""

    seat: int
    step: Literal[1, 2]


@dataclass(frozen=True, slots=True)
class NewDora:
    """A new kan-dora indicator is turned over."""

    tile: int


RecordEvent: TypeAlias = Draw | Discard | Call | Riichi | NewDora


@dataclass(frozen=True, slots=True)
class Win:
    """One winner's result.

    ``hand`` = concealed tiles including the winning tile; ``melds`` = called melds, ankan and
    kita, in the order the record gives them (XML) or they were made (JSON). ``points`` = hand
    value before honba and sticks (3-player tsumo: the sum actually received). ``fu`` is None
    when the record does not state it (JSON from mangan up). ``han`` = sum of the han of the
    yaku list (0 for yakuman hands). ``deltas``/``scores_before`` are full points per seat.
    ``sticks`` = riichi sticks this winner collects (0 for the second winner of a double ron).
    """

    who: int
    from_who: int
    pao_who: int | None
    hand: tuple[int, ...]
    melds: tuple[Call, ...]
    win_tile: int
    fu: int | None
    han: int
    points: int
    limit: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    sticks: int
    deltas: tuple[int, ...]
    scores_before: tuple[int, ...] | None

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


@dataclass(frozen=True, slots=True)
class UnscoredWin:
    """A JSON win entry with no score text and no yaku (a cut-down test excerpt).

    Who won, from whom and the deltas are as written; hand and melds are rebuilt by replay.
    """

    who: int
    from_who: int
    pao_who: int | None
    hand: tuple[int, ...]
    melds: tuple[Call, ...]
    win_tile: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    sticks: int
    deltas: tuple[int, ...]

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


@dataclass(frozen=True, slots=True)
class ExhaustiveOrAbortiveDraw:
    """A round that ended without a win.

    ``tenpai_seats``: for exhaustive draws and nagashi mangan, the seats that were tenpai (XML:
    the seats whose hand is shown; JSON: derived from the noten payments, None when they do not
    tell, i.e. all deltas 0). None for abortive draws. ``revealed`` = hands shown in the XML
    record (tenpai hands, or the kyuushu declarer's hand). ``sticks`` = riichi sticks on the
    table at the end of the round.
    """

    kind: DrawKind
    deltas: tuple[int, ...]
    tenpai_seats: tuple[int, ...] | None
    honba: int
    sticks: int
    scores_before: tuple[int, ...] | None
    revealed: tuple[tuple[int, tuple[int, ...]], ...]


Result: TypeAlias = Win | UnscoredWin | ExhaustiveOrAbortiveDraw


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One kyoku. ``index`` = wind*4 + kyoku-1 as Tenhou gives it (3p: 0,1,2,4,5,6,...)."""

    index: int
    round_wind: int
    kyoku: int
    dealer: int
    honba: int
    sticks: int
    dice: tuple[int, int] | None
    scores: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    events: list[RecordEvent]
    results: list[Result]

    def seat_wind(self, seat: int, players: int) -> int:
        """Seat wind (0=E..3=N) of ``seat`` in this round."""
        return (seat - self.dealer) % players


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """Rule information. ``None`` = the record does not say.

    ``red_fives`` = red 5m, 5p, 5s present. ``go_type``/``lobby`` are the raw XML ``GO``
    attributes; ``json_rule`` the raw JSON ``rule`` object (``display`` is its ``disp``).
    """

    red_fives: tuple[bool, bool, bool]
    kuitan: bool | None
    hanchan: bool | None
    go_type: int | None
    lobby: int | None
    json_rule: dict[str, Any] | None
    display: str | None

    @property
    def has_red_fives(self) -> bool:
        return any(self.red_fives)


@dataclass(frozen=True, slots=True)
class Owari:
    """Final result: points (full units, leftover sticks included) and game scores, per seat."""

    points: tuple[int, ...]
    scores: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    source: Path
    format: RecordFormat
    players: int
    rules: RuleInfo
    names: tuple[str, ...]
    game_id: str | None
    rounds: list[RoundRecord]
    owari: Owari | None


GAME_ID_RE = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")


def read_bytes(path: Path) -> bytes:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise RecordError(path, f"bad gzip data: {exc}") from exc
    return data


def decode_text(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(path, f"not UTF-8 text: {exc}") from exc


# ---------------------------------------------------------------------------------------------
# Small helpers


def attr_ints(path: Path, where: str | None, text: str | None, what: str) -> list[int]:
    if text is None:
        raise RecordError(path, f"missing attribute {what}", where)
    if not text.strip():
        return []
    try:
        return [int(x) for x in text.split(",")]
    except ValueError as exc:
        raise RecordError(path, f"bad integer list in {what}: {text!r}", where) from exc


def attr_floats(path: Path, where: str | None, text: str, what: str) -> list[float]:
    try:
        return [float(x) for x in text.split(",")]
    except ValueError as exc:
        raise RecordError(path, f"bad number list in {what}: {text!r}", where) from exc


def round_label(index: int, honba: int) -> str:
    return f"round {WIND_LETTERS[index // 4 % 4]}{index % 4 + 1}-{honba} (index {index})"


def pad4(values: Sequence[int]) -> tuple[int, ...]:
    out = list(values)[:4]
    return tuple(out + [0] * (4 - len(out)))
