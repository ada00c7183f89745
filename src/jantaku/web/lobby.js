// @ts-check
// The lobby: choose a preset, read and change its knobs, seat the players, start a table.
import { detailText, request } from './api.js';
import { el } from './dom.js';
import { applyI18n, errorText, has, lang, langHeaders, onLangChange, t } from './i18n.js';
import { forgetTable, myTables, rememberTable, seatUrl } from './mytables.js';
import { seatLink } from './net.js';
import {
  GROUPS, editorFor, groupOf, knobLabel, setYakuNames, unitOf, valueText,
} from './rulesheet.js';

/** @typedef {import('./types').ApiError} ApiError */
/** @typedef {import('./types').Knob} Knob */
/** One knob's row of the sheet: its editor, where it is drawn, and what was read from it.
 * @typedef {import('./rulesheet.js').Editor & { k: Knob, section: string, name: string,
 *   tr: HTMLElement, differs: boolean, problem: HTMLElement, refused: string,
 *   state: { value?: unknown, error?: string }, edited: boolean }} KnobRow */
/** @typedef {{ preset: string, options: Record<string, Record<string, unknown>> }} SavedSet */

/** The page's element at a selector (always there).
 * @param {string} sel
 * @returns {HTMLElement} */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));
// [value, catalogue key, variables]
/** @type {[string, string, { bot?: string, name?: string }][]} */
const SEAT_KINDS = [
  ['you', 'lobby.seat_kind.you', {}],
  ['bot:standard', 'lobby.seat_kind.bot', { bot: 'standard' }],
  ['bot:baseline', 'lobby.seat_kind.bot', { bot: 'baseline' }],
  ['bot:random', 'lobby.seat_kind.bot', { bot: 'random' }],
  ['friend', 'lobby.seat_kind.friend', {}],
];
const WINDS = ['E', 'S', 'W', 'N'];
/** A bot's kind for people ("標準ボット" / "standard"), as the table page names it. */
const botKindName = (/** @type {string} */ name) => (has(`table.bot_kind.${name}`) ? t(`table.bot_kind.${name}`) : name);
const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;
let players = 4; // who play a hand under the preset
let people = 4; // who sit at the table: 4 at a three-player preset means one sits out each hand
/** @type {KnobRow[]} */
let knobRows = []; // one editor per knob of the chosen preset: {k, section, name, tr, read, write}
let loading = 0; // the latest preset request: an older answer is dropped
let loaded = ''; // the preset whose knobs are shown
/** @type {import('./api-types').PresetDetail | null} */
let shownPreset = null; // the loaded preset's /api/presets/{name}
/** @type {Set<string>} */
let toAgree = new Set(); // knobs the seed leaves to the table (要相談)
/** @type {Set<string>} */
const sections = new Set(); // the knob sections, to read flat and sectioned `options` apart

