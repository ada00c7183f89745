"""Chance at the table: the walls and the dice.

Every chance outcome is recorded in the event that it decides (a hand's wall, 割れ目 and the
dealer's dice in ``start_kyoku``, サイコロチャンス in ``hora`` and ``ryukyoku``), so a replay
re-applies outcomes and never rolls. :class:`Chance` is where a live game takes them from:
the walls given to it (tests, real-game replays), then the game's seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from jantaku.rules.model import TableRules
from jantaku.tiles.tileset import Tile

from .events import Wall

DEAD_WALL = 14


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
    # The replacement tiles, five dora and five ura indicators (as Tenhou lays them out),
    # then the further indicators a preset needs (gotou: a sixth of each).
    r, x = table.rinshan_tiles, table.indicators - 5
    dora = [*dead[r : r + 5], *dead[r + 10 : r + 10 + x]]
    ura = [*dead[r + 5 : r + 10], *dead[r + 10 + x : r + 10 + 2 * x]]
    return Wall(hands, live, dead[:r], dora, ura, dead[r + 10 + 2 * x :])


class Chance:
    """The walls and dice of a live game: the stacked walls first (each hand takes the next),
    then shuffles and rolls of one generator seeded with the game's seed."""

    def __init__(self, seed: int, walls: Iterable[Wall] | None = None) -> None:
        self._rng = random.Random(seed)
        self._walls: Iterator[Wall] | None = iter(walls) if walls is not None else None

    def stacked_wall(self) -> Wall | None:
        """The next given wall (None: they are used up, shuffle from here on)."""
        if self._walls is None:
            return None
        wall = next(self._walls, None)
        if wall is None:
            self._walls = None
        return wall

    def shuffled(self, tiles: Sequence[Tile]) -> list[Tile]:
        out = list(tiles)
        self._rng.shuffle(out)
        return out

    def die(self) -> int:
        return self._rng.randint(1, 6)

    def dice_chances(self, chances: int) -> list[list[int]]:
        """Roll サイコロチャンス: two dice each, doubles roll again."""
        rolls: list[list[int]] = []
        for _ in range(chances):
            while True:
                roll = [self.die(), self.die()]
                rolls.append(roll)
                if roll[0] != roll[1]:
                    break
        return rolls

    # A replayed log holds its outcomes; the generator moves on as the live game's did, so a
    # game resumed from a partial log (a server restart) goes on as it would have.

    def replayed_hand(self, tiles: int, shuffled: bool, dice: int) -> None:
        if shuffled:
            self._rng.shuffle([0] * tiles)
        for _ in range(dice):
            self.die()

    def replayed_rolls(self, rolls: Sequence[Sequence[int]]) -> None:
        for _ in range(2 * len(rolls)):
            self.die()
