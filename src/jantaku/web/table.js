// The table page of one seat: a WebSocket to /ws/{table}?token=..., the received events folded
// into a small model of what this seat may see, the engine's legal actions as buttons, and the
// result of every hand and of the game in a dialog.
//
// Persons and players: at a three-player preset played by four people, the view has four seats,
// the events number the persons 0..3, and each start_kyoku names the one who sits out that hand
// (抜け番, the one just before the dealer); without `sitting_out` everybody plays.
import { kindOf, setTileNames, tileEl, tileName } from './tiles.js';

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const tableId = params.get('table');
const token = params.get('token') ?? '';
// After every discard of another seat: a pass reveals nothing, whether a call was possible or
// not. `?pause=0` (tests) sets it in milliseconds.
const PAUSE_PARAM = Number(params.get('pause') ?? NaN);
const CALL_PAUSE_MS = Number.isFinite(PAUSE_PARAM) && PAUSE_PARAM >= 0 ? PAUSE_PARAM : 800;
const OWN_PAUSE_MS = Math.min(150, CALL_PAUSE_MS);
// Watching a hand one sits out: nobody waits for this seat, so the pace only has to be legible.
const WATCH_PAUSE_MS = Math.min(400, CALL_PAUSE_MS);
const RIICHI_TYPES = ['riichi', 'open_riichi', 'shuba_riichi', 'open_shuba_riichi'];
const WINDS = { E: 'East', S: 'South', W: 'West', N: 'North' };
const WINDS_JA = { E: '東', S: '南', W: '西', N: '北' };
const SEAT_WINDS = ['East', 'South', 'West', 'North'];
const ACTION_LABELS = {
  riichi: 'Riichi', open_riichi: 'Open riichi', shuba_riichi: 'Shuba riichi',
  open_shuba_riichi: 'Open shuba riichi', tsumo: 'Tsumo', ron: 'Ron', chi: 'Chi', pon: 'Pon',
  daiminkan: 'Kan', ankan: 'Kan', kakan: 'Kan', kita: 'Kita', nine_terminals: 'Nine terminals',
  pass: 'Pass',
};
const KEYS = {
  p: ['pass'], r: RIICHI_TYPES, t: ['tsumo', 'ron'], c: ['chi'], o: ['pon'],
  k: ['daiminkan', 'ankan', 'kakan'], n: ['kita'], 9: ['nine_terminals'],
};
const REASONS = {
  exhaustive: ['Exhaustive draw', '荒牌平局'], nm: ['Nagashi mangan', '流し満貫'],
  yao9: ['Nine terminals', '九種九牌'], kaze4: ['Four winds', '四風連打'],
  reach4: ['Four riichi', '四家立直'], ron3: ['Triple ron', '三家和'], kan4: ['Four kans', '四槓散了'],
};
const LIMITS = {
  mangan: ['Mangan', '満貫'], haneman: ['Haneman', '跳満'], baiman: ['Baiman', '倍満'],
  sanbaiman: ['Sanbaiman', '三倍満'], yakuman: ['Yakuman', '役満'],
};
const YAKUMAN_MULTIPLES = ['', 'Yakuman 役満', 'Double yakuman 二倍役満', 'Triple yakuman 三倍役満'];
const CHIP_ITEMS = {
  ippatsu: ['Ippatsu', '一発'], ura_dora: ['Ura dora', '裏ドラ'], kan_dora: ['Kan dora', '槓ドラ'],
  red_five: ['Red fives', '赤'], gold_five: ['Gold fives', '金'], north: ['Norths', '北'],
  rinshan: ['Rinshan', '嶺上'], otafuku: ['Otafuku', 'お多福'], sokupochi: ['Instant pochi', '即ぽっち'],
  yakuman: ['Yakuman', '役満'], sanbaiman: ['Sanbaiman', '三倍満'], alice: ['Alice', 'アリス'],
  four_north_four_flowers: ['Four norths and four flowers', '四北四華'],
};
const DICE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

let M = null; // the model
let legal = [];
let riichiMode = null; // the riichi action type chosen, waiting for its discard
let queue = [];
let pumping = false;
let ws = null;
let retryMs = 500;
let stopped = false;
const presets = {}; // name -> /api/presets/{name} (knobs and tile names)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the model --------------------------------------------------------------------------------

