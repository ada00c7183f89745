// @ts-check
// What the table page and the replay page share: the model of a table folded from the game's
// events, the seats and the board (rivers, melds, hands, the centre); the result of a hand and
// of the game is board-results.js. Every function takes the model first; the pages keep their
// own state.
//
// The model knows a hand's tiles only where the events show them: the table page (a seat's
// view) knows its own hand (`tehai`), the replay (the full log, `wall.hands`) knows every hand.
// An unknown hand is a count of face-down tiles.
//
// Persons and players: at a three-player preset played by four people, the events number the
// persons 0..3, and each start_kyoku names the one who sits out that hand (抜け番, the one just
// before the dealer); without `sitting_out` everybody plays.
import { el } from './dom.js';
import { has, t } from './i18n.js';
import { kindOf, tileEl, tileName } from './tiles.js';

/** @typedef {import('./types').GameEvent} GameEvent */
/** @typedef {import('./types').Model} Model */
/** @typedef {import('./types').HandResult} HandResult */

const SEAT_WINDS = ['E', 'S', 'W', 'N'];
export const DICE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** The page's element at a selector (always there).
 * @param {string} sel
 * @returns {HTMLElement} */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

// -- the model --------------------------------------------------------------------------------

/**
 * A new model. `seat`: the person shown at the bottom; `you`: the person called "You" (the
 * table page's own seat; null in a replay); `seats`: the seat kinds ("human", "bot:baseline").

 * @param {{ seat?: number, you?: number | null, seats: string[], preset?: import('./types').Preset | null, serverWall?: boolean }} opts
 */
export function newModel({ seat = 0, you = null, seats, preset = null, serverWall = false }) {
  const n = seats.length;
  /** @type {Model} */
  const model = {
    seat, you, seats, n, preset, serverWall,
    hands: Array(n).fill(null), draws: Array(n).fill(null), counts: Array(n).fill(0),
    rivers: [], melds: [], nuki: [],
    riichi: Array(n).fill(false), pendingReach: Array(n).fill(false), dora: [],
    scores: Array(n).fill(0), startScores: Array(n).fill(0), chips: Array(n).fill(0),
    honba: 0, kyotaku: 0, oya: 0, sittingOut: null, handSize: 13, // until a deal says
    bakaze: 'E', kyoku: 1, turn: null, last: null, horas: [], ryukyoku: null, result: null,
    end: null, wallLeft: null, rinshanLeft: null, dice: null, wareme: null,
    shownWaits: Array(n).fill(null), missedRon: Array(n).fill(null),
    lines: null, handsEnded: 0, // the server's result lines (see resultNodes), hands ended
    results: [], // every hand's result so far (the replay and the tests show any of them)
  };
  return model;
}

/** A knob's value in the table's preset, else `fallback` (a value of the knob's kind).
 * @template T
 * @param {Model} M
 * @param {string} key
 * @param {T} fallback
 * @returns {T}
 */
export function knob(M, key, fallback) {
  const k = M.preset?.knobs?.find((x) => x.key === key);
  return k === undefined ? fallback : /** @type {T} */ (k.value);
}

export const byId = (/** @type {number} */ a, /** @type {number} */ b) => a - b;

