// The lobby: choose a preset, read its knobs, seat the players, start a table.

const $ = (sel) => document.querySelector(sel);
const SEAT_KINDS = [
  ['you', 'you'],
  ['bot:baseline', 'bot (baseline)'],
  ['bot:random', 'bot (random)'],
  ['friend', 'friend (invite link)'],
];
const WINDS = ['East', 'South', 'West', 'North'];
let players = 4; // who play a hand under the preset
let people = 4; // who sit at the table: 4 at a three-player preset means one sits out each hand

async function getJSON(url, options) {
  const r = await fetch(url, options);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.detail ? JSON.stringify(body.detail) : `HTTP ${r.status}`);
  return body;
}

function fmt(v) {
  return typeof v === 'string' ? v : JSON.stringify(v);
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
  const p = await getJSON(`/api/presets/${encodeURIComponent(name)}`);
  players = p.players;
  $('#people').hidden = players !== 3;
  people = players === 3 ? chosenPeople() : players;
  renderSeats();
  $('#knobs-title').textContent = `${p.name} — ${p.title} (${p.title_ja}), ${p.players} players`;
  const only = $('#changed-only').checked;
  const body = $('#knobs tbody');
  body.replaceChildren();
  for (const k of p.knobs) {
    const changed = fmt(k.value) !== fmt(k.default);
    if (only && !changed) continue;
    const tr = document.createElement('tr');
    if (changed) tr.className = 'changed';
    for (const text of [k.key, fmt(k.value), fmt(k.default), k.description]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
}

function chosenPeople() {
  return Number(document.querySelector('input[name="people"]:checked')?.value ?? players);
}

function tableUrl(id, token) {
  return `${location.origin}/table.html?table=${id}&token=${encodeURIComponent(token)}`;
}

async function start(event) {
  event.preventDefault();
  $('#form-error').textContent = '';
  const kinds = [...$('#seats').querySelectorAll('select')].map((s) => s.value);
  const body = {
    preset: $('#preset').value,
    seats: kinds.map((k) => (k === 'you' || k === 'friend' ? 'human' : k)),
  };
  const seed = $('#seed').value.trim();
  if (seed !== '') body.seed = Number(seed);
  let reply;
  try {
    reply = await getJSON('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    $('#form-error').textContent = `Could not start the table: ${e.message}`;
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

async function refreshTables() {
  const rows = await getJSON('/api/tables');
  const body = $('#tables tbody');
  body.replaceChildren();
  for (const t of rows.slice().reverse()) {
    const tr = document.createElement('tr');
    tr.dataset.table = String(t.id);
    const cells = [t.id, t.preset, t.seats.join(', '), t.status, t.created ?? ''];
    for (const c of cells) {
      const td = document.createElement('td');
      td.textContent = String(c);
      tr.append(td);
    }
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

$('#preset').addEventListener('change', () => loadPreset($('#preset').value));
$('#changed-only').addEventListener('change', () => loadPreset($('#preset').value));
$('#table-form').addEventListener('submit', start);
for (const radio of document.querySelectorAll('input[name="people"]')) {
  radio.addEventListener('change', () => { people = chosenPeople(); renderSeats(); });
}
$('#refresh').addEventListener('click', refreshTables);
loadPreset($('#preset').value).catch((e) => { $('#form-error').textContent = e.message; });
refreshTables().catch(() => {});
