// @ts-check
// /score: 点数記録, the scorekeeper of a physical table.
//
// /score                    a form that starts a session (rules, people, points, chips);
// /score#s=ID               the session, watched live;
// /score#s=ID&e=TOKEN       the same, with the right to enter hands (the token stays in the
//                           URL fragment: browsers never send it to the server or a log).
//
// The server replays the session's hands through the ledger and pushes the state to every
// phone on its WebSocket; this page only draws that state and sends hands. Every hand goes
// through a local queue (localStorage) first: offline, hands wait there and are sent when the
// server is back; each carries the revision it was entered against and a client id, so a
// hand is never stored twice, and one entered while someone else changed the session is shown
// to the person who entered it to send or drop, never stored blindly.

import { mountCalculator } from './calc.js';
import { api, applyI18n, el, fill, lang, onLangChange, registerServiceWorker, signed, t } from './scorekit.js';

registerServiceWorker();
applyI18n(document);

/** The page's element at an id (always there).
 * @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const hash = new URLSearchParams(location.hash.slice(1));
const sid = hash.get('s');
let token = hash.get('e');
const KEY = (/** @type {string} */ what) => `jantaku.score.${what}.${sid}`;
const store = {
  /** @param {string} k @param {any} d */
  get(k, d) { try { return JSON.parse(/** @type {string} */ (localStorage.getItem(KEY(k)))) ?? d; } catch { return d; } },
  /** @param {string} k @param {unknown} v */
  set(k, v) { try { localStorage.setItem(KEY(k), JSON.stringify(v)); } catch { /* full */ } },
};
if (sid) {
  if (token) store.set('editor', token);
  else token = store.get('editor', null);
}

/** A change waiting to be sent: its op, its id, the hand (or settings) and where it goes.
 * @typedef {{ op: string, cid: string, hand: any, index: number | null, at: number, what: string,
 *   error?: string, status?: number, refused?: boolean }} Queued */
/** The table now (the session's state: `table`).
 * @typedef {{ game: number, dealer: number, first_dealer: number, round: string, hand: number,
 *   honba: number, sticks: number, stick_points?: number, extension?: boolean, scores: number[],
 *   chips: number[], seats: (string | null)[], shuba_used?: number[], seating: number[] }} TableNow */
/** A game of the session (the state's `games`).
 * @typedef {{ number: number, start: any, over: boolean, settlement: any, result: number[] | null,
 *   scores: number[], chips: number[], ranks: number[], seating: number[], money: number[] | null,
 *   money_total?: number[], busted: boolean[] | null, hands: number }} GameNow */
/** The session's settings (names, rules, rates, ended).
 * @typedef {{ names: string[], preset: string, options: Record<string, any>, ended?: boolean,
 *   rates?: Record<string, number>, [k: string]: any }} SessionConfig */
/** One winner of the entry dialog.
 * @typedef {{ winner: number | null, han: number, fu: number, yakuman: number, situation: any,
 *   mode: string, chips: Record<string, number>, dice: number[][], terminals?: number }} Winner */
/** The session's state as the server sends it (jantaku.server.session_replay state and sessions).
 * @typedef {{ rev: number, config: SessionConfig, players: number, table: TableNow,
 *   settlement_style: string, chips_apart: boolean, hands: Record<string, any>[], games: GameNow[],
 *   standings: Record<string, any>, cids?: string[], editor?: unknown }} ScoreState */

/** @type {ScoreState} */
let S = /** @type {any} */ (null); // the session state from the server (read once it came)
/** @type {any} */
let info = null; // the rule set's features (/api/calc/info)
/** @type {WebSocket | null} */
let ws = null;
let online = false;
/** @type {string | null} */
let inFlight = null; // cid of the queued hand on its way
/** @type {number | null} */
let gapFrom = null; // 点差: the person the gaps are shown from
/** @type {Queued[]} */
let queue = sid ? store.get('queue', []) : [];
let retry = 500;
let lastHeard = 0; // when the socket last brought anything (a pong at least every few seconds)
let openedAt = 0; // when the socket opened (its join is answered with the state at once)
const PING_MS = 3000;
const DEAD_MS = 8000;

/** @returns {string[]} */
const names = () => S.config.names;
const people = () => S.config.names.length;

/** @param {number} dealer */
function seatsAt(dealer) {
  const n = people();
  return names().map((_, p) => {
    const off = (p - dealer + n) % n;
    return off < S.players ? 'ESWN'[off] : null;
  });
}

/** A server refusal in the player's language: its catalogue code, else its own words.
 * @param {any} err
 */
function errText(err) {
  if (err?.code) {
    const key = `score.err_${err.code}`;
    const text = t(key, err.params ?? {});
    if (text !== key) return text;
  }
  return err?.error ?? err?.message ?? String(err);
}

/** @param {string | null | undefined} w */
function windName(w) { return w ? t(`score.wind_${w}`) : t('score.sits_out'); }

/** @param {{ round: string, hand: number, honba: number }} x */
function roundLabel(x) {
  return t('score.round_label', { round: t(`score.wind_${x.round}`), hand: x.hand, honba: x.honba });
}

// -- the connection ------------------------------------------------------------------------

