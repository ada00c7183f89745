// @ts-check
// The pages' messages in the reader's language (Japanese first, English second).
//
//   import { t, lang, setLang, applyI18n, onLangChange } from './i18n.js';
//   t('table.riichi')                      -> '立直' / 'Riichi'
//   t('table.tiles_left', { count: 12 })   -> '残り12枚' / '12 tiles left' ({name} fills in)
//   <span data-i18n="lobby.start">開始</span>       text filled by applyI18n(root)
//   <input data-i18n-attr="placeholder:lobby.seed_placeholder; title:lobby.seed">
//   <span data-lang-switch></span>                  the 日本語 / English switch goes here
//
// The catalogues are JSON files web/i18n/<lang>/<namespace>.json merged by the server
// (GET /api/i18n/<lang>); a key is "<namespace>.<key>". The language: the reader's saved
// choice (localStorage), else the browser's languages (navigator.languages, as Accept-Language),
// else Japanese. This module loads the catalogue before any importer runs (top-level await),
// so t() is ready wherever it is imported. A key missing from the catalogue shows as itself and
// is recorded (globalThis.jantakuI18n.missing(), which the browser tests check).

export const LANGS = ['ja', 'en'];
/** @type {Record<string, string>} */
export const LANG_NAMES = { ja: '日本語', en: 'English' };
const STORE_KEY = 'jantaku.lang';

/** @type {Set<string>} */
const missing = new Set();
/** @type {Set<(l: string) => void>} */
const listeners = new Set();
/** @type {Record<string, string>} */
let messages = {};

function savedLang() {
  try {
    const v = localStorage.getItem(STORE_KEY);
    return LANGS.includes(/** @type {string} */ (v)) ? v : null;
  } catch {
    return null; // storage refused (a private window): the browser's languages decide
  }
}

function browserLang() {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag ?? '').toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return 'ja';
}

/** @param {string} l */
async function load(l) {
  const r = await fetch(`/api/i18n/${l}`);
  if (!r.ok) throw new Error(`no catalogue for ${l}: HTTP ${r.status}`);
  return r.json();
}

/** The current language ('ja' or 'en'); a live binding. */
export let lang = savedLang() ?? browserLang();
messages = await load(lang).catch((e) => { console.error(e); return {}; });
document.documentElement.lang = lang;

export function getLang() { return lang; }

/** Whether the catalogue has `key` (for optional messages, e.g. a yaku's name by its id).
 * @param {string} key */
export function has(key) { return Object.hasOwn(messages, key); }

/** The message `key` with `{name}` placeholders filled from `vars`; the singular `key_one`
 * when vars.count is 1 and the language has one.
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @returns {string} */
export function t(key, vars = {}) {
  let text = messages[key];
  if (vars.count === 1 && Object.hasOwn(messages, `${key}_one`)) text = messages[`${key}_one`];
  if (text === undefined) {
    if (!missing.has(key)) console.warn(`i18n: no message ${key} in ${lang}`);
    missing.add(key);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));
}

/** A refusal of the server in this page's language: its `code` and `params` looked up in
 * the errors catalogue, or its English text (`error`, or an HTTP answer's `detail`) when the
 * catalogue has no such code.
 * @param {{ code?: unknown, params?: Record<string, unknown>, error?: unknown, detail?: unknown } | null | undefined} err */
export function errorText(err) {
  const key = err && typeof err.code === 'string' ? `errors.${err.code}` : null;
  if (key && Object.hasOwn(messages, key)) return t(key, /** @type {NonNullable<typeof err>} */ (err).params ?? {});
  const text = err?.error ?? err?.detail;
  return typeof text === 'string' ? text : '';
}

/** Fill `root`'s elements marked with data-i18n (text; variables from data-i18n-vars, JSON)
 * and data-i18n-attr ("attr:key; attr:key"), and mount the switch in [data-lang-switch]. */
export function applyI18n(root = /** @type {Document | Element} */ (document)) {
  const all = (/** @type {string} */ sel) => /** @type {HTMLElement[]} */ (
    [...('matches' in root && root.matches(sel) ? [root] : []), ...root.querySelectorAll(sel)]);
  for (const e of all('[data-i18n]')) {
    /** @type {Record<string, unknown>} */
    let vars = {};
    if (e.dataset.i18nVars) {
      try { vars = JSON.parse(e.dataset.i18nVars); } catch { vars = {}; }
    }
    e.textContent = t(/** @type {string} */ (e.dataset.i18n), vars);
  }
  for (const e of all('[data-i18n-attr]')) {
    for (const pair of /** @type {string} */ (e.dataset.i18nAttr).split(';')) {
      const [attr, key] = pair.split(':').map((s) => s.trim());
      if (attr && key) e.setAttribute(attr, t(key));
    }
  }
  for (const e of all('[data-lang-switch]')) {
    if (!e.querySelector('.lang-switch')) e.append(langSwitch());
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (e.querySelectorAll('.lang-switch button'))) {
      b.setAttribute('aria-pressed', String(b.dataset.lang === lang));
    }
  }
}

/** Switch to language `l`: remembered in this browser, the catalogue loaded, the marked
 * elements filled anew, and every onLangChange listener told (to redraw what it drew).
 * @param {string} l */
export async function setLang(l) {
  if (!LANGS.includes(l)) throw new Error(`no language ${l}`);
  try { localStorage.setItem(STORE_KEY, l); } catch { /* not remembered, still switched */ }
  if (l === lang) return;
  messages = await load(l);
  lang = l;
  document.documentElement.lang = l;
  applyI18n(document);
  for (const fn of listeners) fn(l);
  window.dispatchEvent(new CustomEvent('jantaku:lang', { detail: l }));
}

/** Call `fn(lang)` after every language switch; returns a function that stops it.
 * @param {(l: string) => void} fn */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The switch: one button per language, each named in its own language. */
export function langSwitch() {
  const box = document.createElement('span');
  box.className = 'lang-switch';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'Language / 言語');
  for (const l of LANGS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.lang = l;
    b.dataset.lang = l;
    b.textContent = LANG_NAMES[l];
    b.setAttribute('aria-pressed', String(l === lang));
    b.addEventListener('click', () => { setLang(l).catch((e) => console.error(e)); });
    box.append(b);
  }
  return box;
}

/** Headers for the server's API, so its messages come back in the reader's language.
 * @param {Record<string, string>} [headers] */
export function langHeaders(headers = {}) {
  return { ...headers, 'Accept-Language': lang };
}

// The page's one i18n, for the tests and for api.js (which imports nothing: see there).
globalThis.jantakuI18n = { lang: () => lang, missing: () => [...missing], setLang, t, errorText };
