"""The ``jantaku`` command line: score, keep score, simulate and play house-rule mahjong.

The commands and their JSON are a stable contract (the project's interfaces spec; README's
"Command line" section lists the fields beyond it).

Every command prints JSON with ``--json`` and a readable view without it; bad input exits 2
with one line ``{"error": "..."}`` and never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from jantaku import __version__, build
from jantaku.hand import HandAnalyzer, HandError
from jantaku.rules import RulesError, load_preset
from jantaku.tiles import Hand, InvalidNotationError, kind_glyph, tile_kind
from jantaku.tiles.kinds import N_ALL_KINDS


class UsageError(ValueError):
    """Bad input from the command line or stdin."""


def _fail(message: str) -> int:
    print(json.dumps({"error": message}, ensure_ascii=False))
    return 2


def cmd_waits(args: argparse.Namespace) -> int:
    preset = load_preset(args.rules)
    ts = preset.tileset()
    hand = Hand.parse(args.hand, ts)
    if hand.extracted:
        raise UsageError("extracted tiles do not take part in waits; leave out the 'n' group")
    analyzer = HandAnalyzer(
        ts, chiitoi_four=preset.hand.chiitoi_four, fifth_copy=preset.hand.wildcard_fifth_copy
    )
    counts = hand.concealed_counts()
    melds = len(hand.melds)
    wild = preset.hand.wildcards
    expected = 13 - wild - 3 * melds
    if len(hand.concealed) != expected:
        raise UsageError(
            f"a waiting hand under {preset.name} has {expected} concealed tiles with "
            f"{melds} melds, not {len(hand.concealed)}"
        )
    analyzer.check_counts(counts, melds, wild)
    called = [0] * N_ALL_KINDS
    for m in hand.melds:
        for t in m.tiles:
            called[tile_kind(t)] += 1
    w = analyzer.waits(counts, melds, wild, called)
    out = {"shanten": w.shanten, "waits": w.names, "infinite": w.infinite}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{hand.glyphs()}  {hand}")
        state = (
            "tenpai" if w.shanten == 0 else "complete" if w.shanten < 0 else f"{w.shanten}-shanten"
        )
        print(f"{state}; waits: {' '.join(w.names) or '-'}" + (" (infinite)" if w.infinite else ""))
        if w.kinds:
            print("".join(kind_glyph(k) for k in w.kinds))
    return 0


def _read_stdin_json() -> Any:
    text = sys.stdin.read()
    if not text.strip():
        raise UsageError("expected JSON on standard input")
    return json.loads(text)


def cmd_score(args: argparse.Namespace) -> int:
    from jantaku.scoring import NotAWin
    from jantaku.scoring.json_io import ScoreService, SituationError

    data = _read_stdin_json()
    load_preset(args.rules)  # a bad preset is an error for the whole call
    service = ScoreService(args.rules)
    one = service.score

    bad: tuple[type[Exception], ...] = (*_BAD_INPUT, NotAWin, SituationError)
    if isinstance(data, list):
        out: list[dict[str, Any]] = []
        for obj in data:
            try:
                out.append(one(obj))
            except bad as e:
                out.append({"error": str(e)})
        print(json.dumps(out, ensure_ascii=False))
        return 0
    try:
        result = one(data)
    except (NotAWin, SituationError) as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(describe_score(result))
    return 0


def describe_score(result: dict[str, Any]) -> str:
    """The human-readable view of a ``jantaku score`` result: each yaku with its Japanese
    and English names, the value, the payments and what else the winner collects.

    >>> print(describe_score({"yaku": [{"id": "riichi", "han": 1}, {"id": "dora", "han": 2}],
    ...     "han": 3, "fu": 40, "limit": None, "yakuman": 0, "payments": {"S": 5200},
    ...     "sticks": 1, "chips": {}, "dice_chances": 0, "wildcard": None}))
      立直  Riichi  1 han
      ドラ  Dora    2 han
    3 han 40 fu
    paid by S 5200, total 5200 + 1 riichi stick
    """
    from jantaku.scoring.score import YakuHan

    rows = []
    for y in result["yaku"]:
        names = YakuHan(y["id"], 0)
        value = f"yakuman ×{y['yakuman']}" if y.get("yakuman") else f"{y['han']} han"
        rows.append((names.name_ja, names.name_en, value))
    ja_width = max((_display_width(r[0]) for r in rows), default=0)
    en_width = max((len(r[1]) for r in rows), default=0)
    lines = [
        f"  {ja}{' ' * (ja_width - _display_width(ja))}  {en:<{en_width}}  {value}"
        for ja, en, value in rows
    ]
    if result["yakuman"]:
        head = "yakuman" if result["yakuman"] == 1 else f"{result['yakuman']}× yakuman"
    else:
        head = f"{result['han']} han {result['fu']} fu"
        if result["limit"]:
            head += f" ({result['limit']})"
    lines.append(head)
    pays = result["payments"]
    paid = ", ".join(f"{k} {v}" for k, v in pays.items())
    line = f"paid by {paid}, total {sum(pays.values())}"
    if result["sticks"]:
        line += f" + {result['sticks']} riichi stick" + ("s" if result["sticks"] > 1 else "")
    lines.append(line)
    if result["chips"]:
        lines.append("chips from " + ", ".join(f"{k} {v}" for k, v in result["chips"].items()))
    if result["dice_chances"]:
        lines.append(f"dice chances: {result['dice_chances']}")
    if result["wildcard"]:
        lines.append(f"wildcard: {result['wildcard']}")
    return "\n".join(lines)


def _display_width(text: str) -> int:
    """Terminal columns of ``text`` (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def cmd_tenhou_check(args: argparse.Namespace) -> int:
    from pathlib import Path

    from jantaku.log.check import check_path

    root = Path(args.path)
    if not root.exists():
        raise UsageError(f"no such file or folder: {args.path}")
    report = check_path(root, replay=args.replay)
    data = report.to_json()
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(
            f"{report.games} games, {report.hands} hands, {report.wins} wins: "
            f"{report.matched} matched, {len(report.mismatches)} mismatched, "
            f"{len(report.skipped)} skipped; draws {report.draws_matched}/{report.draws}"
        )
        if report.replay:
            print(
                f"engine replay: {report.replayed} games played to the record's results, "
                f"{report.refolded} of them folded again the same by Game.replay; "
                f"{len(report.replay_mismatches)} mismatched"
            )
        for m in report.mismatches:
            print("MISMATCH", json.dumps(m, ensure_ascii=False))
        for s in report.skipped:
            print("skipped", s["file"], s.get("round", ""), s["reason"])
        for e in report.errors:
            print("ERROR", e["file"], e["error"])
        for m in report.replay_mismatches:
            print("REPLAY MISMATCH", m["file"], m["error"])
        for n in report.replay_notes:
            print("replay note", n["file"], n["reason"])
    failed = report.mismatches or report.errors or report.replay_mismatches
    return 1 if failed else 0


def cmd_rules(args: argparse.Namespace) -> int:
    from jantaku.rules import PRESET_NAMES
    from jantaku.rules.model import knobs

    if args.action == "list":
        rows = []
        for name in PRESET_NAMES:
            p = load_preset(name)
            rows.append(
                {"name": name, "players": p.players, "title": p.title, "title_ja": p.title_ja}
            )
        if args.json:
            print(json.dumps(rows, ensure_ascii=False))
        else:
            for r in rows:
                print(f"{r['name']:<10} {r['players']}p  {r['title']}  {r['title_ja']}")
        return 0
    if not args.preset:
        raise UsageError("rules show needs a preset name or file")
    preset = load_preset(args.preset)
    from jantaku.rules.loader import knob_notes

    info = [k.model_dump(mode="json") for k in knobs(preset, knob_notes(str(args.preset)))]
    if args.json:
        print(
            json.dumps(
                {"name": preset.name, "players": preset.players, "knobs": info}, ensure_ascii=False
            )
        )
        return 0
    print(f"{preset.name}: {preset.title} ({preset.title_ja}), {preset.players} players")
    for k in info:
        changed = "" if k["value"] == k["default"] else f"   (default {k['default']!r})"
        print(f"  {k['key']} = {k['value']!r}{changed}")
        for line in k["description"].splitlines():
            print(f"      {line.strip()}")
        if k["note"]:
            print(f"      preset file: {k['note']}")
    return 0


def _ledger_session(data: dict[str, Any]) -> list[dict[str, Any]]:
    """A 点数記録 session's export.json (``preset``, ``options``, ``games``): each game's
    record through the ledger under the session's own rules, ``{"game", "entries"}``."""
    from jantaku.scoring.ledger import LedgerError, run_ledger

    games = data["games"]
    if not isinstance(games, list) or not all(
        isinstance(g, dict) and isinstance(g.get("record"), dict) for g in games
    ):
        raise LedgerError("games: a list of {game, record} (a 点数記録 export.json)")
    options = data.get("options") or None
    if options is not None and not isinstance(options, dict):
        raise LedgerError("options: an object of knob values")
    preset = load_preset(str(data.get("preset", "riichi")), options)
    return [
        {"game": g.get("game", i + 1), "entries": run_ledger(preset, g["record"])}
        for i, g in enumerate(games)
    ]


def cmd_ledger(args: argparse.Namespace) -> int:
    from jantaku.scoring.ledger import LedgerError, run_ledger

    data = _read_stdin_json()
    try:
        if isinstance(data, dict) and "games" in data:
            # A 点数記録 export.json as it is: its rules are in the file.
            games = _ledger_session(data)
            if args.json:
                print(json.dumps(games, ensure_ascii=False))
                return 0
            for g in games:
                last = g["entries"][-1] if g["entries"] else None
                print(f"game {g['game']}: {len(g['entries'])} events")
                if last is not None:
                    print(f"    scores {last['scores']} chips {last['chips']}")
                    if last["game_over"]:
                        print(f"    game over: {last['settlement']}")
            return 0
        out = run_ledger(load_preset(args.rules), data)
    except (LedgerError, RulesError) as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for i, entry in enumerate(out):
            status = "ok" if entry["allowed"] else f"REFUSED: {entry['reason']}"
            print(
                f"{i:>3} {entry['round']}{entry['hand']}-{entry['honba']} dealer {entry['dealer']} "
                f"scores {entry['scores']} chips {entry['chips']} {status}"
            )
            if entry["game_over"]:
                print(f"    game over: {entry['settlement']}")
    return 0


def _whole(value: str, name: str, least: int | None = None) -> int:
    try:
        n = int(value)
    except ValueError:
        raise UsageError(f"--{name} needs a whole number, not {value!r}") from None
    if least is not None and n < least:
        raise UsageError(f"--{name} must be at least {least}, not {n}")
    return n


def cmd_simulate(args: argparse.Namespace) -> int:
    from jantaku.sim import SimulationError, simulate

    preset = load_preset(args.rules)
    games = _whole(args.games, "games", 1)
    seed = _whole(args.seed, "seed")
    workers = _whole(args.workers, "workers", 1)
    try:
        out = simulate(
            preset,
            games,
            seed,
            workers=workers,
            bots=args.bots,
            out=args.out,
            progress=not args.no_progress,
            check=args.check,
            people=None if args.players is None else _whole(args.players, "players", 3),
        )
    except SimulationError as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"cannot write {args.out}: {e.strerror or e}")
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        o = out["overall"]
        print(
            f"{out['preset']}: {out['games']} games, {out['hands']} hands in {out['seconds']} s "
            f"({out['games_per_second']} games/s); invariant violations: "
            f"{out['invariant_violations']}" + ("" if out["checked"] else " (not checked)")
        )
        print(
            f"hands: win {o['win_rate']:.1%}  deal-in {o['deal_in_rate']:.1%}  "
            f"draw {o['draw_rate']:.1%}  length {o['avg_hand_length']} actions"
        )
        print("seat bot       win    deal-in  bust   points    chips  rank")
        for st in out["per_seat"]:
            print(
                f"{st['seat']:>4} {st['bot'] or '-':<9} {st['win_rate']:>6.1%} "
                f"{st['deal_in_rate']:>8.1%} {st['bust_rate']:>6.1%} "
                f"{st['avg_final_points']:>8.0f} {st['avg_final_chips']:>8.1f} "
                f"{st['avg_rank']:>5.2f}"
            )
        fell = [(st["seat"], st["fallbacks"]) for st in out["per_seat"] if st["fallbacks"]]
        if fell:
            print(
                "mjai answers replaced by the baseline: "
                + ", ".join(f"seat {s} {n}" for s, n in fell)
            )
        for v in out["violations"]:
            print("VIOLATION", v)
    return 0 if out["invariant_violations"] == 0 else 1


