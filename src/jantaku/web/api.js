// @ts-check
// The pages' one call to the server's JSON API. A refusal throws an ApiError with the HTTP
// status, the catalogue `code` and `params` the server gives (X-Error-Code / X-Error-Params,
// or the body's), and as its message the refusal in the reader's language: the catalogue's
// errors.<code>, else the server's text, else "HTTP n".
//
// Every page loads it by its plain URL (jantaku.server.static SHARED_PLAIN), the
// scorekeeper's unversioned scripts (kept offline by score-sw.js) and the versioned pages
// alike; it imports nothing and reads the page's one i18n.js through the handle i18n.js leaves
// at load (globalThis.jantakuI18n).

/** @typedef {import('./types').ApiError} ApiError */

/** The page's i18n.js (loaded before any page script runs: its top-level await). */
function i18n() {
  return globalThis.jantakuI18n ?? null;
}

/** The server's `detail`: a message, or FastAPI's list of validation errors.
 * @param {unknown} detail
 * @returns {string} */
export function detailText(detail) {
  if (detail === undefined || detail === null) return '';
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => (d && d.msg ? `${(d.loc ?? []).join('.')}: ${d.msg}`
      : typeof d === 'string' ? d : JSON.stringify(d))).join('; ');
  }
  return JSON.stringify(detail);
}

/**
 * The server's JSON answer to `url` (null when the answer has no JSON), fetched with `options`
 * and the reader's language; a refusal throws an ApiError. The answer is the caller's to type:
 * `T` is what the caller declares the answer to be (api-types.d.ts), unknown where it does not.
 * @template [T=unknown]
 * @param {string} url
 * @param {RequestInit} [options]
 * @returns {Promise<T>}
 */
export async function request(url, options = {}) {
  const headers = { ...(/** @type {Record<string, string>} */ (options.headers ?? {})) };
  const lang = i18n()?.lang?.();
  if (lang) headers['Accept-Language'] = lang;
  const r = await fetch(url, { ...options, headers });
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) throw refusal(r, data);
  return data;
}

/**
 * A JSON call: `body` (any value) sent as JSON, `token` as the bearer; see request.
 * @template [T=unknown]
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string }} [call]
 * @returns {Promise<T>}
 */
export function api(path, { method = 'GET', body = undefined, token = undefined } = {}) {
  /** @type {Record<string, string>} */
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * @param {Response} r
 * @param {{ code?: unknown, params?: Record<string, unknown>, detail?: unknown, error?: unknown } | null} data
 *   the answer's JSON (a refusal's body), or null
 * @returns {ApiError}
 */
function refusal(r, data) {
  const code = r.headers.get('X-Error-Code') ?? (typeof data?.code === 'string' ? data.code : undefined);
  /** @type {Record<string, unknown>} */
  let params;
  try { params = JSON.parse(r.headers.get('X-Error-Params') ?? 'null') ?? data?.params ?? {}; } catch { params = {}; }
  const kit = i18n();
  const said = kit?.errorText?.({ ...(data ?? {}), code, params }) || detailText(data?.detail)
    || (typeof data?.error === 'string' ? data.error : '')
    || (kit ? kit.t('errors.http', { status: r.status }) : `HTTP ${r.status}`);
  const e = /** @type {ApiError} */ (new Error(said));
  e.status = r.status;
  e.code = code;
  e.params = params;
  return e;
}
