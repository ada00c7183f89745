"""The ledger's quick path (han and fu counted at the table) pays chips exactly as the
calculator path (the hand's tiles) does: the table says which items happened on which win,
the ledger decides who pays (issue 37 item 1)."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.rules import load_preset
from jantaku.scoring.ledger import Ledger, LedgerError
from jantaku.server.sessions import replay

# Hands of each chip preset with the items the table counts in them (hand-counted).
GOTOU = {
    # ippatsu 1, red 5p 1, gold 5p 2, ura 7s → 8s×2: 2 → 6 chips a payer.
    "hand": "0g5p234s567s234p88s",
    "win_tile": "3p",
    "riichi": "riichi",
    "ippatsu": True,
    "dora_indicators": "1s",
    "ura_indicators": "7s",
}
GOTOU_ITEMS = {"ippatsu": 1, "red": 1, "gold": 1, "ura": 2}
MIGHTY = {
    # ippatsu 1, ura 5p → 6p×3 (678p, 66p): 3 → 4 chips a payer.
    "hand": "111m678p234s66p78s",
    "win_tile": "4s",
    "riichi": "riichi",
    "ippatsu": True,
    "dora_indicators": "1s",
    "ura_indicators": "5p",
}
MIGHTY_ITEMS = {"ippatsu": 1, "ura": 3}
TOKUSHIMA = {
    # ippatsu 1, ura 5p → 6p×3: 3 → 4 chips a payer.
    "hand": "234p678p234s66p678s",
    "win_tile": "4s",
    "riichi": "riichi",
    "ippatsu": True,
    "dora_indicators": "1s",
    "ura_indicators": "5p",
}
TOKUSHIMA_ITEMS = {"ippatsu": 1, "ura": 3}
TOKUSHIMA_RINSHAN = {
    "hand": "234p678p66p345s",
    "melds": [{"type": "ankan", "tiles": "2222s"}],
    "win_tile": "5s",
    "win": "tsumo",
    "rinshan": True,
    "dora_indicators": "1s",
}


def names(n: int) -> list[str]:
    return ["東家", "南家", "西家", "北家"][:n]


def calculator_then_quick(
    preset: str, people: int, ev: dict[str, Any], items: dict[str, int]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hand entered by its tiles, then by its han and fu (as the scorer read them) with
    the chip items the table counted: each path's row."""
    config = {"preset": preset, "options": {}, "names": names(people)}
    by_hand = replay(config, [{"cid": "a", "events": [ev]}])["hands"][0]
    (scored,) = by_hand["scored"]
    quick = {k: v for k, v in ev.items() if k != "situation"}
    if scored["yakuman"]:
        quick["yakuman"] = scored["yakuman"]
    else:
        quick["han"], quick["fu"] = scored["han"], scored["fu"]
    quick["chips"] = items
    by_count = replay(config, [{"cid": "b", "events": [quick]}])["hands"][0]
    return by_hand, by_count


CASES = [
    # preset, people, winner, from, situation, items, shuba, the winner's chips (hand-computed)
    ("gotou", 3, 1, 2, GOTOU, GOTOU_ITEMS, False, 6),
    ("gotou", 3, 1, None, GOTOU, GOTOU_ITEMS, False, 12),
    ("gotou", 3, 1, 2, GOTOU, GOTOU_ITEMS, True, 12),
    ("gotou", 3, 1, None, GOTOU, GOTOU_ITEMS, True, 24),
    # Four people: person 3 sits out (before the dealer) and takes 2 A (no spring).
    ("gotou", 4, 1, 2, GOTOU, GOTOU_ITEMS, False, 6 - 2),
    ("gotou", 4, 1, None, GOTOU, GOTOU_ITEMS, False, 12 - 2),
    ("gotou", 4, 1, 2, GOTOU, GOTOU_ITEMS, True, 12 - 2),
    ("mighty", 3, 1, 2, MIGHTY, MIGHTY_ITEMS, False, 4),
    ("mighty", 3, 1, None, MIGHTY, MIGHTY_ITEMS, False, 8),
    ("mighty", 4, 1, None, MIGHTY, MIGHTY_ITEMS, False, 8),
    ("tokushima", 3, 1, 2, TOKUSHIMA, TOKUSHIMA_ITEMS, False, 4),
    ("tokushima", 4, 1, 2, TOKUSHIMA, TOKUSHIMA_ITEMS, False, 4),
    ("tokushima", 4, 1, None, TOKUSHIMA_RINSHAN, {"rinshan": 1}, False, 2),
]