/** @param {unknown} v */
function fmt(v) {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** JSON with sorted object keys: two values are the same knob value when these agree.
 * @param {unknown} v
 * @returns {string} */
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(/** @type {Record<string, unknown>} */ (v)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** A knob's documentation as nodes: ``code`` spans become <code>, line breaks spaces.
 * @param {HTMLElement} parent @param {string} text */
function richText(parent, text) {
  text.replace(/\s*\n\s*/g, ' ').split(/``(.*?)``/).forEach((part, i) => {
    if (part) parent.append(i % 2 ? el('code', '', part) : part);
  });
  return parent;
}

function renderSeats() {
  const box = $('#seats');
  const old = [...box.querySelectorAll('select')].map((/** @type {HTMLSelectElement} */ s) => s.value);
  box.querySelectorAll('label').forEach((/** @type {Element} */ l) => l.remove());
  for (let i = 0; i < people; i++) {
    const label = document.createElement('label');
    // Four people at three-player rules: the one just before the dealer sits out, so the
    // fourth person sits out the first hand.
    const where = i < players ? t('lobby.seat_start_wind', { wind: t(`table.seat_wind.${WINDS[i]}`) })
      : t('lobby.seat_sits_out_first');
    label.append(`${t('lobby.seat', { n: i + 1, where })} `);
    const sel = document.createElement('select');
    sel.dataset.seat = String(i);
    for (const [value, key, vars] of SEAT_KINDS) {
      sel.append(new Option(t(key, vars.bot ? { name: botKindName(vars.bot) } : vars), value));
    }
    sel.value = old[i] ?? (i === 0 ? 'you' : 'bot:baseline');
    label.append(sel);
    box.append(label);
  }
}

/** @param {string} name */
async function loadPreset(name) {
  const mine = ++loading;
  /** @type {import('./api-types').PresetDetail} */
  const p = await request(`/api/presets/${encodeURIComponent(name)}`);
  if (mine !== loading) return;
  players = p.players;
  $('#people').hidden = players !== 3;
  people = players === 3 ? chosenPeople() : players;
  renderSeats();
  shownPreset = p;
  toAgree = new Set(p.to_agree ?? []);
  knobRows = []; // another preset: nothing the reader changed carries over
  showTitle();
  renderKnobs(p.knobs);
  loaded = p.name;
}

/** @param {{ title: string, title_ja: string }} p */
function presetTitle(p) {
  return lang === 'ja' ? p.title_ja : p.title;
}

function showTitle() {
  if (!shownPreset) return;
  $('#knobs-title').textContent = `${presetTitle(shownPreset)} · ${t('lobby.players_count', { count: shownPreset.players })}`;
}

/** The preset list in the reader's language (the page comes with the Japanese titles). */
function labelPresets() {
  for (const o of /** @type {HTMLSelectElement} */ ($('#preset')).options) o.text = o.dataset[lang] ?? o.text;
}

// ---- the rule sheet ------------------------------------------------------------------------

/** A knob's seed line for this reader. The preset files' comments quote the seed's Japanese
 * («…») and add the maintainers' English notes ("Decision: ..."): a Japanese reader gets the
 * quotes, or a comment written in Japanese alone; an English reader the whole comment.
 * @param {string} note */
function seedLineFor(note) {
  if (lang !== 'ja' || !note) return note;
  const quotes = [...note.matchAll(/«[^»]*»/g)].map((m) => m[0]);
  if (quotes.length) return quotes.join(' ');
  return JAPANESE.test(note) && !/[A-Za-z]{3,}/.test(note) ? note : '';
}

/** The row of one knob: its name, marks, control, unit, reset, seed line and problem.
 * @param {Knob} k
 * @returns {KnobRow} */
function knobRow(k) {
  const [section, ...rest] = k.key.split('.');
  const name = rest.join('.');
  const ed = editorFor(k);
  const row = el('div', 'rule knob');
  row.dataset.key = k.key;
  row.dataset.kind = k.kind;
  const differs = canon(k.value) !== canon(k.default);
  if (differs) row.classList.add('differs');
  const agree = toAgree.has(k.key);
  if (agree) row.classList.add('to-agree');

  const head = el('div', 'rule-head');
  const label = el('label', 'rule-name', knobLabel(k.key));
  label.htmlFor = ed.input.id;
  head.append(label);
  if (differs) {
    const mark = el('span', 'differs-mark', '●');
    mark.title = t('rules.differs_title');
    head.append(mark);
  }
  if (agree) {
    const mark = el('span', 'agree-mark', t('rules.to_agree'));
    mark.title = t('rules.to_agree_title');
    head.append(mark);
  }
  head.append(el('span', 'edited-mark', t('rules.edited')));

  const control = el('div', 'rule-control');
  const reset = el('button', 'reset', t('rules.reset'));
  reset.type = 'button';
  reset.title = t('rules.reset_title', { value: valueText(k, k.value) });
  reset.setAttribute('aria-label', reset.title);
  control.append(ed.input);
  const unit = unitOf(k.key);
  if (unit && (k.kind === 'int' || k.kind === 'float')) control.append(el('span', 'unit', t(`rules.unit.${unit}`)));
  control.append(reset);
  head.append(control);
  row.append(head);

  const seedLine = seedLineFor(k.note ?? '');
  if (seedLine) {
    const note = el('p', 'note seed-line');
    if (JAPANESE.test(seedLine)) note.lang = 'ja';
    note.title = t('rules.seed_line');
    richText(note, seedLine);
    row.append(note);
  }
  // The knob's documentation is written in English: shown to English readers.
  if (lang === 'en' && k.description) row.append(richText(el('p', 'description'), k.description));
  const presetValue = el('div', 'preset-value', t('rules.preset_value', { value: valueText(k, k.value) }));
  const problem = el('div', 'problem');
  problem.setAttribute('role', 'status');
  row.append(presetValue, problem);

  const r = /** @type {KnobRow} */ (/** @type {unknown} */ ({ k, section, name, tr: row, differs, problem, ...ed, refused: '' }));
  ed.write(k.value);
  const changed = () => { r.refused = ''; updateKnob(r); updateSummary(); };
  ed.input.addEventListener('input', changed);
  ed.input.addEventListener('change', changed);
  reset.addEventListener('click', () => { ed.write(k.value); changed(); });
  return r;
}

/** Read the editor: `row.state` is {value} or {error}; mark the row changed or invalid.
 * @param {KnobRow} row */
function updateKnob(row) {
  row.state = row.read();
  row.edited = 'error' in row.state || canon(row.state.value) !== canon(row.k.value);
  row.tr.classList.toggle('edited', row.edited);
  row.tr.classList.toggle('invalid', 'error' in row.state || row.refused !== '');
  row.problem.textContent = row.state.error ?? row.refused;
  /** @type {HTMLButtonElement} */ (row.tr.querySelector('.reset')).disabled = !row.edited;
}

/** Draw the sheet of the loaded preset, keeping the values the reader changed in it.
 * @param {Knob[]} knobs */
function renderKnobs(knobs) {
  const kept = new Map(knobRows.filter((r) => r.edited && !('error' in r.state))
    .map((r) => [r.k.key, r.state.value]));
  sections.clear();
  knobRows = knobs.map(knobRow);
  for (const row of knobRows) {
    sections.add(row.section);
    if (kept.has(row.k.key)) row.write(kept.get(row.k.key));
  }
  const box = $('#knobs');
  box.replaceChildren();
  const order = [...GROUPS.map(([g]) => g), 'other'];
  for (const group of order) {
    const rows = knobRows.filter((r) => groupOf(r.k.key) === group);
    if (!rows.length) continue;
    const details = el('details', 'knob-section rule-group');
    details.dataset.group = group;
    details.open = true;
    const summary = el('summary');
    summary.append(el('h3', '', t(`rules.group.${group}`)), ' ', el('span', 'section-count'));
    const list = el('div', 'rules');
    const keys = GROUPS.find(([g]) => g === group)?.[1] ?? [];
    rows.sort((a, b) => keys.indexOf(a.k.key) - keys.indexOf(b.k.key));
    for (const row of rows) list.append(row.tr);
    details.append(summary, list);
    box.append(details);
  }
  for (const row of knobRows) updateKnob(row);
  const agree = $('#to-agree');
  agree.hidden = toAgree.size === 0;
  agree.textContent = toAgree.size ? t('rules.to_agree_count', { count: toAgree.size }) : '';
  updateSummary();
}

/** The knobs changed from the preset, as `options` by section (the invalid ones left out). */
function chosenOptions() {
  /** @type {Record<string, Record<string, unknown>>} */
  const options = {};
  for (const row of knobRows) {
    if (!row.edited || 'error' in row.state) continue;
    (options[row.section] ??= {})[row.name] = row.state.value;
  }
  return options;
}

/** Show the rows the filters let through, count them, and sum up the changes by the button. */
function updateSummary() {
  const only = /** @type {HTMLInputElement} */ ($('#changed-only')).checked;
  const words = /** @type {HTMLInputElement} */ ($('#knob-filter')).value.trim().toLowerCase();
  let shown = 0;
  for (const details of document.querySelectorAll('#knobs details.knob-section')) {
    let visible = 0;
    let edited = 0;
    let differs = 0;
    const rows = knobRows.filter((r) => groupOf(r.k.key) === /** @type {HTMLElement} */ (details).dataset.group);
    for (const row of rows) {
      const flagged = row.edited || row.refused !== '';
      const text = `${row.k.key} ${knobLabel(row.k.key)} ${row.k.description} ${row.k.note} ${valueText(row.k, row.k.value)}`.toLowerCase();
      const show = (!only || row.differs || flagged || toAgree.has(row.k.key))
        && (!words || text.includes(words) || row.refused !== '');
      row.tr.hidden = !show;
      visible += Number(show);
      edited += /** @type {number} */ (/** @type {unknown} */ (row.edited));
      differs += /** @type {number} */ (/** @type {unknown} */ (row.differs));
    }
    shown += visible;
    /** @type {HTMLElement} */ (details).hidden = visible === 0;
    details.classList.toggle('has-edits', edited > 0);
    const parts = [t('rules.section_count', { count: rows.length })];
    if (differs) parts.push(t('rules.section_set', { count: differs }));
    if (edited) parts.push(t('rules.section_changed', { count: edited }));
    /** @type {HTMLElement} */ (details.querySelector('.section-count')).textContent = parts.join(' · ');
  }
  const edited = knobRows.filter((r) => r.edited);
  /** @type {HTMLButtonElement} */ ($('#reset-all')).disabled = edited.length === 0;
  $('#knob-count').textContent = t('rules.shown', { shown, total: knobRows.length });
  const summary = $('#changes-summary');
  summary.replaceChildren();
  if (edited.length === 0) {
    summary.textContent = t('lobby.rules_as_preset');
  } else {
    summary.append(t('lobby.rules_changed', { count: edited.length }));
    edited.forEach((row, i) => {
      const item = el('span', 'error' in row.state ? 'change invalid' : 'change');
      item.dataset.key = row.k.key;
      item.textContent = 'error' in row.state
        ? t('lobby.change_invalid', { key: knobLabel(row.k.key) })
        : `${knobLabel(row.k.key)} ${valueText(row.k, row.k.value)} → ${valueText(row.k, row.state.value)}`;
      summary.append(i ? ', ' : '', item);
    });
  }
}

function resetAll() {
  for (const row of knobRows) {
    row.refused = '';
    row.write(row.k.value);
    updateKnob(row);
  }
  updateSummary();
}

/** Open and show the rows of these knobs, and focus the first.
 * @param {KnobRow[]} rows */
function reveal(rows) {
  for (const row of rows) /** @type {HTMLDetailsElement} */ (row.tr.closest('details')).open = true;
  updateSummary();
  if (rows.length) {
    rows[0].tr.scrollIntoView({ block: 'center' });
    rows[0].input.focus({ preventScroll: true });
  }
}

// ---- saved rule sets, TOML export and import -------------------------------------------------

const SAVED_KEY = 'jantaku.rulesets';

/** @returns {Record<string, SavedSet>} */
function savedSets() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVED_KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, SavedSet>} sets */
function storeSets(sets) {
  localStorage.setItem(SAVED_KEY, JSON.stringify(sets));
}

/** @param {string} text @param {boolean} [bad] */
function say(text, bad = false) {
  const out = $('#ruleset-message');
  out.textContent = text;
  out.classList.toggle('error', bad);
}

/** Change the sheet to `preset` with `options` (by section) applied on its knobs.
 * @param {string} preset
 * @param {Record<string, Record<string, unknown>> | undefined} options */
async function applyRuleset(preset, options) {
  if (/** @type {HTMLSelectElement} */ ($('#preset')).value !== preset || loaded !== preset) {
    /** @type {HTMLSelectElement} */ ($('#preset')).value = preset;
    await loadPreset(preset);
  }
  resetAll();
  /** @type {string[]} */
  const unknown = [];
  for (const [section, values] of Object.entries(options ?? {})) {
    for (const [name, value] of Object.entries(values ?? {})) {
      const row = knobRows.find((r) => r.k.key === `${section}.${name}`);
      if (!row) { unknown.push(`${section}.${name}`); continue; }
      row.write(value);
      updateKnob(row);
    }
  }
  updateSummary();
  return unknown;
}

function renderSaved() {
  const list = $('#saved-list');
  list.replaceChildren();
  const sets = savedSets();
  const names = Object.keys(sets).sort();
  if (!names.length) { list.append(el('li', 'none', t('rules.no_saved'))); return; }
  for (const name of names) {
    const li = el('li', 'saved');
    li.dataset.name = name;
    const title = el('span', 'saved-name', name);
    const preset = [.../** @type {HTMLSelectElement} */ ($('#preset')).options].find((/** @type {HTMLOptionElement} */ o) => o.value === sets[name].preset);
    const base = el('span', 'saved-base', preset ? preset.text : sets[name].preset);
    const load = el('button', 'load', t('rules.load'));
    load.type = 'button';
    load.onclick = async () => {
      const unknown = await applyRuleset(sets[name].preset, sets[name].options);
      /** @type {HTMLInputElement} */ ($('#ruleset-name')).value = name;
      say(unknown.length ? t('rules.unknown_knob', { key: unknown.join(', ') }) : '', unknown.length > 0);
    };
    const del = el('button', 'delete', t('rules.delete'));
    del.type = 'button';
    del.onclick = () => {
      const all = savedSets();
      delete all[name];
      storeSets(all);
      renderSaved();
    };
    li.append(title, ' ', base, ' ', load, ' ', del);
    list.append(li);
  }
}

function saveRuleset() {
  const name = /** @type {HTMLInputElement} */ ($('#ruleset-name')).value.trim();
  if (!name) { say(t('rules.need_name'), true); $('#ruleset-name').focus(); return; }
  const sets = savedSets();
  sets[name] = { preset: /** @type {HTMLSelectElement} */ ($('#preset')).value, options: chosenOptions() };
  storeSets(sets);
  renderSaved();
  say(t('rules.saved_ok', { name }));
}

async function exportRuleset() {
  const preset = /** @type {HTMLSelectElement} */ ($('#preset')).value;
  const r = await fetch('/api/rulesets/export', {
    method: 'POST',
    headers: langHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ preset, options: chosenOptions(), title: /** @type {HTMLInputElement} */ ($('#ruleset-name')).value.trim() }),
  });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    say(t('rules.export_failed', { detail: detailText(body.detail) || r.status }), true);
    return;
  }
  const text = await r.text();
  const name = (/** @type {HTMLInputElement} */ ($('#ruleset-name')).value.trim() || preset).replace(/[\\/:*?"<>|\s]+/g, '-');
  const a = el('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/toml' }));
  a.download = `${name}.toml`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  lastExport = text;
}

