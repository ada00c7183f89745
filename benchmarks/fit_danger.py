"""Fit the standard bot's learned danger (``DANGER_W4`` / ``DANGER_W3``) from play.

Plays seeded games (one standard bot, the other seats baseline bots, as ``bench_bots.py``
seats them) and, at every discard of a seat not in riichi while another seat is, records
for each kind it holds that is not 現物 the features ``danger.danger_features`` reads
from that seat's view and whether discarding it would have dealt in (the kind among the
riichi hand's waits, and that hand not furiten: the engine's full state, which no bot
sees). Then fits a logistic regression (Newton steps, a little L2) on the first 80 % of the
games, reports on the last 20 % how well it and the hand-set model predict (log loss, AUC)
and prints the weights fitted on all of them, ready to paste::

    python benchmarks/fit_danger.py --preset riichi --games 1500 --seed 500000
    python benchmarks/fit_danger.py --preset gotou --games 1500 --seed 500000

With ``--threat open`` it fits ``LEARNED_OPEN``'s two models instead, at every discard of a
seat not in riichi facing an open hand (one call or more, not in riichi): whether that
hand may ron a tile now (``OPEN_TENPAI_W*``: among its waits, not furiten and with a yaku,
by the engine's own ron check) and, where it may, for each kind held that is not 現物,
whether it deals in (``OPEN_WAIT_W*``). It prints both fits, each held out against the
hand-set numbers (``ONE_CALL`` 0.2 for the ready chance)::

    python benchmarks/fit_danger.py --preset riichi --games 1500 --seed 500000 --threat open
    python benchmarks/fit_danger.py --preset gotou --games 1500 --seed 500000 --threat open

The weights in ``jantaku.bots.standard.knobs`` came from these two runs, played with the
weights before them (a refit moves them by a few hundredths): 1,496,623 riichi tiles (8.25 %
deal in; held-out log loss 0.2680 against the hand-set numbers' 0.2769 calibrated and 0.2833
for one rate for all; AUC 0.674 against 0.609) and 246,347 gotou tiles (9.52 %; 0.3053,
0.3131, 0.3181; AUC 0.654 against 0.594). Richer features (the tiles around it one by one,
the two-sided waits still open) brought the riichi log loss to 0.2656 but no change in
play (2.283 against 2.281 of a place, 4,000 games): not kept.
"""

from __future__ import annotations

import argparse
import math
import sys
from multiprocessing import Pool
from pathlib import Path

try:
    import jantaku  # noqa: F401
except ImportError:  # running from a checkout without installing: use src/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from jantaku.bots import spec as bot_spec
from jantaku.bots.common import kind_counts
from jantaku.bots.standard import StandardBot, danger, knobs
from jantaku.game import ActionType, Game, State
from jantaku.game.legal import furiten, hand_waits, ron_allowed
from jantaku.game.seat import SeatView, SeatViews
from jantaku.sim.runner import bot_seed
from jantaku.tiles.kinds import N_KINDS
from jantaku.tiles.tileset import tile_kind

Row = tuple[list[float], int, float]
"""One tile held facing a riichi: its features, 1 if it deals in, the hand-set danger."""


def _rows(view: SeatView, seat: int, state: State, helper: StandardBot) -> list[Row]:
    counts = kind_counts(view.hand)
    copies = helper.tile_copies(view.tileset)
    visible = view.visible_counts()
    live_left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]
    out: list[Row] = []
    for th in danger.read_threats(view, seat):
        if not th.pre or th.waits is not None:
            continue  # not a riichi, or an open one (its waits are shown)
        waits = hand_waits(state, th.seat)
        dead = furiten(state, th.seat)
        for k in range(N_KINDS):
            if not counts[k] or k in th.safe:
                continue
            feats = danger.danger_features(view, th, k, live_left)
            old = _hand_set(view, th, k, live_left, counts)
            out.append((feats, int(k in waits and not dead), old))
    return out


OpenRows = tuple[list[tuple[list[float], int, float]], list[Row]]
"""Facing open hands: (its ready-model features, 1 if it may ron a tile now, the hand-set
chance), and per tile held while it is ready (features, 1 if it deals in, hand-set)."""


def _open_rows(
    view: SeatView, seat: int, state: State, helper: StandardBot, tile_of: list[int]
) -> OpenRows:
    counts = kind_counts(view.hand)
    copies = helper.tile_copies(view.tileset)
    visible = view.visible_counts()
    live_left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]
    ready_rows: list[tuple[list[float], int, float]] = []
    wait_rows: list[Row] = []
    hand_set = {th.seat: th for th in danger.read_threats(view, seat, HAND_SET_ONE_CALL)}
    for th in danger.read_threats(view, seat, 0.0, True):
        if not th.learned_open:
            continue
        s = th.seat
        ron = {
            k
            for k in hand_waits(state, s)
            if k < N_KINDS and ron_allowed(state, s, seat, tile_of[k])
        }
        old = hand_set.get(s)
        feats = danger.open_tenpai_features(view, s)
        ready_rows.append((feats, int(bool(ron)), old.p_tenpai if old else 0.0))
        if not ron:
            continue
        for k in range(N_KINDS):
            if not counts[k] or k in th.safe:
                continue
            wf = danger.open_wait_features(view, th, k, live_left)
            d = danger.tile_danger(view, old, k, live_left, counts) if old else 0.0
            wait_rows.append((wf, int(k in ron), d))
    return ready_rows, wait_rows


HAND_SET_ONE_CALL = 0.2
"""The hand-set chance compared with (``ONE_CALL`` 0.2: its best measured in gotou)."""


