// @ts-check
// The rule lab page: start a run on the server (POST /api/lab), follow its progress
// (GET /api/lab/{id} every second), show its report, and list past runs.
import { t, applyI18n, has, onLangChange, lang } from './i18n.js';
import { choiceLabel, knobLabel, valueText } from './rulesheet.js';
import { request } from './api.js';

/** The page's element at an id (always there).
 * @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @typedef {import('./types').Knob} Knob */
/** @typedef {import('./api-types').LabRun} LabRun */
/** @typedef {import('./api-types').LabStatus} LabStatus */

/** @type {Knob[]} */
let knobs = [];
/** @type {string | null} */
let current = null;
/** @type {import('./types').PresetTitle[]} */
let presets = []; // /api/presets: names and titles

/** @param {string} name */
const presetTitle = (name) => {
  const p = presets.find((x) => x.name === name);
  return p ? (lang === 'ja' ? p.title_ja : p.title) : name;
};

function labelPresets() {
  for (const o of /** @type {HTMLSelectElement} */ ($('rules')).options) o.text = presetTitle(o.value);
  for (const o of /** @type {HTMLSelectElement} */ ($('bots')).options) {
    o.text = has(`table.bot_kind.${o.value}`) ? t(`table.bot_kind.${o.value}`) : o.value;
  }
}

async function loadPresets() {
  presets = await request('/api/presets');
  const select = /** @type {HTMLSelectElement} */ ($('rules'));
  select.replaceChildren(...presets.map((p) => new Option(p.name, p.name)));
  labelPresets();
  select.value = presets.some((p) => p.name === 'gotou') ? 'gotou' : presets[0].name;
  await loadKnobs();
}

// Which rules' knobs are wanted now: a slow answer for rules since changed is dropped.
/** @type {string | null} */
let knobsWanted = null;

async function loadKnobs() {
  const rules = /** @type {HTMLSelectElement} */ ($('rules')).value;
  knobsWanted = rules;
  // No row can be added before this rule set's knobs are here: a row made from the old
  // list would offer knobs the new rules may not have.
  /** @type {HTMLButtonElement} */ ($('add-vary')).disabled = true;
  /** @type {import('./api-types').PresetDetail} */
  const detail = await request(`/api/presets/${encodeURIComponent(rules)}`);
  if (knobsWanted !== rules) return;
  knobs = detail.knobs.filter((k) => ['bool', 'int', 'float', 'str', 'choice'].includes(k.kind));
  // Rows whose knob the new rules also have stay, with their values; the others go.
  for (const row of document.querySelectorAll('.vary-row')) {
    const select = /** @type {HTMLSelectElement} */ (row.querySelector('.vary-knob'));
    const key = select.value;
    if (knobs.some((k) => k.key === key)) {
      fillKnobOptions(select);
      select.value = key;
      const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (row.querySelector('.vary-value'));
      const kept = input.value;
      const fresh = valueInput(knobs.find((k) => k.key === key));
      input.replaceWith(fresh);
      fresh.value = kept;
    } else {
      row.remove();
    }
  }
  /** @type {HTMLButtonElement} */ ($('add-vary')).disabled = false;
}

/** The knobs by their names for people ("ツモ加符(1人あたり) (1000 点)"), sorted so.
 * @param {HTMLSelectElement} select */
function fillKnobOptions(select) {
  const named = knobs.map((k) => [k.key, `${knobLabel(k.key)} (${valueText(k, k.value)})`]);
  named.sort((a, b) => a[1].localeCompare(b[1], lang));
  select.replaceChildren(...named.map(([key, text]) => new Option(text, key)));
}

/** The field of a knob's value: a yes/no or a choice picked from a list (nothing else can be
 * given), a number, or a text.
 * @param {Knob | undefined} k */
function valueInput(k) {
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  if (k && (k.kind === 'bool' || k.kind === 'choice')) {
    input = document.createElement('select');
    const options = k.kind === 'bool'
      ? [['true', t('rules.on')], ['false', t('rules.off')]]
      : k.choices.map((c) => [String(c), choiceLabel(k.key, c)]);
    for (const [v, text] of options) input.append(new Option(text, v));
  } else {
    input = document.createElement('input');
    if (k && (k.kind === 'int' || k.kind === 'float')) {
      input.type = 'number';
      input.step = k.kind === 'int' ? '1' : 'any';
    }
    input.placeholder = t('lab.value');
  }
  input.className = 'vary-value';
  input.setAttribute('aria-label', t('lab.value'));
  return input;
}

function addVaryRow() {
  const row = document.createElement('div');
  row.className = 'vary-row';
  const knob = document.createElement('select');
  knob.className = 'vary-knob';
  knob.setAttribute('aria-label', t('lab.knob'));
  fillKnobOptions(knob);
  let value = valueInput(knobs.find((x) => x.key === knob.value));
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = '×';
  remove.setAttribute('aria-label', t('lab.remove'));
  remove.addEventListener('click', () => row.remove());
  const fill = () => {
    const k = knobs.find((x) => x.key === knob.value);
    const fresh = valueInput(k);
    value.replaceWith(fresh);
    value = fresh;
    value.value = k ? String(k.value) : '';
  };
  knob.addEventListener('change', fill);
  fill();
  row.append(knob, value, remove);
  $('vary-rows').append(row);
}

/** The rows as `key=value` (TOML values); a value of the wrong kind is refused here, before
 * anything runs. */
