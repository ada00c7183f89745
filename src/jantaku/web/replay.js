// The replay of a finished game: its full log (GET /api/tables/{id}/log, or a log file opened
// here), stepped through event by event with every hand face up, as Tenhou's and Mahjong
// Soul's replays show them.
//
// A position is one step: an event other than start_game and pass (a declined call changes
// nothing on the table). The state at a position is rebuilt by folding the events from the
// start of its hand into a copy of the model as it stood before that hand (one snapshot per
// hand, taken once), so stepping back is exact.
//
// URL: /replay.html?table=ID[&step=N][&hand=K][&pov=P] (step and hand count from 1).
import {
  REASONS, fold, handResult, handTitle, newModel, renderBoard, resultNodes, seatName,
  settlementNodes,
} from './board.js';
import { setTileNames, tileLabel, tileName } from './tiles.js';

const $ = (sel) => document.querySelector(sel);
let params = new URLSearchParams(location.search); // emptied when a file is opened
let tableId = params.get('table'); // null for a log file
const BASE_MS = 900; // one step at 1×
const RESULT_TYPES = new Set(['hora', 'ryukyoku', 'end_kyoku']);

let events = []; // the whole log
let steps = []; // event index of each position
let hands = []; // per hand: {event, pos, last, title, outcome}
let snapshots = []; // per hand: the model before its start_kyoku (without the preset)
let seats = [];
let preset = null;
let M = null;
let pos = 0;
let pov = 0;
let playing = false;
let timer = null;
let hiddenAt = null; // the position whose result the user hid
let closing = false; // the page closes the result (a step away), not the user
let ready = false;

// -- the log ------------------------------------------------------------------------------------

function parseLines(text) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => JSON.parse(l));
}

async function loadPreset(name) {
  const r = await fetch(`/api/presets/${encodeURIComponent(name)}`);
  preset = r.ok ? await r.json() : null;
  setTileNames(preset?.tiles ?? null);
}

function handOf(p) {
  let h = 0;
  while (h + 1 < hands.length && hands[h + 1].pos <= p) h += 1;
  return h;
}

function outcome(evs) {
  const parts = [];
  for (const ev of evs) {
    if (ev.type === 'hora') {
      const who = seatName({ seats, you: null }, ev.actor);
      const points = ev.hora_points === undefined ? '' : ` ${ev.hora_points}`;
      parts.push(`${who} ${ev.actor === ev.target ? 'tsumo' : 'ron'}${points}`);
    } else if (ev.type === 'ryukyoku') {
      parts.push((REASONS[ev.reason] ?? [`Draw (${ev.reason})`])[0]);
    }
  }
  return parts.join(', ');
}

