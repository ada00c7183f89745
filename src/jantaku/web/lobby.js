// The lobby: choose a preset, read and change its knobs, seat the players, start a table.
import { seatLink } from './net.js';

const $ = (sel) => document.querySelector(sel);
const SEAT_KINDS = [
  ['you', 'you'],
  ['bot:baseline', 'bot (baseline)'],
  ['bot:random', 'bot (random)'],
  ['friend', 'friend (invite link)'],
];
const WINDS = ['East', 'South', 'West', 'North'];
const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;
let players = 4; // who play a hand under the preset
let people = 4; // who sit at the table: 4 at a three-player preset means one sits out each hand
let knobRows = []; // one editor per knob of the chosen preset: {k, section, name, tr, read, write}
let loading = 0; // the latest preset request: an older answer is dropped
let loaded = ''; // the preset whose knobs are shown
const sections = new Set(); // the knob sections, to read flat and sectioned `options` apart

async function getJSON(url, options) {
  const r = await fetch(url, options);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(detailText(body.detail) || `HTTP ${r.status}`);
  return body;
}

/** The server's `detail`: a message, or FastAPI's list of validation errors. */
function detailText(detail) {
  if (detail === undefined || detail === null) return '';
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => (d && d.msg ? `${(d.loc ?? []).join('.')}: ${d.msg}` : fmt(d))).join('; ');
  }
  return JSON.stringify(detail);
}