function knob(key, fallback) {
  const k = M.preset?.knobs?.find((x) => x.key === key);
  return k === undefined ? fallback : k.value;
}

function newModel(view, preset) {
  const n = view.seats.length;
  return {
    seat: view.seat, seats: view.seats, n, preset,
    hand: [], drawn: null, counts: Array(n).fill(0), rivers: [], melds: [], nuki: [],
    riichi: Array(n).fill(false), pendingReach: Array(n).fill(false), dora: [],
    scores: Array(n).fill(0), startScores: Array(n).fill(0), chips: Array(n).fill(0),
    honba: 0, kyotaku: 0, oya: 0, sittingOut: null, handSize: 13, // until a deal says
    bakaze: 'E', kyoku: 1, turn: null, last: null, horas: [], ryukyoku: null, result: null,
    end: null,
  };
}

function startKyoku(ev) {
  const n = M.n;
  const sittingOut = Number.isInteger(ev.sitting_out) ? ev.sitting_out : null;
  const tehai = ev.tehai ?? [];
  // Others' hands are face down: as many tiles as ours, or the last size seen while we sit out.
  if (tehai.length) M.handSize = tehai.length;
  Object.assign(M, {
    hand: tehai.slice().sort((a, b) => a - b), drawn: null, sittingOut,
    counts: Array.from({ length: n }, (_, s) => (s === sittingOut ? 0 : M.handSize)),
    rivers: Array.from({ length: n }, () => []), melds: Array.from({ length: n }, () => []),
    nuki: Array.from({ length: n }, () => []), riichi: Array(n).fill(false),
    pendingReach: Array(n).fill(false),
    dora: ev.dora_tiles ? ev.dora_tiles.slice() : [ev.dora_tile ?? ev.dora_marker],
    scores: ev.scores.slice(), startScores: ev.scores.slice(), honba: ev.honba,
    kyotaku: ev.kyotaku, oya: ev.oya, bakaze: ev.bakaze, kyoku: ev.kyoku, turn: ev.oya,
    last: null, horas: [], ryukyoku: null, result: null,
  });
}

/** Take tiles out of this seat's hand (the drawn tile joins the hand). */
function takeOwn(ids) {
  const all = M.hand.slice();
  if (M.drawn !== null) all.push(M.drawn);
  for (const id of ids) {
    const i = all.indexOf(id);
    if (i >= 0) all.splice(i, 1);
  }
  M.hand = all.sort((a, b) => a - b);
  M.drawn = null;
}

function take(actor, ids) {
  if (actor === M.seat) takeOwn(ids);
  else M.counts[actor] = Math.max(0, M.counts[actor] - ids.length);
}

function addChips(deltas) {
  (deltas ?? []).forEach((d, s) => { if (s < M.n) M.chips[s] += d; });
}