/** Index the log: its steps, its hands and one snapshot of the model before each hand. */
async function open(log, seatKinds) {
  stop();
  ready = false;
  events = log;
  const start = events[0];
  if (!start || start.type !== 'start_game') throw new Error('not a jantaku game log: no start_game');
  const people = start.people ?? start.players;
  seats = seatKinds && seatKinds.length === people ? seatKinds : Array(people).fill('human');
  await loadPreset(start.preset);
  steps = [];
  hands = [];
  snapshots = [];
  const model = newModel({ seat: 0, you: null, seats, preset });
  events.forEach((ev, i) => {
    if (ev.type === 'start_kyoku') {
      const { preset: _, ...rest } = model;
      snapshots.push(structuredClone(rest));
      hands.push({ event: i, pos: steps.length, title: handTitle(ev), sittingOut: ev.sitting_out });
    }
    if (ev.type !== 'start_game' && ev.type !== 'pass') steps.push(i);
    fold(model, ev);
  });
  if (!hands.length) throw new Error('the log deals no hand');
  hands.forEach((h, k) => {
    const next = k + 1 < hands.length ? hands[k + 1].event : events.length;
    h.outcome = outcome(events.slice(h.event, next));
  });
  for (const id of ['#download', '#download-tenhou6', '#download-mjai']) $(id).hidden = !tableId;
  if (tableId) {
    $('#download').href = `/api/tables/${tableId}/log`;
    $('#download-tenhou6').href = `/api/tables/${tableId}/export?format=tenhou6`;
    $('#download-mjai').href = `/api/tables/${tableId}/export?format=mjai`;
  }
  const povSelect = $('#pov');
  povSelect.replaceChildren(...seats.map((_, s) => new Option(seatName({ seats, you: null }, s), String(s))));
  pov = Math.min(Math.max(0, Number(params.get('pov') ?? 0) || 0), people - 1);
  povSelect.value = String(pov);
  renderHandList();
  let first = 0;
  const step = Number(params.get('step'));
  const hand = Number(params.get('hand'));
  if (Number.isInteger(step) && step >= 1) first = Math.min(step, steps.length) - 1;
  else if (Number.isInteger(hand) && hand >= 1) first = hands[Math.min(hand, hands.length) - 1].pos;
  $('#status').textContent = `${tableId ? `Table ${tableId}` : 'Log file'} · ${start.preset}`
    + ` · ${people} ${start.people ? 'people rotating' : 'players'} · seed ${start.seed}`
    + ` · ${hands.length} hand${hands.length === 1 ? '' : 's'}`;
  ready = true;
  hiddenAt = null;
  pos = -1; // whatever was shown before: render anew
  go(first);
}

function renderHandList() {
  const list = $('#hand-list');
  list.replaceChildren();
  hands.forEach((h, k) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.hand = String(k);
    button.append(h.title);
    if (h.outcome) {
      const o = document.createElement('span');
      o.className = 'outcome';
      o.textContent = h.outcome;
      button.append(o);
    }
    button.onclick = () => go(h.pos);
    li.append(button);
    list.append(li);
  });
}

// -- the state at a position --------------------------------------------------------------------

function modelAt(p) {
  const h = handOf(p);
  const m = { ...structuredClone(snapshots[h]), preset };
  for (let i = hands[h].event; i <= steps[p]; i++) fold(m, events[i]);
  m.seat = pov;
  return m;
}

function name(s) {
  return seatName(M, s);
}

function tile(id) {
  return id === undefined || id === null ? '' : tileLabel(tileName(id));
}

/** The current event in words. */
function describe(ev) {
  const who = Number.isInteger(ev.actor) ? name(ev.actor) : '';
  switch (ev.type) {
    case 'start_kyoku': {
      const out = Number.isInteger(ev.sitting_out) ? `; ${name(ev.sitting_out)} sits out (抜け番)` : '';
      return `${handTitle(ev)}: the tiles are dealt, ${name(ev.oya)} deals${out}.`;
    }
    case 'tsumo': return `${who} draws ${tile(ev.tile)}${ev.rinshan ? ' (replacement tile, 嶺上)' : ''}.`;
    case 'dahai': return `${who} discards ${tile(ev.tile)}${ev.tsumogiri ? ' (the drawn tile, ツモ切り)' : ''}.`;
    case 'reach': {
      const kind = `${ev.open ? 'open ' : ''}${ev.shuba ? 'shuba ' : ''}riichi`;
      return `${who} declares ${kind} (立直).`;
    }
    case 'reach_accepted': return `${who}'s riichi stick goes on the table.`;
    case 'chi': case 'pon': case 'daiminkan':
      return `${who} calls ${ev.type === 'daiminkan' ? 'kan' : ev.type} on ${tile(ev.tile)} from ${name(ev.target)}.`;
    case 'ankan': return `${who} declares a closed kan of ${tile(ev.tiles[0])}.`;
    case 'kakan': return `${who} adds ${tile(ev.tile)} to a pon (加槓).`;
    case 'kakan_done': return `Nobody robs ${who}'s kan.`;
    case 'dora': return `A new dora indicator: ${tile(ev.tile)}.`;
    case 'nukidora': return `${who} sets ${tile(ev.tile)} aside (抜きドラ).`;
    case 'hora': {
      const how = ev.actor === ev.target ? 'tsumo' : `ron on ${name(ev.target)}'s ${tile(ev.tile)}`;
      return `${who} wins by ${how}: ${ev.hora_points ?? '?'} points.`;
    }
    case 'ryukyoku': {
      const reason = REASONS[ev.reason] ?? [`Draw (${ev.reason})`, '流局'];
      return `${reason[0]} (${reason[1]}).`;
    }
    case 'end_kyoku': return 'The hand is over.';
    case 'end_game': return 'The game is over (終局).';
    default: return ev.type;
  }
}