/** @param {Model} M @param {import('./types').StartKyoku} ev */
function startKyoku(M, ev) {
  const n = M.n;
  const sittingOut = Number.isInteger(ev.sitting_out) ? ev.sitting_out : null;
  // The full log deals every hand; a seat's view only its own (`tehai`).
  const dealt = ev.wall
    ? ev.wall.hands.map((h) => h.slice())
    : Array.from({ length: n }, (_, s) => (s === M.you && ev.tehai ? ev.tehai.slice() : null));
  // Others' hands are face down: as many tiles as ours, or the last size seen while we sit out.
  const sizes = dealt.filter((h) => h && h.length).map((h) => /** @type {number[]} */ (h).length);
  if (sizes.length) M.handSize = Math.max(...sizes);
  Object.assign(M, {
    hands: dealt.map((h) => (h ? h.sort(byId) : null)), draws: Array(n).fill(null), sittingOut,
    counts: Array.from({ length: n }, (_, s) => (dealt[s] ? dealt[s].length
      : s === sittingOut ? 0 : M.handSize)),
    rivers: Array.from({ length: n }, () => []), melds: Array.from({ length: n }, () => []),
    nuki: Array.from({ length: n }, () => []), riichi: Array(n).fill(false),
    shownWaits: Array(n).fill(null), missedRon: Array(n).fill(null),
    pendingReach: Array(n).fill(false),
    dora: ev.dora_tiles ? ev.dora_tiles.slice() : [ev.dora_tile ?? ev.dora_marker],
    scores: ev.scores.slice(), startScores: ev.scores.slice(), honba: ev.honba,
    kyotaku: ev.kyotaku, oya: ev.oya, bakaze: ev.bakaze, kyoku: ev.kyoku, turn: ev.oya,
    last: null, horas: [], ryukyoku: null, result: null,
    wallLeft: ev.wall ? ev.wall.live.length : null, // a seat's page: from the server
    rinshanLeft: ev.wall ? ev.wall.rinshan.length : null,
    dice: Array.isArray(ev.dice) ? ev.dice.slice() : null,
    wareme: Number.isInteger(ev.wareme) ? ev.wareme : null,
  });
}

/** Take tiles out of a hand (the drawn tile joins the hand first).
 * @param {Model} M
 * @param {number} actor
 * @param {number[]} ids
 */
function take(M, actor, ids) {
  M.counts[actor] = Math.max(0, M.counts[actor] - ids.length);
  const hand = M.hands[actor];
  if (!hand) return;
  const all = hand.slice();
  if (M.draws[actor] !== null) all.push(M.draws[actor]);
  for (const id of ids) {
    const i = all.indexOf(id);
    if (i >= 0) all.splice(i, 1);
  }
  M.hands[actor] = all.sort(byId);
  M.draws[actor] = null;
}

/** @param {Model} M
 * @param {number[] | undefined} deltas
 */
function addChips(M, deltas) {
  (deltas ?? []).forEach((d, s) => { if (s < M.n) M.chips[s] += d; });
}

/** The live wall's count after a draw, as the engine counts it (a replacement tile shortens
 * the live wall only where the preset says so, or once the replacement tiles are gone).
 * @param {Model} M
 * @param {boolean} rinshan
 */
function countDraw(M, rinshan) {
  if (M.wallLeft === null || M.serverWall) return; // a seat's page shows the server's count
  if (rinshan && M.rinshanLeft !== null && M.rinshanLeft > 0) {
    M.rinshanLeft -= 1;
    if (!knob(M, 'table.replacement_shortens_wall', true)) return;
  }
  M.wallLeft = Math.max(0, M.wallLeft - 1);
}

/** Fold one event into the model.
 * @param {Model} M
 * @param {GameEvent} ev */
