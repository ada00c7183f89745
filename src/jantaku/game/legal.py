"""What a seat may do now: turn actions, responses to a discard or a kan, discard choices,
riichi kinds, furiten and the waits they rest on. Nothing here changes the game: what it
measures of a hand is kept in :mod:`~jantaku.game.caches`."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from jantaku.scoring.score import NotAWin
from jantaku.scoring.situation import RiichiKind
from jantaku.tiles.kinds import N_KINDS, N_NUMBER_KINDS, TERMINALS_AND_HONORS, Kind
from jantaku.tiles.notation import MeldType
from jantaku.tiles.tileset import FLOWER_ID_BASE, Tile, TileSet, Variant, tile_kind

from . import situation
from .actions import Action, ActionType, LegalActions
from .player import Player, counts

if TYPE_CHECKING:
    from .engine import State


# -- waits and furiten ----------------------------------------------------------------------


def waits(st: State, p: Player, hand: list[Tile]) -> frozenset[Kind]:
    """The kinds that complete ``hand`` with ``p``'s calls (none while it holds a flower or
    other tile that can never stand in a hand)."""
    c = counts(hand)
    game = st.game
    air = game.air
    if air and any(c[k] for k in air):
        return frozenset()
    # Most hands have no called set: no need to count called tiles.
    called = p.called_counts() if p.melds else None
    # The same hand is asked about at every discard of the others: remember it.
    key = (bytes(c), len(p.melds), bytes(called) if called is not None else b"")
    memo = game.waits_memo
    hit = memo.get(key)
    if hit is None:
        w = game.analyzer.waits(c, len(p.melds), game.wildcards, called)
        hit = memo[key] = frozenset(w.kinds)
    return hit


def hand_waits(st: State, seat: int) -> frozenset[Kind]:
    """The waits of the seat's hand as it is (cached until the hand changes)."""
    c = st.caches.seats[seat]
    if c.waits is None:
        c.waits = waits(st, st.players[seat], st.players[seat].hand)
    return c.waits


def furiten(st: State, seat: int, tile: Tile | None = None) -> bool:
    """Whether ``seat`` may not ron (``tile``: the tile offered, for per-tile furiten)."""
    p = st.players[seat]
    if p.furiten_temp or p.furiten_riichi:
        return True
    if st.game.table.per_tile_furiten and tile is not None:
        return tile_kind(tile) in p.discarded_kinds
    return bool(hand_waits(st, seat) & p.discarded_kinds)


def pochi(st: State, winner: int, target: int, tile: Tile) -> bool:
    """白ぽっち drawn after riichi: a wildcard (gotou), so the hand wins whatever it is."""
    return (
        winner == target
        and st.game.dot_white_wild
        and st.players[winner].riichi.declared
        and st.game.tileset.variant(tile) is Variant.DOT
    )


def must_win(st: State, p: Player) -> bool:
    """A riichi player who may not pass a win (mighty, kanto-boo)."""
    table = st.game.table
    if not (table.riichi_must_win and p.riichi.declared):
        return False
    return not (p.riichi.is_open and table.open_riichi_may_pass)


def can_win(
    st: State,
    winner: int,
    target: int,
    tile: Tile,
    chankan: bool = False,
    kokushi_only: bool = False,
) -> bool:
    """Whether the hand wins on ``tile`` (a yaku, and nothing the ledger refuses)."""
    p = st.players[winner]
    if winner == target:
        cache = st.caches.seats[winner]
        if tile == p.drawn and cache.drawn_waits is not None:
            w = cache.drawn_waits
        else:
            before = list(p.hand)
            before.remove(tile)
            w = waits(st, p, before)
            if tile == p.drawn:
                cache.drawn_waits = w
    else:
        w = hand_waits(st, winner)
    if tile_kind(tile) not in w and not pochi(st, winner, target, tile):
        return False  # not even complete: no need to score it
    try:
        result = st.game.scorer.score(situation.win(st, winner, target, tile, chankan))
    except NotAWin:
        return False
    if kokushi_only and not any(y.id.startswith("kokushi") for y in result.yaku):
        return False
    return st.ledger.refusal(winner, None if winner == target else target, result) is None


def ron_allowed(
    st: State, seat: int, actor: int, tile: Tile, chankan: bool = False, kokushi_only: bool = False
) -> bool:
    """Whether ``seat`` may ron ``actor``'s tile: not furiten (or a kokushi that may ron
    while furiten on a tile it never discarded, where the preset allows it), and a win."""
    if furiten(st, seat, tile):
        if not (
            st.game.table.kokushi_furiten_ron
            and tile_kind(tile) not in st.players[seat].discarded_kinds
        ):
            return False
        kokushi_only = True
    return can_win(st, seat, actor, tile, chankan=chankan, kokushi_only=kokushi_only)


