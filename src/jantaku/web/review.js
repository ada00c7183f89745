// @ts-check
// 牌譜検討 in the replay viewer: the 「検討」 switch. For the seat in view (視点) of a finished
// server table, the server reviews the game in the background (POST /api/tables/{id}/review,
// progress from GET .../review?seat=N) and then, at each step, this panel shows the seat's
// next decision: the standard bot's top three with a bar of their values, the option the
// player took, its rank and cost (points, or places in the last hand; a choice the bot makes by
// a rule shows the rule and no cost); the costliest decisions are listed, each a jump to its step.
//
// replay.js tells this module where the replay stands ('replay:position' events: the table,
// the seat in view, the step's event index and every step's) and is asked to jump by a
// 'replay:go' event. /replay.html?...&review=1 turns the switch on at load (the settlement
// dialog's 「この対局を検討」 link).
import { lang, onLangChange, t } from './i18n.js';

const BIG = 100; // a cost of this many points or more is marked 大きな損失
const POLL_MS = 500;

/** @typedef {{ table: string | null, pov: number, event: number, steps: number[] }} Where */
/** @typedef {{ ja: string, en: string, value: number | null, riichi_value?: number | null,
 *   rule?: string }} ReviewOption */
/** @typedef {{ event: number, kind: string, agree: boolean, taken: number | null, rank: number,
 *   cost: number | null, cost_unit: string, options: ReviewOption[], mode?: string,
 *   unit?: string, rule?: string, note?: string }} Decision */
/** @typedef {{ seat: number, hands: { decisions: Decision[] }[], summary: {
 *   agreement: number | null, average_cost: number | null, decisions: number } }} Review */
/** A seat's review as GET/POST /api/tables/{id}/review answers (review_routes ReviewJobs.status
 * and start), or a refusal's body (`detail`).
 * @typedef {{ state: 'none' | 'running' | 'done' | 'failed', progress: number, error?: string,
 *   review?: Review, detail?: unknown }} ReviewStatus */

/** @type {Where | null} */
let where = null; // the last 'replay:position' detail
let on = new URLSearchParams(location.search).get('review') === '1';
/** @type {Map<string, Review>} */
const reviews = new Map(); // "table/seat" → review JSON
/** @type {string | null} */
let polling = null;
let message = '';


/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [cls]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function node(tag, cls = '', text = '') {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text) n.textContent = text;
  return n;
}

/** @param {{ ja: string, en: string }} o */
function label(o) { return lang === 'en' ? o.en : o.ja; }

/** @param {number | null | undefined} v */
function num(v) { return v === null || v === undefined ? '—' : v.toLocaleString(undefined, { maximumFractionDigits: 1 }); }

/** @param {number} seat */
function seatText(seat) {
  const pov = /** @type {HTMLSelectElement | null} */ (document.querySelector('#pov'));
  return pov?.options[seat]?.textContent ?? String(seat);
}

function key() { return where ? `${where.table}/${where.pov}` : ''; }

/** The panel, made once beside the hand list. */
function panel() {
  let box = /** @type {HTMLElement | null} */ (document.querySelector('#review'));
  if (box) return box;
  const style = node('link');
  style.rel = 'stylesheet';
  style.href = '/static/review.css'; // in a file: the content policy refuses inline styles
  document.head.append(style);
  box = node('section');
  box.id = 'review';
  const head = node('div', 'rv-head');
  const sw = node('label');
  const box1 = node('input');
  box1.type = 'checkbox';
  box1.id = 'review-on';
  box1.checked = on;
  box1.onchange = () => { on = box1.checked; if (on) ensure(); render(); };
  const text = node('span', '', t('review.switch'));
  text.dataset.rv = 'switch';
  sw.title = t('review.switch_title');
  sw.append(box1, ' ', text);
  head.append(sw);
  const report = node('a', '', t('review.open_report'));
  report.id = 'review-report';
  report.target = '_blank';
  report.hidden = true;
  head.append(report);
  box.append(head, node('div', 'rv-body'));
  const side = document.querySelector('#side') ?? document.body;
  side.prepend(box);
  return box;
}

