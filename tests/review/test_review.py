"""牌譜検討 (issue 41): the review's numbers are honest, it reads nothing hidden, and the
command writes its report.

* The standard bot's own seat agrees with the review at every decision; on the same
  seeded games of every preset the random bot agrees far less and costs far more than the
  baseline bot.
* A seat's review (its call, kan and riichi readings too) is unchanged when every tile that
  seat never sees (the other hands' and the wall's) is swapped for another.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import main
from jantaku.game import Game
from jantaku.game.visibility import view_of
from jantaku.log.export import games_of
from jantaku.review import Reviewer, review_game
from jantaku.review.load import game_of
from jantaku.sim.runner import play_game

PRESETS = {"riichi": 4, "sanma": 3, "gotou": 3, "tokushima": 3, "mighty": 3, "kanto-boo": 4}
REVIEWER = Reviewer()


def logged(preset: str, seed: int, bots: str) -> tuple[Game, list[dict[str, Any]]]:
    buf = io.StringIO()
    play_game(preset, seed, bots, log=buf)
    events = games_of(buf.getvalue().splitlines())[0]
    return game_of(events), events


def seat_bots(seats: int) -> str:
    """The standard, baseline and random bots at one table (a fourth seat: baseline)."""
    return ",".join(["standard", "baseline", "random", "baseline"][:seats])


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_review_is_honest_for_every_preset(preset: str) -> None:
    game, events = logged(preset, 7, seat_bots(PRESETS[preset]))
    own, base, rand = (review_game(game, events, s, REVIEWER)["summary"] for s in range(3))
    # The standard bot's seat: the review is its own decision code, so every decision agrees.
    assert own["decisions"] > 10
    assert own["agreement"] >= 0.99, own
    assert own["total_cost"] == 0
    # The same game's baseline and random seats: random agrees far less and costs more.
    assert base["decisions"] > 10 and rand["decisions"] > 10
    assert rand["agreement"] < base["agreement"] - 0.2, (base, rand)
    assert rand["average_cost"] > 2 * base["average_cost"], (base, rand)


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_review_is_honest_over_seeded_games(preset: str) -> None:
    """Five more seeded games a preset, pooled: the same three claims over every decision."""
    pooled: dict[str, list[dict[str, Any]]] = {"own": [], "base": [], "rand": []}
    for seed in range(100, 105):
        game, events = logged(preset, seed, seat_bots(PRESETS[preset]))
        for name, s in zip(pooled, range(3), strict=False):
            pooled[name] += [
                d for h in review_game(game, events, s, REVIEWER)["hands"] for d in h["decisions"]
            ]

    def rate(ds: list[dict[str, Any]]) -> float:
        known = [d for d in ds if d["agree"] is not None]
        return float(sum(d["agree"] for d in known) / len(known))

    def cost(ds: list[dict[str, Any]]) -> float:
        # Discards' costs in points: a riichi kind's cost (open, シュバ) arises only for a
        # ready hand, which the random bot rarely has, and places are another unit.
        valued = [d["cost"] for d in ds if d["cost_unit"] == "points" and d["kind"] == "discard"]
        return float(sum(valued) / len(valued))

    assert rate(pooled["own"]) >= 0.99
    assert rate(pooled["rand"]) < rate(pooled["base"]) - 0.2
    assert cost(pooled["rand"]) > 2 * cost(pooled["base"])


_TILE_KEYS = ("tile", "tiles", "tehai", "hands", "live", "rinshan", "dora", "ura")


def _ints(x: object) -> set[int]:
    if isinstance(x, bool):
        return set()
    if isinstance(x, int):
        return {x}
    if isinstance(x, dict):
        return set().union(*(_ints(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*(_ints(v) for v in x)) if x else set()
    return set()


def _swap(x: Any, perm: dict[int, int], names: dict[int, str]) -> Any:
    """``x`` with the tiles of ``perm`` swapped (tile fields only; a swapped draw renamed)."""
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            if k in _TILE_KEYS or k == "wall":
                out[k] = _swap_tiles(v, perm)
            else:
                out[k] = _swap(v, perm, names)
        if out.get("type") == "tsumo" and out.get("tile") in perm.values():
            out["pai"] = names[out["tile"]]
        return out
    if isinstance(x, list):
        return [_swap(v, perm, names) for v in x]
    return x


def _swap_tiles(v: Any, perm: dict[int, int]) -> Any:
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return perm.get(v, v)
    if isinstance(v, list):
        return [_swap_tiles(t, perm) for t in v]
    if isinstance(v, dict):
        return {k: _swap_tiles(t, perm) for k, t in v.items()}
    return v


def _hidden_swapped(
    game: Game, events: list[dict[str, Any]], seat: int, rng: random.Random
) -> list[dict[str, Any]]:
    """The log with every tile ``seat`` never sees shuffled among themselves, hand by hand:
    the other hands and the wall replaced, the seat's view the same."""
    starts = [i for i, ev in enumerate(events) if ev["type"] == "start_kyoku"]
    ends = [*starts[1:], len(events)]
    out: list[dict[str, Any]] = []
    perm: dict[int, int] = {}
    names = dict(enumerate(game.names))
    for i, ev in enumerate(events):
        if ev["type"] == "start_kyoku":
            hand = events[i : ends[starts.index(i)]]
            # What the seat sees of this hand (over-counted: scores, seats...: fewer swapped).
            seen = _ints([{k: v for k, v in e.items() if k != "wall"} for e in view_of(hand, seat)])
            hidden = sorted(_ints(ev["wall"]) - seen)
            shuffled = hidden[:]
            rng.shuffle(shuffled)
            perm = dict(zip(hidden, shuffled, strict=True))
        out.append(_swap(ev, perm, names))
    return out


