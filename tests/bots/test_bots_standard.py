"""The standard bot: legal play in every preset, folding against a riichi, never into shown
waits, calls only towards a yaku, the danger model's order, and its fast shanten and
useful draws against the hand analyzer. (Its strength is measured in
``benchmarks/bench_bots.py``, not here.)"""

from __future__ import annotations

import io
import random

import pytest

from jantaku.bots import SeatView, StandardBot, make_bot
from jantaku.bots.standard import knobs
from jantaku.bots.standard.danger import Threat, read_threats, tile_danger
from jantaku.bots.standard.standing import Standing, last_hand
from jantaku.bots.standard.steps import discard_distances, improving, step_quality
from jantaku.bots.standard.value import HandValue, pochi_unseen, points
from jantaku.game import Action, ActionType, Game, State
from jantaku.hand import HandAnalyzer
from jantaku.sim import play_game
from jantaku.tiles import Hand, tileset
from jantaku.tiles.notation import parse_tiles, tiles_to_string
from jantaku.tiles.tileset import tile_kind
from support.walls import pass_all, stacked, tile, tsumogiri

PRESETS = ["riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"]


def choice(state: State, seat: int) -> Action:
    legal = state.legal_actions(seat)
    action = StandardBot().choose(SeatView.of(state, seat), seat, legal)
    assert action in legal
    return action


def kind(name: str) -> int:
    return tile_kind(parse_tiles(name)[0])


# -- legal play ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [11, 12])
def test_standard_plays_only_legal_actions(preset: str, seed: int) -> None:
    # Standard bots against baseline bots, every action checked by the runner (legal,
    # points and tiles conserved, the log replays to the same game).
    n = 4 if preset in ("riichi", "kanto-boo") else 3
    kinds = ["standard", "baseline"] * 2
    rec = play_game(preset, seed, kinds[:n], check=True)
    assert rec.finished, rec.violations
    assert rec.violations == []
    assert sum(rec.seat_actions[s] for s in range(0, n, 2)) > 20


def test_four_standard_bots_at_a_rotating_three_player_table() -> None:
    rec = play_game("sanma", 5, "standard", check=True, people=4)
    assert rec.finished and rec.violations == []


def test_make_bot_knows_standard() -> None:
    assert isinstance(make_bot("standard", 3), StandardBot)


# -- defence ----------------------------------------------------------------------------------


def riichi_then_draw(riichi: bool) -> State:
    """The dealer (seat 0) discards 5p, declaring riichi or not; seat 1, far from tenpai
    with 456p among its tiles, has drawn 9p."""
    wall = stacked(
        "riichi",
        ["123m456m789m11p23s", "1357m2468s456p1z"],
        live="5p9p",
        dora="8p",
    )
    state = Game("riichi").new_state([wall])
    kind_ = ActionType.RIICHI if riichi else ActionType.DISCARD
    state.apply(Action(kind_, 0, tile(state, 0, "5p")))
    pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    return state


def test_folds_a_genbutsu_against_a_riichi() -> None:
    state = riichi_then_draw(riichi=True)
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) == kind("5p")


def test_keeps_the_same_tile_without_a_riichi() -> None:
    # The same position without the riichi: 5p is the middle of a finished run, kept.
    state = riichi_then_draw(riichi=False)
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) != kind("5p")


def ready_against_a_riichi(hand1: str, drawn: str) -> State:
    """The dealer (seat 0) declares riichi discarding 5p; seat 1 holds ``hand1`` and has
    drawn ``drawn``."""
    wall = stacked("riichi", ["123m456m789m11p23s", hand1], live="5p" + drawn, dora="8p")
    state = Game("riichi").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "5p")))
    pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    return state


def test_pushes_a_ready_hand_with_a_good_wait_against_a_riichi() -> None:
    # Ready on 3p-6p (eight live copies) early in the hand: the drawn 7s, a middle tile
    # the riichi has not let pass, goes rather than the genbutsu 5p that would break the
    # wait.
    state = ready_against_a_riichi("123m456m789m45p55s", "7s")
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) == kind("7s")


def test_folds_the_same_tile_with_a_poor_hand() -> None:
    # Far from ready and nothing to win: the genbutsu 5p goes, not the dangerous 7s.
    state = ready_against_a_riichi("1468m2479p258s1z5p", "7s")
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) == kind("5p")


def open_riichi_then_draw(open_riichi: bool) -> State:
    """mighty: the dealer declares an open riichi (or discards) with 7z, its shown hand
    waiting on 1z 7p 8p 9p; seat 1's only loose tile is an 8p."""
    wall = stacked(
        "mighty",
        ["123p456p789s11z9p", "234p567s234s66s8p"],
        live="7z8s",
        dora="1s",
    )
    state = Game("mighty").new_state([wall])
    kind_ = ActionType.OPEN_RIICHI if open_riichi else ActionType.DISCARD
    state.apply(Action(kind_, 0, tile(state, 0, "7z")))
    pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    return state


def test_never_discards_into_shown_waits() -> None:
    state = open_riichi_then_draw(open_riichi=True)
    view = SeatView.of(state, 1)
    assert view.open_waits(0) == {kind(k) for k in ("1z", "7p", "8p", "9p")}
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) != kind("8p")


def test_discards_the_loose_tile_when_nobody_shows_a_wait() -> None:
    state = open_riichi_then_draw(open_riichi=False)
    assert SeatView.of(state, 1).open_waits(0) is None
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) == kind("8p")