def cmd_lab(args: argparse.Namespace) -> int:
    from jantaku.sim.lab_cli import lab_command

    return lab_command(args, _whole, _fail)


def cmd_export(args: argparse.Namespace) -> int:
    from jantaku.log.export import ExportError, export_log

    try:
        files = export_log(args.log, args.format, args.out)
    except ExportError as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"cannot write {args.out}: {e.strerror or e}")
    if args.json:
        print(json.dumps({"format": args.format, "files": [str(f) for f in files]}))
    else:
        print(f"{len(files)} game(s) written to {args.out} as {args.format}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from jantaku.server.app import read_mjai_bots, serve
    from jantaku.server.deploy_cli import deployment_of
    from jantaku.server.limits import ServerLimits
    from jantaku.server.ops import Operations

    bots = None
    if args.mjai_bots:
        try:
            bots = read_mjai_bots(args.mjai_bots)
        except (OSError, ValueError) as e:
            return _fail(f"--mjai-bots: {e}")
    limits = ServerLimits(
        max_tables=_whole(args.max_tables, "max-tables", least=1),
        idle_seconds=60.0 * _whole(args.idle_minutes, "idle-minutes", least=1),
        expire_seconds=86400.0 * _whole(args.expire_days, "expire-days", least=1),
        table_rate=_whole(args.table_rate, "table-rate", least=1) / 60.0,
        table_burst=_whole(args.table_burst, "table-burst", least=1),
        bot_games=_whole(args.bot_games, "bot-games", least=1),
    )
    deployment = deployment_of(args)
    try:
        Operations(args.db, deployment)  # the options checked before anything starts
    except ValueError as e:
        return _fail(str(e))
    serve(args.host, args.port, args.db, bots, limits, deployment)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jantaku",
        description="jantaku (雀卓): score, keep score, simulate and play house-rule mahjong. "
        "Each command prints JSON with --json; see 'jantaku COMMAND --help'.",
    )
    p.add_argument(
        "--version",
        action="version",
        version=f"jantaku {__version__}, {build.describe()}",
        help="the version, and whether the mypyc-compiled build or pure Python runs",
    )
    sub = p.add_subparsers(dest="command", required=True)

    w = sub.add_parser("waits", help="shanten and waits of a hand one tile short")
    w.add_argument("--rules", default="riichi", help="preset name or TOML file")
    w.add_argument("--json", action="store_true")
    w.add_argument("hand", help="MPSZ hand, e.g. '23456779s4577p' (melds after spaces)")
    w.set_defaults(func=cmd_waits)

    sc = sub.add_parser("score", help="score a win (situation JSON on stdin)")
    sc.add_argument("--rules", default="riichi", help="preset name or TOML file")
    sc.add_argument("--json", action="store_true")
    sc.set_defaults(func=cmd_score)

    tc = sub.add_parser("tenhou-check", help="replay real Tenhou records through the scorer")
    tc.add_argument("path", help="a record file or a folder of them")
    tc.add_argument(
        "--replay",
        action="store_true",
        help="also play each record through the engine's legal actions and fold its log again",
    )
    tc.add_argument("--json", action="store_true")
    tc.set_defaults(func=cmd_tenhou_check)

    le = sub.add_parser("ledger", help="keep score of a game (its record as JSON on stdin)")
    le.add_argument("--rules", default="riichi", help="preset name or TOML file")
    le.add_argument("--json", action="store_true")
    le.set_defaults(func=cmd_ledger)

    ru = sub.add_parser("rules", help="list presets or show a preset's knobs")
    ru.add_argument("action", choices=["list", "show"])
    ru.add_argument("preset", nargs="?", help="preset name or TOML file (for show)")
    ru.add_argument("--json", action="store_true")
    ru.set_defaults(func=cmd_rules)

    si = sub.add_parser("simulate", help="play full games between built-in bots")
    si.add_argument("--rules", default="riichi", help="preset name or TOML file")
    si.add_argument("--games", default="10", help="number of games (default 10)")
    si.add_argument("--seed", default="0", help="seed of the first game (game i: seed + i)")
    si.add_argument("--workers", default="1", help="processes playing the games (default 1)")
    si.add_argument(
        "--bots",
        default="baseline",
        help="random | baseline | mjai:COMMAND (an external bot speaking mjai on its stdin "
        "and stdout), "
        "or one per seat: a,b,c[,d]",
    )
    si.add_argument(
        "--players", help="4 at a three-player preset: four people rotating (one sits out)"
    )
    si.add_argument("--out", help="write every event of every game as JSON lines here")
    si.add_argument("--check", action="store_true", help="check invariants after every action")
    si.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    si.add_argument("--json", action="store_true")
    si.set_defaults(func=cmd_simulate)

    ex = sub.add_parser("export", help="write finished games as tenhou.net/6 JSON or mjai logs")
    ex.add_argument("--format", required=True, choices=["tenhou6", "mjai"])
    ex.add_argument("--out", required=True, help="folder for the files (one a game)")
    ex.add_argument("log", help="a log of simulate --out, or a table's downloaded log")
    ex.add_argument("--json", action="store_true")
    ex.set_defaults(func=cmd_export)

    from jantaku.review.command import add_review_arguments, review_command

    rv = sub.add_parser("review", help="牌譜検討: a seat's decisions read by the standard bot")
    add_review_arguments(rv)
    rv.set_defaults(func=review_command)

    from jantaku.sim.lab_cli import add_lab_arguments

    add_lab_arguments(sub.add_parser("lab", help="measure what a rule change does (A/B report)"))
    sub.choices["lab"].set_defaults(func=cmd_lab)

    s = sub.add_parser("serve", help="start the web table")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default="jantaku.sqlite3")
    s.add_argument(
        "--mjai-bots",
        help="JSON or TOML table of name = command: external mjai bots tables may seat "
        "(seat kind mjai:NAME)",
    )
    s.add_argument("--max-tables", default="200", help="unfinished tables at once (default 200)")
    s.add_argument(
        "--idle-minutes", default="10", help="park a table nobody is connected to (default 10)"
    )
    s.add_argument(
        "--expire-days", default="14", help="close a table nobody touched this long (default 14)"
    )
    s.add_argument(
        "--table-rate", default="20", help="tables one address may create a minute (default 20)"
    )
    s.add_argument(
        "--table-burst", default="10", help="tables one address may create at once (default 10)"
    )
    s.add_argument(
        "--bot-games",
        default="32",
        help="bot-only games played in the background at once (default 32)",
    )
    from jantaku.server.deploy_cli import add_backup_commands, add_serve_arguments

    add_serve_arguments(s)
    s.set_defaults(func=cmd_serve)
    add_backup_commands(sub)
    return p


_BAD_INPUT: tuple[type[Exception], ...] = (
    UsageError,
    InvalidNotationError,
    HandError,
    RulesError,
    json.JSONDecodeError,
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except _BAD_INPUT as e:
        return _fail(str(e))


def run_json(argv: Sequence[str]) -> tuple[int, Any]:
    """Run a command with ``--json`` in-process and parse what it printed (for tests)."""
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    return code, json.loads(buf.getvalue())


if __name__ == "__main__":
    sys.exit(main())