let lastExport = ''; // for tests: the text of the last export

/** @param {File} file */
async function importRuleset(file) {
  const text = await file.text();
  /** @type {import('./api-types').RulesetImportReply} */
  let reply;
  try {
    reply = await request('/api/rulesets/import', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ toml: text }),
    });
  } catch (e) {
    say(t('rules.import_failed', { detail: /** @type {Error} */ (e).message }), true);
    return;
  }
  const unknown = await applyRuleset(reply.preset, reply.options);
  const name = file.name.replace(/\.toml$/i, '');
  /** @type {HTMLInputElement} */ ($('#ruleset-name')).value = name;
  const count = Object.values(reply.options).reduce((/** @type {number} */ n, /** @type {object} */ v) => n + Object.keys(v).length, 0);
  say(unknown.length ? t('rules.unknown_knob', { key: unknown.join(', ') })
    : t('rules.imported', { name, count }), unknown.length > 0);
}

// ---- starting a table ----------------------------------------------------------------------

function chosenPeople() {
  return Number(/** @type {HTMLInputElement | null} */ (document.querySelector('input[name="people"]:checked'))?.value ?? players);
}

/** @param {number} id @param {string} token */
function tableUrl(id, token) {
  return seatLink(location.origin, id, token);
}

/** @param {SubmitEvent} event */
async function start(event) {
  event.preventDefault();
  $('#form-error').textContent = '';
  for (const row of knobRows) {
    if (row.refused) { row.refused = ''; updateKnob(row); }
  }
  const invalid = knobRows.filter((r) => 'error' in r.state);
  if (invalid.length) {
    $('#form-error').textContent = t('lobby.fix_first', {
      list: invalid.map((r) => `${knobLabel(r.k.key)} (${r.state.error})`).join('; '),
    });
    reveal(invalid);
    return;
  }
  const kinds = [...$('#seats').querySelectorAll('select')].map((/** @type {HTMLSelectElement} */ s) => s.value);
  /** @type {{ preset: string, seats: string[], seed?: number, options?: object }} */
  const body = {
    preset: /** @type {HTMLSelectElement} */ ($('#preset')).value,
    seats: kinds.map((k) => (k === 'you' || k === 'friend' ? 'human' : k)),
  };
  const seed = /** @type {HTMLInputElement} */ ($('#seed')).value.trim();
  if (seed !== '') body.seed = Number(seed);
  const options = chosenOptions();
  if (Object.keys(options).length) body.options = options;
  /** @type {import('./api-types').NewTableReply} */
  let reply;
  try {
    reply = await request('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    $('#form-error').textContent = t('lobby.could_not_start', { detail: /** @type {ApiError} */ (e).message });
    // Flag the knobs the server names as data (`bad_knob`: params.knobs), never from words.
    const named = new Set(/** @type {string[]} */ (/** @type {ApiError} */ (e).params?.knobs ?? []));
    const refused = knobRows.filter((r) => named.has(r.k.key));
    for (const row of refused) { row.refused = /** @type {ApiError} */ (e).message; updateKnob(row); }
    updateSummary();
    return;
  }
  const mine = kinds.indexOf('you');
  const friends = kinds.map((k, i) => /** @type {[string, number]} */ ([k, i])).filter(([k]) => k === 'friend');
  // This browser keeps the seats it gives out: back to the table, or an invite sent again.
  const kept = Object.fromEntries(kinds.flatMap((k, i) => (k === 'you' || k === 'friend'
    ? [[String(i), reply.tokens[String(i)]]] : [])));
  if (Object.keys(kept).length) {
    rememberTable({ id: reply.id, preset: body.preset, mine: mine >= 0 ? mine : null, tokens: kept });
  }
  refreshTables();
  if (friends.length === 0 && mine >= 0) {
    location.href = tableUrl(reply.id, reply.tokens[String(mine)]);
    return;
  }
  const list = $('#invite-list');
  list.replaceChildren();
  for (const [, i] of friends) {
    const li = document.createElement('li');
    const url = tableUrl(reply.id, reply.tokens[String(i)]);
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = url;
    input.size = 60;
    li.append(t('lobby.invite_seat', { n: i + 1 }), input, ' ', copyButton(input));
    list.append(li);
  }
  const own = $('#own-seat');
  own.replaceChildren();
  if (mine < 0) own.textContent = t('lobby.no_own_seat', { id: reply.id });
  if (mine >= 0) {
    const a = document.createElement('a');
    a.href = tableUrl(reply.id, reply.tokens[String(mine)]);
    a.textContent = t('lobby.take_seat', { n: mine + 1, id: reply.id });
    own.append(a);
  }
  $('#invites').hidden = false;
}

/** A button that copies the link in `input` and says so (or, where the browser refuses,
 * leaves it selected to copy by hand).
 * @param {HTMLInputElement} input */
function copyButton(input) {
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = t('lobby.copy');
  const said = el('span', 'copied');
  said.setAttribute('role', 'status');
  copy.onclick = async () => {
    input.select();
    let ok = false;
    try {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    } catch {
      try { ok = document.execCommand('copy'); } catch { ok = false; }
    }
    said.textContent = ok ? t('lobby.copied') : t('lobby.copy_by_hand');
    copy.classList.toggle('done', ok);
    setTimeout(() => { said.textContent = ''; copy.classList.remove('done'); }, 3000);
  };
  const box = el('span', 'copy-box');
  box.append(copy, said);
  return box;
}

// ---- the tables this browser sat down at ------------------------------------------------------

/** "あなたの卓": the unfinished tables this browser holds seats of (back to one's own seat, a
 * friend's invite link again), and the finished ones to replay or forget.
 * @param {import('./api-types').TableListing[]} rows the server's tables (GET /api/tables) */
function renderMine(rows) {
  const kept = myTables();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = $('#my-tables');
  list.replaceChildren();
  for (const m of kept) {
    const row = byId.get(m.id);
    const li = el('li', 'my-table');
    li.dataset.table = String(m.id);
    const preset = [.../** @type {HTMLSelectElement} */ ($('#preset')).options].find((/** @type {HTMLOptionElement} */ o) => o.value === m.preset);
    const status = !row ? t('lobby.status.unknown')
      : ['playing', 'finished'].includes(row.status) ? t(`lobby.status.${row.status}`) : row.status;
    li.append(el('span', 'what', `#${m.id} ${preset ? preset.text : m.preset} · ${status}`));
    const tools = el('span', 'tools');
    if (row && row.status !== 'finished' && m.mine !== null && m.tokens[String(m.mine)]) {
      const back = el('a', 'back', t('lobby.back_to_table'));
      back.href = seatUrl(m.id, m.tokens[String(m.mine)]);
      tools.append(back);
    }
    if (row && row.status === 'finished') {
      const replay = el('a', 'replay', t('lobby.replay'));
      replay.href = `/replay.html?table=${m.id}`;
      tools.append(replay);
    }
    const forget = el('button', 'forget', t('lobby.forget'));
    forget.type = 'button';
    forget.onclick = () => { forgetTable(m.id); renderMine(rows); };
    tools.append(forget);
    li.append(tools);
    if (row && row.status !== 'finished') {
      for (const [seat, token] of Object.entries(m.tokens)) {
        if (Number(seat) === m.mine) continue;
        const invite = el('details', 'reinvite');
        invite.append(el('summary', '', t('lobby.invite_again', { n: Number(seat) + 1 })));
        const input = document.createElement('input');
        input.readOnly = true;
        input.value = seatUrl(m.id, token);
        input.setAttribute('aria-label', t('lobby.invite_seat', { n: Number(seat) + 1 }));
        invite.append(input, ' ', copyButton(input));
        li.append(invite);
      }
    }
    list.append(li);
  }
  $('#mine-section').hidden = kept.length === 0;
}

// ---- the tables ----------------------------------------------------------------------------

/** A table's changed knobs as [key, value] pairs; `options` may be by section or flat.
 * @param {Record<string, unknown> | undefined} options */
function optionPairs(options) {
  /** @type {[string, unknown][]} */
  const pairs = [];
  for (const [top, v] of Object.entries(options ?? {})) {
    const sectioned = sections.has(top) || (sections.size === 0 && v && typeof v === 'object' && !Array.isArray(v));
    if (sectioned && v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [name, value] of Object.entries(v)) pairs.push([`${top}.${name}`, value]);
    } else {
      pairs.push([top, v]);
    }
  }
  return pairs;
}