def test_danger_follows_genbutsu_suji_and_kabe() -> None:
    state = riichi_then_draw(riichi=True)
    view = SeatView.of(state, 1)
    river = frozenset({kind("4s"), kind("5p")})
    th = Threat(0, 1.0, 6000.0, frozenset({kind("5p"), kind("4s")}), river, None, None)
    live = [4] * 34

    def d(name: str) -> float:
        return tile_danger(view, th, kind(name), live, [0] * 38)

    assert d("5p") == 0  # genbutsu
    assert d("1s") < d("1m")  # suji of the discarded 4s
    assert d("7s") < d("7m")  # the other suji of 4s
    assert d("5m") > d("1m")  # a middle tile has two two-sided waits through it
    assert d("1z") < d("5m")  # a live honour only waits as a pair or a single
    kabe = list(live)
    kabe[kind("8m")] = 0  # no 8m left: no 7m-8m or 8m-9m shape, so 9m waits on little
    assert tile_danger(view, th, kind("9m"), kabe, [0] * 38) < d("9m")


# -- calls ------------------------------------------------------------------------------------


def discard_offered(hand1: str, discarded: str, preset: str = "riichi") -> State:
    """The dealer discards ``discarded`` (its drawn tile); seat 1 holds ``hand1``."""
    wall = stacked(preset, ["", hand1], live=discarded, dora="8p")
    state = Game(preset).new_state([wall])
    drawn = state.players[0].drawn
    assert drawn is not None
    state.apply(Action(ActionType.DISCARD, 0, drawn))
    return state


def test_pons_a_dragon_pair() -> None:
    state = discard_offered("77z1359m2468p35s", "7z")
    assert choice(state, 1).type is ActionType.PON


def test_no_chi_without_a_yaku() -> None:
    # A chi of 3m would open a hand with terminals and honours: no yaku in reach.
    state = discard_offered("45m19p19s1234z678s", "3m")
    legal = state.legal_actions(1)
    assert any(a.type is ActionType.CHI for a in legal)
    assert choice(state, 1).type is ActionType.PASS


def test_chi_for_open_tanyao_near_tenpai(monkeypatch: pytest.MonkeyPatch) -> None:
    # All simples, one step from ready after the chi: a closed hand keeps closed (its
    # riichi is worth more), unless told to open for tanyao.
    state = discard_offered("45m234p567p3466s8p", "3m")
    legal = state.legal_actions(1)
    assert any(a.type is ActionType.CHI for a in legal)
    assert choice(state, 1).type is ActionType.PASS
    monkeypatch.setattr(knobs, "OPEN_CLOSED_HAND", True)
    assert choice(state, 1).type is ActionType.CHI


# -- fast hand tables ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "four"),
    [("riichi", False), ("sanma", False), ("riichi", True), ("mighty", False), ("gotou", False)],
)
def test_fast_distances_agree_with_the_analyzer(preset: str, four: bool) -> None:
    # mighty: its 5m is a lone kind of the manzu; the bot's own tables once left it out and
    # took a discard of it for no change to the hand.
    ts = tileset(preset)
    an = HandAnalyzer(ts, chiitoi_four=four)
    pool = [k for k in ts.hand_kinds for _ in range(4)]
    rng = random.Random(7)
    for i in range(150):
        melds = rng.choice([0, 0, 1, 2])
        if i % 3 == 0:  # many pairs: seven pairs decides
            ks = rng.sample(list(ts.hand_kinds), 8)
            hand = (ks * 2)[: 14 - 3 * melds]
        else:
            hand = rng.sample(pool, 14 - 3 * melds)
        c = [0] * 38
        for k in hand:
            c[k] += 1
        kinds: dict[int, list[Action]] = {k: [] for k in set(hand)}
        dist = discard_distances(an, c, melds, kinds)
        for k in kinds:
            c[k] -= 1
            assert dist[k] == an.distance(c, melds), (hand, k)
            c[k] += 1


def test_one_step_quality_agrees_with_a_plain_count() -> None:
    # step_quality (cached per 14-tile hand) against the definition spelled out with the
    # analyzer alone: for each useful draw, the best discard's live useful copies, averaged
    # over the draws by their live copies.
    an = HandAnalyzer(tileset("riichi"))
    pool = [k for k in range(34) for _ in range(4)]
    rng = random.Random(11)
    checked = 0
    while checked < 40:
        hand = rng.sample(pool, 13)
        c = [0] * 34
        for k in hand:
            c[k] += 1
        d = an.distance(c, 0)
        if d != 3:
            continue
        live = [max(0, 4 - c[k] - rng.randrange(2)) for k in range(34)]
        useful = [k for k in range(34) if c[k] < 4 and _dist_plus(an, c, k) < d]
        total = 0.0
        n = 0
        for u in useful:
            if not live[u]:
                continue
            c[u] += 1
            best = 0
            for j in range(34):
                if not c[j]:
                    continue
                c[j] -= 1
                if an.distance(c, 0) == d - 1:
                    got = sum(
                        live[v] for v in range(34) if c[v] < 4 and _dist_plus(an, c, v) < d - 1
                    )
                    best = max(best, got)
                c[j] += 1
            c[u] -= 1
            total += live[u] * best
            n += live[u]
        want = total / n if n else 0.0
        assert step_quality(an, c, 0, d, useful, live) == pytest.approx(want), hand
        checked += 1


def _dist_plus(an: HandAnalyzer, c: list[int], k: int) -> int:
    c[k] += 1
    d = an.distance(c, 0)
    c[k] -= 1
    return d


# -- the riichi kind by expected value (house presets) -----------------------------------------


