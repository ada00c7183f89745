// @ts-check
// The tables this browser sat down at, kept in its own storage (never sent anywhere): each
// table's id, rules, when it was made, this browser's seat and the seat tokens it holds (its
// own, and the friends' it invited), so the lobby can take the player back to an unfinished
// table and give an invite link out again.
const KEY = 'jantaku.tables';
const MAX = 50;

/** @typedef {{ id: number, preset?: string, created: number, mine: number | null,
 *   tokens: Record<string, string> }} MyTable */

/** The remembered tables, newest first: [{id, preset, created, mine, tokens}].
 * @returns {MyTable[]} */
export function myTables() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x) => x && Number.isInteger(x.id) && x.tokens) : [];
  } catch {
    return [];
  }
}

/** @param {MyTable[]} list */
function store(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); } catch { /* not kept */ }
}

/** Remember a table made here: `tokens` {seat: token} of the seats this browser gives out,
 * `mine` its own seat (or null).
 * @param {{ id: number, preset: string | undefined, mine: number | null, tokens: Record<string, string> }} table */
export function rememberTable({ id, preset, mine, tokens }) {
  const list = myTables().filter((x) => x.id !== id);
  list.unshift({ id, preset, mine, tokens, created: Date.now() });
  store(list);
}

/** Forget a table (finished, or gone from the server).
 * @param {number} id */
export function forgetTable(id) {
  store(myTables().filter((x) => x.id !== id));
}

/** The link that seats whoever opens it at `seat` of table `id`.
 * @param {number | string} id
 * @param {string} token
 * @param {string} [origin] */
export function seatUrl(id, token, origin = location.origin) {
  return `${origin}/table.html?table=${id}#token=${encodeURIComponent(token)}`;
}
