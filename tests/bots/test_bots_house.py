"""The baseline bot's house actions, on stacked walls: which kind of riichi it declares
(open riichi, シュバリー) and when it keeps a gotou north for an honour yakuman."""

from __future__ import annotations

from dataclasses import replace

import pytest

from jantaku.bots import BaselineBot, SeatView
from jantaku.game import Action, ActionType, Game, State
from jantaku.tiles import tileset
from jantaku.tiles.kinds import N_ALL_KINDS, N_KINDS, NORTH
from jantaku.tiles.notation import parse_tiles
from jantaku.tiles.tileset import tile_kind
from support.positions import with_shuba_out
from support.walls import pass_all, stacked, tile, tsumogiri


def choice(state: State, seat: int) -> Action:
    legal = state.legal_actions(seat)
    action = BaselineBot().choose(SeatView.of(state, seat), seat, legal)
    assert action in legal
    return action


def dealer(preset: str, hand: str, draw: str, dora: str = "8p8p") -> State:
    """The dealer holds ``hand`` and has drawn ``draw`` (dora indicators fixed, so that no
    wait is hidden among them)."""
    return Game(preset).new_state([stacked(preset, [hand], live=draw, dora=dora)])


def riichi_kinds(state: State, seat: int) -> set[ActionType]:
    return {a.type for a in state.legal_actions(seat) if a.type.is_riichi}


# -- open riichi ------------------------------------------------------------------------------


def test_gotou_open_riichi_on_a_strong_wait() -> None:
    # 1s-4s two-sided wait, eight live copies, the wall full: open (nobody may deal in).
    state = dealer("gotou", "123p456p789s11z23s", "7z")
    assert ActionType.OPEN_RIICHI in riichi_kinds(state, 0)
    a = choice(state, 0)
    assert a.type is ActionType.OPEN_RIICHI
    assert a.tile is not None and tile_kind(a.tile) == tile_kind(tile(state, 0, "7z"))


def test_gotou_plain_riichi_on_a_thin_wait() -> None:
    # The 2s closed wait: four live copies at most.
    state = dealer("gotou", "123p456p789s11z13s", "7z")
    assert {ActionType.RIICHI, ActionType.OPEN_RIICHI} <= riichi_kinds(state, 0)
    a = choice(state, 0)
    assert a.type is ActionType.RIICHI
    assert a.tile is not None and tile_kind(a.tile) == tile_kind(tile(state, 0, "7z"))


def test_gotou_open_riichi_counts_the_copies_it_sees() -> None:
    # 1s-4s again, with a 4s in the hand and 1s 4s as the dora indicators: five live.
    state = dealer("gotou", "123p456p234s23s11z", "7z", dora="1s4s")
    assert ActionType.OPEN_RIICHI in riichi_kinds(state, 0)
    assert choice(state, 0).type is ActionType.RIICHI


def test_gotou_plain_riichi_when_few_draws_are_left() -> None:
    # The 1s-4s wait of the open riichi above, reached with two draws of its own left: every
    # draw is discarded (none a 1s or 4s, a north or a flower) until the dealer's 17th, a
    # 7z, the 49th of gotou's 57 live draws. An open riichi would now only tsumo.
    wall = stacked("gotou", ["123p456p789s11z23s"])
    ts = tileset("gotou")
    waits = {tile_kind(parse_tiles(n, ts)[0]) for n in ("1s", "4s")}
    keep = waits | {NORTH, *range(N_KINDS, N_ALL_KINDS)}
    seven = next(t for t in wall.live if tile_kind(t) == tile_kind(parse_tiles("7z", ts)[0]))
    junk = [t for t in wall.live if tile_kind(t) not in keep and t != seven]
    rest = [t for t in wall.live if tile_kind(t) in keep]
    other = list(wall.hands[1])
    while len(junk) < 48:  # seat 1 gives plain tiles for 1s/4s it keeps unseen
        i = next(i for i, t in enumerate(other) if tile_kind(t) not in keep)
        j = next(j for j, t in enumerate(rest) if tile_kind(t) in waits)
        junk.append(other[i])
        other[i] = rest.pop(j)
    hands = [wall.hands[0], other, *wall.hands[2:]]
    live = [*junk[:48], seven, *junk[48:], *rest]
    state = Game("gotou").new_state([replace(wall, hands=hands, live=live)])
    for _ in range(16):
        for seat in (0, 1, 2):
            tsumogiri(state, seat)
    assert state.players[0].drawn == seven
    assert SeatView.of(state, 0).wall_left == 8
    assert ActionType.OPEN_RIICHI in riichi_kinds(state, 0)
    assert choice(state, 0).type is ActionType.RIICHI


