// @ts-check
// The entry dialog of 点数記録: a hand (a win, a draw, a chombo or penalty, chips) put
// together from taps, or a past hand opened to be edited; the server previews it as it stands
// (its yaku and value, who pays, a refusal by the rules, hands an edit would move to another
// game), and the session page (score.js) queues what is recorded.
import { mountCalculator } from './calc.js';
import { api, el, fill, lang, signed, t } from './scorekit.js';
import {
  $, FLAGS, S, choice, describe, errText, info, leadingChips, movedText, names, online, people,
  roundLabel, showMessage, sid,
} from './score-state.js';

/** @typedef {import('./api-types').CalcSituation} CalcSituation */
/** @typedef {import('./api-types').CalcWhere} CalcWhere */
/** @typedef {import('./api-types').ChipsEvent} ChipsEvent */
/** @typedef {import('./api-types').ChomboEvent} ChomboEvent */
/** @typedef {import('./api-types').DealIn} DealIn */
/** @typedef {import('./api-types').DrawEvent} DrawEvent */
/** @typedef {import('./api-types').HandEntry} HandEntry */
/** @typedef {import('./api-types').HandRow} HandRow */
/** @typedef {import('./api-types').SettingsChange} SettingsChange */
/** @typedef {import('./api-types').WinEvent} WinEvent */
/** @typedef {import('./score-state.js').GameNow} GameNow */
/** @typedef {import('./score-state.js').TableNow} TableNow */
/** @typedef {import('./api-types').PreviewAnswer<TableNow, GameNow>} PreviewAnswer */

/** One winner of the entry dialog.
 * @typedef {{ winner: number | null, han: number, fu: number, yakuman: number, situation: CalcSituation | null,
 *   mode: string, chips: Record<string, number>, dice: number[][], terminals?: number }} Winner */
/** What the session page does with a recorded entry: queue it, then draw the history again.
 * @typedef {{ enqueue: (op: string, hand: HandEntry | SettingsChange | null, index?: number | null, what?: string, seen?: number) => void,
 *   renderHistory: () => void }} EntryPage */
/** A gotou chombo's deal-in as the dialog edits it: a winner who is always someone.
 * @typedef {Winner & { winner: number }} DealInModel */

/** @param {number} dealer */
function seatsAt(dealer) {
  const n = people();
  return names().map((_, p) => {
    const off = (p - dealer + n) % n;
    return off < S.players ? 'ESWN'[off] : null;
  });
}

/** @param {string} label @param {number[]} persons @param {Set<number>} selected @param {() => void} onchange @param {string} testid */
function toggles(label, persons, selected, onchange, testid) {
  return el('fieldset', { class: 'toggles' }, el('legend', {}, label),
    persons.map((p) => el('button', {
      type: 'button', 'aria-pressed': String(selected.has(p)), dataset: { testid: `${testid}-${p}` },
      onclick: (/** @type {Event & { currentTarget: HTMLElement }} */ e) => {
        if (selected.has(p)) selected.delete(p); else selected.add(p);
        e.currentTarget.setAttribute('aria-pressed', String(selected.has(p)));
        onchange();
      },
    }, names()[p])));
}

/** @param {string} label @param {number[]} values @param {number} value @param {(v: number) => void} onchange @param {string} testid */
function numberSelect(label, values, value, onchange, testid) {
  return el('label', { class: 'sel' }, label, el('select', { dataset: { testid }, onchange: (/** @type {Event & { target: HTMLSelectElement }} */ e) => onchange(Number(e.target.value)) },
    values.map((v) => el('option', { value: v, selected: v === value }, v))));
}

const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
// A chip entry is for what belongs to no win (a spring extracted, anything else from all);
// a win's items are counted on the win itself, so the ledger knows who pays them.
const ITEMS = ['spring', 'other'];

/** @returns {Winner} */
function newWinner() {
  return { winner: null, han: 1, fu: 30, yakuman: 0, situation: null, mode: 'hanfu', chips: {}, dice: [] };
}

/** The preset's chip items of one win (counts, and toggles for what happens once).
 * @param {{ chips: Record<string, number> }} w
 * @param {number | string} wi
 * @param {() => void} onchange
 */
