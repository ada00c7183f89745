"""What the scorekeeper (:mod:`jantaku.scoring.ledger`) takes and when a game ends: the keys
each event may carry, the draw kinds a preset has, the bust line, the target and when a win
ends the game, and the ledger's state and error."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.rules.model import GameRules, Preset

from .settlement import rank_order

EVENT_KEYS: dict[str, frozenset[str]] = {
    "win": frozenset(
        {
            "type",
            "winner",
            "from",
            "han",
            "fu",
            "yakuman",
            "situation",
            "riichi",
            "shuba",
            "double",
            "wareme",
            "spring",
            "chips",
            "dice",
            "open_riichi",
            "terminals",
        }
    ),
    "draw": frozenset({"type", "kind", "tenpai", "riichi", "shuba", "winners", "spring"}),
    "chombo": frozenset({"type", "player", "deal_ins", "continue"}),
    "penalty": frozenset({"type", "player", "kind"}),
    "chips": frozenset({"type", "to", "items", "dice", "double"}),
}
"""The keys each type of event may carry: any other is an error that names it (a misspelt
key, e.g. ``"reason"`` for a draw's ``"kind"``, would otherwise be ignored silently)."""
DEAL_IN_KEYS: frozenset[str] = frozenset(
    {"winner", "situation", "han", "fu", "yakuman", "chips", "riichi", "shuba"}
)
"""The keys of each of a gotou chombo's ``deal_ins``."""
START_KEYS: frozenset[str] = frozenset(
    {
        "scores",
        "chips",
        "dealer",
        "round",
        "hand",
        "honba",
        "sticks",
        "first_dealer",
        "extension",
        "won",
    }
)
"""The keys a ``start`` (a game resumed mid-way) may carry."""


DRAW_KINDS: tuple[str, ...] = ("exhaustive", "nine_terminals", "abortive", "nagashi")
"""The kinds of a ``draw`` event: exhaustive (the wall ran out), 九種九牌, Tenhou's other
abortive draws (four winds, four riichi, four kans, triple ron), 流し."""
NO_DRAW: dict[str, str] = {
    "nine_terminals": "table.nine_terminals is off: no 九種九牌",
    "abortive": "table.tenhou_aborts is off: no four winds, four riichi, four kans or triple ron",
}


def draw_kinds(preset: Preset) -> tuple[str, ...]:
    """The kinds of draw ``preset`` has (the ledger refuses the others, the scorekeeper does
    not offer them): tokushima «途中流局なし» has neither abortive kind.

    >>> from jantaku.rules import load_preset
    >>> draw_kinds(load_preset("tokushima")), draw_kinds(load_preset("gotou"))
    (('exhaustive', 'nagashi'), ('exhaustive', 'nine_terminals', 'nagashi'))
    """
    t = preset.table
    has = {"nine_terminals": t.nine_terminals, "abortive": t.tenhou_aborts}
    return tuple(k for k in DRAW_KINDS if has.get(k, True))


def unknown_key(obj: dict[str, Any], allowed: frozenset[str], where: str) -> str | None:
    """Why ``obj`` holds a key it may not (naming it and the keys it may), or None."""
    extra = sorted(k for k in obj if k not in allowed)
    if not extra:
        return None
    return f"{where}: unknown key {extra[0]!r} (it may have {', '.join(sorted(allowed))})"


def busted(game: GameRules, points: int) -> bool:
    """Whether ``points`` is out of the game by the preset's ``bust`` rule (飛び)."""
    bust = game.bust
    return (bust == "below_zero" and points < 0) or (bust == "zero_or_below" and points <= 0)


def target_reached(game: GameRules, scores: Sequence[int]) -> bool:
    """Someone has what ends the game after its last hand: ``extension_target`` or more,
    or more than it where the rule says «全員40000点以下» (mighty)."""
    target = game.extension_target
    if game.extension_above:
        return any(x > target for x in scores)
    return any(x >= target for x in scores)


def win_ends_game(
    game: GameRules, after: Sequence[int], passes_last: bool, in_extension: bool
) -> bool:
    """Whether a win leaving the scores ``after`` ends the game, as the flow after the
    hand would: a bust, the upper line, or the deal passing (``passes_last``: the winner
    is not the dealer of the last hand or an extension hand) with no extension to play
    (or the target reached)."""
    reached = target_reached(game, after)
    return (
        any(busted(game, x) for x in after)
        or bool(game.end_at_or_above and any(x >= game.end_at_or_above for x in after))
        or (passes_last and (game.extension == "none" or reached or game.last_hand_dealer_only))
        or (in_extension and reached and game.extension == "sudden_death")
    )


def ending_refusal(
    game: GameRules,
    before: Sequence[int],
    after: Sequence[int],
    winner: int,
    first_dealer: int = 0,
) -> str | None:
    """Why kanto-boo refuses a win that ends the game (``restrict_game_ending_wins``), given
    the scores ``before`` and ``after`` it, or None: one place for the ledger and for the
    bots that weigh a win (or a deal-in) the rules will not let happen.

    >>> g = GameRules(start_points=8000)
    >>> ending_refusal(g, [2000, 9000, 10000, 11000], [-1900, 12900, 10000, 11000], 1)
    'forbidden: this win would end the game in マルシー (one player sunk)'
    >>> ending_refusal(g, [2000, 9000, 7000, 14000], [-1900, 12900, 7000, 14000], 1)
    'forbidden: a floating winner must be the top when the win ends the game'
    >>> ending_refusal(g, [2000, 6000, 7000, 17000], [-1900, 9900, 7000, 17000], 1) is None
    True
    """
    start = game.start_points
    order = rank_order(after, first_dealer)
    top = order[0]
    sunk = [p for p in order[1:] if after[p] < start]
    if len(sunk) == 1:
        return "forbidden: this win would end the game in マルシー (one player sunk)"
    if after[winner] < start:
        return "forbidden: this win ends the game with the winner still sunk"
    if before[winner] >= start and top != winner:
        return "forbidden: a floating winner must be the top when the win ends the game"
    return None


class LedgerError(ValueError):
    """An event the ledger cannot take (names what is wrong); nothing changed."""


@dataclass
class LedgerState:
    people: int
    scores: list[int]
    chips: list[int]
    dealer: int = 0
    round: int = 0
    hand: int = 1
    honba: int = 0
    sticks: int = 0
    stick_points: int = 0
    """Points of the sticks on the table (a シュバ stick is worth more than a riichi one)."""
    first_dealer: int = 0
    game_over: bool = False
    settlement: list[float] | None = None
    settlement_items: list[tuple[str, list[float]]] = field(default_factory=list)
    """The settlement line by line (順位, クビ, ウマ, オカ, マルビー, 場代…)."""
    extension: bool = False
    yakuman_winner: int | None = None
    shuba: set[int] = field(default_factory=set)
    lost_points: int = 0
    """Stick points left at the end that the rules throw away (kanto-boo)."""
    leftover: tuple[int, int] | None = None
    """Who took the sticks left on the table at the end, and how many points."""
    spring: bool = False
    """A spring came out this hand (a chip event with a ``spring`` item): gotou's
    sitting-out person then gets no «春が出なかった場合» chips."""
    spring_paid: dict[int, list[int]] = field(default_factory=dict)
    """Spring chips each person received this hand, by payer (gotou: a chombo gives them
    back, «チョンボ者が春を抜いていた場合は戻す»)."""
    dead: set[int] = field(default_factory=set)
    """Persons who play the rest of this hand unable to win, noten at a draw (after a gotou
    chombo, or アガリ放棄)."""
    stick_back: set[int] = field(default_factory=set)
    """Persons whose riichi stick this hand a chombo gave back (gotou «リー棒も戻す»)."""
    hand_shuba: set[int] = field(default_factory=set)
    """Who declared シュバリー this hand (a 流し's chips are doubled too)."""
    won: set[int] = field(default_factory=set)
    """Persons who have won a hand this game (焼き鳥 is for the others)."""
