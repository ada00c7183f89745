// @ts-check
// The hand calculator: a tile picker under any rule set, scored by the server.
//
// mountCalculator(root, {rules, options, context, onUse}) draws the palette of the rule set's tiles
// (red and gold fives, the dot white and flowers where the rules have them), the target of
// the next tap (the hand, a pon / chi / kan / closed kan, a tile set aside, a dora or ura
// indicator) and the situation's flags. The last tile put in the hand is the winning tile.
// Every change asks the server: a complete hand gets its yaku, han, fu, points and chips; a
// hand one tile short gets its shanten, waits and the value of each wait. The page never
// computes a value itself.
//
// In a session (`context` set: a function giving win, seat, round, honba, discarder) those
// come from the session; the caller gets the situation without them through onUse(situation),
// and the ledger fills them in when the hand is recorded.

import { api, applyI18n, el, fill, t } from './scorekit.js';
import { tileEl } from './tiles.js';

/** @typedef {import('./api-types').CalcAnswer} CalcAnswer */
/** @typedef {import('./api-types').CalcInfo} CalcInfo */
/** @typedef {import('./api-types').CalcNoWin} CalcNoWin */
/** @typedef {import('./api-types').CalcScore} CalcScore */
/** @typedef {import('./api-types').CalcSituation} CalcSituation */
/** @typedef {import('./api-types').CalcWaits} CalcWaits */
/** @typedef {import('./api-types').CalcWhere} CalcWhere */
/** @typedef {import('./api-types').CalcWin} CalcWin */

/** @type {Record<string, number>} */
const MELD_SIZE = { pon: 3, chi: 3, minkan: 4, ankan: 4 };
const ORDER = 'mpszf';

/** @param {string} name */
function sortKey(name) {
  const d = name[0] === '0' || name[0] === 'g' ? 5 : Number(name[0]);
  return ORDER.indexOf(name[1]) * 20 + d * 2 + (name[0] === '0' || name[0] === 'g' ? 1 : 0);
}

/** @param {string} name @param {number} step */
function nextInSuit(name, step) {
  const d = (name[0] === '0' || name[0] === 'g' ? 5 : Number(name[0])) + step;
  if (name[1] === 'z' || name[1] === 'f' || d < 1 || d > 9) return null;
  return `${d}${name[1]}`;
}

/**
 * @param {HTMLElement} root
 * @param {{ rules?: string, options?: Record<string, unknown>,
 *   context?: (() => CalcWhere) | null,
 *   onUse?: ((situation: CalcSituation, res: CalcWin) => void) | null }} [opts]
 */