function setNet() {
  const pending = queue.length;
  $('net').textContent = (online ? t('score.online') : t('score.offline'))
    + (pending ? ` · ${t('score.pending', { count: pending })}` : '');
  $('net').dataset.state = online ? 'online' : 'offline';
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/ws/score/${encodeURIComponent(/** @type {string} */ (sid))}`);
  const sock = ws;
  ws.addEventListener('open', () => {
    lastHeard = Date.now();
    openedAt = lastHeard;
    sock.send(JSON.stringify(token ? { type: 'join', token } : { type: 'join' }));
  });
  ws.addEventListener('message', (e) => {
    if (ws !== sock) return; // a socket given up on
    const msg = JSON.parse(e.data);
    lastHeard = Date.now();
    if (msg.type === 'pong') return;
    if (msg.type === 'state' || msg.type === 'preview') {
      if (msg.type === 'state') onState(msg);
    } else if (msg.type === 'ack') {
      onAck(msg);
    } else if (msg.type === 'error') {
      onError(msg);
    }
  });
  ws.addEventListener('close', () => {
    if (ws !== sock) return; // a socket given up on by the liveness check
    online = false;
    inFlight = null;
    setNet();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  });
}

/** The liveness check: a ping every few seconds; a socket that stops answering is given up
 * and opened again (a phone's socket may look open long after its network went away). */
function watchLiveness() {
  setInterval(() => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    // Silent, or open this long without the state its join asks for: given up.
    if (now - lastHeard > DEAD_MS || (!online && now - openedAt > DEAD_MS)) {
      const dead = ws;
      online = false;
      inFlight = null;
      setNet();
      connect();
      try { dead.close(); } catch { /* already gone */ }
      return;
    }
    try { ws.send(JSON.stringify({ type: 'ping' })); } catch { /* closing */ }
  }, PING_MS);
}

/** @param {any} msg */
function onState(msg) {
  const first = !S;
  S = msg;
  online = true;
  retry = 500;
  if (msg.editor === false) { token = null; }
  store.set('state', msg);
  remember(msg);
  // Hands the server already has (their answer was lost) leave the queue.
  const stored = new Set(msg.cids);
  queue = queue.filter((q) => q.op !== 'add' || !stored.has(q.cid));
  store.set('queue', queue);
  if (first || !info) loadInfo().then(render);
  else render();
  flush();
}

/** @param {{ cid: string, rev: number }} msg */
function onAck(msg) {
  queue = queue.filter((q) => q.cid !== msg.cid);
  // The hands queued after it were entered on top of it: their revision moves with it.
  rebase(0, msg.rev);
  store.set('queue', queue);
  inFlight = null;
  setNet();
  renderQueue();
  flush();
}

/** @param {any} msg */
function onError(msg) {
  if (msg.status === 401) { // a stale editor link: watch instead
    token = null;
    store.set('editor', null);
  }
  const i = queue.findIndex((x) => x.cid === msg.cid);
  const q = queue[i];
  if (msg.cid && q) {
    inFlight = null;
    q.error = errText(msg);
    q.status = msg.status;
    if (msg.status !== 409) {
      // Refused by the rules or as malformed: it will never be stored, so the hands behind
      // it were entered on the state without it and go on at once.
      q.refused = true;
      rebase(i + 1, q.at);
    }
    store.set('queue', queue);
    renderQueue();
    flush();
  }
  showMessage(errText(msg), true);
}

/** The hands from queue index `from` on, each entered on the one before (the first at `at`),
 * except those refused (they are kept only to be read and dropped).
 * @param {number} from
 * @param {number} at
 */
function rebase(from, at) {
  let next = at;
  for (let j = from; j < queue.length; j++) {
    if (queue[j].refused) continue;
    queue[j].at = next;
    next += 1;
  }
}

/** Send the first queued hand when it was entered against the state the server is at. */
function flush() {
  setNet();
  renderQueue();
  const q = queue.find((x) => !x.refused);
  if (!online || inFlight || !q || !S) return;
  if (q.error) return; // a conflict: waits for its owner to send it anyway or drop it
  if (q.at !== S.rev) {
    q.error = t('score.conflict');
    q.status = 409;
    store.set('queue', queue);
    renderQueue();
    return;
  }
  inFlight = q.cid;
  /** @type {Record<string, any>} */
  let msg = { type: q.op, at: q.at, cid: q.cid };
  if (q.op === 'settings') msg = { ...msg, ...q.hand }; // names, ended
  else {
    if (q.op !== 'delete') msg.hand = q.hand;
    if (q.op !== 'add') msg.index = q.index;
  }
  /** @type {WebSocket} */ (ws).send(JSON.stringify(msg));
}

/** Queue a change made while the page showed revision `seen` (the hands the person saw).
 * @param {string} op
 * @param {any} hand
 * @param {number | null} [index]
 * @param {string} [what]
 * @param {number} [seen]
 */
function enqueue(op, hand, index = null, what = '', seen = S.rev) {
  const cid = (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).slice(0, 64);
  const live = queue.filter((q) => !q.refused);
  const at = live.length ? live[live.length - 1].at + 1 : seen;
  queue.push({ cid, op, hand, index, at, what });
  store.set('queue', queue);
  flush();
}

function renderQueue() {
  const box = $('queue');
  box.hidden = !queue.length;
  fill(box, ...queue.map((q, i) => el('div', { class: `queued${q.error ? ' refused' : ''}`, dataset: { cid: q.cid, testid: 'queued' } },
    el('span', {}, `${q.refused ? t('score.queue_refused') : t('score.unsent')}: ${q.what || q.op}`),
    q.error ? el('span', { class: 'error', role: 'alert' }, q.error) : null,
    q.error && !q.refused ? el('button', { type: 'button', dataset: { testid: 'queue-send' }, onclick: () => {
      delete q.error;
      rebase(i, S.rev);
      store.set('queue', queue);
      flush();
    } }, t('score.send_anyway')) : null,
    el('button', { type: 'button', dataset: { testid: 'queue-drop' }, onclick: () => {
      const [gone] = queue.splice(i, 1);
      // The hands behind an unsent one were entered on top of it: without it they take its
      // place (no false "someone else changed the session").
      if (!gone.refused) rebase(i, gone.at);
      store.set('queue', queue);
      flush();
    } }, t('score.drop')))));
}

/** @param {string | null | undefined} text @param {boolean} [error] */
function showMessage(text, error = false) {
  const m = $('message');
  m.textContent = text ?? '';
  m.classList.toggle('error', error);
}

// -- drawing ---------------------------------------------------------------------------------

async function loadInfo() {
  try {
    info = await api('/api/calc/info', { method: 'POST', body: { rules: S.config.preset, options: S.config.options } });
    store.set('info', info);
  } catch {
    info = store.get('info', null) ?? { players: S.players, riichi: ['none', 'riichi'], wareme: false, shuba_stick: 0, chips: false };
  }
}

function render() {
  if (!S) return;
  const tb = S.table;
  const last = S.games[S.games.length - 1];
  const over = last && last.over && tb.game === S.games.length;
  fill($('state'),
    el('span', { class: 'game-no' }, t('score.game_n', { n: tb.game + 1 })),
    el('strong', { class: 'round', dataset: { testid: 'round' } }, roundLabel(tb)),
    el('span', { dataset: { testid: 'sticks' } }, t('score.sticks', { count: tb.sticks })
      + (tb.stick_points ? ` (${t('score.points_n', { points: tb.stick_points.toLocaleString('en-US') })})` : '')),
    tb.extension ? el('span', { class: 'badge' }, t('score.extension')) : null,
    over ? el('span', { class: 'badge' }, t('score.game_over_next')) : null,
  );
  // The end of a game stays on top until the players start the next one.
  const end = $('game-end');
  end.hidden = !over;
  if (over) fill(end, el('h2', {}, t('score.game_end', { n: last.number + 1 })), gameResult(last, 'game-end'));
  const showChips = info?.chips || tb.chips.some((c) => c !== 0);
  fill($('players'), ...names().map((name, p) => {
    const seat = tb.seats[p];
    const gap = gapFrom !== null && gapFrom !== p ? tb.scores[p] - tb.scores[gapFrom] : null;
    return el('button', {
      type: 'button', class: `player${seat === 'E' ? ' dealer' : ''}${seat ? '' : ' out'}${gapFrom === p ? ' gap-from' : ''}`,
      dataset: { testid: `player-${p}` }, 'aria-pressed': String(gapFrom === p),
      onclick: () => { gapFrom = gapFrom === p ? null : p; render(); },
    },
    el('span', { class: 'seat' }, windName(seat)),
    el('span', { class: 'name' }, name),
    el('span', { class: 'score', dataset: { testid: `score-${p}` } }, tb.scores[p].toLocaleString('en-US')),
    gap !== null ? el('span', { class: 'gap', dataset: { testid: `gap-${p}` } }, signed(gap)) : null,
    showChips ? el('span', { class: 'chips', dataset: { testid: `chips-${p}` } }, t('score.chips_n', { count: tb.chips[p] })) : null);
  }));
  $('actions').hidden = !token || Boolean(S.config.ended);
  renderSettings(over);
  renderHistory();
  renderStandings();
  renderGraph();
  renderConditions();
  if (rateScope === 'group' && online && groupRev !== S.rev) { // the group's figures move with this session's
    groupRev = S.rev;
    api(`/api/sessions/${sid}/group`).then((g) => { groupStats = g; renderStandings(); }).catch(() => { groupRev = -1; });
  }
  renderQueue();
  const base = `${location.origin}/score#s=${sid}`;
  /** @type {HTMLInputElement} */ ($('watch-link')).value = base;
  $('editor-row').hidden = !token;
  if (token) /** @type {HTMLInputElement} */ ($('editor-link')).value = `${base}&e=${token}`;
  /** @type {HTMLAnchorElement} */ ($('csv')).href = `/api/sessions/${sid}/export.csv?lang=${lang()}`;
  /** @type {HTMLAnchorElement} */ ($('json')).href = `/api/sessions/${sid}/export.json`;
  document.body.dataset.rev = String(S.rev);
}

/** @param {any} ev */
function describe(ev) {
  const n = names();
  switch (ev.type) {
    case 'win': {
      const how = ev.from === null || ev.from === undefined ? t('score.tsumo') : t('score.ron_from', { name: n[ev.from] });
      const value = ev.situation ? t('score.by_hand')
        : ev.yakuman ? t('calc.value_yakuman', { count: ev.yakuman })
          : info?.fixed_fu ? t('score.han_only', { han: ev.han }) : t('calc.value', { han: ev.han, fu: ev.fu });
      const chips = Object.entries(ev.chips ?? {}).map(([k, v]) => (FLAGS.has(k) ? t(`score.ci_${k}`) : `${t(`score.ci_${k}`)}×${v}`));
      const dice = (ev.dice ?? []).map((/** @type {number[]} */ d) => `${t('score.roll_short')}${d[0]}-${d[1]}`);
      return [n[ev.winner], how, value, ...chips, ...dice].join(' ');
    }
    case 'draw':
      return `${t(`score.draw_${ev.kind ?? 'exhaustive'}`)} ${t('score.tenpai')}: ${(ev.tenpai ?? []).map((/** @type {number} */ p) => n[p]).join('・') || t('score.nobody')}`;
    case 'chombo': return `${t('score.chombo')} ${n[ev.player]}`;
    case 'penalty': return `${t(`score.penalty_${ev.kind}`)} ${n[ev.player]}`;
    case 'chips': {
      const items = Object.entries(ev.items ?? {}).map(([k, v]) => `${t(`score.item_${k}`)}×${v}`);
      const dice = (ev.dice ?? []).map((/** @type {number[]} */ d) => `${t('score.roll_short')}${d[0]}-${d[1]}`);
      return `${t('score.chip_event')} → ${n[ev.to]} ${[...items, ...dice].join(' ')}`;
    }
    default: return ev.type;
  }
}

/** What an edit would move: each hand and the game it would go to.
 * @param {{ label: any, from: number, to: number }[]} moved
 */
function movedText(moved) {
  const list = moved.map((m) => t('score.moved_hand', { label: roundLabel(m.label), from: m.from, to: m.to }));
  return `${t('score.moves_hands', { count: moved.length })}: ${list.join('、')}`;
}

