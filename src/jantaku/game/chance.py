"""Chance at the table: the walls and the dice.

Chance is explicit: every outcome is recorded in the event it decides (a hand's wall, 割れ目
and the dealer's dice in ``start_kyoku``, サイコロチャンス in ``hora`` and ``ryukyoku``), so a
replay re-applies outcomes and never rolls. :class:`Chance` is where a live game takes them
from: the walls given to it (tests, real-game replays), then a generator of each hand's own,
seeded from the game's seed and the hand's index; :class:`RecordedChance` gives a log's own
outcomes back (a recorded game played again).

>>> c = Chance(7)
>>> c.dice_chances(3, 0, 1) == Chance(7).dice_chances(3, 0, 1)  # no state carried over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from jantaku.rules.model import TableRules
from jantaku.tiles.tileset import Tile

from .events import Hora, Ryukyoku, StartKyoku
from .wall import Json, Wall

DEAD_WALL = 14


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0, the same number from the same generator, without
    going through the interpreted ``random`` module (a bot asks once per decision).

    >>> randbelow(random.Random(3), 10) == random.Random(3).randrange(10)
    True
    """
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, tiles: list[Tile]) -> None:
    """``rng.shuffle(tiles)``: the same order from the same generator (Fisher-Yates from the
    end, as CPython does), compiled with the engine.

    >>> a, b = list(range(136)), list(range(136))
    >>> shuffle(random.Random("x"), a); random.Random("x").shuffle(b); a == b
    True
    """
    for i in range(len(tiles) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]


def deal(
    tiles: Sequence[Tile],
    people: int,
    seats: int,
    hand_size: int,
    sitting_out: int | None,
    table: TableRules,
) -> Wall:
    """Lay out a shuffled set of tiles as a wall: the hands (none for who sits out), the live
    wall, then the dead wall's replacement tiles and indicators."""
    hands: list[list[Tile]] = []
    for person in range(people):
        if person == sitting_out:
            hands.append([])
        else:
            i = len(hands) - (sitting_out is not None and person > sitting_out)
            hands.append(list(tiles[hand_size * i : hand_size * (i + 1)]))
    rest = list(tiles[hand_size * seats :])
    dead, live = rest[: table.dead_wall], rest[table.dead_wall :]
    r = table.rinshan_tiles
    if table.kan_indicators_from_live:
        # The replacement tiles, then the stacks turned at the start (indicators, then their
        # ura); a kan's indicator stack is taken from the live wall's end when it is turned.
        k = table.indicators
        return Wall(
            hands, live, dead[:r], dead[r : r + k], dead[r + k : r + 2 * k], dead[r + 2 * k :]
        )
    # The replacement tiles, five dora and five ura indicators (as Tenhou lays them out),
    # then the further indicators a preset needs.
    x = table.indicators - 5
    dora = [*dead[r : r + 5], *dead[r + 10 : r + 10 + x]]
    ura = [*dead[r + 5 : r + 10], *dead[r + 10 + x : r + 10 + 2 * x]]
    return Wall(hands, live, dead[:r], dora, ura, dead[r + 10 + 2 * x :])


@dataclass
class HandStart:
    """The chance of a hand's start: its wall, 割れ目 and the dealer's dice."""

    wall: Wall
    stacked: bool
    """The wall was given, not shuffled."""
    wareme: int | None = None
    """The person 割れ目 picked (None: the preset has no 割れ目)."""
    dice: list[int] | None = None
    """The dealer's two dice (None: the preset rolls none)."""


class Chance:
    """The walls and dice of a live game: the stacked walls first (each hand takes the next),
    then shuffles and rolls from a generator of the hand's own, seeded from the game's seed
    and the hand's index. Any hand's chance is known without playing the hands before it (a
    game resumed from its log goes on without re-rolling anything)."""

    def __init__(self, seed: int, walls: Iterable[Wall] | None = None) -> None:
        self.seed = seed
        self._walls: Iterator[Wall] | None = iter(walls) if walls is not None else None

    def _rng(self, hand: int, what: str) -> random.Random:
        # A string seed is hashed (SHA-512): the same on every machine and Python run.
        return random.Random(f"jantaku/{self.seed}/{hand}/{what}")

    def start(
        self,
        hand: int,
        lay: Callable[[list[Tile]], Wall],
        tiles: Sequence[Tile],
        order: Sequence[int],
        wareme: bool,
        dice: bool,
    ) -> HandStart:
        """The chance of hand number ``hand`` (0: the game's first): ``lay`` lays shuffled
        ``tiles`` out as a wall; ``order`` is the hand's persons from the dealer (割れ目 counts
        one die round them)."""
        rng = self._rng(hand, "start")
        wall = next(self._walls, None) if self._walls is not None else None
        stacked = wall is not None
        if wall is None:
            self._walls = None  # the stacked walls are used up: shuffle from here on
            shuffled = list(tiles)
            shuffle(rng, shuffled)
            wall = lay(shuffled)
        out = HandStart(wall, stacked)
        if wareme:
            # 割れ目: one die picks the seat by wind (1/4 east, 2/5 south, 3/6 west).
            out.wareme = order[(rng.randint(1, 6) - 1) % len(order)]
        if dice:
            out.dice = [rng.randint(1, 6), rng.randint(1, 6)]
        return out

    def dice_chances(self, hand: int, k: int, chances: int) -> list[list[int]]:
        """Roll サイコロチャンス (the ``k``-th roll of hand ``hand``): two dice each, doubles
        roll again."""
        rng = self._rng(hand, f"dice{k}")
        rolls: list[list[int]] = []
        for _ in range(chances):
            while True:
                roll = [rng.randint(1, 6), rng.randint(1, 6)]
                rolls.append(roll)
                if roll[0] != roll[1]:
                    break
        return rolls


class RecordedChance(Chance):
    """The chance outcomes a log recorded, hand by hand: a game played again from them and
    the same decisions gives the same log (tests/game/test_golden.py)."""

    def __init__(self, seed: int, events: Sequence[Json]) -> None:
        super().__init__(seed)
        self.starts: list[Json] = []
        self.rolls: list[list[list[list[int]]]] = []
        for ev in events:
            kind = ev.get("type")
            if kind == StartKyoku.TYPE:
                self.starts.append(ev)
                self.rolls.append([])
            elif kind == Hora.TYPE and ev.get("dice"):
                self.rolls[-1].append(ev["dice"])
            elif kind == Ryukyoku.TYPE:
                self.rolls[-1] += [rolls for _, rolls in ev.get("nagashi_dice", [])]

    def start(
        self,
        hand: int,
        lay: Callable[[list[Tile]], Wall],
        tiles: Sequence[Tile],
        order: Sequence[int],
        wareme: bool,
        dice: bool,
    ) -> HandStart:
        ev = self.starts[hand]
        return HandStart(
            Wall.from_json(ev["wall"]), bool(ev.get("stacked")), ev.get("wareme"), ev.get("dice")
        )

    def dice_chances(self, hand: int, k: int, chances: int) -> list[list[int]]:
        return self.rolls[hand][k]
