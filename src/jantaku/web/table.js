// The table page of one seat: a WebSocket to /ws/{table}?token=..., the received events folded
// into a small model of what this seat may see, the engine's legal actions as buttons.
import { kindOf, setTileNames, tileEl, tileName } from './tiles.js';

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const tableId = params.get('table');
const token = params.get('token') ?? '';
const CALL_PAUSE_MS = 800; // after every discard of another seat: a pass reveals nothing
const OWN_PAUSE_MS = 150;
const RIICHI_TYPES = ['riichi', 'open_riichi', 'shuba_riichi', 'open_shuba_riichi'];
const WINDS = { E: 'East', S: 'South', W: 'West', N: 'North' };
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
  exhaustive: 'Exhaustive draw', yao9: 'Nine terminals', reach4: 'Four riichi',
  kaze4: 'Four winds', kan4: 'Four kans', ron3: 'Triple ron', nm: 'Nagashi mangan',
};

let M = null; // the model
let legal = [];
let riichiMode = null; // the riichi action type chosen, waiting for its discard
let queue = [];
let pumping = false;
let ws = null;
let retryMs = 500;
let stopped = false;
const presetNames = {};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the model --------------------------------------------------------------------------------

function newModel(view) {
  const n = view.seats.length;
  return {
    seat: view.seat, seats: view.seats, n, preset: view.preset,
    hand: [], drawn: null, counts: Array(n).fill(0), rivers: [], melds: [], nuki: [],
    riichi: Array(n).fill(false), pendingReach: Array(n).fill(false), dora: [],
    scores: Array(n).fill(0), startScores: Array(n).fill(0), honba: 0, kyotaku: 0, oya: 0,
    bakaze: 'E', kyoku: 1, turn: null, last: null, horas: [], ryukyoku: null, result: null,
    end: null,
  };
}

