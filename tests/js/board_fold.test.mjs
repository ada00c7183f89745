// board.js's fold over the golden logs (tests/golden/games.jsonl.gz): every recorded game folded
// as the replay folds it (the full log) and as each seat's page folds it (the events that seat
// is shown), checked against what the log itself states — each win's and draw's scores from
// the scores before it plus its deltas (so the riichi sticks the fold takes off), the hands the
// full log shows at a win or a draw, the live wall at an exhaustive draw, the sticks on the
// table at the next deal, and the chips at the end of the game.
//
// Run by `make test` and by tests/js/test_node.py: node --test tests/js/
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';

const ROOT = new URL('../../', import.meta.url);
const WEB = new URL('src/jantaku/web/', ROOT);

// The page modules run in a browser: i18n.js loads its catalogue with fetch at import and
// sets the document's language. Here the catalogue is read from the files the server merges.
function catalogue(lang) {
  const dir = new URL(`i18n/${lang}/`, WEB);
  const out = {};
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const ns = f.slice(0, -5);
    for (const [k, v] of Object.entries(JSON.parse(readFileSync(new URL(f, dir), 'utf8')))) out[`${ns}.${k}`] = v;
  }
  return out;
}
globalThis.document = /** @type {any} */ ({ documentElement: {} });
if (!globalThis.navigator) globalThis.navigator = /** @type {any} */ ({ languages: ['ja'] });
globalThis.fetch = async () => /** @type {any} */ ({ ok: true, json: async () => catalogue('ja') });
const { fold, knob, newModel } = await import(new URL('board.js', WEB).href);

/** The knobs board.js reads, from the presets' TOML files (section.key = number or boolean). */
function presetKnobs(name) {
  const text = readFileSync(new URL(`src/jantaku/rules/presets/${name}.toml`, ROOT), 'utf8');
  const knobs = [];
  let section = '';
  for (const line of text.split('\n')) {
    const head = line.match(/^\s*\[([\w.-]+)\]/);
    if (head) { section = head[1]; continue; }
    const kv = line.match(/^\s*(\w+)\s*=\s*(true|false|-?\d+)\b/);
    if (kv) knobs.push({ key: `${section}.${kv[1]}`, value: kv[2] === 'true' ? true : kv[2] === 'false' ? false : Number(kv[2]) });
  }
  return { name, knobs };
}

/** An event as `seat` is shown it: jantaku.game.visibility.seen_by, in JavaScript. */
function seenBy(ev, seat) {
  if (ev.type === 'start_game') { const { seed, ...rest } = ev; return rest; }
  if (ev.type === 'start_kyoku') {
    const { wall, ...rest } = ev;
    return { ...rest, tehai: wall.hands[seat].slice() };
  }
  if (ev.type === 'tsumo' && ev.actor !== seat) {
    const e = { type: 'tsumo', actor: ev.actor, pai: '?', rinshan: ev.rinshan };
    if ('chip_deltas' in ev) e.chip_deltas = ev.chip_deltas;
    return e;
  }
  if ((ev.type === 'pass' || ev.type === 'declare') && ev.actor !== seat) return null;
  return ev;
}

const games = gunzipSync(readFileSync(new URL('tests/golden/games.jsonl.gz', ROOT)))
  .toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
const sorted = (ids) => ids.slice().sort((a, b) => a - b);
const plus = (a, b) => a.map((x, i) => x + (b[i] ?? 0));

