// @ts-check
// The table page of one seat: its socket (net.js, the token from #token=...), the received events folded
// into a small model of what this seat may see (board.js), the engine's legal actions as
// buttons, and the result of every hand and of the game in a dialog.
import {
  fold, handResult, newModel, reasonName, renderBoard, seatLabel, seatName,
} from './board.js';
import { resultNodes, settlementNodes } from './board-results.js';
import {
  chime, settings, settingsPanel, startTimer, stopTimer, timerRunning,
} from './comforts.js';
import { rememberTable, seatUrl } from './mytables.js';
import { applyI18n, errorText, langHeaders, onLangChange, t } from './i18n.js';
import { openSeat, seatToken } from './net.js';
import { kindOf, setTileNames, tileEl, tileLabel, tileName } from './tiles.js';

/** @typedef {import('./types').Model} Model */
/** A legal action as the server offers it, and as the page sends one back.
 * @typedef {{ type: string, tile: number | null, tiles?: number[] }} Action */

/** The page's element at a selector (always there).
 * @param {string} sel
 * @returns {HTMLElement} */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));
const params = new URLSearchParams(location.search);
const tableId = params.get('table');
const token = seatToken();
// After every discard of another seat: a pass reveals nothing, whether a call was possible or
// not. `?pause=0` (tests) sets it in milliseconds.
const PAUSE_PARAM = Number(params.get('pause') ?? NaN);
const CALL_PAUSE_MS = Number.isFinite(PAUSE_PARAM) && PAUSE_PARAM >= 0 ? PAUSE_PARAM : 800;
const OWN_PAUSE_MS = Math.min(150, CALL_PAUSE_MS);
// Watching a hand one sits out: nobody waits for this seat, so the pace only has to be legible.
const WATCH_PAUSE_MS = Math.min(400, CALL_PAUSE_MS);
// The action types shown as buttons and those that declare riichi, as every view names them
// (the engine's ActionType is their one home).
/** @type {{buttons: string[], riichi: string[]}} */
let actionTypes = { buttons: [], riichi: [] };
const isRiichi = (/** @type {string} */ type) => actionTypes.riichi.includes(type);
const actionLabel = (/** @type {string} */ type) => (actionTypes.buttons.includes(type) ? t(`table.action.${type}`) : type);

/** The extraction button names the tile it takes out: 北抜き, 花抜き, 5萬抜き.
 * @param {Action} a
 */
function extractLabel(a) {
  const name = Number.isInteger(a.tile) ? tileName(/** @type {number} */ (a.tile)) : '4z';
  const what = name[1] === 'f' ? t('tiles.flower_any') : tileLabel(kindOf(name));
  return t('table.action.extract', { tile: what });
}
// The keyboard shortcut of each button type (r, for every riichi kind, is keyFor's).
/** @type {Record<string, string[]>} */
const KEYS = {
  p: ['pass'], t: ['tsumo', 'ron'], c: ['chi'], o: ['pon'],
  k: ['daiminkan', 'ankan', 'kakan'], n: ['kita'], 9: ['nine_terminals'],
};

/** @type {Model} */
let M = /** @type {Model} */ (/** @type {unknown} */ (null)); // the model (board.js); null until the first view
/** @type {Action[]} */
let legal = [];
/** @type {unknown} */
let legalAt = null; // the `at` of the legal message the shown options came from
/** @type {string | null} */
let riichiMode = null; // the riichi action type chosen, waiting for its discard
/** @type {import('./api-types').TableMessage[]} */
let queue = [];
let pumping = false;
/** @type {ReturnType<typeof openSeat> | null} */
let seatSocket = null;
/** @type {Record<string, import('./api-types').PresetDetail | null>} */
const presets = {}; // name -> /api/presets/{name} (knobs and tile names)

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- rendering --------------------------------------------------------------------------------

/** @param {number} id */
function playableAction(id) {
  const name = tileName(id);
  const types = riichiMode ? [riichiMode] : ['discard'];
  return legal.find((a) => types.includes(a.type) && a.tile !== null && tileName(a.tile) === name);
}

let handFocus = 0; // the own hand's tile that has the keyboard's focus (a roving tabindex)

/** The own hand: a row of buttons, one tab stop; ← → (Home, End) move along it, Enter or
 * the space bar discards the tile with the focus. */