/** The chip entries a hand's events begin with (a spring counted for that hand).
 * @param {any[]} events
 */
function leadingChips(events) {
  let i = 0;
  while (i < events.length - 1 && events[i].type === 'chips') i += 1;
  return events.slice(0, i);
}

/** @param {any} ev */
function entryKind(ev) { return ev.type === 'penalty' ? 'chombo' : ev.type; }

function renderHistory() {
  const rows = [...S.hands].reverse().map((h) => {
    const yaku = h.scored.flatMap((/** @type {any} */ r) => r.yaku.map((/** @type {any} */ y) => (lang() === 'en' ? y.en : y.ja)));
    return el('li', { class: 'hand', dataset: { index: h.index, testid: `hand-${h.index}` } },
      el('div', { class: 'hand-head' },
        el('span', { class: 'label' }, `${t('score.game_n', { n: h.game + 1 })} ${roundLabel(h.label)}`),
        el('span', { class: 'what' }, h.events.map(describe).join(' / ')),
        yaku.length ? el('span', { class: 'yaku' }, yaku.join('・')) : null),
      el('div', { class: 'pays' }, names().map((name, p) => (h.payments[p] || h.chip_changes[p]
        ? el('span', { class: h.payments[p] > 0 ? 'plus' : h.payments[p] < 0 ? 'minus' : '' },
          `${name} ${signed(h.payments[p])}${h.chip_changes[p] ? ` (${t('score.chips_short')}${signed(h.chip_changes[p])})` : ''}`)
        : null))),
      el('div', { class: 'totals', dataset: { testid: `totals-${h.index}` } }, `${t('score.after')}: `,
        names().map((name, p) => `${name} ${h.scores[p].toLocaleString('en-US')}`).join(' · ')),
      token ? el('div', { class: 'hand-tools' },
        el('button', { type: 'button', dataset: { testid: `edit-${h.index}` }, onclick: () => openEntry(entryKind(h.events[leadingChips(h.events).length] ?? h.events[0]), h) }, t('score.edit')),
        el('button', { type: 'button', dataset: { testid: `delete-${h.index}` }, onclick: () => {
          if (!online) { showMessage(t('score.online_only'), true); return; }
          api(`/api/sessions/${sid}/preview`, { method: 'POST', body: { index: h.index, delete: true } }).then((p) => {
            const moves = p.moved?.length ? `\n${movedText(p.moved)}` : '';
            if (confirm(`${t('score.confirm_delete')}${moves}`)) enqueue('delete', null, h.index, t('score.delete'));
          }).catch((e) => showMessage(errText(e), true));
        } }, t('score.delete'))) : null);
  });
  const pending = queue.filter((q) => q.op === 'add').map((q) => el('li', { class: 'hand pending' },
    el('span', { class: 'label' }, t('score.unsent')), el('span', { class: 'what' }, q.what)));
  fill($('history'), ...pending.reverse(), ...rows);
}

function renderStandings() {
  const st = S.standings;
  const cols = ['result', ...(st.money ? ['money'] : []), 'chips', 'wins', 'tsumo', 'deal_ins', 'riichi', 'chombo', ...(st.yakitori ? ['yakitori'] : [])];
  const order = names().map((_, p) => p).sort((a, b) => st.rank[a] - st.rank[b]);
  fill($('standings'), el('table', { class: 'standings' },
    el('thead', {}, el('tr', {}, el('th', {}, t('score.rank')), el('th', {}, t('score.name')),
      cols.map((c) => el('th', {}, t(`score.col_${c}`))))),
    el('tbody', {}, order.map((p) => el('tr', { dataset: { testid: `standing-${p}` } },
      el('td', {}, st.rank[p] + 1), el('td', {}, names()[p]),
      cols.map((c) => el('td', { class: 'num', dataset: { testid: `st-${c}-${p}` } }, c === 'result' ? st.result[p].toFixed(1) : c === 'money' ? st.money[p].toLocaleString('en-US') : st[c][p])))))));
  fill($('games'), renderRates(), ...S.games.filter((g) => g.over).reverse().map((g) => gameResult(g, `game-${g.number}`)));
}

/** 席替え: the people in their seats' order around the table (turn order) for the next game,
 * moved up and down by a tap or a key, sent when the person sets it. */
function seatingEditor() {
  const order = [...(S.table.seating ?? names().map((_, p) => p))];
  const box = el('fieldset', { class: 'seating', dataset: { testid: 'seating' } });
  const move = (/** @type {number} */ k, /** @type {number} */ by) => {
    const j = k + by;
    if (j < 0 || j >= order.length) return;
    [order[k], order[j]] = [order[j], order[k]];
    draw();
    /** @type {HTMLElement | null} */ (box.querySelector(`[data-testid=seat-${by < 0 ? 'up' : 'down'}-${j}]`))?.focus();
  };
  const draw = () => fill(box,
    el('legend', {}, t('score.seating')),
    el('ol', { class: 'seat-order' }, order.map((p, k) => el('li', { dataset: { testid: `seat-${k}` } },
      el('span', { class: 'name' }, names()[p]),
      el('button', { type: 'button', disabled: k === 0, 'aria-label': `${names()[p]}: ${t('score.seat_up')}`, dataset: { testid: `seat-up-${k}` }, onclick: () => move(k, -1) }, '↑'),
      el('button', { type: 'button', disabled: k === order.length - 1, 'aria-label': `${names()[p]}: ${t('score.seat_down')}`, dataset: { testid: `seat-down-${k}` }, onclick: () => move(k, 1) }, '↓')))),
    el('button', { type: 'button', dataset: { testid: 'set-seating' }, onclick: () => {
      enqueue('settings', { seating: [...order] }, null, t('score.set_seating'));
    } }, t('score.set_seating')));
  draw();
  return box;
}

/** Between games (or once the session has ended), the editor may rename the players, change
 * seats, choose the next game's first dealer, and end or reopen the session.
 * @param {boolean} over
 */
function renderSettings(over) {
  const box = $('settings');
  const ended = Boolean(S.config.ended);
  box.hidden = !token || !(over || ended || !S.hands.length);
  if (box.hidden) return;
  const inputs = names().map((n, p) => el('input', { value: n, maxlength: 24, 'aria-label': `${t('score.name')} ${p + 1}`, dataset: { testid: `rename-${p}` } }));
  fill(box,
    el('h2', {}, t('score.settings')),
    ended ? el('p', { class: 'badge', dataset: { testid: 'ended' } }, t('score.ended')) : null,
    el('div', { class: 'names' }, inputs),
    el('button', { type: 'button', dataset: { testid: 'rename' }, onclick: () => {
      enqueue('settings', { names: inputs.map((i) => i.value.trim()) }, null, t('score.rename'));
    } }, t('score.rename')),
    !ended ? seatingEditor() : null,
    !ended ? choice(t('score.next_dealer'), names().map((n, p) => [p, n]), () => S.table.dealer,
      (p) => { if (p !== S.table.dealer) enqueue('settings', { first_dealer: p }, null, t('score.next_dealer')); }, 'next-dealer') : null,
    el('button', { type: 'button', dataset: { testid: 'end-session' }, onclick: () => {
      if (ended || confirm(t('score.confirm_end'))) enqueue('settings', { ended: !ended }, null, ended ? t('score.reopen') : t('score.end_session'));
    } }, ended ? t('score.reopen') : t('score.end_session')));
}

/** 和了率, 放銃率, 立直率, 平均打点, 平均順位, トップ率 of the session, from the counts the
 * server keeps (hands played seated, wins, points won...). */
function renderRates() {
  const st = S.standings;
  if (!st.hands_played) return null;
  // This session's counts, or the group's (the same people under the same rules).
  const group = rateScope === 'group' && groupStats ? groupStats.players : null;
  const get = (/** @type {string} */ key, /** @type {number} */ p) => (group ? group[names()[p]]?.[key] ?? 0 : st[key][p]);
  const pct = (/** @type {number} */ a, /** @type {number} */ b) => (b ? `${Math.round((100 * a) / b)}%` : '—');
  const avg = (/** @type {number} */ a, /** @type {number} */ b, digits = 0) => (b ? (a / b).toFixed(digits) : '—');
  /** @type {[string, (p: number) => string][]} */
  const cols = [
    ['win_rate', (p) => pct(get('wins', p), get('hands_played', p))],
    ['deal_in_rate', (p) => pct(get('deal_ins', p), get('hands_played', p))],
    ['riichi_rate', (p) => pct(get('riichi', p), get('hands_played', p))],
    ['avg_win', (p) => (get('wins', p) ? Math.round(get('win_points', p) / get('wins', p)).toLocaleString('en-US') : '—')],
    ['avg_rank', (p) => avg(get('rank_sum', p), get('games_played', p), 2)],
    ['top_rate', (p) => pct(get('tops', p), get('games_played', p))],
  ];
  const scope = choice(t('score.rates_of'), [['session', t('score.rates_session')], ['group', groupStats ? t('score.rates_group_n', { count: groupStats.sessions }) : t('score.rates_group')]],
    () => rateScope, (v) => {
      rateScope = v;
      if (v === 'group') {
        api(`/api/sessions/${sid}/group`).then((g) => { groupStats = g; renderStandings(); }).catch((e) => showMessage(errText(e), true));
      } else renderStandings();
    }, 'rates-scope');
  return el('div', {}, scope, el('table', { class: 'standings rates', dataset: { testid: 'rates' } },
    el('thead', {}, el('tr', {}, el('th', {}, t('score.name')), cols.map(([c]) => el('th', {}, t(`score.col_${c}`))))),
    el('tbody', {}, names().map((name, p) => el('tr', { dataset: { testid: `rates-${p}` } }, el('td', {}, name),
      cols.map(([c, f]) => el('td', { class: 'num', dataset: { testid: `rate-${c}-${p}` } }, f(p))))))));
}

