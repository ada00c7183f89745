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
//
// This module is the session page: its connection, its queue and its drawing. The entry
// dialog is score-entry.js, the start page score-start.js, and what they share (the state the
// server sent, the words they write) score-state.js.

import { api, applyI18n, el, fill, lang, onLangChange, registerServiceWorker, signed, t } from './scorekit.js';
import {
  $, S, choice, describe, errText, hash, info, leadingChips, movedText, names, online, roundLabel,
  setInfo, setOnline, setState, showMessage, sid,
} from './score-state.js';
import { openEntry } from './score-entry.js';
import { createPage, remember } from './score-start.js';

registerServiceWorker();
applyI18n(document);

let token = hash.get('e');
const KEY = (/** @type {string} */ what) => `jantaku.score.${what}.${sid}`;
const store = {
  /** What this page saved under `k` (unchecked JSON: the caller says what it saved), else `d`.
   * @param {string} k @param {unknown} d @returns {unknown} */
  get(k, d) { try { return JSON.parse(/** @type {string} */ (localStorage.getItem(KEY(k)))) ?? d; } catch { return d; } },
  /** @param {string} k @param {unknown} v */
  set(k, v) { try { localStorage.setItem(KEY(k), JSON.stringify(v)); } catch { /* full */ } },
};
if (sid) {
  if (token) store.set('editor', token);
  else token = /** @type {string | null} */ (store.get('editor', null));
}

/** A change waiting to be sent: its op, its id, the hand (or settings) and where it goes.
 * @typedef {{ op: string, cid: string, hand: HandEntry | SettingsChange | null, index: number | null, at: number, what: string,
 *   error?: string, status?: number, refused?: boolean }} Queued */
/** @typedef {import('./score-state.js').GameNow} GameNow */
/** @typedef {import('./score-state.js').ScoreState} ScoreState */
/** @typedef {import('./score-state.js').TableNow} TableNow */
/** @typedef {import('./api-types').CalcInfo} CalcInfo */
/** @typedef {import('./api-types').ConditionWin} ConditionWin */
/** @typedef {import('./api-types').ConditionsAnswer} ConditionsAnswer */
/** @typedef {import('./api-types').GroupStats} GroupStats */
/** @typedef {import('./api-types').HandEntry} HandEntry */
/** @typedef {import('./api-types').HandEvent} HandEvent */
/** @typedef {import('./api-types').PreviewAnswer<TableNow, GameNow>} PreviewAnswer */
/** @typedef {import('./api-types').ScoreErrorMessage} ScoreErrorMessage */
/** @typedef {import('./api-types').SettingsChange} SettingsChange */
/** @typedef {import('./api-types').StatKey} StatKey */

/** @type {WebSocket | null} */
let ws = null;
/** @type {string | null} */
let inFlight = null; // cid of the queued hand on its way
/** @type {number | null} */
let gapFrom = null; // 点差: the person the gaps are shown from
/** @type {Queued[]} */
let queue = sid ? /** @type {Queued[]} */ (store.get('queue', [])) : [];
let retry = 500;
let lastHeard = 0; // when the socket last brought anything (a pong at least every few seconds)
let openedAt = 0; // when the socket opened (its join is answered with the state at once)
const PING_MS = 3000;
const DEAD_MS = 8000;

/** @param {string | null | undefined} w */
function windName(w) { return w ? t(`score.wind_${w}`) : t('score.sits_out'); }

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
    setOnline(false);
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
      setOnline(false);
      inFlight = null;
      setNet();
      connect();
      try { dead.close(); } catch { /* already gone */ }
      return;
    }
    try { ws.send(JSON.stringify({ type: 'ping' })); } catch { /* closing */ }
  }, PING_MS);
}