function chipItems(w, wi, onchange) {
  const items = info.chip_items ?? [];
  if (!items.length) return null;
  return el('fieldset', { class: 'items' }, el('legend', {}, t('score.chip_items')), items.map((/** @type {string} */ k) => (FLAGS.has(k)
    ? el('button', { type: 'button', 'aria-pressed': String(Boolean(w.chips[k])), dataset: { testid: `ci${wi}-${k}` }, onclick: (/** @type {Event & { currentTarget: HTMLElement }} */ e) => {
      w.chips[k] = w.chips[k] ? 0 : 1;
      e.currentTarget.setAttribute('aria-pressed', String(Boolean(w.chips[k])));
      onchange();
    } }, t(`score.ci_${k}`))
    : el('label', { class: 'sel' }, t(`score.ci_${k}`),
      el('input', { type: 'number', min: 0, max: 99, value: w.chips[k] ?? 0, inputmode: 'numeric', dataset: { testid: `ci${wi}-${k}` },
        onchange: (/** @type {Event & { target: HTMLInputElement }} */ e) => { w.chips[k] = Math.max(0, Math.min(99, Math.floor(Number(e.target.value)) || 0)); onchange(); } })))));
}

/** サイコロチャンス: the dice rolled on screen (doubles roll again) or typed in.
 * @param {number[][]} dice
 * @param {() => void} onchange
 * @param {string} testid
 */
function diceBox(dice, onchange, testid) {
  const d1 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', 'aria-label': '1', dataset: { testid: `die-1-${testid}` } });
  const d2 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', 'aria-label': '2', dataset: { testid: `die-2-${testid}` } });
  return el('fieldset', { class: 'dice' }, el('legend', {}, t('score.win_dice')),
    el('p', { dataset: { testid: `dice-rolls-${testid}` } }, dice.map((d) => `${t('score.roll_short')} ${d[0]}・${d[1]}`).join('  ') || '—'),
    el('button', { type: 'button', dataset: { testid: `roll-${testid}` }, onclick: () => {
      const roll = () => 1 + Math.floor(Math.random() * 6);
      for (let i = 0; i < 20; i++) {
        const pair = [roll(), roll()];
        dice.push(pair);
        if (pair[0] !== pair[1]) break;
      }
      onchange();
    } }, t('score.roll')),
    el('span', { class: 'row' }, d1, d2, el('button', { type: 'button', dataset: { testid: `add-dice-${testid}` }, onclick: () => {
      const a = Number(d1.value);
      const b = Number(d2.value);
      if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6)) { showMessage(t('score.bad_dice'), true); return; }
      dice.push([a, b]); onchange();
    } }, t('score.add_dice'))),
    dice.length ? el('button', { type: 'button', onclick: () => { dice.splice(0); onchange(); } }, t('score.clear_dice')) : null);
}


/** The entry dialog for a new hand (row = null) or a past one (row: edit it); `page` queues
 * what is recorded and draws the history again (score.js's enqueue and renderHistory).
 * @param {string} kind
 * @param {HandRow | null} row
 * @param {EntryPage} page */
