// @ts-check
// What the modules of 点数記録 share (score.js, score-entry.js, score-start.js): the session
// in the URL, the state the server last sent, the rule set's features and whether the socket
// is up, and what more than one of them writes (a refusal, a round, an entered event, the
// message line, a choice among buttons). score.js keeps the state current through setState,
// setInfo and setOnline (a module cannot assign a binding it imports); the others read it.
import { el, fill, t } from './scorekit.js';

/** The page's element at an id (always there).
 * @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
export const hash = new URLSearchParams(location.hash.slice(1));
export const sid = hash.get('s');

/** @typedef {import('./api-types').CalcInfo} CalcInfo */
/** @typedef {import('./api-types').GameStart} GameStart */
/** @typedef {import('./api-types').HandEvent} HandEvent */
/** @typedef {import('./api-types').HandLabel} HandLabel */
/** @typedef {import('./api-types').HandRow} HandRow */
/** @typedef {import('./api-types').SessionRefusal} SessionRefusal */
/** @typedef {import('./api-types').Standings} Standings */
/** A refusal or an error as errText reads it (its catalogue code, else its own words).
 * @typedef {{ code?: string, params?: Record<string, unknown>, error?: string, message?: string }} ErrLike */

/** The table now (the session's state: `table`).
 * @typedef {{ game: number, dealer: number, first_dealer: number, round: string, hand: number,
 *   honba: number, sticks: number, stick_points?: number, extension?: boolean, scores: number[],
 *   chips: number[], seats: (string | null)[], shuba_used?: number[], seating: number[] }} TableNow */
/** A game of the session (the state's `games`).
 * @typedef {{ number: number, start: GameStart, over: boolean, settlement: number[] | null, result: number[] | null,
 *   scores: number[], chips: number[], ranks: number[], seating: number[], money: number[] | null,
 *   money_total?: number[], busted: boolean[] | null, hands: number }} GameNow */
/** The session's settings (names, rules, rates, ended).
 * @typedef {{ names: string[], preset: string, options: Record<string, unknown>, ended?: boolean,
 *   rates?: Record<string, number>, [k: string]: unknown }} SessionConfig */
/** The session's state as the server sends it (jantaku.server.session_replay state and sessions).
 * @typedef {{ id: string, rev: number, config: SessionConfig, players: number, table: TableNow,
 *   settlement_style: string, chips_apart: boolean, hands: HandRow[], games: GameNow[],
 *   standings: Standings, cids?: string[], editor?: unknown }} ScoreState */

/** @type {ScoreState} */
export let S = /** @type {ScoreState} */ (/** @type {unknown} */ (null)); // the session state from the server (read once it came)
export let info = /** @type {CalcInfo} */ (/** @type {unknown} */ (null)); // the rule set's features (/api/calc/info; read once they came)
export let online = false;

/** @param {ScoreState} next */
export function setState(next) { S = next; }
/** @param {CalcInfo} next */
export function setInfo(next) { info = next; }
/** @param {boolean} next */
export function setOnline(next) { online = next; }

/** The chip items of a win that happen once (a toggle in the dialog, no count when described). */
export const FLAGS = new Set(['ippatsu', 'rinshan', 'sokupochi', 'open', 'all_star', 'first_turn']);

/** @returns {string[]} */
export const names = () => S.config.names;
export const people = () => S.config.names.length;

/** A server refusal in the player's language: its catalogue code, else its own words.
 * @param {ErrLike | null | undefined} err what was thrown or refused: an ApiError, a
 *   SessionRefusal, a socket's error message
 */
export function errText(err) {
  if (err?.code) {
    const key = `score.err_${err.code}`;
    const text = t(key, err.params ?? {});
    if (text !== key) return text;
  }
  return err?.error ?? err?.message ?? String(err);
}

/** @param {{ round: string, hand: number, honba: number }} x */
export function roundLabel(x) {
  return t('score.round_label', { round: t(`score.wind_${x.round}`), hand: x.hand, honba: x.honba });
}

/** @param {string | null | undefined} text @param {boolean} [error] */
export function showMessage(text, error = false) {
  const m = $('message');
  m.textContent = text ?? '';
  m.classList.toggle('error', error);
}

/** @param {HandEvent} ev */
export function describe(ev) {
  const n = names();
  switch (ev.type) {
    case 'win': {
      const how = ev.from === null || ev.from === undefined ? t('score.tsumo') : t('score.ron_from', { name: n[ev.from] });
      const value = ev.situation ? t('score.by_hand')
        : ev.yakuman ? t('calc.value_yakuman', { count: ev.yakuman })
          : info?.fixed_fu ? t('score.han_only', { han: ev.han }) : t('calc.value', { han: ev.han, fu: ev.fu });
      const chips = Object.entries(ev.chips ?? {}).map(([k, v]) => (FLAGS.has(k) ? t(`score.ci_${k}`) : `${t(`score.ci_${k}`)}×${v}`));
      const dice = (ev.dice ?? []).map((/** @type {number[]} */ d) => `${t('score.roll_short')}${d[0]}-${d[1]}`);
      return [n[ev.winner], how, value, ...chips, ...dice].join(' ');
    }
    case 'draw':
      return `${t(`score.draw_${ev.kind ?? 'exhaustive'}`)} ${t('score.tenpai')}: ${(ev.tenpai ?? []).map((/** @type {number} */ p) => n[p]).join('・') || t('score.nobody')}`;
    case 'chombo': return `${t('score.chombo')} ${n[ev.player]}`;
    case 'penalty': return `${t(`score.penalty_${ev.kind}`)} ${n[ev.player]}`;
    case 'chips': {
      const items = Object.entries(ev.items ?? {}).map(([k, v]) => `${t(`score.item_${k}`)}×${v}`);
      const dice = (ev.dice ?? []).map((/** @type {number[]} */ d) => `${t('score.roll_short')}${d[0]}-${d[1]}`);
      return `${t('score.chip_event')} → ${n[ev.to]} ${[...items, ...dice].join(' ')}`;
    }
    default: return /** @type {{ type: string }} */ (ev).type; // a type of a newer server
  }
}

/** What an edit would move: each hand and the game it would go to.
 * @param {{ label: HandLabel, from: number, to: number }[]} moved
 */
export function movedText(moved) {
  const list = moved.map((m) => t('score.moved_hand', { label: roundLabel(m.label), from: m.from, to: m.to }));
  return `${t('score.moves_hands', { count: moved.length })}: ${list.join('、')}`;
}

/** The chip entries a hand's events begin with (a spring counted for that hand).
 * @template {{ type: string }} E
 * @param {E[]} events
 */
export function leadingChips(events) {
  let i = 0;
  while (i < events.length - 1 && events[i].type === 'chips') i += 1;
  return events.slice(0, i);
}

/** Buttons to choose one of `options` ([value, text] each): `get` the chosen value, `set` it.
 * @template V
 * @param {string} label @param {(readonly [V, string] | [V, string])[]} options @param {() => unknown} get @param {(v: V) => void} set @param {string} testid */
export function choice(label, options, get, set, testid) {
  const box = el('fieldset', { class: 'toggles' }, el('legend', {}, label));
  const draw = () => fill(box, el('legend', {}, label), ...options.map(([v, text]) => el('button', {
    type: 'button', 'aria-pressed': String(get() === v), dataset: { testid: `${testid}-${v}` },
    onclick: () => { set(v); draw(); },
  }, text)));
  draw();
  return box;
}