function fold(ev) {
  switch (ev.type) {
    case 'start_kyoku': startKyoku(ev); break;
    case 'tsumo':
      M.turn = ev.actor;
      if (ev.actor === M.seat) M.drawn = ev.tile;
      else M.counts[ev.actor] += 1;
      break;
    case 'reach':
      M.pendingReach[ev.actor] = true; // the next discard lies sideways
      M.riichi[ev.actor] = ev.shuba ? 'shuba' : 'riichi';
      break;
    case 'reach_accepted':
      // The stick leaves the score now (the events carry scores only when the hand ends);
      // a シュバリー stick costs more than a riichi one.
      M.scores[ev.actor] -= M.riichi[ev.actor] === 'shuba'
        ? knob('game.shuba_stick', 5000) : knob('scoring.riichi_stick', 1000);
      M.kyotaku += 1;
      break;
    case 'dahai':
      take(ev.actor, [ev.tile]);
      M.rivers[ev.actor].push({
        tile: ev.tile, riichi: M.pendingReach[ev.actor], tsumogiri: !!ev.tsumogiri, called: false,
      });
      M.pendingReach[ev.actor] = false;
      M.last = { actor: ev.actor, index: M.rivers[ev.actor].length - 1 };
      break;
    case 'chi': case 'pon': case 'daiminkan': {
      const river = M.rivers[ev.target];
      if (river && river.length) river[river.length - 1].called = true;
      take(ev.actor, ev.tiles);
      M.melds[ev.actor].push({ type: ev.type, tile: ev.tile, tiles: ev.tiles, target: ev.target });
      M.turn = ev.actor;
      M.last = null;
      break;
    }
    case 'ankan':
      take(ev.actor, ev.tiles);
      M.melds[ev.actor].push({ type: 'ankan', tiles: ev.tiles });
      break;
    case 'kakan': {
      take(ev.actor, [ev.tile]);
      const k = kindOf(tileName(ev.tile));
      const meld = M.melds[ev.actor].find((m) => m.type === 'pon' && kindOf(tileName(m.tile)) === k);
      if (meld) { meld.type = 'kakan'; meld.added = ev.tile; }
      break;
    }
    case 'nukidora': take(ev.actor, [ev.tile]); M.nuki[ev.actor].push(ev.tile); break;
    case 'dora': M.dora.push(ev.tile); break;
    case 'hora':
      M.horas.push(ev);
      if (ev.scores) M.scores = ev.scores.slice();
      M.kyotaku = 0; // the first winner takes the sticks (a draw leaves them on the table)
      addChips(ev.chip_deltas);
      M.turn = null;
      break;
    case 'ryukyoku':
      M.ryukyoku = ev;
      if (ev.scores) M.scores = ev.scores.slice();
      addChips(ev.chip_deltas);
      M.turn = null;
      break;
    case 'end_kyoku':
      M.result = {
        horas: M.horas, ryukyoku: M.ryukyoku, start: M.startScores.slice(),
        after: ev.scores.slice(), kyoku: { bakaze: M.bakaze, kyoku: M.kyoku, honba: M.honba },
      };
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

/** Whether the preset pays chips (祝儀): shown beside points only then. */
function hasChips() {
  return knob('chips.enabled', false) || M.chips.some((c) => c !== 0);
}

// -- seats --------------------------------------------------------------------------------------

function seatName(s) {
  if (s === M.seat) return 'You';
  const kind = M.seats[s];
  return kind.startsWith('bot:') ? `Bot ${s + 1} (${kind.slice(4)})` : `Player ${s + 1}`;
}

/** The persons who play this hand, in turn order from the dealer. */
function activeOrder() {
  const out = [];
  for (let i = 0; i < M.n; i++) {
    const s = (M.oya + i) % M.n;
    if (s !== M.sittingOut) out.push(s);
  }
  return out;
}

/** The seat wind of person s this hand, or null while they sit out. */
function seatWind(s) {
  const i = activeOrder().indexOf(s);
  return i < 0 ? null : SEAT_WINDS[i];
}

function seatLabel(s) {
  const wind = seatWind(s);
  return `${wind ?? '抜け番'} · ${seatName(s)}`;
}

/** Where person s sits as seen from this seat. */
function position(s) {
  const rel = (s - M.seat + M.n) % M.n;
  if (rel === 0) return 'bottom';
  if (M.n === 3) return rel === 1 ? 'right' : 'left';
  return ['bottom', 'right', 'top', 'left'][rel];
}

/** Steps in turn order from person a to person b among those playing the hand. */
function turnsFrom(a, b) {
  const order = activeOrder();
  const i = order.indexOf(a);
  const j = order.indexOf(b);
  return i < 0 || j < 0 ? (b - a + M.n) % M.n : (j - i + order.length) % order.length;
}

// -- rendering --------------------------------------------------------------------------------

function renderRiver(s) {
  const box = document.createElement('div');
  box.className = 'river';
  M.rivers[s].forEach((d, i) => {
    const extra = [d.tsumogiri ? 'tsumogiri' : '', d.called ? 'called' : '',
      M.last && M.last.actor === s && M.last.index === i ? 'last' : ''].join(' ');
    box.append(tileEl(d.tile, { sideways: d.riichi, small: true, extra }));
  });
  return box;
}

function renderMeld(s, m) {
  const box = document.createElement('span');
  box.className = 'meld';
  if (m.type === 'ankan') {
    m.tiles.forEach((t, i) => box.append(tileEl(i === 0 || i === 3 ? null : t, { small: true })));
    return box;
  }
  // The called tile lies sideways: left from the left player (上家), right from the right
  // player (下家), in the middle from across.
  const rel = turnsFrom(s, m.target);
  const players = activeOrder().length;
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

function renderMelds(s) {
  const row = document.createElement('div');
  row.className = 'row melds';
  M.melds[s].forEach((m) => row.append(renderMeld(s, m)));
  if (M.nuki[s].length) {
    const nuki = document.createElement('span');
    nuki.className = 'meld nuki';
    nuki.title = 'extracted tiles';
    M.nuki[s].forEach((t) => nuki.append(tileEl(t, { small: true })));
    row.append(nuki);
  }
  return row;
}

function playableAction(id) {
  const name = tileName(id);
  const types = riichiMode ? [riichiMode] : ['discard'];
  return legal.find((a) => types.includes(a.type) && a.tile !== null && tileName(a.tile) === name);
}

function renderHand() {
  const box = document.createElement('div');
  box.id = 'hand';
  const add = (id, drawn) => {
    const el = tileEl(id, { extra: drawn ? 'drawn' : '' });
    const action = playableAction(id);
    if (action) {
      el.classList.add('playable');
      el.onclick = () => send({ type: action.type, tile: id, tiles: [] });
    } else if (legal.some((a) => a.type === 'discard' || RIICHI_TYPES.includes(a.type))) {
      el.classList.add('dim');
    }
    box.append(el);
  };
  M.hand.forEach((id) => add(id, false));
  if (M.drawn !== null) add(M.drawn, true);
  return box;
}

function renderPlayer(s) {
  const box = $(`#p-${position(s)}`);
  const out = s === M.sittingOut;
  box.classList.remove('empty');
  box.classList.toggle('turn', M.turn === s);
  box.classList.toggle('sitting-out', out);
  box.dataset.person = String(s);
  box.replaceChildren();
  const name = document.createElement('div');
  name.className = 'name';
  name.textContent = `${seatLabel(s)} · ${M.scores[s]}`;
  if (out) {
    const mark = document.createElement('span');
    mark.className = 'sitting-out-mark';
    mark.textContent = 'sitting out';
    name.append(mark);
  }
  if (M.riichi[s]) {
    const stick = document.createElement('span');
    stick.className = 'riichi-stick';
    stick.title = 'riichi';
    name.append(stick);
  }
  box.append(name, renderRiver(s), renderMelds(s));
  if (s === M.seat) box.append(renderHand());
  else {
    const hidden = document.createElement('div');
    hidden.className = 'row concealed';
    for (let i = 0; i < M.counts[s]; i++) hidden.append(tileEl(null, { small: true }));
    box.append(hidden);
  }
}

function render() {
  if (!M) return;
  for (const id of ['top', 'left', 'right', 'bottom']) {
    $(`#p-${id}`).classList.add('empty');
    $(`#p-${id}`).classList.remove('sitting-out');
  }
  if (!M.rivers.length) { renderActions(); return; }
  for (let s = 0; s < M.n; s++) renderPlayer(s);
  $('#round').textContent = `${WINDS[M.bakaze] ?? M.bakaze} ${M.kyoku} · ${WINDS_JA[M.bakaze] ?? ''}${M.kyoku}局`;
  const sticks = $('#sticks');
  sticks.replaceChildren();
  for (const [cls, text, title] of [
    ['honba', `${M.honba} honba`, '本場'],
    ['kyotaku', `${M.kyotaku} riichi stick${M.kyotaku === 1 ? '' : 's'}`, '供託'],
  ]) {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    span.title = title;
    sticks.append(span);
  }
  const dora = $('#dora');
  dora.replaceChildren('Dora indicators: ');
  M.dora.forEach((t) => dora.append(tileEl(t, { small: true })));
  const scores = $('#center-scores');
  scores.replaceChildren();
  const chips = hasChips();
  for (let s = 0; s < M.n; s++) {
    const line = document.createElement('div');
    line.textContent = `${seatWind(s) ?? '抜け番'} ${seatName(s)}: ${M.scores[s]}`;
    if (chips) line.textContent += ` · ${knob('game.start_chips', 0) + M.chips[s]} chips`;
    if (M.turn === s) line.className = 'turn';
    if (s === M.sittingOut) line.className = 'sitting-out';
    scores.append(line);
  }
  renderActions();
}

function keyFor(type) {
  return Object.keys(KEYS).find((k) => KEYS[k].includes(type));
}

function renderActions() {
  const box = $('#actions');
  box.replaceChildren();
  if (M && M.sittingOut === M.seat && !M.end) {
    const note = document.createElement('p');
    note.id = 'sitting-out-note';
    note.textContent = 'You sit out this hand (抜け番): the others play on.';
    box.append(note);
  }
  const seen = new Set();
  for (const a of legal) {
    if (a.type === 'discard') continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.type = a.type;
    if (RIICHI_TYPES.includes(a.type)) {
      if (seen.has(a.type)) continue; // one button per riichi kind, then pick the discard
      button.append(ACTION_LABELS[a.type]);
      if (riichiMode === a.type) button.classList.add('active');
      button.onclick = () => { riichiMode = riichiMode === a.type ? null : a.type; render(); };
    } else {
      button.append(ACTION_LABELS[a.type] ?? a.type);
      for (const t of a.tiles ?? []) button.append(tileEl(t, { small: true }));
      if (a.tiles?.length === 0 && a.tile !== null && a.type !== 'tsumo' && a.type !== 'ron') {
        button.append(tileEl(a.tile, { small: true }));
      }
      button.onclick = () => send({ type: a.type, tile: a.tile, tiles: a.tiles ?? [] });
    }
    const key = keyFor(a.type);
    if (key && !seen.has(`key:${key}`)) {
      const kbd = document.createElement('kbd');
      kbd.textContent = key;
      button.append(kbd);
      button.dataset.key = key;
      seen.add(`key:${key}`);
    }
    seen.add(a.type);
    box.append(button);
  }
}

let sentFrom = []; // the legal actions when the last action was sent: back if it is refused

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify({ type: 'action', action }));
  sentFrom = legal;
  legal = [];
  riichiMode = null;
  render();
}

// -- dialogs ----------------------------------------------------------------------------------

function el(tag, cls = '', ...children) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  e.append(...children);
  return e;
}