def _hand_set(
    view: SeatView, th: danger.Threat, k: int, live_left: list[int], counts: list[int]
) -> float:
    """The hand-set numbers' danger (the learned model switched off for the call)."""
    learned = knobs.LEARNED_DANGER
    knobs.LEARNED_DANGER = False
    try:
        return danger.tile_danger(view, th, k, live_left, counts)
    finally:
        knobs.LEARNED_DANGER = learned


def play(job: tuple[str, int, str]) -> tuple[int, list[Row], OpenRows]:
    """Play one seeded game, ``job`` = (preset, seed, threat: ``"riichi"`` or ``"open"``):
    its seed and the rows it records, the riichi rows for ``"riichi"``, the (ready, wait)
    rows for ``"open"``."""
    preset, seed, threat = job
    game = Game(preset, seed)
    n = game.people
    kinds = ["standard" if s == seed % n else "baseline" for s in range(n)]
    players = [bot_spec.make_player(kinds[s], bot_seed(seed, s)) for s in range(n)]
    helper = StandardBot()
    state = game.new_state()
    views = SeatViews(game)
    rows: list[Row] = []
    ready_rows: list[tuple[list[float], int, float]] = []
    wait_rows: list[Row] = []
    tile_of = [0] * N_KINDS
    for t in game.tileset.tiles:
        k = tile_kind(t)
        if k < N_KINDS:
            tile_of[k] = t
    steps = 0
    while not state.game_over and steps < 10_000:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        views.sync(state.events)
        view = views[seat]
        if not view.in_riichi(seat) and any(a.type is ActionType.DISCARD for a in legal):
            if threat == "open":
                r, w = _open_rows(view, seat, state, helper, tile_of)
                ready_rows.extend(r)
                wait_rows.extend(w)
            elif any(view.in_riichi(s) for s in range(n) if s != seat):
                rows.extend(_rows(view, seat, state, helper))
        state.apply(players[seat].choose(view, seat, legal))
        steps += 1
    return seed, rows, (ready_rows, wait_rows)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(40):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(score: np.ndarray, y: np.ndarray) -> float:
    """The chance that a tile that deals in is rated above one that does not (ties half)."""
    order = np.argsort(score, kind="mergesort")
    ranks = np.empty(len(score))
    ranks[order] = np.arange(1, len(score) + 1)
    for v in np.unique(score):  # average ranks over ties
        same = score == v
        if same.sum() > 1:
            ranks[same] = ranks[same].mean()
    pos = float(y.sum())
    return float((ranks[y == 1].sum() - pos * (pos + 1) / 2) / (pos * (len(y) - pos)))


def report(what: str, rows: list[Row], test: list[bool]) -> np.ndarray:
    """Fit on the training games, print the held-out log loss and AUC against the
    hand-set numbers (calibrated on the same games) and one rate for all; return the
    weights fitted on every row."""
    x = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows], dtype=float)
    o, te = np.array([r[2] for r in rows]), np.array(test)
    tr = ~te
    p = 1.0 / (1.0 + np.exp(-(x[te] @ fit(x[tr], y[tr]))))
    # The hand-set numbers, calibrated on the same training games (a, b, c of a + bo + co²).
    oc = np.stack([np.ones(len(o)), o, o * o], axis=1)
    pc = 1.0 / (1.0 + np.exp(-(oc[te] @ fit(oc[tr], y[tr]))))
    base = np.full(int(te.sum()), y[tr].mean())
    print(f"{what}: {len(y)} rows, {y.mean():.2%} positive")
    print(
        f"  held-out log loss: learned {log_loss(p, y[te]):.5f}, hand-set (calibrated) "
        f"{log_loss(pc, y[te]):.5f}, one rate for all {log_loss(base, y[te]):.5f}"
    )
    print(f"  held-out AUC: learned {auc(p, y[te]):.4f}, hand-set {auc(o[te], y[te]):.4f}")
    w = fit(x, y)
    print("  weights: (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="riichi")
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--threat",
        choices=("riichi", "open"),
        default="riichi",
        help="riichi: DANGER_W*; open: OPEN_TENPAI_W* and OPEN_WAIT_W* (open hands)",
    )
    args = ap.parse_args(argv)
    jobs = [(args.preset, args.seed + i, args.threat) for i in range(args.games)]
    rows: list[Row] = []
    test: list[bool] = []
    ready: list[tuple[list[float], int, float]] = []
    ready_test: list[bool] = []
    waits: list[Row] = []
    waits_test: list[bool] = []
    cut = args.seed + int(args.games * 0.8)
    with Pool(args.workers) as pool:
        for done, (seed, got, (r, w)) in enumerate(pool.imap_unordered(play, jobs, chunksize=4), 1):
            held = seed >= cut
            rows.extend(got)
            test.extend([held] * len(got))
            ready.extend(r)
            ready_test.extend([held] * len(r))
            waits.extend(w)
            waits_test.extend([held] * len(w))
            if done % 100 == 0 or done == args.games:
                n = len(rows) + len(waits)
                print(f"\r{done}/{args.games} games, {n} tiles", end="", file=sys.stderr)
    print(file=sys.stderr)
    print(f"{args.preset}, {args.games} games (seed {args.seed}):")
    if args.threat == "riichi":
        weights = [report("tiles held facing a riichi, that deal in", rows, test)]
    else:
        weights = [
            report("open hands (not in riichi): ready to ron a tile", ready, ready_test),
            report("tiles held facing a ready open hand, that deal in", waits, waits_test),
        ]
    return 0 if all(math.isfinite(v) for w in weights for v in w) else 1


if __name__ == "__main__":
    sys.exit(main())
