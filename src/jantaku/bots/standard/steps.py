"""The standard bot's reading of a hand's next steps: the distance after each discard,
the useful draws after it, and the waits or useful copies of the hands those draws make
(``TWO_STEP``, ``FAR_STEP``), cached by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from jantaku.tiles.kinds import (
    N_KINDS,
    Kind,
)

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.hand import HandAnalyzer


_STEPS_CACHE: dict[bytes, tuple[tuple[Kind, tuple[Kind, ...]], ...]] = {}
"""Per 14-tile concealed hand (keyed by ``_step_key``: a 4枚使い七対子 or a three-player
analyzer reads the same counts otherwise): each discard that leaves it at the target
distance, with the kinds whose draw would then bring it nearer."""


_IMPROVING_CACHE: dict[bytes, tuple[Kind, ...]] = {}
"""``improving`` by the 13-tile hand: a hand after a discard ``j`` of ``H - k + u`` is
``H - k - j + u``, the same for the discard pair (``k``, ``j``) as for (``j``, ``k``), so
the two-step reading of one turn's candidate discards meets most of these hands twice."""


def _step_key(an: HandAnalyzer, counts: list[int], n_melds: int, target: int) -> bytes:
    """The step caches' key: the hand, its calls' count, the target distance and the
    analyzer's kind (one process may play several presets; see ``_STEPS_CACHE``)."""
    return bytes(counts) + bytes((n_melds, target, an.three_player, an.chiitoi_four))


def improving(an: HandAnalyzer, counts: list[int], n_melds: int, target: int) -> tuple[Kind, ...]:
    """The kinds whose draw brings a 13-tile hand (``counts``) below ``target`` from
    complete (cached)."""
    key = _step_key(an, counts, n_melds, target)
    got = _IMPROVING_CACHE.get(key)
    if got is None:
        after = an.draw_distances(counts, n_melds)
        got = tuple(w for w in range(N_KINDS) if after[w] < target)
        if len(_IMPROVING_CACHE) > 200_000:
            _IMPROVING_CACHE.clear()
        _IMPROVING_CACHE[key] = got
    return got


def discards_to(
    an: HandAnalyzer, counts: list[int], n_melds: int, target: int
) -> tuple[tuple[Kind, tuple[Kind, ...]], ...]:
    """The discards of a 14-tile hand that leave it ``target`` from complete, each with the
    kinds whose draw would then bring it nearer (cached)."""
    key = _step_key(an, counts, n_melds, target)
    got = _STEPS_CACHE.get(key)
    if got is not None:
        return got
    held = [k for k in range(N_KINDS) if counts[k]]
    dist = discard_distances(an, counts, n_melds, held)
    out: list[tuple[Kind, tuple[Kind, ...]]] = []
    for j in held:
        if dist[j] != target:
            continue
        counts[j] -= 1
        out.append((j, improving(an, counts, n_melds, target)))
        counts[j] += 1
    res = tuple(out)
    if len(_STEPS_CACHE) > 200_000:
        _STEPS_CACHE.clear()
    _STEPS_CACHE[key] = res
    return res


def tenpai_quality(
    an: HandAnalyzer,
    counts: list[int],
    n_melds: int,
    useful: list[Kind],
    live_left: list[int],
    river: set[Kind],
    discarded: Kind,
) -> float:
    """For a 13-tile hand one step from ready (``counts``, after ``discarded``): the live
    winning copies of the best ready hand each useful draw makes, averaged over the draws
    by their live copies (a furiten wait counts a third: tsumo only)."""
    total = 0.0
    n = 0
    for u in useful:
        lu = live_left[u]
        if lu <= 0:
            continue
        counts[u] += 1
        best = 0
        for j, waits in discards_to(an, counts, n_melds, 1):
            lv = 0
            furiten = False
            for w in waits:
                lv += live_left[w] - (1 if w == u else 0)
                if w in (j, discarded) or w in river:
                    furiten = True
            if furiten:
                lv //= 3
            if lv > best:
                best = lv
        counts[u] -= 1
        total += lu * best
        n += lu
    return total / n if n else 0.0


def step_quality(
    an: HandAnalyzer,
    counts: list[int],
    n_melds: int,
    dist: int,
    useful: list[Kind],
    live_left: list[int],
) -> float:
    """For a 13-tile hand ``dist`` from complete (``counts``): the live useful copies of
    the best hand one step nearer that each useful draw makes, averaged over the draws by
    their live copies."""
    total = 0.0
    n = 0
    for u in useful:
        lu = live_left[u]
        if lu <= 0:
            continue
        counts[u] += 1
        best = 0
        for _, draws in discards_to(an, counts, n_melds, dist - 1):
            lv = 0
            for v in draws:
                lv += live_left[v]
            if lv > best:
                best = lv
        counts[u] -= 1
        total += lu * best
        n += lu
    return total / n if n else 0.0


def dist_minus(an: HandAnalyzer, counts: list[int], kind: Kind, melds: int) -> int:
    counts[kind] -= 1
    d = an.distance(counts, melds)
    counts[kind] += 1
    return d


def discard_distances(
    an: HandAnalyzer, counts: list[int], n_melds: int, kinds: Iterable[Kind]
) -> dict[Kind, int]:
    """The distance of the hand after discarding each of ``kinds`` (a 14-tile hand), from
    :meth:`HandAnalyzer.discard_distances` (one scan). A flower is not a hand kind: the
    hand's distance does not change."""
    after = an.discard_distances(counts, n_melds)
    out: dict[Kind, int] = {}
    for k in kinds:
        out[k] = after[k] if k < N_KINDS else an.distance(counts, n_melds)
    return out


def useful_draws(
    view: SeatView, counts: list[int], n_melds: int, base: int, copies: list[int]
) -> list[Kind]:
    """Kinds whose draw lowers the distance ``base`` of a 13-tile hand (one
    ``HandAnalyzer.draw_distances`` pass, as the baseline's; ``copies``: the tile set's
    copies of each kind)."""
    after = view.analyzer.draw_distances(counts, n_melds)
    return [k for k in range(N_KINDS) if after[k] < base and counts[k] < copies[k]]