async function ensure() {
  if (!on || !where || !where.table) return;
  const k = key();
  if (reviews.has(k) || polling === k) return;
  polling = k;
  const { table, pov } = where;
  try {
    /** @type {ReviewStatus} */
    let st = await (await fetch(`/api/tables/${table}/review?seat=${pov}`)).json();
    if (st.state === 'none' || st.state === 'failed') {
      const r = await fetch(`/api/tables/${table}/review`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seat: pov }),
      });
      st = await r.json();
      // (`detail`: a text, or FastAPI's list of validation errors, which Error makes a text.)
      if (!r.ok) throw new Error(/** @type {string | undefined} */ (st.detail) ?? st.error ?? `HTTP ${r.status}`);
      message = t('review.starting');
      render();
    }
    while (st.state === 'running') {
      message = t('review.running', { pct: Math.round((st.progress ?? 0) * 100) });
      render(st.progress ?? 0);
      await new Promise((ok) => setTimeout(ok, POLL_MS));
      st = await (await fetch(`/api/tables/${table}/review?seat=${pov}`)).json();
    }
    if (st.state === 'failed') throw new Error(st.error);
    if (st.state === 'done') {
      if (!st.review) st = await (await fetch(`/api/tables/${table}/review?seat=${pov}`)).json();
      reviews.set(k, /** @type {Review} */ (st.review)); // a done review's (fetched with it)
      message = '';
    }
  } catch (e) {
    message = t('review.failed', { detail: /** @type {Error} */ (e).message ?? String(e) });
  } finally {
    polling = null;
  }
  render();
}

/** The step (position) just before an event: where the decision is still to be made.
 * @param {number} eventIndex */
function stepBefore(eventIndex) {
  const steps = /** @type {Where} */ (where).steps;
  let lo = 0;
  while (lo + 1 < steps.length && steps[lo + 1] < eventIndex) lo += 1;
  return lo;
}

/** @param {ReviewOption} o @param {number} i @param {number} lo @param {number} hi
 * @param {number | null} taken */
function optionRow(o, i, lo, hi, taken) {
  const row = node('div', `rv-opt${i === taken && i !== 0 ? ' rv-taken' : ''}`);
  const v = o.value;
  const width = v === null ? 0 : hi === lo ? 100 : 8 + (92 * (v - lo)) / (hi - lo);
  const bar = node('span', 'rv-bar');
  const fill = node('i');
  fill.style.width = `${width.toFixed(0)}%`;
  bar.append(fill);
  row.append(node('span', '', i < 3 ? `${i + 1}.` : '…'), node('span', '', label(o)), bar, node('span', 'rv-val', num(v)));
  // A riichi kind's expected points, and a call's or kan's verdict by the bot's rules.
  const extra = [];
  if (o.riichi_value !== undefined && o.riichi_value !== null) extra.push(t('review.riichi_value', { value: num(o.riichi_value) }));
  if (o.rule && o.rule !== 'single') extra.push(t(`review.rule.${o.rule}`));
  if (extra.length) row.append(node('small', 'rv-rule', extra.join(' · ')));
  return row;
}

/** @param {Review} review @param {Decision} d */
function decisionNodes(review, d) {
  /** @type {HTMLElement[]} */
  const out = [];
  const head = node('div', 'rv-head');
  head.append(node('span', '', t('review.decision', { seat: seatText(review.seat), kind: t(`review.kind.${d.kind}`) })));
  if (d.agree) head.append(node('span', 'rv-ok', t('review.agree')));
  else if (d.taken !== null) {
    head.append(node('span', 'rv-ng', t('review.chose', { label: label(d.options[d.taken]), rank: d.rank })));
    if (d.cost !== null) head.append(node('span', '', t(d.cost_unit === 'places' ? 'review.cost_places' : 'review.cost', { cost: num(d.cost) })));
    if (d.cost_unit === 'points' && (d.cost ?? 0) >= BIG) head.append(node('span', 'rv-big', t('review.big')));
  }
  out.push(head);
  const shown = [0, 1, 2].filter((i) => i < d.options.length);
  if (d.taken !== null && d.taken >= 3) shown.push(d.taken);
  const vals = shown.map((i) => d.options[i].value).filter((v) => v !== null);
  const lo = vals.length ? Math.min(...vals) : 0;
  const hi = vals.length ? Math.max(...vals) : 0;
  for (const i of shown) out.push(optionRow(d.options[i], i, lo, hi, d.taken));
  if (d.mode) out.push(node('p', 'rv-note', t(`review.mode.${d.unit === 'places' ? 'places' : d.mode}`)));
  if (d.rule && d.rule !== 'single') out.push(node('p', 'rv-note', t('review.bot_rule', { rule: t(`review.rule.${d.rule}`) })));
  if (d.note) out.push(node('p', 'rv-note', t(`review.note.${d.note}`)));
  return out;
}