function cell(tr, text, tag = 'td', cls = '') {
  const c = document.createElement(tag);
  c.append(text);
  if (cls) c.className = cls;
  tr.append(c);
  return c;
}

function signed(v) {
  return v > 0 ? `+${v}` : String(v);
}

function signClass(v) {
  return v > 0 ? 'plus' : v < 0 ? 'minus' : '';
}

/** Tile names of an MPSZ string ("25s7z" -> 2s 5s 7z). */
function mpszNames(text) {
  const out = [];
  let digits = '';
  for (const ch of text) {
    if (/[0-9g]/.test(ch)) digits += ch;
    else { for (const d of digits) out.push(d + ch); digits = ''; }
  }
  return out;
}

function bilingual(pair) {
  return el('span', 'bilingual', el('span', 'ja', pair[1]), ' ', el('span', 'en', pair[0]));
}

function showDialog(nodes, cls) {
  const dialog = $('#result');
  dialog.className = cls;
  $('#result-body').replaceChildren(...nodes);
  dialog.showModal();
  $('#result-ok').focus();
  return new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
}

/** A labelled row of tiles ("ドラ Dora: ..."). */
function tileLine(cls, label, tiles) {
  const row = el('div', `tile-line ${cls}`, el('span', 'label', label));
  const box = el('span', 'tiles');
  for (const t of tiles) box.append(tileEl(t, { small: true }));
  row.append(box);
  return row;
}