function renderHand() {
  const box = document.createElement('div');
  box.id = 'hand';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', t('table.own_hand'));
  /** @type {HTMLElement[]} */
  const tiles = [];
  const add = (/** @type {number} */ id, /** @type {boolean} */ drawn) => {
    const el = tileEl(id, { extra: drawn ? 'drawn' : '' });
    const name = tileLabel(tileName(id));
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', drawn ? t('table.drawn_tile', { tile: name }) : name);
    /** @type {HTMLImageElement} */ (el.querySelector('img')).alt = '';
    el.tabIndex = -1;
    const action = playableAction(id);
    if (action) {
      el.classList.add('playable');
      el.onclick = () => send({ type: action.type, tile: id, tiles: [] });
    } else {
      el.setAttribute('aria-disabled', 'true');
      if (legal.some((a) => a.type === 'discard' || isRiichi(a.type))) el.classList.add('dim');
    }
    tiles.push(el);
    box.append(el);
  };
  (M.hands[M.seat] ?? []).forEach((id) => add(id, false));
  if (M.draws[M.seat] !== null) add(/** @type {number} */ (M.draws[M.seat]), true);
  if (tiles.length) {
    handFocus = Math.max(0, Math.min(handFocus, tiles.length - 1));
    tiles[handFocus].tabIndex = 0;
  }
  box.addEventListener('keydown', (e) => {
    const i = tiles.indexOf(/** @type {HTMLElement} */ (e.target));
    if (i < 0) return;
    const to = /** @type {Record<string, number>} */ ({ ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: tiles.length - 1 })[e.key];
    if (to !== undefined) {
      e.preventDefault();
      e.stopPropagation();
      handFocus = Math.max(0, Math.min(to, tiles.length - 1));
      tiles[i].tabIndex = -1;
      tiles[handFocus].tabIndex = 0;
      tiles[handFocus].focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      tiles[i].click();
    }
  });
  return box;
}

function render() {
  if (!M) return;
  // The board is drawn anew: the focus goes back where it was in the hand.
  const inHand = !!document.activeElement?.closest?.('#hand');
  renderBoard(M, { hand: (s) => (s === M.seat ? renderHand() : null) });
  if (inHand) /** @type {HTMLElement | null} */ (document.querySelector('#hand [tabindex="0"]'))?.focus();
  renderActions();
  renderTurnNote();
  updateWaits();
}

/** What the table waits for, in words: your turn, the riichi discard to pick, a call to
 * answer, or a friend whose page is not open. */
function turnNote() {
  if (!M || M.end) return '';
  if (riichiMode) return t('table.pick_riichi_discard');
  if (legal.some((a) => a.type === 'discard')) return t('table.your_turn');
  if (legal.some((a) => ['chi', 'pon', 'daiminkan', 'ron'].includes(a.type))) return t('table.call_offered');
  if (legal.length) return t('table.your_turn');
  const away = M.seats.map((kind, s) => s).filter((s) => s !== M.seat && M.connected?.[s] === false);
  if (away.length && M.turn !== null && away.includes(M.turn)) {
    return t('table.waiting_for', { who: seatName(M, M.turn) });
  }
  if (away.length) return t('table.not_connected', { who: away.map((s) => seatName(M, s)).join('、') });
  return '';
}

function renderTurnNote() {
  const note = $('#turn-note');
  const text = turnNote();
  if (note.textContent !== text) note.textContent = text;
  note.hidden = !text;
  note.classList.toggle('mine', legal.length > 0);
}

// -- the waits of the own hand (a setting) -------------------------------------------------------

/** @type {Record<string, unknown>} */
let tableOptions = {};
let waitsFor = ''; // the hand whose waits are shown or asked for
/** @type {{ shanten: number, waits: string[] } | null} */
let waitsShown = null; // {shanten, waits} of that hand

/** Ask the server for the waits of the own hand (without the drawn tile: what it waits on
 * before this turn's discard) whenever it changed. */