export async function mountCalculator(root, { rules = 'riichi', options = {}, context = null, onUse = null } = {}) {
  const session = Boolean(context);
  /** @type {CalcInfo} */
  const info = await api('/api/calc/info', { method: 'POST', body: { rules, options } });
  /** @type {{ hand: string[], melds: { type: string, tiles: string[] }[], extracted: string[],
   *   dora: string[], ura: string[], target: string, win: string, seat: string, round: string,
   *   riichi: string, honba: number, flags: Record<string, boolean> }} */
  const st = {
    hand: [], melds: [], extracted: [], dora: [], ura: [],
    target: 'hand', win: 'ron', seat: 'E', round: 'E', riichi: 'none', honba: 0,
    flags: { ippatsu: false, haitei: false, houtei: false, rinshan: false, chankan: false, first_turn: false },
  };
  /** @type {CalcAnswer | null} */
  let last = null; // the server's last answer
  let seq = 0;

  const out = el('div', { class: 'calc-result', 'aria-live': 'polite', dataset: { testid: 'calc-result' } });
  const rows = el('div', { class: 'calc-rows' });
  const targets = el('div', { class: 'calc-targets', role: 'group' });
  const palette = el('div', { class: 'calc-palette' });
  const flags = el('div', { class: 'calc-flags' });

  const used = (/** @type {string} */ name) => [st.hand, st.extracted, st.dora, st.ura, ...st.melds.map((m) => m.tiles)]
    .flat().filter((x) => x === name).length;

  /** @param {string} name */
  function put(name) {
    const room = (info.tiles[name] ?? 0) - used(name);
    const fail = (/** @type {string} */ msg) => { fill(out, el('p', { class: 'calc-error' }, msg)); };
    if (st.target === 'hand') {
      if (room < 1) return fail(t('calc.no_copy', { tile: name }));
      st.hand.push(name);
    } else if (st.target in MELD_SIZE) {
      let tiles;
      if (st.target === 'chi') {
        const b = nextInSuit(name, 1);
        const c = nextInSuit(name, 2);
        if (!b || !c) return fail(t('calc.no_chi', { tile: name }));
        tiles = [name, b, c];
      } else {
        tiles = Array(MELD_SIZE[st.target]).fill(name);
        // A kan or pon of fives takes the red/gold copies where the plain ones run out.
      }
      for (const x of new Set(tiles)) {
        if ((info.tiles[x] ?? 0) - used(x) < tiles.filter((y) => y === x).length) {
          return fail(t('calc.no_copy', { tile: x }));
        }
      }
      st.melds.push({ type: st.target, tiles });
    } else {
      if (room < 1) return fail(t('calc.no_copy', { tile: name }));
      st[/** @type {'extracted' | 'dora' | 'ura'} */ (st.target)].push(name);
    }
    render();
  }

  function situation() {
    /** @type {CalcSituation} */
    const s = {
      hand: st.hand.join(''),
      melds: st.melds.map((m) => ({ type: m.type, tiles: m.tiles.join('') })),
      riichi: st.riichi,
    };
    if (st.hand.length) s.win_tile = st.hand[st.hand.length - 1];
    if (st.extracted.length) s.extracted = st.extracted.join('');
    if (st.dora.length) s.dora_indicators = st.dora.join('');
    if (st.ura.length) s.ura_indicators = st.ura.join('');
    for (const [k, v] of Object.entries(st.flags)) if (v) s[k] = true;
    return s;
  }

  /** Where the hand is won: the flags of the standalone page, or the session's context. */
  function where() {
    /** @type {CalcWhere} */
    const w = context ? context() : { win: st.win, seat: st.seat, round: st.round, honba: st.honba };
    if (w.win === 'ron' && !w.discarder) w.discarder = w.seat === 'E' ? 'S' : 'E';
    if (Object.keys(options).length) w.options = options;
    return w;
  }

  /** @param {string} label @param {string[]} list @param {(i: number) => void} remove
   * @param {string} testid */
  function tileRow(label, list, remove, testid) {
    return el('div', { class: 'calc-row', dataset: { testid } },
      el('span', { class: 'calc-row-label' }, label),
      el('span', { class: 'calc-tiles' }, list.map((name, i) => {
        const te = tileEl(name, { small: true, extra: i === list.length - 1 && testid === 'hand' ? 'win-tile' : '' });
        te.setAttribute('role', 'button');
        te.tabIndex = 0;
        te.addEventListener('click', () => { remove(i); render(); });
        return te;
      })));
  }

  function render() {
    fill(rows,
      tileRow(t('calc.hand'), [...st.hand.slice(0, -1).sort((a, b) => sortKey(a) - sortKey(b)), ...st.hand.slice(-1)],
        (i) => {
          const sorted = [...st.hand.slice(0, -1).sort((a, b) => sortKey(a) - sortKey(b)), ...st.hand.slice(-1)];
          const name = sorted[i];
          const at = i === sorted.length - 1 ? st.hand.length - 1 : st.hand.indexOf(name);
          st.hand.splice(at, 1);
        }, 'hand'),
      ...st.melds.map((m, mi) => tileRow(t(`calc.meld_${m.type}`), m.tiles, () => st.melds.splice(mi, 1), `meld-${mi}`)),
      st.extracted.length ? tileRow(t('calc.extracted'), st.extracted, (i) => st.extracted.splice(i, 1), 'extracted') : null,
      st.dora.length ? tileRow(t('calc.dora'), st.dora, (i) => st.dora.splice(i, 1), 'dora') : null,
      st.ura.length ? tileRow(t('calc.ura'), st.ura, (i) => st.ura.splice(i, 1), 'ura') : null,
    );
    for (const b of targets.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.target === st.target));
    evaluate();
  }

  async function evaluate() {
    const n = st.hand.length;
    const need = 13 - info.wildcards - 3 * st.melds.length;
    if (n < need) {
      fill(out, el('p', { class: 'calc-hint' }, t('calc.more', { count: need - n })));
      last = null;
      return;
    }
    const mine = ++seq;
    /** @type {CalcAnswer} */
    let res;
    try {
      res = await api('/api/calc', { method: 'POST', body: { rules, situation: { ...situation(), ...where() } } });
    } catch (e) {
      if (mine !== seq) return;
      last = null;
      fill(out, el('p', { class: 'calc-error', role: 'alert' }, /** @type {Error} */ (e).message));
      return;
    }
    if (mine !== seq) return;
    last = res;
    fill(out, res.kind === 'win' ? winView(res) : waitsView(res));
  }

  /** @param {CalcScore} res the server's answer */
  function yakuList(res) {
    return el('ul', { class: 'calc-yaku' }, res.yaku.map((y) => el('li', {},
      el('span', {}, document.documentElement.lang === 'en' ? y.en : y.ja),
      el('span', { class: 'num' }, y.yakuman ? t('calc.yakuman_n', { count: y.yakuman }) : t('calc.han_n', { count: y.han })))));
  }

  /** @param {Pick<CalcScore, 'han' | 'fu' | 'limit' | 'yakuman'>} res */
  function valueLine(res) {
    if (res.yakuman) return t('calc.value_yakuman', { count: res.yakuman });
    const limit = res.limit ? ` ${t(`calc.limit_${res.limit}`)}` : '';
    return t('calc.value', { han: res.han, fu: res.fu }) + limit;
  }

  /** @param {CalcScore} res */
  function payLine(res) {
    const pays = /** @type {[string, number][]} */ (Object.entries(res.payments));
    const total = pays.reduce((a, [, v]) => a + v, 0);
    const who = pays.map(([w, v]) => `${t(`score.wind_${w}`)} ${v.toLocaleString('en-US')}`).join(' / ');
    let line = `${t('calc.points', { total: total.toLocaleString('en-US') })} (${who})`;
    const chips = /** @type {[string, number][]} */ (Object.entries(res.chips ?? {}));
    if (chips.length) line += ` · ${t('calc.chips', { list: chips.map(([w, v]) => `${t(`score.wind_${w}`)} ${v}`).join(' / ') })}`;
    if (res.dice_chances) line += ` · ${t('calc.dice_chances', { count: res.dice_chances })}`;
    return line;
  }

  /** @param {CalcWin} res */
  function winView(res) {
    return el('div', { class: 'calc-win' },
      yakuList(res),
      el('p', { class: 'calc-value', dataset: { testid: 'calc-value' } }, valueLine(res)),
      session ? null : el('p', { class: 'calc-pay' }, payLine(res)),
      res.wildcard ? el('p', {}, t('calc.wildcard', { tile: res.wildcard })) : null,
      onUse ? el('button', { type: 'button', class: 'primary', dataset: { testid: 'calc-use' }, onclick: () => onUse(situation(), res) }, t('calc.use')) : null);
  }

  /** A wait's value read as the refusal it may be (its `error`, else undefined).
   * @param {CalcScore | CalcNoWin} v */
  const noWin = (v) => /** @type {Partial<CalcNoWin>} */ (v);

  /** @param {CalcWaits} res */
  function waitsView(res) {
    const head = res.shanten > 0 ? t('calc.shanten', { count: res.shanten })
      : res.shanten < 0 ? t('calc.complete') : t('calc.tenpai');
    return el('div', { class: 'calc-waits' },
      el('p', { class: 'calc-value', dataset: { testid: 'calc-shanten' } }, head + (res.infinite ? ` ${t('calc.infinite')}` : '')),
      el('ul', { class: 'calc-wait-list' }, res.values.map((v) => el('li', { dataset: { wait: v.tile } },
        tileEl(v.tile, { small: true }),
        el('span', {}, `${t('calc.ron')}: ${noWin(v.ron).error ? t('calc.no_win') : valueLine(/** @type {CalcScore} */ (v.ron))}`),
        el('span', {}, `${t('calc.tsumo')}: ${noWin(v.tsumo).error ? t('calc.no_win') : valueLine(/** @type {CalcScore} */ (v.tsumo))}`)))));
  }

  // Targets of the next tap.
  const targetNames = ['hand', 'pon', ...(info.players === 4 ? ['chi'] : []), 'minkan', 'ankan',
    ...(info.extractable.length ? ['extracted'] : []), 'dora', 'ura'];
  for (const name of targetNames) {
    targets.append(el('button', { type: 'button', dataset: { target: name }, onclick: () => { st.target = name; render(); } },
      t(`calc.target_${name}`)));
  }
  // The palette: the rule set's tiles in suit order.
  const names = Object.keys(info.tiles).sort((a, b) => sortKey(a) - sortKey(b));
  for (const name of names) {
    const te = tileEl(name);
    const b = el('button', { type: 'button', class: 'calc-pick', dataset: { tile: name }, 'aria-label': name, onclick: () => put(name) }, te);
    palette.append(b);
  }
  // Flags.
  const check = (/** @type {string} */ key) => el('label', { class: 'chk' },
    el('input', { type: 'checkbox', dataset: { flag: key }, onchange: (/** @type {Event} */ e) => { st.flags[key] = /** @type {HTMLInputElement} */ (e.target).checked; render(); } }),
    t(`calc.flag_${key}`));
  /** @param {string} label @param {string[][]} values @param {() => string} get
   * @param {(v: string) => void} set @param {string} testid */
  const select = (label, values, get, set, testid) => el('label', { class: 'sel' }, label,
    el('select', { dataset: { testid }, onchange: (/** @type {Event} */ e) => { set(/** @type {HTMLSelectElement} */ (e.target).value); render(); } },
      values.map(([v, text]) => el('option', { value: v, selected: get() === v }, text))));
  const winds = ['E', 'S', 'W', 'N'].slice(0, info.players === 3 ? 3 : 4);
  fill(flags,
    session ? null : select(t('calc.win'), [['ron', t('calc.ron')], ['tsumo', t('calc.tsumo')]], () => st.win, (v) => { st.win = v; }, 'win'),
    session ? null : select(t('calc.seat'), winds.map((w) => [w, t(`score.wind_${w}`)]), () => st.seat, (v) => { st.seat = v; }, 'seat'),
    session ? null : select(t('calc.round'), ['E', 'S', 'W', 'N'].map((w) => [w, t(`score.wind_${w}`)]), () => st.round, (v) => { st.round = v; }, 'round'),
    select(t('calc.riichi'), info.riichi.map((/** @type {string} */ k) => [k, t(`calc.riichi_${k}`)]), () => st.riichi, (v) => { st.riichi = v; }, 'riichi'),
    ...['ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan', 'first_turn'].map(check),
    session ? null : el('label', { class: 'sel' }, t('calc.honba'),
      el('input', { type: 'number', min: 0, max: 99, value: 0, inputmode: 'numeric', onchange: (/** @type {Event} */ e) => { st.honba = Math.max(0, Number(/** @type {HTMLInputElement} */ (e.target).value) || 0); render(); } })),
    el('button', { type: 'button', class: 'calc-clear', onclick: () => {
      Object.assign(st, { hand: [], melds: [], extracted: [], dora: [], ura: [] }); render();
    } }, t('calc.clear')),
  );
  fill(root, el('div', { class: 'calc' }, rows, targets, palette, flags, out));
  applyI18n(root);
  render();
  return { situation, state: st, result: () => last, put };
}
