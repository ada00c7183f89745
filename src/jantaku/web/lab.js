// The rule lab page: start a run on the server (POST /api/lab), follow its progress
// (GET /api/lab/{id} every second), show its report, and list past runs.
import { t, applyI18n, onLangChange, lang } from './i18n.js';

const $ = (id) => document.getElementById(id);
let knobs = [];
let current = null;

async function getJSON(url, options) {
  const r = await fetch(url, options);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.detail ? (typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail)) : `HTTP ${r.status}`);
  return body;
}

async function loadPresets() {
  const presets = await getJSON('/api/presets');
  const select = $('rules');
  select.replaceChildren(...presets.map((p) => new Option(`${p.title_ja} — ${p.title} (${p.name})`, p.name)));
  select.value = presets.some((p) => p.name === 'gotou') ? 'gotou' : presets[0].name;
  await loadKnobs();
}

// Which rules' knobs are wanted now: a slow answer for rules since changed is dropped.
let knobsWanted = null;

async function loadKnobs() {
  const rules = $('rules').value;
  knobsWanted = rules;
  // No row can be added before this rule set's knobs are here: a row made from the old
  // list would offer knobs the new rules may not have.
  $('add-vary').disabled = true;
  const detail = await getJSON(`/api/presets/${encodeURIComponent(rules)}`);
  if (knobsWanted !== rules) return;
  knobs = detail.knobs.filter((k) => ['bool', 'int', 'float', 'str', 'choice'].includes(k.kind));
  // Rows whose knob the new rules also have stay, with their values; the others go.
  for (const row of document.querySelectorAll('.vary-row')) {
    const select = row.querySelector('.vary-knob');
    const key = select.value;
    if (knobs.some((k) => k.key === key)) {
      fillKnobOptions(select);
      select.value = key;
    } else {
      row.remove();
    }
  }
  $('add-vary').disabled = false;
}

function fillKnobOptions(select) {
  select.replaceChildren(...knobs.map((k) => new Option(`${k.key} (${k.value})`, k.key)));
}

function addVaryRow() {
  const row = document.createElement('div');
  row.className = 'vary-row';
  const knob = document.createElement('select');
  knob.className = 'vary-knob';
  knob.setAttribute('aria-label', t('lab.knob'));
  fillKnobOptions(knob);
  const value = document.createElement('input');
  value.className = 'vary-value';
  value.setAttribute('aria-label', t('lab.value'));
  value.placeholder = t('lab.value');
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = '×';
  remove.setAttribute('aria-label', t('lab.remove'));
  remove.addEventListener('click', () => row.remove());
  const fill = () => {
    const k = knobs.find((x) => x.key === knob.value);
    value.value = k ? String(k.value) : '';
  };
  knob.addEventListener('change', fill);
  fill();
  row.append(knob, value, remove);
  $('vary-rows').append(row);
}

function varyList() {
  return [...document.querySelectorAll('.vary-row')].map((row) => {
    const key = row.querySelector('.vary-knob').value;
    const k = knobs.find((x) => x.key === key);
    let v = row.querySelector('.vary-value').value.trim();
    if (k && (k.kind === 'str' || k.kind === 'choice')) v = JSON.stringify(v);
    return `${key}=${v}`;
  });
}

async function start(ev) {
  ev.preventDefault();
  $('form-error').textContent = '';
  const body = {
    rules: $('rules').value,
    vary: varyList(),
    games: Number($('games').value),
    seed: Number($('seed').value || 0),
    bots: $('bots').value,
  };
  try {
    const { id } = await getJSON('/api/lab', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    follow(id);
  } catch (e) {
    $('form-error').textContent = `${t('lab.error')}: ${e.message}`;
  }
}

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
  let s;
  try {
    s = await getJSON(`/api/lab/${id}`);
  } catch (e) {
    $('run-status').textContent = `${t('lab.error')}: ${e.message}`;
    return;
  }
  if (id !== current) return;
  $('bar').max = s.total;
  $('bar').value = s.done;
  if (s.status === 'running') {
    $('run-status').textContent = t('lab.running', { done: s.done, total: s.total });
    setTimeout(poll, 1000);
    return;
  }
  if (s.status === 'failed') {
    $('run-status').textContent = `${t('lab.failed')}: ${s.error}`;
  } else {
    $('run-status').textContent = t('lab.done', { total: s.total });
    $('findings').replaceChildren(...(s.findings.length ? s.findings : [{ ja: t('lab.no_difference'), en: t('lab.no_difference') }])
      .map((f) => { const li = document.createElement('li'); li.textContent = lang === 'ja' ? f.ja : f.en; return li; }));
    $('report').src = `/api/lab/${id}/report`;
    $('report').hidden = false;
    $('report-link').href = `/api/lab/${id}/report`;
    $('report-link').hidden = false;
  }
  listRuns();
}

async function listRuns() {
  const runs = await getJSON('/api/lab').catch(() => []);
  $('past-runs').tBodies[0].replaceChildren(...runs.map((r) => {
    const tr = document.createElement('tr');
    const when = new Date(r.created * 1000).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB');
    const cells = [when, r.rules, r.vary.join(', ') || '—', String(r.games)];
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
onLangChange(() => { listRuns(); if (current) poll(); });
$('rules').addEventListener('change', () => loadKnobs().catch((e) => { $('form-error').textContent = e.message; }));
$('add-vary').addEventListener('click', addVaryRow);
$('lab-form').addEventListener('submit', start);
loadPresets().catch((e) => { $('form-error').textContent = e.message; });
listRuns();
