"""Feed seat streams to libriichi's player state (run with the mjai package's Python).

Reads JSON lines ``{"game": i, "seat": s, "events": [...]}`` on stdin; for each, a fresh
``PlayerState(seat)`` takes every event in turn (``update`` raises on an event that breaks
Mortal's rules), and every action of the seat itself is first checked with
``validate_reaction`` against the state just before it. Prints one JSON object: how many
streams, events and own actions were checked, and the first problems.
"""

from __future__ import annotations

import json
import sys

from mjai.mlibriichi.state import PlayerState

OWN = {"dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "hora"}


def main() -> None:
    streams = events = actions = 0
    problems: list[str] = []
    for line in sys.stdin:
        item = json.loads(line)
        seat, game = item["seat"], item["game"]
        ps = PlayerState(seat)
        streams += 1
        evs = item["events"]
        early: set[int] = set()
        for i, ev in enumerate(evs):
            where = f"game {game} seat {seat} event {i} {json.dumps(ev)}"
            own = ev["type"] in OWN and ev.get("actor") == seat
            if ev["type"] == "hora" and (i == 0 or evs[i - 1]["type"] != "hora"):
                # A double ron: every winner's reaction is checked against the state
                # right after the discard, before the first win is applied.
                j = i
                while j < len(evs) and evs[j]["type"] == "hora":
                    if j != i and evs[j].get("actor") == seat:
                        ev, where, own = evs[j], where + f" (with event {j})", True
                    j += 1
            elif ev["type"] == "hora":
                own = False  # checked with the first win of the double ron
            if ev["type"] == "reach_accepted" and i + 1 < len(evs):
                # A call of a riichi discard follows its reach_accepted, but libriichi's
                # candidates are those of the discard: check the call before it.
                nxt = evs[i + 1]
                if nxt["type"] in ("chi", "pon", "daiminkan") and nxt.get("actor") == seat:
                    ev, where, own = nxt, where + f" (with event {i + 1})", True
                    early.add(i + 1)
            elif ev["type"] == "dora" and evs[i - 1]["type"] != "dora":
                # After a daiminkan or kakan, Mortal's board turns the new indicator as it
                # takes the discard, between the replacement draw and the dahai: the
                # player chose that discard before the dora, so check it there. (Only a
                # discard: a call of a discard is chosen after it, and a dora between
                # the two clears libriichi's candidates.)
                j = i
                while j < len(evs) and evs[j]["type"] == "dora":
                    j += 1
                nxt = evs[j] if j < len(evs) else {}
                if nxt.get("type") == "dahai" and nxt.get("actor") == seat:
                    ev, where, own = nxt, where + f" (with event {j})", True
                    early.add(j)
            elif i in early:
                own = False
            if own:
                actions += 1
                reaction = {
                    k: v
                    for k, v in ev.items()
                    if k in ("type", "actor", "target", "pai", "consumed", "tsumogiri")
                }
                try:  # None when valid; raises otherwise
                    ps.validate_reaction(json.dumps(reaction))
                except Exception as e:
                    problems.append(f"invalid reaction: {where}: {e}")
            try:
                ps.update(json.dumps(evs[i]))
            except Exception as e:
                problems.append(f"rejected: {where}: {e}")
                break
            events += 1
    print(
        json.dumps(
            {
                "streams": streams,
                "events": events,
                "actions": actions,
                "problems": len(problems),
                "examples": problems[:10],
            }
        )
    )


if __name__ == "__main__":
    main()
