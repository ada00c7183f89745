// @ts-check
// A preset as the rule sheet a Japanese table reads: its options grouped as players group them
// (基本, 役, 点数, 祝儀, 流局, 終了条件, 精算), each with a control that fits its value (a switch,
// a choice, a number with its unit, the red fives as a per-suit picker, lists and maps as rows
// of fields: never raw JSON), the preset file's seed line beside it, and the options the seed
// leaves to the table marked 要相談.
//
// editorFor(knob) -> {input, read() -> {value} | {error}, write(value)}: `input` is the element
// to put in the page; it fires `input` events when the reader changes it.
import { el } from './dom.js';
import { has, lang, t } from './i18n.js';
import { tileLabel } from './tiles.js';

/** @typedef {import('./types').Knob} Knob */
/** @typedef {{ value: unknown } | { error: string }} Read */
/** A knob's control: the element, its value read back (or why not), and a value put in it.
 * @typedef {{ input: HTMLElement, read: () => Read, write: (v: unknown) => void }} Editor */

// -- names to choose from, never ids to type -----------------------------------------------------

/** The knobs whose entries (a list's values, a map's keys) are yaku ids. */
const YAKU_KNOBS = new Set(['scoring.extra_yaku', 'scoring.disabled_yaku', 'scoring.pao', 'scoring.yaku_han']);
/** The knobs whose entries are tile kinds ("4z"). */
const TILE_KNOBS = new Set(['scoring.nuki_dora']);
/** @type {{ id: string, ja: string, en: string, house?: boolean }[] | null} */
let yakuNames = null; // [{id, ja, en, house}] from GET /api/yaku

/** The yaku the server knows, for the rule sheet's pickers (the page fetches /api/yaku).
 * @param {unknown} list */
export function setYakuNames(list) { yakuNames = Array.isArray(list) ? list : null; }

/** A yaku's name for people ("三連刻"; in English "Three consecutive triplets (三連刻)").
 * @param {unknown} id */
export function yakuLabel(id) {
  const y = yakuNames?.find((x) => x.id === id);
  if (!y) return String(id);
  return lang === 'ja' ? y.ja : `${y.en} (${y.ja})`;
}

const TILE_KINDS = [...'mps'].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `${d}${suit}`))
  .concat([1, 2, 3, 4, 5, 6, 7].map((d) => `${d}z`));

/** The choices of an entry of knob `key`: [[value, label]], or null for a free field.
 * @param {string} key
 * @returns {string[][] | null} */
function entryChoices(key) {
  if (YAKU_KNOBS.has(key) && yakuNames) {
    return yakuNames.map((y) => [y.id, yakuLabel(y.id)])
      .sort((a, b) => a[1].localeCompare(b[1], lang));
  }
  if (TILE_KNOBS.has(key)) return TILE_KINDS.map((k) => [k, tileLabel(k)]);
  return null;
}

/** An entry as people name it: a yaku's or a tile's name, else the value.
 * @param {string} key @param {unknown} v */
function entryText(key, v) {
  if (YAKU_KNOBS.has(key)) return yakuLabel(v);
  if (TILE_KNOBS.has(key) && typeof v === 'string' && /^[0-9][mpsz]$/.test(v)) return tileLabel(v);
  return String(v);
}

/** The groups in the order a rule sheet lists them, and the knobs in each, in order. A knob in
 * none of them (a knob added later) is listed under その他 (other).
 * @type {[string, string[]][]} */