def test_mighty_open_riichi_on_a_wide_wait() -> None:
    # 123p 456p 789s 11z 9p + the wildcard, discarding 7z: waits 1z 7p 8p 9p.
    state = dealer("mighty", "123p456p789s11z9p", "7z")
    assert {ActionType.RIICHI, ActionType.OPEN_RIICHI} <= riichi_kinds(state, 0)
    assert choice(state, 0).type is ActionType.OPEN_RIICHI


def test_riichi_preset_still_declares_plain_riichi() -> None:
    state = dealer("riichi", "123m456m789m11p23s", "7z", dora="8p")
    a = choice(state, 0)
    assert a.type is ActionType.RIICHI


# -- シュバリー ----------------------------------------------------------------------------------


def test_gotou_shuba_on_a_valuable_hand() -> None:
    # Gold 5p (2 chips) and red 5s (1): three sure chips, a 2s closed wait (four live).
    state = dealer("gotou", "123p4g6p406s11z13s", "7z")
    a = choice(state, 0)
    assert a.type is ActionType.SHUBA_RIICHI
    assert a.tile is not None and tile_kind(a.tile) == tile_kind(tile(state, 0, "7z"))


def test_gotou_open_shuba_when_both_rules_agree() -> None:
    # The same chips on a 1s-4s two-sided wait (seven live copies).
    state = dealer("gotou", "123p4g6p406s11z23s", "7z")
    assert choice(state, 0).type is ActionType.OPEN_SHUBA_RIICHI


def test_gotou_no_shuba_on_a_cheap_hand() -> None:
    state = dealer("gotou", "123p456p789s11z13s", "7z")
    assert ActionType.SHUBA_RIICHI in riichi_kinds(state, 0)
    assert choice(state, 0).type is ActionType.RIICHI


def test_gotou_no_shuba_when_the_stick_would_leave_too_few_points() -> None:
    wall = stacked("gotou", ["123p4g6p406s11z13s"], live="7z", dora="8p8p")
    state = Game("gotou").new_state([wall], start={"scores": [12000, 44000, 44000]})
    assert ActionType.SHUBA_RIICHI in riichi_kinds(state, 0)
    assert choice(state, 0).type is ActionType.RIICHI


def test_gotou_shuba_only_once_then_plain_or_open() -> None:
    state = dealer("gotou", "123p4g6p406s11z23s", "7z")
    assert choice(state, 0).type is ActionType.OPEN_SHUBA_RIICHI
    with_shuba_out(state, 0)  # the engine no longer offers シュバ
    kinds = riichi_kinds(state, 0)
    assert ActionType.SHUBA_RIICHI not in kinds and ActionType.OPEN_SHUBA_RIICHI not in kinds
    assert choice(state, 0).type is ActionType.OPEN_RIICHI
    thin = dealer("gotou", "123p4g6p406s11z13s", "7z")
    with_shuba_out(thin, 0)
    assert choice(thin, 0).type is ActionType.RIICHI


def test_gotou_shuba_counts_a_dice_chance_shape() -> None:
    # No red or gold five, but four norths set aside: 4 chips and a dice chance.
    wall = stacked("gotou", ["123p456p789s11z13s"], live="4z", rinshan="4z4z4z7z")
    state = Game("gotou").new_state([wall])
    for _ in range(4):
        kita = [a for a in state.legal_actions(0) if a.type is ActionType.KITA]
        assert len(kita) == 1
        state.apply(kita[0])
    assert ActionType.SHUBA_RIICHI in riichi_kinds(state, 0)
    assert choice(state, 0).type is ActionType.SHUBA_RIICHI


# -- the north kept for an honour yakuman (gotou) ----------------------------------------------


@pytest.mark.parametrize(
    ("hand", "discard"),
    [
        ("19m19p19s123567z5p", "5p"),  # thirteen orphans, tenpai once 5p goes
        ("19m19p19s1235z58p", None),  # thirteen orphans two from tenpai
        ("111z222z33z55z66z9p", "9p"),  # all honours
        ("111m99m111z22z55z8p", "8p"),  # manzu and honours (萬子の混一色)
    ],
)
def test_gotou_keeps_a_north_for_an_honor_yakuman(hand: str, discard: str | None) -> None:
    state = dealer("gotou", hand, "4z")
    legal = state.legal_actions(0)
    assert ActionType.KITA in {a.type for a in legal}
    a = choice(state, 0)
    assert a.type is not ActionType.KITA
    assert a.tile is not None and tile_kind(a.tile) != NORTH
    if discard is not None:
        assert tile_kind(a.tile) == tile_kind(tile(state, 0, discard))
    else:  # a tile thirteen orphans does not use
        assert tile_kind(a.tile) in {tile_kind(tile(state, 0, t)) for t in ("5p", "8p")}