# -- a seat's turn ----------------------------------------------------------------------------


def legal_actions(st: State, seat: int) -> LegalActions:
    """The actions ``seat`` may take now (empty when it is not theirs to act)."""
    ts = st.game.tileset
    if st.phase == "response":
        if seat in st.responses or seat not in st.options:
            return LegalActions([], ts)
        return st.options[seat]
    if st.phase != "turn" or seat != st.turn:
        return LegalActions([], ts)
    # A bot asks, then apply asks again: compute once per event.
    caches = st.caches
    if caches.legal is not None and caches.legal_seat == seat:
        return caches.legal
    turn = turn_actions(st, seat)
    legal = turn if isinstance(turn, LegalActions) else LegalActions(turn, ts)
    caches.legal, caches.legal_seat = legal, seat
    return legal


def turn_actions(st: State, seat: int) -> list[Action] | LegalActions:
    p = st.players[seat]
    game = st.game
    table = game.table
    out: list[Action] = []
    hand = p.hand
    c = counts(hand)
    drawn = p.drawn
    wall_left = st.max_draws - st.draws
    w = st.wall
    # A flower or nuki-dora is set aside with a replacement draw; on the last live tile too
    # where the preset says so (never discarded then, riichi or not).
    can_extract = wall_left > 0 or (table.extract_last_tile and bool(w.rinshan or w.live or w.rest))
    if drawn is not None and game.air_sorted and can_extract:
        air = [k for k in game.air_sorted if c[k]]
        if air:
            # A flower (or mighty's 5m) is set aside at once: nothing else is legal.
            return [
                Action(ActionType.KITA, seat, next(t for t in hand if tile_kind(t) == k))
                for k in air
            ]
    if drawn is not None and can_win(st, seat, seat, drawn):
        win = Action(ActionType.TSUMO, seat, drawn)
        if pochi(st, seat, seat, drawn) or must_win(st, p):
            return [win]
        out.append(win)
    first = drawn is not None and not p.has_discarded and not st.calls_seen
    if first and table.nine_terminals and sum(1 for k in TERMINALS_AND_HONORS if c[k]) >= 9:
        out.append(Action(ActionType.NINE_TERMINALS, seat))
    keep = game.undiscardable
    declared = p.riichi.declared
    if drawn is not None and len(st.kan_owners) < 4 and wall_left >= game.kan_needs_draws:
        for k in range(N_KINDS):
            if c[k] == 4 and k not in keep:
                tiles = tuple(t for t in hand if tile_kind(t) == k)
                if declared and (
                    table.riichi_ankan == "forbidden" or not ankan_keeps_waits(st, p, k)
                ):
                    continue
                out.append(Action(ActionType.ANKAN, seat, None, tiles))
        if not declared:
            for m in p.melds:
                if m.type is MeldType.PON and c[m.kind]:
                    for t in hand:
                        if tile_kind(t) == m.kind:
                            out.append(Action(ActionType.KAKAN, seat, t))
    extractable = game.extractable
    if drawn is not None and extractable and can_extract:
        done: set[Kind] = set()
        for t in hand:
            k = tile_kind(t)
            if k in extractable and k not in done:
                done.add(k)
                out.append(Action(ActionType.KITA, seat, t))
    if declared:
        if table.riichi_ankan == "mandatory" and any(a.type is ActionType.ANKAN for a in out):
            return out  # the kan is required (with a win, the player may take it instead)
        kita = any(a.type is ActionType.KITA for a in out)
        if drawn is not None and not (kita and tile_kind(drawn) in keep):
            out.append(Action(ActionType.DISCARD, seat, drawn))
        return out
    closed = all(not m.is_open for m in p.melds)
    discards = discard_choices(st, seat)
    # The shanten decides riichi. Without wildcards it is measured at every turn: at 1 or
    # more, the fold knows the hand after the discard has no waits to look for.
    shanten = measure_shanten(st, seat, c) if not game.wildcards else None
    can_riichi = (
        closed
        and drawn is not None
        and (shanten is None or shanten <= 0)  # most turns: no riichi, no knob read
        and (
            table.riichi_below_zero
            or st.ledger.state.scores[seat] >= game.preset.scoring.riichi_stick
        )
        and (wall_left >= st.seats or table.riichi_without_draws)
        and (measure_shanten(st, seat, c) if shanten is None else shanten) <= 0
    )
    rkinds = riichi_kinds(st, seat) if can_riichi else ()
    if not rkinds:  # the plain discards come last: built only when a bot asks for them
        return LegalActions(out, game.tileset, seat, discards)
    for t in discards:
        out.append(Action(ActionType.DISCARD, seat, t))
        rest = list(p.hand)
        rest.remove(t)
        wt = waits(st, p, rest)
        if not wt:
            continue
        is_furiten = bool(wt & (p.discarded_kinds | {tile_kind(t)}))
        for rtype in rkinds:
            is_open = rtype in (ActionType.OPEN_RIICHI, ActionType.OPEN_SHUBA_RIICHI)
            if is_furiten and table.furiten_riichi == "forbidden":
                continue
            if is_furiten and table.furiten_riichi == "open_only" and not is_open:
                continue
            out.append(Action(rtype, seat, t))
    return out


