"""The yaku ids: the rules' list (:data:`jantaku.rules.yaku_ids.YAKU_IDS`, what a preset's
knobs may name) and the scorer's declared units (:data:`jantaku.scoring.yaku.ALL_YAKU_BY_ID`)
name the same ids, and the import-time check that keeps them so names what differs."""

from __future__ import annotations

import pytest

from jantaku.rules import RulesError, load_preset
from jantaku.rules.yaku_ids import YAKU_IDS
from jantaku.scoring.yaku import ALL_YAKU_BY_ID, DORA_IDS, YakuIdsMismatch, check_yaku_ids


def test_the_rules_list_and_the_scorers_units_name_the_same_ids() -> None:
    assert set(ALL_YAKU_BY_ID) == YAKU_IDS
    assert all(ALL_YAKU_BY_ID[i].id == i for i in YAKU_IDS)
    assert YAKU_IDS.isdisjoint(DORA_IDS)  # han counted like yaku, never named by a knob


def test_a_yaku_on_one_side_only_is_named_by_the_check() -> None:
    check_yaku_ids(ALL_YAKU_BY_ID, YAKU_IDS)
    with pytest.raises(YakuIdsMismatch, match=r"not in the rules' list: new_yaku$"):
        check_yaku_ids([*ALL_YAKU_BY_ID, "new_yaku"], YAKU_IDS)
    with pytest.raises(YakuIdsMismatch, match=r"no yaku unit: pinfu$"):
        check_yaku_ids(set(ALL_YAKU_BY_ID) - {"pinfu"}, YAKU_IDS)
    with pytest.raises(
        YakuIdsMismatch, match=r"not in the rules' list: tanyao; no yaku unit: tanyo$"
    ):
        check_yaku_ids(ALL_YAKU_BY_ID, (YAKU_IDS - {"tanyao"}) | {"tanyo"})


@pytest.mark.parametrize("knob", ["disabled_yaku", "extra_yaku", "pao"])
def test_a_misspelt_yaku_in_a_preset_knob_is_refused_by_load_preset(knob: str) -> None:
    with pytest.raises(RulesError, match=rf"scoring\.{knob}.*no yaku 'tanyo'"):
        load_preset("riichi", {"scoring": {knob: ["tanyo"]}})