/** A hand as Tenhou and Mahjong Soul lay it out: the concealed tiles sorted, the winning tile
 * apart, then the called melds and the extracted tiles. */
function handLayout(s, concealed, winTile) {
  const row = el('div', 'hand-layout');
  const rest = concealed.slice();
  if (winTile !== null && winTile !== undefined) {
    const i = rest.indexOf(winTile);
    if (i >= 0) rest.splice(i, 1);
  }
  const box = el('span', 'concealed');
  rest.sort((a, b) => a - b).forEach((t) => box.append(tileEl(t, { small: true })));
  row.append(box);
  if (winTile !== null && winTile !== undefined) {
    row.append(el('span', 'win-tile', tileEl(winTile, { small: true, extra: 'agari' })));
  }
  const melds = renderMelds(s);
  if (melds.childElementCount) row.append(melds);
  return row;
}

function yakuTable(hora) {
  const table = el('table', 'yaku');
  for (const y of hora.yakus ?? []) {
    const tr = document.createElement('tr');
    tr.dataset.yaku = y.id;
    cell(tr, y.ja ?? y.id, 'td', 'ja');
    cell(tr, y.en ?? y.id, 'td', 'en');
    const value = y.yakuman
      ? (YAKUMAN_MULTIPLES[y.yakuman] ?? `${y.yakuman}× yakuman`)
      : `${y.han} han 飜`;
    cell(tr, value, 'td', 'han');
    table.append(tr);
  }
  return table;
}