let rateScope = 'session';
/** @type {any} */
let groupStats = null;
let groupRev = -1;

// The lines' colours (the legend's in score.css: .legend .c0 to .c3, no inline style under the CSP).
const COLORS = ['#1b5e20', '#b71c1c', '#0d47a1', '#a84300'];

/** Each player's points after every hand of the session (a line each; games marked), the
 * chips where they move, and the money at the table's rates after each finished game (the
 * server's running totals: no rates, no money graph). */
function renderGraph() {
  const box = $('graph');
  const rows = S.hands;
  if (!rows.length) { fill(box, el('p', { class: 'note' }, t('score.no_hands'))); return; }
  const ns = 'http://www.w3.org/2000/svg';
  /** @param {string} tag @param {Record<string, unknown>} attrs @param {...(Node | string)} kids */
  const svg = (tag, attrs, ...kids) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    for (const k of kids) e.append(k);
    return e;
  };
  const num = (/** @type {number} */ v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  // series[p]: player p's values, one a step; marks: the steps where a new game begins.
  /** @param {number[][]} series @param {number[]} marks @param {string} label @param {string} testid */
  const chart = (series, marks, label, testid) => {
    const steps = series[0].length - 1;
    const all = series.flat();
    const lo = Math.min(...all);
    const hi = Math.max(...all);
    const W = 360;
    const H = 160;
    const pad = 6;
    const x = (/** @type {number} */ i) => pad + ((W - 2 * pad) * i) / Math.max(1, steps);
    const y = (/** @type {number} */ v) => H - pad - ((H - 2 * pad) * (v - lo)) / Math.max(1, hi - lo);
    const lines = series.map((vals, p) => svg('polyline', { points: vals.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
      fill: 'none', stroke: COLORS[p % COLORS.length], 'stroke-width': 2, 'data-values': vals.join(' ') }, svg('title', {}, `${names()[p]}: ${num(vals[vals.length - 1])}`)));
    const breaks = marks.map((i) => svg('line', { x1: x(i), x2: x(i), y1: 0, y2: H, stroke: '#999', 'stroke-dasharray': '4 3' }));
    return el('figure', { dataset: { testid } }, el('figcaption', {}, `${label} (${num(lo)} – ${num(hi)})`),
      svg('svg', { viewBox: `0 0 ${W} ${H}`, width: '100%', role: 'img', 'aria-label': label }, ...breaks, ...lines));
  };
  const perHand = (/** @type {string} */ key) => names().map((_, p) => [S.games[0].start[key][p], ...rows.map((r) => r[key][p])]);
  const handMarks = rows.map((r, i) => (i && r.game !== rows[i - 1].game ? i : null)).filter((i) => i !== null);
  // Chips too, where they move (a chip preset, or chips given at the start).
  const chips = rows.some((r) => r.chip_changes.some((/** @type {number} */ c) => c !== 0));
  // Money: 0 at the start, then the running total after each finished game.
  const settled = S.games.filter((g) => g.money_total);
  const money = S.config.rates && settled.length
    ? chart(names().map((_, p) => [0, ...settled.map((g) => /** @type {number[]} */ (g.money_total)[p])]), [], t('score.graph_money'), 'graph-money') : null;
  fill(box,
    chart(perHand('scores'), handMarks, t('score.graph_points'), 'graph-points'),
    chips ? chart(perHand('chips'), handMarks, t('score.graph_chips'), 'graph-chips') : null,
    money,
    el('p', { class: 'legend' }, names().map((name, p) => el('span', { class: `c${p % COLORS.length}` }, `━ ${name} `))));
}

let conditionsRev = -1;

/** 条件計算: what each player needs in the next hand to move up a place (the server plays
 * each candidate win through the ledger). */
function renderConditions() {
  const box = $('conditions');
  if (!online || conditionsRev === S.rev) return;
  conditionsRev = S.rev;
  api(`/api/sessions/${sid}/conditions`).then((out) => {
    if (out.rev !== S.rev) return;
    const value = (/** @type {any} */ c) => (c.yakuman ? t('calc.value_yakuman', { count: c.yakuman }) : info?.fixed_fu ? t('score.han_only', { han: c.han }) : t('calc.value', { han: c.han, fu: c.fu }));
    const one = (/** @type {any} */ c) => `${value(c)} (${c.points.toLocaleString('en-US')})`;
    fill(box, el('ul', { class: 'conditions' }, out.conditions.map((/** @type {any} */ c, /** @type {number} */ p) => (c ? el('li', { dataset: { testid: `cond-${p}` } },
      el('strong', {}, `${names()[p]} (${t('score.rank_n', { n: c.place })})`), ' ',
      c.ron.filter(Boolean).map((/** @type {any} */ r) => `${t('score.ron_from', { name: names()[r.from] })} ${one(r)}`).join(' / ') || t('score.no_ron'),
      ' / ', c.tsumo ? `${t('score.tsumo')} ${one(c.tsumo)}` : t('score.no_tsumo')) : null))));
  }).catch(() => { conditionsRev = -1; });
}

/** A finished game: ranks, final points (飛び marked), the settlement in the preset's unit
 * and the chips, with headings. The ledger settled it; this only lays it out.
 * @param {GameNow} g
 * @param {string} testid
 */
function gameResult(g, testid) {
  const unit = t(`score.unit_${S.settlement_style ?? 'uma'}`);
  const order = names().map((_, p) => p).sort((a, b) => g.ranks[a] - g.ranks[b]);
  return el('div', { class: 'game-result', dataset: { testid } },
    el('h3', {}, t('score.game_settled', { n: g.number + 1, hands: g.hands })),
    el('table', { class: 'standings' },
      el('thead', {}, el('tr', {}, el('th', {}, t('score.rank')), el('th', {}, t('score.name')), el('th', {}, t('score.col_points')),
        el('th', {}, `${t('score.col_settlement')} (${unit})`), g.money ? el('th', {}, t('score.col_money')) : null, el('th', {}, t('score.col_chips')))),
      el('tbody', {}, order.map((p) => el('tr', {},
        el('td', {}, t('score.rank_n', { n: g.ranks[p] + 1 })),
        el('td', {}, names()[p]),
        el('td', { class: 'num' }, g.scores[p].toLocaleString('en-US'), g.busted?.[p] ? el('span', { class: 'badge bust' }, t('score.busted')) : null),
        el('td', { class: 'num', dataset: { testid: `${testid === 'game-end' ? 'end' : 'settle'}-${g.number}-${p}` } }, g.settlement[p]),
        g.money ? el('td', { class: 'num', dataset: { testid: `money-${g.number}-${p}` } }, g.money[p].toLocaleString('en-US')) : null,
        el('td', { class: 'num' }, t('score.chips_n', { count: g.chips[p] })))))));
}

// -- entering a hand ---------------------------------------------------------------------

/** @param {string} label @param {number[]} persons @param {Set<number>} selected @param {() => void} onchange @param {string} testid */
function toggles(label, persons, selected, onchange, testid) {
  return el('fieldset', { class: 'toggles' }, el('legend', {}, label),
    persons.map((p) => el('button', {
      type: 'button', 'aria-pressed': String(selected.has(p)), dataset: { testid: `${testid}-${p}` },
      onclick: (/** @type {Event & { currentTarget: HTMLElement }} */ e) => {
        if (selected.has(p)) selected.delete(p); else selected.add(p);
        e.currentTarget.setAttribute('aria-pressed', String(selected.has(p)));
        onchange();
      },
    }, names()[p])));
}