def dealer_riichi(preset: str, hand: str, start: dict[str, list[int]] | None = None) -> ActionType:
    """The kind of riichi the standard bot declares as the dealer holding ``hand`` and a 7z
    just drawn (dora indicators 8p 8p: no wait hidden among them)."""
    wall = stacked(preset, [hand], live="7z", dora="8p8p")
    state = Game(preset).new_state([wall], start=start)
    a = choice(state, 0)
    assert a.tile is not None and tile_kind(a.tile) == kind("7z")
    return a.type


def test_gotou_open_riichi_when_its_bonus_outweighs_the_lost_rons() -> None:
    # A fresh 1s-4s wait (eight live) and the wall full: tsumo alone wins often enough for
    # the +1000 from each; the 2s closed wait (four live) stays a closed riichi.
    assert dealer_riichi("gotou", "123p456p789s11z23s") is ActionType.OPEN_RIICHI
    assert dealer_riichi("gotou", "123p456p789s11z13s") is ActionType.RIICHI


def test_gotou_open_riichi_to_force_a_riichi_to_deal_in(monkeypatch: pytest.MonkeyPatch) -> None:
    # A 2s closed wait (four live copies) on a hand with two dora (9p, indicators 8p 8p):
    # a closed riichi, for its rons, unless a seat is already in riichi. The dealer is: it
    # must discard every tile it draws, and nobody may deal in to an open riichi but a
    # player with no other discard, who pays a yakuman (手詰まり放銃). Each of the dealer's
    # draws of a 2s is such a ron: the wait is shown.
    wall = stacked("gotou", ["234p678p111m99m99s", "123p456p789p11z13s"], live="7z7z", dora="8p8p")
    state = Game("gotou").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "7z")))
    pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    a = choice(state, 1)
    assert a.type is ActionType.OPEN_RIICHI
    assert a.tile is not None and tile_kind(a.tile) == kind("7z")
    monkeypatch.setattr(knobs, "FORCED_RON", False)
    assert choice(state, 1).type is ActionType.RIICHI


def test_gotou_shuba_when_the_sure_chips_outweigh_the_stick() -> None:
    # A gold 5p and a red 5s: three sure chips doubled against 4000 more stick points. On
    # the 2s closed wait the open riichi's bonus is small beside the rons it would give up;
    # the fresh 1s-4s wait with gotou's 57 live draws wins by tsumo often enough to show it.
    assert dealer_riichi("gotou", "123p4g6p406s11z23s") is ActionType.OPEN_SHUBA_RIICHI
    assert dealer_riichi("gotou", "123p4g6p406s11z13s") is ActionType.SHUBA_RIICHI
    # Without the points to spare after the 5000 stick: a plain riichi.
    poor = {"scores": [12000, 44000, 44000]}
    assert dealer_riichi("gotou", "123p4g6p406s11z13s", poor) is ActionType.RIICHI


def test_mighty_open_riichi_for_its_extra_han_on_a_wide_wait() -> None:
    # 123p 456p 789s 11z 9p + the wildcard: waits 1z 7p 8p 9p; the open riichi is a 2-han
    # yaku, and the shown hand still wins by tsumo.
    assert dealer_riichi("mighty", "123p456p789s11z9p") is ActionType.OPEN_RIICHI


# -- what a hand is worth where the preset says so (kanto-boo) ------------------------------------


def test_gotou_values_count_the_flower_powers(monkeypatch: pytest.MonkeyPatch) -> None:
    # A flower among the dora indicators gives its power to whoever wins: 秋 makes every
    # five a dora (the 55s pair: two han more), 夏 moves the win up a level.
    hand = "234p456p678s55s9s1z"

    def value(dora: str, discard: str = "1z") -> float:
        wall = stacked("gotou", [hand], dora=dora)
        view = SeatView.of(Game("gotou").new_state([wall]), 0)
        shown = tile_kind(view.dora_indicators[1])
        assert shown == tile_kind(parse_tiles(dora[2:], tileset("gotou"))[0])
        counts = [0] * 38
        for t in view.hand:
            counts[tile_kind(t)] += 1
        return HandValue(view, 0, counts, view.hand, (), True).after(kind(discard))

    plain = value("8p1f")  # spring: a power that adds no han
    assert value("8p3f") > plain and value("8p2f") > plain
    # Under autumn a five is worth keeping: letting the 9s go keeps more than a 5s.
    assert value("8p3f", "9s") > value("8p3f", "5s")
    assert value("8p1f", "9s") == value("8p1f", "5s")
    monkeypatch.setattr(knobs, "FLOWER_POWERS", False)
    assert value("8p3f") == value("8p2f") == plain


def test_kanto_boo_values_stop_at_mangan() -> None:
    # 関東式ブー: every hand is capped at 満貫 (8000; dealer 12000), so a hand of many dora is
    # worth no more than a mangan to the bot there, while in riichi it counts on.
    assert points(8.0, False) == 16000 and points(8.0, True) == 24000
    assert points(8.0, False, cap=True) == 8000 and points(8.0, True, cap=True) == 12000
    assert points(2.0, False, cap=True) == points(2.0, False) == 2600
    rich = "234m456m678p55s5s1z"  # three 5s and the 1z, dora 5s (indicator 4s)

    def value(preset: str) -> float:
        wall = stacked(preset, [rich], dora="4s")
        view = SeatView.of(Game(preset).new_state([wall]), 0)
        counts = [0] * 38
        for t in view.hand:
            counts[tile_kind(t)] += 1
        return HandValue(view, 0, counts, view.hand, (), True).after(kind("1z"))

    # Closed, tanyao, three dora: riichi values it above a dealer's mangan, kanto-boo at one
    # (and without ura dora its riichi is worth a little less before the cap).
    assert value("riichi") > 12000
    assert value("kanto-boo") == 12000