def measure_shanten(st: State, seat: int, c: list[int]) -> int:
    """The shanten of the hand at its turn (``c``: its counts), kept in the seat's cache: at
    1 or more, the hand after the discard is known to have no waits."""
    game = st.game
    s = game.analyzer.shanten(c, len(st.players[seat].melds), game.wildcards)
    st.caches.seats[seat].shanten = s
    return s


def riichi_kinds(st: State, seat: int) -> tuple[ActionType, ...]:
    """The kinds of riichi ``seat`` may declare now (if the hand allows one)."""
    table = st.game.table
    kinds = [ActionType.RIICHI]
    can_open = table.open_riichi
    third = table.third_riichi_open
    if can_open and third != "allowed":
        # «3件目オープンリーチ不可»: riichi of any kind count, or only open ones.
        earlier = [q.riichi for q in st.players if q.riichi.declared]
        if third == "allowed_unless_two_open":
            earlier = [r for r in earlier if r.is_open]
        can_open = len(earlier) < 2
    if can_open:
        kinds.append(ActionType.OPEN_RIICHI)
    shuba = st.game.preset.game.shuba_stick
    affordable = table.riichi_below_zero or st.ledger.state.scores[seat] >= shuba
    if shuba and affordable and seat not in st.ledger.state.shuba:
        kinds.append(ActionType.SHUBA_RIICHI)
        if can_open:
            kinds.append(ActionType.OPEN_SHUBA_RIICHI)
    return tuple(kinds)


def deal_in_kinds(st: State, seat: int) -> frozenset[Kind]:
    """Kinds whose discard by ``seat`` would deal in to an open riichi (gotou refuses them
    unless every discard would)."""
    if not st.game.open_riichi_guarded:
        return frozenset()
    out: set[Kind] = set()
    for q, other in enumerate(st.players):
        if q == seat or not other.riichi.is_open:
            continue
        for k in waits(st, other, other.hand):
            tile = k * 4 if k < N_KINDS else FLOWER_ID_BASE + k - N_KINDS
            if not furiten(st, q, tile):
                out.add(k)
    return frozenset(out)


def discard_choices(st: State, seat: int) -> list[Tile]:
    """One tile per face the seat may discard (not a flower or other kept tile, not a
    swap-call kind, not a deal-in to an open riichi unless nothing else is left)."""
    p = st.players[seat]
    keep = st.game.undiscardable
    face_bit = st.game.face_bit
    seen = 0
    faces: list[Tile] = []  # the first copy of each face in the hand
    for t in p.hand:
        bit = face_bit[t]
        if not seen & bit:
            seen |= bit
            faces.append(t)
    forbidden = p.forbidden_kinds
    choices = _allowed(faces, forbidden | keep if forbidden else keep)
    if not choices:
        choices = _allowed(faces, keep) or faces
    danger = deal_in_kinds(st, seat)
    if danger:
        safe = [t for t in choices if tile_kind(t) not in danger]
        if safe:
            return safe
    return choices


def _allowed(faces: list[Tile], banned: frozenset[Kind]) -> list[Tile]:
    if not banned:
        return faces
    return [t for t in faces if tile_kind(t) not in banned]


def ankan_keeps_waits(st: State, p: Player, kind: Kind) -> bool:
    """A closed kan after riichi keeps the waits (as the preset measures them)."""
    if p.drawn is None or tile_kind(p.drawn) != kind:
        return False
    before = list(p.hand)
    before.remove(p.drawn)
    after = [t for t in p.hand if tile_kind(t) != kind]
    now, then = waits(st, p, before), waits_with_kan(st, p, after, kind)
    if st.game.table.riichi_ankan_waits == "same_count":
        return len(now) == len(then) > 0
    return now == then


def waits_with_kan(st: State, p: Player, hand: list[Tile], kind: Kind) -> frozenset[Kind]:
    """The waits of ``hand`` once the four of ``kind`` are a closed kan."""
    called = p.called_counts()
    called[kind] = called[kind] + 4
    game = st.game
    w = game.analyzer.waits(counts(hand), len(p.melds) + 1, game.wildcards, called)
    return frozenset(w.kinds)


# -- responses to a discard, an added kan or a kita -------------------------------------------


