// @ts-check
// /calc: the hand calculator on its own, under a preset chosen from the list (remembered).

import { mountCalculator } from './calc.js';
import { api, applyI18n, lang, onLangChange, registerServiceWorker, t } from './scorekit.js';

registerServiceWorker();
applyI18n(document);
const select = /** @type {HTMLSelectElement} */ (document.getElementById('rules'));
const box = /** @type {HTMLElement} */ (document.getElementById('calc'));

async function main() {
  /** @type {import('./types').PresetTitle[]} */
  const presets = await api('/api/presets');
  const wanted = new URLSearchParams(location.search).get('rules') ?? localStorage.getItem('jantaku.calc.rules') ?? 'riichi';
  for (const p of presets) {
    const o = document.createElement('option');
    o.value = p.name;
    o.textContent = lang() === 'en' ? p.title : `${p.title_ja} (${p.name})`;
    o.selected = p.name === wanted;
    select.append(o);
  }
  const mount = () => mountCalculator(box, { rules: select.value });
  select.addEventListener('change', () => {
    try { localStorage.setItem('jantaku.calc.rules', select.value); } catch { /* not kept */ }
    mount();
  });
  onLangChange(() => mount());
  await mount();
  document.body.dataset.ready = '1';
}

// Offline (or the server away) the calculator cannot score: said so, in the page's language.
main().catch((e) => { box.textContent = e instanceof TypeError || !navigator.onLine ? t('calc.offline') : e.message; });
