"""Hand analysis on the examples of the spec (shared/spec) and the seeds (shared/seeds)."""

from __future__ import annotations

import pytest

from jantaku.hand import HandAnalyzer, HandError
from jantaku.tiles import Hand, kind_from_name, kind_name, tile_kind, tileset
from jantaku.tiles.kinds import N_KINDS


def analyzer(preset: str, **options: bool) -> HandAnalyzer:
    return HandAnalyzer(tileset(preset), **options)


def counts(text: str, preset: str = "riichi") -> list[int]:
    return Hand.parse(text, tileset(preset)).concealed_counts()


def called_counts(hand: Hand) -> list[int]:
    out = [0] * N_KINDS
    for meld in hand.melds:
        for t in meld.tiles:
            out[tile_kind(t)] += 1
    return out


def names(text: str) -> list[str]:
    """'3p 6p 8s' -> ['3p', '6p', '8s'] (kinds in the analyzer's order: m p s z)."""
    return sorted(text.split(), key=kind_from_name)


def readings(a: HandAnalyzer, c: list[int], wildcards: int) -> list[list[str]]:
    return [[kind_name(k) for k in r] for r in a.wildcard_readings(c, 0, wildcards)]


# -- waits ------------------------------------------------------------------------------------


def test_mighty_wildcard_waits_from_the_spec() -> None:
    """23456779s4577p + the imaginary tile: 3p 6p 8s, nothing else (interfaces.md)."""
    a = analyzer("mighty")
    w = a.waits(counts("23456779s4577p", "mighty"), wildcards=1)
    assert w.names == names("3p 6p 8s")
    assert w.shanten == 0
    assert not w.infinite


def test_nine_gates_waits_on_all_nine() -> None:
    w = analyzer("riichi").waits(counts("1112345678999m"))
    assert w.names == [f"{n}m" for n in range(1, 10)]
    assert w.shanten == 0 and not w.infinite


def test_thirteen_orphans_thirteen_sided_wait() -> None:
    orphans = names("1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z")
    for preset in ("riichi", "sanma"):
        a = analyzer(preset)
        c = counts("19m19p19s1234567z", preset)
        assert a.waits(c).names == orphans, preset
        assert a.shanten_forms(c).kokushi == 0


@pytest.mark.parametrize("real", ["123p456p789s123s", "123p123p789s789s", "111p234p789s999s"])
def test_four_sets_and_the_wildcard_wait_on_everything(real: str) -> None:
    """12 real tiles that are already four sets: the draw and the wildcard make the pair,
    whatever the draw is (無限). In 111p234p789s999s the hand holds all four 1p and 9s,
    which cannot be drawn, so they are not listed and the wait is still infinite."""
    ts = tileset("mighty")
    c = counts(real, "mighty")
    w = analyzer("mighty").waits(c, wildcards=1)
    assert w.infinite
    assert list(w.kinds) == [k for k in ts.hand_kinds if c[k] < 4]
    assert w.shanten == 0


def test_four_sets_with_a_triplet_the_fourth_copy_needs_a_fifth() -> None:
    """123p456p789s111z + wildcard: drawing the fourth 1z leaves 1111z, which only a fifth
    1z (the wildcard) would complete, so 1z is not a wait; every other kind is.

    Whether such a hand is still 無限 (``infinite``) is a rule decision: the seed calls a
    riichi like this 無限 (it may kan the fourth copy), the analyzer's ``infinite`` means
    "every drawable kind wins". Only the waits are asserted here."""
    a = analyzer("mighty")
    ts = tileset("mighty")
    w = a.waits(counts("123p456p789s111z", "mighty"), wildcards=1)
    assert w.names == [kind_name(k) for k in ts.hand_kinds if kind_name(k) != "1z"]


