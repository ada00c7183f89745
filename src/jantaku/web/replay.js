// @ts-check
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
import { fold, handResult, newModel, reasonName, renderBoard, seatName } from './board.js';
import { handTitle, resultNodes, settlementNodes } from './board-results.js';
import { applyI18n, errorText, lang, onLangChange, t } from './i18n.js';
import { setTileNames, tileLabel, tileName } from './tiles.js';
import './review.js'; // the 「検討」 switch: told where the replay stands, asks to jump

/** The page's element at a selector (always there).
 * @param {string} sel
 * @returns {HTMLElement} */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));
let params = new URLSearchParams(location.search); // emptied when a file is opened
let tableId = params.get('table'); // null for a log file
const BASE_MS = 900; // one step at 1×
const RESULT_TYPES = new Set(['hora', 'ryukyoku', 'end_kyoku']);

/** @typedef {import('./types').GameEvent} GameEvent */
/** @typedef {import('./types').LoggedEvent} LoggedEvent */
/** @typedef {import('./types').Model} Model */
/** @typedef {import('./types').Preset} Preset */
/** @typedef {{ event: number, pos: number, start: import('./types').StartKyoku,
 *   sittingOut: number | null | undefined }} HandEntry */

/** @type {LoggedEvent[]} */
let events = []; // the whole log (a file opened here may hold anything: open checks its start)
/** @type {number[]} */
let steps = []; // event index of each position
/** @type {HandEntry[]} */
let hands = []; // per hand: {event, pos, last, title, outcome}
/** @type {Omit<Model, 'preset'>[]} */
let snapshots = []; // per hand: the model before its start_kyoku (without the preset)
/** @type {string[]} */
let seats = [];
/** @type {Preset | null} */
let preset = null; // GET /api/presets/{name}
/** @type {Model | null} */
let M = null;
let pos = 0;
let pov = 0;
let playing = false;
/** @type {number | null} */
let timer = null;
/** @type {number | null} */
let hiddenAt = null; // the position whose result the user hid
let closing = false; // the page closes the result (a step away), not the user
let ready = false;

// -- the log ------------------------------------------------------------------------------------

/** The events of a log's JSON lines, taken as a jantaku log writes them (unchecked: open
 * refuses a log that does not begin with start_game, and board.js folds what it knows).
 * @param {string} text
 * @returns {LoggedEvent[]} */
function parseLines(text) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => JSON.parse(l));
}

/** @param {string} name */
async function loadPreset(name) {
  const r = await fetch(`/api/presets/${encodeURIComponent(name)}`);
  preset = r.ok ? await r.json() : null;
  setTileNames(preset?.tiles ?? null);
}

/** @param {number} p */
function handOf(p) {
  let h = 0;
  while (h + 1 < hands.length && hands[h + 1].pos <= p) h += 1;
  return h;
}

/** @param {GameEvent[]} evs */
function outcome(evs) {
  /** @type {string[]} */
  const parts = [];
  for (const ev of evs) {
    if (ev.type === 'hora') {
      const who = seatName({ seats, you: null }, ev.actor);
      const how = t(ev.actor === ev.target ? 'replay.out.tsumo' : 'replay.out.ron');
      parts.push(t('replay.out.win', { who, how, points: ev.hora_points ?? '' }).trim());
    } else if (ev.type === 'ryukyoku') {
      parts.push(reasonName(ev.reason));
    }
  }
  return parts.join(', ');
}

/** Index the log: its steps, its hands and one snapshot of the model before each hand;
 * `lines`: the server's result lines of a stored game (its dialogs list them), or null.
 * @param {LoggedEvent[]} log
 * @param {string[] | null} seatKinds
 * @param {import('./types').ResultLines | null} [lines]
 */
