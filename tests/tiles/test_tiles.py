"""Tiles, tile sets and MPSZ notation."""

from __future__ import annotations

import random

import pytest

from jantaku.rules import PRESET_NAMES, load_preset
from jantaku.tiles import (
    Hand,
    InvalidNotationError,
    MeldType,
    Source,
    Variant,
    kind_from_name,
    kind_name,
    parse_tiles,
    tile_kind,
    tiles_to_string,
    tileset,
)
from jantaku.tiles.kinds import CHUN, EAST, HAKU, M1, M5, M9, NORTH, P5, S5, WEST


def test_tile_counts_per_preset() -> None:
    sizes = {
        "riichi": 136,
        "sanma": 108,
        "gotou": 112,
        "tokushima": 112,
        "mighty": 112,
        "kanto-boo": 136,
    }
    for name, n in sizes.items():
        assert len(tileset(name)) == n, name


def test_preset_files_build_the_same_sets_as_the_tiles_layer() -> None:
    for name in PRESET_NAMES:
        a, b = tileset(name), load_preset(name).tileset()
        assert a.tiles == b.tiles and dict(a.variants) == dict(b.variants), name


@pytest.mark.parametrize(
    ("name", "variants"),
    [
        ("riichi", {M5: "RPPP", P5: "RPPP", S5: "RPPP"}),
        ("gotou", {P5: "RGPP", S5: "RGPP"}),
        ("tokushima", {P5: "RRPP", S5: "RRPP"}),
        ("mighty", {M5: "PPPP", P5: "RRPP", S5: "RRPP"}),
        ("kanto-boo", {M5: "PPPP", P5: "RRPP", S5: "PPPP"}),
    ],
)
def test_variants(name: str, variants: dict[int, str]) -> None:
    ts = tileset(name)
    letter = {Variant.PLAIN: "P", Variant.RED: "R", Variant.GOLD: "G"}
    for kind, expected in variants.items():
        got = "".join(letter[ts.variant(t)] for t in ts.copies(kind))
        assert got == expected, (name, kind_name(kind))


def test_dot_white_only_where_the_preset_has_it() -> None:
    assert tileset("gotou").variant(HAKU * 4) is Variant.DOT
    assert tileset("tokushima").variant(HAKU * 4) is Variant.DOT
    assert tileset("riichi").variant(HAKU * 4) is Variant.PLAIN


def test_three_player_sets_drop_2m_to_8m() -> None:
    for name in ("sanma", "gotou", "tokushima"):
        kinds = set(tileset(name).kinds)
        assert kinds.isdisjoint(range(1, 8)) and {M1, M9} <= kinds
    assert M5 in tileset("mighty").kinds and M5 not in tileset("mighty").hand_kinds


@pytest.mark.parametrize(
    ("name", "indicator", "dora"),
    [
        ("riichi", "9m", "1m"),
        ("riichi", "4z", "1z"),
        ("riichi", "7z", "5z"),
        ("riichi", "5z", "6z"),
        ("riichi", "3p", "4p"),
        ("sanma", "1m", "9m"),
        ("sanma", "9m", "1m"),
        ("mighty", "1m", "5m"),
        ("mighty", "5m", "9m"),
        ("mighty", "9m", "1m"),
        ("gotou", "3z", "4z"),
        ("gotou", "4z", "1z"),
    ],
)
def test_dora_from_indicator(name: str, indicator: str, dora: str) -> None:
    ts = tileset(name)
    assert kind_name(ts.dora_from_indicator(kind_from_name(indicator))) == dora


def test_flower_indicator_points_to_nothing() -> None:
    assert tileset("gotou").dora_from_indicator(kind_from_name("1f")) == -1


@pytest.mark.parametrize(
    "text",
    [
        "123m406p789s11z",
        "123m406p789s11z p555z>",
        "1112345678999m",
        "19m19p19s1234567z",
        "23m c312m m0555p^ a1111s k7777z<",
        "12s n44z",
    ],
)
def test_round_trip_riichi(text: str) -> None:
    assert str(Hand.parse(text)) == text
    assert Hand.parse(str(Hand.parse(text))) == Hand.parse(text)