/** @param {string} label @param {any[][]} options @param {() => unknown} get @param {(v: any) => void} set @param {string} testid */
function choice(label, options, get, set, testid) {
  const box = el('fieldset', { class: 'toggles' }, el('legend', {}, label));
  const draw = () => fill(box, el('legend', {}, label), ...options.map(([v, text]) => el('button', {
    type: 'button', 'aria-pressed': String(get() === v), dataset: { testid: `${testid}-${v}` },
    onclick: () => { set(v); draw(); },
  }, text)));
  draw();
  return box;
}

/** @param {string} label @param {number[]} values @param {number} value @param {(v: number) => void} onchange @param {string} testid */
function numberSelect(label, values, value, onchange, testid) {
  return el('label', { class: 'sel' }, label, el('select', { dataset: { testid }, onchange: (/** @type {Event & { target: HTMLSelectElement }} */ e) => onchange(Number(e.target.value)) },
    values.map((v) => el('option', { value: v, selected: v === value }, v))));
}

const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
// A chip entry is for what belongs to no win (a spring extracted, anything else from all);
// a win's items are counted on the win itself, so the ledger knows who pays them.
const ITEMS = ['spring', 'other'];
const FLAGS = new Set(['ippatsu', 'rinshan', 'sokupochi', 'open', 'all_star', 'first_turn']);

/** @returns {Winner} */
function newWinner() {
  return { winner: null, han: 1, fu: 30, yakuman: 0, situation: null, mode: 'hanfu', chips: {}, dice: [] };
}

/** The preset's chip items of one win (counts, and toggles for what happens once).
 * @param {{ chips: Record<string, number> }} w
 * @param {number | string} wi
 * @param {() => void} onchange
 */
function chipItems(w, wi, onchange) {
  const items = info.chip_items ?? [];
  if (!items.length) return null;
  return el('fieldset', { class: 'items' }, el('legend', {}, t('score.chip_items')), items.map((/** @type {string} */ k) => (FLAGS.has(k)
    ? el('button', { type: 'button', 'aria-pressed': String(Boolean(w.chips[k])), dataset: { testid: `ci${wi}-${k}` }, onclick: (/** @type {Event & { currentTarget: HTMLElement }} */ e) => {
      w.chips[k] = w.chips[k] ? 0 : 1;
      e.currentTarget.setAttribute('aria-pressed', String(Boolean(w.chips[k])));
      onchange();
    } }, t(`score.ci_${k}`))
    : el('label', { class: 'sel' }, t(`score.ci_${k}`),
      el('input', { type: 'number', min: 0, max: 99, value: w.chips[k] ?? 0, inputmode: 'numeric', dataset: { testid: `ci${wi}-${k}` },
        onchange: (/** @type {Event & { target: HTMLInputElement }} */ e) => { w.chips[k] = Math.max(0, Math.min(99, Math.floor(Number(e.target.value)) || 0)); onchange(); } })))));
}

/** サイコロチャンス: the dice rolled on screen (doubles roll again) or typed in.
 * @param {number[][]} dice
 * @param {() => void} onchange
 * @param {string} testid
 */
function diceBox(dice, onchange, testid) {
  const d1 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', 'aria-label': '1', dataset: { testid: `die-1-${testid}` } });
  const d2 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', 'aria-label': '2', dataset: { testid: `die-2-${testid}` } });
  return el('fieldset', { class: 'dice' }, el('legend', {}, t('score.win_dice')),
    el('p', { dataset: { testid: `dice-rolls-${testid}` } }, dice.map((d) => `${t('score.roll_short')} ${d[0]}・${d[1]}`).join('  ') || '—'),
    el('button', { type: 'button', dataset: { testid: `roll-${testid}` }, onclick: () => {
      const roll = () => 1 + Math.floor(Math.random() * 6);
      for (let i = 0; i < 20; i++) {
        const pair = [roll(), roll()];
        dice.push(pair);
        if (pair[0] !== pair[1]) break;
      }
      onchange();
    } }, t('score.roll')),
    el('span', { class: 'row' }, d1, d2, el('button', { type: 'button', dataset: { testid: `add-dice-${testid}` }, onclick: () => {
      const a = Number(d1.value);
      const b = Number(d2.value);
      if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6)) { showMessage(t('score.bad_dice'), true); return; }
      dice.push([a, b]); onchange();
    } }, t('score.add_dice'))),
    dice.length ? el('button', { type: 'button', onclick: () => { dice.splice(0); onchange(); } }, t('score.clear_dice')) : null);
}


/** The entry dialog for a new hand (row = null) or a past one (row: edit it).
 * @param {string} kind
 * @param {Record<string, any> | null} [row] */