function updateWaits() {
  const box = $('#waits');
  const hand = M?.hands[M.seat];
  if (!settings.waits || !hand || M.sittingOut === M.seat || M.end) { box.hidden = true; return; }
  const called = M.melds[M.seat].flatMap((m) => [...(m.tiles ?? []), ...(m.tile !== undefined ? [m.tile] : []),
    ...(m.added !== undefined ? [m.added] : [])]);
  // Just after a call (or a kan before its replacement tile) the hand is one to discard from,
  // not a waiting one: nothing to ask until it has discarded.
  const toDiscard = M.turn === M.seat && M.draws[M.seat] === null && M.last?.actor !== M.seat;
  if (toDiscard) { box.hidden = true; return; }
  const key = JSON.stringify([hand, called]);
  if (key === waitsFor) { showWaits(); return; }
  waitsFor = key;
  waitsShown = null;
  showWaits();
  fetch('/api/waits', {
    method: 'POST',
    headers: langHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ preset: M.preset?.name ?? '', options: tableOptions, tiles: hand, called }),
  }).then((r) => (r.ok ? r.json() : null)).then((w) => {
    if (key !== waitsFor) return;
    waitsShown = w;
    showWaits();
  }).catch(() => {});
}

/** Show the waits when the hand is tenpai, and フリテン when one of them is in the own river
 * (called tiles included) or a win was let pass (this turn, or at all since the riichi). */
function showWaits() {
  const box = $('#waits');
  const w = waitsShown;
  if (!settings.waits || !w || w.shanten !== 0 || !w.waits.length) { box.hidden = true; return; }
  const river = new Set((M.rivers[M.seat] ?? []).map((d) => kindOf(tileName(d.tile))));
  const furiten = w.waits.some((name) => river.has(kindOf(name))) || !!M.missedRon?.[M.seat];
  box.replaceChildren();
  box.append(Object.assign(document.createElement('span'), { className: 'label', textContent: t('table.waits') }));
  for (const name of w.waits) box.append(tileEl(name, { small: true }));
  if (furiten) {
    box.append(Object.assign(document.createElement('span'), { className: 'furiten', textContent: t('table.furiten') }));
  }
  box.classList.toggle('is-furiten', furiten);
  box.hidden = false;
}

/** @param {string} type */
function keyFor(type) {
  if (isRiichi(type)) return 'r';
  return Object.keys(KEYS).find((k) => KEYS[k].includes(type));
}