function varyList() {
  return [...document.querySelectorAll('.vary-row')].map((row) => {
    const key = /** @type {HTMLSelectElement} */ (row.querySelector('.vary-knob')).value;
    const k = knobs.find((x) => x.key === key);
    let v = /** @type {HTMLInputElement | HTMLSelectElement} */ (row.querySelector('.vary-value')).value.trim();
    if (k?.kind === 'bool' && v !== 'true' && v !== 'false') {
      throw new Error(t('lab.need_bool', { knob: knobLabel(key) }));
    }
    if (k && (k.kind === 'int' || k.kind === 'float') && (v === '' || !Number.isFinite(Number(v)))) {
      throw new Error(t('lab.need_number', { knob: knobLabel(key) }));
    }
    if (k && (k.kind === 'str' || k.kind === 'choice')) v = JSON.stringify(v);
    return `${key}=${v}`;
  });
}

/** A past run's change for people: "ツモ加符(1人あたり)=0".
 * @param {unknown} item */
function varyText(item) {
  const [key, ...rest] = String(item).split('=');
  return `${knobLabel(key)}=${rest.join('=')}`;
}

/** @param {SubmitEvent} ev */
async function start(ev) {
  ev.preventDefault();
  $('form-error').textContent = '';
  let vary;
  try {
    vary = varyList();
  } catch (e) {
    $('form-error').textContent = `${t('lab.error')}: ${/** @type {Error} */ (e).message}`;
    return;
  }
  const body = {
    rules: /** @type {HTMLSelectElement} */ ($('rules')).value,
    vary,
    games: Number(/** @type {HTMLInputElement} */ ($('games')).value),
    seed: Number(/** @type {HTMLInputElement} */ ($('seed')).value || 0),
    bots: /** @type {HTMLSelectElement} */ ($('bots')).value,
  };
  try {
    /** @type {{ id: string }} */
    const { id } = await request('/api/lab', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    follow(id);
  } catch (e) {
    $('form-error').textContent = `${t('lab.error')}: ${/** @type {Error} */ (e).message}`;
  }
}

/** @param {string} id */
function follow(id) {
  current = id;
  $('run').hidden = false;
  $('report').hidden = true;
  $('report-link').hidden = true;
  $('findings').replaceChildren();
  poll();
}

async function poll() {
  if (!current) return;
  const id = current;
  /** @type {LabStatus} */
  let s;
  try {
    s = await request(`/api/lab/${id}`);
  } catch (e) {
    $('run-status').textContent = `${t('lab.error')}: ${/** @type {Error} */ (e).message}`;
    return;
  }
  if (id !== current) return;
  /** @type {HTMLProgressElement} */ ($('bar')).max = s.total;
  /** @type {HTMLProgressElement} */ ($('bar')).value = s.done;
  if (s.status === 'running') {
    $('run-status').textContent = t('lab.running', { done: s.done, total: s.total });
    setTimeout(poll, 1000);
    return;
  }
  if (s.status === 'failed') {
    $('run-status').textContent = `${t('lab.failed')}: ${s.error}`;
  } else {
    $('run-status').textContent = t('lab.done', { total: s.total });
    $('findings').replaceChildren(...(/** @type {{ ja: string, en: string }[]} */ (s.findings).length ? /** @type {{ ja: string, en: string }[]} */ (s.findings) : [{ ja: t('lab.no_difference'), en: t('lab.no_difference') }])
      .map((f) => { const li = document.createElement('li'); li.textContent = lang === 'ja' ? f.ja : f.en; return li; }));
    /** @type {HTMLIFrameElement} */ ($('report')).src = `/api/lab/${id}/report`;
    $('report').hidden = false;
    /** @type {HTMLAnchorElement} */ ($('report-link')).href = `/api/lab/${id}/report`;
    $('report-link').hidden = false;
  }
  listRuns();
}

async function listRuns() {
  const runs = await /** @type {Promise<LabRun[]>} */ (request('/api/lab')).catch(() => []);
  /** @type {HTMLTableElement} */ ($('past-runs')).tBodies[0].replaceChildren(...runs.map((/** @type {LabRun} */ r) => {
    const tr = document.createElement('tr');
    const when = new Date(r.created * 1000).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB');
    const cells = [when, presetTitle(r.rules), r.vary.map(varyText).join(lang === 'ja' ? '、' : ', ') || '—', String(r.games)];
    for (const c of cells) { const td = document.createElement('td'); td.textContent = c; tr.append(td); }
    const td = document.createElement('td');
    if (r.status === 'done') {
      const a = document.createElement('a');
      a.href = `/api/lab/${r.id}/report`;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = t('lab.report');
      td.append(a);
    } else {
      td.textContent = t(`lab.status_${r.status}`, { done: r.done, total: r.total });
    }
    tr.append(td);
    return tr;
  }));
}

applyI18n(document);
onLangChange(() => {
  labelPresets();
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll('.vary-knob'))) {
    const key = select.value;
    fillKnobOptions(select);
    select.value = key;
  }
  listRuns();
  if (current) poll();
});
$('rules').addEventListener('change', () => loadKnobs().catch((e) => { $('form-error').textContent = e.message; }));
$('add-vary').addEventListener('click', addVaryRow);
$('lab-form').addEventListener('submit', start);
loadPresets().catch((e) => { $('form-error').textContent = e.message; });
listRuns();
