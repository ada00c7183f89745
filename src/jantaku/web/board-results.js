// @ts-check
// The result of a hand and of the game as the table page's and the replay's dialogs show it:
// each win (the hand, dora, yaku, value, chips, dice) or the draw (who was ready, with the
// hands), every seat's change, and the final settlement with the game's log links. The lines
// each hand and the settlement paid, by reason, are result-lines.js's, appended below these.
import { el } from './dom.js';
import { has, lang, t } from './i18n.js';
import { tileEl } from './tiles.js';
import {
  DICE_FACES, activeOrder, byId, hasChips, knob, mpszNames, reasonName, renderMelds, seatLabel,
  seatName, windName,
} from './board.js';
import { linesTable, settlementLines } from './result-lines.js';

/** @typedef {import('./types').Model} Model */

/** @param {HTMLElement} tr @param {string | Node} text @param {string} [tag] @param {string} [cls] */
export function cell(tr, text, tag = 'td', cls = '') {
  const c = document.createElement(tag);
  c.append(text);
  if (cls) c.className = cls;
  tr.append(c);
  return c;
}

/** @param {number} v */
export function signed(v) {
  return v > 0 ? `+${v}` : String(v);
}

/** @param {number} v */
export function signClass(v) {
  return v > 0 ? 'plus' : v < 0 ? 'minus' : '';
}

/** A labelled row of tiles ("ドラ Dora: ...").
 * @param {string} cls
 * @param {string} label
 * @param {(number | string)[]} tiles
 */
function tileLine(cls, label, tiles) {
  const row = el('div', `tile-line ${cls}`, el('span', 'label', label));
  const box = el('span', 'tiles');
  for (const t of tiles) box.append(tileEl(t, { small: true }));
  row.append(box);
  return row;
}

/** A hand as Tenhou and Mahjong Soul lay it out: the concealed tiles sorted, the winning tile
 * apart, then the called melds and the extracted tiles.
 * @param {Model} M
 * @param {number} s
 * @param {number[]} concealed
 * @param {number | null | undefined} winTile
 */
function handLayout(M, s, concealed, winTile) {
  const row = el('div', 'hand-layout');
  const rest = concealed.slice();
  if (winTile !== null && winTile !== undefined) {
    const i = rest.indexOf(winTile);
    if (i >= 0) rest.splice(i, 1);
  }
  const box = el('span', 'concealed');
  rest.sort(byId).forEach((t) => box.append(tileEl(t, { small: true })));
  row.append(box);
  if (winTile !== null && winTile !== undefined) {
    row.append(el('span', 'win-tile', tileEl(winTile, { small: true, extra: 'agari' })));
  }
  const melds = renderMelds(M, s);
  if (melds.childElementCount) row.append(melds);
  return row;
}

/** @param {number | boolean} n */
function yakumanName(n) {
  return has(`result.yakuman.${n}`) ? t(`result.yakuman.${n}`) : t('result.yakuman.n', { n });
}

/** The yaku of a win: its name in the reader's language (the other beside it, smaller, as
 * the events carry both), and its value.
 * @param {import('./types').Hora} hora
 */
function yakuTable(hora) {
  const table = el('table', 'yaku');
  // Japanese alone in Japanese; in English the Japanese name beside it, as players say it.
  const [first, second] = lang === 'ja' ? ['ja', null] : ['en', 'ja'];
  for (const y of hora.yakus ?? []) {
    // A count that came to nothing (裏ドラ 0飜) is no line of the hand's value.
    if (!y.yakuman && !y.han) continue;
    const tr = document.createElement('tr');
    tr.dataset.yaku = y.id;
    cell(tr, y[/** @type {'ja' | 'en'} */ (first)] ?? y.id, 'td', `name ${first}`);
    if (second) cell(tr, y[/** @type {'ja'} */ (second)] ?? '', 'td', `name-other ${second}`);
    const value = y.yakuman ? yakumanName(y.yakuman) : t('result.han', { han: y.han });
    cell(tr, value, 'td', 'han');
    table.append(tr);
  }
  return table;
}