/** The "changed knobs" cell: the first few, and how many more (all of them in its title).
 * @param {Record<string, unknown> | undefined} options */
function optionsCell(options) {
  const td = el('td', 'options');
  const pairs = optionPairs(options).map(([key, v]) => `${knobLabel(key)}=${fmt(v)}`);
  if (pairs.length === 0) return td;
  const shown = pairs.slice(0, 3).join(', ');
  td.textContent = pairs.length > 3 ? `${shown}, ${t('lobby.more', { count: pairs.length - 3 })}` : shown;
  td.title = pairs.join('\n');
  return td;
}

/** @param {unknown} created */
function when(created) {
  return typeof created === 'number' ? new Date(created * 1000).toLocaleString(document.documentElement.lang)
    : created ?? '';
}

/** A seat kind of the table list ("human", "bot:baseline") for people.
 * @param {string} kind */
function seatKindName(kind) {
  if (kind.startsWith('bot:')) return t('lobby.seat_kind.bot', { name: botKindName(kind.slice(4)) });
  if (kind.startsWith('mjai:')) return t('lobby.seat_kind.mjai', { name: kind.slice(5) });
  return kind === 'human' ? t('lobby.seat_kind.human') : kind;
}

async function refreshTables() {
  /** @type {import('./api-types').TableListing[]} */
  const rows = await request('/api/tables');
  renderMine(rows);
  const body = $('#tables tbody');
  body.replaceChildren();
  for (const tb of rows.slice().reverse()) {
    const tr = document.createElement('tr');
    tr.dataset.table = String(tb.id);
    const preset = [.../** @type {HTMLSelectElement} */ ($('#preset')).options].find((o) => o.value === tb.preset);
    const presetCell = el('td', 'preset', preset ? preset.text : tb.preset);
    presetCell.dataset.preset = tb.preset;
    tr.append(el('td', '', String(tb.id)), presetCell, optionsCell(tb.options));
    const status = ['playing', 'finished'].includes(tb.status) ? t(`lobby.status.${tb.status}`) : tb.status;
    for (const c of [tb.seats.map(seatKindName).join(', '), status, when(tb.created)]) tr.append(el('td', '', String(c)));
    const td = document.createElement('td');
    if (tb.status === 'finished') {
      const replay = document.createElement('a');
      replay.href = `/replay.html?table=${tb.id}`;
      replay.className = 'replay';
      replay.textContent = t('lobby.replay');
      const a = document.createElement('a');
      a.href = `/api/tables/${tb.id}/log`;
      a.download = `jantaku-${tb.id}.jsonl`;
      a.className = 'download';
      a.textContent = t('lobby.download');
      td.append(replay, ' · ', a);
    }
    tr.append(td);
    body.append(tr);
  }
}