function renderActions() {
  const box = $('#actions');
  const hadFocus = box.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.type : null;
  box.replaceChildren();
  let digit = 0; // the offered calls by number: 1, 2, 3...
  if (M && M.sittingOut === M.seat && !M.end) {
    const note = document.createElement('p');
    note.id = 'sitting-out-note';
    note.textContent = t('table.you_sit_out');
    box.append(note);
  }
  /** @type {Set<string>} */
  const seen = new Set();
  for (const a of legal) {
    if (a.type === 'discard') continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.type = a.type;
    if (isRiichi(a.type)) {
      if (seen.has(a.type)) continue; // one button per riichi kind, then pick the discard
      button.append(actionLabel(a.type));
      if (riichiMode === a.type) button.classList.add('active');
      button.onclick = () => { riichiMode = riichiMode === a.type ? null : a.type; render(); };
    } else {
      button.append(a.type === 'kita' ? extractLabel(a) : actionLabel(a.type));
      for (const t of a.tiles ?? []) button.append(tileEl(t, { small: true }));
      if (a.tiles?.length === 0 && a.tile !== null && a.type !== 'tsumo' && a.type !== 'ron') {
        button.append(tileEl(a.tile, { small: true }));
      }
      button.onclick = () => send({ type: a.type, tile: a.tile, tiles: a.tiles ?? [] });
    }
    if (['chi', 'pon', 'daiminkan', 'ron'].includes(a.type) && digit < 8) {
      digit += 1;
      button.dataset.digit = String(digit);
      button.setAttribute('aria-keyshortcuts', String(digit));
      button.append(Object.assign(document.createElement('kbd'), { className: 'digit', textContent: String(digit) }));
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
  if (hadFocus) /** @type {HTMLElement | null} */ (box.querySelector(`button[data-type="${CSS.escape(hadFocus)}"]`))?.focus();
}

/** Say `text` to a screen reader now (a win, a draw, a call offered).
 * @param {string} text
 */
function speak(text) {
  const live = $('#sr-live');
  live.textContent = '';
  setTimeout(() => { live.textContent = text; }, 50);
}

/** A new decision: a tone (a call or one's turn), and the timer if one is set. */
function announce() {
  const calls = ['chi', 'pon', 'daiminkan', 'ron'];
  const offered = [...new Set(legal.filter((a) => calls.includes(a.type)).map((a) => actionLabel(a.type)))];
  chime(offered.length ? 'call' : 'turn');
  if (offered.length) speak(t('table.sr_calls', { calls: offered.join('、') }));
  startTurnTimer();
}

// -- what the settings do by themselves (Tenhou's and 雀魂's switches) ---------------------------

const AUTO_MS = Math.min(400, CALL_PAUSE_MS);
/** @type {number | null} */
let autoTimer = null;

/** After a new decision: take a win (自動和了), let calls pass (鳴きなし), or discard the drawn
 * tile after riichi when nothing else may be done (自動ツモ切り), as the settings say; a
 * moment later, and only if the decision is still the one it was. */
function autoPlay() {
  clearTimeout(/** @type {number} */ (autoTimer));
  if (!M || !legal.length) return;
  const at = legalAt;
  const later = (/** @type {Action} */ action) => {
    autoTimer = setTimeout(() => { if (legalAt === at && legal.length) send(action); }, AUTO_MS);
  };
  const win = legal.find((a) => a.type === 'tsumo' || a.type === 'ron');
  if (win) {
    if (settings.autoWin) later({ type: win.type, tile: win.tile, tiles: win.tiles ?? [] });
    return; // otherwise a win is the player's to take or let pass
  }
  const calls = ['chi', 'pon', 'daiminkan'];
  const pass = legal.find((a) => a.type === 'pass');
  if (settings.noCalls && pass && legal.every((a) => a === pass || calls.includes(a.type))) {
    later({ type: 'pass', tile: null, tiles: [] });
    return;
  }
  const drawn = M.draws[M.seat];
  if (settings.autoTsumogiri && M.riichi[M.seat] && drawn !== null
    && legal.every((a) => a.type === 'discard') && playableAction(drawn)) {
    later({ type: 'discard', tile: drawn, tiles: [] });
  }
}

/** The turn's timer, if one is set (also when it is set during the turn). */
function startTurnTimer() {
  startTimer($('#timer-slot'), () => {
    // Time is up: pass when that is possible, else discard the drawn tile (or the last one).
    const pass = legal.find((a) => a.type === 'pass');
    if (pass) { send({ type: 'pass', tile: null, tiles: [] }); return; }
    const drawn = M?.draws[M.seat];
    const tiles = drawn !== null && drawn !== undefined ? [drawn, ...(M.hands[M.seat] ?? []).slice().reverse()]
      : (M?.hands[M.seat] ?? []).slice().reverse();
    for (const id of tiles) {
      const a = legal.find((x) => x.type === 'discard' && x.tile !== null && tileName(x.tile) === tileName(id));
      if (a) { send({ type: 'discard', tile: id, tiles: [] }); return; }
    }
  });
}

/** @type {Action[]} */
let sentFrom = []; // the legal actions when the last action was sent: back if it is refused

/** @param {Action} action */
function send(action) {
  stopTimer();
  clearTimeout(/** @type {number} */ (autoTimer));
  if (!seatSocket?.sendAction(action, legalAt)) return;
  sentFrom = legal;
  legal = [];
  riichiMode = null;
  render();
}

// -- dialogs ----------------------------------------------------------------------------------

/** @param {Node[]} nodes @param {string} cls */
function showDialog(nodes, cls) {
  const dialog = /** @type {HTMLDialogElement} */ ($('#result'));
  dialog.className = cls;
  $('#result-body').replaceChildren(...nodes);
  dialog.showModal();
  $('#result-ok').focus();
  return new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
}

/** @param {import('./types').HandResult} r */
function resultDialog(r) {
  return showDialog(resultNodes(M, r), 'hand-result');
}

/** The settlement, then what to do next: watch the game again (再生) or play another with
 * the same seats and rules (もう一局).
 * @param {import('./types').EndGame} end
 */
function settlementDialog(end) {
  return showDialog([...settlementNodes(M, end, { logHref: `/api/tables/${tableId}/log` }), afterGame()],
    'game-result');
}

function afterGame() {
  const box = document.createElement('div');
  box.className = 'actions after-game';
  const replay = document.createElement('a');
  replay.className = 'button';
  replay.href = `/replay.html?table=${encodeURIComponent(/** @type {string} */ (tableId))}`;
  replay.textContent = t('table.replay');
  const again = document.createElement('button');
  again.type = 'button';
  again.id = 'play-again';
  again.textContent = t('table.play_again');
  const said = document.createElement('p');
  said.className = 'error';
  said.setAttribute('role', 'alert');
  again.onclick = () => { playAgain(again, said).catch((e) => { said.textContent = e.message; again.disabled = false; }); };
  box.append(replay, again, said);
  return box;
}

/** A new table with the same seats (people and bots) and rules; this browser keeps the new
 * seat tokens (the lobby gives the friends' links out again) and takes its own seat.
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} said
 */
async function playAgain(button, said) {
  button.disabled = true;
  said.textContent = '';
  const r = await fetch('/api/tables', {
    method: 'POST',
    headers: langHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ preset: M.preset?.name, seats: M.seats, options: tableOptions }),
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    said.textContent = errorText(body) || t('errors.http', { status: r.status });
    button.disabled = false;
    return;
  }
  const tokens = Object.fromEntries(Object.entries(body.tokens)
    .filter(([s]) => M.seats[Number(s)] === 'human'));
  rememberTable({ id: body.id, preset: M.preset?.name, mine: M.seat, tokens });
  location.href = seatUrl(body.id, body.tokens[String(M.seat)]);
}

// -- messages ---------------------------------------------------------------------------------

/** @param {string} name */
async function loadPreset(name) {
  if (!presets[name]) {
    const r = await fetch(`/api/presets/${encodeURIComponent(name)}`);
    presets[name] = r.ok ? await r.json() : null;
  }
  setTileNames(presets[name]?.tiles ?? null);
  return presets[name];
}

/** The live wall's count as the server counts it from this seat's view (once the events it
 * came with are shown; a new hand's count comes with its deal).
 * @param {unknown} n
 */
function setWallLeft(n) {
  if (M && M.rivers.length && Number.isInteger(n)) M.wallLeft = /** @type {number} */ (n);
}

/** @param {{ actor: number }} ev */
function pauseAfter(ev) {
  if (ev.actor === M.seat) return OWN_PAUSE_MS;
  return M.sittingOut === M.seat ? WATCH_PAUSE_MS : CALL_PAUSE_MS;
}

/** @param {import('./api-types').TableMessage} msg */
async function handle(msg) {
  if (msg.type === 'view') {
    const preset = await loadPreset(msg.preset);
    M = newModel({ seat: msg.seat, you: msg.seat, seats: msg.seats, preset, serverWall: true });
    tableOptions = msg.options ?? {};
    actionTypes = msg.action_types ?? actionTypes;
    M.lines = msg.lines ?? null; // what each hand and the settlement paid, line by line
    legal = [];
    for (const ev of msg.events) fold(M, ev);
    setWallLeft(msg.tiles_left);
    M.connected = Array.isArray(msg.connected) ? msg.connected : null;
    render();
    if (M.end) await settlementDialog(M.end);
  } else if (msg.type === 'events') {
    if (!M) return;
    if (msg.lines) M.lines = msg.lines; // a piece that ends a hand brings its lines
    for (const ev of msg.events) {
      fold(M, ev);
      render();
      if (ev.type === 'hora') {
        const how = ev.actor === ev.target ? t('result.tsumo') : t('result.ron_from', { from: seatLabel(M, ev.target) });
        speak(t('table.sr_win', { who: seatLabel(M, ev.actor), how, points: ev.hora_points ?? '' }));
      }
      if (ev.type === 'ryukyoku') speak(reasonName(ev.reason));
      if (ev.type === 'dahai') await sleep(pauseAfter(ev));
      if (ev.type === 'end_kyoku') await resultDialog(/** @type {import('./types').HandResult} */ (M.result));
      if (ev.type === 'end_game') await settlementDialog(ev);
    }
    setWallLeft(msg.tiles_left);
    render();
  } else if (msg.type === 'presence') {
    if (!M) return;
    M.connected = Array.isArray(msg.connected) ? msg.connected : null;
    render();
  } else if (msg.type === 'legal') {
    const before = legal.length;
    legal = msg.actions;
    legalAt = msg.at;
    if (legal.length && !before) announce();
    riichiMode = null;
    render();
    autoPlay();
  } else if (msg.type === 'error') {
    $('#error').textContent = errorText(msg);
    if (!legal.length && sentFrom.length) { legal = sentFrom; render(); }
    setTimeout(() => { $('#error').textContent = ''; }, 6000);
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) await handle(/** @type {import('./api-types').TableMessage} */ (queue.shift()));
  } finally {
    pumping = false;
  }
}