# -- the last hand: places, not points ------------------------------------------------------------


def test_last_hand_weighs_places() -> None:
    # South 4 (the first dealer was seat 1): seat 1 leads seat 0 by 4000.
    start = {"round": "S", "hand": 4, "dealer": 0, "first_dealer": 1,
             "scores": [29000, 33000, 20000, 18000]}  # fmt: skip
    wall = stacked("riichi", ["123m456m789m11p23s"], dora="8p")
    state = Game("riichi").new_state([wall], start=start)
    assert last_hand(SeatView.of(state, 1))
    assert not last_hand(SeatView.of(Game("riichi").new_state([wall]), 1))
    lead = Standing(SeatView.of(state, 1), 1, [])
    last = Standing(SeatView.of(state, 3), 3, [])
    # Dealing in 8000 to the dealer costs the leader first place; the last seat has no place
    # to lose, only the few points.
    assert lead.deal_in(0, 8000) > 8000 > last.deal_in(0, 8000) == 8000 * knobs.POINT_SHARE
    # The last seat is 2000 behind third: a 4000 win takes it past, a 1000 win does not.
    assert last.win(4000) > last.win(1000) + knobs.RANK_POINTS / 2


def test_sudden_death_last_hand_is_played_for_points(monkeypatch: pytest.MonkeyPatch) -> None:
    # gotou's last scheduled hand (East 3, tonpuu) is followed by sudden death while nobody
    # has 40000: played for points there (RANK_SUDDEN_DEATH off); tokushima's (South 3,
    # hanchan, no extension) is the last.
    for preset, wind, last in (("gotou", "E", False), ("tokushima", "S", True)):
        start = {"round": wind, "hand": 3, "dealer": 2, "scores": [41000, 40000, 24000]}
        wall = stacked(preset, ["119m999p11p23s456p"], dora="8p")
        state = Game(preset).new_state([wall], start=start)
        assert last_hand(SeatView.of(state, 0)) is last, preset
    start = {"round": "E", "hand": 3, "dealer": 2, "scores": [41000, 40000, 24000]}
    monkeypatch.setattr(knobs, "RANK_SUDDEN_DEATH", True)
    wall = stacked("gotou", ["119m999p11p23s456p"], dora="8p")
    assert last_hand(SeatView.of(Game("gotou").new_state([wall], start=start), 0))


def test_a_sudden_death_hand_weighs_only_the_results_that_end_the_game() -> None:
    # gotou, East 3 (the last scheduled hand; the dealer is seat 2): a result that takes
    # nobody to 40000, or the dealer's win (it keeps the deal), lets the game go on and is
    # worth its points; one that ends it is worth the places it moves (``RANK_TARGET``).
    start = {"round": "E", "hand": 3, "dealer": 2, "scores": [36000, 35000, 34000]}
    wall = stacked("gotou", ["119m999p11p23s456p"], dora="8p")
    view = SeatView.of(Game("gotou").new_state([wall], start=start), 0)
    s = Standing(view, 0, [], ends=True)
    assert s.win(2000) == 2000  # 38000: sudden death follows
    assert s.deal_in(2, 8000) == 8000  # the dealer's 42000: the dealer goes on
    # 8000 to seat 1 (43000) ends the game with seat 0 (28000) last, from first (1000
    # ahead of seat 1: most of a place, and all of one to seat 2).
    assert s.deal_in(1, 8000) > 1.5 * knobs.RANK_POINTS > 8000
    assert Standing(view, 0, []).win(2000) != 2000  # the last hand's own standing


def test_gotou_counts_the_dot_white_while_nobody_has_shown_it() -> None:
    # gotou's 白ぽっち wins when drawn after riichi: a closed ready hand counts it as one more
    # live winning copy (``POCHI``) until it is seen; tokushima's 白ピカ is never wild.
    wall = stacked("gotou", ["119m999p11p23s456p"], dora="8p")
    assert pochi_unseen(SeatView.of(Game("gotou").new_state([wall]), 0))
    held = stacked("gotou", ["119m999p11p23s450z"], dora="8p")
    assert not pochi_unseen(SeatView.of(Game("gotou").new_state([held]), 0))
    assert pochi_unseen(SeatView.of(Game("gotou").new_state([held]), 1))
    shown = stacked("gotou", ["119m999p11p23s456p"], dora="0z")
    assert not pochi_unseen(SeatView.of(Game("gotou").new_state([shown]), 1))
    pika = stacked("tokushima", ["119m999p11p23s456p"], dora="8p")
    assert not pochi_unseen(SeatView.of(Game("tokushima").new_state([pika]), 0))


def leader_ready_in_the_last_hand(scores: list[int]) -> Action:
    """South 4, the dealer (seat 0) has declared riichi with 5p; seat 1, ready with tanyao
    on 5s-8s after a 5p (its pinfu-tanyao hand), has drawn 7s."""
    start = {"round": "S", "hand": 4, "dealer": 0, "first_dealer": 1, "scores": scores}
    wall = stacked("riichi", ["123m456m789m11p23s", "345m678m45p56p55s6s"], live="5p7s",
                   dora="8p")  # fmt: skip
    state = Game("riichi").new_state([wall], start=start)
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "5p")))
    pass_all(state)
    return choice(state, 1)