@pytest.mark.parametrize(
    ("preset", "seat"),
    [("riichi", 1), ("sanma", 2), ("gotou", 0), ("tokushima", 1), ("mighty", 0), ("kanto-boo", 3)],
)
def test_a_review_reads_nothing_hidden(preset: str, seat: int) -> None:
    game, events = logged(preset, 11, "standard")
    rng = random.Random(5)
    before = review_game(game, events, seat, REVIEWER)
    # Among what must not change: the call and kan verdicts, and open riichi's and シュバ's
    # expected points where the preset offers them.
    opts = [o for h in before["hands"] for d in h["decisions"] for o in d["options"]]
    assert any("rule" in o for o in opts)
    if preset in ("gotou", "mighty"):
        assert any(o.get("riichi_value") is not None for o in opts)
    for _ in range(2):
        other = _hidden_swapped(game, events, seat, rng)
        assert view_of(other, seat) == view_of(events, seat)
        changed = [
            s
            for a, b in zip(events, other, strict=True)
            if a["type"] == "start_kyoku"
            for s in range(game.seats)
            if s != seat and a["wall"]["hands"][s] != b["wall"]["hands"][s]
        ]
        assert changed, "the other hands were not replaced"
        assert review_game(game, other, seat, REVIEWER) == before


def test_the_command_writes_a_self_contained_report(tmp_path: Path, capsys: Any) -> None:
    buf = io.StringIO()
    play_game("riichi", 3, "standard,random,baseline,standard", log=buf)
    log = tmp_path / "game.jsonl"
    log.write_text(buf.getvalue(), encoding="utf-8")
    out = tmp_path / "rev"
    assert main(["review", str(log), "--seat", "1", "--out", str(out), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    review = json.loads((out / "review.json").read_text(encoding="utf-8"))
    assert printed["agreement"] == review["summary"]["agreement"] < 0.5
    assert review["seat"] == 1 and review["preset"] == "riichi"
    every = [d for h in review["hands"] for d in h["decisions"]]
    assert len(every) == review["summary"]["decisions"]
    for d in every:
        if d["taken"] is not None:
            assert d["rank"] == d["taken"] + 1
            assert d["agree"] == (d["taken"] == 0 or d["note"] == "tie")
    html = (out / "review.html").read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and 'lang="ja"' in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "fetches from elsewhere"
    assert "一致率" in html and "Agreement" in html
    assert html.count('class="dec') == len(every)
    # A seat the game does not have, and a log without walls, are refused.
    assert main(["review", str(log), "--seat", "4", "--out", str(out)]) == 2
    view = tmp_path / "view.jsonl"
    view.write_text(
        "\n".join(json.dumps(e) for e in view_of(games_of(buf.getvalue().splitlines())[0], 0)),
        encoding="utf-8",
    )
    assert main(["review", str(view), "--seat", "0", "--out", str(out)]) == 2