@pytest.mark.parametrize(
    ("preset", "people", "winner", "frm", "sit", "items", "shuba", "won"), CASES
)
def test_quick_path_pays_chips_as_the_calculator_path(
    preset: str,
    people: int,
    winner: int,
    frm: int | None,
    sit: dict[str, Any],
    items: dict[str, int],
    shuba: bool,
    won: int,
) -> None:
    ev: dict[str, Any] = {"type": "win", "winner": winner, "from": frm, "situation": sit}
    if sit.get("riichi"):
        ev["riichi"] = [winner]
    if shuba:
        ev["shuba"] = [winner]
    by_hand, by_count = calculator_then_quick(preset, people, ev, items)
    assert by_count["chip_changes"] == by_hand["chip_changes"]
    assert by_count["payments"] == by_hand["payments"]
    assert by_hand["chip_changes"][winner] == won
    if people == 4 and preset == "mighty":
        # mighty has no sitting-out chips and these items are not A: the two players in
        # the hand pay them.
        assert by_hand["chip_changes"][3] == 0


def quick(preset: str, people: int, ev: dict[str, Any]) -> dict[str, Any]:
    led = Ledger(load_preset(preset), people)
    out: dict[str, Any] = led.apply({"type": "win", **ev})
    return out


def test_gotou_sanbaiman_ron_is_paid_by_everyone_even_the_sitting_out() -> None:
    # «三倍満3枚 オール(ロンでもオール)»: person 3 sits out and pays 3 too; and receives 2 A
    # back as the sitting-out person in a hand without a spring.
    e = quick("gotou", 4, {"winner": 1, "from": 2, "han": 11, "fu": 30})
    assert e["chip_changes"] == [-3 - 2, 9 - 2, -3 - 2, -3 + 6]


def test_gotou_yakuman_ron_chips_come_from_the_discarder_only() -> None:
    e = quick("gotou", 4, {"winner": 1, "from": 2, "yakuman": 1})
    # 10 from the discarder; the sitting-out person's 2 A from each of the three.
    assert e["chip_changes"] == [-2, 10 - 2, -10 - 2, 6]


def test_gotou_shuba_doubles_the_dice_chance_and_the_quick_items() -> None:
    e = quick(
        "gotou",
        3,
        {
            "winner": 0,
            "from": None,
            "han": 3,
            "fu": 40,
            "riichi": [0],
            "shuba": [0],
            "chips": {"red": 1},
            "dice": [[3, 3], [2, 5]],
        },
    )
    # red 1 from each of two payers, dice 6 + 7 = 13 from each: all doubled by シュバ.
    assert e["chip_changes"] == [2 * (1 + 13) * 2, -2 * 14, -2 * 14]


@pytest.mark.parametrize(
    ("preset", "chips", "message"),
    [
        ("mighty", {"red": 1}, "chips.red: mighty pays no chips for it"),
        ("riichi", {"ura": 1}, "chips: riichi plays without chips"),
        ("gotou", {"ura": -1}, "chips.ura: a count 0 to 99"),
        ("gotou", {"spring": 1}, "chips.spring: one of"),
        ("gotou", {"rinshan": 1}, "chips.rinshan"),
    ],
)
def test_a_chip_item_the_rules_cannot_take_is_refused_and_changes_nothing(
    preset: str, chips: dict[str, int], message: str
) -> None:
    led = Ledger(load_preset(preset))
    before = (list(led.state.scores), list(led.state.chips))
    with pytest.raises(LedgerError, match=message.replace("(", r"\(")):
        led.apply({"type": "win", "winner": 1, "from": 2, "han": 2, "fu": 30, "chips": chips})
    assert (led.state.scores, led.state.chips) == before
    assert led.state.hand == 1 and led.state.sticks == 0


