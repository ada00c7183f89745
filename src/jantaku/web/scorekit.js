// What the scorekeeper (/score) and the calculator (/calc) share: the pages' messages, calls
// to the server's API, and a few DOM helpers.
//
// Messages come from the site's catalogue through i18n.js (web/i18n/<lang>/score.json and
// calc.json, keys "score.*" and "calc.*"). Where i18n.js is not served, the two catalogues are
// read directly, so the pages keep their Japanese and English either way.

let mod = null;
try {
  mod = await import('./i18n.js');
} catch {
  mod = null;
}

const LANGS = ['ja', 'en'];
let fbLang = 'ja';
let fbMessages = {};
if (!mod) {
  try {
    const saved = localStorage.getItem('jantaku.lang');
    if (LANGS.includes(saved)) fbLang = saved;
    else if (!String(navigator.language || 'ja').toLowerCase().startsWith('ja')) fbLang = 'en';
  } catch { /* storage refused: Japanese */ }
  for (const ns of ['score', 'calc']) {
    try {
      const r = await fetch(`/static/i18n/${fbLang}/${ns}.json`);
      const data = await r.json();
      for (const [k, v] of Object.entries(data)) fbMessages[`${ns}.${k}`] = v;
    } catch { /* offline and not cached: the keys show */ }
  }
  document.documentElement.lang = fbLang;
}

/** The message `key` with `{name}` filled from `vars`. */
export function t(key, vars = {}) {
  if (mod) return mod.t(key, vars);
  let text = fbMessages[key];
  if (vars.count === 1 && Object.hasOwn(fbMessages, `${key}_one`)) text = fbMessages[`${key}_one`];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (m, n) => (Object.hasOwn(vars, n) ? String(vars[n]) : m));
}

export function lang() { return mod ? mod.getLang() : fbLang; }

/** Fill the data-i18n elements of `root`. */
export function applyI18n(root = document) {
  if (mod) { mod.applyI18n(root); return; }
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of e.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((s) => s.trim());
      if (attr && key) e.setAttribute(attr, t(key));
    }
  }
}

export function onLangChange(fn) { return mod ? mod.onLangChange(fn) : () => {}; }

/** A JSON call to the server; throws an Error with the server's reason (`status` on it). */
export async function api(path, { method = 'GET', body, token } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (mod?.langHeaders) Object.assign(headers, mod.langHeaders());
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    const e = new Error(data?.detail ?? data?.error ?? `HTTP ${r.status}`);
    e.status = r.status;
    // The catalogue code of a refusal (the pages say it in the player's language).
    // (every answer's body names it too: the server's general refusals, a rate limit...)
    e.code = r.headers.get('X-Error-Code') ?? data?.code ?? undefined;
    try { e.params = JSON.parse(r.headers.get('X-Error-Params') ?? 'null') ?? data?.params ?? {}; } catch { e.params = {}; }
    throw e;
  }
  return data;
}

/** An element: el('button', {class: 'x', onclick: f}, 'text', child...). */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export const WIND_KEYS = { E: 'score.wind_E', S: 'score.wind_S', W: 'score.wind_W', N: 'score.wind_N' };

/** Points with a sign and thousands separators: +8,000 / −3,900 / 0. */
export function signed(n) {
  if (!n) return '0';
  const s = Math.abs(n).toLocaleString('en-US');
  return n > 0 ? `+${s}` : `−${s}`;
}

export function registerServiceWorker() {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/score-sw.js').catch((e) => console.warn('service worker', e));
  }
}

/** Replace `node`'s children, skipping the null / false ones (parts not shown). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}