// The status line, said again in the new language when the reader switches.
/** @type {() => string} */
let statusText = () => t('table.connecting');

/** @param {() => string} text */
function say(text) {
  statusText = text;
  $('#status').textContent = text();
}

function connect() {
  seatSocket = openSeat({
    tableId: /** @type {string} */ (tableId),
    token,
    onMessage: (msg) => {
      if (msg.type === 'view') queue = []; // a whole view replaces whatever was still queued
      queue.push(msg);
      pump();
    },
    // net.js says what the connection does; the page says it in the reader's language.
    onStatus: (text, state, code) => {
      say(() => (state === 'open' ? t('table.connected', { id: tableId })
        : state === 'refused' && code === 4404 ? t('table.no_such_table')
          : state === 'refused' && code === 4401 ? t('table.invalid_link')
            : state === 'retry' ? t('errors.disconnected', { seconds: Math.round((code ?? 500) / 1000) })
              : text));
    },
  });
}

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || /** @type {HTMLDialogElement} */ ($('#result')).open) return;
  if (e.key === 'Escape') { riichiMode = null; render(); return; }
  // Space and Enter on a button, a link or a field are theirs (the hand's own are handled
  // there), not the drawn tile's.
  if ((e.key === ' ' || e.key === 'Enter') && /** @type {Element} */ (e.target).closest?.('button, a, input, select, textarea, summary')) return;
  const drawn = M ? M.draws[M.seat] : null;
  if (e.key === ' ' && drawn !== null && !riichiMode) {
    const a = playableAction(drawn);
    if (a) { e.preventDefault(); send({ type: a.type, tile: drawn, tiles: [] }); }
    return;
  }
  const button = /^[1-8]$/.test(e.key)
    ? document.querySelector(`#actions button[data-digit="${e.key}"]`)
    : document.querySelector(`#actions button[data-key="${CSS.escape(e.key.toLowerCase())}"]`);
  if (button) { e.preventDefault(); /** @type {HTMLButtonElement} */ (button).click(); }
});

