// @ts-check
// The socket of one seat at a table (the protocol of jantaku/server/app.py), for any page:
// the seat token is read from the URL fragment (#token=..., never sent to the server in a
// URL), sent as the first message {"type": "join", "token": T}; an action names the `at` of
// the legal message it was chosen from; a lost connection is opened again, a refused one is not.
// A server that stops gracefully says {"type": "restarting"} and closes with 1012: the page
// says so (errors.restarting) until it is connected again.
import { t } from './i18n.js';

/** The seat token of this page: `#token=...`; an old link's `?token=...` is moved there. */
export function seatToken(loc = globalThis.location) {
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const fromHash = hash.get('token');
  if (fromHash) return fromHash;
  const url = new URL(loc.href);
  const fromQuery = url.searchParams.get('token');
  if (!fromQuery) return '';
  url.searchParams.delete('token');
  hash.set('token', fromQuery);
  url.hash = hash.toString();
  globalThis.history?.replaceState(globalThis.history.state, '', url.toString());
  return fromQuery;
}

/** The link that gives a seat to whoever opens it (the token in the fragment).
 * @param {string} origin
 * @param {number | string} tableId
 * @param {string} token */
export function seatLink(origin, tableId, token) {
  return `${origin}/table.html?table=${tableId}#token=${encodeURIComponent(token)}`;
}

// Close codes after which connecting again cannot help.
/** @type {Record<number, string>} */
export const REFUSED = {
  4401: 'This link is not valid for the table.',
  4403: 'This page may not open the table (another site).',
  4404: 'No such table.',
};

/**
 * Open the seat's socket and keep it open. `onMessage(msg)` gets every message of the server;
 * `onStatus(text, state, detail)` says what the connection does (state: 'open' | 'retry' |
 * 'restarting' | 'refused'; detail: the close code when refused, the wait in ms before a
 * retry; `text` of 'restarting' is the page's language already).
 * Returns {sendAction(action, at), requestView(), close()}; sendAction is false when not open.
 * @param {{ tableId: string, token: string, onMessage: (msg: import('./api-types').TableMessage) => void,
 *   onStatus?: (text: string, state: string, detail?: number) => void }} options
 */
export function openSeat({ tableId, token, onMessage, onStatus = () => {} }) {
  /** @type {WebSocket | null} */
  let ws = null;
  let retryMs = 500;
  let stopped = false;
  let restarting = false;

  const connect = () => {
    const scheme = globalThis.location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${scheme}://${globalThis.location.host}/ws/${encodeURIComponent(tableId)}`);
    ws.onopen = () => {
      retryMs = 500;
      restarting = false;
      /** @type {WebSocket} */ (ws).send(JSON.stringify({ type: 'join', token }));
      onStatus(`Table ${tableId}: connected`, 'open');
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type !== 'restarting') { onMessage(msg); return; }
      restarting = true;
      onStatus(t('errors.restarting'), 'restarting', retryMs);
    };
    ws.onclose = (e) => {
      if (REFUSED[e.code]) {
        stopped = true;
        onStatus(REFUSED[e.code], 'refused', e.code);
        return;
      }
      if (stopped) return;
      if (e.code === 1012) restarting = true;
      if (restarting) onStatus(t('errors.restarting'), 'restarting', retryMs);
      else onStatus(`Disconnected; reconnecting in ${Math.round(retryMs / 1000)} s…`, 'retry', retryMs);
      setTimeout(connect, retryMs);
      // A restarting server is back in seconds: its pages keep trying every two at most.
      retryMs = Math.min(retryMs * 2, restarting ? 2000 : 10000);
    };
  };

  /** @param {Record<string, unknown>} msg */
  const send = (msg) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  };

  connect();
  return {
    sendAction: (/** @type {unknown} */ action, /** @type {unknown} */ at) => send({ type: 'action', at, action }),
    requestView: () => send({ type: 'view' }),
    close: () => { stopped = true; ws?.close(); },
  };
}
