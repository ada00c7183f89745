// @ts-check
// What the scorekeeper (/score) and the calculator (/calc) share: the pages' messages, calls
// to the server's API (api.js), the element builder (dom.js) and a few helpers of their own.
//
// Messages come from the site's catalogue through i18n.js, as on every page (web/i18n/<lang>/
// score.json and calc.json, keys "score.*" and "calc.*"); the service worker keeps i18n.js and
// the catalogues for an offline reload.

import { applyI18n, getLang, onLangChange, t } from './i18n.js';

export { api } from './api.js';
export { el } from './dom.js';
export { applyI18n, onLangChange, t };

/** The page's language ('ja' or 'en'). */
export function lang() { return getLang(); }

export const WIND_KEYS = { E: 'score.wind_E', S: 'score.wind_S', W: 'score.wind_W', N: 'score.wind_N' };

/** Points with a sign and thousands separators: +8,000 / −3,900 / 0.
 * @param {number} n */
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

/** Replace `node`'s children, skipping the null / false ones (parts not shown).
 * @param {Element} node
 * @param {...unknown} children nodes or text, arrays of them, or null / undefined / false */
export function fill(node, ...children) {
  node.replaceChildren(.../** @type {(Node | string)[]} */ (children.flat().filter((c) => c !== null && c !== undefined && c !== false)));
}
