"""The gates (:mod:`jantaku.scoring.gates`) and the yaku that rely on them.

The scorer tests a yaku only when every gate bit it names holds for the hand, and a yaku
without a predicate holds exactly when its bits do. So two things must be true, and both are
checked on many random complete hands (house yaku included):

- the tile bits found by table are the facts a plain reading of the counts gives;
- every yaku holds on a reading exactly when a plain, complete statement of its condition
  says so (for the yaku whose predicate is complete on its own, that predicate): a gate the
  condition does not imply would silently drop the yaku, a missing predicate would add it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from jantaku.rules import load_preset
from jantaku.scoring import RiichiKind, Scorer, WinSituation
from jantaku.scoring.gates import (
    ALL_GREEN,
    ALL_HONOR,
    ALL_SIMPLE,
    ALL_TERMINAL,
    ALL_TOH,
    DRAGONS8,
    DRAGONS9,
    EVEN,
    HONOR,
    NO_MIDDLE,
    ONE_SUIT,
    ORPHANS,
    SAME_NUMBERS,
    SAME_TRIPLES,
    SETS3,
    SETS4,
    STRAIGHT,
    TWIN_RUNS,
    WINDS11,
    WINDS12,
    round_is,
    seat_is,
    tile_gates,
    triple,
)
from jantaku.scoring.reading import CHIITOI, KOKUSHI, STANDARD, readings
from jantaku.scoring.score_parts import situation_gates
from jantaku.scoring.yaku import ALL_YAKU, Ctx
from jantaku.tiles import Meld, MeldType, Source
from jantaku.tiles.kinds import (
    DRAGONS,
    GREEN_KINDS,
    HONORS,
    N_KINDS,
    NORTH,
    TERMINALS_AND_HONORS,
    WINDS,
    is_simple,
)


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


def _counts(tiles: list[int]) -> list[int]:
    """Tiles per kind (38 kinds, flowers included), as the scorer counts them."""
    counts = [0] * 38
    for t in tiles:
        counts[t >> 2] += 1
    return counts


def reference_tile_gates(counts: list[int]) -> int:
    """The tile gate bits, read off the counts plainly (no tables, no bit tricks)."""
    present = [k for k in range(N_KINDS) if counts[k]]
    suits = {k // 9 for k in present if k < 27}
    g = 0
    if any(k >= 27 for k in present):
        g |= HONOR
    if all(is_simple(k) for k in present):
        g |= ALL_SIMPLE
    if not any(is_simple(k) for k in present):
        g |= ALL_TOH
        if all(k < 27 for k in present):
            g |= ALL_TERMINAL
        if all(k >= 27 for k in present):
            g |= ALL_HONOR
        if all(counts[k] for k in TERMINALS_AND_HONORS):
            g |= ORPHANS
    if all(k in GREEN_KINDS for k in present):
        g |= ALL_GREEN
    if len(suits) == 1:
        g |= ONE_SUIT
    if len(suits) == 3:
        if any(all(counts[9 * s + n + i] for s in range(3) for i in range(3)) for n in range(7)):
            g |= SAME_NUMBERS
        if any(all(counts[9 * s + n] >= 3 for s in range(3)) for n in range(9)):
            g |= SAME_TRIPLES
    if any(all(counts[9 * s + n] for n in range(9)) for s in range(3)):
        g |= STRAIGHT
    if not any(counts[9 * s + n] for s in range(3) for n in (3, 4, 5)):
        g |= NO_MIDDLE
    if any(all(counts[9 * s + n + i] >= 2 for i in range(3)) for s in range(3) for n in range(7)):
        g |= TWIN_RUNS
    sets = sum(c // 3 for c in counts[:N_KINDS])
    if sets >= 3:
        g |= SETS3
    if sets >= 4:
        g |= SETS4
    dragons = sum(counts[k] for k in DRAGONS)
    winds = sum(counts[k] for k in WINDS)
    g |= (DRAGONS8 if dragons >= 8 else 0) | (DRAGONS9 if dragons >= 9 else 0)
    g |= (WINDS11 if winds >= 11 else 0) | (WINDS12 if winds >= 12 else 0)
    for h in HONORS:
        if counts[h] >= 3:
            g |= triple(h)
    if all(c % 2 == 0 for c in counts[:N_KINDS]):
        g |= EVEN
    return g


def test_tile_gates_match_the_plain_reading() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(3000):
        made = _random_hand(rng)
        if made is not None:
            counts = _counts(made[0] + [t for m in made[1] for t in m.tiles])[:N_KINDS]
            assert tile_gates(counts) == reference_tile_gates(counts), counts
            checked += 1
    # Arbitrary counts too (wildcards can make a kind's count reach six).
    for _ in range(20000):
        kinds = rng.sample(range(N_KINDS), rng.randrange(0, 12))
        counts = [0] * N_KINDS
        for k in kinds:
            counts[k] = rng.choice((1, 2, 2, 3, 3, 4, 6))
        assert tile_gates(counts) == reference_tile_gates(counts), counts
    assert checked > 2000


def _hand_kinds(c: Ctx) -> list[int]:
    return [k for k in range(N_KINDS) if c.counts[k]]


def _one_suit(c: Ctx) -> bool:
    return len({k // 9 for k in _hand_kinds(c) if k < 27}) == 1


def _has_honor(c: Ctx) -> bool:
    return any(k >= 27 for k in _hand_kinds(c))


def _chiitoi_flush(c: Ctx, honors: bool) -> bool:
    return c.r.form == CHIITOI and c.closed and _one_suit(c) and _has_honor(c) is honors


REFERENCE: dict[str, Callable[[Ctx], bool]] = {
    # Said in full for the yaku whose predicate leaves part of the condition to the gates.
    "menzen_tsumo": lambda c: c.closed and c.sit.tsumo,
    "riichi": lambda c: c.sit.riichi.declared and not c.sit.riichi.is_double,
    "ippatsu": lambda c: c.sit.ippatsu and c.sit.riichi.declared,
    "chankan": lambda c: c.sit.chankan and not c.sit.tsumo,
    "rinshan": lambda c: c.sit.tsumo and c.sit.rinshan,
    "haitei": lambda c: c.sit.tsumo and c.sit.haitei and not c.sit.rinshan,
    "houtei": lambda c: not c.sit.tsumo and c.sit.houtei,
    "double_riichi": lambda c: c.sit.riichi.is_double,
    "open_riichi": lambda c: c.sit.riichi.is_open,
    "tanyao": lambda c: all(is_simple(k) for k in _hand_kinds(c)),
    "chiitoitsu": lambda c: c.r.form == CHIITOI,
    "honitsu": lambda c: _one_suit(c) and _has_honor(c),
    "chinitsu": lambda c: _one_suit(c) and not _has_honor(c),
    "honroutou": lambda c: (
        c.r.form != KOKUSHI and _has_honor(c) and not any(is_simple(k) for k in _hand_kinds(c))
    ),
    "tsuuiisou": lambda c: all(k >= 27 for k in _hand_kinds(c)),
    "ryuuiisou": lambda c: all(k in GREEN_KINDS for k in _hand_kinds(c)),
    "chinroutou": lambda c: all(k < 27 and not is_simple(k) for k in _hand_kinds(c)),
    "suukantsu": lambda c: c.kans == 4,
    "shousharin": lambda c: _chiitoi_flush(c, True),
    "daisharin": lambda c: _chiitoi_flush(c, False),
    "manzu_honitsu": lambda c: (
        _one_suit(c) and _has_honor(c) and any(c.counts[k] for k in range(9))
    ),
}
"""Yaku whose predicate is not their whole condition (or who have none)."""


def test_every_yaku_holds_exactly_when_its_condition_does() -> None:
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
        conc = _counts(concealed)
        hand = _counts([*concealed, *(t for m in melds for t in m.tiles)])[:N_KINDS]
        gates = (
            tile_gates(hand)
            | situation_gates(sit, closed)
            | seat_is(sit.seat_wind)
            | round_is(sit.round_wind)
        )
        vfu = scorer.value_pair_fu(sit)
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
                gates,
            )
            for y in ALL_YAKU:
                checked += 1
                test = REFERENCE.get(y.id, y.test)
                assert test is not None, f"{y.id} has no predicate: say its condition here"
                expected = bool(test(c))
                held += expected
                assert y.holds(c) == expected, (y.id, sit, r)
    assert checked > 50_000 and held > 5_000


def test_a_reading_s_sets_agree_with_its_fields() -> None:
    """``Reading.sets`` is built on demand from the fields the scorer reads: both must tell
    the same hand (kinds, kans, concealed triplets, and the fu the sets add)."""
    rng = random.Random(11)
    scorer = Scorer(load_preset("riichi"))
    seen = 0
    for _ in range(3000):
        made = _random_hand(rng)
        if made is None:
            continue
        concealed, melds = made
        tsumo = rng.random() < 0.5
        sit = WinSituation(
            concealed=tuple(concealed),
            win_tile=rng.choice(concealed),
            tsumo=tsumo,
            melds=tuple(melds),
            discarder_wind=None if tsumo else NORTH,
            tileset=scorer.tileset,
        )
        conc = _counts(concealed)
        for r in readings(sit, scorer.analyzer, conc):
            if r.form != STANDARD:
                continue
            seen += 1
            sets = r.sets
            assert len(sets) == 4
            assert sorted(s.kind for s in sets if not s.seq) == sorted(r.trips)
            assert sorted(s.kind for s in sets if s.seq) == sorted(r.seqs)
            assert sum(s.kan for s in sets) == r.kans
            assert sum(1 for s in sets if s.concealed and not s.seq) == r.ankou
            fu = 0
            for s in sets:
                if not s.seq:
                    f = 8 if s.kind >= 27 or s.kind % 9 in (0, 8) else 4
                    fu += (f if s.concealed else f // 2) * (4 if s.kan else 1)
            assert fu == r.set_fu, (sit, r)
    assert seen > 2000