def test_the_leader_takes_its_last_win_without_riichi(monkeypatch: pytest.MonkeyPatch) -> None:
    # Leading in the last hand, any win ends the game in first place: tanyao without riichi
    # is enough, and keeps the hand free to fold. Last, the same hand needs riichi's value.
    lead = leader_ready_in_the_last_hand([29000, 33000, 20000, 18000])
    assert lead.type is ActionType.DISCARD and lead.tile is not None
    assert tile_kind(lead.tile) == kind("5p")
    trail = leader_ready_in_the_last_hand([29000, 14000, 27000, 30000])
    assert trail.type is ActionType.RIICHI
    monkeypatch.setattr(knobs, "RANK_AWARE", False)
    lead = leader_ready_in_the_last_hand([29000, 33000, 20000, 18000])
    assert lead.type is ActionType.RIICHI  # played for points, as every other hand


def dealer_discard(hand: str) -> Action:
    """The dealer's choice holding ``hand`` and a 1z just drawn (dora indicator 4s)."""
    wall = stacked("riichi", [hand], live="1z", dora="4s")
    return choice(Game("riichi").new_state([wall]), 0)


def test_dama_with_a_valuable_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # 777z and two dora 5s: ready on 5s-8s worth 3 han without riichi. By default the bot
    # declares riichi (measured better against the baseline); from DAMA_HAN = 3 it stays
    # dama; a hand of three dora and no sure yaku still needs riichi.
    assert dealer_discard("777z234m567p55s67s").type is ActionType.RIICHI
    monkeypatch.setattr(knobs, "DAMA_HAN", 3.0)
    dama = dealer_discard("777z234m567p55s67s")
    assert dama.type is ActionType.DISCARD and dama.tile is not None
    assert tile_kind(dama.tile) == kind("1z")
    assert dealer_discard("789m234m567p555s7s").type is ActionType.RIICHI


# -- two steps: the ready hands a discard leads to ----------------------------------------------


def test_keeps_the_better_ready_hands_one_step_away(monkeypatch: pytest.MonkeyPatch) -> None:
    # 234m 67m 444p 666p 7p 2s, 4s drawn: discarding 7p keeps the most useful draws (24 live
    # copies against 22) but most of them make a ready hand on one tile (a single or a
    # closed wait); discarding 2s keeps 6667p, whose useful draws make 5p-8p-7p or 5m-8m
    # waits. Counting the ready hands (TWO_STEP) the 2s goes; first-step counting alone
    # discards the 7p.
    def discard() -> int:
        wall = stacked("riichi", ["234m67m444p666p7p2s"], live="4s", dora="1z")
        a = choice(Game("riichi").new_state([wall]), 0)
        assert a.tile is not None
        return tile_kind(a.tile)

    monkeypatch.setattr(knobs, "TWO_STEP", True)
    assert discard() == kind("2s")
    monkeypatch.setattr(knobs, "TWO_STEP", False)
    monkeypatch.setattr(knobs, "STEP_SUM", False)
    assert discard() == kind("7p")


def test_keeps_the_tile_that_makes_better_hands_one_step_from_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 133m 11223p 12245s, 9s drawn, two steps from ready: the lone 9s and the 1s of 122s
    # leave the same useful draws, but with the 1s kept those draws make hands one step
    # from ready with more live useful copies (FAR_STEP): the 9s goes. Counting the first
    # step alone, the tie goes to the 1s.
    def discard() -> int:
        wall = stacked("riichi", ["133m11223p12245s"], live="9s", dora="1z")
        a = choice(Game("riichi").new_state([wall]), 0)
        assert a.tile is not None
        return tile_kind(a.tile)

    monkeypatch.setattr(knobs, "FAR_STEP", 0.5)
    assert discard() == kind("9s")
    monkeypatch.setattr(knobs, "FAR_STEP", 0.0)
    assert discard() == kind("1s")


@pytest.mark.parametrize(("preset", "seed"), [("riichi", 21), ("riichi", 22), ("gotou", 23)])
def test_the_far_reading_skipped_where_it_cannot_matter_changes_no_choice(
    monkeypatch: pytest.MonkeyPatch, preset: str, seed: int
) -> None:
    # FAR_PRUNE reads the far hands' steps only for the candidates that could still be
    # chosen with them: whole games of standard bots (threats, folds and pushes in them)
    # must go exactly as when every candidate is read.
    n = 4 if preset == "riichi" else 3
    logs = []
    for prune in (True, False):
        monkeypatch.setattr(knobs, "FAR_PRUNE", prune)
        buf = io.StringIO()
        rec = play_game(preset, seed, ["standard"] * n, log=buf)
        assert rec.finished
        logs.append(buf.getvalue())
    assert logs[0] == logs[1]
    assert '"reach"' in logs[0]  # the games had riichi to push or fold against


def test_the_step_caches_keep_each_analyzers_own_reading() -> None:
    # 1111p 9999s 33p 55p 7s: with 4枚使い七対子 (gotou) six pairs and ready on 7s; without
    # it (sanma) far from it. One process may play both: the cached readings must not mix.
    counts = Hand.parse("1111p9999s3355p7s").concealed_counts()
    gotou = HandAnalyzer(tileset("gotou"), chiitoi_four=True)
    sanma = HandAnalyzer(tileset("sanma"))
    target = gotou.distance(counts)
    assert sanma.distance(counts) > target
    for an in (gotou, sanma, gotou):
        after = an.draw_distances(counts)
        plain = tuple(w for w in range(34) if after[w] < target)
        assert improving(an, list(counts), 0, target) == plain
    assert improving(gotou, list(counts), 0, target) == (kind("7s"),)
    assert improving(sanma, list(counts), 0, target) == ()