export function fold(M, ev) {
  switch (ev.type) {
    case 'start_kyoku': startKyoku(M, ev); break;
    case 'tsumo':
      M.turn = ev.actor;
      M.counts[ev.actor] += 1;
      countDraw(M, !!ev.rinshan);
      if (M.hands[ev.actor]) {
        if (M.draws[ev.actor] !== null) M.hands[ev.actor] = [.../** @type {number[]} */ (M.hands[ev.actor]), /** @type {number} */ (M.draws[ev.actor])].sort(byId);
        M.draws[ev.actor] = Number.isInteger(ev.tile) ? /** @type {number} */ (ev.tile) : null; // an open hand's draw is unseen
      }
      break;
    case 'reach':
      M.pendingReach[ev.actor] = true; // the next discard lies sideways
      M.riichi[ev.actor] = ev.shuba ? 'shuba' : 'riichi';
      break;
    case 'reach_accepted':
      // An open riichi shows the table its hand (mighty) or its waits (gotou).
      if (Array.isArray(ev.shown) && !M.hands[ev.actor]) M.hands[ev.actor] = ev.shown.slice().sort(byId);
      if (typeof ev.shown_waits === 'string') M.shownWaits[ev.actor] = ev.shown_waits;
      // The stick leaves the score now; the event says what it cost (a シュバリー stick
      // costs more). A log written before it did leaves the preset to say.
      if (Array.isArray(ev.deltas)) M.scores[ev.actor] += ev.deltas[ev.actor];
      else {
        M.scores[ev.actor] -= M.riichi[ev.actor] === 'shuba'
          ? knob(M, 'game.shuba_stick', 5000) : knob(M, 'scoring.riichi_stick', 1000);
      }
      M.kyotaku += 1;
      break;
    case 'declare': break; // only the declarer sees it; the call itself follows
    case 'pass':
      // A win let pass (only a seat's own passes reach it): フリテン until its next discard,
      // or for the rest of the hand after its riichi (同巡内 / 立直後の見逃し).
      if (ev.missed_ron) M.missedRon[ev.actor] = M.riichi[ev.actor] ? 'riichi' : 'turn';
      break;
    case 'dahai':
      if (M.missedRon[ev.actor] === 'turn') M.missedRon[ev.actor] = null;
      take(M, ev.actor, [ev.tile]);
      M.rivers[ev.actor].push({
        tile: ev.tile, riichi: M.pendingReach[ev.actor], tsumogiri: !!ev.tsumogiri, called: false,
      });
      M.pendingReach[ev.actor] = false;
      M.last = { actor: ev.actor, index: M.rivers[ev.actor].length - 1 };
      break;
    case 'chi': case 'pon': case 'daiminkan': {
      const river = M.rivers[ev.target];
      if (river && river.length) river[river.length - 1].called = true;
      take(M, ev.actor, ev.tiles);
      M.melds[ev.actor].push({ type: ev.type, tile: ev.tile, tiles: ev.tiles, target: ev.target });
      M.turn = ev.actor;
      M.last = null;
      break;
    }
    case 'ankan':
      take(M, ev.actor, ev.tiles);
      M.melds[ev.actor].push({ type: 'ankan', tiles: ev.tiles });
      break;
    case 'kakan': {
      take(M, ev.actor, [ev.tile]);
      const k = kindOf(tileName(ev.tile));
      const meld = M.melds[ev.actor].find((m) => m.type === 'pon' && kindOf(tileName(/** @type {number} */ (m.tile))) === k);
      if (meld) { meld.type = 'kakan'; meld.added = ev.tile; }
      break;
    }
    case 'nukidora':
      take(M, ev.actor, [ev.tile]);
      M.nuki[ev.actor].push(ev.tile);
      addChips(M, ev.chip_deltas); // gotou: the spring pays chips at once
      break;
    case 'dora':
      M.dora.push(ev.tile);
      // A kan's indicator stack taken from the live wall's end (gotou): two draws fewer.
      if (ev.live && M.wallLeft !== null && !M.serverWall) M.wallLeft = Math.max(0, M.wallLeft - 2);
      break;
    case 'hora':
      M.horas.push(ev);
      if (ev.scores) M.scores = ev.scores.slice();
      M.kyotaku = 0; // the first winner takes the sticks (a draw leaves them on the table)
      addChips(M, ev.chip_deltas);
      M.turn = null;
      break;
    case 'ryukyoku':
      M.ryukyoku = ev;
      if (ev.scores) M.scores = ev.scores.slice();
      addChips(M, ev.chip_deltas);
      M.turn = null;
      break;
    case 'end_kyoku':
      M.result = handResult(M, ev.scores);
      M.results.push(M.result);
      M.handsEnded += 1;
      M.scores = ev.scores.slice();
      break;
    case 'end_game':
      M.end = ev;
      M.scores = ev.scores.slice();
      M.kyotaku = 0; // leftover sticks went to the top or were lost: none is on the table
      break;
    default: break;
  }
}

/** The result of the hand so far (its wins and draw), for the result dialog.
 * @param {Model} M
 * @returns {HandResult} */
export function handResult(M, after = M.scores) {
  return {
    horas: M.horas.slice(), ryukyoku: M.ryukyoku, start: M.startScores.slice(),
    after: after.slice(), kyoku: { bakaze: M.bakaze, kyoku: M.kyoku, honba: M.honba },
    index: M.handsEnded, // which of the server's hand lines are this hand's
  };
}

/** The name of a round wind ("東" / "East").
 * @param {string} w
 */
export function windName(w) {
  return has(`common.wind.${w}`) ? t(`common.wind.${w}`) : w;
}