function showResult(ev) {
  const dialog = $('#result');
  let nodes = null;
  let cls = '';
  if (hiddenAt !== pos && RESULT_TYPES.has(ev.type) && (M.horas.length || M.ryukyoku)) {
    nodes = resultNodes(M, M.result ?? handResult(M));
    cls = 'hand-result';
  } else if (hiddenAt !== pos && ev.type === 'end_game') {
    nodes = settlementNodes(M, ev, { logHref: tableId ? `/api/tables/${tableId}/log` : null });
    cls = 'game-result';
  }
  if (!nodes) {
    if (dialog.open) { closing = true; dialog.close(); }
    return;
  }
  dialog.className = cls;
  $('#result-body').replaceChildren(...nodes);
  if (!dialog.open) dialog.show(); // not modal: the keys keep stepping
}

function render() {
  M = modelAt(pos);
  const ev = events[steps[pos]];
  renderBoard(M);
  const h = handOf(pos);
  $('#counter').textContent = `step ${pos + 1} / ${steps.length} · hand ${h + 1} / ${hands.length}`;
  $('#counter').dataset.pos = String(pos);
  $('#event').textContent = describe(ev);
  $('#event').dataset.type = ev.type;
  for (const b of document.querySelectorAll('#hand-list button')) {
    b.classList.toggle('current', Number(b.dataset.hand) === h);
    if (Number(b.dataset.hand) === h) b.setAttribute('aria-current', 'true');
    else b.removeAttribute('aria-current');
  }
  $('#prev').disabled = pos === 0;
  $('#prev-hand').disabled = pos === 0;
  $('#next').disabled = pos === steps.length - 1;
  $('#next-hand').disabled = pos === steps.length - 1;
  $('#play').textContent = playing ? '▮▮ pause' : '▶ play';
  showResult(ev);
}

function go(p) {
  if (!ready) return;
  const next = Math.max(0, Math.min(steps.length - 1, p));
  if (next !== pos) hiddenAt = null; // a hidden result shows again once stepped away from
  pos = next;
  render();
  const url = new URL(location.href);
  url.searchParams.set('step', String(pos + 1));
  url.searchParams.delete('hand');
  if (pov) url.searchParams.set('pov', String(pov));
  else url.searchParams.delete('pov');
  history.replaceState(null, '', url);
  if (playing) schedule();
}

function step(d) { go(pos + d); }

/** Up/PageUp: the previous hand's start; Down/PageDown: the next one's (past the last hand:
 * the end of the game). */
function hand(d) {
  const h = handOf(pos);
  if (d < 0) go(hands[Math.max(0, h - 1)].pos);
  else go(h + 1 < hands.length ? hands[h + 1].pos : steps.length - 1);
}

// -- playing ------------------------------------------------------------------------------------

function delay() {
  const speed = Number($('#speed').value) || 1;
  const ev = events[steps[pos]];
  const factor = RESULT_TYPES.has(ev.type) || ev.type === 'start_kyoku' ? 3 : 1;
  return (BASE_MS * factor) / speed;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (pos >= steps.length - 1) { stop(); return; }
    go(pos + 1);
  }, delay());
}

function stop() {
  playing = false;
  clearTimeout(timer);
  if (ready) $('#play').textContent = '▶ play';
}

function togglePlay() {
  if (playing) { stop(); return; }
  if (pos >= steps.length - 1) go(0);
  playing = true;
  $('#play').textContent = '▮▮ pause';
  schedule();
}

