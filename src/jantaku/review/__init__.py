"""牌譜検討 (game review): every decision of one seat in a finished game, read by the
standard bot from that seat's view only.

* :mod:`~jantaku.review.positions`: the seat's decisions, each with its view and the
  action the log shows;
* :mod:`~jantaku.review.core`: each option valued by the bot's own decision code, the
  choice ranked and costed, the summary;
* :mod:`~jantaku.review.load`: the games of a log or an imported record;
* :mod:`~jantaku.review.report`: ``review.json`` and the self-contained ``review.html``;
* :mod:`~jantaku.review.command`: ``jantaku review LOG --seat N [--game K] [--out DIR]
  [--json]`` (hooked into ``jantaku.cli``).

The server's background reviews are in :mod:`jantaku.server.review_routes`; docs/review.md
tells what is compared, in which units, and the measured numbers.
"""

from __future__ import annotations

from jantaku.review.core import Reviewer, review_game, summarize
from jantaku.review.load import LoggedGame, ReviewError, read_games

__all__ = ["LoggedGame", "ReviewError", "Reviewer", "read_games", "review_game", "summarize"]