/** The name of a draw's reason ("荒牌平局" / "Exhaustive draw").
 * @param {string} reason
 */
export function reasonName(reason) {
  return has(`result.reason.${reason}`) ? t(`result.reason.${reason}`) : t('result.reason.other', { reason });
}

/** Whether the preset pays chips (祝儀): shown beside points only then.
 * @param {Model} M */
export function hasChips(M) {
  return knob(M, 'chips.enabled', false) || M.chips.some((c) => c !== 0);
}

// -- seats --------------------------------------------------------------------------------------

/** A bot's kind for people ("標準ボット" / "standard"); an unknown one by its name.
 * @param {string} name
 */
export function botKind(name) {
  return has(`table.bot_kind.${name}`) ? t(`table.bot_kind.${name}`) : name;
}

/** @param {Pick<Model, 'you' | 'seats'>} M
 * @param {number} s
 */
export function seatName(M, s) {
  if (s === M.you) return t('table.you');
  const kind = M.seats[s] ?? '';
  return kind.startsWith('bot:') ? t('table.bot', { n: s + 1, kind: botKind(kind.slice(4)) })
    : t('table.player', { n: s + 1 });
}

/** The persons who play this hand, in turn order from the dealer.
 * @param {Model} M */
export function activeOrder(M) {
  const out = [];
  for (let i = 0; i < M.n; i++) {
    const s = (M.oya + i) % M.n;
    if (s !== M.sittingOut) out.push(s);
  }
  return out;
}

/** The seat wind of person s this hand ('E', 'S', 'W', 'N'), or null while they sit out.
 * @param {Model} M
 * @param {number} s
 */
export function seatWind(M, s) {
  const i = activeOrder(M).indexOf(s);
  return i < 0 ? null : SEAT_WINDS[i];
}

/** "東家 · あなた" / "East · You" ("抜け番" while sitting out).
 * @param {Model} M
 * @param {number} s
 */
export function seatLabel(M, s) {
  const wind = seatWind(M, s);
  return `${wind ? t(`table.seat_wind.${wind}`) : t('table.sitting_out')} · ${seatName(M, s)}`;
}

/** Where person s sits as seen from the bottom seat.
 * @param {Model} M
 * @param {number} s
 */
export function position(M, s) {
  const rel = (s - M.seat + M.n) % M.n;
  if (rel === 0) return 'bottom';
  if (M.n === 3) return rel === 1 ? 'right' : 'left';
  return ['bottom', 'right', 'top', 'left'][rel];
}

/** Steps in turn order from person a to person b among those playing the hand.
 * @param {Model} M
 * @param {number} a
 * @param {number} b
 */
function turnsFrom(M, a, b) {
  const order = activeOrder(M);
  const i = order.indexOf(a);
  const j = order.indexOf(b);
  return i < 0 || j < 0 ? (b - a + M.n) % M.n : (j - i + order.length) % order.length;
}

/** @param {Model} M */
export function roundName(M) {
  return t('table.round', { wind: windName(M.bakaze), kyoku: M.kyoku });
}

// -- the board --------------------------------------------------------------------------------

/** Tile names of an MPSZ string ("25s7z" -> 2s 5s 7z).
 * @param {string} text
 */
export function mpszNames(text) {
  const out = [];
  let digits = '';
  for (const ch of text) {
    if (/[0-9g]/.test(ch)) digits += ch;
    else { for (const d of digits) out.push(d + ch); digits = ''; }
  }
  return out;
}

/** A river as Tenhou draws it: rows of six, the third row running on to the player's right
 * however long the hand lasts (so a river is never deeper than three rows), the riichi discard
 * sideways, a called tile taken out (kept in the page, hidden, so the discards still count)
 * and, when the riichi discard was the one called, the next discard sideways instead; the last
 * discard marked.
 * @param {Model} M
 * @param {number} s
 */