def test_the_seeds_fifth_copy_example() -> None:
    """Seed (shoupai-mighty): a riichi where 9s would need the wildcard as a fifth 8s, so
    9s does not win (and discarding it is no furiten): «567s發待ち». The seed's picture is
    not in the text; this hand has the waits it describes: 123p 456p 7s 66z + a closed kan
    of 8s. 5s: 567s (wildcard 6s); 6s: 567s (wildcard 5s); 7s: 77s + 666z (wildcard 6z);
    6z: 666z + 77s (wildcard 7s); 9s: 789s needs an 8s, and all four are in the kan."""
    ts = tileset("mighty")
    hand = Hand.parse("123p456p7s66z a8888s", ts)
    c, called = hand.concealed_counts(), called_counts(hand)
    w = analyzer("mighty").waits(c, 1, 1, called)
    assert w.names == names("5s 6s 7s 6z")
    # With fifth copies allowed, 9s (wildcard = a fifth 8s) joins.
    loose = analyzer("mighty", fifth_copy=True).waits(c, 1, 1, called)
    assert loose.names == names("5s 6s 7s 9s 6z")
    # The 14 tiles after drawing 9s: complete only with the fifth 8s.
    c[kind_from_name("9s")] += 1
    assert not analyzer("mighty").is_complete(c, 1, 1, called)
    assert analyzer("mighty", fifth_copy=True).is_complete(c, 1, 1, called)
    loose_readings = analyzer("mighty", fifth_copy=True).wildcard_readings(c, 1, 1, called)
    assert [kind_name(k) for (k,) in loose_readings] == ["8s"]


def test_the_fifth_copy_rule_within_the_concealed_tiles() -> None:
    """123456p 8888s 11z + wildcard: 6s 7s 9s (678s/789s + 888s, 11z pair). 1z would need
    111z + 888s + 88s, the wildcard a fifth 8s."""
    c = counts("123456p8888s11z", "mighty")
    assert analyzer("mighty").waits(c, wildcards=1).names == names("6s 7s 9s")
    loose = analyzer("mighty", fifth_copy=True).waits(c, wildcards=1)
    assert loose.names == names("6s 7s 9s 1z")


def test_all_four_copies_in_hand_are_never_waits() -> None:
    """1111 22 33m 456p 99s: 11m + 99s would be a shanpon, but the fifth 1m does not exist;
    the waits are 4m (111m 123m 234m) and 9s."""
    w = analyzer("riichi").waits(counts("11112233m456p99s"))
    assert w.names == names("4m 9s")


# -- seven pairs with four of a kind ----------------------------------------------------------


def test_chiitoitsu_with_four_of_a_kind_only_with_the_option() -> None:
    complete = counts("1111m2288p4499s66z")
    plain, four = analyzer("riichi"), analyzer("riichi", chiitoi_four=True)
    assert not plain.is_complete(complete)
    assert plain.shanten_forms(complete).chiitoitsu == 1  # 1111m is one pair
    assert four.is_complete(complete)
    assert four.shanten(complete) == -1
    one_short = counts("1111m2288p4499s6z")
    assert plain.waits(one_short).names == []
    assert four.waits(one_short).names == ["6z"]


# -- the dot white after riichi (gotou) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("real", "wildcard_becomes"),
    [
        ("123p456p789s1122z", ["1z", "2z"]),
        ("23456p456p789s11z", ["1p", "4p", "7p"]),
        ("19m123p456p789s12z", []),
    ],
)
def test_gotou_dot_white_drawn_after_riichi(real: str, wildcard_becomes: list[str]) -> None:
    """13 real tiles + the drawn 白ぽっち as a wildcard: a win exactly when the 13 tiles are
    tenpai, and the wildcard may be any of the waits."""
    a = analyzer("gotou")
    c = counts(real, "gotou")
    assert sum(c) == 13
    assert a.is_complete(c, 0, 1) == bool(wildcard_becomes)
    assert readings(a, c, 1) == [[k] for k in wildcard_becomes]
    assert a.waits(c).names == wildcard_becomes


# -- useful draws -------------------------------------------------------------------------------