export const GROUPS = [
  ['basic', [
    'game.start_points', 'game.start_chips', 'tiles.red', 'tiles.gold', 'tiles.dot_white',
    'tiles.flowers', 'tiles.flower_sets', 'tiles.manzu_fives', 'hand.wildcards', 'hand.wildcard_fifth_copy',
    'scoring.nuki_dora', 'table.initial_dora', 'table.kan_dora_at_once', 'scoring.ura_dora',
    'table.doubles_two_dora', 'scoring.riichi_stick', 'table.open_riichi', 'table.open_riichi_max',
    'table.third_riichi_open', 'table.open_riichi_shows', 'table.open_riichi_guarded',
    'table.open_riichi_may_pass', 'table.extract_last_tile', 'table.kan_dora_indicators',
    'game.shuba_stick', 'table.riichi_below_zero', 'table.riichi_without_draws',
    'table.furiten_riichi', 'table.riichi_must_win', 'table.per_tile_furiten',
    'table.kokushi_furiten_ron', 'table.riichi_ankan', 'table.riichi_ankan_waits',
    'table.double_ron', 'table.kan_needs_draws', 'table.dead_wall', 'table.rinshan_tiles',
    'table.replacement_shortens_wall', 'table.kan_indicators_from_live', 'game.deal_passes_on_win', 'game.dealer_win_honba',
    'game.chombo', 'game.chombo_each', 'game.false_call', 'game.false_call_points',
  ]],
  ['yaku', [
    'scoring.min_han', 'scoring.two_han_from_honba', 'scoring.kuitan', 'hand.chiitoi_four',
    'scoring.chiitoi_four_han', 'scoring.yakuhai_north', 'scoring.north_in_hand',
    'scoring.four_north_han', 'scoring.dot_white', 'scoring.flower_han', 'scoring.flower_seat_han',
    'scoring.flower_indicator_han', 'scoring.flower_powers', 'scoring.autumn_fives_dora', 'scoring.otafuku', 'scoring.yonchoro',
    'scoring.extra_yaku', 'scoring.disabled_yaku', 'scoring.yaku_han', 'scoring.double_yakuman',
    'scoring.kazoe_yakuman', 'scoring.ippatsu_yaku', 'scoring.pao', 'scoring.daiminkan_liability', 'scoring.tedumari_han',
  ]],
  ['points', [
    'scoring.fu', 'scoring.fu_cap', 'scoring.chiitoitsu_fu', 'scoring.pinfu_tsumo_fu',
    'scoring.point_table', 'scoring.limit_cap', 'scoring.kiriage', 'scoring.round_up',
    'scoring.tsumo_son', 'scoring.tsumo_bonus', 'scoring.honba_ron', 'scoring.honba_tsumo',
    'scoring.terminal_manzu_bonus', 'scoring.open_riichi_bonus', 'scoring.gold_is_dora',
    'scoring.wareme',
  ]],
  ['chips', [
    'chips.enabled', 'chips.sitting_out_pays_all', 'chips.ippatsu', 'chips.red_five',
    'chips.gold_five', 'chips.ura_dora', 'chips.kan_dora', 'chips.north', 'chips.rinshan',
    'chips.otafuku', 'chips.sokupochi', 'chips.four_north_four_flowers', 'chips.alice_closed', 'chips.alice_open',
    'chips.alice_ippatsu_forgives', 'chips.alice_pochi_wild', 'chips.snake_eyes', 'chips.guruguru', 'chips.sanbaiman', 'chips.yakuman_tsumo', 'chips.yakuman_ron',
    'chips.kazoe_per_han', 'chips.all_nuki_yakuman', 'chips.dice_chances', 'chips.shuba_doubles',
    'game.bust_chips', 'game.bust_chips_on_draw', 'game.double_ron_bust_chips', 'game.yakitori_chips', 'game.sitting_out_chips',
    'game.high_score_chips', 'game.high_score_line',
  ]],
  ['draws', [
    'game.deal_on_draw', 'game.noten_total', 'table.tenpai_needs_yaku', 'game.nagashi',
    'game.nagashi_is_win',
    'table.nine_terminals', 'table.tenhou_aborts',
  ]],
  ['end', [
    'game.length', 'game.extension', 'game.extension_target', 'game.extension_above', 'game.bust',
    'game.end_at_or_above',
    'game.agari_yame', 'game.last_hand_dealer_only', 'game.restrict_game_ending_wins',
    'game.restrict_tsumo', 'game.leftover_sticks',
  ]],
  ['settlement', [
    'settlement.style', 'settlement.return_points', 'settlement.uma', 'settlement.sink_uma',
    'settlement.kubi', 'settlement.chips_second_kubi', 'settlement.chips_second_no_kubi',
    'settlement.chips_four', 'settlement.kubi_uma', 'settlement.raw_chips_per_10000', 'settlement.rounding', 'settlement.boo_values', 'settlement.boo_yakuman', 'chips.point_value',
  ]],
];
const GROUP_OF = new Map(GROUPS.flatMap(([g, keys]) => keys.map((k) => [k, g])));

/** @param {string} key */
export function groupOf(key) {
  return GROUP_OF.get(key) ?? 'other';
}

