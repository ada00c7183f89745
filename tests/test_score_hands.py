"""点数記録: what a hand entry holds (issue 37 item 5): a chip entry (a spring) recorded with
the hand it belongs to counts for that hand; 精算 counts hands played, not chip entries."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.server.sessions import SessionError, _check_hand, replay

CONFIG = {"preset": "gotou", "options": {}, "names": ["亜", "伊", "宇", "江"]}
SPRING = {"type": "chips", "to": 1, "items": {"spring": 1}}
WIN = {"type": "win", "winner": 1, "from": 2, "han": 3}


def hands(*entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"cid": str(i), "events": evs} for i, evs in enumerate(entries)]


def test_a_spring_recorded_with_its_hand_stops_the_sitting_out_chips() -> None:
    # 江 sits out. A spring in the hand: no «春が出なかった場合» 2 A for 江.
    with_it = replay(CONFIG, hands([SPRING, WIN]))["hands"][0]
    # Entered as its own entry after the win, it would count for the next hand.
    after = replay(CONFIG, hands([WIN], [SPRING]))["hands"]
    # spring 1 from each of the three others to 伊; no sitting-out chips.
    assert with_it["chip_changes"] == [-1, 3, -1, -1]
    assert after[0]["chip_changes"] == [-2, -2, -2, 6]
    assert with_it["label"] == after[0]["label"]


def test_the_settlement_counts_hands_not_chip_entries() -> None:
    start = {"type": "chips", "to": 0, "items": {"other": 1}}
    state = replay(CONFIG, hands([start], [WIN], [{"type": "draw", "tenpai": [1]}]))
    assert state["games"][0]["hands"] == 2


@pytest.mark.parametrize(
    "events",
    [
        [WIN, SPRING],  # a chip entry after the hand
        [SPRING, WIN, {**WIN, "winner": 0}],  # two winners, not a double ron
    ],
)
def test_a_hand_entry_of_the_wrong_shape_is_refused(events: list[dict[str, Any]]) -> None:
    with pytest.raises(SessionError):
        _check_hand({"events": events})