function totalLine(hora) {
  const parts = [];
  const yakuman = (hora.yakus ?? []).reduce((n, y) => n + (y.yakuman || 0), 0);
  if (yakuman) parts.push(YAKUMAN_MULTIPLES[yakuman] ?? `${yakuman}× yakuman`);
  else {
    if (hora.fu) parts.push(`${hora.fu} fu 符`);
    if (hora.fan !== undefined) parts.push(`${hora.fan} han 飜`);
    const limit = LIMITS[hora.limit];
    if (hora.limit) parts.push(limit ? `${limit[0]} ${limit[1]}` : hora.limit);
  }
  const line = el('div', 'total', parts.join(' · '));
  if (hora.hora_points !== undefined) {
    line.append(' ', el('strong', 'points', `${hora.hora_points} points`));
  }
  return line;
}

function chipItems(hora) {
  const items = hora.chip_items ?? [];
  if (!items.length) return null;
  const table = el('table', 'chip-items');
  const head = document.createElement('tr');
  cell(head, 'Chips 祝儀', 'th');
  cell(head, '', 'th');
  table.append(head);
  for (const it of items) {
    const tr = document.createElement('tr');
    tr.dataset.item = it.item;
    cell(tr, CHIP_ITEMS[it.item] ? bilingual(CHIP_ITEMS[it.item]) : it.item);
    const from = it.from_all ? 'from everyone (オール)' : 'from each payer';
    cell(tr, `${it.chips} chip${it.chips === 1 ? '' : 's'} ${from}`);
    table.append(tr);
  }
  return table;
}

function diceLine(rolls) {
  const row = el('div', 'tile-line dice', el('span', 'label', 'サイコロ Dice chance'));
  const box = el('span', 'rolls');
  for (const [a, b] of rolls) {
    const roll = el('span', 'roll', `${DICE_FACES[a - 1] ?? a}${DICE_FACES[b - 1] ?? b}`);
    roll.title = `${a} + ${b}${a === b ? ': doubles, roll again' : ''}`;
    roll.dataset.roll = `${a}-${b}`;
    box.append(roll, el('span', 'roll-sum', a === b ? `${a}-${b} again` : `${a + b}`));
  }
  row.append(box);
  return row;
}

function winSection(hora) {
  const s = hora.actor;
  const sec = el('section', 'win');
  sec.dataset.actor = String(s);
  const how = hora.mu
    ? el('span', 'how', '無 Mu (tsumo)')
    : hora.actor === hora.target
      ? el('span', 'how', 'ツモ Tsumo')
      : el('span', 'how', `ロン Ron from ${seatLabel(hora.target)}`);
  sec.append(el('h3', 'winner', `${seatLabel(s)} `, how));
  sec.append(handLayout(s, hora.hora_tehais ?? [], hora.mu ? null : hora.tile));
  const ind = el('div', 'indicators');
  ind.append(tileLine('dora', 'ドラ Dora', M.dora));
  if ((hora.uradora_markers ?? []).length) ind.append(tileLine('ura', '裏ドラ Ura', hora.uradora_markers));
  sec.append(ind);
  if (hora.wildcard) {
    sec.append(tileLine('wildcard', '万能牌 Wildcard became', mpszNames(hora.wildcard)));
  }
  if ((hora.alice ?? []).length) sec.append(tileLine('alice', 'アリス Alice', hora.alice));
  if ((hora.dice ?? []).length) sec.append(diceLine(hora.dice));
  sec.append(yakuTable(hora), totalLine(hora));
  const chips = chipItems(hora);
  if (chips) sec.append(chips);
  return sec;
}

