// @ts-check
// The start page of 点数記録 (/score without a session): the form that starts a session (the
// preset, its settlement, game-flow and chip knobs as the rule sheet's controls, the people,
// points and rates), and the sessions this phone has opened, which the session page keeps
// up to date (remember).
import { api, el, fill, lang, t } from './scorekit.js';
import { $, errText } from './score-state.js';

/** @typedef {import('./types').Knob} Knob */
/** @typedef {import('./score-state.js').ScoreState} ScoreState */
/** A session this phone opened (localStorage jantaku.score.recent, written by remember).
 * @typedef {{ id: string, preset: string, names: string[], hands: number, when: number }} RecentSession */

/** Knob options (JSON objects) with `b`'s values over `a`'s, section by section.
 * @param {object} a @param {object | null | undefined} b
 * @returns {Record<string, unknown>} */
function mergeOptions(a, b) {
  const out = /** @type {Record<string, unknown>} */ ({ ...a });
  for (const [k, v] of Object.entries(b ?? {})) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object' ? mergeOptions(out[k], v) : v;
  }
  return out;
}

/** The sessions this phone has opened, newest first (for the start page).
 * @returns {RecentSession[]} */
function recent() {
  try { return JSON.parse(/** @type {string} */ (localStorage.getItem('jantaku.score.recent'))) ?? []; } catch { return []; }
}

/** @param {ScoreState} state */
export function remember(state) {
  const entry = { id: state.id, preset: state.config.preset, names: state.config.names,
    hands: state.hands.length, when: Date.now() };
  const list = [entry, ...recent().filter((r) => r.id !== state.id)].slice(0, 20);
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
  /** @type {{ knobs: Knob[] }} */
  const detail = await api(`/api/presets/${encodeURIComponent(presetName)}`);
  const wanted = ['settlement', 'game', 'chips'];
  const rows = detail.knobs.filter((k) => wanted.includes(k.key.split('.')[0])).map((k) => {
    const ed = rs.editorFor(k);
    ed.write(k.value);
    const unit = rs.unitOf(k.key);
    return { k, ed, row: el('div', { class: 'knob', dataset: { testid: `knob-${k.key}` } },
      el('label', { for: ed.input.id }, rs.knobLabel(k.key)), ed.input, unit ? el('span', { class: 'unit' }, t(`rules.unit.${unit}`)) : null) };
  });
  fill(box, ...wanted.map((section) => {
    const mine = rows.filter((r) => r.k.key.startsWith(`${section}.`));
    return mine.length ? el('fieldset', { class: 'knob-group' }, el('legend', {}, t(`score.knobs_${section}`)), mine.map((r) => r.row)) : null;
  }));
  return () => {
    /** @type {Record<string, Record<string, unknown>>} */
    const out = {};
    const bad = [];
    for (const { k, ed } of rows) {
      const r = /** @type {{ value?: unknown, error?: string }} */ (ed.read());
      if (r.error) { bad.push(`${rs.knobLabel(k.key)} (${r.error})`); continue; }
      if (JSON.stringify(r.value) === JSON.stringify(k.value)) continue;
      const [section, name] = k.key.split('.');
      (out[section] ??= {})[name] = r.value;
    }
    if (bad.length) throw new Error(bad.join('; '));
    return out;
  };
}

export async function createPage() {
  $('create').hidden = false;
  const form = /** @type {HTMLFormElement} */ ($('create-form'));
  /** @type {import('./types').PresetTitle[]} */
  const presets = await api('/api/presets');
  presetTitles = Object.fromEntries(presets.map((p) => [p.name, lang() === 'en' ? p.title : p.title_ja]));
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
      list.map((r) => {
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
    /** @type {Record<string, unknown>} */
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
      if (f.options.value.trim()) body.options = mergeOptions(/** @type {object} */ (body.options), JSON.parse(f.options.value));
    } catch {
      $('create-error').textContent = t('score.bad_options');
      return;
    }
    if (!Object.keys(/** @type {object} */ (body.options)).length) delete body.options;
    if (/** @type {FileList} */ (f.tomlfile.files).length) body.toml = await /** @type {FileList} */ (f.tomlfile.files)[0].text();
    try {
      /** @type {import('./api-types').NewSessionReply} */
      const r = await api('/api/sessions', { method: 'POST', body });
      try { localStorage.setItem(`jantaku.score.editor.${r.id}`, JSON.stringify(r.editor)); } catch { /* kept in the link */ }
      location.hash = `s=${r.id}&e=${r.editor}`;
      location.reload();
    } catch (err) {
      $('create-error').textContent = errText(/** @type {import('./types').ApiError} */ (err));
    }
  });
  document.body.dataset.ready = '1';
}