function openEntry(kind, row = null) {
  if (!S || !info) return; // the buttons show once both are here; a stray early tap waits
  const dialog = /** @type {HTMLDialogElement} */ ($('entry'));
  const form = $('entry-form');
  const seen = S.rev; // what the person saw when they began: a change since is a conflict
  const dealer = row ? row.label.dealer : S.table.dealer;
  const seats = row ? (row.seats ?? seatsAt(dealer)) : S.table.seats;
  const seated = names().map((_, p) => p).filter((p) => seats[p]);
  const keptChips = row && kind !== 'chips' ? leadingChips(row.events) : [];
  const evs = row ? row.events.slice(keptChips.length) : [];
  // The last hand of the table, which a chip entry may belong to (a spring entered after it).
  const lastHand = !row && kind === 'chips' ? S.hands[S.hands.length - 1] : null;
  const attachable = lastHand && lastHand.events.some((/** @type {any} */ e) => e.type === 'win' || e.type === 'draw')
    && !lastHand.events.some((/** @type {any} */ e) => e.type === 'chips') ? lastHand : null;
  const preview = el('div', { class: 'preview', dataset: { testid: 'preview' }, 'aria-live': 'polite' });
  const body = el('div', { class: 'entry-body' });
  /** @type {() => ({ events: any[] } | null)} */
  let build = () => null; // the hand's events from the form, or null while incomplete
  /** @type {() => (Record<string, any> | null)} */
  let attachTo = () => null; // the past hand a chip entry is recorded with, if any
  /** @type {number | null} */
  let timer = null;
  /** @type {string | null} */
  let refusedBy = null; // why the rules refuse the hand as it stands (記録する is disabled)
  const recordButton = el('button', { type: 'button', class: 'primary', dataset: { testid: 'record' } }, row ? t('score.save_edit') : t('score.record'));
  const setRefused = (/** @type {string | null} */ why) => {
    refusedBy = why;
    recordButton.disabled = Boolean(why);
    recordButton.title = why ?? '';
  };

  async function refresh() {
    clearTimeout(/** @type {number} */ (timer));
    setRefused(null);
    timer = setTimeout(async () => {
      const hand = build();
      if (!hand) { fill(preview); return; }
      if (!online || attachTo()) { fill(preview); return; }
      try {
        const p = await api(`/api/sessions/${sid}/preview`, { method: 'POST', body: row ? { hand: { events: [...keptChips, ...hand.events] }, index: row.index } : { hand } });
        if (p.refused) {
          setRefused(errText(p.refused));
          fill(preview, el('p', { class: 'error', role: 'alert', dataset: { testid: 'refused' } },
            `${t('score.refused_title')}: ${refusedBy}`));
          return;
        }
        const h = p.hand;
        const yaku = h.scored.flatMap((/** @type {any} */ r) => r.yaku.map((/** @type {any} */ y) => `${lang() === 'en' ? y.en : y.ja} ${y.yakuman ? t('calc.yakuman_n', { count: y.yakuman }) : t('calc.han_n', { count: y.han })}`));
        fill(preview,
          yaku.length ? el('p', { class: 'yaku' }, yaku.join('・')) : null,
          ...h.scored.map((/** @type {any} */ r) => el('p', {}, r.yakuman ? t('calc.value_yakuman', { count: r.yakuman }) : `${t('calc.value', { han: r.han, fu: r.fu })}${r.limit ? ` ${t(`calc.limit_${r.limit}`)}` : ''}`)),
          el('p', { class: 'pays' }, names().map((n, p) => (h.payments[p] || h.chip_changes[p] ? el('span', { class: h.payments[p] > 0 ? 'plus' : 'minus' },
            `${n} ${signed(h.payments[p])}${h.chip_changes[p] ? ` (${t('score.chips_short')}${signed(h.chip_changes[p])})` : ''} `) : null))),
          h.dice_chances ? el('p', { class: 'badge', dataset: { testid: 'dice-reminder' } }, t('score.dice_reminder', { count: h.dice_chances })) : null,
          !row && p.games[0]?.over ? el('p', { class: 'badge' }, t('score.ends_game')) : null,
          p.moved?.length ? el('p', { class: 'error', role: 'alert', dataset: { testid: 'moves' } }, movedText(p.moved)) : null);
      } catch (e) {
        fill(preview, el('p', { class: 'error', role: 'alert' }, errText(e)));
      }
    }, 150);
  }

  // シュバ is once a game: not offered to who used theirs before this hand (an edited hand
  // keeps its own).
  const usedShuba = new Set(row ? [] : S.table.shuba_used ?? []);
  /** @param {number[]} persons @param {{ shuba: Set<number>, riichi: Set<number> }} model @param {() => void} onchange */
  const shubaToggles = (persons, model, onchange) => {
    const free = persons.filter((p) => !usedShuba.has(p) || model.shuba.has(p));
    if (!free.length) return el('p', { class: 'note', dataset: { testid: 'shuba-none' } }, t('score.shuba_none'));
    return toggles(t('score.shuba'), free, model.shuba, () => { for (const p of model.shuba) model.riichi.add(p); onchange(); }, 'shuba');
  };

  if (kind === 'win') {
    const first = evs[0] ?? {};
    const model = {
      from: first.from ?? null,
      riichi: new Set(first.riichi ?? []),
      shuba: new Set(first.shuba ?? []),
      open: new Set(first.open_riichi ?? []),
      wareme: first.wareme ?? null,
      winners: evs.length ? evs.map((/** @type {any} */ ev) => ({
        winner: ev.winner, han: ev.han ?? 1, fu: ev.fu ?? 30, yakuman: ev.yakuman ?? 0,
        situation: ev.situation ?? null, mode: ev.situation ? 'hand' : ev.yakuman ? 'yakuman' : 'hanfu',
        chips: { ...(ev.chips ?? {}) }, dice: [...(ev.dice ?? [])], terminals: ev.terminals ?? 0,
      })) : [newWinner()],
    };
    build = () => {
      if (model.winners.some((/** @type {Winner} */ w) => w.winner === null || (w.mode === 'hand' && !w.situation))) return null;
      const double = model.winners.length > 1;
      return { events: model.winners.map((/** @type {Winner} */ w, /** @type {number} */ i) => {
        /** @type {Record<string, any>} */
        const ev = { type: 'win', winner: w.winner, from: model.from };
        if (w.mode === 'hand') {
          // The riichi declared in the form counts in the hand's value too.
          const declared = model.riichi.has(w.winner) && (!w.situation.riichi || w.situation.riichi === 'none');
          ev.situation = declared ? { ...w.situation, riichi: 'riichi' } : w.situation;
        }
        else if (w.mode === 'yakuman') ev.yakuman = w.yakuman;
        else { ev.han = w.han; ev.fu = info.fixed_fu ? 30 : w.fu; }
        if (w.mode !== 'hand') {
          // What happened, counted at the table: the ledger decides who pays.
          const chips = Object.fromEntries(Object.entries(w.chips).filter(([, n]) => n > 0));
          if (Object.keys(chips).length) ev.chips = chips;
        }
        if (w.dice.length) ev.dice = w.dice;
        if (w.mode !== 'hand' && w.terminals) ev.terminals = w.terminals;
        if (i === 0) {
          ev.riichi = [...model.riichi];
          if (model.shuba.size) ev.shuba = [...model.shuba];
          const opened = [...model.open].filter((p) => model.riichi.has(p));
          if (opened.length) ev.open_riichi = opened;
          if (model.wareme !== null) ev.wareme = model.wareme;
        }
        if (double) ev.double = true;
        return ev;
      }) };
    };
    const draw = () => {
      const winnerBlocks = model.winners.map((/** @type {Winner} */ w, /** @type {number} */ wi) => {
        const valueBox = el('div', { class: 'value' });
        const drawValue = () => {
          const calcBox = el('div', { class: 'calc-box' });
          fill(valueBox,
            choice(t('score.value'), [['hanfu', t('score.hanfu')], ['yakuman', t('score.yakuman')], ['hand', t('score.by_hand')]],
              () => w.mode, (v) => { w.mode = v; drawValue(); refresh(); }, `mode${wi}`),
            w.mode === 'hanfu' ? el('div', { class: 'row' },
              numberSelect(t('score.han'), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], w.han, (v) => { w.han = v; refresh(); }, `han${wi}`),
              info.fixed_fu ? null : numberSelect(t('score.fu'), FU, w.fu, (v) => { w.fu = v; refresh(); }, `fu${wi}`)) : null,
            w.mode !== 'hand' && info.terminal_bonus ? numberSelect(t('score.terminals'), [0, 1, 2, 3, 4, 5, 6, 7, 8], w.terminals ?? 0, (v) => { w.terminals = v; refresh(); }, `terminals${wi}`) : null,
            w.mode !== 'hand' ? chipItems(w, wi, refresh) : null,
            info.dice_chances ? diceBox(w.dice, () => { drawValue(); refresh(); }, `${wi}`) : null,
            w.mode === 'yakuman' ? numberSelect(t('score.yakuman_count'), [1, 2, 3, 4, 5, 6], w.yakuman || 1, (v) => { w.yakuman = v; refresh(); }, `yakuman${wi}`) : null,
            w.mode === 'hand' && !w.situation ? calcBox : null,
            w.mode === 'hand' && w.situation ? el('p', { class: 'picked', dataset: { testid: `picked${wi}` } },
              `${t('score.hand_set')}: ${w.situation.hand}${w.situation.melds?.length ? ` + ${w.situation.melds.map((/** @type {any} */ m) => m.tiles).join(' ')}` : ''} `,
              el('button', { type: 'button', onclick: () => { w.situation = null; drawValue(); refresh(); } }, t('score.change_hand'))) : null,
          );
          if (w.mode === 'yakuman' && !w.yakuman) w.yakuman = 1;
          if (w.mode === 'hand' && !w.situation) {
            mountCalculator(calcBox, {
              rules: S.config.preset, options: S.config.options,
              context: () => {
                const wind = seats[/** @type {number} */ (w.winner)] ?? 'E';
                /** @type {Record<string, any>} */
                const c = { win: model.from === null ? 'tsumo' : 'ron', seat: wind, round: (row ? row.label : S.table).round,
                  honba: (row ? row.label : S.table).honba, players: people() };
                if (model.from !== null) c.discarder = seats[model.from];
                return c;
              },
              onUse: (sit) => { w.situation = sit; drawValue(); refresh(); },
            }).catch((e) => { calcBox.textContent = e.message; });
          }
        };
        drawValue();
        return el('div', { class: 'winner-block' },
          choice(wi ? t('score.winner_n', { n: wi + 1 }) : t('score.winner'), seated.map((p) => [p, names()[p]]),
            () => w.winner, (v) => { w.winner = v; if (model.from === v) model.from = null; draw(); refresh(); }, `winner${wi}`),
          valueBox,
          wi ? el('button', { type: 'button', onclick: () => { model.winners.splice(wi, 1); draw(); refresh(); } }, t('score.remove_winner')) : null);
      });
      fill(body,
        ...winnerBlocks,
        choice(t('score.from'), [[null, t('score.tsumo')], ...seated.filter((p) => !model.winners.some((/** @type {Winner} */ w) => w.winner === p)).map((p) => [p, names()[p]])],
          () => model.from, (v) => { model.from = v; if (v === null) model.winners.splice(1); draw(); refresh(); }, 'from'),
        // No double ron under a head-bump rule (頭ハネ): the page offers one winner.
        info.double_ron !== false && model.from !== null && model.winners.length < seated.length - 1 ? el('button', { type: 'button', dataset: { testid: 'add-winner' }, onclick: () => {
          model.winners.push(newWinner()); draw(); refresh();
        } }, t('score.double_ron')) : null,
        toggles(t('score.riichi'), seated, model.riichi, () => { for (const p of model.shuba) if (!model.riichi.has(p)) model.shuba.delete(p); refresh(); }, 'riichi'),
        info.shuba_stick ? shubaToggles(seated, model, () => { draw(); refresh(); }) : null,
        info.riichi?.includes('open') ? toggles(t('score.open_riichi'), seated, model.open, () => { for (const p of model.open) model.riichi.add(p); draw(); refresh(); }, 'open') : null,
        info.wareme ? choice(t('score.wareme'), [[null, t('score.nobody')], ...seated.map((p) => [p, names()[p]])], () => model.wareme, (v) => { model.wareme = v; refresh(); }, 'wareme') : null,
      );
    };
    draw();
  } else if (kind === 'draw') {
    const ev = evs[0] ?? {};
    const model = { kind: ev.kind ?? 'exhaustive', tenpai: new Set(ev.tenpai ?? []), riichi: new Set(ev.riichi ?? []), shuba: new Set(ev.shuba ?? []), winners: new Set(ev.winners ?? []) };
    build = () => {
      /** @type {Record<string, any>} */
      const e = { type: 'draw', kind: model.kind, tenpai: [...model.tenpai], riichi: [...model.riichi] };
      if (model.shuba.size) e.shuba = [...model.shuba];
      if (model.kind === 'nagashi' && model.winners.size) e.winners = [...model.winners];
      return { events: [e] };
    };
    const draw = () => fill(body,
      choice(t('score.draw_kind'), ['exhaustive', 'nine_terminals', 'nagashi'].filter((k) => !info.draw_kinds || info.draw_kinds.includes(k)).map((k) => [k, t(`score.draw_${k}`)]), () => model.kind, (v) => { model.kind = v; draw(); refresh(); }, 'kind'),
      toggles(t('score.tenpai'), seated, model.tenpai, refresh, 'tenpai'),
      model.kind === 'nagashi' ? toggles(t('score.nagashi_who'), seated, model.winners, refresh, 'nagashi') : null,
      toggles(t('score.riichi'), seated, model.riichi, refresh, 'riichi'),
      info.shuba_stick ? shubaToggles(seated, model, () => { draw(); refresh(); }) : null);
    draw();
  } else if (kind === 'chombo') {
    const ev = evs[0] ?? {};
    const model = { kind: ev.type === 'penalty' ? ev.kind : 'chombo', player: ev.player ?? null,
      // gotou: each tenpai player's 高め deal-in from the offender (its han and chips).
      dealIns: new Map((ev.deal_ins ?? []).map((/** @type {any} */ d) => [d.winner, { ...newWinner(), ...d, chips: { ...(d.chips ?? {}) } }])) };
    build = () => {
      if (model.player === null) return null;
      if (model.kind !== 'chombo') return { events: [{ type: 'penalty', kind: model.kind, player: model.player }] };
      /** @type {Record<string, any>} */
      const e = { type: 'chombo', player: model.player };
      const dealIns = [...model.dealIns.values()].filter((d) => d.winner !== model.player);
      if (dealIns.length) {
        e.deal_ins = dealIns.map((d) => {
          /** @type {Record<string, any>} */
          const out = { winner: d.winner, han: d.han, fu: info.fixed_fu ? 30 : d.fu };
          const chips = Object.fromEntries(Object.entries(d.chips).filter(([, n]) => n > 0));
          if (Object.keys(chips).length) out.chips = chips;
          return out;
        });
      }
      return { events: [e] };
    };
    const tenpai = new Set(model.dealIns.keys());
    const draw = () => fill(body,
      choice(t('score.penalty_kind'), ['chombo', 'false_pon', 'false_kan', 'abandon'].map((k) => [k, t(`score.penalty_${k}`)]), () => model.kind, (v) => { model.kind = v; draw(); refresh(); }, 'pkind'),
      choice(t('score.offender'), seated.map((p) => [p, names()[p]]), () => model.player, (v) => { model.player = v; draw(); refresh(); }, 'player'),
      info.chombo_deal_ins && model.kind === 'chombo' ? toggles(t('score.chombo_tenpai'), seated.filter((p) => p !== model.player), tenpai, () => {
        for (const p of tenpai) if (!model.dealIns.has(p)) model.dealIns.set(p, { ...newWinner(), winner: p });
        for (const p of [...model.dealIns.keys()]) if (!tenpai.has(p)) model.dealIns.delete(p);
        draw(); refresh();
      }, 'dealin') : null,
      ...(info.chombo_deal_ins && model.kind === 'chombo' ? [...model.dealIns.values()].filter((d) => d.winner !== model.player).map((d, i) => el('div', { class: 'winner-block' },
        el('p', {}, t('score.chombo_deal_in', { name: names()[d.winner] })),
        el('div', { class: 'row' },
          numberSelect(t('score.han'), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], d.han, (v) => { d.han = v; refresh(); }, `dealin-han${i}`),
          info.fixed_fu ? null : numberSelect(t('score.fu'), FU, d.fu, (v) => { d.fu = v; refresh(); }, `dealin-fu${i}`)),
        chipItems(d, `d${i}`, refresh))) : []));
    draw();
  } else if (kind === 'chips') {
    const ev = evs[0] ?? {};
    const model = { to: ev.to ?? null, items: { ...(ev.items ?? {}) }, dice: [...(ev.dice ?? [])], attach: false };
    attachTo = () => (model.attach ? attachable : null);
    build = () => {
      if (model.to === null) return null;
      const items = Object.fromEntries(Object.entries(model.items).filter(([, n]) => n > 0));
      if (!Object.keys(items).length && !model.dice.length) return null;
      /** @type {Record<string, any>} */
      const e = { type: 'chips', to: model.to, items };
      if (model.dice.length) e.dice = model.dice;
      return { events: [e] };
    };
    const d1 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', dataset: { testid: 'die-1' } });
    const d2 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', dataset: { testid: 'die-2' } });
    const draw = () => fill(body,
      attachable ? choice(t('score.chips_for'), [[false, t('score.chips_next_hand')], [true, t('score.chips_last_hand', { label: roundLabel(attachable.label) })]],
        () => model.attach, (v) => { model.attach = v; refresh(); }, 'attach') : null,
      choice(t('score.chips_to'), names().map((_, p) => [p, names()[p]]), () => model.to, (v) => { model.to = v; refresh(); }, 'to'),
      el('fieldset', { class: 'items' }, el('legend', {}, t('score.items')), ITEMS.map((k) => el('label', { class: 'sel' }, t(`score.item_${k}`),
        el('input', { type: 'number', min: 0, max: 99, value: model.items[k] ?? 0, inputmode: 'numeric', dataset: { testid: `item-${k}` },
          onchange: (/** @type {Event & { target: HTMLInputElement }} */ e) => { model.items[k] = Math.max(0, Number(e.target.value) || 0); refresh(); } })))),
      el('fieldset', { class: 'dice' }, el('legend', {}, t('score.dice')),
        el('p', { dataset: { testid: 'dice-rolls' } }, model.dice.map((d) => `${t('score.roll_short')} ${d[0]}・${d[1]}`).join('  ') || '—'),
        el('button', { type: 'button', dataset: { testid: 'roll' }, onclick: () => {
          // サイコロチャンス: a pair of doubles rolls again (as the ledger's own roller does).
          const roll = () => 1 + Math.floor(Math.random() * 6);
          for (let i = 0; i < 20; i++) {
            const pair = [roll(), roll()];
            model.dice.push(pair);
            if (pair[0] !== pair[1]) break;
          }
          draw(); refresh();
        } }, t('score.roll')),
        el('span', { class: 'row' }, d1, d2, el('button', { type: 'button', dataset: { testid: 'add-dice' }, onclick: () => {
          const a = Number(d1.value);
          const b = Number(d2.value);
          if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6)) { showMessage(t('score.bad_dice'), true); return; }
          model.dice.push([a, b]); draw(); refresh();
        } }, t('score.add_dice'))),
        el('button', { type: 'button', onclick: () => { model.dice = []; draw(); refresh(); } }, t('score.clear_dice'))));
    draw();
  }

  const title = row ? t('score.editing', { label: roundLabel(row.label) }) : t(`score.entry_${kind}`);
  fill(form,
    el('h2', {}, title),
    body,
    preview,
    el('div', { class: 'dialog-buttons' },
      el('button', { type: 'button', value: 'cancel', onclick: () => dialog.close() }, t('score.cancel')),
      recordButton));
  recordButton.onclick = async () => {
    if (refusedBy) return;
    const hand = build();
    if (hand && row && online) {
      // An edit that would move hands to another game is saved only once the person agrees.
      try {
        const p = await api(`/api/sessions/${sid}/preview`, { method: 'POST', body: { hand: { events: [...keptChips, ...hand.events] }, index: row.index } });
        if (p.refused) { setRefused(errText(p.refused)); return; }
        if (p.moved?.length && !confirm(`${movedText(p.moved)}\n${t('score.confirm_moves')}`)) return;
      } catch (e) { fill(preview, el('p', { class: 'error', role: 'alert' }, errText(e))); return; }
    }
    if (!hand) { showMessage(t('score.incomplete'), true); fill(preview, el('p', { class: 'error' }, t('score.incomplete'))); return; }
    if (row && !online) { fill(preview, el('p', { class: 'error' }, t('score.online_only'))); return; }
    const what = hand.events.map(describe).join(' / ');
    const past = attachTo();
    if (past && !online) { fill(preview, el('p', { class: 'error' }, t('score.online_only'))); return; }
    if (row) enqueue('edit', { events: [...keptChips, ...hand.events] }, row.index, `${t('score.edit')}: ${what}`, seen);
    else if (past) enqueue('edit', { events: [...hand.events, ...past.events] }, past.index, `${roundLabel(past.label)}: ${what}`, seen);
    else enqueue('add', hand, null, what, seen);
    showMessage('');
    dialog.close();
    renderHistory();
  };
  dialog.showModal();
  refresh();
}