@pytest.mark.parametrize(
    "hand",
    [
        "123p456p789s11z23s",  # tenpai for an ordinary hand
        "19m19p19s12z258p36s",  # nine orphan kinds: too far
        "111z22z5z7z123p46s8p",  # honours, but too far from all honours
    ],
)
def test_gotou_sets_a_north_aside_otherwise(hand: str) -> None:
    state = dealer("gotou", hand, "4z")
    assert choice(state, 0).type is ActionType.KITA


def test_sanma_always_sets_a_north_aside() -> None:
    # A north may stand in any sanma hand: it is set aside as before, even near kokushi.
    state = dealer("sanma", "19m19p19s123567z5p", "4z")
    assert choice(state, 0).type is ActionType.KITA


def test_a_kept_north_stays_after_riichi() -> None:
    wall = stacked("gotou", ["19m19p19s123567z5p"], live="4z2p3p8p", dora="8p8p")
    state = Game("gotou").new_state([wall])
    a = choice(state, 0)
    assert a.type.is_riichi and a.tile is not None
    state.apply(a)
    pass_all(state)
    tsumogiri(state, 1)
    tsumogiri(state, 2)
    assert ActionType.KITA in {x.type for x in state.legal_actions(0)}
    a = choice(state, 0)
    assert a == Action(ActionType.DISCARD, 0, state.players[0].drawn)


def test_a_thirteen_orphans_plan_calls_no_pon() -> None:
    # Seat 1: ten orphan kinds and a pair of white (two from kokushi) with a north in hand.
    with_north = stacked("gotou", ["5z", "19m19p19s12z55z4z5p6p"], live="9p")
    without = stacked("gotou", ["5z", "19m19p19s12z55z8p5p6p"], live="9p")
    picks = []
    for wall in (with_north, without):
        state = Game("gotou").new_state([wall])
        state.apply(Action(ActionType.DISCARD, 0, tile(state, 0, "5z")))
        assert ActionType.PON in {a.type for a in state.legal_actions(1)}
        picks.append(choice(state, 1).type)
    assert picks == [ActionType.PASS, ActionType.PON]


def test_an_honor_plan_calls_pon_on_its_kinds() -> None:
    # Seat 1 heads for manzu and honours with a north: 9m is no yakuhai, it still calls.
    with_north = stacked("gotou", ["9m", "111z222z33z99m4z6z7z"], live="9p")
    without = stacked("gotou", ["9m", "111z222z33z99m8p6z7z"], live="9p")
    picks = []
    for wall in (with_north, without):
        state = Game("gotou").new_state([wall])
        state.apply(Action(ActionType.DISCARD, 0, tile(state, 0, "9m")))
        assert ActionType.PON in {a.type for a in state.legal_actions(1)}
        picks.append(choice(state, 1).type)
    assert picks == [ActionType.PON, ActionType.PASS]


# -- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "kinds"),
    [
        ("gotou", {"riichi", "open_riichi", "shuba_riichi", "open_shuba_riichi"}),
        ("mighty", {"riichi", "open_riichi"}),
    ],
)
def test_house_games_declare_every_kind_of_riichi(preset: str, kinds: set[str]) -> None:
    """Full games: every choice legal, a riichi of some kind whenever one is offered (and
    no win, abort or north comes first), and each kind of riichi the preset has is
    declared."""
    seen: dict[str, int] = {}
    for seed in range(6):
        state = Game(preset, seed).new_state()
        bot = BaselineBot(seed)
        while not state.game_over:
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            a = bot.choose(SeatView.of(state, seat), seat, legal)
            assert a in legal
            types = {x.type for x in legal}
            offered = any(t.is_riichi for t in types)
            first = {ActionType.TSUMO, ActionType.NINE_TERMINALS, ActionType.KITA}
            if offered and not types & first:
                assert a.type.is_riichi, (a, legal)
            if a.type.is_riichi:
                seen[a.type.value] = seen.get(a.type.value, 0) + 1
            state.apply(a)
    assert set(seen) == kinds, seen