export function renderRiver(M, s) {
  const box = document.createElement('div');
  box.className = 'river';
  const rows = [0, 1, 2].map(() => el('div', 'river-row'));
  box.append(...rows);
  let shown = 0;
  let sideways = false;
  M.rivers[s].forEach((d, i) => {
    const turned = (d.riichi || sideways) && !d.called;
    sideways = (d.riichi || sideways) && d.called;
    const extra = [d.tsumogiri ? 'tsumogiri' : '', d.called ? 'called' : '',
      d.riichi ? 'riichi-discard' : '',
      M.last && M.last.actor === s && M.last.index === i ? 'last' : ''].join(' ');
    rows[Math.min(2, Math.floor(shown / 6))].append(tileEl(d.tile, { sideways: turned, small: true, extra }));
    if (!d.called) shown += 1;
  });
  return box;
}

/** @param {Model} M
 * @param {number} s
 * @param {import('./types').Meld} m
 */
function renderMeld(M, s, m) {
  const box = document.createElement('span');
  box.className = 'meld';
  box.dataset.type = m.type;
  if (m.type === 'ankan') {
    m.tiles.forEach((t, i) => box.append(tileEl(i === 0 || i === 3 ? null : t, { small: true })));
    return box;
  }
  // The called tile lies sideways: left from the left player (上家), right from the right
  // player (下家), in the middle from across.
  const rel = turnsFrom(M, s, /** @type {number} */ (m.target));
  const players = activeOrder(M).length;
  const at = rel === players - 1 ? 0 : rel === 1 ? m.tiles.length : 1;
  const own = m.tiles.map((t) => tileEl(t, { small: true }));
  const called = tileEl(m.tile, { small: true, sideways: true });
  own.splice(Math.min(at, own.length), 0, called);
  box.append(...own);
  if (m.added !== undefined) {
    called.after(tileEl(m.added, { small: true, sideways: true, extra: 'added' }));
  }
  return box;
}

/** @param {Model} M
 * @param {number} s
 */
export function renderMelds(M, s) {
  const row = document.createElement('div');
  row.className = 'row melds';
  M.melds[s].forEach((m) => row.append(renderMeld(M, s, m)));
  if (M.nuki[s].length) {
    const nuki = document.createElement('span');
    nuki.className = 'meld nuki';
    nuki.title = t('table.extracted');
    M.nuki[s].forEach((t) => nuki.append(tileEl(t, { small: true })));
    row.append(nuki);
  }
  return row;
}

/** A hand as the board shows it: face up (sorted, the drawn tile apart) where the model knows
 * it, else as many face-down tiles.
 * @param {Model} M
 * @param {number} s
 */
export function renderHandRow(M, s) {
  const row = document.createElement('div');
  const hand = M.hands[s];
  if (!hand) {
    // Face down: one thing to hear ("伏せた牌 13枚"), not thirteen.
    row.className = 'row concealed';
    row.setAttribute('role', 'img');
    row.setAttribute('aria-label', t('table.face_down', { count: M.counts[s] }));
    for (let i = 0; i < M.counts[s]; i++) {
      const back = tileEl(null, { small: true });
      back.setAttribute('aria-hidden', 'true');
      row.append(back);
    }
    return row;
  }
  row.className = 'row hand open';
  row.dataset.person = String(s);
  hand.forEach((t) => row.append(tileEl(t)));
  if (M.draws[s] !== null) row.append(tileEl(M.draws[s], { extra: 'drawn' }));
  return row;
}

/** @param {Model} M
 * @param {number} s
 * @param {HTMLElement | null} hand
 */
function renderPlayer(M, s, hand) {
  const side = position(M, s);
  const box = $(`#p-${side}`);
  const out = s === M.sittingOut;
  box.classList.remove('empty');
  box.classList.toggle('turn', M.turn === s);
  box.classList.toggle('sitting-out', out);
  box.dataset.person = String(s);
  box.replaceChildren();
  const name = document.createElement('div');
  name.className = 'name';
  // Wind and score first: a long name is the part cut short.
  const wind = seatWind(M, s);
  name.append(el('span', 'wind', wind ? t(`table.seat_wind.${wind}`) : t('table.sitting_out')), ' · ',
    el('span', 'points', String(M.scores[s])), ' · ', el('span', 'seat-name', seatName(M, s)));
  name.title = `${seatLabel(M, s)} · ${M.scores[s]}`;
  if (M.connected?.[s] === false) name.append(el('span', 'away-mark', t('table.away')));
  if (out) {
    const mark = document.createElement('span');
    mark.className = 'sitting-out-mark';
    mark.textContent = t('table.sitting_out');
    name.append(mark);
  }
  // The hand at the player's edge with the called melds and the extracted tiles at its right,
  // as at a real table; the river in front of the centre.
  const strip = el('div', 'strip');
  strip.append(name, hand ?? renderHandRow(M, s), renderMelds(M, s));
  if (M.shownWaits[s]) {
    const waits = el('span', 'shown-waits', el('span', 'label', t('table.waits')));
    for (const name of mpszNames(M.shownWaits[s])) waits.append(tileEl(name, { small: true }));
    strip.append(waits);
  }
  box.append(renderRiver(M, s), strip);
}