def test_useful_draws_count_live_copies() -> None:
    """23m 456p 789s 11 22 3z (1-shanten): 1m 4m (123m/234m), 1z 2z (a triplet)."""
    a = analyzer("riichi")
    c = counts("23m456p789s11223z")
    assert {kind_name(k): n for k, n in a.useful_draws(c).items()} == {
        "1m": 4,
        "4m": 4,
        "1z": 2,
        "2z": 2,
    }
    visible = [0] * N_KINDS
    visible[kind_from_name("1m")] = 2  # two in the rivers
    visible[kind_from_name("4m")] = 4  # all four visible: kept, with 0
    visible[kind_from_name("2z")] = 1
    assert {kind_name(k): n for k, n in a.useful_draws(c, visible=visible).items()} == {
        "1m": 2,
        "4m": 0,
        "1z": 2,
        "2z": 1,
    }


def test_useful_draws_count_called_copies() -> None:
    """23m 456p 789s 4z 5z + a pon of 5z: 1m 4m (a set), 4z (the pair, three live). A 5z
    would make the pair too, but the hand and its pon hold all four."""
    ts = tileset("riichi")
    hand = Hand.parse("23m456p789s45z p555z>", ts)
    a = HandAnalyzer(ts)
    draws = a.useful_draws(hand.concealed_counts(), 1, 0, called_counts(hand))
    assert {kind_name(k): n for k, n in draws.items()} == {"1m": 4, "4m": 4, "4z": 3}


def test_useful_draws_with_a_wildcard_are_the_real_waits() -> None:
    """The seed's fifth-copy hand (above) is tenpai: its useful draws are its waits. 9s looks
    useful to the tables (7s9s + the wildcard as 8s) but would need a fifth 8s; with fifth
    copies allowed it is a wait, and useful."""
    ts = tileset("mighty")
    hand = Hand.parse("123p456p7s66z a8888s", ts)
    c, called = hand.concealed_counts(), called_counts(hand)
    draws = analyzer("mighty").useful_draws(c, 1, 1, called)
    assert [kind_name(k) for k in draws] == names("5s 6s 7s 6z")
    assert draws[kind_from_name("6z")] == 2  # two 6z in the hand
    loose = analyzer("mighty", fifth_copy=True).useful_draws(c, 1, 1, called)
    assert [kind_name(k) for k in loose] == names("5s 6s 7s 9s 6z")


# -- bad input --------------------------------------------------------------------------------


def test_check_counts_accepts_hands() -> None:
    a = analyzer("riichi")
    a.check_counts(counts("1112345678999m"))
    a.check_counts(counts("11123456789999m"))
    analyzer("mighty").check_counts(counts("23456779s4577p", "mighty"), wildcards=1)


def test_check_counts_rejects_a_fifth_copy() -> None:
    c = counts("1112345678999m")
    c[0] = 5
    with pytest.raises(HandError, match="5 copies of 1m"):
        analyzer("riichi").check_counts(c)


def test_check_counts_rejects_a_wrong_tile_count() -> None:
    with pytest.raises(HandError, match=r"13 or 14 tiles.*has 12"):
        analyzer("riichi").check_counts(counts("111234567899m"))
    with pytest.raises(HandError, match="has 15"):
        analyzer("riichi").check_counts(counts("111234567899m"), melds=1)


def test_check_counts_rejects_tiles_the_set_has_no_place_for() -> None:
    c = counts("1112345678999m")  # riichi counts: 2m-8m
    with pytest.raises(HandError, match="2m cannot be in a hand under the sanma set"):
        analyzer("sanma").check_counts(c)
    m5 = counts("19m123p456p789s1z", "mighty")
    m5[kind_from_name("5m")] += 1  # the mighty 5m are nuki-dora only
    with pytest.raises(HandError, match="5m cannot be in a hand under the mighty set"):
        analyzer("mighty").check_counts(m5)


def test_check_counts_rejects_bad_arguments() -> None:
    a = analyzer("riichi")
    with pytest.raises(HandError, match="34 entries"):
        a.check_counts([1] * 13)
    with pytest.raises(HandError, match="called sets"):
        a.check_counts(counts("1112345678999m"), melds=5)
    with pytest.raises(HandError, match="wildcards"):
        a.check_counts(counts("1112345678999m"), wildcards=3)
    c = counts("1112345678999m")
    c[0] = -1
    with pytest.raises(HandError, match="-1 copies of 1m"):
        a.check_counts(c)
