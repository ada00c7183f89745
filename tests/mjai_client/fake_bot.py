"""A small mjai bot for the tests, speaking mjai.app's framing (a JSON array of events a
line in, one JSON action a line out). It discards what it draws and passes every call.

    python fake_bot.py SEAT MODE [LOG]

MODE: ``tsumogiri`` plays by the rules; ``bad`` answers its 2nd decision with text that is
not JSON, its 3rd with a tile it does not hold, its 4th with a pon it cannot make;
``slow`` sleeps 4 s before its 2nd decision's answer; ``exit`` quits at its 3rd decision.
LOG, when given, receives every line read (to check what the seat was shown).
"""

import json
import sys
import time


def main() -> None:
    seat, mode = int(sys.argv[1]), sys.argv[2]
    log = open(sys.argv[3], "a", encoding="utf-8") if len(sys.argv) > 3 else None  # noqa: SIM115
    decisions = 0
    for line in sys.stdin:
        if log is not None:
            log.write(line)
            log.flush()
        events = json.loads(line)
        last = events[-1]
        answer: dict = {"type": "none"}
        if last["type"] == "tsumo" and last["actor"] == seat:
            decisions += 1
            answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
        elif last["type"] == "dahai" and last["actor"] != seat:
            decisions += 1
        fresh = answer["type"] != "none" or (last["type"] == "dahai" and last["actor"] != seat)
        if mode == "bad" and fresh and decisions == 2:
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        if mode == "bad" and fresh and decisions == 3:
            answer = {"type": "dahai", "actor": seat, "pai": "9z", "tsumogiri": False}
        if mode == "bad" and fresh and decisions == 4:
            answer = {"type": "pon", "actor": seat, "target": 0, "pai": "C", "consumed": ["C", "C"]}
        if mode == "slow" and fresh and decisions == 2:
            time.sleep(4)
        if mode == "exit" and fresh and decisions == 3:
            sys.exit(3)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