/** The centre's box of person s, at the side they sit: wind, name, score, chips, the riichi
 * stick they put on the table, and the marks of the hand (親, 割れ目, シュバ, 抜け番).
 * @param {Model} M
 * @param {number} s
 */
function seatScore(M, s) {
  const box = el('div', 'seat-score');
  box.dataset.side = position(M, s);
  box.dataset.person = String(s);
  const wind = seatWind(M, s);
  if (M.turn === s) box.classList.add('turn');
  if (s === M.sittingOut) box.classList.add('sitting-out');
  box.title = seatLabel(M, s);
  box.append(wind ? el('span', 'wind', el('span', 'long', t(`common.wind.${wind}`)),
    el('span', 'short', wind)) : el('span', 'wind', t('table.sitting_out')));
  if (wind === 'E') box.append(el('span', 'mark dealer', t('table.dealer')));
  if (M.wareme === s) box.append(el('span', 'mark wareme', t('table.wareme')));
  box.append(el('span', 'points', String(M.scores[s])));
  if (hasChips(M)) {
    box.append(el('span', 'chips', t('table.chips', { count: knob(M, 'game.start_chips', 0) + M.chips[s] })));
  }
  if (M.riichi[s]) {
    const stick = el('span', `riichi-stick ${M.riichi[s] === 'shuba' ? 'shuba' : ''}`);
    stick.title = t('table.riichi_stick');
    box.append(stick);
    if (M.riichi[s] === 'shuba') box.append(el('span', 'mark shuba', t('table.shuba_mark')));
  }
  return box;
}

/**
 * Draw the board into #p-top/#p-left/#p-right/#p-bottom and the centre (#round, #sticks,
 * #dora, #center-scores). `hand(s)` may give a seat's hand element (the table page's own,
 * clickable hand); otherwise renderHandRow. Returns false while no hand has been dealt.
 * @param {Model} M */
export function renderBoard(M, { hand = (/** @type {number} */ _s) => /** @type {HTMLElement | null} */ (null) } = {}) {
  for (const id of ['top', 'left', 'right', 'bottom']) {
    $(`#p-${id}`).classList.add('empty');
    $(`#p-${id}`).classList.remove('sitting-out', 'turn');
  }
  if (!M.rivers.length) return false;
  for (let s = 0; s < M.n; s++) renderPlayer(M, s, hand(s));
  $('#round').textContent = roundName(M);
  const sticks = $('#sticks');
  sticks.replaceChildren();
  const counters = [
    ['honba', t('table.honba', { count: M.honba })],
    ['kyotaku', t('table.kyotaku', { count: M.kyotaku })],
  ];
  if (M.wallLeft !== null) counters.push(['wall-left', t('table.tiles_left', { count: M.wallLeft })]);
  for (const [cls, text] of counters) {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    sticks.append(span);
  }
  if (M.dice) {
    const [a, b] = M.dice;
    const dice = el('span', 'dice', `${DICE_FACES[a - 1] ?? a}${DICE_FACES[b - 1] ?? b}`);
    dice.title = t('table.dice', { a, b });
    sticks.append(dice);
  }
  const dora = $('#dora');
  dora.replaceChildren(el('span', 'label', t('table.dora_indicators')));
  const doraTiles = el('span', 'tiles');
  doraTiles.title = t('table.dora_indicators');
  M.dora.forEach((id) => doraTiles.append(tileEl(id, { small: true })));
  dora.append(doraTiles);
  const scores = $('#center-scores');
  scores.replaceChildren();
  for (let s = 0; s < M.n; s++) scores.append(seatScore(M, s));
  return true;
}