@pytest.mark.parametrize(
    ("text", "preset"),
    [
        ("0g55p0g5s0z12f", "gotou"),
        ("0pg5s n44z1234f", "gotou"),
        ("19m0055p055z", "tokushima"),
        ("005p p055s>", "mighty"),
    ],
)
def test_round_trip_house_sets(text: str, preset: str) -> None:
    ts = tileset(preset)
    h = Hand.parse(text, ts)
    assert str(h) == text
    assert Hand.parse(str(h), ts) == h


def test_round_trip_random_hands() -> None:
    rng = random.Random(7)
    for name in ("riichi", "gotou", "tokushima", "mighty"):
        ts = tileset(name)
        for _ in range(500):
            tiles = rng.sample(ts.tiles, 14)
            text = tiles_to_string(tiles, ts)
            back = parse_tiles(text, ts)
            assert tiles_to_string(back, ts) == text
            assert sorted(tile_kind(t) for t in back) == sorted(tile_kind(t) for t in tiles)
            assert sorted(ts.variant(t) for t in back) == sorted(ts.variant(t) for t in tiles)


def test_meld_parsing() -> None:
    h = Hand.parse("11m c312m p555z> m0555p^ a1111s")
    chi, pon, kan, ankan = h.melds
    assert (
        chi.type is MeldType.CHI
        and chi.source is Source.LEFT
        and kind_name(tile_kind(chi.tiles[0])) == "3m"
    )
    assert pon.type is MeldType.PON and pon.source is Source.RIGHT and pon.kind == HAKU
    assert kan.is_kan and kan.source is Source.ACROSS and kan.is_open
    assert ankan.type is MeldType.ANKAN and not ankan.is_open and ankan.called_tile is None
    kakan = Hand.parse("k7777z<").melds[0]
    assert kakan.type is MeldType.KAKAN and kakan.kind == CHUN


@pytest.mark.parametrize(
    ("text", "preset", "token", "reason"),
    [
        ("123x", "riichi", "x", "unknown character"),
        ("55555m", "riichi", "5m", "only 3 plain 5m"),
        ("11111z", "riichi", "1z", "only 4 copies of 1z"),
        ("00m", "riichi", "0m", "only 1 red 5m"),
        ("2m", "sanma", "2m", "has no 2m"),
        ("0m", "sanma", "0m", "has no 5m"),
        ("1f", "riichi", "1f", "has no 1f"),
        ("g5m", "gotou", "gm", "gold fives exist only in p and s"),
        ("gp", "riichi", "gp", "no gold 5p"),
        ("0z", "riichi", "0z", "no dot 5z"),
        ("00z", "gotou", "0z", "only 1 dot 5z"),
        ("8z", "riichi", "8z", "no tile 8z"),
        ("5f", "gotou", "5f", "no tile 5f"),
        ("123", "riichi", "123", "no suit letter"),
        ("m", "riichi", "m", "meld with no tiles"),
        ("11m p123m>", "riichi", "p123m>", "three tiles of one kind"),
        ("11m c135m", "riichi", "c135m", "three consecutive"),
        ("11m c789z", "riichi", "8z", "no tile 8z"),
        ("11m p555z", "riichi", "p555z", "where the tile came from"),
        ("11m a1111s<", "riichi", "a1111s<", "no source"),
        ("11m c123m>", "riichi", "c123m>", "always called from the left"),
        ("11m q123m", "riichi", "q123m", "unknown meld type"),
        ("p555z> 11m", "riichi", "11m", "concealed tiles come first"),
        ("5555m p555m>", "mighty", "5m", "only 4 copies of 5m"),
        ("1111z p111z>", "riichi", "1z", "only 4 copies of 1z"),
    ],
)
def test_bad_notation(text: str, preset: str, token: str, reason: str) -> None:
    with pytest.raises(InvalidNotationError) as err:
        Hand.parse(text, tileset(preset))
    assert err.value.token == token
    assert reason in str(err.value)
    assert isinstance(err.value, ValueError)


def test_glyphs() -> None:
    assert Hand.parse("1m1z5z1f", tileset("gotou")).glyphs() == "🀇🀀🀆🀦"
    assert Hand.parse("19m p444z<").glyphs() == "🀇🀏 [🀃🀃🀃]"


def test_kind_names_round_trip() -> None:
    for k in range(38):
        assert kind_from_name(kind_name(k)) == k
    assert (EAST, WEST, NORTH) == (27, 29, 30)
    with pytest.raises(ValueError):
        kind_from_name("0p")
