"""The standard bot (``bot:standard``): the opponent worth playing against.

Every decision weighs what a choice wins against what it risks, from what its
:class:`~jantaku.bots.SeatView` shows (nothing else): each discard by its speed to ready
(shanten, live useful draws, the waits the next steps make) and the value the hand keeps,
against each threat's chance to be ready, the danger of the tile to it and what a deal-in
costs; calls only towards a yaku; riichi, dama, open riichi and シュバリー by expected value;
kans, nuki-dora, 流し, 手詰まり放銃 and the last hand played for places. The design, what
each tuning constant means in play and the paired-game trials behind every value are in
``docs/bots.md``.

One module per concern, each reading only what the ones before it give:

* ``knobs``: the tuning constants (``benchmarks/bench_bots.py --set`` and the tests set
  them on this module: the others read them through it at each use);
* ``value``: what a hand would win and the chance it wins;
* ``steps``: the distance after each discard and the hands the next draws make;
* ``standing``: the last hand's places, and the wins the rules refuse;
* ``danger``: the threats at the table and each tile's danger to them;
* ``riichi``: riichi or dama, which riichi, kans and the house decisions;
* ``calls``: pon and chi;
* ``discard``: the discard choice (candidates, offence, defence, choice);
* ``bot``: :class:`StandardBot`, the turn that asks them.
"""

from __future__ import annotations

from jantaku.bots.standard.bot import StandardBot

__all__ = ["StandardBot"]
