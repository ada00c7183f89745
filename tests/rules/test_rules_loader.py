"""The preset loader: built-ins, inheritance, overrides and clear errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jantaku.rules import PRESET_NAMES, RulesError, load_preset


def test_every_builtin_preset_loads() -> None:
    players = {n: load_preset(n).players for n in PRESET_NAMES}
    assert players == {
        "riichi": 4,
        "sanma": 3,
        "gotou": 3,
        "tokushima": 3,
        "mighty": 3,
        "kanto-boo": 4,
    }


def test_user_file_inherits_and_changes_a_knob(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text('base = "gotou"\nname = "mine"\n[hand]\nchiitoi_four = false\n')
    p = load_preset(f)
    assert p.name == "mine" and p.players == 3
    assert p.hand.chiitoi_four is False
    assert p.tiles.flowers is True  # inherited
    assert load_preset("gotou").hand.chiitoi_four is True  # the built-in is untouched


def test_values_once_named_after_a_preset_still_load_as_their_new_names(tmp_path: Path) -> None:
    """``point_table = "tokushima"`` and ``style = "gotou_chips"`` (files and tables saved
    before the values were named by what they do) load as ``no_bazoro`` and ``rank_chips``."""
    f = tmp_path / "old.toml"
    f.write_text(
        'base = "riichi"\nname = "old"\n[scoring]\npoint_table = "tokushima"\n'
        '[settlement]\nstyle = "gotou_chips"\n'
    )
    p = load_preset(f)
    assert p.scoring.point_table == "no_bazoro" and p.settlement.style == "rank_chips"
    flat = load_preset("riichi", {"point_table": "tokushima", "style": "gotou_chips"})
    assert flat.scoring == p.scoring and flat.settlement == p.settlement
    assert load_preset("tokushima").scoring.point_table == "no_bazoro"
    assert load_preset("gotou").settlement.style == "rank_chips"
    with pytest.raises(RulesError, match="point_table"):
        load_preset("riichi", {"point_table": "mighty"})


@pytest.mark.parametrize(
    ("options", "knobs"),
    [
        ({"settlement": {"uma": [20, 10]}}, ("settlement.uma",)),
        ({"game": {"start_points": -1}}, ("game.start_points",)),
        ({"game": {"start_points": "lots"}}, ("game.start_points",)),
        ({"tiles": {"red": {"5x": 1}}}, ("tiles.red",)),
        ({"game": {"chombo": "points_each"}}, ("game.chombo_each", "game.chombo")),
        (
            {"scoring": {"flower_powers": True}},
            ("scoring.flower_han", "scoring.flower_powers", "tiles.flowers"),
        ),
    ],
)
def test_a_refused_preset_names_its_knobs_as_data(
    options: dict[str, Any], knobs: tuple[str, ...]
) -> None:
    """``RulesError.knobs``: what a page marks, the knob a contradiction starts from first."""
    with pytest.raises(RulesError) as refused:
        load_preset("riichi", options)
    assert refused.value.knobs == knobs


def test_overrides() -> None:
    p = load_preset("kanto-boo", {"tiles": {"red": {"5p": 1}}})
    assert len(p.tileset().copies(13)) == 4
    assert sum(1 for t in p.tileset().copies(13) if p.tileset().variant(t)) == 1


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('base = "gotou"\n[hand]\nchiitoi_for = true\n', "hand.chiitoi_for"),
        ('base = "gotou"\n[hand]\nchiitoi_four = "yes"\n', "hand.chiitoi_four"),
        ('base = "gotou"\n[tiles]\nred = { "4p" = 1 }\n', "only fives"),
        ('base = "riichi"\n[tiles]\nmanzu_fives = true\n', "tiles.manzu_fives"),
        ('base = "sanma"\n[tiles]\nred = { "5m" = 1 }\n', "no 5m"),
        ('base = "chess"\n', "not a preset"),
        ('base = "gotou"\nplayers = 5\n', "players"),
        ("name = 'x'\n", "players"),
        ("not toml [", "not valid TOML"),
    ],
)
def test_broken_files_name_the_key(tmp_path: Path, text: str, fragment: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(RulesError) as err:
        load_preset(f)
    assert fragment in str(err.value)
    assert str(f) in str(err.value) or "chess" in str(err.value)


def test_wildcard_fifth_copy_knob_changes_waits() -> None:
    # mighty: 123456p 8888s 11z + the wildcard. Drawing 1z makes 111z, and then the wildcard
    # must pair with the lone 8s left over from 888s: a fifth 8s. So 1z is a wait only when
    # the knob allows fifth copies.
    from jantaku.hand import HandAnalyzer
    from jantaku.tiles import Hand

    def waits(preset_overrides: dict[str, object] | None) -> list[str]:
        p = load_preset("mighty", preset_overrides)
        a = HandAnalyzer(
            p.tileset(), chiitoi_four=p.hand.chiitoi_four, fifth_copy=p.hand.wildcard_fifth_copy
        )
        counts = Hand.parse("123456p8888s11z", p.tileset()).concealed_counts()
        return a.waits(counts, 0, p.hand.wildcards).names

    assert waits(None) == ["6s", "7s", "9s"]
    assert waits({"hand": {"wildcard_fifth_copy": True}}) == ["6s", "7s", "9s", "1z"]
