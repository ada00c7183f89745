"""牌譜検討 beyond discards (issue 41): calls, riichi kinds and kans read by the standard bot's
own decision code, ties counted as agreement, and costs totalled per unit.

* A call decision carries each call's verdict by the bot's call rules and the shanten it
  leaves (the rules have no value: no cost), and the bot's pick is what those verdicts give.
* A riichi decision carries each riichi kind's expected points as the bot weighs them: its
  pick is the highest, and choosing another kind on the same tile costs the difference.
* Nothing hidden changes those readings.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from jantaku.bots.standard import StandardBot
from jantaku.game import Game
from jantaku.game.actions import ActionType
from jantaku.log.export import games_of
from jantaku.review import Reviewer, review_game
from jantaku.review.core import TIE
from jantaku.review.load import game_of
from jantaku.review.positions import decisions
from jantaku.sim.runner import play_game

REVIEWER = Reviewer()
_RIICHI = {
    ActionType.RIICHI,
    ActionType.OPEN_RIICHI,
    ActionType.SHUBA_RIICHI,
    ActionType.OPEN_SHUBA_RIICHI,
}


def logged(preset: str, seed: int, bots: str) -> tuple[Game, list[dict[str, Any]]]:
    buf = io.StringIO()
    play_game(preset, seed, bots, log=buf)
    events = games_of(buf.getvalue().splitlines())[0]
    return game_of(events), events


def every(review: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(h["hand"], d) for h in review["hands"] for d in h["decisions"]]


def test_the_bots_calls_are_its_call_verdicts() -> None:
    """At every call decision of the standard bot's seat, the bot calls exactly when one of
    :meth:`StandardBot.read_calls`' verdicts is ``"call"``, and then the best scored one."""
    bot = StandardBot()
    called = passed = 0
    for seed in (7, 8, 9):
        game, events = logged("riichi", seed, "standard")
        for d in decisions(game, events, 0):
            calls = [a for a in d.legal if a.type in (ActionType.CHI, ActionType.PON)]
            if not calls or any(a.type is ActionType.RON for a in d.legal):
                continue
            pick = bot.choose(d.view, 0, d.legal)
            verdicts = bot.read_calls(d.view, 0, calls)
            takes = [v for v in verdicts if v.rule == "call"]
            if pick.type is ActionType.PASS:
                passed += 1
                assert not takes
            elif pick.type in (ActionType.CHI, ActionType.PON):
                called += 1
                best = max(takes, key=lambda v: v.score or 0.0)
                assert v_key(best.action, game) == v_key(pick, game)
                assert best.shanten is not None
    assert called >= 3 and passed >= 10, (called, passed)


def v_key(a: Any, game: Game) -> tuple[object, ...]:
    return tuple(a.key(game.tileset))


def test_a_call_decision_carries_the_rules_verdicts() -> None:
    """In the review: the skip with the hand's shanten, each call with its verdict and the
    shanten after it; a call the bot takes brings the hand nearer (or secures a yakuhai), and
    a difference at a call is the bot's rule, not a cost."""
    seen_call = seen_differ = 0
    for seed in (7, 8, 9):
        game, events = logged("riichi", seed, "standard,baseline,random,baseline")
        for seat in (0, 1, 2):
            for _, d in every(review_game(game, events, seat, REVIEWER)):
                if d["kind"] != "call":
                    continue
                skip = next(o for o in d["options"] if o["en"] == "Skip")
                top = d["options"][0]
                assert skip["rule"] == "skip" and isinstance(skip["shanten"], int)
                assert all("rule" in o for o in d["options"])
                if top["rule"] == "call":
                    seen_call += 1
                    assert d["rule"] == "call"
                    assert top["shanten"] <= skip["shanten"]
                elif top is skip:
                    assert not any(o["rule"] == "call" for o in d["options"])
                if d["agree"] is False:
                    seen_differ += 1
                    assert d["note"] == "rule" and d["cost"] is None
                    assert d["cost_unit"] is None
    assert seen_call >= 3 and seen_differ >= 3, (seen_call, seen_differ)


