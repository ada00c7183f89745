// @ts-check
// Tile ids -> names -> images. Tile ids: kind = id >> 2 below 136 (0-8 1-9m, 9-17 1-9p,
// 18-26 1-9s, 27-33 E S W N white green red); 136-139 the flowers spring..winter (140-143
// their second copies under 華8).
// Names are the engine's mpsz names: "0p" a red five, "gp" a gold five, "0z" the dot white.

import { t } from './i18n.js';

const BASE = '/static/';
// The build's version this module was loaded with (`?v=...`, added by the server): the
// images carry it too, so a browser keeps them as long as the build lasts.
const VERSION = new URL(import.meta.url).search;
const NUMBER_FILES = {
  m: ['tiles/Man1.svg', 'tiles/Man2.svg', 'tiles/Man3.svg', 'tiles/Man4.svg', 'tiles/Man5.svg',
    'tiles/Man6.svg', 'tiles/Man7.svg', 'tiles/Man8.svg', 'tiles/Man9.svg'],
  p: ['tiles/Pin1.svg', 'tiles/Pin2.svg', 'tiles/Pin3.svg', 'tiles/Pin4.svg', 'tiles/Pin5.svg',
    'tiles/Pin6.svg', 'tiles/Pin7.svg', 'tiles/Pin8.svg', 'tiles/Pin9.svg'],
  s: ['tiles/Sou1.svg', 'tiles/Sou2.svg', 'tiles/Sou3.svg', 'tiles/Sou4.svg', 'tiles/Sou5.svg',
    'tiles/Sou6.svg', 'tiles/Sou7.svg', 'tiles/Sou8.svg', 'tiles/Sou9.svg'],
};
const RED_FILES = { m: 'tiles/Man5-Dora.svg', p: 'tiles/Pin5-Dora.svg', s: 'tiles/Sou5-Dora.svg' };
const HONOR_FILES = ['tiles/Ton.svg', 'tiles/Nan.svg', 'tiles/Shaa.svg', 'tiles/Pei.svg',
  'tiles/Haku.svg', 'tiles/Hatsu.svg', 'tiles/Chun.svg'];
const FLOWER_FILES = ['tiles/flowers/Season1.svg', 'tiles/flowers/Season2.svg',
  'tiles/flowers/Season3.svg', 'tiles/flowers/Season4.svg'];
export const BACK_FILE = 'tiles/Back.svg';
export const FRONT_FILE = 'tiles/Front.svg';

const SUITS = 'mps';
const RIICHI_RED = new Set([16, 52, 88]);
/** @type {Record<number, string> | null} */
let names = null; // {id: name} of the table's preset, from /api/presets/{name}

/** @param {Record<number, string> | null} map */
export function setTileNames(map) { names = map; }

/** @param {number} id @returns {string} */
export function tileName(id) {
  if (names && names[id] !== undefined) return names[id];
  if (id >= 136) return `${((id - 136) % 4) + 1}f`;
  const kind = id >> 2;
  if (kind >= 27) return `${kind - 26}z`;
  const digit = RIICHI_RED.has(id) ? 0 : (kind % 9) + 1;
  return `${digit}${SUITS[Math.floor(kind / 9)]}`;
}

/** The kind of a tile name, for matching copies: "0p" and "5p" are both kind "5p".
 * @param {string} name */
export function kindOf(name) {
  const d = name[0] === '0' || name[0] === 'g' ? '5' : name[0];
  return d + name[1];
}

/** {file, variant} of a tile name.
 * @param {string} name */
export function tileImage(name) {
  const d = name[0];
  const suit = name[1];
  if (suit === 'f') return { file: FLOWER_FILES[Number(d) - 1], variant: 'flower' };
  if (suit === 'z') {
    if (d === '0') return { file: HONOR_FILES[4], variant: 'dot' };
    return { file: HONOR_FILES[Number(d) - 1], variant: '' };
  }
  const s = /** @type {'m' | 'p' | 's'} */ (suit);
  if (d === '0') return { file: RED_FILES[s], variant: 'red' };
  if (d === 'g') return { file: RED_FILES[s], variant: 'gold' };
  return { file: NUMBER_FILES[s][Number(d) - 1], variant: '' };
}

/** A tile's name for people ("5筒", "赤5筒", "白" / "5pin", "red 5pin", "White").
 * @param {string} name */
export function tileLabel(name) {
  const d = name[0];
  const suit = name[1];
  if (suit === 'f') return t(`tiles.flower.${d}`);
  if (suit === 'z') return d === '0' ? t('tiles.dot_white') : t(`tiles.honor.${d}`);
  const word = { m: 'tiles.man', p: 'tiles.pin', s: 'tiles.sou' }[/** @type {'m' | 'p' | 's'} */ (suit)];
  if (d === '0') return t('tiles.red', { name: t(word, { n: 5 }) });
  if (d === 'g') return t('tiles.gold', { name: t(word, { n: 5 }) });
  return t(word, { n: d });
}

/** A tile element: an id (number), a name (string) or null (face down).
 * @param {number | string | null | undefined} tile
 * @param {{ sideways?: boolean, small?: boolean, extra?: string }} [opts] */
export function tileEl(tile, { sideways = false, small = false, extra = '' } = {}) {
  const el = document.createElement('span');
  el.className = 'tile';
  if (sideways) el.classList.add('sideways');
  if (small) el.classList.add('small');
  if (extra) el.classList.add(...extra.split(' ').filter(Boolean));
  const img = document.createElement('img');
  img.draggable = false;
  if (tile === null || tile === undefined || tile === '?') {
    el.classList.add('back');
    img.src = BASE + BACK_FILE + VERSION;
    img.alt = t('tiles.back');
  } else {
    const name = typeof tile === 'number' ? tileName(tile) : tile;
    const { file, variant } = tileImage(name);
    if (variant) el.classList.add(variant);
    img.src = BASE + file + VERSION;
    img.alt = tileLabel(name);
    el.title = tileLabel(name);
    el.dataset.name = name;
    if (typeof tile === 'number') el.dataset.id = String(tile);
  }
  el.append(img);
  return el;
}