def test_chips_with_a_hand_by_its_tiles_are_refused() -> None:
    led = Ledger(load_preset("gotou"))
    with pytest.raises(LedgerError, match="counts its own chips"):
        led.apply({"type": "win", "winner": 1, "from": 2, "situation": GOTOU, "chips": {"ura": 1}})


def test_gotou_chombo_deal_in_chips_by_count_match_the_hand() -> None:
    # The tenpai player's 高め deal-in, by its tiles or by its han/fu and the chips counted.
    by_hand = Ledger(load_preset("gotou")).apply(
        {"type": "chombo", "player": 2, "deal_ins": [{"winner": 1, "situation": GOTOU}]}
    )
    by_count = Ledger(load_preset("gotou")).apply(
        {
            "type": "chombo",
            "player": 2,
            "deal_ins": [{"winner": 1, "han": 6, "fu": 40, "chips": GOTOU_ITEMS}],
        }
    )
    assert by_hand["chip_changes"] == by_count["chip_changes"] == [10, 16, -26]


def test_tokushima_1m_9m_bonus_counted_at_the_table() -> None:
    plain = quick("tokushima", 3, {"winner": 1, "from": 2, "han": 2, "fu": 30})
    ron = quick("tokushima", 3, {"winner": 1, "from": 2, "han": 2, "fu": 30, "terminals": 2})
    # «一萬・九萬 +1000点»: two such tiles, 2000 more from the discarder.
    assert [a - b for a, b in zip(ron["payments"], plain["payments"], strict=True)] == [
        0,
        2000,
        -2000,
    ]
    plain = quick("tokushima", 3, {"winner": 1, "from": None, "han": 2, "fu": 30})
    tsumo = quick("tokushima", 3, {"winner": 1, "from": None, "han": 2, "fu": 30, "terminals": 3})
    assert [a - b for a, b in zip(tsumo["payments"], plain["payments"], strict=True)] == [
        -3000,
        6000,
        -3000,
    ]
    with pytest.raises(LedgerError, match="terminals: gotou pays nothing"):
        quick("gotou", 3, {"winner": 1, "from": 2, "han": 2, "terminals": 1})


def test_gotou_open_riichi_adds_1000_on_the_quick_path() -> None:
    base = {"winner": 1, "from": 2, "han": 2, "fu": 30, "riichi": [1]}
    plain = quick("gotou", 3, base)
    opened = quick("gotou", 3, {**base, "open_riichi": [1]})
    assert opened["payments"][1] - plain["payments"][1] == 1000
    assert opened["payments"][2] - plain["payments"][2] == -1000
    with pytest.raises(LedgerError, match="must also be listed in riichi"):
        quick("gotou", 3, {**base, "riichi": [], "open_riichi": [1]})


def test_double_ron_second_winner_shuba_doubles_their_chips() -> None:
    led = Ledger(load_preset("gotou"), 3)
    first = {"type": "win", "winner": 1, "from": 0, "han": 2, "fu": 30, "double": True}
    second = {"type": "win", "winner": 2, "from": 0, "han": 2, "fu": 30, "double": True}
    out = led.run(
        [
            {**first, "riichi": [2], "shuba": [2], "chips": {"red": 1}},
            {**second, "chips": {"red": 1}},
        ]
    )
    chips = [a + b for a, b in zip(out[0]["chip_changes"], out[1]["chip_changes"], strict=True)]
    # red 1 from the discarder to each winner; 西家's doubled by their シュバ.
    assert chips == [-3, 1, 2]