function drawSection(r) {
  const sec = el('section', 'draw');
  const reason = REASONS[r.reason] ?? [`Draw (${r.reason})`, '流局'];
  sec.append(el('h3', 'reason', bilingual(reason)));
  if (r.reason === 'yao9' && Number.isInteger(r.actor)) {
    sec.append(el('p', '', `Declared by ${seatLabel(r.actor)}.`));
  }
  if (r.reason === 'nm' && (r.nagashi ?? []).length) {
    sec.append(el('p', '', `Nagashi: ${r.nagashi.map(seatLabel).join(', ')}.`));
  }
  const tehais = r.tehais ?? [];
  if (r.reason === 'exhaustive' || r.reason === 'nm') {
    // Who was ready and who not, with the ready hands shown.
    const tenpai = r.tenpai ?? tehais.flatMap((t, s) => (t ? [s] : []));
    for (const s of activeOrder()) {
      const ready = tenpai.includes(s);
      const row = el('div', 'tenpai-row', el('span', `label ${ready ? 'tenpai' : 'noten'}`,
        `${seatLabel(s)}: ${ready ? '聴牌 Tenpai' : '不聴 Noten'}`));
      row.dataset.person = String(s);
      if (ready && tehais[s]) row.append(handLayout(s, tehais[s], null));
      sec.append(row);
    }
  } else {
    // An abortive draw: nobody is tenpai or not; only the hands the server shows (九種九牌's).
    tehais.forEach((hand, s) => {
      if (!hand) return;
      const row = el('div', 'tenpai-row', el('span', 'label', seatLabel(s)));
      row.dataset.person = String(s);
      row.append(handLayout(s, hand, null));
      sec.append(row);
    });
  }
  return sec;
}

/** Every seat's change this hand: points (and chips where the preset has them). */
function changesTable(r) {
  const deltas = Array(M.n).fill(0);
  const chips = Array(M.n).fill(0);
  let known = false;
  for (const ev of [...r.horas, ...(r.ryukyoku ? [r.ryukyoku] : [])]) {
    if (ev.deltas) { known = true; ev.deltas.forEach((d, s) => { deltas[s] += d; }); }
    (ev.chip_deltas ?? []).forEach((d, s) => { chips[s] += d; });
  }
  if (!known) for (let s = 0; s < M.n; s++) deltas[s] = r.after[s] - r.start[s];
  const showChips = hasChips() || chips.some((c) => c !== 0)
    || r.horas.some((h) => (h.chip_items ?? []).length);
  const table = el('table', 'changes');
  const head = document.createElement('tr');
  ['', 'points', 'score', ...(showChips ? ['chips'] : [])].forEach((t) => cell(head, t, 'th'));
  table.append(head);
  for (let s = 0; s < M.n; s++) {
    const tr = document.createElement('tr');
    tr.dataset.person = String(s);
    if (s === M.sittingOut) tr.className = 'sitting-out';
    cell(tr, seatLabel(s));
    cell(tr, signed(deltas[s]), 'td', `delta ${signClass(deltas[s])}`);
    cell(tr, String(r.after[s]));
    if (showChips) cell(tr, signed(chips[s]), 'td', `chip-delta ${signClass(chips[s])}`);
    table.append(tr);
  }
  return table;
}

function resultDialog(r) {
  const k = r.kyoku;
  const nodes = [el('h2', '',
    `${WINDS[k.bakaze] ?? k.bakaze} ${k.kyoku}, ${k.honba} honba · ${WINDS_JA[k.bakaze] ?? ''}${k.kyoku}局 ${k.honba}本場`)];
  for (const hora of r.horas) nodes.push(winSection(hora));
  if (r.ryukyoku) nodes.push(drawSection(r.ryukyoku));
  nodes.push(changesTable(r));
  return showDialog(nodes, 'hand-result');
}