/** @param {import('./types').Hora} hora */
function totalLine(hora) {
  const parts = [];
  const yakuman = (hora.yakus ?? []).reduce((n, y) => n + /** @type {number} */ (y.yakuman || 0), 0);
  if (yakuman) parts.push(yakumanName(yakuman));
  else {
    if (hora.fu) parts.push(t('result.fu', { fu: hora.fu }));
    if (hora.fan !== undefined) parts.push(t('result.han', { han: hora.fan }));
    if (hora.limit) parts.push(has(`result.limit.${hora.limit}`) ? t(`result.limit.${hora.limit}`) : hora.limit);
  }
  const line = el('div', 'total', parts.join(' · '));
  if (hora.hora_points !== undefined) {
    line.append(' ', el('strong', 'points', t('result.points', { points: hora.hora_points })));
  }
  return line;
}

/** @param {import('./types').Hora} hora */
function chipItems(hora) {
  const items = hora.chip_items ?? [];
  if (!items.length) return null;
  const table = el('table', 'chip-items');
  const head = document.createElement('tr');
  cell(head, t('result.chips_head'), 'th');
  cell(head, '', 'th');
  table.append(head);
  for (const it of items) {
    const tr = document.createElement('tr');
    tr.dataset.item = it.item;
    cell(tr, has(`result.chip.${it.item}`) ? t(`result.chip.${it.item}`) : it.item);
    const from = it.from_all ? 'result.chip_from_all' : 'result.chip_from_each';
    cell(tr, t(from, { chips: it.chips, count: it.chips }));
    table.append(tr);
  }
  return table;
}

/** @param {[number, number][]} rolls */
function diceLine(rolls) {
  const row = el('div', 'tile-line dice', el('span', 'label', t('result.dice')));
  const box = el('span', 'rolls');
  for (const [a, b] of rolls) {
    const roll = el('span', 'roll', `${DICE_FACES[a - 1] ?? a}${DICE_FACES[b - 1] ?? b}`);
    roll.title = t('result.dice_title', { a, b });
    roll.dataset.roll = `${a}-${b}`;
    box.append(roll, el('span', 'roll-sum', a === b ? t('result.dice_again', { a, b }) : `${a + b}`));
  }
  row.append(box);
  return row;
}

/** @param {Model} M
 * @param {import('./types').Hora} hora
 */
function winSection(M, hora) {
  const s = hora.actor;
  const sec = el('section', 'win');
  sec.dataset.actor = String(s);
  const how = hora.mu
    ? el('span', 'how', t('result.mu'))
    : hora.actor === hora.target
      ? el('span', 'how', t('result.tsumo'))
      : el('span', 'how', t('result.ron_from', { from: seatLabel(M, hora.target) }));
  sec.append(el('h3', 'winner', `${seatLabel(M, s)} `, how));
  sec.append(handLayout(M, s, hora.hora_tehais ?? [], hora.mu ? null : hora.tile));
  const ind = el('div', 'indicators');
  ind.append(tileLine('dora', t('result.dora'), M.dora));
  if ((hora.uradora_markers ?? []).length) ind.append(tileLine('ura', t('result.ura'), /** @type {string[]} */ (hora.uradora_markers)));
  sec.append(ind);
  if (hora.wildcard) {
    sec.append(tileLine('wildcard', t('result.wildcard'), mpszNames(hora.wildcard)));
  }
  if ((hora.alice ?? []).length) sec.append(tileLine('alice', t('result.alice'), /** @type {number[]} */ (hora.alice)));
  if ((hora.dice ?? []).length) sec.append(diceLine(/** @type {[number, number][]} */ (hora.dice)));
  sec.append(yakuTable(hora), totalLine(hora));
  const chips = chipItems(hora);
  if (chips) sec.append(chips);
  return sec;
}

/** @param {Model} M
 * @param {import('./types').Ryukyoku} r
 */