// For tests and debugging: the model, the legal actions, and whether every message is shown
// (not before the first view). `hand` and `drawn`: this seat's concealed tiles and drawn tile.
globalThis.jantakuTable = {
  model: () => M && { ...M, hand: M.hands[M.seat] ?? [], drawn: M.draws[M.seat] },
  legal: () => legal,
  idle: () => M !== null && !pumping && !queue.length,
  // Layout tests: fold events the server did not send (a long hand's rivers and melds drawn
  // at once) and draw the board; the page no longer follows the game after this.
  foldLocally: (/** @type {import('./types').GameEvent[]} */ events) => { for (const ev of events) fold(M, ev); render(); },
  // ... and show the result of the hand so far (or of the game) as the dialog would; `hand`:
  // the result of that hand (from 0) instead.
  showResult: (/** @type {unknown} */ hand) => {
    if (Number.isInteger(hand)) resultDialog(M.results[/** @type {number} */ (hand)]);
    else if (M.end) settlementDialog(M.end);
    else resultDialog(M.result ?? handResult(M));
  },
};

/** A setting changed: the board again, the timer if it was just chosen during a decision,
 * and what the switches now do by themselves. */
function settingsChanged() {
  if (!M) return;
  render();
  if (legal.length && !timerRunning()) startTurnTimer();
  autoPlay();
}

$('#settings-slot').append(settingsPanel(settingsChanged));
applyI18n(document);
onLangChange(() => {
  $('#status').textContent = statusText();
  $('#settings-slot').replaceChildren(settingsPanel(settingsChanged));
  render();
  if (/** @type {HTMLDialogElement} */ ($('#result')).open && M) {
    // Redraw the dialog in the new language.
    $('#result-body').replaceChildren(...($('#result').className === 'game-result' && M.end
      ? [...settlementNodes(M, M.end, { logHref: `/api/tables/${tableId}/log` }), afterGame()]
      : M.result ? resultNodes(M, M.result) : []));
  }
});

if (!tableId) {
  say(() => t('table.no_table'));
} else {
  connect();
}