$('#preset').addEventListener('change', () => {
  loadPreset(/** @type {HTMLSelectElement} */ ($('#preset')).value).catch((e) => { $('#form-error').textContent = e.message; });
});
$('#changed-only').addEventListener('change', updateSummary);
$('#knob-filter').addEventListener('input', updateSummary);
$('#reset-all').addEventListener('click', resetAll);
$('#table-form').addEventListener('submit', start);
for (const radio of document.querySelectorAll('input[name="people"]')) {
  radio.addEventListener('change', () => { people = chosenPeople(); renderSeats(); });
}
$('#refresh').addEventListener('click', refreshTables);
$('#save-ruleset').addEventListener('click', saveRuleset);
$('#export-ruleset').addEventListener('click', () => { exportRuleset().catch((e) => say(e.message, true)); });
$('#import-ruleset').addEventListener('change', (e) => {
  const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
  if (file) importRuleset(file).catch((err) => say(err.message, true)).finally(() => { /** @type {HTMLInputElement} */ (e.target).value = ''; });
});
renderSaved();
// For tests and debugging: the preset whose knobs are shown, and the options a start would send.
globalThis.jantakuLobby = {
  loaded: () => loaded,
  options: chosenOptions,
  lastExport: () => lastExport,
};
applyI18n(document);
onLangChange(() => {
  renderSeats();
  labelPresets();
  showTitle();
  if (shownPreset) renderKnobs(shownPreset.knobs);
  renderSaved();
  refreshTables().catch(() => {});
});
labelPresets();
// The yaku by name for the rule sheet's pickers, before the first preset's rows are drawn.
request('/api/yaku').then(setYakuNames).catch(() => {}).finally(() => {
  loadPreset(/** @type {HTMLSelectElement} */ ($('#preset')).value).catch((e) => { $('#form-error').textContent = errorText(e) || e.message; });
});
refreshTables().catch(() => {});
// External mjai bots this server may seat (its admin's list: GET /api/mjai-bots).
/** @type {Promise<string[]>} */ (request('/api/mjai-bots')).then((names) => {
  if (!names.length) return;
  SEAT_KINDS.splice(-1, 0, ...names.map((n) => /** @type {[string, string, { name: string }]} */ ([`mjai:${n}`, 'lobby.seat_kind.mjai', { name: n }])));
  renderSeats();
}).catch(() => {});