def test_dama_at_the_mangan_cap() -> None:
    # 777z and 555s with 5s the dora (indicator 4s): ready worth 4 han without riichi. In
    # kanto-boo, where hands stop at mangan, riichi would add next to nothing: dama
    # (DAMA_HAN_CAPPED). In riichi, where it would make a haneman, the bot declares.
    def discard(preset: str) -> Action:
        wall = stacked(preset, ["777z234m567p555s7s"], live="1z", dora="4s")
        return choice(Game(preset).new_state([wall]), 0)

    dama = discard("kanto-boo")
    assert dama.type is ActionType.DISCARD and dama.tile is not None
    assert tile_kind(dama.tile) == kind("1z")
    assert discard("riichi").type is ActionType.RIICHI


def test_a_half_flush_one_tile_away_lets_the_off_suit_tile_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 123p 456p 78p 99p, honours 1z 2z 3z and a lone 5m: by tiles alone the honours are
    # the least useful. Counting the half flush (HONITSU) the 5m goes: it is all that keeps
    # the hand from 3 han more.
    def discard() -> int:
        wall = stacked("riichi", ["123p456p78p99p1z2z5m"], live="3z", dora="9s")
        a = choice(Game("riichi").new_state([wall]), 0)
        assert a.tile is not None
        return tile_kind(a.tile)

    monkeypatch.setattr(knobs, "HONITSU", True)
    assert discard() == kind("5m")
    monkeypatch.setattr(knobs, "HONITSU", False)
    assert discard() != kind("5m")


# -- kans -------------------------------------------------------------------------------------


def test_closed_kan_when_it_keeps_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2222m beside 456p 789p: the fourth 2m is no use, and the kan keeps the hand as near
    # to ready (a new dora, a replacement draw). The baseline's flow (KAN off) discards.
    wall = stacked("riichi", ["2222m456p789p13s7z"], live="5s", dora="8p")
    state = Game("riichi").new_state([wall])
    assert any(a.type is ActionType.ANKAN for a in state.legal_actions(0))
    assert choice(state, 0).type is ActionType.ANKAN
    monkeypatch.setattr(knobs, "KAN", False)
    assert choice(state, 0).type is not ActionType.ANKAN


def test_no_closed_kan_that_sets_the_hand_back() -> None:
    # 2222m34m: the 2m are a triplet and a run (ready on 1z after 9s). A kan would leave
    # 34m and two loose tiles: a step back. The bot declares riichi instead.
    wall = stacked("riichi", ["2222m34m456p789p1z"], live="9s", dora="8p")
    state = Game("riichi").new_state([wall])
    assert any(a.type is ActionType.ANKAN for a in state.legal_actions(0))
    assert choice(state, 0).type is ActionType.RIICHI


# -- gotou: an open riichi that forces deal-ins ------------------------------------------------


def ready_beside_an_open_riichi(open_riichi: bool) -> Action:
    """gotou: the dealer declares an open riichi (or a plain one) with 7z, showing a 1s-4s
    wait; seat 1, holding 111m 999m 234p 22p 67s, draws 6z and is ready on 5s-8s."""
    wall = stacked("gotou", ["123p456p789s11z23s", "111m999m234p22p67s"], live="7z6z", dora="8p8p")
    state = Game("gotou").new_state([wall])
    kind_ = ActionType.OPEN_RIICHI if open_riichi else ActionType.RIICHI
    state.apply(Action(kind_, 0, tile(state, 0, "7z")))
    pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) == kind("6z")
    return a


def test_dama_beside_an_open_riichi_that_forces_deal_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nobody may deal in to gotou's open riichi unless every discard would (手詰まり放銃,
    # a yakuman). In riichi seat 1 would have to discard each 1s or 4s it draws: it stays
    # dama (OPEN_RISK) and keeps the choice. Beside a closed riichi it declares (a riichi of
    # some kind), and so it does without the rule.
    assert ready_beside_an_open_riichi(True).type is ActionType.DISCARD
    assert ready_beside_an_open_riichi(False).type is not ActionType.DISCARD
    monkeypatch.setattr(knobs, "OPEN_RISK", False)
    assert ready_beside_an_open_riichi(True).type is not ActionType.DISCARD


def nagashi_discard(monkeypatch: pytest.MonkeyPatch, nagashi: bool) -> int:
    """gotou: five rounds in which the dealer let 1z 2z 3z 5z 6z go (a 流し alive) and
    the others simples; the dealer then holds 11m 99m 11p 99p 11s 3p 5p and draws 7s."""
    monkeypatch.setattr(knobs, "NAGASHI", nagashi)
    mine, right, left = ["1z", "2z", "3z", "5z", "6z"], "2p3p4p6p7p", "4s6s7s8s4p"
    live = "".join(mine[i] + right[2 * i : 2 * i + 2] + left[2 * i : 2 * i + 2] for i in range(5))
    wall = stacked("gotou", ["11m99m11p99p11s3p5p"], live=live + "7s", dora="8p8p")
    state = Game("gotou").new_state([wall])
    for _ in range(5):
        for s in range(3):
            tsumogiri(state, s)
    a = choice(state, 0)
    assert a.tile is not None
    return tile_kind(a.tile)


def test_keeps_a_yakuman_nagashi_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    # gotou's 流し is a yakuman won at the exhaustive draw: with eleven draws left and
    # terminals to spare, a terminal goes (NAGASHI) rather than the 3p the hand itself
    # would give up.
    assert nagashi_discard(monkeypatch, True) in {kind(k) for k in ("1m", "9m", "1p", "9p", "1s")}
    assert nagashi_discard(monkeypatch, False) == kind("3p")