// -- starting a session -------------------------------------------------------------------

/** @param {any} a @param {any} b */
function mergeOptions(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b ?? {})) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object' ? mergeOptions(out[k], v) : v;
  }
  return out;
}

/** The sessions this phone has opened, newest first (for the start page). */
function recent() {
  try { return JSON.parse(/** @type {string} */ (localStorage.getItem('jantaku.score.recent'))) ?? []; } catch { return []; }
}

/** @param {any} state */
function remember(state) {
  const entry = { id: state.id, preset: state.config.preset, names: state.config.names,
    hands: state.hands.length, when: Date.now() };
  const list = [entry, ...recent().filter((/** @type {any} */ r) => r.id !== state.id)].slice(0, 20);
  try { localStorage.setItem('jantaku.score.recent', JSON.stringify(list)); } catch { /* full */ }
}

/** A preset's name in the page's language (the list the start page loaded). */
/** @type {Record<string, string>} */
let presetTitles = {};
/** @param {string} name */
function presetTitle(name) { return presetTitles[name] ?? name; }

/** The preset's settlement, game-flow and chip knobs as the rule sheet's controls (never JSON):
 * ウマ・オカ, return points, chips, length, bust... A function giving the changed knobs as
 * options ({section: {knob: value}}), or throwing with the knobs in error.
 * @param {HTMLElement} box
 * @param {string} presetName
 */
