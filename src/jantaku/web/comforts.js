// @ts-check
// The small comforts of the table page, each behind one setting remembered by the browser:
// a sound on your turn and on calls (off by default), a per-turn timer (none by default: the
// table waits for you), the waits and furiten of your hand when it is tenpai (on), and as at
// Tenhou and 雀魂: the drawn tile discarded by itself after riichi (自動ツモ切り, on), calls
// let pass by themselves (鳴きなし, off), and wins taken by themselves (自動和了, off).
import { el } from './dom.js';
import { t } from './i18n.js';

const KEY = 'jantaku.table';
const DEFAULTS = {
  sound: false, timer: 0, waits: true, autoTsumogiri: true, noCalls: false, autoWin: false,
};

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return { ...DEFAULTS, ...(v && typeof v === 'object' ? v : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

export const settings = load();

function save() {
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* kept for this page */ }
}

// -- sound ----------------------------------------------------------------------------------------

/** @type {AudioContext | null} */
let audio = null;

/** A short tone: 'turn' (one high note) or 'call' (two notes). Nothing unless switched on.
 * @param {'turn' | 'call'} kind */
export function chime(kind) {
  if (!settings.sound) return;
  try {
    audio ??= new AudioContext();
    const notes = kind === 'call' ? [660, 990] : [880];
    notes.forEach((freq, i) => {
      const ac = /** @type {AudioContext} */ (audio);
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      const at = ac.currentTime + i * 0.12;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
      osc.connect(gain).connect(ac.destination);
      osc.start(at);
      osc.stop(at + 0.12);
    });
  } catch { /* no audio on this browser */ }
}

// -- the per-turn timer -----------------------------------------------------------------------------

/** @type {number | null} */
let timer = null;

/** Count down settings.timer seconds in `box`, then call `expire()`; none when it is 0.
 * @param {HTMLElement} box
 * @param {() => void} expire */
export function startTimer(box, expire) {
  stopTimer();
  if (!settings.timer || settings.timer <= 0) return;
  let left = settings.timer;
  const show = el('span', 'turn-timer');
  show.setAttribute('role', 'timer');
  box.append(show);
  const tick = () => {
    show.textContent = t('table.seconds_left', { count: left });
    show.classList.toggle('urgent', left <= 3);
    if (left <= 0) { stopTimer(); expire(); return; }
    left -= 1;
    timer = setTimeout(tick, 1000);
  };
  tick();
}

/** Whether a turn's timer is counting now. */
export function timerRunning() {
  return timer !== null;
}

export function stopTimer() {
  clearTimeout(/** @type {number} */ (timer));
  timer = null;
  for (const e of document.querySelectorAll('.turn-timer')) e.remove();
}

// -- the settings panel ---------------------------------------------------------------------------

/** A switch of the panel for the boolean setting `name`.
 * @param {string} name
 * @param {string} id
 * @param {() => void} changed */
function settingSwitch(name, id, changed) {
  const input = el('input', 'switch');
  input.type = 'checkbox';
  input.id = id;
  input.setAttribute('role', 'switch');
  input.checked = settings[name];
  input.addEventListener('change', () => { settings[name] = input.checked; save(); changed(); });
  return input;
}

/** The panel of the settings; `changed()` is called after each change. */
export function settingsPanel(changed = () => {}) {
  const box = el('details', 'settings');
  box.id = 'settings';
  box.append(el('summary', '', `⚙ ${t('table.settings')}`));
  const sound = el('input', 'switch');
  sound.type = 'checkbox';
  sound.id = 'setting-sound';
  sound.setAttribute('role', 'switch');
  sound.checked = settings.sound;
  sound.addEventListener('change', () => {
    settings.sound = sound.checked;
    save();
    chime('turn');
    changed();
  });
  const waits = el('input', 'switch');
  waits.type = 'checkbox';
  waits.id = 'setting-waits';
  waits.setAttribute('role', 'switch');
  waits.checked = settings.waits;
  waits.addEventListener('change', () => { settings.waits = waits.checked; save(); changed(); });
  const seconds = el('select');
  seconds.id = 'setting-timer';
  for (const s of [0, 5, 10, 15, 20, 30]) {
    seconds.append(new Option(s ? t('table.timer_seconds', { count: s }) : t('table.timer_off'), String(s)));
  }
  seconds.value = String(settings.timer);
  seconds.addEventListener('change', () => { settings.timer = Number(seconds.value); save(); changed(); });
  const panel = el('div', 'panel');
  /** @type {[HTMLInputElement | HTMLSelectElement, string][]} */
  const rows = [
    [sound, 'table.sound'], [waits, 'table.show_waits'], [seconds, 'table.timer'],
    [settingSwitch('autoTsumogiri', 'setting-auto-tsumogiri', changed), 'table.auto_tsumogiri'],
    [settingSwitch('noCalls', 'setting-no-calls', changed), 'table.no_calls'],
    [settingSwitch('autoWin', 'setting-auto-win', changed), 'table.auto_win'],
  ];
  for (const [input, key] of rows) {
    const label = el('label', 'setting');
    label.htmlFor = input.id;
    label.append(el('span', '', t(key)), input);
    panel.append(label);
  }
  box.append(panel);
  return box;
}