def _riichi_opts(d: dict[str, Any], tile: str) -> list[dict[str, Any]]:
    return [
        o for o in d["options"] if o.get("riichi_value") is not None and o["en"].split()[-1] == tile
    ]


@pytest.mark.parametrize("preset", ["gotou", "mighty"])
def test_a_riichi_decision_carries_each_kinds_expected_points(preset: str) -> None:
    """Where open riichi and シュバ are offered, the bot's kind is the one of highest expected
    points (:func:`~jantaku.bots.standard.riichi.riichi_values`); another kind on the same
    tile costs the difference, in points."""
    picked = costed = 0
    for seed in (7, 8, 9):
        game, events = logged(preset, seed, "standard,baseline,random")
        for seat in (0, 1):
            for _, d in every(review_game(game, events, seat, REVIEWER)):
                top = d["options"][0]
                if top.get("riichi_value") is None:
                    continue
                picked += 1
                assert d["rule"] == "riichi"
                same = _riichi_opts(d, top["en"].split()[-1])
                assert len(same) >= 2
                assert top["riichi_value"] >= max(o["riichi_value"] for o in same) - 0.05
                t = d["taken"]
                if t and d["options"][t] in same and d["options"][t]["value"] == top["value"]:
                    costed += 1
                    gap = top["riichi_value"] - d["options"][t]["riichi_value"]
                    assert d["cost_unit"] == "points"
                    assert d["cost"] == pytest.approx(max(0.0, gap), abs=0.11)
                    assert d["agree"] == (abs(gap) <= 0.05)
    assert picked >= 3 and costed >= 1, (picked, costed)


def test_ties_agree_and_units_are_totalled_apart() -> None:
    """A choice of the bot's best value (within :data:`TIE`) agrees; the summary's total is
    the points' costs only, a last hand's costs in places are totalled apart."""
    ties = places = 0
    for seed in (8, 10):
        game, events = logged("riichi", seed, "standard,baseline,random,baseline")
        for seat in (1, 2, 3):
            review = review_game(game, events, seat, REVIEWER)
            ds = [d for _, d in every(review)]
            for d in ds:
                if d["note"] == "tie":
                    ties += 1
                    assert d["agree"] is True and d["cost"] == 0 and d["taken"] != 0
                    t, b = d["options"][d["taken"]], d["options"][0]
                    vt = t.get("riichi_value") if d["cost_unit"] == "points" else None
                    if vt is None:
                        assert abs(t["value"] - b["value"]) <= TIE + 0.1
            s = review["summary"]
            points = [d["cost"] for d in ds if d["cost_unit"] == "points"]
            assert s["total_cost"] == pytest.approx(sum(points), abs=0.5)
            assert s["by_unit"]["points"]["valued"] == len(points)
            in_places = [d["cost"] for d in ds if d["cost_unit"] == "places"]
            if any(in_places):
                places += 1
                assert s["by_unit"]["places"]["total_cost"] == pytest.approx(sum(in_places), 0.5)
            assert s["agree"] == sum(1 for d in ds if d["agree"])
    assert ties >= 1 and places >= 1, (ties, places)


def test_two_chis_on_one_tile_are_told_apart() -> None:
    """The log's chi is matched by the tiles it takes from the hand, not only the tile
    called: the standard bot's own seat then agrees at every decision, a decision between
    two chis on one tile among them."""
    game, events = logged("kanto-boo", 9, "standard,baseline,random,baseline")
    review = review_game(game, events, 0, REVIEWER)
    assert review["summary"]["agreement"] == 1.0
    both = [
        d for _, d in every(review) if sum(o["en"].startswith("Chi 5m") for o in d["options"]) == 2
    ]
    assert both and all(d["agree"] and d["taken"] == 0 for d in both)