/** Fold `events` into a new model and check it against the log after each hand's end. */
function check(game, events, seat, where) {
  const deal = events.find((e) => e.type === 'start_kyoku');
  const n = deal.scores.length;
  const full = seat === null;
  const M = newModel({ seat: seat ?? 0, you: seat, seats: Array(n).fill('bot'), preset: presetKnobs(game.preset) });
  let hands = 0;
  let firstWin = true;
  for (const [i, ev] of events.entries()) {
    const at = `${where}, event ${i} (${ev.type})`;
    if (ev.type === 'start_kyoku' && hands > 0) {
      assert.equal(M.kyotaku, ev.kyotaku, `${at}: the sticks left on the table`);
      assert.deepEqual(M.scores, ev.scores, `${at}: the scores the deal starts from`);
    }
    if (ev.type === 'start_kyoku') firstWin = true;
    if ((ev.type === 'ryukyoku' || (ev.type === 'hora' && firstWin)) && ev.deltas && ev.scores) {
      // The deltas of a hand's end are paid from the scores after the riichi sticks left them.
      assert.deepEqual(plus(M.scores, ev.deltas), ev.scores, `${at}: scores before + deltas`);
    }
    if (ev.type === 'hora') {
      if (full && Array.isArray(ev.hora_tehais)) {
        const hand = [...M.hands[ev.actor], ...(M.draws[ev.actor] !== null ? [M.draws[ev.actor]] : [])];
        const won = ev.target === ev.actor || hand.includes(ev.tile) ? hand : [...hand, ev.tile];
        assert.deepEqual(sorted(won), sorted(ev.hora_tehais), `${at}: the winner's hand`);
      }
      firstWin = false;
    }
    if (ev.type === 'ryukyoku' && full) {
      (ev.tehais ?? []).forEach((t, s) => {
        if (Array.isArray(t)) {
          const hand = [...M.hands[s], ...(M.draws[s] !== null ? [M.draws[s]] : [])];
          assert.deepEqual(sorted(hand), sorted(t), `${at}: seat ${s}'s shown hand`);
        }
      });
      if (ev.reason === 'exhaustive') assert.equal(M.wallLeft, 0, `${at}: the live wall is empty`);
    }
    fold(M, ev);
    // Every hand the fold knows holds as many tiles as it counts (a hand an open riichi shows
    // another seat is known, but its later draws are not).
    for (let s = 0; s < n; s += 1) {
      if (M.hands[s] && (full || s === seat)) {
        const held = M.hands[s].length + (M.draws[s] !== null ? 1 : 0);
        assert.equal(held, M.counts[s], `${at}: seat ${s}'s tiles and their count`);
      }
    }
    if (ev.type === 'end_kyoku') {
      hands += 1;
      assert.deepEqual(M.scores, ev.scores, `${at}: scores`);
    }
    if (ev.type === 'end_game') {
      assert.deepEqual(M.scores, ev.scores, `${at}: final scores`);
      // The model counts chips won and lost; the game's chips start from the preset's stake.
      const start = knob(M, 'game.start_chips', 0);
      if (Array.isArray(ev.chips)) assert.deepEqual(M.chips.map((c) => c + start), ev.chips, `${at}: chips`);
    }
  }
  assert.ok(hands > 0, `${where}: no hand ended`);
  assert.ok(M.end, `${where}: the game did not end`);
}

test('the golden logs hold games of every preset', () => {
  const presets = new Set(games.map((g) => g.preset));
  for (const p of ['riichi', 'sanma', 'gotou', 'tokushima', 'mighty', 'kanto-boo']) assert.ok(presets.has(p), p);
});

for (const [g, game] of games.entries()) {
  test(`game ${g} (${game.preset}, seed ${game.seed}): the full log and each seat's view`, () => {
    const where = `game ${g} ${game.preset} seed ${game.seed}`;
    check(game, game.events, null, `${where}, full log`);
    const n = game.events.find((e) => e.type === 'start_kyoku').scores.length;
    for (let s = 0; s < n; s += 1) {
      const view = game.events.map((e) => seenBy(e, s)).filter((e) => e !== null);
      check(game, view, s, `${where}, seat ${s}`);
    }
  });
}

// A log written before `reach_accepted` carried the stick's deltas (a table stored then) is
// folded with the preset's stick costs: the same scores at every hand's end.
test('logs without the stick on reach_accepted fold to the same scores', () => {
  const seen = new Set();
  for (const [g, game] of games.entries()) {
    const riichi = game.events.filter((e) => e.type === 'reach_accepted');
    if (!riichi.length || seen.has(game.preset)) continue;
    seen.add(game.preset);
    const old = game.events.map((e) => {
      if (e.type !== 'reach_accepted') return e;
      const { deltas, scores, ...rest } = e;
      return rest;
    });
    check(game, old, null, `game ${g} ${game.preset} seed ${game.seed}, without the stick's deltas`);
  }
  assert.ok(seen.size >= 5, [...seen].join(', '));
});