function settlementDialog(end) {
  const table = el('table', 'settlement');
  const head = document.createElement('tr');
  const chips = hasChips();
  // Where the game starts with chips (gotou), the result is the final chip balance, not a
  // change: shown unsigned.
  const balance = knob('game.start_chips', 0) > 0;
  const columns = ['', 'rank', 'score', ...(chips ? ['chips'] : []), balance ? 'final chips' : 'settlement'];
  columns.forEach((t) => cell(head, t, 'th'));
  table.append(head);
  const settle = end.settlement ?? end.scores;
  // Ranked by points, ties to the earlier seat from the first dealer (person 0).
  const order = [...Array(M.n).keys()].sort((a, b) => end.scores[b] - end.scores[a] || a - b);
  for (const s of order) {
    const tr = document.createElement('tr');
    tr.dataset.person = String(s);
    cell(tr, seatName(s));
    cell(tr, String(order.indexOf(s) + 1));
    cell(tr, String(end.scores[s]));
    if (chips) {
      const c = cell(tr, String(knob('game.start_chips', 0) + M.chips[s]), 'td', 'chips');
      c.title = `${signed(M.chips[s])} chips won and paid in the hands`;
    }
    const v = settle[s];
    cell(tr, balance ? String(v) : signed(v), 'td', `settle ${balance ? '' : signClass(v)}`);
    table.append(tr);
  }
  const nodes = [el('h2', '', 'Game over · 終局'), table];
  if (Array.isArray(end.leftover_sticks) && end.leftover_sticks.length === 2) {
    const [who, points] = end.leftover_sticks;
    nodes.push(el('p', '', `Riichi sticks left on the table: ${points} points to ${seatName(who)}.`));
  } else if (typeof end.leftover_sticks === 'number' && end.leftover_sticks) {
    nodes.push(el('p', '', `Riichi sticks left on the table: ${end.leftover_sticks}.`));
  }
  const log = el('a', '', 'Download the game log');
  log.href = `/api/tables/${tableId}/log`;
  const lobby = el('a', '', 'Back to the lobby');
  lobby.href = '/';
  nodes.push(el('p', '', log, ' · ', lobby));
  return showDialog(nodes, 'game-result');
}

// -- messages ---------------------------------------------------------------------------------

async function loadPreset(name) {
  if (!presets[name]) {
    const r = await fetch(`/api/presets/${encodeURIComponent(name)}`);
    presets[name] = r.ok ? await r.json() : null;
  }
  setTileNames(presets[name]?.tiles ?? null);
  return presets[name];
}

function pauseAfter(ev) {
  if (ev.actor === M.seat) return OWN_PAUSE_MS;
  return M.sittingOut === M.seat ? WATCH_PAUSE_MS : CALL_PAUSE_MS;
}

async function handle(msg) {
  if (msg.type === 'view') {
    const preset = await loadPreset(msg.preset);
    M = newModel(msg, preset);
    legal = [];
    for (const ev of msg.events) fold(ev);
    render();
    if (M.end) await settlementDialog(M.end);
  } else if (msg.type === 'events') {
    if (!M) return;
    for (const ev of msg.events) {
      fold(ev);
      render();
      if (ev.type === 'dahai') await sleep(pauseAfter(ev));
      if (ev.type === 'end_kyoku') await resultDialog(M.result);
      if (ev.type === 'end_game') await settlementDialog(ev);
    }
  } else if (msg.type === 'legal') {
    legal = msg.actions;
    riichiMode = null;
    render();
  } else if (msg.type === 'error') {
    $('#error').textContent = msg.error;
    if (!legal.length && sentFrom.length) { legal = sentFrom; render(); }
    setTimeout(() => { $('#error').textContent = ''; }, 6000);
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) await handle(queue.shift());
  } finally {
    pumping = false;
  }
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}?token=${encodeURIComponent(token)}`);
  ws.onopen = () => { retryMs = 500; $('#status').textContent = `Table ${tableId}: connected`; };
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === 'view') queue = []; // a whole view replaces whatever was still queued
    queue.push(msg);
    pump();
  };
  ws.onclose = (e) => {
    if (e.code === 4401 || e.code === 4404) {
      stopped = true;
      $('#status').textContent = e.code === 4401 ? 'This link is not valid for the table.' : 'No such table.';
      return;
    }
    if (stopped) return;
    $('#status').textContent = `Disconnected; reconnecting in ${Math.round(retryMs / 1000)} s…`;
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 10000);
  };
}

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || $('#result').open) return;
  if (e.key === 'Escape') { riichiMode = null; render(); return; }
  if (e.key === ' ' && M && M.drawn !== null && !riichiMode) {
    const a = playableAction(M.drawn);
    if (a) { e.preventDefault(); send({ type: a.type, tile: M.drawn, tiles: [] }); }
    return;
  }
  const button = document.querySelector(`#actions button[data-key="${CSS.escape(e.key.toLowerCase())}"]`);
  if (button) { e.preventDefault(); button.click(); }
});

// For tests and debugging: the model, the legal actions, and whether every message is shown.
globalThis.jantakuTable = { model: () => M, legal: () => legal, idle: () => !pumping && !queue.length };

if (!tableId) {
  $('#status').textContent = 'No table: open a table from the lobby.';
} else {
  connect();
}