/** The unit a number knob is counted in (a catalogue key under rules.unit). */
/** @type {Record<string, string>} */
const UNITS = {
  'game.start_points': 'points', 'game.extension_target': 'points', 'game.end_at_or_above': 'points',
  'game.noten_total': 'points', 'game.shuba_stick': 'points', 'game.high_score_line': 'points',
  'scoring.honba_ron': 'points', 'scoring.honba_tsumo': 'points', 'scoring.riichi_stick': 'points',
  'scoring.round_up': 'points', 'scoring.tsumo_bonus': 'points', 'scoring.terminal_manzu_bonus': 'points',
  'scoring.open_riichi_bonus': 'points', 'settlement.return_points': 'points', 'settlement.kubi': 'points', 'chips.snake_eyes': 'chips', 'settlement.kubi_uma': 'chips',
  'chips.point_value': 'points',
  'scoring.fu_cap': 'fu', 'scoring.chiitoitsu_fu': 'fu', 'scoring.pinfu_tsumo_fu': 'fu',
  'scoring.min_han': 'han', 'scoring.chiitoi_four_han': 'han', 'scoring.flower_seat_han': 'han',
  'scoring.flower_indicator_han': 'han', 'scoring.four_north_han': 'han', 'scoring.tedumari_han': 'han',
  'scoring.two_han_from_honba': 'honba',
  'table.initial_dora': 'tiles', 'table.dead_wall': 'tiles', 'table.rinshan_tiles': 'tiles',
  'table.open_riichi_max': 'people', 'table.kan_needs_draws': 'draws',
  'game.false_call_points': 'points',
};

/** @param {string} key */
export function unitOf(key) {
  if (UNITS[key]) return UNITS[key];
  if (key.startsWith('chips.') || key.endsWith('_chips')) return 'chips';
  return null;
}

/** The knob's name for people ("喰いタン" / "Open tanyao (kuitan)"), or its key.
 * @param {string} key */
export function knobLabel(key) {
  return has(`rules.knob.${key}`) ? t(`rules.knob.${key}`) : key;
}

/** A choice's name for people, or the value itself.
 * @param {string} key @param {unknown} value */
export function choiceLabel(key, value) {
  const k = `rules.choice.${key}.${value}`;
  return has(k) ? t(k) : String(value);
}

/** A value as a short text for summaries: on/off, a choice's name, numbers with units.
 * @param {{ key: string, kind: string }} k
 * @param {unknown} v
 * @returns {string} */
export function valueText(k, v) {
  if (typeof v === 'boolean') return t(v ? 'rules.on' : 'rules.off');
  if (k.kind === 'choice') return choiceLabel(k.key, v);
  if (typeof v === 'number') {
    const unit = unitOf(k.key);
    return unit ? `${v}${has(`rules.unit.${unit}`) ? ` ${t(`rules.unit.${unit}`)}` : ''}` : String(v);
  }
  const sep = lang === 'ja' ? '・' : ' / ';
  if (Array.isArray(v)) {
    if (!v.length) return t('rules.none_listed');
    return v.map((x) => (typeof x === 'string' ? entryText(k.key, x) : valueText({ key: '', kind: '' }, x))).join(sep);
  }
  if (v && typeof v === 'object') {
    const pairs = Object.entries(v);
    return pairs.length ? pairs.map(([a, b]) => `${entryText(k.key, a)}: ${valueText({ key: '', kind: '' }, b)}`).join(lang === 'ja' ? '、' : ', ') : t('rules.none_listed');
  }
  return String(v);
}

/** @param {unknown} value @param {{ whole?: boolean, label?: string }} [opts] */
function numberInput(value, { whole = true, label = '' } = {}) {
  const input = el('input', 'num');
  input.type = 'number';
  input.inputMode = whole ? 'numeric' : 'decimal';
  input.step = whole ? '1' : 'any';
  input.value = String(value);
  if (label) input.setAttribute('aria-label', label);
  return input;
}

/** @param {HTMLInputElement} input @param {boolean} whole @returns {Read} */
function readNumber(input, whole) {
  const text = input.value.trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) return { error: t('rules.need_number') };
  if (whole && !Number.isInteger(n)) return { error: t('rules.need_whole') };
  return { value: n };
}

const fire = (/** @type {HTMLElement} */ node) => node.dispatchEvent(new Event('input', { bubbles: true }));

/** The red (gold) fives: how many copies of each suit's five, 0 to 4.
 * @param {Knob} k @param {string} id @returns {Editor} */
