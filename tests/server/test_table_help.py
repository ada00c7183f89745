"""POST /api/waits: the table page asks for the waits of its own seat's hand, under the table's
rules and changed knobs, and agrees with `jantaku waits` (test_cli_waits' hands)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.cli import run_json
from jantaku.rules import PRESET_NAMES, load_preset
from jantaku.server.app import create_app
from jantaku.tiles import Hand


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "tables.sqlite3")))


def ask(client: TestClient, preset: str, hand: str, **extra: object) -> tuple[int, Any]:
    parsed = Hand.parse(hand, load_preset(preset).tileset())
    called = [t for m in parsed.melds for t in m.tiles]
    r = client.post(
        "/api/waits",
        json={"preset": preset, "tiles": list(parsed.concealed), "called": called, **extra},
    )
    return r.status_code, r.json()


@pytest.mark.parametrize(
    ("preset", "hand"),
    [
        ("mighty", "23456779s4577p"),
        ("riichi", "1112345678999m"),
        ("sanma", "19m19p19s1234567z"),
        ("riichi", "123m456p1z c312s p777z<"),
        ("riichi", "1111m234p567s789s"),
        ("mighty", "123p456p789s123s"),
        ("riichi", "123m456p789s1234z"),
    ],
)
def test_the_same_waits_as_the_cli(client: TestClient, preset: str, hand: str) -> None:
    code, out = ask(client, preset, hand)
    assert code == 200
    assert out == run_json(["waits", "--rules", preset, "--json", hand])[1]


def test_the_tables_changed_knobs_count(client: TestClient) -> None:
    # 4枚使い七対子: 1111m counts as two pairs only where the knob allows it.
    hand = "1111m2233p4455s6z"
    assert ask(client, "riichi", hand)[1]["waits"] == []
    code, out = ask(client, "riichi", hand, options={"hand": {"chiitoi_four": True}})
    assert (code, out["shanten"], out["waits"]) == (200, 0, ["6z"])


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"preset": "nope", "tiles": [0]}, "no preset"),
        ({"preset": "riichi", "tiles": [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}, "twice"),
        ({"preset": "riichi", "tiles": [999]}, "not a tile id"),
        ({"preset": "riichi", "tiles": list(range(0, 44, 4))}, "not a waiting hand"),
        ({"preset": "sanma", "tiles": [4, *range(36, 84, 4)]}, "4 is not a tile id"),
        ({"preset": "riichi", "tiles": [], "options": {"hand": {"nope": 1}}}, "nope"),
    ],
)
def test_a_bad_hand_is_refused_with_its_reason(
    client: TestClient, body: dict[str, Any], fragment: str
) -> None:
    r = client.post("/api/waits", json=body)
    assert r.status_code in (400, 422) and fragment in r.text, r.text


def test_every_yaku_a_preset_names_has_a_japanese_name_to_pick(client: TestClient) -> None:
    """GET /api/yaku: the rule sheet offers yaku by name; every id a built-in preset lists
    (local yaku, yaku left out, 責任払い, changed han) is there with its Japanese name."""
    r = client.get("/api/yaku")
    assert r.status_code == 200
    names = {y["id"]: y for y in r.json()}
    assert names["sanrenkou"]["ja"] == "三連刻" and names["sanrenkou"]["house"]
    assert names["riichi"]["ja"] == "立直" and not names["riichi"]["house"]
    for preset in PRESET_NAMES:
        s = load_preset(preset).scoring
        for yid in [*s.extra_yaku, *s.disabled_yaku, *s.pao, *s.yaku_han]:
            assert yid in names, (preset, yid)
            assert names[yid]["ja"] and names[yid]["ja"] != yid, (preset, yid)