export function openEntry(kind, row, { enqueue, renderHistory }) {
  if (!S || !info) return; // the buttons show once both are here; a stray early tap waits
  const dialog = /** @type {HTMLDialogElement} */ ($('entry'));
  const form = $('entry-form');
  const seen = S.rev; // what the person saw when they began: a change since is a conflict
  const dealer = row ? row.label.dealer : S.table.dealer;
  const seats = row ? (row.seats ?? seatsAt(dealer)) : S.table.seats;
  const seated = names().map((_, p) => p).filter((p) => seats[p]);
  const keptChips = row && kind !== 'chips' ? leadingChips(row.events) : [];
  const evs = row ? row.events.slice(keptChips.length) : [];
  // The last hand of the table, which a chip entry may belong to (a spring entered after it).
  const lastHand = !row && kind === 'chips' ? S.hands[S.hands.length - 1] : null;
  const attachable = lastHand && lastHand.events.some((e) => e.type === 'win' || e.type === 'draw')
    && !lastHand.events.some((e) => e.type === 'chips') ? lastHand : null;
  const preview = el('div', { class: 'preview', dataset: { testid: 'preview' }, 'aria-live': 'polite' });
  const body = el('div', { class: 'entry-body' });
  /** @type {() => (HandEntry | null)} */
  let build = () => null; // the hand's events from the form, or null while incomplete
  /** @type {() => (HandRow | null)} */
  let attachTo = () => null; // the past hand a chip entry is recorded with, if any
  /** @type {number | null} */
  let timer = null;
  /** @type {string | null} */
  let refusedBy = null; // why the rules refuse the hand as it stands (記録する is disabled)
  const recordButton = el('button', { type: 'button', class: 'primary', dataset: { testid: 'record' } }, row ? t('score.save_edit') : t('score.record'));
  const setRefused = (/** @type {string | null} */ why) => {
    refusedBy = why;
    recordButton.disabled = Boolean(why);
    recordButton.title = why ?? '';
  };

  async function refresh() {
    clearTimeout(/** @type {number} */ (timer));
    setRefused(null);
    timer = setTimeout(async () => {
      const hand = build();
      if (!hand) { fill(preview); return; }
      if (!online || attachTo()) { fill(preview); return; }
      try {
        /** @type {PreviewAnswer} */
        const p = await api(`/api/sessions/${sid}/preview`, { method: 'POST', body: row ? { hand: { events: [...keptChips, ...hand.events] }, index: row.index } : { hand } });
        if (p.refused) {
          setRefused(errText(p.refused));
          fill(preview, el('p', { class: 'error', role: 'alert', dataset: { testid: 'refused' } },
            `${t('score.refused_title')}: ${refusedBy}`));
          return;
        }
        const h = /** @type {HandRow} */ (p.hand); // a hand's preview (not a deletion's)
        const yaku = h.scored.flatMap((r) => r.yaku.map((y) => `${lang() === 'en' ? y.en : y.ja} ${y.yakuman ? t('calc.yakuman_n', { count: y.yakuman }) : t('calc.han_n', { count: y.han })}`));
        fill(preview,
          yaku.length ? el('p', { class: 'yaku' }, yaku.join('・')) : null,
          ...h.scored.map((r) => el('p', {}, r.yakuman ? t('calc.value_yakuman', { count: r.yakuman }) : `${t('calc.value', { han: r.han, fu: r.fu })}${r.limit ? ` ${t(`calc.limit_${r.limit}`)}` : ''}`)),
          el('p', { class: 'pays' }, names().map((n, p) => (h.payments[p] || h.chip_changes[p] ? el('span', { class: h.payments[p] > 0 ? 'plus' : 'minus' },
            `${n} ${signed(h.payments[p])}${h.chip_changes[p] ? ` (${t('score.chips_short')}${signed(h.chip_changes[p])})` : ''} `) : null))),
          h.dice_chances ? el('p', { class: 'badge', dataset: { testid: 'dice-reminder' } }, t('score.dice_reminder', { count: h.dice_chances })) : null,
          !row && /** @type {GameNow[]} */ (p.games)[0]?.over ? el('p', { class: 'badge' }, t('score.ends_game')) : null,
          p.moved?.length ? el('p', { class: 'error', role: 'alert', dataset: { testid: 'moves' } }, movedText(p.moved)) : null);
      } catch (e) {
        fill(preview, el('p', { class: 'error', role: 'alert' }, errText(/** @type {import('./types').ApiError} */ (e))));
      }
    }, 150);
  }

  // シュバ is once a game: not offered to who used theirs before this hand (an edited hand
  // keeps its own).
  const usedShuba = new Set(row ? [] : S.table.shuba_used ?? []);
  /** @param {number[]} persons @param {{ shuba: Set<number>, riichi: Set<number> }} model @param {() => void} onchange */
  const shubaToggles = (persons, model, onchange) => {
    const free = persons.filter((p) => !usedShuba.has(p) || model.shuba.has(p));
    if (!free.length) return el('p', { class: 'note', dataset: { testid: 'shuba-none' } }, t('score.shuba_none'));
    return toggles(t('score.shuba'), free, model.shuba, () => { for (const p of model.shuba) model.riichi.add(p); onchange(); }, 'shuba');
  };

  if (kind === 'win') {
    const first = /** @type {Partial<WinEvent>} */ (evs[0] ?? {});
    const model = {
      from: first.from ?? null,
      riichi: new Set(first.riichi ?? []),
      shuba: new Set(first.shuba ?? []),
      open: new Set(first.open_riichi ?? []),
      wareme: first.wareme ?? null,
      winners: evs.length ? /** @type {WinEvent[]} */ (evs).map((ev) => /** @type {Winner} */ ({
        winner: ev.winner, han: ev.han ?? 1, fu: ev.fu ?? 30, yakuman: ev.yakuman ?? 0,
        situation: ev.situation ?? null, mode: ev.situation ? 'hand' : ev.yakuman ? 'yakuman' : 'hanfu',
        chips: { ...(ev.chips ?? {}) }, dice: [...(ev.dice ?? [])], terminals: ev.terminals ?? 0,
      })) : [newWinner()],
    };
    build = () => {
      if (model.winners.some((/** @type {Winner} */ w) => w.winner === null || (w.mode === 'hand' && !w.situation))) return null;
      const double = model.winners.length > 1;
      return { events: model.winners.map((/** @type {Winner} */ w, /** @type {number} */ i) => {
        /** @type {WinEvent} */
        const ev = { type: 'win', winner: /** @type {number} */ (w.winner), from: model.from };
        if (w.mode === 'hand') {
          // The riichi declared in the form counts in the hand's value too.
          // (A hand is set here: build's check above.)
          const declared = model.riichi.has(/** @type {number} */ (w.winner))
            && (!/** @type {CalcSituation} */ (w.situation).riichi || /** @type {CalcSituation} */ (w.situation).riichi === 'none');
          ev.situation = declared ? { .../** @type {CalcSituation} */ (w.situation), riichi: 'riichi' } : w.situation;
        }
        else if (w.mode === 'yakuman') ev.yakuman = w.yakuman;
        else { ev.han = w.han; ev.fu = info.fixed_fu ? 30 : w.fu; }
        if (w.mode !== 'hand') {
          // What happened, counted at the table: the ledger decides who pays.
          const chips = Object.fromEntries(Object.entries(w.chips).filter(([, n]) => n > 0));
          if (Object.keys(chips).length) ev.chips = chips;
        }
        if (w.dice.length) ev.dice = w.dice;
        if (w.mode !== 'hand' && w.terminals) ev.terminals = w.terminals;
        if (i === 0) {
          ev.riichi = [...model.riichi];
          if (model.shuba.size) ev.shuba = [...model.shuba];
          const opened = [...model.open].filter((p) => model.riichi.has(p));
          if (opened.length) ev.open_riichi = opened;
          if (model.wareme !== null) ev.wareme = model.wareme;
        }
        if (double) ev.double = true;
        return ev;
      }) };
    };
    const draw = () => {
      const winnerBlocks = model.winners.map((/** @type {Winner} */ w, /** @type {number} */ wi) => {
        const valueBox = el('div', { class: 'value' });
        const drawValue = () => {
          const calcBox = el('div', { class: 'calc-box' });
          fill(valueBox,
            choice(t('score.value'), [['hanfu', t('score.hanfu')], ['yakuman', t('score.yakuman')], ['hand', t('score.by_hand')]],
              () => w.mode, (v) => { w.mode = v; drawValue(); refresh(); }, `mode${wi}`),
            w.mode === 'hanfu' ? el('div', { class: 'row' },
              numberSelect(t('score.han'), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], w.han, (v) => { w.han = v; refresh(); }, `han${wi}`),
              info.fixed_fu ? null : numberSelect(t('score.fu'), FU, w.fu, (v) => { w.fu = v; refresh(); }, `fu${wi}`)) : null,
            w.mode !== 'hand' && info.terminal_bonus ? numberSelect(t('score.terminals'), [0, 1, 2, 3, 4, 5, 6, 7, 8], w.terminals ?? 0, (v) => { w.terminals = v; refresh(); }, `terminals${wi}`) : null,
            w.mode !== 'hand' ? chipItems(w, wi, refresh) : null,
            info.dice_chances ? diceBox(w.dice, () => { drawValue(); refresh(); }, `${wi}`) : null,
            w.mode === 'yakuman' ? numberSelect(t('score.yakuman_count'), [1, 2, 3, 4, 5, 6], w.yakuman || 1, (v) => { w.yakuman = v; refresh(); }, `yakuman${wi}`) : null,
            w.mode === 'hand' && !w.situation ? calcBox : null,
            w.mode === 'hand' && w.situation ? el('p', { class: 'picked', dataset: { testid: `picked${wi}` } },
              `${t('score.hand_set')}: ${w.situation.hand}${w.situation.melds?.length ? ` + ${w.situation.melds.map((m) => m.tiles).join(' ')}` : ''} `,
              el('button', { type: 'button', onclick: () => { w.situation = null; drawValue(); refresh(); } }, t('score.change_hand'))) : null,
          );
          if (w.mode === 'yakuman' && !w.yakuman) w.yakuman = 1;
          if (w.mode === 'hand' && !w.situation) {
            mountCalculator(calcBox, {
              rules: S.config.preset, options: S.config.options,
              context: () => {
                const wind = seats[/** @type {number} */ (w.winner)] ?? 'E';
                /** @type {CalcWhere} */
                const c = { win: model.from === null ? 'tsumo' : 'ron', seat: wind, round: (row ? row.label : S.table).round,
                  honba: (row ? row.label : S.table).honba, players: people() };
                if (model.from !== null) c.discarder = /** @type {string} */ (seats[model.from]); // a seated person's wind
                return c;
              },
              onUse: (sit) => { w.situation = sit; drawValue(); refresh(); },
            }).catch((e) => { calcBox.textContent = e.message; });
          }
        };
        drawValue();
        return el('div', { class: 'winner-block' },
          choice(wi ? t('score.winner_n', { n: wi + 1 }) : t('score.winner'), seated.map((p) => [p, names()[p]]),
            () => w.winner, (v) => { w.winner = v; if (model.from === v) model.from = null; draw(); refresh(); }, `winner${wi}`),
          valueBox,
          wi ? el('button', { type: 'button', onclick: () => { model.winners.splice(wi, 1); draw(); refresh(); } }, t('score.remove_winner')) : null);
      });
      fill(body,
        ...winnerBlocks,
        choice(t('score.from'), [[null, t('score.tsumo')], ...seated.filter((p) => !model.winners.some((/** @type {Winner} */ w) => w.winner === p)).map((p) => /** @type {[number, string]} */ ([p, names()[p]]))],
          () => model.from, (v) => { model.from = v; if (v === null) model.winners.splice(1); draw(); refresh(); }, 'from'),
        // No double ron under a head-bump rule (頭ハネ): the page offers one winner.
        info.double_ron !== false && model.from !== null && model.winners.length < seated.length - 1 ? el('button', { type: 'button', dataset: { testid: 'add-winner' }, onclick: () => {
          model.winners.push(newWinner()); draw(); refresh();
        } }, t('score.double_ron')) : null,
        toggles(t('score.riichi'), seated, model.riichi, () => { for (const p of model.shuba) if (!model.riichi.has(p)) model.shuba.delete(p); refresh(); }, 'riichi'),
        info.shuba_stick ? shubaToggles(seated, model, () => { draw(); refresh(); }) : null,
        info.riichi?.includes('open') ? toggles(t('score.open_riichi'), seated, model.open, () => { for (const p of model.open) model.riichi.add(p); draw(); refresh(); }, 'open') : null,
        info.wareme ? choice(t('score.wareme'), [[null, t('score.nobody')], ...seated.map((p) => /** @type {[number, string]} */ ([p, names()[p]]))], () => model.wareme, (v) => { model.wareme = v; refresh(); }, 'wareme') : null,
      );
    };
    draw();
  } else if (kind === 'draw') {
    const ev = /** @type {Partial<DrawEvent>} */ (evs[0] ?? {});
    const model = { kind: ev.kind ?? 'exhaustive', tenpai: new Set(ev.tenpai ?? []), riichi: new Set(ev.riichi ?? []), shuba: new Set(ev.shuba ?? []), winners: new Set(ev.winners ?? []) };
    build = () => {
      /** @type {DrawEvent} */
      const e = { type: 'draw', kind: model.kind, tenpai: [...model.tenpai], riichi: [...model.riichi] };
      if (model.shuba.size) e.shuba = [...model.shuba];
      if (model.kind === 'nagashi' && model.winners.size) e.winners = [...model.winners];
      return { events: [e] };
    };
    const draw = () => fill(body,
      choice(t('score.draw_kind'), ['exhaustive', 'nine_terminals', 'nagashi'].filter((k) => !info.draw_kinds || info.draw_kinds.includes(k)).map((k) => [k, t(`score.draw_${k}`)]), () => model.kind, (v) => { model.kind = v; draw(); refresh(); }, 'kind'),
      toggles(t('score.tenpai'), seated, model.tenpai, refresh, 'tenpai'),
      model.kind === 'nagashi' ? toggles(t('score.nagashi_who'), seated, model.winners, refresh, 'nagashi') : null,
      toggles(t('score.riichi'), seated, model.riichi, refresh, 'riichi'),
      info.shuba_stick ? shubaToggles(seated, model, () => { draw(); refresh(); }) : null);
    draw();
  } else if (kind === 'chombo') {
    const ev = /** @type {{ type?: string, player?: number, kind?: string, deal_ins?: DealIn[] }} */ (evs[0] ?? {}); // a chombo or a penalty
    const model = { kind: ev.type === 'penalty' ? /** @type {string} */ (ev.kind) : 'chombo', player: ev.player ?? null,
      // gotou: each tenpai player's 高め deal-in from the offender (its han and chips).
      dealIns: new Map((ev.deal_ins ?? []).map((d) => /** @type {[number, DealInModel]} */ ([d.winner, { ...newWinner(), ...d, chips: { ...(d.chips ?? {}) } }]))) };
    build = () => {
      if (model.player === null) return null;
      if (model.kind !== 'chombo') return { events: [{ type: 'penalty', kind: model.kind, player: model.player }] };
      /** @type {ChomboEvent} */
      const e = { type: 'chombo', player: model.player };
      const dealIns = [...model.dealIns.values()].filter((d) => d.winner !== model.player);
      if (dealIns.length) {
        e.deal_ins = dealIns.map((d) => {
          /** @type {DealIn} */
          const out = { winner: d.winner, han: d.han, fu: info.fixed_fu ? 30 : d.fu };
          const chips = Object.fromEntries(Object.entries(d.chips).filter(([, n]) => n > 0));
          if (Object.keys(chips).length) out.chips = chips;
          return out;
        });
      }
      return { events: [e] };
    };
    const tenpai = new Set(model.dealIns.keys());
    const draw = () => fill(body,
      choice(t('score.penalty_kind'), ['chombo', 'false_pon', 'false_kan', 'abandon'].map((k) => [k, t(`score.penalty_${k}`)]), () => model.kind, (v) => { model.kind = v; draw(); refresh(); }, 'pkind'),
      choice(t('score.offender'), seated.map((p) => [p, names()[p]]), () => model.player, (v) => { model.player = v; draw(); refresh(); }, 'player'),
      info.chombo_deal_ins && model.kind === 'chombo' ? toggles(t('score.chombo_tenpai'), seated.filter((p) => p !== model.player), tenpai, () => {
        for (const p of tenpai) if (!model.dealIns.has(p)) model.dealIns.set(p, { ...newWinner(), winner: p });
        for (const p of [...model.dealIns.keys()]) if (!tenpai.has(p)) model.dealIns.delete(p);
        draw(); refresh();
      }, 'dealin') : null,
      ...(info.chombo_deal_ins && model.kind === 'chombo' ? [...model.dealIns.values()].filter((d) => d.winner !== model.player).map((d, i) => el('div', { class: 'winner-block' },
        el('p', {}, t('score.chombo_deal_in', { name: names()[d.winner] })),
        el('div', { class: 'row' },
          numberSelect(t('score.han'), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], d.han, (v) => { d.han = v; refresh(); }, `dealin-han${i}`),
          info.fixed_fu ? null : numberSelect(t('score.fu'), FU, d.fu, (v) => { d.fu = v; refresh(); }, `dealin-fu${i}`)),
        chipItems(d, `d${i}`, refresh))) : []));
    draw();
  } else if (kind === 'chips') {
    const ev = /** @type {Partial<ChipsEvent>} */ (evs[0] ?? {});
    const model = { to: ev.to ?? null, items: { ...(ev.items ?? {}) }, dice: [...(ev.dice ?? [])], attach: false };
    attachTo = () => (model.attach ? attachable : null);
    build = () => {
      if (model.to === null) return null;
      const items = Object.fromEntries(Object.entries(model.items).filter(([, n]) => n > 0));
      if (!Object.keys(items).length && !model.dice.length) return null;
      /** @type {ChipsEvent} */
      const e = { type: 'chips', to: model.to, items };
      if (model.dice.length) e.dice = model.dice;
      return { events: [e] };
    };
    const d1 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', dataset: { testid: 'die-1' } });
    const d2 = el('input', { type: 'number', min: 1, max: 6, inputmode: 'numeric', dataset: { testid: 'die-2' } });
    const draw = () => fill(body,
      attachable ? choice(t('score.chips_for'), [[false, t('score.chips_next_hand')], [true, t('score.chips_last_hand', { label: roundLabel(attachable.label) })]],
        () => model.attach, (v) => { model.attach = v; refresh(); }, 'attach') : null,
      choice(t('score.chips_to'), names().map((_, p) => [p, names()[p]]), () => model.to, (v) => { model.to = v; refresh(); }, 'to'),
      el('fieldset', { class: 'items' }, el('legend', {}, t('score.items')), ITEMS.map((k) => el('label', { class: 'sel' }, t(`score.item_${k}`),
        el('input', { type: 'number', min: 0, max: 99, value: model.items[k] ?? 0, inputmode: 'numeric', dataset: { testid: `item-${k}` },
          onchange: (/** @type {Event & { target: HTMLInputElement }} */ e) => { model.items[k] = Math.max(0, Number(e.target.value) || 0); refresh(); } })))),
      el('fieldset', { class: 'dice' }, el('legend', {}, t('score.dice')),
        el('p', { dataset: { testid: 'dice-rolls' } }, model.dice.map((d) => `${t('score.roll_short')} ${d[0]}・${d[1]}`).join('  ') || '—'),
        el('button', { type: 'button', dataset: { testid: 'roll' }, onclick: () => {
          // サイコロチャンス: a pair of doubles rolls again (as the ledger's own roller does).
          const roll = () => 1 + Math.floor(Math.random() * 6);
          for (let i = 0; i < 20; i++) {
            const pair = [roll(), roll()];
            model.dice.push(pair);
            if (pair[0] !== pair[1]) break;
          }
          draw(); refresh();
        } }, t('score.roll')),
        el('span', { class: 'row' }, d1, d2, el('button', { type: 'button', dataset: { testid: 'add-dice' }, onclick: () => {
          const a = Number(d1.value);
          const b = Number(d2.value);
          if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6)) { showMessage(t('score.bad_dice'), true); return; }
          model.dice.push([a, b]); draw(); refresh();
        } }, t('score.add_dice'))),
        el('button', { type: 'button', onclick: () => { model.dice = []; draw(); refresh(); } }, t('score.clear_dice'))));
    draw();
  }

  const title = row ? t('score.editing', { label: roundLabel(row.label) }) : t(`score.entry_${kind}`);
  fill(form,
    el('h2', {}, title),
    body,
    preview,
    el('div', { class: 'dialog-buttons' },
      el('button', { type: 'button', value: 'cancel', onclick: () => dialog.close() }, t('score.cancel')),
      recordButton));
  recordButton.onclick = async () => {
    if (refusedBy) return;
    const hand = build();
    if (hand && row && online) {
      // An edit that would move hands to another game is saved only once the person agrees.
      try {
        /** @type {PreviewAnswer} */
        const p = await api(`/api/sessions/${sid}/preview`, { method: 'POST', body: { hand: { events: [...keptChips, ...hand.events] }, index: row.index } });
        if (p.refused) { setRefused(errText(p.refused)); return; }
        if (p.moved?.length && !confirm(`${movedText(p.moved)}\n${t('score.confirm_moves')}`)) return;
      } catch (e) { fill(preview, el('p', { class: 'error', role: 'alert' }, errText(/** @type {import('./types').ApiError} */ (e)))); return; }
    }
    if (!hand) { showMessage(t('score.incomplete'), true); fill(preview, el('p', { class: 'error' }, t('score.incomplete'))); return; }
    if (row && !online) { fill(preview, el('p', { class: 'error' }, t('score.online_only'))); return; }
    const what = hand.events.map(describe).join(' / ');
    const past = attachTo();
    if (past && !online) { fill(preview, el('p', { class: 'error' }, t('score.online_only'))); return; }
    if (row) enqueue('edit', { events: [...keptChips, ...hand.events] }, row.index, `${t('score.edit')}: ${what}`, seen);
    else if (past) enqueue('edit', { events: [...hand.events, ...past.events] }, past.index, `${roundLabel(past.label)}: ${what}`, seen);
    else enqueue('add', hand, null, what, seen);
    showMessage('');
    dialog.close();
    renderHistory();
  };
  dialog.showModal();
  refresh();
}