/** @param {number | null} [progress] */
function render(progress = null) {
  const box = panel();
  /** @type {HTMLElement} */ (box.querySelector('[data-rv=switch]')).textContent = t('review.switch');
  /** @type {HTMLInputElement} */ (box.querySelector('#review-on')).checked = on;
  const body = /** @type {HTMLElement} */ (box.querySelector('.rv-body'));
  const report = /** @type {HTMLAnchorElement} */ (box.querySelector('#review-report'));
  report.hidden = true;
  if (!on) { body.replaceChildren(); return; }
  if (!where || !where.table) { body.replaceChildren(node('p', 'rv-note', t('review.only_tables'))); return; }
  const review = reviews.get(key());
  if (!review) {
    /** @type {HTMLElement[]} */
    const parts = [node('p', 'rv-note', message)];
    if (progress !== null) {
      const bar = node('progress');
      bar.max = 1;
      bar.value = progress;
      parts.push(bar);
    }
    body.replaceChildren(...parts);
    return;
  }
  report.href = `/api/tables/${where.table}/review.html?seat=${where.pov}`;
  report.hidden = false;
  const s = review.summary;
  /** @type {HTMLElement[]} */
  const parts = [node('p', '', t('review.summary', {
    seat: seatText(review.seat),
    rate: s.agreement === null ? '—' : `${(s.agreement * 100).toFixed(1)}%`,
    avg: num(s.average_cost),
    count: s.decisions,
  }))];
  // The seat's next decision: made between this step and the next.
  const every = review.hands.flatMap((h) => h.decisions);
  const next = every.find((d) => d.event > /** @type {Where} */ (where).event);
  const nextStep = where.steps.find((e) => e > /** @type {Where} */ (where).event);
  const current = next && (nextStep === undefined || next.event <= nextStep) ? next : null;
  const now = node('div', 'rv-now');
  if (current) now.append(...decisionNodes(review, current));
  else now.append(node('p', 'rv-note', t('review.no_decision', { seat: seatText(review.seat) })));
  parts.push(now);
  // Costs in points only: a last hand's costs are in places, another unit.
  const worst = every.filter((d) => d.cost_unit === 'points' && (d.cost ?? 0) > 0).sort((a, b) => /** @type {number} */ (b.cost) - /** @type {number} */ (a.cost)).slice(0, 5);
  if (worst.length) {
    parts.push(node('h3', '', t('review.worst')));
    const list = node('ol');
    for (const d of worst) {
      const li = node('li');
      const jump = node('button', 'rv-jump', `${label(d.options[/** @type {number} */ (d.taken)])} → ${label(d.options[0])}`);
      jump.type = 'button';
      jump.onclick = () => document.dispatchEvent(new CustomEvent('replay:go', { detail: stepBefore(d.event) }));
      li.append(jump, ` ${num(d.cost)}`);
      if (d === current) li.className = 'rv-big';
      list.append(li);
    }
    parts.push(list);
  }
  body.replaceChildren(...parts);
}

document.addEventListener('replay:position', (e) => {
  where = /** @type {CustomEvent} */ (e).detail;
  if (on) ensure();
  render();
});
onLangChange(() => render());