async function open(log, seatKinds, lines = null) {
  stop();
  ready = false;
  events = log;
  const start = events[0];
  if (!start || start.type !== 'start_game') throw new Error(t('replay.not_a_log'));
  const people = start.people ?? start.players;
  seats = seatKinds && seatKinds.length === people ? seatKinds : Array(people).fill('human');
  await loadPreset(start.preset);
  steps = [];
  hands = [];
  snapshots = [];
  const model = newModel({ seat: 0, you: null, seats, preset });
  model.lines = lines;
  events.forEach((ev, i) => {
    if (ev.type === 'start_kyoku') {
      const { preset: _, ...rest } = model;
      snapshots.push(structuredClone(rest));
      hands.push({ event: i, pos: steps.length, start: ev, sittingOut: ev.sitting_out });
    }
    if (!['start_game', 'pass', 'declare'].includes(ev.type)) steps.push(i);
    fold(model, ev);
  });
  if (!hands.length) throw new Error(t('replay.no_hand'));
  for (const id of ['#download', '#download-tenhou6', '#download-mjai']) $(id).hidden = !tableId;
  if (tableId) {
    /** @type {HTMLAnchorElement} */ ($('#download')).href = `/api/tables/${tableId}/log`;
    /** @type {HTMLAnchorElement} */ ($('#download-tenhou6')).href = `/api/tables/${tableId}/export?format=tenhou6`;
    /** @type {HTMLAnchorElement} */ ($('#download-mjai')).href = `/api/tables/${tableId}/export?format=mjai`;
  }
  const povSelect = /** @type {HTMLSelectElement} */ ($('#pov'));
  povSelect.replaceChildren(...seats.map((_, s) => new Option(seatName({ seats, you: null }, s), String(s))));
  pov = Math.min(Math.max(0, Number(params.get('pov') ?? 0) || 0), people - 1);
  povSelect.value = String(pov);
  renderHandList();
  let first = 0;
  const step = Number(params.get('step'));
  const hand = Number(params.get('hand'));
  if (Number.isInteger(step) && step >= 1) first = Math.min(step, steps.length) - 1;
  else if (Number.isInteger(hand) && hand >= 1) first = hands[Math.min(hand, hands.length) - 1].pos;
  showStatus();
  ready = true;
  hiddenAt = null;
  pos = -1; // whatever was shown before: render anew
  go(first);
}

// The status line is said again in the new language when the reader switches.
let statusText = () => '';

/** @param {() => string} text */
function say(text) {
  statusText = text;
  $('#status').textContent = text();
}

function showStatus() {
  const start = /** @type {import('./types').StartGame} */ (events[0]); // open checked it
  const people = start.people ?? start.players;
  // The rules by their title in the reader's language (the log names the preset).
  const title = preset ? (lang === 'ja' ? preset.title_ja : preset.title) : start.preset;
  say(() => t('replay.status', {
    source: tableId ? t('replay.source_table', { id: tableId }) : t('replay.source_file'),
    preset: title, people, rotating: start.people ? t('replay.rotating') : '',
    seed: start.seed, count: hands.length,
  }));
}

function renderHandList() {
  const list = $('#hand-list');
  list.replaceChildren();
  hands.forEach((h, k) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.hand = String(k);
    button.append(handTitle(h.start));
    const next = k + 1 < hands.length ? hands[k + 1].event : events.length;
    const said = outcome(events.slice(h.event, next));
    if (said) {
      const o = document.createElement('span');
      o.className = 'outcome';
      o.textContent = said;
      button.append(o);
    }
    button.onclick = () => go(h.pos);
    li.append(button);
    list.append(li);
  });
}

// -- the state at a position --------------------------------------------------------------------

/** @param {number} p */
function modelAt(p) {
  const h = handOf(p);
  const m = { ...structuredClone(snapshots[h]), preset };
  for (let i = hands[h].event; i <= steps[p]; i++) fold(m, events[i]);
  m.seat = pov;
  return m;
}

/** @param {number} s */
function name(s) {
  return seatName(/** @type {Model} */ (M), s);
}

/** @param {number | null | undefined} id */
function tile(id) {
  return id === undefined || id === null ? '' : tileLabel(tileName(id));
}

/** The current event in words.
 * @param {GameEvent} ev
 */