function suitPicker(k, id) {
  const box = el('div', 'suit-picker');
  box.id = id;
  /** @type {Record<string, HTMLSelectElement>} */
  const selects = {};
  for (const suit of ['m', 'p', 's']) {
    const label = el('label', 'suit');
    label.append(el('span', 'suit-name', t(`rules.suit.${suit}`)));
    const sel = el('select');
    sel.dataset.suit = suit;
    for (let n = 0; n <= 4; n++) sel.append(new Option(String(n), String(n)));
    sel.addEventListener('change', () => fire(box));
    selects[suit] = sel;
    label.append(sel);
    box.append(label);
  }
  return {
    input: box,
    read: () => {
      /** @type {Record<string, number>} */
      const value = {};
      for (const suit of ['m', 'p', 's']) {
        const n = Number(selects[suit].value);
        if (n) value[`5${suit}`] = n;
      }
      return { value };
    },
    write: (v) => {
      for (const suit of ['m', 'p', 's']) selects[suit].value = String(/** @type {Record<string, unknown>} */ (v ?? {})[`5${suit}`] ?? 0);
    },
  };
}

/** What a list's or a map's entries are, from the knob's value and default.
 * @param {Knob} k */
function sampleEntry(k) {
  for (const v of [k.value, k.default]) {
    if (Array.isArray(v) && v.length) return v[0];
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length) return Object.values(v)[0];
  }
  return Array.isArray(k.default ?? k.value) ? '' : 0;
}

/** Labels of a list's places: ranks for uma, the four flowers for their han.
 * @param {string} key @param {number} i */
function placeLabel(key, i) {
  if (key === 'settlement.uma' || key.startsWith('settlement.chips_')) return t('rules.rank', { n: i + 1 });
  if (key === 'scoring.flower_han') return t(`tiles.flower.${i + 1}`);
  if (key === 'scoring.yaku_han') return t(i === 0 ? 'rules.closed' : 'rules.open');
  return '';
}

/** A list or a map as rows of fields, with add and remove buttons.
 * @param {Knob} k @param {string} id @returns {Editor} */
function structEditor(k, id) {
  const isList = Array.isArray(k.default ?? k.value);
  const sample = sampleEntry(k);
  const box = el('div', isList ? 'list-editor' : 'map-editor');
  box.id = id;
  // The entries: a list's values, or a map's [key, value] pairs (Pair below).
  /** @typedef {[unknown, unknown]} Pair */
  /** @type {unknown[]} */
  let model = [];
  const rows = el('div', 'entries');
  const add = el('button', 'add', t('rules.add'));
  add.type = 'button';
  add.addEventListener('click', () => {
    const blank = Array.isArray(sample) ? sample.map(() => 0) : typeof sample === 'number' ? 0 : '';
    model.push(isList ? blank : ['', blank]);
    draw();
    fire(box);
    /** @type {HTMLElement | null | undefined} */ (rows.lastElementChild?.querySelector('input, select'))?.focus();
  });
  box.append(rows, add);

  // `want`: a sample of what the field holds (a number, a boolean or a text).
  /** @param {unknown} value @param {unknown} want @param {string} label @param {(v: unknown) => void} set
   * @returns {HTMLInputElement | HTMLSelectElement} */
  function leaf(value, want, label, set) {
    if (typeof want === 'number') {
      const input = numberInput(value, { whole: false, label });
      input.addEventListener('input', () => { set(input.value); });
      return input;
    }
    if (typeof want === 'boolean') {
      const input = el('input', 'switch');
      input.type = 'checkbox';
      input.checked = /** @type {boolean} */ (value);
      input.addEventListener('change', () => { set(input.checked); fire(box); });
      return input;
    }
    const choices = entryChoices(k.key);
    if (choices) {
      // A yaku or a tile by its name (an entry the list does not know stays as it is).
      const pick = el('select', 'pick');
      if (value === '' || !choices.some(([v]) => v === value)) {
        pick.append(new Option(value === '' ? t('rules.choose') : String(value), String(value)));
      }
      for (const [v, text] of choices) pick.append(new Option(text, v));
      pick.value = String(value);
      if (label) pick.setAttribute('aria-label', label);
      pick.addEventListener('change', () => { set(pick.value); fire(box); });
      return pick;
    }
    const input = el('input', 'text');
    input.type = 'text';
    input.value = String(value);
    input.placeholder = k.key.includes('yaku') || k.key === 'scoring.pao'
      ? t('rules.yaku_placeholder') : k.key.includes('dora') ? t('rules.tile_placeholder') : '';
    if (label) input.setAttribute('aria-label', label);
    input.addEventListener('input', () => { set(input.value); });
    return input;
  }

  /** @param {unknown} value @param {(v: unknown) => void} setValue */
  function valueFields(value, setValue) {
    if (Array.isArray(value)) {
      const span = el('span', 'tuple');
      value.forEach((x, j) => {
        const label = placeLabel(k.key, j);
        const field = el('label', 'field');
        if (label) field.append(el('span', 'field-label', label));
        const want = Array.isArray(sample) ? sample[j] ?? sample[0] : sample;
        field.append(leaf(x, want, label, (nv) => { value[j] = nv; setValue(value); }));
        span.append(field);
      });
      return span;
    }
    return leaf(value, sample, '', setValue);
  }

  function draw() {
    rows.replaceChildren();
    model.forEach((entry, i) => {
      const row = el('div', 'entry');
      if (isList) {
        const label = placeLabel(k.key, i);
        const field = el('label', 'field');
        if (label) field.append(el('span', 'field-label', label));
        field.append(leaf(entry, sample, label, (nv) => { model[i] = nv; }));
        row.append(field);
      } else {
        const keyInput = leaf(/** @type {Pair} */ (entry)[0], '', '', (nv) => { /** @type {Pair} */ (entry)[0] = nv; });
        keyInput.classList.add('map-key');
        row.append(keyInput, valueFields(/** @type {Pair} */ (entry)[1], (nv) => { /** @type {Pair} */ (entry)[1] = nv; }));
      }
      const remove = el('button', 'remove', '×');
      remove.type = 'button';
      remove.title = t('rules.remove');
      remove.setAttribute('aria-label', t('rules.remove'));
      remove.addEventListener('click', () => { model.splice(i, 1); draw(); fire(box); });
      row.append(remove);
      rows.append(row);
    });
  }

  // A number field's text is read back as a number.
  /** @param {unknown} x @param {unknown} want @returns {Read} */
  function readLeaf(x, want) {
    if (typeof want === 'number') {
      const text = String(x).trim();
      const n = Number(text);
      if (text === '' || !Number.isFinite(n)) return { error: t('rules.need_number') };
      return { value: n };
    }
    return { value: x };
  }

  /** @param {unknown} x @returns {Read} */
  function readValue(x) {
    if (Array.isArray(sample)) {
      const out = [];
      for (let j = 0; j < /** @type {unknown[]} */ (x).length; j++) {
        const r = readLeaf(/** @type {unknown[]} */ (x)[j], sample[j] ?? sample[0]);
        if ('error' in r) return r;
        out.push(r.value);
      }
      return { value: out };
    }
    return readLeaf(x, sample);
  }

  return {
    input: box,
    read: () => {
      if (isList) {
        const out = [];
        for (const entry of model) {
          const r = readValue(entry);
          if ('error' in r) return r;
          if (typeof r.value === 'string' && r.value.trim() === '') continue;
          out.push(typeof r.value === 'string' ? r.value.trim() : r.value);
        }
        return { value: out };
      }
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [key, value] of /** @type {Pair[]} */ (model)) {
        if (String(key).trim() === '') continue;
        const r = readValue(value);
        if ('error' in r) return r;
        out[String(key).trim()] = r.value;
      }
      return { value: out };
    },
    write: (v) => {
      model = isList ? /** @type {unknown[]} */ (structuredClone(v ?? [])) : Object.entries(/** @type {object} */ (structuredClone(v ?? {})));
      draw();
    },
  };
}