function fmt(v) {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** JSON with sorted object keys: two values are the same knob value when these agree. */
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A knob's documentation as nodes: ``code`` spans become <code>, line breaks spaces. */
function richText(parent, text) {
  text.replace(/\s*\n\s*/g, ' ').split(/``(.*?)``/).forEach((part, i) => {
    if (part) parent.append(i % 2 ? el('code', '', part) : part);
  });
  return parent;
}

function renderSeats() {
  const box = $('#seats');
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  box.querySelectorAll('label').forEach((l) => l.remove());
  for (let i = 0; i < people; i++) {
    const label = document.createElement('label');
    // Four people at three-player rules: the one just before the dealer sits out, so the
    // fourth person sits out the first hand.
    const where = i < players ? `${WINDS[i]} at the start` : 'sits out the first hand';
    label.append(`Seat ${i + 1} (${where}) `);
    const sel = document.createElement('select');
    sel.dataset.seat = String(i);
    for (const [value, text] of SEAT_KINDS) sel.append(new Option(text, value));
    sel.value = old[i] ?? (i === 0 ? 'you' : 'bot:baseline');
    label.append(sel);
    box.append(label);
  }
}

async function loadPreset(name) {
  const mine = ++loading;
  const p = await getJSON(`/api/presets/${encodeURIComponent(name)}`);
  if (mine !== loading) return;
  players = p.players;
  $('#people').hidden = players !== 3;
  people = players === 3 ? chosenPeople() : players;
  renderSeats();
  $('#knobs-title').textContent = `${p.name} — ${p.title} (${p.title_ja}), ${p.players} players`;
  renderKnobs(p.knobs);
  loaded = p.name;
}

// ---- the knob editors ----------------------------------------------------------------------

/** The editor of one knob: its input element, and how to read and write a value. */
function editor(k) {
  const id = `knob-${k.key.replace(/\W/g, '-')}`;
  if (k.kind === 'bool') {
    const input = el('input');
    input.type = 'checkbox';
    input.id = id;
    return {
      input,
      read: () => ({ value: input.checked }),
      write: (v) => { input.checked = Boolean(v); },
    };
  }
  if (k.kind === 'int' || k.kind === 'float') {
    const input = el('input');
    input.type = 'number';
    input.id = id;
    input.step = k.kind === 'int' ? '1' : 'any';
    return {
      input,
      read: () => {
        const text = input.value.trim();
        const n = Number(text);
        if (text === '' || !Number.isFinite(n)) return { error: 'a number is needed' };
        if (k.kind === 'int' && !Number.isInteger(n)) return { error: 'a whole number is needed' };
        return { value: n };
      },
      write: (v) => { input.value = String(v); },
    };
  }
  if (k.kind === 'choice') {
    const input = el('select');
    input.id = id;
    for (const c of k.choices) input.append(new Option(c, c));
    // A Literal of numbers (hand.wildcards: 0 or 1) lists its choices as text.
    const numeric = typeof k.value === 'number' || typeof k.default === 'number';
    return {
      input,
      read: () => ({ value: numeric ? Number(input.value) : input.value }),
      write: (v) => { input.value = String(v); },
    };
  }
  if (k.kind === 'str') {
    const input = el('input');
    input.type = 'text';
    input.id = id;
    return { input, read: () => ({ value: input.value }), write: (v) => { input.value = v ?? ''; } };
  }
  // json: a list or a map, written as JSON.
  const input = el('textarea', 'json');
  input.id = id;
  input.spellcheck = false;
  // As many lines as the text needs (about 25 characters a line), at most four.
  const fit = () => { input.rows = Math.min(4, Math.max(1, Math.ceil(input.value.length / 25))); };
  input.addEventListener('input', fit);
  return {
    input,
    read: () => {
      let value;
      try {
        value = JSON.parse(input.value);
      } catch (e) {
        return { error: `not JSON: ${e.message}` };
      }
      const want = Array.isArray(k.default ?? k.value) ? 'list' : 'map';
      const got = Array.isArray(value) ? 'list' : value && typeof value === 'object' ? 'map' : 'other';
      if (got !== want) return { error: `a JSON ${want} is needed (${want === 'list' ? '[...]' : '{...}'})` };
      return { value };
    },
    write: (v) => { input.value = JSON.stringify(v); fit(); },
  };
}

function knobRow(k) {
  const [section, ...rest] = k.key.split('.');
  const name = rest.join('.');
  const ed = editor(k);
  const tr = el('tr', 'knob');
  tr.dataset.key = k.key;
  tr.dataset.kind = k.kind;
  const differs = canon(k.value) !== canon(k.default);
  if (differs) tr.classList.add('differs');

  const keyCell = el('td', 'key');
  const label = el('label');
  label.htmlFor = ed.input.id;
  label.append(el('code', '', name));
  keyCell.append(label);
  if (differs) {
    const mark = el('span', 'differs-mark', '●');
    mark.title = 'this preset changes it from the default';
    keyCell.append(' ', mark);
  }
  keyCell.append(el('span', 'edited-mark', 'changed'));

  const valueCell = el('td', 'value');
  const reset = el('button', 'reset', '↺ reset');
  reset.type = 'button';
  reset.title = `back to the preset's value: ${fmt(k.value)}`;
  const presetValue = el('div', 'preset-value', `preset: ${fmt(k.value)}`);
  const problem = el('div', 'problem');
  problem.setAttribute('role', 'status');
  valueCell.append(ed.input, ' ', reset, presetValue, problem);

  const defaultCell = el('td', 'default', fmt(k.default));

  const explain = el('td', 'explain');
  explain.append(richText(el('p', 'description'), k.description));
  if (k.note) {
    const note = el('p', 'note');
    if (JAPANESE.test(k.note)) note.lang = 'ja';
    note.append(el('span', 'note-label', 'preset note: '));
    richText(note, k.note);
    explain.append(note);
  }
  tr.append(keyCell, valueCell, defaultCell, explain);

  const row = { k, section, name, tr, differs, problem, ...ed, refused: '' };
  ed.write(k.value);
  const changed = () => { row.refused = ''; updateKnob(row); updateSummary(); };
  ed.input.addEventListener(ed.input.type === 'checkbox' || ed.input.tagName === 'SELECT' ? 'change' : 'input', changed);
  reset.addEventListener('click', () => { ed.write(k.value); changed(); });
  return row;
}

/** Read the editor: `row.state` is {value} or {error}; mark the row changed or invalid. */
function updateKnob(row) {
  row.state = row.read();
  row.edited = 'error' in row.state || canon(row.state.value) !== canon(row.k.value);
  row.tr.classList.toggle('edited', row.edited);
  row.tr.classList.toggle('invalid', 'error' in row.state || row.refused !== '');
  row.problem.textContent = row.state.error ?? row.refused;
  row.tr.querySelector('.reset').disabled = !row.edited;
}

function renderKnobs(knobs) {
  sections.clear();
  knobRows = knobs.map(knobRow);
  const box = $('#knobs');
  box.replaceChildren();
  const bySection = new Map();
  for (const row of knobRows) {
    sections.add(row.section);
    if (!bySection.has(row.section)) bySection.set(row.section, []);
    bySection.get(row.section).push(row);
  }
  for (const [section, rows] of bySection) {
    const details = el('details', 'knob-section');
    details.dataset.section = section;
    details.open = true;
    const summary = el('summary');
    summary.append(el('h3', '', section), ' ', el('span', 'section-count'));
    const table = el('table', 'knobs');
    const head = el('tr');
    for (const t of ['knob', 'value', 'default', 'what it does']) head.append(el('th', '', t));
    table.append(el('thead'), el('tbody'));
    table.tHead.append(head);
    for (const row of rows) table.tBodies[0].append(row.tr);
    details.append(summary, table);
    box.append(details);
  }
  for (const row of knobRows) updateKnob(row);
  updateSummary();
}

/** The knobs changed from the preset, as `options` by section (the invalid ones left out). */
function chosenOptions() {
  const options = {};
  for (const row of knobRows) {
    if (!row.edited || 'error' in row.state) continue;
    (options[row.section] ??= {})[row.name] = row.state.value;
  }
  return options;
}

/** Show the rows the filters let through, count them, and sum up the changes by the button. */
function updateSummary() {
  const only = $('#changed-only').checked;
  const words = $('#knob-filter').value.trim().toLowerCase();
  let shown = 0;
  for (const details of document.querySelectorAll('#knobs details.knob-section')) {
    let visible = 0;
    let edited = 0;
    let differs = 0;
    const rows = knobRows.filter((r) => r.section === details.dataset.section);
    for (const row of rows) {
      const flagged = row.edited || row.refused !== '';
      const text = `${row.k.key} ${row.k.description} ${row.k.note} ${fmt(row.k.value)}`.toLowerCase();
      const show = (!only || row.differs || flagged) && (!words || text.includes(words) || row.refused !== '');
      row.tr.hidden = !show;
      visible += show;
      edited += row.edited;
      differs += row.differs;
    }
    shown += visible;
    details.hidden = visible === 0;
    details.classList.toggle('has-edits', edited > 0);
    const parts = [`${rows.length} knobs`];
    if (differs) parts.push(`${differs} set by the preset`);
    if (edited) parts.push(`${edited} changed`);
    details.querySelector('.section-count').textContent = parts.join(' · ');
  }
  const edited = knobRows.filter((r) => r.edited);
  $('#reset-all').disabled = edited.length === 0;
  $('#knob-count').textContent = `${shown} of ${knobRows.length} knobs shown`;
  const summary = $('#changes-summary');
  summary.replaceChildren();
  if (edited.length === 0) {
    summary.textContent = 'Rules: the preset as it is.';
  } else {
    summary.append(`Rules: the preset with ${edited.length} changed knob${edited.length > 1 ? 's' : ''}: `);
    edited.forEach((row, i) => {
      const item = el('span', 'error' in row.state ? 'change invalid' : 'change');
      item.textContent = 'error' in row.state
        ? `${row.k.key} (invalid)`
        : `${row.k.key} ${fmt(row.k.value)} → ${fmt(row.state.value)}`;
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

/** Open and show the rows of these knobs, and focus the first. */
function reveal(rows) {
  for (const row of rows) row.tr.closest('details').open = true;
  updateSummary();
  if (rows.length) {
    rows[0].tr.scrollIntoView({ block: 'center' });
    rows[0].input.focus({ preventScroll: true });
  }
}

// ---- starting a table ----------------------------------------------------------------------

function chosenPeople() {
  return Number(document.querySelector('input[name="people"]:checked')?.value ?? players);
}

function tableUrl(id, token) {
  return seatLink(location.origin, id, token);
}

async function start(event) {
  event.preventDefault();
  $('#form-error').textContent = '';
  for (const row of knobRows) {
    if (row.refused) { row.refused = ''; updateKnob(row); }
  }
  const invalid = knobRows.filter((r) => 'error' in r.state);
  if (invalid.length) {
    $('#form-error').textContent = `Fix the flagged knobs first: ${
      invalid.map((r) => `${r.k.key} (${r.state.error})`).join('; ')}`;
    reveal(invalid);
    return;
  }
  const kinds = [...$('#seats').querySelectorAll('select')].map((s) => s.value);
  const body = {
    preset: $('#preset').value,
    seats: kinds.map((k) => (k === 'you' || k === 'friend' ? 'human' : k)),
  };
  const seed = $('#seed').value.trim();
  if (seed !== '') body.seed = Number(seed);
  const options = chosenOptions();
  if (Object.keys(options).length) body.options = options;
  let reply;
  try {
    reply = await getJSON('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    $('#form-error').textContent = `Could not start the table: ${e.message}`;
    // Flag the knobs the server names (`settlement.uma: 4 values, one per rank`).
    const named = new Set(e.message.match(/\b[a-z_]+\.[a-z_0-9]+\b/g) ?? []);
    const refused = knobRows.filter((r) => named.has(r.k.key));
    for (const row of refused) { row.refused = e.message; updateKnob(row); }
    updateSummary();
    return;
  }
  const mine = kinds.indexOf('you');
  const friends = kinds.map((k, i) => [k, i]).filter(([k]) => k === 'friend');
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
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'copy';
    copy.onclick = () => { input.select(); navigator.clipboard?.writeText(url); };
    li.append(`Seat ${i + 1}: `, input, ' ', copy);
    list.append(li);
  }
  const own = $('#own-seat');
  own.replaceChildren();
  if (mine < 0) own.textContent = `Table ${reply.id} started; none of its seats is yours.`;
  if (mine >= 0) {
    const a = document.createElement('a');
    a.href = tableUrl(reply.id, reply.tokens[String(mine)]);
    a.textContent = `Take your seat (seat ${mine + 1}) at table ${reply.id}`;
    own.append(a);
  }
  $('#invites').hidden = false;
}

// ---- the tables ----------------------------------------------------------------------------

/** A table's changed knobs as [key, value] pairs; `options` may be by section or flat. */
function optionPairs(options) {
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

/** The "changed knobs" cell: the first few, and how many more (all of them in its title). */
function optionsCell(options) {
  const td = el('td', 'options');
  const pairs = optionPairs(options).map(([key, v]) => `${key}=${fmt(v)}`);
  if (pairs.length === 0) return td;
  const shown = pairs.slice(0, 3).join(', ');
  td.textContent = pairs.length > 3 ? `${shown}, +${pairs.length - 3} more` : shown;
  td.title = pairs.join('\n');
  return td;
}

function when(created) {
  return typeof created === 'number' ? new Date(created * 1000).toLocaleString() : created ?? '';
}

async function refreshTables() {
  const rows = await getJSON('/api/tables');
  const body = $('#tables tbody');
  body.replaceChildren();
  for (const t of rows.slice().reverse()) {
    const tr = document.createElement('tr');
    tr.dataset.table = String(t.id);
    tr.append(el('td', '', String(t.id)), el('td', 'preset', t.preset), optionsCell(t.options));
    for (const c of [t.seats.join(', '), t.status, when(t.created)]) tr.append(el('td', '', String(c)));
    const td = document.createElement('td');
    if (t.status === 'finished') {
      const replay = document.createElement('a');
      replay.href = `/replay.html?table=${t.id}`;
      replay.className = 'replay';
      replay.textContent = 'replay';
      const a = document.createElement('a');
      a.href = `/api/tables/${t.id}/log`;
      a.download = `jantaku-${t.id}.jsonl`;
      a.className = 'download';
      a.textContent = 'download';
      td.append(replay, ' · ', a);
    }
    tr.append(td);
    body.append(tr);
  }
}

$('#preset').addEventListener('change', () => {
  loadPreset($('#preset').value).catch((e) => { $('#form-error').textContent = e.message; });
});
$('#changed-only').addEventListener('change', updateSummary);
$('#knob-filter').addEventListener('input', updateSummary);
$('#reset-all').addEventListener('click', resetAll);
$('#table-form').addEventListener('submit', start);
for (const radio of document.querySelectorAll('input[name="people"]')) {
  radio.addEventListener('change', () => { people = chosenPeople(); renderSeats(); });
}
$('#refresh').addEventListener('click', refreshTables);
// For tests and debugging: the preset whose knobs are shown, and the options a start would send.
globalThis.jantakuLobby = {
  loaded: () => loaded,
  options: chosenOptions,
};
loadPreset($('#preset').value).catch((e) => { $('#form-error').textContent = e.message; });
refreshTables().catch(() => {});
// External mjai bots this server may seat (its admin's list: GET /api/mjai-bots).
getJSON('/api/mjai-bots').then((names) => {
  if (!names.length) return;
  SEAT_KINDS.splice(-1, 0, ...names.map((n) => [`mjai:${n}`, `mjai bot (${n})`]));
  renderSeats();
}).catch(() => {});
