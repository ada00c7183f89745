// @ts-check
// The result dialogs' lines: every point and chip a hand paid, by reason, and the settlement
// by item, as the server's ledger paid them (the page adds nothing up but the totals shown).
import { t, has } from './i18n.js';
import { el } from './dom.js';
import { seatLabel, seatName, seatWind } from './board.js';
import { cell, signClass, signed } from './board-results.js';

/** @typedef {import('./types').Model} Model */

/** @param {string} prefix @param {string} item */
function lineName(prefix, item) {
  return has(`result.${prefix}.${item}`) ? t(`result.${prefix}.${item}`) : item;
}

/** The lines each win of a double ron pays for itself (the others are the hand's). */
const PER_WIN = new Set(['win', 'honba', 'wareme', 'open_riichi', 'tsumo_bonus', 'terminals',
  'sticks', 'win_chips', 'dice']);

/** @param {Model} M @param {number} s */
function windOf(M, s) {
  const wind = seatWind(M, s);
  return wind ? t(`table.seat_wind.${wind}`) : t('table.sitting_out');
}

/** @param {HTMLElement} tr @param {number} v @param {string} cls */
function numberCell(tr, v, cls) {
  cell(tr, v ? signed(v) : '', 'td', `${cls} ${signClass(v)}`);
}

/** The hand's payments line by line (和了, 本場, 供託, 割れ目, 飛び賞, 抜け番祝儀...), points then
 * chips, each kind with its total: the server's lines, which add up to the columns above.
 * @param {Model} M
 * @param {import('./types').ResultLine[] | undefined} lines
 * @param {import('./types').Hora[]} [horas] */
export function linesTable(M, lines, horas = []) {
  if (!lines || !lines.length) return null;
  const table = el('table', 'lines');
  table.setAttribute('aria-label', t('result.lines_head'));
  const head = document.createElement('tr');
  cell(head, t('result.lines_head'), 'th');
  for (let s = 0; s < M.n; s++) {
    const th = cell(head, windOf(M, s), 'th');
    th.title = seatLabel(M, s);
    if (s === M.you) th.classList.add('you');
  }
  table.append(head);
  for (const kind of ['points', 'chips']) {
    const mine = lines.filter((l) => l.kind === kind);
    if (!mine.length) continue;
    const sum = Array(M.n).fill(0);
    for (const line of mine) {
      const tr = document.createElement('tr');
      tr.dataset.kind = kind;
      tr.dataset.item = line.item;
      let name = lineName(kind === 'points' ? 'line' : 'chipline', line.item);
      // A double ron: each win's lines say whose they are.
      const winner = horas.length > 1 && PER_WIN.has(line.item) ? horas[/** @type {number} */ (line.win)]?.actor : undefined;
      if (Number.isInteger(winner)) name += ` (${windOf(M, /** @type {number} */ (winner))})`;
      cell(tr, name, 'td', 'item');
      line.deltas.forEach((d, s) => { sum[s] += d; numberCell(tr, d, 'v'); });
      table.append(tr);
    }
    const tr = document.createElement('tr');
    tr.className = 'sum';
    tr.dataset.kind = kind;
    cell(tr, t(kind === 'points' ? 'result.lines_points' : 'result.lines_chips'), 'th');
    sum.forEach((d) => cell(tr, signed(d), 'td', `v ${signClass(d)}`));
    table.append(tr);
  }
  return table;
}

/** The settlement line by line (素点, オカ, ウマ, 順位, クビ, マルビー, 場代...), in the preset's
 * unit, the persons in the settlement table's order.
 * @param {Model} M
 * @param {import('./types').SettlementLine[] | undefined} items
 * @param {number[]} order */
export function settlementLines(M, items, order) {
  if (!items || !items.length) return null;
  const table = el('table', 'settlement-lines');
  // In the preset's unit: 千点 (ウマ・オカ), chips (gotou) or Boo points.
  const style = M.preset?.knobs?.find((k) => k.key === 'settlement.style')?.value ?? 'uma';
  const unit = has(`result.settle_unit.${style}`) ? t(`result.settle_unit.${style}`) : '';
  table.createCaption().textContent = unit
    ? t('result.settle_caption', { unit }) : t('result.settle_head');
  const head = document.createElement('tr');
  cell(head, t('result.lines_head'), 'th');
  order.forEach((s, r) => { cell(head, t('result.rank_n', { n: r + 1 }), 'th').title = seatName(M, s); });
  table.append(head);
  for (const line of items) {
    const tr = document.createElement('tr');
    tr.dataset.item = line.item;
    cell(tr, lineName('settle', line.item), 'td', 'item');
    for (const s of order) numberCell(tr, line.values[s], 'v');
    table.append(tr);
  }
  return table;
}
