"""Any string given to the parsers either parses or raises InvalidNotationError; a parsed
hand always round-trips."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.tiles import Hand, InvalidNotationError, tileset

ALPHABET = "0123456789mpszfgcakn<>^ x"


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(
    text=st.text(alphabet=ALPHABET, max_size=30),
    preset=st.sampled_from(["riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"]),
)
def test_parse_never_crashes_and_round_trips(text: str, preset: str) -> None:
    ts = tileset(preset)
    try:
        hand = Hand.parse(text, ts)
    except InvalidNotationError as e:
        assert e.text == text and (e.token or not text.strip())
        return
    again = Hand.parse(str(hand), ts)
    assert str(again) == str(hand)
    assert sorted(again.all_tiles()) == sorted(hand.all_tiles())
    assert all(t in ts for t in hand.all_tiles())