def test_the_declaration_tiles_straddling_suji_are_dearer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A riichi declared with 4m likely kept 3m-4m or 4m-5m beside it: 2m, 3m, 5m, 6m
    # (宣言牌のまたぎスジ) are dearer than against a riichi declared with an honour;
    # 1m and 7m (its suji) and the other suits are not.
    state = riichi_then_draw(riichi=True)
    view = SeatView.of(state, 1)
    river = frozenset({kind("4m"), kind("1z")})
    th = Threat(0, 1.0, 6000.0, river, river, None, None)
    live = [3] * 34

    def dangers(declared: str) -> dict[str, float]:
        th.declared = kind(declared)
        names = ("2m", "3m", "5m", "6m", "1m", "7m", "5p")
        return {n: tile_danger(view, th, kind(n), live, [0] * 38) for n in names}

    monkeypatch.setattr(knobs, "MATAGI", 2.5)
    plain, matagi = dangers("1z"), dangers("4m")
    for n in ("2m", "3m", "5m", "6m"):
        assert matagi[n] > plain[n], n
    for n in ("1m", "7m", "5p"):
        assert matagi[n] == plain[n], n
    monkeypatch.setattr(knobs, "MATAGI", 1.0)
    assert dangers("4m") == plain


def test_three_seats_read_no_straddling_suji(monkeypatch: pytest.MonkeyPatch) -> None:
    # At a three-seat table (no 2m-8m, hands rich in pairs and one suit) the declaration
    # tile's またぎスジ measured no dearer: MATAGI_3P leaves the danger as it is there,
    # while four seats still read it.
    wall = stacked("sanma", ["123p456p789p11s23s", "1357s2468s456p1z"], live="5p9p", dora="8p")
    state = Game("sanma").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "5p")))
    pass_all(state)
    river = frozenset({kind("4s"), kind("1z")})
    th = Threat(0, 1.0, 6000.0, river, river, None, None)

    def danger(state: State, declared: str, name: str) -> float:
        th.declared = kind(declared)
        return tile_danger(SeatView.of(state, 1), th, kind(name), [3] * 34, [0] * 38)

    sanma = state
    four = riichi_then_draw(riichi=True)
    for name in ("2s", "3s", "5s", "6s"):
        assert danger(sanma, "4s", name) == danger(sanma, "1z", name), name
        assert danger(four, "4s", name) > danger(four, "1z", name), name
    monkeypatch.setattr(knobs, "MATAGI_3P", 2.5)
    assert danger(sanma, "4s", "5s") > danger(sanma, "1z", "5s")


def test_a_riichi_threat_carries_its_river_in_order() -> None:
    # What the learned danger reads: the discards up to and with the declaration tile, the
    # discards since, and the honours that are a yakuhai for it (the dealer: east).
    state = riichi_then_draw(riichi=True)
    (th,) = read_threats(SeatView.of(state, 1), 1)
    assert th.pre == (kind("5p"),) and th.since == 0 and th.declared == kind("5p")
    assert th.yakuhai == {kind(k) for k in ("1z", "5z", "6z", "7z")}
    assert th.passed == frozenset()


def learned(river: str, name: str, since: int = 0, unseen: int = 3) -> float:
    state = riichi_then_draw(riichi=True)
    view = SeatView.of(state, 1)
    pre = tuple(tile_kind(t) for t in parse_tiles(river))
    th = Threat(0, 1.0, 6000.0, frozenset(pre), frozenset(pre), None, None)
    th.pre, th.since, th.declared = pre, since, pre[-1]
    live = [3] * 34
    live[kind(name)] = unseen
    return tile_danger(view, th, kind(name), live, [0] * 38)


def test_the_learned_danger_reads_suji_and_honours() -> None:
    # Fitted to what tiles held facing a riichi turned out to be (LEARNED_DANGER), it still
    # orders tiles as players do: 4m with both suji out (1m, 7m) is safer than 4p with one
    # (1p), safer than 4s with none; 1m-9m's suji 7m safer than 7s; the middle 5s dearer
    # than the terminal 9s; an honour with no copy unseen is safe, and one with three
    # unseen dearer than with one.
    river = "1m7m1p2z3z6z"
    both, one, none = (learned(river, n) for n in ("4m", "4p", "4s"))
    assert 0 < both < one < none < 0.5
    assert learned(river, "7m") < learned(river, "7s")
    assert learned(river, "9s") < learned(river, "5s")
    assert learned(river, "4z", unseen=0) == 0.0
    assert 0 < learned(river, "4z", unseen=1) < learned(river, "4z", unseen=3)
    # A riichi after twelve discards that leave few two-sided waits open (suji of 1m-6m and
    # 1p-6p): the 無スジ 4s left is dearer.
    assert learned("1m2m3m4m5m6m1p2p3p4p5p6p", "4s") > none
    assert learned(river, "1m") == 0.0  # 現物


def one_pon_then_draw() -> State:
    """The dealer (seat 0) discards 7z; seat 1 pons it and discards 1z; seat 2 draws 9s."""
    wall = stacked(
        "riichi",
        ["123m456m789m11p23s", "1357m2468s4p77z1z"],
        live="7z9s",
        dora="8p",
    )
    state = Game("riichi").new_state([wall])
    state.apply(Action(ActionType.DISCARD, 0, tile(state, 0, "7z")))
    (pon,) = [a for a in state.legal_actions(1) if a.type is ActionType.PON]
    state.apply(pon)
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "1z")))
    pass_all(state)
    assert state.turn == 2 and state.phase == "turn"
    return state