def compute_options(st: State) -> dict[int, LegalActions]:
    """Who may respond to the discard or added kan just made, and how (fixed when it is
    made: passing a ron does not change the others' choices)."""
    out = {}
    ts = st.game.tileset
    seats = st.in_hand
    if st.robbed is None and st.last_discard is not None:
        # Most seats can do nothing with most discards: skip them before building anything
        # (not a wait, and no call possible).
        actor, tile = st.last_discard
        kind = tile_kind(tile)
        seats = []
        for s in st.in_hand:
            if s == actor:
                continue
            known = st.caches.seats[s].waits
            w = known if known is not None else hand_waits(st, s)
            if kind in w or may_call(st, s, actor, kind):
                seats.append(s)
    for s in seats:
        opts = response_options(st, s)
        if opts:
            out[s] = LegalActions(opts, ts)
    return out


def response_options(st: State, seat: int) -> list[Action]:
    out: list[Action] = []
    if st.robbed is not None:
        actor, tile, kind = st.robbed
        if seat != actor and ron_allowed(
            st, seat, actor, tile, chankan=kind == "kakan", kokushi_only=kind == "ankan"
        ):
            out.append(Action(ActionType.RON, seat, tile))
    elif st.last_discard is not None:
        actor, tile = st.last_discard
        if seat != actor:
            out = discard_responses(st, seat, actor, tile)
    if out:
        ron = out[0].type is ActionType.RON
        if ron and must_win(st, st.players[seat]):
            out = out[:1]  # a riichi player who must take the win
        else:
            out.append(Action(ActionType.PASS, seat))
    return out


def chi_seat(st: State, seat: int, actor: int, kind: Kind) -> bool:
    """Chi is taken from the player on one's left only, of a suit tile, at four."""
    return st.seats == 4 and seat == (actor + 1) % 4 and kind < N_NUMBER_KINDS


def may_call(st: State, seat: int, actor: int, kind: Kind) -> bool:
    """Whether ``seat`` could pon, kan or chi ``actor``'s discard of ``kind`` at all (cheap:
    asked of every seat at every discard, before any action is built)."""
    p = st.players[seat]
    if p.riichi is not RiichiKind.NONE or st.draws >= st.max_draws:
        return False
    if kind in st.game.undiscardable:
        return False  # gotou: a north is never ponned
    cache = st.caches.seats[seat]
    if cache.pon_mask(p.hand) >> kind & 1:
        return True
    return chi_seat(st, seat, actor, kind) and cache.chi_mask(p.hand) >> kind & 1 == 1


def discard_responses(st: State, seat: int, actor: int, tile: Tile) -> list[Action]:
    p = st.players[seat]
    out: list[Action] = []
    kind = tile_kind(tile)
    cache = st.caches.seats[seat]
    w = cache.waits if cache.waits is not None else hand_waits(st, seat)
    if kind in w and ron_allowed(st, seat, actor, tile):
        out.append(Action(ActionType.RON, seat, tile))
    if not may_call(st, seat, actor, kind):
        return out
    chi = chi_seat(st, seat, actor, kind) and cache.chi_mask(p.hand) >> kind & 1 == 1
    # One pass over the hand for pon and chi partners (most discards have none). ``t >> 2``
    # is a hand tile's kind, and never equals a discard's kind for a flower.
    same: list[Tile] = []
    near: dict[Kind, list[Tile]] = {}
    for t in p.hand:
        k = t >> 2
        if k == kind:
            same.append(t)
        elif chi and kind - 2 <= k <= kind + 2:
            near.setdefault(k, []).append(t)
    ts = st.game.tileset
    if len(same) >= 2:
        for pair in distinct_combos(same, 2, ts):
            out.append(Action(ActionType.PON, seat, tile, pair))
    if (
        len(same) >= 3
        and len(st.kan_owners) < 4
        and st.max_draws - st.draws >= st.game.table.kan_needs_draws
    ):
        out.append(Action(ActionType.DAIMINKAN, seat, tile, tuple(same)))
    if near:
        n = kind % 9
        for lo in (kind - 2, kind - 1, kind):
            if lo < kind - n or lo + 2 > kind - n + 8:
                continue
            need = [k for k in (lo, lo + 1, lo + 2) if k != kind]
            a, b = near.get(need[0]), near.get(need[1])
            if not a or not b:
                continue
            for x in distinct_combos(a, 1, ts):
                for y in distinct_combos(b, 1, ts):
                    out.append(Action(ActionType.CHI, seat, tile, (*x, *y)))
    return out


def distinct_combos(tiles: list[Tile], n: int, ts: TileSet) -> list[tuple[Tile, ...]]:
    """One combination per distinct multiset of faces (copies of a face are the same)."""
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[Tile, ...]] = []
    faces = ts.faces
    for combo in combinations(tiles, n):
        key = tuple(sorted([faces[t] for t in combo]))
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out