/** @param {ScoreState} msg */
function onState(msg) {
  const first = !S;
  setState(msg);
  setOnline(true);
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

/** @param {ScoreErrorMessage} msg */
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
  /** @type {Record<string, unknown>} */
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
 * @param {HandEntry | SettingsChange | null} hand
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

// -- drawing ---------------------------------------------------------------------------------

async function loadInfo() {
  try {
    setInfo(await api('/api/calc/info', { method: 'POST', body: { rules: S.config.preset, options: S.config.options } }));
    store.set('info', info);
  } catch {
    // Offline with no saved features: the few the page reads, the rest absent.
    setInfo(/** @type {CalcInfo | null} */ (store.get('info', null)) ?? /** @type {CalcInfo} */ (/** @type {unknown} */ ({ players: S.players, riichi: ['none', 'riichi'], wareme: false, shuba_stick: 0, chips: false })));
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
    /** @type {Promise<GroupStats>} */ (api(`/api/sessions/${sid}/group`)).then((g) => { groupStats = g; renderStandings(); }).catch(() => { groupRev = -1; });
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

/** @param {HandEvent} ev */
function entryKind(ev) { return ev.type === 'penalty' ? 'chombo' : ev.type; }

function renderHistory() {
  const rows = [...S.hands].reverse().map((h) => {
    const yaku = h.scored.flatMap((r) => r.yaku.map((y) => (lang() === 'en' ? y.en : y.ja)));
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
        el('button', { type: 'button', dataset: { testid: `edit-${h.index}` }, onclick: () => openEntry(entryKind(h.events[leadingChips(h.events).length] ?? h.events[0]), h, { enqueue, renderHistory }) }, t('score.edit')),
        el('button', { type: 'button', dataset: { testid: `delete-${h.index}` }, onclick: () => {
          if (!online) { showMessage(t('score.online_only'), true); return; }
          /** @type {Promise<PreviewAnswer>} */ (api(`/api/sessions/${sid}/preview`, { method: 'POST', body: { index: h.index, delete: true } })).then((p) => {
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
      cols.map((c) => el('td', { class: 'num', dataset: { testid: `st-${c}-${p}` } }, c === 'result' ? st.result[p].toFixed(1) : c === 'money' ? /** @type {number[]} */ (st.money)[p].toLocaleString('en-US') : /** @type {Record<string, number[]>} */ (/** @type {unknown} */ (st))[c][p])))))));
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
  const get = (/** @type {StatKey} */ key, /** @type {number} */ p) => (group ? group[names()[p]]?.[key] ?? 0 : st[key][p]);
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
        /** @type {Promise<GroupStats>} */ (api(`/api/sessions/${sid}/group`)).then((g) => { groupStats = g; renderStandings(); }).catch((e) => showMessage(errText(e), true));
      } else renderStandings();
    }, 'rates-scope');
  return el('div', {}, scope, el('table', { class: 'standings rates', dataset: { testid: 'rates' } },
    el('thead', {}, el('tr', {}, el('th', {}, t('score.name')), cols.map(([c]) => el('th', {}, t(`score.col_${c}`))))),
    el('tbody', {}, names().map((name, p) => el('tr', { dataset: { testid: `rates-${p}` } }, el('td', {}, name),
      cols.map(([c, f]) => el('td', { class: 'num', dataset: { testid: `rate-${c}-${p}` } }, f(p))))))));
}

let rateScope = 'session';
/** @type {GroupStats | null} */
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
  const perHand = (/** @type {'scores' | 'chips'} */ key) => names().map((_, p) => [S.games[0].start[key][p], ...rows.map((r) => r[key][p])]);
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
  /** @type {Promise<ConditionsAnswer>} */ (api(`/api/sessions/${sid}/conditions`)).then((out) => {
    if (out.rev !== S.rev) return;
    const value = (/** @type {ConditionWin} */ c) => (c.yakuman ? t('calc.value_yakuman', { count: c.yakuman }) : info?.fixed_fu ? t('score.han_only', { han: c.han }) : t('calc.value', { han: c.han, fu: c.fu }));
    const one = (/** @type {ConditionWin} */ c) => `${value(c)} (${c.points.toLocaleString('en-US')})`;
    fill(box, el('ul', { class: 'conditions' }, out.conditions.map((c, p) => (c ? el('li', { dataset: { testid: `cond-${p}` } },
      el('strong', {}, `${names()[p]} (${t('score.rank_n', { n: c.place })})`), ' ',
      c.ron.filter(Boolean).map((r) => `${t('score.ron_from', { name: names()[/** @type {number} */ (/** @type {ConditionWin} */ (r).from)] })} ${one(/** @type {ConditionWin} */ (r))}`).join(' / ') || t('score.no_ron'),
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
        el('td', { class: 'num', dataset: { testid: `${testid === 'game-end' ? 'end' : 'settle'}-${g.number}-${p}` } }, /** @type {number[]} */ (g.settlement)[p]),
        g.money ? el('td', { class: 'num', dataset: { testid: `money-${g.number}-${p}` } }, g.money[p].toLocaleString('en-US')) : null,
        el('td', { class: 'num' }, t('score.chips_n', { count: g.chips[p] })))))));
}

// -- the session page -----------------------------------------------------------------------

function sessionPage() {
  $('session').hidden = false;
  for (const b of $('actions').querySelectorAll('button')) b.addEventListener('click', () => openEntry(/** @type {string} */ (b.dataset.act), null, { enqueue, renderHistory }));
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
  const saved = /** @type {ScoreState | null} */ (store.get('state', null));
  if (saved) {
    setState(saved);
    setInfo(/** @type {CalcInfo} */ (store.get('info', null))); // null when none was saved: read below
    if (info) render();
  }
  setNet();
  connect();
  watchLiveness();
  document.body.dataset.ready = '1';
}

if (sid) sessionPage(); else createPage().catch((e) => { $('create-error').textContent = e.message; });