function startKyoku(ev) {
  const n = M.n;
  Object.assign(M, {
    hand: (ev.tehai ?? []).slice().sort((a, b) => a - b), drawn: null,
    counts: Array(n).fill((ev.tehai ?? []).length),
    rivers: Array.from({ length: n }, () => []), melds: Array.from({ length: n }, () => []),
    nuki: Array.from({ length: n }, () => []), riichi: Array(n).fill(false),
    pendingReach: Array(n).fill(false), dora: ev.dora_tiles ? ev.dora_tiles.slice() : [ev.dora_marker], scores: ev.scores.slice(),
    startScores: ev.scores.slice(), honba: ev.honba, kyotaku: ev.kyotaku, oya: ev.oya,
    bakaze: ev.bakaze, kyoku: ev.kyoku, turn: ev.oya, last: null, horas: [], ryukyoku: null,
    result: null,
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

function fold(ev) {
  switch (ev.type) {
    case 'start_kyoku': startKyoku(ev); break;
    case 'tsumo':
      M.turn = ev.actor;
      if (ev.actor === M.seat) M.drawn = ev.tile;
      else M.counts[ev.actor] += 1;
      break;
    case 'reach': M.pendingReach[ev.actor] = true; M.riichi[ev.actor] = true; break;
    case 'reach_accepted': M.kyotaku += 1; break;
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
    case 'hora': M.horas.push(ev); break;
    case 'ryukyoku': M.ryukyoku = ev; break;
    case 'end_kyoku':
      M.result = {
        horas: M.horas, ryukyoku: M.ryukyoku, before: M.scores.slice(),
        start: M.startScores.slice(), after: ev.scores.slice(),
      };
      M.scores = ev.scores.slice();
      break;
    case 'end_game': M.end = ev; M.scores = ev.scores.slice(); break;
    default: break;
  }
}

// -- rendering --------------------------------------------------------------------------------

function seatName(s) {
  if (s === M.seat) return 'You';
  const kind = M.seats[s];
  return kind.startsWith('bot:') ? `Bot ${s + 1} (${kind.slice(4)})` : `Player ${s + 1}`;
}

function seatWind(s) { return SEAT_WINDS[(s - M.oya + M.n) % M.n]; }

/** Where seat s sits as seen from this seat. */
function position(s) {
  const rel = (s - M.seat + M.n) % M.n;
  if (rel === 0) return 'bottom';
  if (M.n === 3) return rel === 1 ? 'right' : 'left';
  return ['bottom', 'right', 'top', 'left'][rel];
}

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
  // The called tile lies sideways: left for the left player, middle across, right for the right.
  const rel = (m.target - s + M.n) % M.n;
  const at = rel === M.n - 1 ? 0 : rel === 1 ? m.tiles.length : 1;
  const own = m.tiles.map((t) => tileEl(t, { small: true }));
  const called = tileEl(m.tile, { small: true, sideways: true });
  own.splice(Math.min(at, own.length), 0, called);
  box.append(...own);
  if (m.added !== undefined) {
    called.after(tileEl(m.added, { small: true, sideways: true, extra: 'added' }));
  }
  return box;
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
  box.classList.remove('empty');
  box.classList.toggle('turn', M.turn === s);
  box.replaceChildren();
  const name = document.createElement('div');
  name.className = 'name';
  name.textContent = `${seatWind(s)} · ${seatName(s)} · ${M.scores[s]}`;
  if (M.riichi[s]) {
    const stick = document.createElement('span');
    stick.className = 'riichi-stick';
    stick.title = 'riichi';
    name.append(stick);
  }
  box.append(name, renderRiver(s));
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
  box.append(row);
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
  for (const id of ['top', 'left', 'right', 'bottom']) $(`#p-${id}`).classList.add('empty');
  if (!M.rivers.length) { renderActions(); return; }
  for (let s = 0; s < M.n; s++) renderPlayer(s);
  $('#round').textContent = `${WINDS[M.bakaze] ?? M.bakaze} ${M.kyoku}`;
  $('#sticks').textContent = `${M.honba} honba · ${M.kyotaku} riichi stick${M.kyotaku === 1 ? '' : 's'}`;
  const dora = $('#dora');
  dora.replaceChildren('Dora indicators: ');
  M.dora.forEach((t) => dora.append(tileEl(t, { small: true })));
  const scores = $('#center-scores');
  scores.replaceChildren();
  for (let s = 0; s < M.n; s++) {
    const line = document.createElement('div');
    line.textContent = `${seatWind(s)} ${seatName(s)}: ${M.scores[s]}`;
    if (M.turn === s) line.className = 'turn';
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

function cell(tr, text, tag = 'td', cls = '') {
  const c = document.createElement(tag);
  c.textContent = text;
  if (cls) c.className = cls;
  tr.append(c);
}

function showDialog(nodes) {
  const dialog = $('#result');
  $('#result-body').replaceChildren(...nodes);
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
}

function resultDialog(r) {
  const nodes = [];
  const h = document.createElement('h2');
  h.textContent = `${WINDS[M.bakaze] ?? M.bakaze} ${M.kyoku}, ${M.honba} honba`;
  nodes.push(h);
  for (const hora of r.horas) {
    const p = document.createElement('p');
    const how = hora.actor === hora.target ? 'tsumo' : `ron on ${seatName(hora.target)}`;
    p.append(`${seatName(hora.actor)} won by ${how}`);
    if (hora.tile !== undefined) p.append(' with ', tileEl(hora.tile, { small: true }));
    nodes.push(p);
  }
  if (r.ryukyoku) {
    const p = document.createElement('p');
    p.textContent = REASONS[r.ryukyoku.reason] ?? `Draw (${r.ryukyoku.reason})`;
    if (r.ryukyoku.tenpai) p.textContent += ` — tenpai: ${r.ryukyoku.tenpai.map(seatName).join(', ') || 'nobody'}`;
    nodes.push(p);
  }
  const table = document.createElement('table');
  const head = document.createElement('tr');
  ['', 'points', 'score'].forEach((t) => cell(head, t, 'th'));
  table.append(head);
  for (let s = 0; s < M.n; s++) {
    const tr = document.createElement('tr');
    const d = r.after[s] - r.start[s];
    cell(tr, `${seatWind(s)} ${seatName(s)}`);
    cell(tr, d > 0 ? `+${d}` : String(d), 'td', d > 0 ? 'plus' : d < 0 ? 'minus' : '');
    cell(tr, String(r.after[s]));
    table.append(tr);
  }
  nodes.push(table);
  return showDialog(nodes);
}

function settlementDialog(end) {
  const h = document.createElement('h2');
  h.textContent = 'Game over';
  const table = document.createElement('table');
  const head = document.createElement('tr');
  ['', 'rank', 'score', 'settlement'].forEach((t) => cell(head, t, 'th'));
  table.append(head);
  const settle = end.settlement ?? end.scores;
  const order = [...Array(M.n).keys()].sort((a, b) => settle[b] - settle[a]);
  for (const s of order) {
    const tr = document.createElement('tr');
    cell(tr, seatName(s));
    cell(tr, String(order.indexOf(s) + 1));
    cell(tr, String(end.scores[s]));
    const v = settle[s];
    cell(tr, v > 0 ? `+${v}` : String(v), 'td', v > 0 ? 'plus' : v < 0 ? 'minus' : '');
    table.append(tr);
  }
  const links = document.createElement('p');
  const log = document.createElement('a');
  log.href = `/api/tables/${tableId}/log`;
  log.textContent = 'Download the game log';
  const lobby = document.createElement('a');
  lobby.href = '/';
  lobby.textContent = 'Back to the lobby';
  links.append(log, ' · ', lobby);
  const nodes = [h, table];
  if (end.leftover_sticks) {
    const p = document.createElement('p');
    p.textContent = `Leftover riichi sticks: ${end.leftover_sticks}`;
    nodes.push(p);
  }
  nodes.push(links);
  return showDialog(nodes);
}

// -- messages ---------------------------------------------------------------------------------

async function loadTileNames(preset) {
  if (!presetNames[preset]) {
    const r = await fetch(`/api/presets/${encodeURIComponent(preset)}`);
    presetNames[preset] = r.ok ? (await r.json()).tiles : null;
  }
  setTileNames(presetNames[preset]);
}

async function handle(msg) {
  if (msg.type === 'view') {
    await loadTileNames(msg.preset);
    M = newModel(msg);
    legal = [];
    for (const ev of msg.events) fold(ev);
    render();
    if (M.end) await settlementDialog(M.end);
  } else if (msg.type === 'events') {
    if (!M) return;
    for (const ev of msg.events) {
      fold(ev);
      render();
      if (ev.type === 'dahai') await sleep(ev.actor === M.seat ? OWN_PAUSE_MS : CALL_PAUSE_MS);
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