// -- input --------------------------------------------------------------------------------------

$('#prev').onclick = () => step(-1);
$('#next').onclick = () => step(1);
$('#prev-hand').onclick = () => hand(-1);
$('#next-hand').onclick = () => hand(1);
$('#play').onclick = togglePlay;
// After a choice the keys step again (a focused select would take the arrows).
$('#speed').onchange = (e) => { e.target.blur(); if (playing) schedule(); };
$('#pov').onchange = (e) => { e.target.blur(); pov = Number($('#pov').value); go(pos); };
$('#result').addEventListener('close', () => {
  // Hidden by the user (the button or Esc), not by a step away: stay hidden at this position.
  if (closing) { closing = false; return; }
  hiddenAt = pos;
});

const KEYS = {
  ArrowRight: () => step(1), ArrowLeft: () => step(-1),
  ArrowDown: () => hand(1), PageDown: () => hand(1), ArrowUp: () => hand(-1), PageUp: () => hand(-1),
  Home: () => go(0), End: () => go(steps.length - 1), ' ': togglePlay,
  Escape: () => { if ($('#result').open) $('#result').close(); },
};

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !ready) return;
  const target = e.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  const action = KEYS[e.key];
  if (!action) return;
  e.preventDefault(); // no scrolling, no click of a focused button
  action();
});

$('#open-file').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  if (!file) return;
  try {
    const all = await readLog(await file.text());
    // `jantaku simulate --out` writes several games, each event with its "game" index.
    const games = [...new Set(all.map((ev) => ev.game ?? 0))];
    const select = $('#game');
    select.replaceChildren(...games.map((g) => new Option(`game ${g}`, String(g))));
    $('#game-label').hidden = games.length < 2;
    const pick = async () => {
      const g = select.value;
      await open(all.filter((ev) => String(ev.game ?? 0) === g), null);
    };
    select.onchange = () => pick().catch(fail);
    // A file is no table of this server: no download link, no position from the address.
    tableId = null;
    params = new URLSearchParams();
    history.replaceState(null, '', location.pathname);
    await pick();
  } catch (err) {
    fail(err);
  }
});

/** A file's events: a jantaku log (JSON lines), or a tenhou.net/6 or kobalab paipu record,
 * which the server replays through the engine into a jantaku log (POST /api/import). */
async function readLog(text) {
  let doc = null;
  try {
    doc = JSON.parse(text);
  } catch {
    return parseLines(text); // JSON lines: a jantaku log
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || doc.type) return parseLines(text);
  const r = await fetch('/api/import', { method: 'POST', body: text });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    throw new Error(`this record cannot be imported: ${body.detail ?? `HTTP ${r.status}`}`);
  }
  return parseLines(await r.text());
}

function fail(err) {
  $('#error').textContent = err.message ?? String(err);
}

async function load() {
  if (!tableId) {
    $('#status').textContent = 'No table: open a finished table\'s replay from the lobby, or a log file.';
    return;
  }
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/log`);
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    const why = r.status === 409 ? 'the game is still being played: its replay opens once it is over'
      : r.status === 404 ? 'no such table' : body.detail ?? `HTTP ${r.status}`;
    $('#status').textContent = `Table ${tableId}: ${why}.`;
    return;
  }
  const log = parseLines(await r.text());
  const listing = await fetch('/api/tables').then((x) => (x.ok ? x.json() : [])).catch(() => []);
  const row = listing.find((t) => String(t.id) === String(tableId));
  await open(log, row?.seats ?? null);
}

// For tests and debugging.
globalThis.jantakuReplay = {
  ready: () => ready,
  position: () => pos,
  steps: () => steps.slice(),
  hands: () => hands.map((h) => h.pos),
  event: () => (ready ? events[steps[pos]] : null),
  eventIndex: () => (ready ? steps[pos] : null),
  model: () => M,
  playing: () => playing,
  go,
};

load().catch(fail);