function describe(ev) {
  const actor = /** @type {{ actor?: number }} */ (ev).actor; // the events that have one
  const who = Number.isInteger(actor) ? name(/** @type {number} */ (actor)) : '';
  switch (ev.type) {
    case 'start_kyoku': {
      const title = handTitle(ev);
      return Number.isInteger(ev.sitting_out)
        ? t('replay.ev.deal_out', { title, dealer: name(ev.oya), out: name(/** @type {number} */ (ev.sitting_out)) })
        : t('replay.ev.deal', { title, dealer: name(ev.oya) });
    }
    case 'tsumo':
      return t(ev.rinshan ? 'replay.ev.draw_rinshan' : 'replay.ev.draw', { who, tile: tile(ev.tile) });
    case 'dahai':
      return t(ev.tsumogiri ? 'replay.ev.discard_tsumogiri' : 'replay.ev.discard', { who, tile: tile(ev.tile) });
    case 'reach': {
      const kind = `${ev.open ? 'open_' : ''}${ev.shuba ? 'shuba_' : ''}riichi`;
      return t('replay.ev.riichi', { who, kind: t(`table.action.${kind}`) });
    }
    case 'reach_accepted': return t('replay.ev.reach_accepted', { who });
    case 'chi': case 'pon': case 'daiminkan':
      return t('replay.ev.call', {
        who, call: t(`table.action.${ev.type}`), tile: tile(ev.tile), from: name(ev.target),
      });
    case 'ankan': return t('replay.ev.ankan', { who, tile: tile(ev.tiles[0]) });
    case 'kakan': return t('replay.ev.kakan', { who, tile: tile(ev.tile) });
    case 'kakan_done': return t('replay.ev.kakan_done', { who });
    case 'dora': return t('replay.ev.dora', { tile: tile(ev.tile) });
    case 'nukidora': return t('replay.ev.nukidora', { who, tile: tile(ev.tile) });
    case 'hora': {
      const points = ev.hora_points ?? '?';
      return ev.actor === ev.target ? t('replay.ev.tsumo_win', { who, points })
        : t('replay.ev.ron_win', { who, points, from: name(ev.target), tile: tile(ev.tile) });
    }
    case 'ryukyoku': return t('replay.ev.ryukyoku', { reason: reasonName(ev.reason) });
    case 'end_kyoku': return t('replay.ev.end_kyoku');
    case 'end_game': return t('replay.ev.end_game');
    default: return /** @type {{ type: string }} */ (ev).type; // an event of a newer log
  }
}

/** @param {GameEvent} ev */
function showResult(ev) {
  const dialog = /** @type {HTMLDialogElement} */ ($('#result'));
  let nodes = null;
  let cls = '';
  const m = /** @type {Model} */ (M);
  if (hiddenAt !== pos && RESULT_TYPES.has(ev.type) && (m.horas.length || m.ryukyoku)) {
    nodes = resultNodes(m, m.result ?? handResult(m));
    cls = 'hand-result';
  } else if (hiddenAt !== pos && ev.type === 'end_game') {
    nodes = settlementNodes(m, ev, { logHref: tableId ? `/api/tables/${tableId}/log` : null });
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
  $('#counter').textContent = t('replay.counter', {
    step: pos + 1, steps: steps.length, hand: h + 1, hands: hands.length,
  });
  $('#counter').dataset.pos = String(pos);
  $('#event').textContent = describe(ev);
  $('#event').dataset.type = ev.type;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('#hand-list button'))) {
    b.classList.toggle('current', Number(b.dataset.hand) === h);
    if (Number(b.dataset.hand) === h) b.setAttribute('aria-current', 'true');
    else b.removeAttribute('aria-current');
  }
  /** @type {HTMLButtonElement} */ ($('#prev')).disabled = pos === 0;
  /** @type {HTMLButtonElement} */ ($('#prev-hand')).disabled = pos === 0;
  /** @type {HTMLButtonElement} */ ($('#next')).disabled = pos === steps.length - 1;
  /** @type {HTMLButtonElement} */ ($('#next-hand')).disabled = pos === steps.length - 1;
  $('#play').textContent = t(playing ? 'replay.pause' : 'replay.play');
  showResult(ev);
  document.dispatchEvent(new CustomEvent('replay:position', {
    detail: { table: tableId, pov, event: steps[pos], steps },
  }));
}

/** @param {number} p */
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

/** @param {number} d */
function step(d) { go(pos + d); }
document.addEventListener('replay:go', (e) => go(/** @type {CustomEvent<number>} */ (e).detail));

/** Up/PageUp: the previous hand's start; Down/PageDown: the next one's (past the last hand:
 * the end of the game).
 * @param {number} d
 */
function hand(d) {
  const h = handOf(pos);
  if (d < 0) go(hands[Math.max(0, h - 1)].pos);
  else go(h + 1 < hands.length ? hands[h + 1].pos : steps.length - 1);
}

// -- playing ------------------------------------------------------------------------------------