def test_an_open_hand_of_one_call_is_read_by_the_learned_models() -> None:
    # One pon (a yakuhai) and one discard since: the hand-set numbers see no threat; the
    # learned models (LEARNED_OPEN) see one that is rarely ready yet, where its discard is
    # safe, a 5 is dearer than a 9 and an honour with no copy unseen cannot deal in.
    view = SeatView.of(one_pon_then_draw(), 2)
    assert view.discards_since_call(1) == 1 and view.discards_since_call(0) == -1
    assert read_threats(view, 2) == []
    (th,) = read_threats(view, 2, 0.0, True)
    assert th.seat == 1 and th.learned_open and th.pre == (kind("1z"),)
    assert 0.01 < th.p_tenpai < 0.3
    live = [3] * 34
    assert tile_danger(view, th, kind("1z"), live, [0] * 38) == 0.0  # 現物
    nine, five = (tile_danger(view, th, kind(k), live, [0] * 38) for k in ("9s", "5s"))
    assert 0 < nine < five
    live[kind("6z")] = 0
    assert tile_danger(view, th, kind("6z"), live, [0] * 38) == 0.0


def test_the_view_shows_the_riichi_declaration_tile() -> None:
    state = riichi_then_draw(riichi=True)
    view = SeatView.of(state, 1)
    declared = view.riichi_tile(0)
    assert declared is not None and tile_kind(declared) == kind("5p")
    assert view.riichi_tile(1) is None
    assert SeatView.of(riichi_then_draw(riichi=False), 1).riichi_tile(0) is None


# -- the exhaustive draw's noten payments -----------------------------------------------------


def late_against_a_riichi(hand1: str, drawn: str, rounds: int) -> State:
    """The dealer declares riichi at once discarding 5p (waiting on 6p-9p); then ``rounds``
    times round the table every seat discards what it draws (tiles of no souzu kind, so
    nothing near seat 1's souzu becomes safe), and seat 1, holding ``hand1``, draws
    ``drawn``."""
    ts = tileset("riichi")
    dealer = "123m456m789m11p78p"
    used = set(parse_tiles(dealer + hand1 + "5p" + drawn + "8p", ts))
    free = [
        t
        for t in ts.tiles
        if t not in used and not 18 <= tile_kind(t) < 27 and ts.variant(t).name == "PLAIN"
    ]
    fill = tiles_to_string(free[: rounds * 4], ts, sort=False)
    wall = stacked("riichi", [dealer, hand1], live="5p" + fill + drawn, dora="8p")
    state = Game("riichi").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "5p")))
    pass_all(state)
    for _ in range(rounds * 4):
        seat = state.turn
        drew = state.players[seat].drawn
        assert drew is not None
        state.apply(Action(ActionType.DISCARD, seat, drew))
        pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    return state


def test_stays_ready_for_the_noten_payments_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ready on a closed 8s wait with two draws left, against a dealer's riichi: the drawn
    # 4s is dangerous. Counting only the win the bot folds (1z); counting the noten
    # payments it is about to collect (NOTEN_PUSH) it keeps the hand ready. (The hand-set
    # danger numbers: the learned ones put this 無スジ 4s, held 14 discards after the riichi,
    # at 0.32, past what the noten payments are worth.)
    monkeypatch.setattr(knobs, "LEARNED_DANGER", False)
    state = late_against_a_riichi("123m789m11z345p79s", "4s", 14)
    assert SeatView.of(state, 1).wall_left <= 12
    monkeypatch.setattr(knobs, "NOTEN_PUSH", 0.5)
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) == kind("4s")
    monkeypatch.setattr(knobs, "NOTEN_PUSH", 0.0)
    a = choice(state, 1)
    assert a.tile is not None and tile_kind(a.tile) != kind("4s")


# -- wins the rules refuse (関東式ブー) ------------------------------------------------------------


def kanto_riichi_then_draw(scores: list[int]) -> State:
    """kanto-boo: the dealer (seat 0) declares riichi on 5p waiting 1s-4s; seat 1 (holding
    4s) has drawn 9p. ``scores``: before the riichi stick."""
    wall = stacked(
        "kanto-boo",
        ["123m456m789m11p23s", "1357m2468s456p1z"],
        live="5p9p",
        dora="8p",
    )
    state = Game("kanto-boo").new_state([wall], start={"scores": scores})
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "5p")))
    pass_all(state)
    assert state.turn == 1 and state.phase == "turn"
    return state


@pytest.mark.parametrize(
    ("scores", "refused"),
    [([10000, 1500, 10500, 10000], True), ([13000, 1500, 6000, 11500], False)],
)
def test_kanto_boo_a_ron_the_rules_refuse_costs_nothing(scores: list[int], refused: bool) -> None:
    # Seat 1 at 1500: the dealer's ron would bust it and end the game with it the only
    # player sunk (マルシー), which the rules refuse: the engine does not offer that ron, and
    # the bot reads the riichi as costing it nothing. With seat 2 sunk too the same ron ends
    # the game in マルビー with the dealer on top: allowed, and a threat.
    state = kanto_riichi_then_draw(scores)
    view = SeatView.of(state, 1)
    (th,) = read_threats(view, 1)
    assert (th.value == 0.0) is refused
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "4s")))
    offered = {a.type for a in state.legal_actions(0)}
    assert (ActionType.RON not in offered) is refused