function drawSection(M, r) {
  const sec = el('section', 'draw');
  sec.append(el('h3', 'reason', reasonName(r.reason)));
  if (r.reason === 'yao9' && Number.isInteger(r.actor)) {
    sec.append(el('p', '', t('result.declared_by', { who: seatLabel(M, /** @type {number} */ (r.actor)) })));
  }
  if (r.reason === 'nm' && (r.nagashi ?? []).length) {
    sec.append(el('p', '', t('result.nagashi', { who: /** @type {number[]} */ (r.nagashi).map((s) => seatLabel(M, s)).join(', ') })));
  }
  const tehais = r.tehais ?? [];
  if (r.reason === 'exhaustive' || r.reason === 'nm') {
    // Who was ready and who not, with the ready hands shown.
    const tenpai = r.tenpai ?? tehais.flatMap((t, s) => (t ? [s] : []));
    for (const s of activeOrder(M)) {
      const ready = tenpai.includes(s);
      const row = el('div', 'tenpai-row', el('span', `label ${ready ? 'tenpai' : 'noten'}`,
        `${seatLabel(M, s)}: ${ready ? t('result.tenpai') : t('result.noten')}`));
      row.dataset.person = String(s);
      if (ready && tehais[s]) row.append(handLayout(M, s, tehais[s], null));
      sec.append(row);
    }
  } else {
    // An abortive draw: nobody is tenpai or not; only the hands the server shows (九種九牌's).
    tehais.forEach((hand, s) => {
      if (!hand) return;
      const row = el('div', 'tenpai-row', el('span', 'label', seatLabel(M, s)));
      row.dataset.person = String(s);
      row.append(handLayout(M, s, hand, null));
      sec.append(row);
    });
  }
  return sec;
}

/** Every seat's change this hand: points (and chips where the preset has them).
 * @param {Model} M
 * @param {import('./types').HandResult} r
 */
function changesTable(M, r) {
  const deltas = Array(M.n).fill(0);
  const chips = Array(M.n).fill(0);
  let known = false;
  for (const ev of [...r.horas, ...(r.ryukyoku ? [r.ryukyoku] : [])]) {
    if (ev.deltas) { known = true; ev.deltas.forEach((d, s) => { deltas[s] += d; }); }
    (ev.chip_deltas ?? []).forEach((d, s) => { chips[s] += d; });
  }
  if (!known) for (let s = 0; s < M.n; s++) deltas[s] = r.after[s] - r.start[s];
  const showChips = hasChips(M) || chips.some((c) => c !== 0)
    || r.horas.some((h) => (h.chip_items ?? []).length);
  const table = el('table', 'changes');
  const head = document.createElement('tr');
  ['', t('result.col.points'), t('result.col.score'), ...(showChips ? [t('result.col.chips')] : [])]
    .forEach((text) => cell(head, text, 'th'));
  table.append(head);
  for (let s = 0; s < M.n; s++) {
    const tr = document.createElement('tr');
    tr.dataset.person = String(s);
    if (s === M.sittingOut) tr.className = 'sitting-out';
    cell(tr, seatLabel(M, s));
    cell(tr, signed(deltas[s]), 'td', `delta ${signClass(deltas[s])}`);
    cell(tr, String(r.after[s]));
    if (showChips) cell(tr, signed(chips[s]), 'td', `chip-delta ${signClass(chips[s])}`);
    table.append(tr);
  }
  return table;
}

/** The title of a hand ("東1局 0本場" / "East 1, 0 honba").
 * @param {{ bakaze: string, kyoku: number, honba: number }} k
 */
export function handTitle(k) {
  return t('result.hand_title', { wind: windName(k.bakaze), kyoku: k.kyoku, honba: k.honba });
}

/** The nodes of a hand's result: each win (hand, dora, yaku, points, chips) or the draw, then
 * every seat's change.
 * @param {Model} M
 * @param {import('./types').HandResult} r
 */