function delay() {
  const speed = Number(/** @type {HTMLSelectElement} */ ($('#speed')).value) || 1;
  const ev = events[steps[pos]];
  const factor = RESULT_TYPES.has(ev.type) || ev.type === 'start_kyoku' ? 3 : 1;
  return (BASE_MS * factor) / speed;
}

function schedule() {
  clearTimeout(/** @type {number} */ (timer));
  timer = setTimeout(() => {
    if (pos >= steps.length - 1) { stop(); return; }
    go(pos + 1);
  }, delay());
}

function stop() {
  playing = false;
  clearTimeout(/** @type {number} */ (timer));
  if (ready) $('#play').textContent = t('replay.play');
}

function togglePlay() {
  if (playing) { stop(); return; }
  if (pos >= steps.length - 1) go(0);
  playing = true;
  $('#play').textContent = t('replay.pause');
  schedule();
}

// -- input --------------------------------------------------------------------------------------

$('#prev').onclick = () => step(-1);
$('#next').onclick = () => step(1);
$('#prev-hand').onclick = () => hand(-1);
$('#next-hand').onclick = () => hand(1);
$('#play').onclick = togglePlay;
// After a choice the keys step again (a focused select would take the arrows).
$('#speed').onchange = (/** @type {Event} */ e) => { /** @type {HTMLElement} */ (e.target).blur(); if (playing) schedule(); };
$('#pov').onchange = (/** @type {Event} */ e) => { /** @type {HTMLElement} */ (e.target).blur(); pov = Number(/** @type {HTMLSelectElement} */ ($('#pov')).value); go(pos); };
$('#result').addEventListener('close', () => {
  // Hidden by the user (the button or Esc), not by a step away: stay hidden at this position.
  if (closing) { closing = false; return; }
  hiddenAt = pos;
});

/** @type {Record<string, () => void>} */
const KEYS = {
  ArrowRight: () => step(1), ArrowLeft: () => step(-1),
  ArrowDown: () => hand(1), PageDown: () => hand(1), ArrowUp: () => hand(-1), PageUp: () => hand(-1),
  Home: () => go(0), End: () => go(steps.length - 1), ' ': togglePlay,
  Escape: () => { if (/** @type {HTMLDialogElement} */ ($('#result')).open) /** @type {HTMLDialogElement} */ ($('#result')).close(); },
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

$('#open-file').addEventListener('change', async (/** @type {Event} */ e) => {
  const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
  if (!file) return;
  try {
    const all = await readLog(await file.text());
    // `jantaku simulate --out` writes several games, each event with its "game" index.
    const games = [...new Set(all.map((ev) => ev.game ?? 0))];
    const select = /** @type {HTMLSelectElement} */ ($('#game'));
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
 * which the server replays through the engine into a jantaku log (POST /api/import).
 * @param {string} text
 */
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
    throw new Error(t('replay.import_failed', { detail: body.detail ?? t('errors.http', { status: r.status }) }));
  }
  return parseLines(await r.text());
}

/** @param {unknown} err anything thrown (an Error, mostly) */
function fail(err) {
  $('#error').textContent = /** @type {{ message?: string }} */ (err).message ?? String(err);
}

async function load() {
  if (!tableId) {
    say(() => t('replay.no_table'));
    return;
  }
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/log`);
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    say(() => (r.status === 409 ? t('replay.still_playing', { id: tableId })
      : r.status === 404 ? t('replay.no_such_table', { id: tableId })
        : t('replay.load_failed', { id: tableId, detail: errorText(body) || t('errors.http', { status: r.status }) })));
    return;
  }
  const log = parseLines(await r.text());
  const listing = await fetch('/api/tables').then((x) => (x.ok ? x.json() : [])).catch(() => []);
  const row = /** @type {import('./api-types').TableListing[]} */ (listing).find((t) => String(t.id) === String(tableId));
  const lines = await fetch(`/api/tables/${encodeURIComponent(tableId)}/lines`)
    .then((x) => (x.ok ? x.json() : null)).catch(() => null);
  await open(log, row?.seats ?? null, lines);
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

applyI18n(document);
onLangChange(() => {
  $('#status').textContent = statusText();
  if (!ready) return;
  showStatus();
  renderHandList();
  for (const o of /** @type {HTMLSelectElement} */ ($('#pov')).options) o.text = seatName({ seats, you: null }, Number(o.value));
  const p = pos;
  pos = -1; // render anew
  go(p);
});
load().catch(fail);
