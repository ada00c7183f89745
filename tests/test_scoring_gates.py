"""The yaku gates (``Yaku.needs``) only spare predicates that must fail.

The scorer tests a yaku only when every gate bit it names holds for the hand. A gate that a
predicate does not imply would silently drop that yaku, so here every predicate of every
yaku (house yaku included) is called on every reading of many random complete hands, and
each one that holds must have all its gate bits set.
"""

from __future__ import annotations

import random

from jantaku.rules import load_preset
from jantaku.scoring import RiichiKind, Scorer, WinSituation
from jantaku.scoring.reading import STANDARD, readings
from jantaku.scoring.yaku import ALL_YAKU, Ctx, HandFacts, round_is, seat_is
from jantaku.tiles import Meld, MeldType, Source
from jantaku.tiles.kinds import DRAGONS, N_KINDS, NORTH, WINDS


def _random_hand(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    """Tile ids of a complete standard hand (some sets called), biased to rare patterns."""
    left = [4] * N_KINDS
    pool = rng.choice(
        [
            list(range(N_KINDS)),
            list(range(9)) + list(range(27, 34)),  # one suit and honors
            list(range(9, 18)),  # one suit
            [0, 8, 9, 17, 18, 26, *range(27, 34)],  # terminals and honors
            [*WINDS, *DRAGONS, 0, 9, 18],  # honor heavy
        ]
    )

    def take(k: int, n: int) -> list[int]:
        ids = [k * 4 + 4 - left[k] + i for i in range(n)]
        left[k] -= n
        return ids

    shape = rng.random()
    if shape < 0.1:  # seven pairs
        kinds = rng.sample(sorted(set(pool)) if len(set(pool)) >= 7 else range(N_KINDS), 7)
        return [t for k in kinds for t in take(k, 2)], []
    if shape < 0.13:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        return [*(t for k in orphans for t in take(k, 1)), *take(rng.choice(orphans), 1)], []
    if shape < 0.16:  # nine gates
        base = rng.choice((0, 9, 18))
        need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        need[rng.randrange(9)] += 1
        return [t for i, n in enumerate(need) for t in take(base + i, n)], []
    if shape < 0.2:  # green tiles only
        pool = [19, 20, 21, 23, 25, 32]
    pair = rng.choice([k for k in pool if left[k] >= 2])
    concealed = take(pair, 2)
    melds: list[Meld] = []
    for _ in range(4):
        for _attempt in range(30):
            k = rng.choice(pool)
            run = k < 27 and k % 9 <= 6 and rng.random() < 0.5
            if run and left[k] and left[k + 1] and left[k + 2]:
                tiles = [t for i in range(3) for t in take(k + i, 1)]
                if rng.random() < 0.25:
                    melds.append(Meld(MeldType.CHI, tuple(tiles), Source.LEFT))
                else:
                    concealed += tiles
                break
            if not run and left[k] >= 3:
                r = rng.random()
                if r < 0.15 and left[k] == 4:
                    melds.append(Meld(MeldType.ANKAN, tuple(take(k, 4))))
                elif r < 0.25 and left[k] == 4:
                    melds.append(Meld(MeldType.MINKAN, tuple(take(k, 4)), Source.ACROSS))
                elif r < 0.4:
                    melds.append(Meld(MeldType.PON, tuple(take(k, 3)), Source.RIGHT))
                else:
                    concealed += take(k, 3)
                break
        else:
            return None
    return concealed, melds


def test_every_true_predicate_has_its_gates() -> None:
    rng = random.Random(7)
    options = {
        "scoring": {
            "extra_yaku": [
                "sanrenkou",
                "suurenkou",
                "sanpuu",
                "shousharin",
                "daisharin",
                "manzu_honitsu",
                "open_riichi",
            ],
            "yakuhai_north": True,
            "disabled_yaku": [],
        }
    }
    scorer = Scorer(load_preset("riichi", options))
    ts = scorer.tileset
    checked = held = 0
    for _ in range(6000):
        made = _random_hand(rng)
        if made is None:
            continue
        concealed, melds = made
        tsumo = rng.random() < 0.5
        closed = all(not m.is_open for m in melds)
        sit = WinSituation(
            concealed=tuple(concealed),
            win_tile=rng.choice(concealed),
            tsumo=tsumo,
            melds=tuple(melds),
            seat_wind=rng.choice(WINDS),
            round_wind=rng.choice(WINDS),
            discarder_wind=None if tsumo else NORTH,
            riichi=rng.choice(list(RiichiKind)) if closed else RiichiKind.NONE,
            ippatsu=rng.random() < 0.3,
            rinshan=rng.random() < 0.2,
            chankan=rng.random() < 0.2,
            haitei=rng.random() < 0.2,
            houtei=rng.random() < 0.2,
            first_turn=rng.random() < 0.1,
            tileset=ts,
        )
        conc = [0] * 38
        for t in concealed:
            conc[t >> 2] += 1
        hand = conc[:N_KINDS]
        for m in melds:
            for t in m.tiles:
                hand[t >> 2] += 1
        facts = HandFacts.of(hand)
        gates = (
            facts.gates
            | scorer._situation_gates(sit, closed)
            | seat_is(sit.seat_wind)
            | round_is(sit.round_wind)
        )
        vfu = scorer._value_pair_fu(sit)
        for r in readings(sit, scorer.analyzer, conc):
            c = Ctx(
                sit,
                r,
                hand,
                closed,
                r.trips,
                r.seqs,
                r.kans,
                r.ankou,
                r.form == STANDARD and vfu[r.pair] > 0,
                conc,
                facts,
            )
            for y in ALL_YAKU:
                checked += 1
                if y.test(c):
                    held += 1
                    assert not y.needs & ~gates, (y.id, sit, r)
    assert checked > 50_000 and held > 5_000
