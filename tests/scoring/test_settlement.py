"""Settlement: the seeds' worked rows, and Tenhou's final results from the real records."""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.rules import load_preset
from jantaku.scoring.settlement import rank_order, settle

LOGS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "real-logs"


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        # 2nd has クビ (>= 40000): 15 / 5 / -20.
        ([50000, 40000, 15000], [15, 5, -20]),
        # 2nd without クビ: 20 / -5 / -15.
        ([60000, 30000, 15000], [20, -5, -15]),
    ],
)
def test_gotou_three_people(points: list[int], expected: list[int]) -> None:
    result = settle(load_preset("gotou"), points, chips=[0, 0, 0]).result
    assert result == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        ([60000, 35000, 30000, 15000], [26, -2, -7, -17]),  # one with クビ
        ([50000, 45000, 30000, 15000], [23, 3, -8, -18]),  # two
        ([45000, 42000, 41000, 12000], [22, 2, -3, -21]),  # three
    ],
)
def test_gotou_four_people(points: list[int], expected: list[int]) -> None:
    assert settle(load_preset("gotou"), points, chips=[0] * 4).result == expected


def test_gotou_final_result_adds_the_chip_balance() -> None:
    result = settle(load_preset("gotou"), [50000, 40000, 15000], chips=[230, 190, 180]).result
    assert result == [245, 195, 160]


@pytest.mark.parametrize(
    ("points", "yakuman", "expected"),
    [
        ([14000, 6000, 5000, 7000], None, [27, -10, -10, -10]),  # マルエー: 3 × 10 - fee 3
        ([14000, 9000, 5000, 4000], None, [7, 0, -5, -5]),  # マルビー: 2 × 5 - 3
        ([12000, 9000, 8000, 3000], None, [0, 0, 0, -3]),  # マルシー: 3 - 3
        ([9000, 8000, 8000, 7000], None, [0, 0, 0, -3]),
        ([10000, 8000, 8000, 8000], None, [-3, 0, 0, 0]),  # nobody sunk: the fee alone
        ([6000, 12000, 7000, 7000], 0, [57, -20, -20, -20]),  # yakuman: double マルエー
    ],
)
def test_boo(points: list[int], yakuman: int | None, expected: list[int]) -> None:
    assert settle(load_preset("kanto-boo"), points, yakuman_winner=yakuman).result == expected


def test_tokushima_oka_to_top() -> None:
    # 15000 start, 20000 return: (points - 20000)/1000, top + 15.
    assert settle(load_preset("tokushima"), [30000, 10000, 5000]).result == [25, -10, -15]


@pytest.mark.parametrize(
    ("points", "chips", "expected"),
    [
        # one sunk: +10 +10 -20; oka 30 to the top; chips × 2000 points.
        ([50000, 35000, 5000], [0, 0, 0], [50, 5, -55]),
        ([50000, 25000, 15000], [0, 0, 0], [60, -25, -35]),  # two sunk: +20 -10 -10
        ([40000, 30000, 20000], [3, -1, -2], [46, -2, -44]),  # one sunk, chips 2 each
    ],
)
def test_mighty_sink_uma(points: list[int], chips: list[int], expected: list[float]) -> None:
    assert settle(load_preset("mighty"), points, chips=chips).result == expected


def test_rank_ties_go_to_the_earlier_seat_from_the_first_dealer() -> None:
    assert rank_order([20000, 30000, 30000, 20000], first_dealer=2) == [2, 1, 3, 0]


def test_tenhou_final_results_match_the_records() -> None:
    if not LOGS.is_dir():
        pytest.skip(f"real game records not found at {LOGS} (../shared is absent)")
    from jantaku.log.tenhou import iter_records

    checked = 0
    for _path, rec in iter_records(LOGS):
        if isinstance(rec, Exception) or rec.owari is None:
            continue
        if rec.rules.display and "の間" in rec.rules.display:
            continue  # Mahjong Soul rooms: another uma and oka
        n = rec.players
        name = "riichi" if n == 4 else "sanma"
        expected = list(rec.owari.scores[:n])
        # Tenhou gave whole numbers (五捨六入) until 2020 and tenths since.
        modes = ["none"] if any(x != int(x) for x in expected) else ["gosha_rokunyu", "none"]
        results = [
            settle(
                load_preset(name, {"settlement": {"rounding": m}}),
                list(rec.owari.points[:n]),
                first_dealer=rec.rounds[0].dealer,
            ).result
            for m in modes
        ]
        assert expected in results, (rec.source, expected, results)
        checked += 1
    assert checked >= 170