/** The control of one knob.
 * @param {Knob} k
 * @returns {Editor} */
export function editorFor(k) {
  const id = `knob-${k.key.replace(/\W/g, '-')}`;
  if (k.key === 'tiles.red' || k.key === 'tiles.gold') return suitPicker(k, id);
  if (k.kind === 'bool') {
    const input = el('input', 'switch');
    input.type = 'checkbox';
    input.setAttribute('role', 'switch');
    input.id = id;
    return { input, read: () => ({ value: input.checked }), write: (v) => { input.checked = Boolean(v); } };
  }
  if (k.kind === 'int' || k.kind === 'float') {
    const input = numberInput(k.value, { whole: k.kind === 'int' });
    input.id = id;
    return { input, read: () => readNumber(input, k.kind === 'int'), write: (v) => { input.value = String(v); } };
  }
  if (k.kind === 'choice') {
    const input = el('select');
    input.id = id;
    for (const c of k.choices) input.append(new Option(choiceLabel(k.key, c), c));
    // A Literal of numbers (hand.wildcards: 0 or 1) lists its choices as text.
    const numeric = typeof k.value === 'number' || typeof k.default === 'number';
    return {
      input,
      read: () => ({ value: numeric ? Number(input.value) : input.value }),
      write: (v) => { input.value = String(v); },
    };
  }
  if (k.kind === 'str') {
    const input = el('input');
    input.type = 'text';
    input.id = id;
    return { input, read: () => ({ value: input.value }), write: (v) => { input.value = /** @type {string} */ (v ?? ''); } };
  }
  return structEditor(k, id);
}