export function resultNodes(M, r) {
  /** @type {HTMLElement[]} */
  const nodes = [Object.assign(el('h2', '', handTitle(r.kyoku)), { id: 'result-title' })];
  for (const hora of r.horas) nodes.push(winSection(M, hora));
  if (r.ryukyoku) nodes.push(drawSection(M, r.ryukyoku));
  nodes.push(changesTable(M, r));
  const lines = linesTable(M, M.lines?.hands?.[r.index], r.horas);
  if (lines) nodes.push(lines);
  return nodes;
}

/** The nodes of the final settlement; `logHref`: where the game's log downloads.
 * @param {Model} M
 * @param {import('./types').EndGame} end
 * @param {{ logHref?: string | null }} [opts] */
export function settlementNodes(M, end, { logHref = null } = {}) {
  const table = el('table', 'settlement');
  const head = document.createElement('tr');
  const chips = hasChips(M);
  // Where the game starts with chips (gotou), the result is the final chip balance, not a
  // change: shown unsigned.
  const balance = knob(M, 'game.start_chips', 0) > 0;
  const columns = ['', t('result.col.rank'), t('result.col.score'),
    ...(chips ? [t('result.col.chips')] : []),
    balance ? t('result.col.final_chips') : t('result.col.settlement')];
  columns.forEach((text) => cell(head, text, 'th'));
  table.append(head);
  const settle = end.settlement ?? end.scores;
  // Ranked by points, ties to the earlier seat from the first dealer (person 0).
  const order = [...Array(M.n).keys()].sort((a, b) => end.scores[b] - end.scores[a] || a - b);
  for (const s of order) {
    const tr = document.createElement('tr');
    tr.dataset.person = String(s);
    cell(tr, seatName(M, s));
    cell(tr, String(order.indexOf(s) + 1));
    cell(tr, String(end.scores[s]));
    if (chips) {
      const total = Array.isArray(end.chips) ? end.chips[s] : knob(M, 'game.start_chips', 0) + M.chips[s];
      const c = cell(tr, String(total), 'td', 'chips');
      c.title = t('result.chips_won_title', { chips: signed(M.chips[s]) });
    }
    const v = settle[s];
    cell(tr, balance ? String(v) : signed(v), 'td', `settle ${balance ? '' : signClass(v)}`);
    table.append(tr);
  }
  const nodes = [Object.assign(el('h2', '', t('result.game_over')), { id: 'result-title' }), table];
  const lines = settlementLines(M, M.lines?.settlement, order);
  if (lines) nodes.push(lines);
  if (Array.isArray(end.leftover_sticks) && end.leftover_sticks.length === 2) {
    const [who, points] = end.leftover_sticks;
    nodes.push(el('p', '', t('result.leftover_to', { points, who: seatName(M, who) })));
  } else if (typeof end.leftover_sticks === 'number' && end.leftover_sticks) {
    nodes.push(el('p', '', t('result.leftover', { count: end.leftover_sticks })));
  }
  if (logHref) {
    const log = el('a', '', t('result.download_log'));
    log.href = logHref;
    // The same game for other tools (GET /api/tables/{id}/export).
    const other = (/** @type {string} */ format, /** @type {string} */ text) => {
      const a = el('a', 'format', text); // a format's own name, the same in every language
      a.href = logHref.replace(/\/log$/, `/export?format=${format}`);
      return a;
    };
    const lobby = el('a', '', t('result.back_to_lobby'));
    lobby.href = '/';
    nodes.push(el('p', '', log, ' (', other('tenhou6', '天鳳 tenhou.net/6'), ', ',
      other('mjai', 'mjai'), ') · ', lobby));
    const table = /\/api\/tables\/(\d+)\/log$/.exec(logHref);
    if (table && M.you !== null && M.you !== undefined) {
      // 牌譜検討 of the player's own seat, in the replay (web/review.js).
      const review = el('a', 'review-link', t('review.settle_link'));
      review.href = `/replay.html?table=${table[1]}&pov=${M.you}&review=1`;
      nodes.push(el('p', '', review));
    }
  }
  return nodes;
}