async function knobPanel(box, presetName) {
  const rs = await import('./rulesheet.js');
  const detail = await api(`/api/presets/${encodeURIComponent(presetName)}`);
  const wanted = ['settlement', 'game', 'chips'];
  const rows = detail.knobs.filter((/** @type {import('./types').Knob} */ k) => wanted.includes(k.key.split('.')[0])).map((/** @type {import('./types').Knob} */ k) => {
    const ed = rs.editorFor(k);
    ed.write(k.value);
    const unit = rs.unitOf(k.key);
    return { k, ed, row: el('div', { class: 'knob', dataset: { testid: `knob-${k.key}` } },
      el('label', { for: ed.input.id }, rs.knobLabel(k.key)), ed.input, unit ? el('span', { class: 'unit' }, t(`rules.unit.${unit}`)) : null) };
  });
  fill(box, ...wanted.map((section) => {
    const mine = rows.filter((/** @type {any} */ r) => r.k.key.startsWith(`${section}.`));
    return mine.length ? el('fieldset', { class: 'knob-group' }, el('legend', {}, t(`score.knobs_${section}`)), mine.map((/** @type {any} */ r) => r.row)) : null;
  }));
  return () => {
    /** @type {Record<string, Record<string, unknown>>} */
    const out = {};
    const bad = [];
    for (const { k, ed } of rows) {
      const r = ed.read();
      if (r.error) { bad.push(`${rs.knobLabel(k.key)} (${r.error})`); continue; }
      if (JSON.stringify(r.value) === JSON.stringify(k.value)) continue;
      const [section, name] = k.key.split('.');
      (out[section] ??= {})[name] = r.value;
    }
    if (bad.length) throw new Error(bad.join('; '));
    return out;
  };
}

async function createPage() {
  $('create').hidden = false;
  const form = /** @type {HTMLFormElement} */ ($('create-form'));
  const presets = await api('/api/presets');
  presetTitles = Object.fromEntries(presets.map((/** @type {import('./types').PresetTitle} */ p) => [p.name, lang() === 'en' ? p.title : p.title_ja]));
  const select = /** @type {HTMLSelectElement} */ (form.elements.namedItem('preset'));
  for (const p of presets) {
    select.append(el('option', { value: p.name }, lang() === 'en' ? p.title : p.title_ja));
  }
  let readKnobs = () => ({});
  const loadKnobs = () => knobPanel($('knobs'), select.value).then((f) => { readKnobs = f; }).catch((e) => { fill($('knobs'), el('p', { class: 'error' }, errText(e))); });
  select.addEventListener('change', loadKnobs);
  loadKnobs();
  const list = recent();
  if (list.length) {
    $('create').append(el('h2', {}, t('score.recent')), el('ul', { class: 'recent', dataset: { testid: 'recent' } },
      list.map((/** @type {any} */ r) => {
        let editor = null;
        try { editor = JSON.parse(/** @type {string} */ (localStorage.getItem(`jantaku.score.editor.${r.id}`))); } catch { editor = null; }
        return el('li', {}, el('a', { href: `/score#s=${r.id}${editor ? `&e=${editor}` : ''}`, onclick: () => setTimeout(() => location.reload()) },
          `${r.names.join('・')} (${presetTitle(r.preset)}) — ${t('score.n_hands', { count: r.hands })} · ${new Date(r.when).toLocaleString(lang())}`));
      })));
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    // The form's fields by name (inputs, the preset's select, the TOML file and text areas).
    const f = /** @type {HTMLFormControlsCollection & Record<string, HTMLInputElement>} */ (form.elements);
    /** @type {Record<string, any>} */
    const body = { preset: f.preset.value, names: [f.n0, f.n1, f.n2, f.n3].map((x) => x.value.trim()).filter(Boolean) };
    if (f.start_points.value) body.start_points = Number(f.start_points.value);
    if (f.start_chips.value) body.start_chips = Number(f.start_chips.value);
    const rates = {};
    if (f.rate_unit.value) rates.unit = Number(f.rate_unit.value);
    if (f.rate_chip.value) rates.chip = Number(f.rate_chip.value);
    if (Object.keys(rates).length) body.rates = rates;
    try {
      body.options = readKnobs();
    } catch (err) {
      $('create-error').textContent = `${t('score.bad_knobs')}: ${/** @type {Error} */ (err).message}`;
      return;
    }
    try {
      // The advanced JSON field, when filled, goes over the controls' values.
      if (f.options.value.trim()) body.options = mergeOptions(body.options, JSON.parse(f.options.value));
    } catch {
      $('create-error').textContent = t('score.bad_options');
      return;
    }
    if (!Object.keys(body.options).length) delete body.options;
    if (/** @type {FileList} */ (f.tomlfile.files).length) body.toml = await /** @type {FileList} */ (f.tomlfile.files)[0].text();
    try {
      const r = await api('/api/sessions', { method: 'POST', body });
      try { localStorage.setItem(`jantaku.score.editor.${r.id}`, JSON.stringify(r.editor)); } catch { /* kept in the link */ }
      location.hash = `s=${r.id}&e=${r.editor}`;
      location.reload();
    } catch (err) {
      $('create-error').textContent = errText(err);
    }
  });
  document.body.dataset.ready = '1';
}

function sessionPage() {
  $('session').hidden = false;
  for (const b of $('actions').querySelectorAll('button')) b.addEventListener('click', () => openEntry(/** @type {string} */ (b.dataset.act)));
  $('print').addEventListener('click', () => window.print());
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button.qr'))) {
    // The QR code is drawn by the server (POST: an editor link's token stays out of URLs).
    b.addEventListener('click', async () => {
      const box = $('qr-box');
      try {
        const r = await fetch('/api/qr', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: /** @type {HTMLInputElement} */ ($(/** @type {string} */ (b.dataset.qr))).value }) });
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const image = new DOMParser().parseFromString(await r.text(), 'image/svg+xml').documentElement;
        image.setAttribute('role', 'img');
        image.setAttribute('aria-label', `${t('score.qr')}: ${b.dataset.qr === 'editor-link' ? t('score.editor_link') : t('score.watch_link')}`);
        fill(box, el('p', {}, b.dataset.qr === 'editor-link' ? t('score.editor_link') : t('score.watch_link')), image);
        box.hidden = false;
      } catch {
        fill(box, el('p', { class: 'error' }, t('score.qr_offline')));
        box.hidden = false;
      }
    });
  }
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button.copy'))) {
    b.addEventListener('click', async () => {
      const input = /** @type {HTMLInputElement} */ ($(/** @type {string} */ (b.dataset.copy)));
      try {
        await navigator.clipboard.writeText(input.value);
      } catch {
        input.select(); // no clipboard (an insecure page): selected for the person to copy
        document.execCommand?.('copy');
      }
      b.textContent = t('score.copied');
      setTimeout(() => { b.textContent = t('score.copy'); }, 1500);
    });
  }
  onLangChange(() => render());
  // Offline first: the last state this phone saw, until the server answers.
  const saved = store.get('state', null);
  if (saved) {
    S = saved;
    info = store.get('info', null);
    if (info) render();
  }
  setNet();
  connect();
  watchLiveness();
  document.body.dataset.ready = '1';
}

if (sid) sessionPage(); else createPage().catch((e) => { $('create-error').textContent = e.message; });
